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

  TEST_CASE(
      "rung derived dates: a duration between two times the answer shows") {
    // The lunch runs 12:30 to 13:30 and the sync ends at 11:00, all read:
    // "01:30" until lunch is 12:30 - 11:00, "01:00" its length.
    EvidenceCorpus corpus = OneResultCorpus(
        "How much time do I have until lunch? Give it as HH:MM.",
        "get_day_calendar_events",
        R"([{"title": "Team Sync", "end_time": "2024-05-15 11:00:00"},
            {"title": "Lunch", "start_time": "2024-05-15 12:30:00",
             "end_time": "2024-05-15 13:30:00"}])");
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"Your sync ends at 11:00 and lunch is 12:30 to 13:30: you have "
          "01:30 until lunch.",
          "01:30", kGrounded, kDerivedDifference, "12:30 - 11:00"},
         {"You have 1 hour (01:00) for lunch, from 12:30 to 13:30.", "01:00",
          kGrounded, kDerivedDifference, "13:30 - 12:30"},
         // A planted wrong duration between the same times.
         {"Your sync ends at 11:00 and lunch is 12:30 to 13:30: you have "
          "01:45 until lunch.",
          "01:45", kUnsupported, kNone, ""},
         // A clock time in a schedule is no span of time: a planted
         // departure that happens to be the difference of two others.
         {"- Departure: 11:00\n- Arrival: 13:30\n- Departure: 02:30", "02:30",
          kUnsupported, kNone, ""},
         // Times the answer does not show are no operands: 12:30 - 11:00
         // is carried, but the answer shows only 13:30.
         {"You have 01:30 until lunch, which ends at 13:30.", "01:30",
          kUnsupported, kNone, ""},
         // A clock reading with AM/PM is a time of day, never a duration.
         {"Lunch is 12:30 to 13:30, so 1:00 AM.", "1:00 AM", kUnsupported,
          kNone, ""}},
        "call_1");
  }

  TEST_CASE("rung derived dates: how long one listed item lasts") {
    // The lunch is one item of a text result, 12:30 to 13:30; the answer
    // shows neither time. "01:00" until lunch is its length, read; a
    // planted 02:00 is not, nor a difference across two items (13:30 -
    // 11:00), nor a time on a line that tells no span.
    EvidenceCorpus corpus = OneResultCorpus(
        "How much time do I have for my lunch? Give it as HH:MM.",
        "search_calendar_events",
        "- end_time: 2024-05-15 11:00:00\n  start_time: 2024-05-15 "
        "10:30:00\n  title: Sync\n- end_time: 2024-05-15 13:30:00\n"
        "  id_: '9'\n  start_time: 2024-05-15 12:30:00\n"
        "  title: Lunch with Sarah",
        "call_1");
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"You have **01:00** left until your lunch with Sarah.",
                       "01:00", kGrounded, kDerivedDifference, "13:30 - 12:30"},
                      {"You have **02:00** left until your lunch with Sarah.",
                       "02:00", kUnsupported, kNone, ""},
                      {"You have **02:30** left until your lunch with Sarah.",
                       "02:30", kUnsupported, kNone, ""},
                      {"Your lunch is at 01:00, with Sarah.", "01:00",
                       kUnsupported, kNone, ""}},
                     "call_1");
  }

  TEST_CASE("rung derived dates: a schedule is no item that lasts") {
    // One object of five times is a day's schedule: its differences are
    // no one thing's length, so a duration is not read from them.
    CheckJudgedOverResult(
        R"([{"day": "Mon", "a": "08:00", "b": "09:00", "c": "10:30",
             "d": "12:00", "e": "13:15"},
            {"day": "Tue", "a": "08:00", "b": "08:45"}])",
        {{"The meeting lasts 01:00 hours.", "01:00", kUnsupported, kNone, ""},
         {"The meeting lasts 00:45 hours.", "00:45", kGrounded,
          kDerivedDifference, "08:45 - 08:00"}});
  }

  TEST_CASE("rung derived dates: a day named with its weekday, completed") {
    // Mail of 2024-05-13 says "Saturday 18th": May 18, 2024 is a Saturday,
    // so "May 18th" is that day; May 19 is not what it named, and June 18,
    // 2024 (the month after the one carried) is a Tuesday.
    EvidenceCorpus corpus = OneResultCorpus(
        "When is the hiking trip?", "search_emails",
        "- body: 'Let''s meet at the island trailhead at 8 AM on Saturday "
        "18th.'\n  timestamp: 2024-05-13 17:00:00",
        "c1");
    CHECK(corpus.Lookup("@wdd:6-18").carried);
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"The hike is on Saturday, May 18th.", "May 18th",
                       kGrounded, kDerivedDate, "Saturday 18 in 2024-05"},
                      {"The hike is on May 18, 2024.", "May 18, 2024",
                       kGrounded, kDerivedDate, "Saturday 18 in 2024-05"},
                      {"The hike is on Saturday, May 19th.", "May 19th",
                       kUnsupported, kNone, ""},
                      {"The hike is on June 18th, 2024.", "June 18th, 2024",
                       kUnsupported, kNone, ""},
                      // A year in which May 18 is no Saturday.
                      {"The hike is on May 18, 2025.", "May 18, 2025",
                       kUnsupported, kNone, ""}},
                     "c1");
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
