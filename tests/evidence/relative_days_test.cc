// tests/evidence/relative_days_test.cc — the day shifts a user's words ask for,
// and the dates the judge reads as moved by them (derived_date).
//
// Its one job: pin evidence::DayShiftsNamed phrase by phrase (and the
// phrases that name no shift), then, through Gate::Judge, a date moved by
// a shift the user asked for, beside the planted dates that stay
// unsupported.
#include "evidence/relative_days.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "evidence/corpus_internal.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/default_gate.h"
#include "tests/support/cases.h"
#include "tests/support/judged_cases.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;
using groundgate_test::ForEachCase;
using groundgate_test::OneResultCorpus;

using evidence::DayShifts;
using evidence::DayShiftsNamed;

// "+1" for one day later, "-1" for one day earlier, in that order by count.
std::vector<int> Counts(DayShifts shifts) {
  std::vector<int> counts;
  for (int n = 1; n <= evidence::kMaxDayShift; ++n) {
    if (shifts.Later(n)) counts.push_back(n);
    if (shifts.Earlier(n)) counts.push_back(-n);
  }
  return counts;
}

TEST_CASE(
    "relative days: the phrases that move a date, and those that do not") {
  struct Case {
    std::string_view text;
    std::vector<int> counts;
  };
  const Case cases[] = {
      // tau-bench airline (credited in tests/fixtures/README.md).
      {"I want to change my outgoing flight to a nonstop one, and shift it "
       "to the next day.",
       {1}},
      {"delay it by one day. Additionally, move my return flight back by one "
       "day.",
       {1, -1}},
      {"my original flight is on the 5th. I want to move it to the "
       "following day, the 6th.",
       {1}},
      {"move the date to one day later than originally planned", {1}},
      {"Can I fly a day later?", {1}},
      {"Could it be the day before?", {-1}},
      {"the previous day works", {-1}},
      {"Book it for tomorrow.", {1}},
      {"Book it for TOMORROW.", {1}},
      {"NEXT WEEK", {7}},
      {"It was YESTERDAY.", {-1}},
      {"the day after tomorrow", {2}},
      {"the day before yesterday", {-2}},
      {"3 days later", {3}},
      {"push it by two days", {2, -2}},
      {"ten days earlier", {-10}},
      {"a week later, or 2 days sooner", {-2, 7}},
      {"next week", {7}},
      {"two weeks later", {14}},
      // No shift: a day named, not moved.
      {"I fly on the 5th.", {}},
      {"What a day!", {}},
      {"It takes 3 days.", {}},
      {"every day after work", {}},
      {"15 days later", {}},  // beyond kMaxDayShift
      {"", {}},
  };
  ForEachCase(cases, [&](const Case& c) {
    CHECK(Counts(DayShiftsNamed(c.text)) == c.counts);
  });
}

TEST_CASE("relative days: the days of the month a user names alone") {
  using evidence::DaysOfMonthNamed;
  CHECK(DaysOfMonthNamed("my original flight is on the 5th. I want to move "
                         "it to the next day, the 6th.") ==
        ((1u << 5) | (1u << 6)));
  CHECK(DaysOfMonthNamed("On The 1st and the 22nd and the 23rd") ==
        ((1u << 1) | (1u << 22) | (1u << 23)));
  CHECK(DaysOfMonthNamed("the 31st") == (1u << 31));
  CHECK(DaysOfMonthNamed("THE 5TH, the 2Nd") == ((1u << 5) | (1u << 2)));
  // Not a day: no "the", no ordinal, out of range, a count.
  CHECK(DaysOfMonthNamed("on 5th avenue") == 0);
  CHECK(DaysOfMonthNamed("the 5 of us") == 0);
  CHECK(DaysOfMonthNamed("the 32nd the 0th the 100th") == 0);
  CHECK(DaysOfMonthNamed("the fifth") == 0);
  CHECK(DaysOfMonthNamed("") == 0);
}

// A user's `question`, then a reservation of one flight on 2024-05-18: the
// date the question's words move.
EvidenceCorpus OneFlightAfter(std::string_view question) {
  return OneResultCorpus(question, "get_reservation_details",
                         R"({"flights": [{"date": "2024-05-18"}]})");
}

// The one candidate of the answer's verdict, by value.
Candidate Only(std::string_view answer, const EvidenceCorpus& corpus) {
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  REQUIRE(verdict.candidates.size() == 1);
  return verdict.candidates[0];
}

TEST_CASE("relative days: a date moved by the day the user asked for is read") {
  EvidenceCorpus corpus;
  corpus.RecordExempt("The current time is 2024-05-15 15:00:00 EST.");
  corpus.RecordUserMessage("Shift my outgoing flight to the next day.");
  corpus.RecordToolResult(
      "call_1", "get_reservation_details",
      R"({"reservation_id": "HXDUBJ", "flights": [{"date": "2024-05-18"}]})");

  const Candidate next = Only("Flying on 2024-05-19.", corpus);
  CHECK(next.status == CandidateStatus::kGrounded);
  CHECK(next.reason == MatchReason::kDerivedDate);
  CHECK(next.derivation == "2024-05-18 + 1 day");
  REQUIRE(next.carriers.size() == 1);
  CHECK(next.carriers[0] == "call_1");

  // The other way is not what the user asked for ("the next day").
  const Candidate before = Only("Flying on May 17, 2024.", corpus);
  CHECK(before.status == CandidateStatus::kUnsupported);
  // "The day before" asks for it.
  const EvidenceCorpus earlier =
      OneFlightAfter("Can I fly the day before instead?");
  const Candidate day_before = Only("Flying on May 17, 2024.", earlier);
  CHECK(day_before.status == CandidateStatus::kGrounded);
  CHECK(day_before.derivation == "2024-05-18 - 1 day");

  // Without a year: a month and day moved.
  const Candidate no_year = Only("Flying on May 19th.", corpus);
  CHECK(no_year.status == CandidateStatus::kGrounded);
  CHECK(no_year.reason == MatchReason::kDerivedDate);

  // Two days is not what the user asked for.
  const Candidate two = Only("Flying on 2024-05-20.", corpus);
  CHECK(two.status == CandidateStatus::kUnsupported);

  // From the supplied current date: "tomorrow" is exempt, not read.
  EvidenceCorpus today;
  today.RecordExempt("The current time is 2024-05-15 15:00:00 EST.");
  today.RecordUserMessage("Book me a flight for tomorrow.");
  const Candidate tomorrow = Only("You fly on May 16, 2024.", today);
  CHECK(tomorrow.status == CandidateStatus::kExempt);
  CHECK(tomorrow.reason == MatchReason::kDerivedDate);
}

TEST_CASE("relative days: a day the user named alone takes the month named") {
  // tau-bench t23 (credited in tests/fixtures/README.md): "my original
  // flight is on the 5th ... the 6th", answered "flights to SFO on May 6th".
  EvidenceCorpus corpus;
  corpus.RecordExempt("The current time is 2024-05-01 15:00:00 EST.");
  corpus.RecordUserMessage(
      "My original flight is on the 5th. I want to move it to the 6th.");
  corpus.RecordToolResult("call_1", "search_direct_flight",
                          R"([{"flight_number": "HAT072"}])");
  const Candidate month_day = Only("Flights to SFO on May 6th.", corpus);
  CHECK(month_day.status == CandidateStatus::kExempt);
  CHECK(month_day.reason == MatchReason::kRespelledDate);
  const Candidate full = Only("Flights to SFO on 2024-05-06.", corpus);
  CHECK(full.status == CandidateStatus::kExempt);
  // A day the user did not name, a month no one named, a year no one
  // named: typed.
  CHECK(Only("Flights to SFO on May 7th.", corpus).status ==
        CandidateStatus::kUnsupported);
  CHECK(Only("Flights to SFO on June 6th.", corpus).status ==
        CandidateStatus::kUnsupported);
  CHECK(Only("Flights to SFO on 2023-05-06.", corpus).status ==
        CandidateStatus::kUnsupported);
}

TEST_CASE("relative days: without the user's words a moved date is typed") {
  const EvidenceCorpus corpus =
      OneFlightAfter("Change my outgoing flight to a nonstop one.");
  const Candidate moved = Only("Flying on 2024-05-19.", corpus);
  CHECK(moved.status == CandidateStatus::kUnsupported);
  // The near miss still says where the closest date was read.
  CHECK(moved.near_miss_carrier == "call_1");
  // The model's own words never ask for a shift (law 3): an assistant
  // message is not recorded as exempt text.
  CHECK(CorpusInternals::day_shifts(corpus).empty());
}

}  // namespace
}  // namespace groundgate
