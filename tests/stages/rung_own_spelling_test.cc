// tests/stages/rung_own_spelling_test.cc — rung 1 (stages/rung_own_spelling.cc):
// the value's own canonical form, carried by a result.
//
// Its one job: pin, through Gate::Judge and the rung's entry point, the
// reasons the rung gives (exact, canonical, respelled_number) and, beside
// each value it grounds, a planted value one character away that it must
// still flag.
//
// What it does NOT do: pin the other keys a value is met through
// (rung_respellings_test.cc) or what the user supplied
// (rung_exempt_test.cc).
#include "stages/rung_own_spelling.h"

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
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

constexpr std::string_view kTicket =
    R"({"ticket": "CHG0031337", "errors": 41200, "budget": 1200000,
        "opened": "2024-05-22"})";

TEST_SUITE("rung_own_spelling") {
  TEST_CASE("rung own spelling: grounds the carried value, flags the planted") {
    const Case cases[] = {
        // Spelled as the result spelled it.
        {"Ticket CHG0031337 is open.", "CHG0031337", CandidateStatus::kGrounded,
         MatchReason::kExact},
        {"Ticket CHG0031338 is open.", "CHG0031338",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // One canonical form joins two spellings (law 1).
        {"We logged 41,200 errors.", "41,200", CandidateStatus::kGrounded,
         MatchReason::kCanonical},
        {"We logged 41,300 errors.", "41,300", CandidateStatus::kUnsupported,
         MatchReason::kNone},
        // A number as people write it, whose value was carried.
        {"The budget is $1.2M this year.", "1.2M", CandidateStatus::kGrounded,
         MatchReason::kRespelledNumber},
        {"The budget is $1.4M this year.", "1.4M",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A date spelled as the result spelled it.
        {"It was opened on 2024-05-22.", "2024-05-22",
         CandidateStatus::kGrounded, MatchReason::kExact},
        {"It was opened on 2024-05-29.", "2024-05-29",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("What is the state of my ticket?");
      corpus.RecordToolResult("call_1", "get_ticket", kTicket);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung own spelling: a number in words a text result wrote alike") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("How many visitors came?");
    corpus.RecordToolResult("call_1", "search",
                            "The museum counted forty-one thousand visitors.");
    const std::string_view read = "About forty-one thousand visitors came.";
    const Verdict grounded = DefaultGate().Judge(read, corpus);
    REQUIRE(grounded.candidates.size() == 1);
    CHECK(grounded.candidates[0].status == CandidateStatus::kGrounded);
    CHECK(grounded.candidates[0].reason == MatchReason::kCanonical);
    const std::string_view planted = "About forty-two thousand visitors came.";
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    REQUIRE(flagged.candidates.size() == 1);
    CHECK(flagged.candidates[0].status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung own spelling: the entry point grounds only its own key") {
    absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
        evidence::Extractor::Create({});
    REQUIRE(extractor.ok());
    const GateOptions options;
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_ticket", kTicket);
    stages::JudgeContext context("CHG0031337 CHG0031338", corpus, **extractor,
                                 options, /*read_names=*/true,
                                 /*read_number_words=*/false);
    Candidate* read = context.NewCandidate("chg0031337");
    REQUIRE(read != nullptr);
    read->canonical = "chg0031337";
    CHECK(stages::GroundBySpelling(context, "chg0031337", /*respelled=*/false,
                                   read));
    CHECK(read->status == CandidateStatus::kGrounded);
    CHECK(read->reason == MatchReason::kExact);
    Candidate* planted = context.NewCandidate("chg0031338");
    REQUIRE(planted != nullptr);
    CHECK_FALSE(stages::GroundBySpelling(context, "chg0031338",
                                         /*respelled=*/false, planted));
    CHECK(planted->status == CandidateStatus::kUnsupported);
    CHECK(planted->reason == MatchReason::kNone);
  }
}

}  // namespace
}  // namespace groundgate
