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
#include <string>
#include <string_view>
#include <utility>

#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

constexpr std::string_view kReservation =
    R"({"reservation_id": "HXDUBJ", "flights": [{"date": "2024-05-18"}]})";

TEST_SUITE("rung_derived_dates") {
  TEST_CASE("rung derived dates: the day asked for is read, another is not") {
    EvidenceCorpus corpus =
        OneResultCorpus("Move my flight two days later, please.",
                        "get_reservation_details", kReservation);
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"You now fly on 2024-05-20.", "2024-05-20", kGrounded, kDerivedDate,
          "2024-05-18 + 2 days"},
         {"You now fly on 2024-05-21.", "2024-05-21", kUnsupported, kNone, ""}},
        "call_1");
  }

  TEST_CASE("rung derived dates: a supplied date moved is exempt, not read") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("I fly on 2024-06-10; make it the day before.");
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"You now fly on June 9, 2024.", "June 9, 2024", kExempt, kDerivedDate,
          "2024-06-10 - 1 day"},
         {"You now fly on June 8, 2024.", "June 8, 2024", kUnsupported}});
  }

  TEST_CASE("rung derived dates: the entry point moves only as asked") {
    EvidenceCorpus corpus = OneResultCorpus(
        "Shift it to the next day.", "get_reservation_details", kReservation);
    const std::string_view answer = "2024-05-19 2024-05-17";
    stages::JudgeContext context = ContextFor(answer, corpus);
    // The date spanning `span` of the answer, and a new candidate for it.
    auto date_at = [&](evidence::TokenSpan span, const std::string& key) {
      const std::optional<evidence::DateTimeValue> date =
          evidence::MatchDateTime(answer, span);
      REQUIRE(date.has_value());
      Candidate* candidate = context.NewCandidate(key);
      REQUIRE(candidate != nullptr);
      return std::pair{*date, candidate};
    };
    const auto [next, read] = date_at({0, 10}, "next");
    CHECK(stages::GroundByDayShift(context, next, read));
    CHECK(read->derivation == "2024-05-18 + 1 day");
    const auto [before, planted] = date_at({11, 21}, "before");
    CHECK_FALSE(stages::GroundByDayShift(context, before, planted));
    CHECK(planted->status == kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
