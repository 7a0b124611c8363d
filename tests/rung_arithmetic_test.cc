// tests/rung_arithmetic_test.cc — rung 5 (stages/rung_arithmetic.cc):
// bounded arithmetic over carried numbers.
//
// Its one job: pin that a value computed from numbers the answer shows (or,
// on a line that says it was computed, from any of this turn's numbers) is
// grounded with its derived_* reason and how ("136 + 109"), and that a
// wrong result beside it, or any result with arithmetic switched off, is
// still flagged.
//
// What it does NOT do: pin evidence::NumericIndex::FindDerivation's search
// (numeric_index_test.cc) or the accidental-derivation rate (scripts/quality).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;

// The candidate whose span text is `text`, or nullptr.
const Candidate* AtText(const Verdict& verdict, std::string_view answer,
                        std::string_view text) {
  for (const Candidate& c : verdict.candidates) {
    if (answer.substr(c.start, c.end - c.start) == text) return &c;
  }
  return nullptr;
}

constexpr std::string_view kPrices =
    R"({"fare": 136, "bags": 109, "seat": 282, "meal": 177})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
  std::string_view derivation;
};

EvidenceCorpus PricesCorpus() {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("What do I owe?");
  corpus.RecordToolResult("call_1", "get_prices", kPrices);
  return corpus;
}

TEST_SUITE("rung_arithmetic") {
  TEST_CASE(
      "rung arithmetic: a value computed from shown numbers, not a typo") {
    const Case cases[] = {
        {"Fare $136 plus bags $109: $245.", "245", CandidateStatus::kGrounded,
         MatchReason::kDerivedSum, "109 + 136"},
        {"Fare $136 plus bags $109: $246.", "246",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        {"The seat at $282 less the meal at $177 leaves $105.", "105",
         CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "282 - 177"},
        {"The seat at $282 less the meal at $177 leaves $115.", "115",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // A derived value is an operand of the next: $105 + $136 = $241.
        {"$282 - $177 = $105, and $105 + $136 = $241.", "241",
         CandidateStatus::kGrounded, MatchReason::kDerivedSum, "105 + 136"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const EvidenceCorpus corpus = PricesCorpus();
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      CHECK(candidate->derivation == c.derivation);
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung arithmetic: a line that says total may use unshown numbers") {
    const EvidenceCorpus corpus = PricesCorpus();
    const std::string_view total = "Total: $245.";
    const Verdict grounded = DefaultGate().Judge(total, corpus);
    const Candidate* sum = AtText(grounded, total, "245");
    REQUIRE(sum != nullptr);
    CHECK(sum->status == CandidateStatus::kGrounded);
    CHECK(sum->reason == MatchReason::kDerivedSum);
    // Without the cue, an unshown sum is a typed number.
    const std::string_view bare = "You owe $245.";
    const Verdict flagged = DefaultGate().Judge(bare, corpus);
    const Candidate* planted = AtText(flagged, bare, "245");
    REQUIRE(planted != nullptr);
    CHECK(planted->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung arithmetic: switched off, a computed value is flagged") {
    absl::StatusOr<Gate> gate = Gate::Create({.arithmetic = false});
    REQUIRE(gate.ok());
    const EvidenceCorpus corpus = PricesCorpus();
    const std::string_view answer = "Fare $136 plus bags $109: $245.";
    const Verdict verdict = gate->Judge(answer, corpus);
    const Candidate* sum = AtText(verdict, answer, "245");
    REQUIRE(sum != nullptr);
    CHECK(sum->status == CandidateStatus::kUnsupported);
    const Candidate* fare = AtText(verdict, answer, "136");
    REQUIRE(fare != nullptr);
    CHECK(fare->status == CandidateStatus::kGrounded);
  }
}

}  // namespace
}  // namespace groundgate
