// tests/stages/rung_near_misses_test.cc — the foot of the ladder
// (stages/rung_near_misses.cc): for an unsupported value, the carried value
// one step away.
//
// Its one job: pin the near miss of each kind of value (a digit replaced, two
// digits swapped, a date one day off, one word of a name swapped) with the
// result that carried it, and that a value nothing is close to names none.
//
// What it does NOT do: change any status: every value here stays
// unsupported. The JSON form of a near miss is pinned in
// respellings_test.cc.
#include "stages/rung_near_misses.h"

#include <doctest/doctest.h>

#include <memory>
#include <string_view>

#include "evidence/extractor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

struct Case {
  std::string_view answer;
  std::string_view value;      // the span of the value in the answer
  std::string_view near_miss;  // "" when none is close
};

TEST_SUITE("rung_near_misses") {
  TEST_CASE("rung near misses: the carried value one step away, or none") {
    const Case cases[] = {
        {"Order ORD-55821 shipped.", "ORD-55821", "ord-55812"},
        {"Order ORD-55813 shipped.", "ORD-55813", "ord-55812"},
        {"Order ORD-91234 shipped.", "ORD-91234", ""},
        {"It ships on 2024-07-09.", "2024-07-09", "2024-07-08"},
        {"It ships on 2024-07-19.", "2024-07-19", ""},
        {"The buyer is Beatrix Okonkwo.", "Beatrix Okonkwo", "beatrix"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Where is my order?");
      corpus.RecordToolResult("call_1", "get_order",
                              R"({"order": "ORD-55812", "ships": "2024-07-08",
              "first_name": "Beatrix", "last_name": "Okafor"})");
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(candidate->status == CandidateStatus::kUnsupported);
      CHECK(candidate->near_miss == c.near_miss);
      CHECK(candidate->near_miss_carrier ==
            (c.near_miss.empty() ? "" : "call_1"));
    }
  }

  TEST_CASE("rung near misses: a value that is not unsupported names none") {
    absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
        evidence::Extractor::Create({});
    REQUIRE(extractor.ok());
    const GateOptions options;
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_order", R"({"order": "ORD-55812"})");
    stages::JudgeContext context("ORD-55821", corpus, **extractor, options,
                                 /*read_names=*/true,
                                 /*read_number_words=*/false);
    Candidate* exempt = context.NewCandidate("ord-55821");
    REQUIRE(exempt != nullptr);
    context.MarkExempt(MatchReason::kExact, exempt);
    stages::NameOneStepNearMiss(context, "ord-55821", exempt);
    CHECK(exempt->near_miss.empty());
    Candidate* typed = context.NewCandidate("ord-55822");
    REQUIRE(typed != nullptr);
    context.MarkNotFound(typed);
    stages::NameOneStepNearMiss(context, "ord-55822", typed);
    CHECK(typed->near_miss == "ord-55812");
    CHECK(typed->near_miss_carrier == "call_1");
  }
}

}  // namespace
}  // namespace groundgate
