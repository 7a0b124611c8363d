// tests/stages/rung_derived_dates_test.cc — rung 5 of the date ladder
// (stages/rung_derived_dates.cc): a date moved by the days the user asked
// for.
//
// Its one job: pin, through Gate::Judge and the rung's entry point, that a
// carried date moved by the days the user asked for is grounded
// (derived_date, "2024-05-18 + 1 day"), a supplied one exempt, and that a
// date moved by days nobody asked for is still flagged.
//
// What it does NOT do: pin how the user's words are read
// (relative_days_test.cc).
#include "stages/rung_derived_dates.h"

#include <doctest/doctest.h>

#include <optional>
#include <string_view>

#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/default_gate.h"
#include "tests/support/ladder.h"

namespace groundgate {
namespace {

using groundgate_test::ContextFor;
using groundgate_test::DefaultGate;
using enum CandidateStatus;
using enum MatchReason;

constexpr std::string_view kReservation =
    R"({"reservation_id": "HXDUBJ", "flights": [{"date": "2024-05-18"}]})";

// The only candidate of the answer's verdict.
Candidate Only(std::string_view answer, const EvidenceCorpus& corpus) {
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  REQUIRE(verdict.candidates.size() == 1);
  return verdict.candidates[0];
}

TEST_SUITE("rung_derived_dates") {
  TEST_CASE("rung derived dates: the day asked for is read, another is not") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Move my flight two days later, please.");
    corpus.RecordToolResult("call_1", "get_reservation_details", kReservation);
    const Candidate moved = Only("You now fly on 2024-05-20.", corpus);
    CHECK(moved.status == kGrounded);
    CHECK(moved.reason == kDerivedDate);
    CHECK(moved.derivation == "2024-05-18 + 2 days");
    REQUIRE(moved.carriers.size() == 1);
    CHECK(moved.carriers[0] == "call_1");
    const Candidate planted = Only("You now fly on 2024-05-21.", corpus);
    CHECK(planted.status == kUnsupported);
    CHECK(planted.derivation.empty());
  }

  TEST_CASE("rung derived dates: a supplied date moved is exempt, not read") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("I fly on 2024-06-10; make it the day before.");
    const Candidate moved = Only("You now fly on June 9, 2024.", corpus);
    CHECK(moved.status == kExempt);
    CHECK(moved.reason == kDerivedDate);
    CHECK(moved.derivation == "2024-06-10 - 1 day");
    const Candidate planted = Only("You now fly on June 8, 2024.", corpus);
    CHECK(planted.status == kUnsupported);
  }

  TEST_CASE("rung derived dates: the entry point moves only as asked") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Shift it to the next day.");
    corpus.RecordToolResult("call_1", "get_reservation_details", kReservation);
    const std::string_view answer = "2024-05-19 2024-05-17";
    stages::JudgeContext context = ContextFor(answer, corpus);
    const std::optional<evidence::DateTimeValue> next =
        evidence::MatchDateTime(answer, {0, 10});
    REQUIRE(next.has_value());
    Candidate* read = context.NewCandidate("next");
    REQUIRE(read != nullptr);
    CHECK(stages::GroundByDayShift(context, *next, read));
    CHECK(read->derivation == "2024-05-18 + 1 day");
    const std::optional<evidence::DateTimeValue> before =
        evidence::MatchDateTime(answer, {11, 21});
    REQUIRE(before.has_value());
    Candidate* planted = context.NewCandidate("before");
    REQUIRE(planted != nullptr);
    CHECK_FALSE(stages::GroundByDayShift(context, *before, planted));
    CHECK(planted->status == kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
