// tests/stages/rung_rounding_and_conversion_test.cc — rung 4
// (stages/rung_rounding_and_conversion.cc): a carried number shown to fewer
// places.
//
// Its one job: pin that a number this turn carried grounds its rounding at
// the precision the answer wrote (reason rounded, derivation "~ value"),
// and that a planted number beside it, a rounding the wrong way, or the
// rounding of a number only an earlier turn carried is still flagged.
//
// What it does NOT do: pin evidence::NumericIndex::FindRounded itself
// (numeric_index_test.cc).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

constexpr std::string_view kRevenue =
    R"({"revenue": 1234567, "average_fare": 1234.567})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  std::string_view derivation;
};

TEST_SUITE("rung_rounding_and_conversion") {
  TEST_CASE("rung rounding: a carried number rounded, a planted one flagged") {
    const Case cases[] = {
        {"Revenue reached $1.2M.", "1.2M", CandidateStatus::kGrounded,
         "~ 1234567"},
        {"Revenue reached $1.3M.", "1.3M", CandidateStatus::kUnsupported, ""},
        {"The average fare is $1,234.57.", "1,234.57",
         CandidateStatus::kGrounded, "~ 1234.567"},
        // Rounded the wrong way: not what the carried number shows.
        {"The average fare is $1,234.56.", "1,234.56",
         CandidateStatus::kUnsupported, ""},
        {"The average fare is $1,243.57.", "1,243.57",
         CandidateStatus::kUnsupported, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("How did we do?");
      corpus.RecordToolResult("call_1", "get_report", kRevenue);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      if (c.status == CandidateStatus::kGrounded) {
        CHECK(candidate->reason == MatchReason::kRounded);
        CHECK(candidate->derivation == c.derivation);
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung rounding: only this turn's numbers are rounded") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("How did we do?");
    corpus.RecordToolResult("call_1", "get_report", kRevenue);
    corpus.RecordUserMessage("And the fare?");
    const std::string_view answer = "The average fare is $1,234.57.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const Candidate* candidate = AtText(verdict, answer, "1,234.57");
    REQUIRE(candidate != nullptr);
    CHECK(candidate->status == CandidateStatus::kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
