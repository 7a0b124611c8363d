// tests/stages/rung_records_test.cc — law 11 (stages/rung_records.cc): a
// value is checked against the record the answer tells it of.
//
// Its one job: pin, both ways, what the binding marks misattributed — a
// value read from a sibling of the record the scope names, and a value
// told as the least or greatest of a series that is neither — with the
// Binding it gives; and beside each, the wordings it leaves alone (a scope
// naming two records, a hedge, a total, a range told from its first
// reading to its last, a field no word names, a day's extremes in another
// zone, a month as a bound), the options, and law 5.
//
// What it does NOT do: test how the status is shown (the JSON, events and
// report suites do), or the records themselves (tests/evidence/
// records_test.cc).
#include "stages/rung_records.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;

// Two flights of one search, as an airline tool returns them (the shape of
// sierra-research/tau-bench's search_direct_flight, MIT).
constexpr std::string_view kFlights = R"([
  {"flight_number": "HAT069", "origin": "JFK", "destination": "SEA",
   "scheduled_departure_time_est": "06:00:00",
   "prices": {"basic_economy": 51, "economy": 174, "business": 239}},
  {"flight_number": "HAT139", "origin": "JFK", "destination": "SEA",
   "scheduled_departure_time_est": "14:30:00",
   "prices": {"basic_economy": 87, "economy": 114, "business": 301}}])";

// Five forecasts, as a weather tool returns them (the shape of the
// openweather inputs of kasnerz/quintd, MIT).
constexpr std::string_view kForecast = R"({"city": {"name": "Snagov"},
  "list": [
  {"main": {"temp": 7.15, "pressure": 1006}, "wind": {"gust": 15.1},
   "dt_txt": "2024-01-03 20:00:00"},
  {"main": {"temp": 4.95, "pressure": 1003}, "wind": {"gust": 8.71},
   "dt_txt": "2024-01-04 08:00:00"},
  {"main": {"temp": 12.86, "pressure": 1009}, "wind": {"gust": 12.5},
   "dt_txt": "2024-01-04 14:00:00"},
  {"main": {"temp": 8.73, "pressure": 1014}, "wind": {"gust": 9.51},
   "dt_txt": "2024-01-05 02:00:00"},
  {"main": {"temp": 6.52, "pressure": 1016}, "wind": {"gust": 14.3},
   "dt_txt": "2024-01-05 14:00:00"}]})";

// One game (the shape of the ice_hockey inputs of kasnerz/quintd, MIT):
// periods 2-1, 0-0 and 2-0 for Tappara, at home, so 2-1, 2-1 and 4-1 at
// their ends.
constexpr std::string_view kGame = R"({"homeTeam": {"name": "Tappara Tampere"},
  "awayTeam": {"name": "Oulun Karpat"},
  "homeScore": {"display": 4, "period1": 2, "period2": 0, "period3": 2},
  "awayScore": {"display": 1, "period1": 1, "period2": 0, "period3": 0}})";

EvidenceCorpus CorpusOf(std::string_view content) {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("What are my options?");
  corpus.RecordToolResult("call_1", "search", content);
  return corpus;
}

const Candidate& At(const Verdict& v, std::string_view answer,
                    std::string_view text) {
  const Candidate* c = AtText(v, answer, text);
  REQUIRE(c != nullptr);
  return *c;
}

// A value the rung marks misattributed, and what its binding must say.
struct Misattributed {
  std::string_view answer;
  std::string_view value;  // the value's text in the answer
  std::string_view named_value;
  std::string_view field;
  std::string_view named_path;
  std::string_view aggregate = "";
};

// Judges each row over `corpus`: its value is misattributed with that
// binding, and the answer is flagged.
void CheckMisattributed(const EvidenceCorpus& corpus,
                        std::initializer_list<Misattributed> rows) {
  for (const Misattributed& row : rows) {
    CAPTURE(row.answer);
    const Verdict v = DefaultGate().Judge(row.answer, corpus);
    const Candidate& c = At(v, row.answer, row.value);
    CHECK(c.status == kMisattributed);
    REQUIRE(c.binding.has_value());
    CHECK(c.binding->named_value == row.named_value);
    CHECK(c.binding->field == row.field);
    CHECK(c.binding->named.path == row.named_path);
    CHECK(c.binding->named.carrier == "call_1");
    CHECK(c.binding->aggregate == row.aggregate);
    CHECK(v.flagged());
  }
}

// Judges each answer over `corpus`: no value is misattributed.
void CheckNoneMisattributed(const EvidenceCorpus& corpus,
                            std::initializer_list<std::string_view> answers) {
  for (std::string_view answer : answers) {
    CAPTURE(answer);
    CHECK(DefaultGate().Judge(answer, corpus).misattributed() == 0);
  }
}

TEST_CASE("law 11: a value is judged against the record the answer names") {
  const EvidenceCorpus corpus = CorpusOf(kFlights);
  // HAT069's economy fare is 174; 114 is HAT139's.
  constexpr std::string_view kWrong =
      "Flight HAT069 departs at 06:00 AM; the economy fare is $114.";
  const Verdict wrong = DefaultGate().Judge(kWrong, corpus);
  const Candidate& fare = At(wrong, kWrong, "114");
  CHECK(fare.status == kMisattributed);
  REQUIRE(fare.binding.has_value());
  CHECK(fare.binding->named.carrier == "call_1");
  CHECK(fare.binding->named.path == "$[0]");
  CHECK(fare.binding->field == "prices.economy");
  CHECK(fare.binding->named_value == "174");
  CHECK(fare.binding->read.carrier == "call_1");
  CHECK(fare.binding->read.path == "$[1]");
  CHECK(fare.binding->aggregate.empty());
  CHECK(wrong.misattributed() == 1);
  CHECK(wrong.unsupported() == 0);
  CHECK(wrong.flagged());
  CHECK(VerdictAction(wrong) == "flagged");
  // The value was read: its carrier still says where from.
  CHECK(fare.carriers == std::vector<std::string>{"call_1"});

  // Both ways: the record's own values pass.
  constexpr std::string_view kRight =
      "Flight HAT069 departs at 06:00 AM; the economy fare is $174.";
  const Verdict right = DefaultGate().Judge(kRight, corpus);
  CHECK_FALSE(right.flagged());
  CHECK(right.misattributed() == 0);
  CHECK(At(right, kRight, "174").status == kGrounded);
}

TEST_CASE("rung_records: a sibling's value, told of the named record") {
  CheckMisattributed(
      CorpusOf(kFlights),
      {
          // a clock time, in a list item with sub-items
          {"1. **Flight HAT139**\n   - Departure: 06:00 AM EST\n", "06:00 AM",
           "14:30:00", "scheduled_departure_time_est", "$[1]"},
          {"Flight HAT139 costs $174 in economy.", "174", "114",
           "prices.economy", "$[1]"},
      });
  // A CSV series, as an owid result of kasnerz/quintd (MIT) holds one.
  CheckMisattributed(
      CorpusOf("# country: Mongolia\n# unit: years\nyear,value\n2019,69.62\n"
               "2020,70.11\n2021,71.84\n"),
      {{"In 2021, life expectancy was 70.11.", "70.11", "71.84", "value",
        "$[2]"}});
  // A date and time name one forecast: 14.3 is the 14:00 one's gust.
  CheckMisattributed(CorpusOf(kForecast),
                     {{"On January 5th at 02:00, gusts will reach 14.3 m/s.",
                       "14.3", "9.51", "wind.gust", "$.list[3]"}});
}

// A value used twice is one candidate at its first use; a later use told
// of another record, or misattributed like its first, is judged in its
// own scope and stays a candidate of its own.
TEST_CASE("rung_records: each use of a repeated value is told of its scope") {
  const EvidenceCorpus corpus = CorpusOf(kFlights);
  // The first $174 is HAT069's economy fare; the second is told of
  // HAT139, whose economy fare is 114.
  constexpr std::string_view kTwice =
      "Flight HAT069 costs $174 in economy. Flight HAT139 costs $174 in "
      "economy too.";
  const Verdict twice = DefaultGate().Judge(kTwice, corpus);
  REQUIRE(twice.candidates.size() >= 2);
  const std::size_t second = kTwice.rfind("174");
  const Candidate* first_use = nullptr;
  const Candidate* second_use = nullptr;
  for (const Candidate& c : twice.candidates) {
    if (c.start == kTwice.find("174")) first_use = &c;
    if (c.start == second) second_use = &c;
  }
  REQUIRE(first_use != nullptr);
  REQUIRE(second_use != nullptr);
  CHECK(first_use->status == kGrounded);
  CHECK(first_use->occurrences == 1);
  CHECK(second_use->status == kMisattributed);
  CHECK(second_use->occurrences == 1);
  REQUIRE(second_use->binding.has_value());
  CHECK(second_use->binding->named.path == "$[1]");
  CHECK(second_use->binding->named_value == "114");
  CHECK(twice.misattributed() == 1);
  CHECK(twice.flagged());
  // In answer order: the later use stands after the first.
  CHECK(first_use < second_use);

  // Both ways: a value told twice of the record that holds it stays one
  // candidate, used twice, and nothing is flagged.
  constexpr std::string_view kSame =
      "Flight HAT069 costs $174 in economy; yes, HAT069 is $174.";
  const Verdict same = DefaultGate().Judge(kSame, corpus);
  CHECK_FALSE(same.flagged());
  const Candidate& once = At(same, kSame, "174");
  CHECK(once.status == kGrounded);
  CHECK(once.occurrences == 2);
  CHECK(std::count_if(
            same.candidates.begin(), same.candidates.end(),
            [](const Candidate& c) { return c.canonical == "174"; }) == 1);
  // A value told wrongly twice is flagged at each use, each with the
  // record its own scope names: 99 is HAT200's economy fare; HAT069's is
  // 174 and HAT139's 114.
  const EvidenceCorpus three = CorpusOf(R"([
    {"flight_number": "HAT069", "prices": {"economy": 174}},
    {"flight_number": "HAT139", "prices": {"economy": 114}},
    {"flight_number": "HAT200", "prices": {"economy": 99}}])");
  constexpr std::string_view kWrongTwice =
      "Flight HAT069 costs $99 in economy. Flight HAT139 costs $99 in "
      "economy too.";
  const Verdict wrong_twice = DefaultGate().Judge(kWrongTwice, three);
  CHECK(wrong_twice.misattributed() == 2);
  std::vector<std::string> named_values;
  for (const Candidate& c : wrong_twice.candidates) {
    if (c.status != kMisattributed) continue;
    CHECK(c.occurrences == 1);
    REQUIRE(c.binding.has_value());
    named_values.push_back(c.binding->named_value);
  }
  CHECK(named_values == std::vector<std::string>{"174", "114"});
  // "174" inside a longer number is not a use of it.
  constexpr std::string_view kLonger =
      "Flight HAT069 costs $174 in economy. Flight HAT139 has code 1174.";
  CHECK(DefaultGate().Judge(kLonger, corpus).misattributed() == 0);

  // A unit sign after the value ("°C") leaves it standing alone: the
  // second 7.15 is told of January 5th, whose readings are 8.73 and 6.52.
  constexpr std::string_view kDegrees =
      "On January 3rd, the temperature will be 7.15°C. On January 5th, the "
      "temperature will be 7.15°C.";
  const Verdict degrees = DefaultGate().Judge(kDegrees, CorpusOf(kForecast));
  const Candidate* later = nullptr;
  for (const Candidate& c : degrees.candidates) {
    if (c.start == kDegrees.rfind("7.15")) later = &c;
  }
  REQUIRE(later != nullptr);
  CHECK(later->status == kMisattributed);
  REQUIRE(later->binding.has_value());
  CHECK(later->binding->aggregate == "day");
  CHECK(later->binding->named_value == "6.52 to 8.73");
  CHECK(At(degrees, kDegrees, "7.15").status == kGrounded);
}

TEST_CASE("rung_records: what it leaves alone") {
  CheckNoneMisattributed(CorpusOf(kFlights),
                         {
                             // each list item is its own scope
                             "1. Flight HAT069\n   - Economy: $174\n"
                             "2. Flight HAT139\n   - Economy: $114\n",
                             // two records in one scope: which one is not said
                             "Flights HAT069 and HAT139 cost $114 in economy.",
                             // no record named
                             "The cheapest economy fare is $114.",
                             // hedged
                             "Flight HAT069 costs around $114.",
                             // told as a total
                             "Flight HAT069 plus taxes: total $114.",
                         });
  // The 114 of the top-level total may be what the answer tells.
  CheckNoneMisattributed(CorpusOf(R"({"total": 114, "flights": [
          {"flight_number": "HAT069", "price": 174},
          {"flight_number": "HAT139", "price": 114}]})"),
                         {"Flight HAT069: $114."});
  CheckNoneMisattributed(
      CorpusOf("year,value\n2019,69.62\n2020,70.11\n2021,71.84\n"),
      {
          // "by 2021": some year up to it, not 2021's own record
          "By 2021, life expectancy had reached 70.11.",
          "It was 69.62 and 70.11 in 2019 and 2020, respectively.",
          "In 2021, life expectancy was 71.84.",
      });
  CheckNoneMisattributed(
      CorpusOf(kForecast),
      {
          "On January 5th at 14:00, gusts will reach 14.3 m/s.",
          // "humidity" names a field these records lack
          "On January 5th at 02:00, the humidity will be 1016.",
      });
}

TEST_CASE("rung_records: a value written to a decimal place, told as near") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  // 4.95 is January 4th's morning: no reading of the 5th stands near it.
  CheckMisattributed(
      corpus,
      {
          {"On January 5th, the temperature will be around 4.95°C.", "4.95",
           "6.52 to 8.73", "main.temp", "$.list[3]", "day"},
          {"On January 5th, the temperature will be approximately 4.95°C.",
           "4.95", "6.52 to 8.73", "main.temp", "$.list[3]", "day"},
      });
  CheckNoneMisattributed(
      corpus, {
                  // within a twentieth of 6.52
                  "On January 5th, the temperature will be around 6.3°C.",
                  // a round value told as near is not judged
                  "On January 5th, the temperature will be around 5°C.",
                  // a bound is no reading
                  "On January 5th, the temperature will stay above 4.95°C.",
                  "On January 5th, gusts of over 8.71 m/s are likely.",
              });
}

// A value written to two places and told as near was read from one
// reading: it stands within two units of its last place, not a twentieth
// of itself ("around 9.06°C" on a day of 9.49, quintd-openweather-llama2-6).
TEST_CASE("rung_records: a value written to two places, told as near") {
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 9.06}, "dt_txt": "2024-01-04 01:00:00"},
    {"main": {"temp": 9.1}, "dt_txt": "2024-01-04 07:00:00"},
    {"main": {"temp": 9.49}, "dt_txt": "2024-01-05 01:00:00"},
    {"main": {"temp": 6.95}, "dt_txt": "2024-01-05 07:00:00"}]})");
  CheckMisattributed(
      corpus, {{"On January 5th, the temperature will be around 9.06°C.",
                "9.06", "6.95 to 9.49", "main.temp", "$.list[2]", "day"}});
  CheckNoneMisattributed(
      corpus, {
                  // one place: within a twentieth of 9.49
                  "On January 5th, the temperature will be around 9.1°C.",
                  "On January 5th, the temperature will be around 9.49°C.",
              });
}

// A date no record holds is a day of its own: of "15.48°C on January 1st
// and 12.64°C on January 4th", the first value is not told of the 4th
// (quintd-dev-openweather-llama2-0).
TEST_CASE("rung_records: a date no record holds names a day") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckNoneMisattributed(
      corpus, {"The temperature will be around 6.52°C on January 1st and "
               "12.86°C on January 4th."});
  CheckMisattributed(
      corpus, {{"The temperature will be around 6.52°C on January 3rd and "
                "12.86°C on January 4th.",
                "6.52", "7.15", "main.temp", "$.list[0]"}});
}

TEST_CASE("rung_records: values told together were read together") {
  // January 5th's first reading holds 8.73, which 8.7 rounds; the 8.71
  // gust is January 4th morning's, whose temperature is 8.7 exactly.
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 8.7}, "wind": {"gust": 8.71},
     "dt_txt": "2024-01-04 08:00:00"},
    {"main": {"temp": 3.1}, "wind": {"gust": 5.5},
     "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 8.73}, "wind": {"gust": 3.2},
     "dt_txt": "2024-01-05 02:00:00"},
    {"main": {"temp": 6.52}, "wind": {"gust": 14.3},
     "dt_txt": "2024-01-05 14:00:00"}]})");
  constexpr std::string_view kTogether =
      "On January 5th, the temperature will be 8.7°C with gusts of 8.71 m/s.";
  const Verdict together = DefaultGate().Judge(kTogether, corpus);
  const Candidate& gust = At(together, kTogether, "8.71");
  CHECK(gust.status == kMisattributed);
  const Candidate& temp = At(together, kTogether, "8.7");
  CHECK(temp.status == kMisattributed);
  REQUIRE(temp.binding.has_value());
  CHECK(temp.binding->named_value == "6.52 to 8.73");
  CHECK(temp.binding->field == "main.temp");
  CHECK(temp.binding->named.path == "$.list[2]");
  CHECK(temp.binding->read.path == "$.list[0]");
  CHECK(temp.binding->aggregate == "day");
  // Both ways: with the day's own gust, 8.7 is January 5th's 8.73 rounded;
  // written whole, 8.73 is the day's own, whatever the gust.
  struct Told {
    std::string_view answer;
    std::string_view temperature;
  };
  for (const Told& told :
       {Told{"On January 5th, the temperature will be 8.7°C with gusts of "
             "14.3 m/s.",
             "8.7"},
        Told{"On January 5th, the temperature will be 8.73°C with gusts of "
             "8.71 m/s.",
             "8.73"}}) {
    CAPTURE(told.answer);
    const Verdict v = DefaultGate().Judge(told.answer, corpus);
    CHECK(At(v, told.answer, told.temperature).status == kGrounded);
  }
}

TEST_CASE("rung_records: a value restated in another unit") {
  // The forecast with its units, as the openweather inputs give them.
  std::string forecast(kForecast);
  forecast.insert(1, R"("units": {"temp": "°C", "wind": "m/s"}, )");
  const EvidenceCorpus corpus = CorpusOf(forecast);
  // 4.95 is January 4th morning's; 40.9 °F is 4.95 °C converted: told of
  // January 5th, both are misattributed, with the one binding.
  constexpr std::string_view kWrong =
      "On January 5th, the temperature will be 4.95°C (40.9°F).";
  const Verdict wrong = DefaultGate().Judge(kWrong, corpus);
  const Candidate& celsius = At(wrong, kWrong, "4.95");
  const Candidate& fahrenheit = At(wrong, kWrong, "40.9");
  CHECK(celsius.status == kMisattributed);
  CHECK(fahrenheit.status == kMisattributed);
  REQUIRE(fahrenheit.binding.has_value());
  CHECK(fahrenheit.binding->named_value == "6.52 to 8.73");
  CHECK(fahrenheit.binding->field == "main.temp");
  CHECK(fahrenheit.binding->aggregate == "day");
  // Both ways: told of January 4th, both stand; told of each day once,
  // each use of 40.9 is judged at its place.
  constexpr std::string_view kRight =
      "On January 4th, the temperature will be 4.95°C (40.9°F).";
  const Verdict right = DefaultGate().Judge(kRight, corpus);
  CHECK(At(right, kRight, "40.9").status == kGrounded);
  CHECK(At(right, kRight, "40.9").reason == MatchReason::kConverted);
  CHECK_FALSE(right.flagged());
  constexpr std::string_view kBoth =
      "On January 5th, the temperature will be 4.95°C (40.9°F). On January "
      "4th, the temperature will be 4.95°C (40.9°F).";
  const Verdict both = DefaultGate().Judge(kBoth, corpus);
  std::vector<std::pair<std::size_t, CandidateStatus>> uses;
  for (const Candidate& c : both.candidates) {
    if (c.canonical == At(both, kBoth, "40.9").canonical) {
      uses.emplace_back(c.start, c.status);
      CHECK(c.occurrences == 1);
    }
  }
  CHECK(uses == std::vector<std::pair<std::size_t, CandidateStatus>>{
                    {kBoth.find("40.9"), kMisattributed},
                    {kBoth.rfind("40.9"), kGrounded}});
}

// A value told only in another unit than the readings' is judged in
// theirs (quintd-openweather-llama2-34: "gusts of up to 15 mph on January
// 5th", that day's gusts reaching 13.42 m/s). A restatement in
// parentheses is its value's, judged with it (above), not on its own.
TEST_CASE("rung_records: a value told in another unit") {
  std::string forecast(kForecast);
  forecast.insert(1, R"("units": {"temp": "°C", "wind": "m/s"}, )");
  const EvidenceCorpus corpus = CorpusOf(forecast);
  // 32 mph is 14.3 m/s, January 5th's second gust; January 4th's gusts
  // are 8.71 and 12.5 m/s.
  CheckMisattributed(corpus,
                     {{"On January 4th, gusts will reach up to 32 mph.", "32",
                       "8.71 to 12.5", "wind.gust", "$.list[1]", "day"},
                      {"The gusts will be 32 mph on January 3rd.", "32", "15.1",
                       "wind.gust", "$.list[0]", ""}});
  CheckNoneMisattributed(
      corpus,
      {
          "On January 5th, gusts will reach up to 32 mph.",
          "On January 4th, gusts will reach up to 28 mph.",
          // a restatement is its value's, not a reading of its own: 44.9 °F
          // is 7.17 °C, January 3rd's 7.15, but it restates 6.52
          "On January 5th, the temperature will be 6.52°C (44.9°F).",
      });
}

TEST_CASE("rung_records: values told of several readings") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus,
      {
          // The least temperature is 4.95, not 7.15.
          {"Over the next days the temperature will range from 7.15°C to "
           "12.86°C.",
           "7.15", "4.95", "main.temp", "$.list[1]", "min"},
          // The greatest gust is 15.1, not 12.5.
          {"The highest gust will be 12.5 m/s.", "12.5", "15.1", "wind.gust",
           "$.list[0]", "max"},
          // January 4th's pressures are 1003 and 1009; 1016 is January
          // 5th's.
          {"On January 4th, the temperature will be 8.73°C. The pressure "
           "will be 1016 hPa.",
           "1016", "1003 to 1009", "main.pressure", "$.list[1]", "day"},
          {"On the second day, the pressure will be 1016 hPa.", "1016",
           "1003 to 1009", "main.pressure", "$.list[1]", "day"},
          // 8.73 is January 5th's first reading: one reading told plainly
          // of a day is the day's own, as the records date it.
          {"On January 4th, the temperature will be 8.73°C.", "8.73",
           "4.95 to 12.86", "main.temp", "$.list[1]", "day"},
          {"On January 4th, the pressure will be 1006 hPa.", "1006",
           "1003 to 1009", "main.pressure", "$.list[1]", "day"},
          // A range told backward runs from the first reading to the
          // last: 7.15 is neither the last (6.52) nor the least.
          {"The temperature will fall from 12.86°C to 7.15°C.", "7.15", "6.52",
           "main.temp", "$.list[4]", ""},
          // A day it cannot place, in a later clause, tells of the snow,
          // not of the range.
          {"The temperature will range from 7.15°C to 12.86°C, with light "
           "snow on the last day.",
           "7.15", "4.95", "main.temp", "$.list[1]", "min"},
      });
  CheckNoneMisattributed(
      corpus,
      {
          "Over the next days the temperature will range from 4.95°C to "
          "12.86°C.",
          // rounded, and told loosely near the extreme
          "Temperatures will range from 5°C to 13°C.",
          "The highest gust will be 15.1 m/s.",
          "Gusts reaching up to 15 m/s are expected.",
          // told from first to last, not least to greatest
          "The temperature will fall from 12.86°C to 6.52°C.",
          "The temperature will fall from 7.15°C to 6.52°C.",
          // a day's least and greatest, in either order
          "On January 4th, temperatures will be between 12.86°C and 4.95°C.",
          // no word names the field
          "Values will range from 7.15 to 12.86.",
          // part of a day
          "In the mornings, the low will be 7.15°C.",
          // a day it cannot place, before the value or in its clause
          "Tomorrow the low will be 7.15°C.",
          "The last day will bring clear skies, with a low of 7.15°C.",
          // the reading just before the day, as the high of a day-long
          // window a zone away
          "On January 5th, the high will be 12.86°C.",
          "On January 4th, the pressure will be 1009 hPa.",
          "On January 4th, temperatures will range from 4.95°C to 12.86°C.",
          // one day's extremes: the reader's day may not be the records'
          "On January 4th, the low will be 7.15°C.",
          // the sentence after speaks of the whole stretch
          "On January 4th, it rains. Overall, pressure peaks at 1016 hPa.",
          // a range told after a day's sentence is the stretch's
          "On January 4th, it rains. The pressure will be 1003 to 1016 hPa.",
          // a day after the value, in another clause, does not govern it
          "The pressure will be 1016 hPa, with rain on January 4th.",
          // the days' highs (7.15, 12.86 and 8.73) run from 7.15 to 12.86
          "High temperatures will range from 7.15°C to 12.86°C.",
          "Daily highs will range from 7.15°C to 12.86°C.",
      });
}

TEST_CASE("rung_records: a stretch of days and one day's extremes") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus,
      {
          // The stretch the sentence before opens with: its least pressure
          // is 1003; 1006 is no one's extreme.
          {"From January 4th to January 5th, Snagov will be mild. The "
           "pressure will range from 1006 hPa to 1016 hPa.",
           "1006", "1003", "main.pressure", "$.list[1]", "min"},
          // A day named only in a later clause does not make the range a
          // day's: it is the whole stretch's.
          {"The temperature will range from 7.15°C to 12.86°C, with the "
           "lowest temperature expected on January 4th.",
           "7.15", "4.95", "main.temp", "$.list[1]", "min"},
          // One day's high: January 4th's readings are 4.95 and 12.86, and
          // no day-long window within half a day of it peaks at 4.95.
          {"On January 4th, the high temperature will be 4.95°C.", "4.95",
           "12.86", "main.temp", "$.list[2]", "max"},
          // A greater value earlier in the answer is no range told
          // backward: only the two ends of a range are.
          {"The gust will be 15.1 m/s on January 3rd. On January 4th, the "
           "temperature will reach a high of 4.95°C.",
           "4.95", "12.86", "main.temp", "$.list[2]", "max"},
          // The reading just before the day holds the value, but no
          // day-long window within half a day of the day has it as its
          // least.
          {"On January 5th, the lowest temperature will be 12.86°C.", "12.86",
           "6.52", "main.temp", "$.list[4]", "min"},
          {"On January 4th, the lowest temperature will be 7.15°C.", "7.15",
           "4.95", "main.temp", "$.list[1]", "min"},
      });
  CheckNoneMisattributed(
      corpus,
      {
          // 14.3 is the stretch's greatest gust, though not the data's.
          "From January 4th to January 5th, it will be windy. Gusts will "
          "reach up to 14.3 m/s.",
          // 15.1 is the data's greatest gust, though not the stretch's.
          "From January 4th to January 5th, it will be windy. Gusts will "
          "reach up to 15.1 m/s.",
          // one day's extremes, in the records' zone or another's
          "On January 4th, the high temperature will be 12.86°C.",
          "On January 5th, the low temperature will be 8.73°C.",
          "On January 4th, the low will be 7.15°C.",
          "On January 4th, temperatures will range from 4.95°C to 12.86°C.",
          // the reading before the day, the high of a window half a day
          // earlier
          "On January 5th, the highest temperature will be 12.86°C.",
      });
  // Without the stretch, 14.3 is told of all the data.
  CheckMisattributed(corpus, {{"Gusts will reach up to 14.3 m/s.", "14.3",
                               "15.1", "wind.gust", "$.list[0]", "max"}});
  // A field that is itself a reading's least (temp_min) answers a "low"
  // the words name, not the end of a range over every reading.
  const EvidenceCorpus bounded = CorpusOf(R"({"list": [
    {"main": {"temp": 7.15, "temp_min": 7.15}, "dt_txt": "2024-01-03 20:00:00"},
    {"main": {"temp": 4.95, "temp_min": 4.95}, "dt_txt": "2024-01-04 08:00:00"},
    {"main": {"temp": 2.22, "temp_min": 2.22}, "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 9.1, "temp_min": 9.1}, "dt_txt": "2024-01-05 02:00:00"}]})");
  CheckMisattributed(
      bounded, {{"Over the next days the temperature will range from 4.95°C "
                 "to 9.1°C.",
                 "4.95", "2.22", "main.temp", "$.list[2]", "min"}});
  CheckNoneMisattributed(
      bounded,
      {"Over the next days the temperature will range from 2.22°C to 9.1°C."});
  // One reading's own least is no low of the whole stretch.
  CheckMisattributed(bounded,
                     {{"Over the next days the temperature will have a low of "
                       "4.95°C.",
                       "4.95", "2.22", "main.temp", "$.list[2]", "min"}});
}

TEST_CASE("rung_records: an extreme told with another field's value") {
  // Four readings with a speed, a gust and a feels-like each.
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 7.8, "feels_like": 6.66, "pressure": 1012}, "wind": {"speed": 1.97,
     "gust": 1.91}, "dt_txt": "2024-01-04 08:00:00"},
    {"main": {"temp": 10.99, "feels_like": 10.26}, "wind": {"speed": 1.25,
     "gust": 1.7}, "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 9.52, "feels_like": 6.15}, "wind": {"speed": 7.61,
     "gust": 12.5}, "dt_txt": "2024-01-04 20:00:00"},
    {"main": {"temp": 7.19, "feels_like": 4.68}, "wind": {"speed": 3.76,
     "gust": 9.6}, "dt_txt": "2024-01-05 02:00:00"}]})");
  CheckMisattributed(
      corpus,
      {
          // 6.15 is a feels-like of the day; its low temperature is 7.8.
          {"On January 4th, the temperature will drop to a low of 6.15°C.",
           "6.15", "7.8", "main.temp", "$.list[0]", "min"},
          // "wind" names gusts too, but "speeds" names the speed alone:
          // 12.5 is a gust, and the greatest speed is 7.61.
          {"Wind speeds will range from 1.25 m/s to 12.5 m/s.", "12.5", "7.61",
           "wind.speed", "$.list[2]", "max"},
      });
  CheckNoneMisattributed(
      corpus,
      {
          // the fields the words name hold the value
          "On January 4th, the temperature will drop to a low of 7.8°C.",
          "Gusts of wind will reach up to 12.5 m/s.",
          // the nearer word names the field that holds it
          "Expect rain with feels-like temperatures as low as 4.68°C.",
          // a value off the scale of the fields the words name (the
          // wind's, 1.25 to 12.5, and that again either way)
          "The wind will stay calm, with a low of 1012 hPa.",
      });
  // A word just after the value naming the field that holds it: snow, no
  // high temperature; and a direction has no least or greatest.
  const EvidenceCorpus snowy = CorpusOf(R"({"list": [
    {"main": {"temp_max": -12.5}, "snow": {"3h": 0.2}, "wind": {"deg": 313},
     "dt_txt": "2024-01-04 08:00:00"},
    {"main": {"temp_max": -1.0}, "snow": {"3h": 1.4}, "wind": {"deg": 146},
     "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp_max": -6.2}, "snow": {"3h": 0.6}, "wind": {"deg": 131},
     "dt_txt": "2024-01-04 20:00:00"}]})");
  CheckNoneMisattributed(
      snowy, {"It will be cold, with a high of 0.2 mm of snow.",
              "The wind will blow from the southwest at 131° and 146°."});
  // The end of a range is told of the day, not of one reading: it pins no
  // reading for the values after it.
  CheckNoneMisattributed(
      corpus, {"On January 4th, temperatures will be between 7.8°C and "
               "10.99°C, and the wind speed will be 7.61 m/s."});
}

// A word of an extreme next to the value ("a high of") that names no
// field the value is of leaves the field to a farther word of the clause
// ("the pressure will reach a high of 1016 hPa": no temperature).
TEST_CASE("rung_records: a day's extreme of a field named farther back") {
  // Readings with their own highest temperature, as openweather's are.
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 5.1, "temp_max": 5.1, "pressure": 1003},
     "dt_txt": "2024-01-04 02:00:00"},
    {"main": {"temp": 6.2, "temp_max": 6.2, "pressure": 1009},
     "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 7.3, "temp_max": 7.3, "pressure": 1014},
     "dt_txt": "2024-01-05 02:00:00"},
    {"main": {"temp": 8.4, "temp_max": 8.4, "pressure": 1016},
     "dt_txt": "2024-01-05 14:00:00"}]})");
  // January 4th's pressures are 1003 and 1009; 1016 is January 5th's.
  CheckMisattributed(
      corpus, {{"On January 4th, the pressure will reach a high of 1016 hPa.",
                "1016", "1003 to 1009", "main.pressure", "$.list[0]", "day"}});
  CheckNoneMisattributed(
      corpus, {"On January 4th, the pressure will reach a high of 1009 hPa."});
}

// A sentence between that speaks of every day stops the day an earlier
// sentence named; its words are whole words: the "all" of "rainfall" or
// "all-sky" is none (quintd-openweather-mistral-68: "... with a 3h
// rainfall of 0.37mm. The wind speed will be 2.16m/s" is told of the
// January 5th two sentences before).
TEST_CASE("rung_records: a day named two sentences before") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus, {{"On January 4th, the temperature will be 4.95°C. Skies will be "
                "grey, with rainfall expected. The gusts will be 14.3 m/s.",
                "14.3", "8.71 to 12.5", "wind.gust", "$.list[1]", "day"},
               {"On January 4th, the temperature will be 4.95°C. The all-sky "
                "cover will be full. The gusts will be 14.3 m/s.",
                "14.3", "8.71 to 12.5", "wind.gust", "$.list[1]", "day"}});
  CheckNoneMisattributed(
      corpus, {"On January 4th, the temperature will be 4.95°C. All days "
               "will be grey. The gusts will be 14.3 m/s."});
}

// A field that stands only in some readings (rain, in the readings it
// fell in) is one of the day's when any of its readings holds it, not
// only its first (quintd-openweather-zephyr-6: "accumulations of up to
// 1.13 millimeters on the fourth day", another day's 3-hour rain).
TEST_CASE("rung_records: a field only some of a day's readings hold") {
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 5.1}, "dt_txt": "2024-01-04 02:00:00"},
    {"main": {"temp": 6.2}, "rain": {"3h": 0.25},
     "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 7.3}, "rain": {"3h": 1.13},
     "dt_txt": "2024-01-05 02:00:00"},
    {"main": {"temp": 8.4}, "dt_txt": "2024-01-05 14:00:00"}]})");
  CheckMisattributed(corpus, {{"On January 4th, there will be 1.13 mm of rain.",
                               "1.13", "0.25", "rain.3h", "$.list[0]", "day"}});
  CheckNoneMisattributed(corpus,
                         {"On January 4th, there will be 0.25 mm of rain.",
                          "On January 5th, there will be 1.13 mm of rain."});
}

TEST_CASE("rung_records: an extreme told after a sentence about one day") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  // January 4th's gusts are 8.71 and 12.5; 14.3 is of January 5th's
  // second reading, no reading beside the day's, and no extreme of all.
  CheckMisattributed(
      corpus, {{"On January 4th, the temperature will be 4.95°C. Gusts "
                "will reach up to 14.3 m/s.",
                "14.3", "8.71 to 12.5", "wind.gust", "$.list[1]", "day"}});
  CheckNoneMisattributed(
      corpus,
      {
          // the day's own greatest gust
          "On January 4th, the temperature will be 4.95°C. Gusts will "
          "reach up to 12.5 m/s.",
          // the greatest gust of all the readings
          "On January 4th, the temperature will be 4.95°C. Gusts will "
          "reach up to 15.1 m/s.",
          // a day that places an extreme, not one the sentence is about
          "The temperature will range from 4.95°C to 12.86°C, with the "
          "highest on January 4th. Gusts will reach up to 14.3 m/s.",
          // another paragraph
          "On January 4th, the temperature will be 4.95°C.\n\nGusts will "
          "reach up to 14.3 m/s.",
      });
}

// "Throughout the forecast period" tells of every reading, whatever day
// the sentence before opened with (quintd-openweather-gpt-3.5-78: "Wind
// speeds will vary between 1.25 m/s and 11.85 m/s throughout the forecast
// period", after a sentence about January 7th and 8th, is of all days).
TEST_CASE("rung_records: a range told of the whole stretch after one day") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus,
      {
          {"On January 4th, the temperature will be 4.95°C. The pressure "
           "will range from 1006 hPa to 1016 hPa throughout the forecast "
           "period.",
           "1006", "1003", "main.pressure", "$.list[1]", "min"},
          {"On January 4th, the temperature will be 4.95°C. Overall, gusts "
           "will range from 9.51 m/s to 15.1 m/s.",
           "9.51", "8.71", "wind.gust", "$.list[1]", "min"},
          {"On January 4th, the temperature will be 4.95°C. Over the entire "
           "week, the pressure will range from 1003 hPa to 1014 hPa.",
           "1014", "1016", "main.pressure", "$.list[4]", "max"},
          {"On January 4th, the temperature will be 4.95°C. Over the next "
           "three days, the pressure will range from 1003 hPa to 1014 hPa.",
           "1014", "1016", "main.pressure", "$.list[4]", "max"},
      });
  CheckNoneMisattributed(
      corpus,
      {
          // the day's own range: "throughout the day" is that day
          "On January 4th, the temperature will be 4.95°C. Throughout the "
          "day, the pressure will range from 1003 hPa to 1009 hPa.",
          // hours ahead are part of a day
          "On January 4th, the temperature will be 4.95°C. Over the next 24 "
          "hours, the pressure will range from 1003 hPa to 1009 hPa.",
          // what is left of the stretch is no whole stretch
          "On January 4th, the temperature will be 4.95°C. For the rest of "
          "the forecast period, the pressure will range from 1009 hPa to "
          "1016 hPa.",
          // the whole stretch's own range
          "On January 4th, the temperature will be 4.95°C. The pressure "
          "will range from 1003 hPa to 1016 hPa throughout the forecast "
          "period.",
      });
}

TEST_CASE("rung_records: the least or greatest of a series of one field") {
  // A date,value series (the shape of the owid inputs of kasnerz/quintd,
  // MIT): its one field of numbers needs no field word.
  const EvidenceCorpus corpus = CorpusOf(
      "date,value\n2021-05-30,0.52\n2021-06-02,0.78\n2021-06-20,0.87\n"
      "2021-07-04,2.25\n");
  CheckMisattributed(corpus, {{"The rate reached a peak of 0.87 cases.", "0.87",
                               "2.25", "value", "$[3]", "max"}});
  CheckNoneMisattributed(
      corpus, {
                  "The rate reached a peak of 2.25 cases.",
                  // a stretch the sentence names narrows the series to it
                  "In June 2021 the rate ranged from 0.78 to 0.87.",
                  // two stretches are not read
                  "From May 2021 to June 2021 it peaked at 0.87.",
              });
  CheckMisattributed(
      corpus, {{"In June 2021 the rate ranged from 0.52 to 0.87.", "0.52",
                "0.78", "value", "$[1]", "min"}});
}

// "low" and "high" name a field only where the records have one
// ("temp_min"); in a series of one value per day, "a low of 0.56 on
// November 5" tells November 5th's value, and the day holds another.
TEST_CASE("rung_records: a low or high told on a day of a series") {
  const EvidenceCorpus series = CorpusOf(
      "date,value\n2020-03-14,2.26\n2020-03-20,2.1\n2022-05-18,0.56\n"
      "2022-11-05,0.75\n");
  CheckMisattributed(
      series, {
                  {"R fell to a low of 0.56 on November 5, 2022.", "0.56",
                   "0.75", "value", "$[3]"},
                  {"The highest R was 2.26 on March 20, 2020.", "2.26", "2.1",
                   "value", "$[1]"},
              });
  CheckNoneMisattributed(series, {"R fell to a low of 0.56 on May 18, 2022.",
                                  "The highest R was 2.26 on March 14, 2020."});
  // Where the records hold a low, "low" names it: a value of another field
  // told as the low is not judged against that field.
  const EvidenceCorpus lows = CorpusOf(R"([
    {"dt_txt": "2024-01-03", "main": {"temp": 7.15, "temp_min": 5.2}},
    {"dt_txt": "2024-01-04", "main": {"temp": 4.95, "temp_min": 3.1}}])");
  CheckNoneMisattributed(lows, {"On January 4th, a low of 7.15."});
}

// Of two days a sentence names, each value is told of the one written
// just after it ("2.26 on March 20, 2020, to 0.56 on November 5, 2022").
TEST_CASE("rung_records: the day written just after a value") {
  const EvidenceCorpus series = CorpusOf(
      "date,value\n2020-03-14,2.26\n2020-03-20,2.1\n2022-05-18,0.56\n"
      "2022-11-05,0.75\n");
  CheckMisattributed(
      series,
      {
          {"R decreased from a peak of 2.26 on March 20, 2020, to a low of "
           "0.56 on November 5, 2022.",
           "2.26", "2.1", "value", "$[1]"},
          {"R decreased from 2.26 on March 14, 2020 to 0.56 on November 5, "
           "2022.",
           "0.56", "0.75", "value", "$[3]"},
      });
  CheckNoneMisattributed(
      series,
      {
          "R decreased from 2.26 on March 14, 2020 to 0.56 on May 18, 2022.",
          // two days after the value, or a day and a date: not one day
          "R was 2.26 on March 20, 2020 and March 14, 2020, and 0.56 on "
          "May 18, 2022.",
          "R was 2.26 on March 20, 2020, March 14, 2020, and 0.56 on "
          "May 18, 2022.",
          // a number between the value and the day
          "R fell from 2.26 to 2.1 on March 20, 2020 and 0.56 on May 18, "
          "2022.",
      });
}

// Of two days a sentence names, each with several readings, a value is
// told of the day written just after it ("a high of 8.04°C on January
// 5th and a low of 3.19°C on January 8th", quintd-openweather-llama2-26).
TEST_CASE("rung_records: the day written just after a value, of readings") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus, {{"The temperature will vary, with a high of 12.86°C on January "
                "4th and a low of 7.15°C on January 5th.",
                "7.15", "6.52 to 8.73", "main.temp", "$.list[3]", "day"}});
  CheckNoneMisattributed(
      corpus,
      {
          "The temperature will vary, with a high of 12.86°C on January 4th "
          "and a low of 6.52°C on January 5th.",
          // a comma between the value and the day: which day is not read
          "The temperature will vary, with a high of 12.86°C on January 4th "
          "and a low of 7.15°C, on January 5th.",
      });
}

// A forecast whose readings carry their own bounds (temp_min, temp_max
// beside temp), as the openweather inputs of kasnerz/quintd (MIT) do:
// January 4th's temp runs 12.1 to 15.1 and its temp_min falls to 11.82;
// over all five readings temp falls to 10.72 and temp_min to 10.02.
constexpr std::string_view kBoundedForecast = R"({"list": [
  {"main": {"temp": 12.67, "temp_min": 12.22, "temp_max": 12.67},
   "dt_txt": "2024-01-03 19:00:00"},
  {"main": {"temp": 12.1, "temp_min": 11.82, "temp_max": 12.1},
   "dt_txt": "2024-01-04 01:00:00"},
  {"main": {"temp": 15.1, "temp_min": 15.1, "temp_max": 15.1},
   "dt_txt": "2024-01-04 13:00:00"},
  {"main": {"temp": 12.9, "temp_min": 12.9, "temp_max": 12.9},
   "dt_txt": "2024-01-04 19:00:00"},
  {"main": {"temp": 10.72, "temp_min": 10.02, "temp_max": 10.72},
   "dt_txt": "2024-01-05 01:00:00"}]})";

// A low is the least of temp_min or of temp, the field temp_min bounds;
// of temp only as written, not near it ("The temperature will drop to a
// low of 3.56°C on January 3rd", quintd-dev-openweather-llama2-73, where
// that day's temp falls to 3.56 and its temp_min to 3.28).
TEST_CASE(
    "rung_records: a low is also the least of the field its bound bounds") {
  const EvidenceCorpus corpus = CorpusOf(kBoundedForecast);
  CheckNoneMisattributed(
      corpus,
      {
          "The temperature will drop to a low of 12.1°C on January 4th.",
          "The temperature will drop to a low of 11.82°C on January 4th.",
          "Over the period, temperatures fall to a low of 10.72°C.",
          "Over the period, temperatures fall to a low of 10.02°C.",
      });
  CheckMisattributed(
      corpus,
      {
          // 12.22 is January 3rd's temp_min; near January 4th's least temp
          // (12.1, within a twentieth of its span), but not it
          {"The temperature will drop to a low of 12.22°C on January 4th.",
           "12.22", "11.82", "main.temp_min", "$.list[1]", "min"},
          // 12.67 is a temp of January 3rd, no least at all
          {"Over the period, temperatures fall to a low of 12.67°C.", "12.67",
           "10.02", "main.temp_min", "$.list[4]", "min"},
      });
}

TEST_CASE("rung_records: the day or month told as an extreme's") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus,
      {
          // The least temperature, 4.95, is January 4th's.
          {"The lowest temperature is expected on January 5th.", "January 5th",
           "2024-01-04", "dt_txt", "$.list[1]", "min"},
          // The greatest gust, 15.1, is January 3rd's.
          {"Winds pick up, with the highest gust expected on January 5th.",
           "January 5th", "2024-01-03", "dt_txt", "$.list[0]", "max"},
      });
  CheckNoneMisattributed(
      corpus,
      {
          "The lowest temperature is expected on January 4th.",
          "Winds pick up, with the highest gust expected on January 3rd.",
          // the reading just before the day counts: the reader's zone
          "The highest temperature is expected on January 5th.",
          // no reading is told: an adjective, "at least"
          "Temperatures remain relatively low on January 5th.",
          "At least one gust is expected on January 5th.",
          // a value between the cue and the day is judged as a value
          "The highest temperature, 12.86°C, comes on January 4th.",
      });
  const EvidenceCorpus series = CorpusOf(
      "date,value\n2021-04-10,0.31\n2021-05-30,0.52\n2021-06-02,0.78\n"
      "2021-06-20,0.87\n2021-07-04,2.25\n2021-08-01,3.1\n");
  CheckMisattributed(
      series, {{"The highest rate was recorded in June 2021.", "June 2021",
                "2021-08-01", "date", "$[5]", "max"}});
  CheckNoneMisattributed(series,
                         {"The highest rate was recorded in August 2021.",
                          "The rate reached its peak in August 2021.",
                          // within three days of the month
                          "The rate reached its peak in July 2021."});
  // A longer series with two peaks: 0.9 in mid-April 2020, 3.1 in
  // January 2022.
  const EvidenceCorpus two_peaks = CorpusOf(
      "date,value\n2020-02-01,0.1\n2020-03-01,0.4\n2020-04-15,0.9\n"
      "2020-05-20,0.3\n2020-07-01,0.2\n2020-08-10,0.45\n2020-10-01,0.5\n"
      "2021-03-01,1.2\n"
      "2021-09-01,2.0\n2022-01-10,3.1\n2022-02-15,2.5\n2022-03-01,1.5\n");
  CheckMisattributed(
      two_peaks, {
                     // "the peak": the greatest of all, in January 2022
                     {"The rate reached its peak in April 2020.", "April 2020",
                      "2022-01-10", "date", "$[9]", "max"},
                     // "mid-April 2020" is April 2020
                     {"The rate reached its peak in mid-April 2020.",
                      "April 2020", "2022-01-10", "date", "$[9]", "max"},
                     // a hedged month stands a month wider, no more
                     {"The rate reached its peak around September 2021.",
                      "September 2021", "2022-01-10", "date", "$[9]", "max"},
                     {"The rate reached its peak in February 2022.",
                      "February 2022", "2022-01-10", "date", "$[9]", "max"},
                     // one peak of several: the greatest of the month and a
                     // month either side (0.45 of August 10th over 0.2 of July)
                     {"The chart shows a peak in July 2020.", "July 2020",
                      "2020-08-10", "date", "$[5]", "max"},
                 });
  CheckNoneMisattributed(
      two_peaks, {
                     "The rate reached its peak around February 2022.",
                     // one peak of several
                     "The rate rose, with a peak in mid-April 2020.",
                     "The rate peaked in April 2020, and again in January "
                     "2022.",
                     "The rate fluctuated, with peaks in April 2020 and "
                     "January 2022.",
                 });
}

TEST_CASE("rung_records: a rise or fall told between two dates") {
  // Cases rise to mid-April, fall to the end of May, then rise again.
  const EvidenceCorpus series = CorpusOf(
      "date,value\n2020-04-01,12.5\n2020-04-08,20.25\n2020-04-15,31.75\n"
      "2020-04-29,18.5\n2020-05-13,9.75\n2020-05-27,4.25\n"
      "2020-06-10,7.5\n2020-06-24,15.25\n");
  CheckMisattributed(
      series,
      {
          // 31.75 on April 15 falls to 4.25 on May 27
          {"From April 15, 2020 to May 27, 2020, the number of cases "
           "increased.",
           "May 27, 2020", "31.75 to 4.25", "value", "$[5]", "trend"},
          // a month opens on its first reading and closes on its last:
          // April's first (12.5) over May's last (4.25)
          {"The data shows a steady increase in cases from April 2020 to "
           "May 2020.",
           "May 2020", "12.5 to 4.25", "value", "$[5]", "trend"},
          // each word of change tells of the range nearest it
          {"From April 1, 2020 to April 15, 2020, cases increased, and then "
           "increased again from April 29, 2020 to May 27, 2020.",
           "May 27, 2020", "18.5 to 4.25", "value", "$[5]", "trend"},
      });
  CheckNoneMisattributed(
      series,
      {
          "From April 1, 2020 to April 15, 2020, the number of cases "
          "increased.",
          "From April 1, 2020 to April 15, 2020, cases increased, and then "
          "decreased from April 29, 2020 to May 27, 2020.",
          // a wavering, or both a rise and a fall, tell no one change
          "From April 1, 2020 to June 24, 2020, cases fluctuated, with an "
          "increase in April.",
          "From April 15, 2020 to June 24, 2020, cases rose and fell.",
      });
}

TEST_CASE("rung_records: a weekday told with a date") {
  // The readings are of 2024: January 4th is a Thursday, the 5th a Friday.
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus, {
                  {"On Tuesday, January 4th, it will rain.", "January 4th",
                   "2024-01-04, a Thursday", "dt_txt", "$.list[1]", ""},
                  {"January 5th (Thursday) will be windy.", "January 5th",
                   "2024-01-05, a Friday", "dt_txt", "$.list[3]", ""},
              });
  CheckNoneMisattributed(
      corpus, {
                  "On Thursday, January 4th, it will rain.",
                  "On Wednesday, January 3rd, and Friday, January 5th, it "
                  "will rain.",
                  // no reading holds the date: its year is not known
                  "On Monday, January 8th, it will snow.",
                  // a weekday that does not stand beside the date
                  "On Tuesday it will rain, and January 4th will be dry.",
              });
}

// A weekday written beside a date names the date's day, right or wrong
// ("Friday, January 6" of 2024, a Saturday: the values are January 6th's,
// quintd-openweather-zephyr-46).
TEST_CASE("rung_records: a weekday beside a date names one day") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  CheckMisattributed(
      corpus,
      {
          // January 4th's readings are 4.95 and 12.86; 7.15 is the 3rd's.
          {"Thursday, January 4th, will bring a temperature of 7.15°C.", "7.15",
           "4.95 to 12.86", "main.temp", "$.list[1]", "day"},
          {"Friday, January 4th, will bring a temperature of 7.15°C.", "7.15",
           "4.95 to 12.86", "main.temp", "$.list[1]", "day"},
      });
  CheckNoneMisattributed(
      corpus, {"Thursday, January 4th, will bring a temperature of 4.95°C."});
}

// An answer whose weekdays are its own ("On Tuesday" of readings from a
// Wednesday to a Friday) tells a value of a weekday that may be the
// calendar's or the day beside it: misattributed only when it is under
// each reading (quintd-dev-openweather-zephyr-78, whose Wednesday is
// January 4th).
TEST_CASE("rung_records: weekdays the answer counts its own way") {
  const EvidenceCorpus corpus = CorpusOf(kForecast);
  // The calendar's weekdays: Thursday is January 4th, which holds no 8.73.
  CheckMisattributed(
      corpus, {{"On Wednesday, the temperature will be 7.15°C. On "
                "Thursday, it will be 8.73°C.",
                "8.73", "4.95 to 12.86", "main.temp", "$.list[1]", "day"}});
  // No reading falls on a Tuesday: this answer's Thursday may be Friday
  // the 5th, which holds 8.73.
  CheckNoneMisattributed(corpus,
                         {"On Tuesday, the temperature will be 7.15°C. On "
                          "Thursday, it will be 8.73°C."});
}

// A value accused under every reading of the answer's own weekdays keeps
// its later uses: the binding that read no weekday folded the second 2.1
// (Saturday's, January 6th holds it) into the first, and taking the
// calendar's judgement of the first lost it from the verdict.
TEST_CASE(
    "rung_records: an accused value's later uses stay listed when the weekdays "
    "are the answer's own") {
  const EvidenceCorpus corpus = CorpusOf(R"({"list": [
    {"main": {"temp": 7.15}, "dt_txt": "2024-01-03 20:00:00"},
    {"main": {"temp": 4.95}, "dt_txt": "2024-01-04 08:00:00"},
    {"main": {"temp": 12.86}, "dt_txt": "2024-01-04 14:00:00"},
    {"main": {"temp": 8.73}, "dt_txt": "2024-01-05 02:00:00"},
    {"main": {"temp": 6.52}, "dt_txt": "2024-01-05 14:00:00"},
    {"main": {"temp": 3.3}, "dt_txt": "2024-01-06 02:00:00"},
    {"main": {"temp": 2.1}, "dt_txt": "2024-01-06 14:00:00"}]})");
  // No reading falls on a Tuesday; Thursday holds no 2.1 under any reading
  // (January 4th, 5th or 3rd).
  for (std::string_view tuesday : {"Tuesday", "Wednesday"}) {
    const std::string answer =
        "On " + std::string(tuesday) +
        ", the temperature will be 7.15°C. On Thursday, it will be 2.1°C. "
        "By Saturday it falls to 2.1°C.";
    CAPTURE(answer);
    const Verdict v = DefaultGate().Judge(answer, corpus);
    REQUIRE(v.candidates.size() == 3);
    CHECK(v.candidates[1].status == kMisattributed);
    CHECK(v.candidates[1].occurrences == 1);
    CHECK(v.candidates[2].status == kGrounded);
    CHECK(v.candidates[2].start == answer.rfind("2.1"));
    CHECK(v.looked_up == 3);
  }
}

TEST_CASE("rung_records: a value told of one month of a series") {
  const EvidenceCorpus corpus = CorpusOf(
      "date,value\n2021-04-10,0.31\n2021-05-30,0.52\n2021-06-02,0.78\n"
      "2021-06-20,0.87\n2021-07-04,2.25\n2021-08-01,3.1\n");
  CheckMisattributed(
      corpus, {
                  // June's readings are 0.78 and 0.87; 0.31 is April's.
                  {"The rate was 0.31 in June 2021.", "0.31", "0.78 to 0.87",
                   "value", "$[2]", "month"},
                  // A peak placed in a month is the greatest of it and the
                  // months beside it: July's 2.25 is greater than June's 0.87.
                  {"The rate rose, with a peak of 0.87 in June 2021.", "0.87",
                   "2.25", "value", "$[4]", "max"},
              });
  CheckNoneMisattributed(
      corpus, {
                  "The rate was 0.87 in June 2021.",
                  // the reading just before or after the month counts
                  "The rate was 0.52 in June 2021.",
                  // a bound is no month the value is told of
                  "By June 2021 the rate was 0.31.",
                  "The rate was 0.31 until June 2021.",
                  // two periods are not read
                  "The rate was 0.31 in April 2021 and 0.87 in June 2021.",
                  "The rate peaked at 3.1 in August 2021.",
                  // a month before the value bounds the stretch of its peak
                  "In June 2021 the rate peaked at 0.87.",
              });
  // A percent of a field of percentage points: the slack of an extreme is
  // read in the field's units (55.87% is not 55.9's neighbour), and
  // October's peak is the greatest of September to November.
  const EvidenceCorpus points = CorpusOf(
      "date,value\n2022-08-02,55.63\n2022-09-30,55.86\n2022-10-06,55.87\n"
      "2022-10-31,55.9\n2023-01-17,55.98\n");
  CheckMisattributed(points,
                     {{"The share grew, with a peak of 55.87% in October 2022.",
                       "55.87", "55.9", "value", "$[3]", "max"}});
  CheckNoneMisattributed(
      points, {"The share grew, with a peak of 55.98% in January 2023."});
}

// A peak placed in a month, told as another reading of it holds it: read
// from that reading, however near the peak (quintd-owid-gpt-3.5-24: "a
// peak of 1688.77 cases per million people in August 2021", August's
// greatest being 1701.4, in a sentence that names March 2020 too). The
// months beside span 400 to 1701.4: a twentieth of that is no slack here.
TEST_CASE("rung_records: a peak placed in a month, read from another day") {
  const EvidenceCorpus corpus = CorpusOf(
      "date,value\n2021-03-07,300.2\n2021-07-25,1613.84\n"
      "2021-08-01,1688.77\n2021-08-08,1701.4\n2021-08-15,1625.699\n"
      "2021-09-26,400.0\n2021-10-03,900.5\n");
  CheckMisattributed(
      corpus, {{"The rate reached a peak of 1688.77 in August 2021.", "1688.77",
                "1701.4", "value", "$[3]", "max"},
               // the value's clause names the month; the sentence names two
               {"The rate stayed low until March 2021, after which it rose, "
                "reaching a peak of 1688.77 in August 2021.",
                "1688.77", "1701.4", "value", "$[3]", "max"}});
  CheckNoneMisattributed(
      corpus, {
                  "The rate reached a peak of 1701.4 in August 2021.",
                  // near the peak, and no reading's as written: told loosely
                  "The rate reached a peak of 1,700 in August 2021.",
                  // a range's end keeps its slack
                  "The rate ranged from 300.2 to 1688.77 in 2021.",
                  // the value's clause names no month, the sentence two
                  "From March 2021 to August 2021, the rate peaked at 1688.77.",
              });
  // A month with no year in the value's clause, in a sentence that names
  // another month: which year's it is, the words do not say
  // (quintd-owid-llama2-44: "from 0.0 in February to 14.049 in April, with
  // a peak of 27.347 in April" is not bound to April 2021's 2605.423).
  const EvidenceCorpus years = CorpusOf(
      "date,value\n2020-02-09,0.0\n2020-03-29,14.049\n2020-04-05,27.347\n"
      "2020-04-12,41.308\n2021-04-25,2605.423\n2021-05-02,2457.0\n");
  CheckNoneMisattributed(
      years, {"The rate has increased from 0.0 in February to 14.049 in "
              "April, with a peak of 27.347 in April."});
  // Nor when the month stands alone in its sentence: April 2020's peak is
  // 41.308 and April 2021's 2605.423; "in April" names neither.
  CheckNoneMisattributed(years, {"The rate reached a peak of 41.308 in April.",
                                 "The highest rate in April was 41.308."});
  // A month the records hold in one year only is that year's.
  const EvidenceCorpus one_year = CorpusOf(
      "date,value\n2020-03-29,14.049\n2020-04-05,27.347\n2020-04-12,41.308\n"
      "2020-04-19,38.1\n2020-05-03,30.2\n");
  CheckMisattributed(one_year, {{"The highest rate in April was 38.1.", "38.1",
                                 "41.308", "value", "$[2]", "max"}});
}

TEST_CASE(
    "rung_records: a range told of what the data covers ends on its "
    "last day") {
  // A date,value series (the shape of the owid inputs of kasnerz/quintd,
  // MIT): a sentence that tells what the chart covers, from its first row
  // on, tells the whole series, so it closes on the last row's day.
  const EvidenceCorpus corpus = CorpusOf(
      "date,value\n2020-03-01,0.5\n2020-06-15,0.7\n2021-01-10,0.9\n"
      "2021-05-20,1.1\n");
  CheckMisattributed(
      corpus,
      {{"The chart shows the rate in Ghana from March 2020 to January 2021.",
        "January 2021", "2021-05-20", "date", "$[3]", "max"},
       {"The data covers the rate from March 1, 2020, to January 10, 2021.",
        "January 10, 2021", "2021-05-20", "date", "$[3]", "max"},
       {"The chart shows the rate between March 2020 and June 2020.",
        "June 2020", "2021-05-20", "date", "$[3]", "max"}});
  CheckNoneMisattributed(
      corpus,
      {
          "The chart shows the rate in Ghana from March 2020 to May 2021.",
          "The data covers the rate from March 1, 2020, to May 20, 2021.",
          // a range that opens after the first row is part of the stretch
          "The chart shows the rate from June 2020 to January 2021.",
          // a change told over a range is of part of the stretch
          "The data shows a sharp rise from March 2020 to January 2021.",
          "The chart shows the rate peaking from March 2020 to June 2020.",
          // no sentence about the data
          "The rate went from March 2020 to January 2021 without a gap.",
      });
  // A date written again is judged at each use: the sentence told twice
  // closes on January 2021 twice, and each use is flagged at its place.
  constexpr std::string_view kTwice =
      "The chart shows the rate in Ghana from March 2020 to January 2021. "
      "The chart shows the rate in Ghana from March 2020 to January 2021.";
  const Verdict twice = DefaultGate().Judge(kTwice, corpus);
  std::vector<std::size_t> flagged_at;
  for (const Candidate& c : twice.candidates) {
    if (c.status != kMisattributed) continue;
    CHECK(c.occurrences == 1);
    REQUIRE(c.binding.has_value());
    CHECK(c.binding->named_value == "2021-05-20");
    flagged_at.push_back(c.start);
  }
  CHECK(flagged_at == std::vector<std::size_t>{kTwice.find("January 2021"),
                                               kTwice.rfind("January 2021")});
  // Both ways: told twice as it is, each use stays grounded and the date
  // is one candidate with its two uses.
  constexpr std::string_view kRightTwice =
      "The chart shows the rate in Ghana from March 2020 to May 2021. The "
      "chart shows the rate in Ghana from March 2020 to May 2021.";
  const Verdict right_twice = DefaultGate().Judge(kRightTwice, corpus);
  CHECK(right_twice.misattributed() == 0);
  CHECK(At(right_twice, kRightTwice, "May 2021").occurrences == 2);
  // A series whose last reading spills into the next month closes with
  // the month before it.
  const EvidenceCorpus spilling = CorpusOf(
      "date,value\n2020-05-07,0.89\n2021-06-02,0.78\n2022-12-31,0.04\n"
      "2023-01-02,0.04\n");
  CheckNoneMisattributed(
      spilling,
      {"The chart shows the rate in Uganda from May 2020 to December 2022."});
  CheckMisattributed(
      spilling,
      {{"The chart shows the rate in Uganda from May 2020 to June 2021.",
        "June 2021", "2023-01-02", "date", "$[3]", "max"}});
}

TEST_CASE("rung_records: a day between two readings names the two") {
  // A series read once a week: a value told of a day between two readings
  // is one of theirs, as the chart draws it.
  const EvidenceCorpus corpus = CorpusOf(
      "date,value\n2020-05-03,76.887\n2020-06-01,100.5\n"
      "2021-05-02,1498.278\n2021-05-09,1610.19\n2021-06-01,1700.2\n");
  CheckMisattributed(corpus,
                     {{"On May 3, 2021, the rate was 76.887 cases.", "76.887",
                       "1498.278 to 1610.19", "value", "$[2]", "day"}});
  CheckNoneMisattributed(corpus,
                         {"On May 5, 2021, the rate was 1498.278 cases.",
                          "On May 3, 2021, the rate was 1610.19 cases.",
                          // a day outside the series names no reading
                          "On May 3, 2022, the rate was 76.887 cases."});
}

TEST_CASE("rung_records: a score told of a numbered part of a game") {
  const EvidenceCorpus corpus = CorpusOf(kGame);
  CheckMisattributed(
      corpus,
      {{"The second period ended 4-0.", "4", "0-0", "period2", "$.homeScore"},
       // A score the ladder read before: the second "4-1" is its own
       // candidate here.
       {"Tappara won 4-1, with the second period ending 4-1.", "4-1", "0-0",
        "period2", "$.homeScore"},
       {"They led 4-2 after the first period.", "4", "2-1", "period1",
        "$.homeScore"}});
  CheckNoneMisattributed(
      corpus,
      {
          // the part's own pair, either side first
          "The first period ended 2-1, the second period ended 0-0.",
          "The first period ended 1-2 for the visitors.",
          // the score at the part's end
          "Tappara led 2-1 at the end of the second period.",
          "They led 2-1 after the second period and 4-1 after the third "
          "period.",
          // a score told apart from the part (the final, before a comma)
          "Tappara won 4-1, scoring twice in the third period.",
          // a part no pair numbers
          "They were 3-0 up in the fourth period.",
      });
  // A count told of a part is one side's value for it, or both together.
  CheckMisattributed(
      corpus, {{"Tappara scored 4 goals in the first period.", "4", "2-1",
                "period1", "$.homeScore"},
               {"Oulun Karpat scored two goals in the second period.",
                "two goals", "0-0", "period2", "$.homeScore"},
               {"In the third period, Tappara added three unanswered goals.",
                "three unanswered goals", "2-0", "period3", "$.homeScore"}});
  CheckNoneMisattributed(
      corpus,
      {
          "Tappara scored 2 goals in the first period and 2 goals in the "
          "third period.",
          "Oulun Karpat scored one goal in the first period.",
          "Three goals were scored in the first period.",
          "Neither side scored a goal in the second period.",
          "The third period saw two unanswered goals.",
          // no part: every period, or two of them
          "Tappara scored 3 goals in each period.",
          "Tappara scored 5 goals in the first and third periods.",
      });
}

// A part told in favour of a side that did not lead it: the numbers are
// the part's, the side is not (quintd-ice_hockey-mistral-90: "the second
// period ending 0-1 in favor of the home team", the home side's 0).
TEST_CASE("rung_records: a part's score told in favour of the wrong side") {
  const EvidenceCorpus corpus = CorpusOf(kGame);
  CheckMisattributed(
      corpus,
      {{"The first period ended 2-1 in favor of Oulun Karpat.", "2", "1-2",
        "period1", "$.awayScore", "leader"},
       {"The first period saw Oulun Karpat leading 1-2.", "1", "1-2", "period1",
        "$.awayScore", "leader"},
       {"The third period ended in a 0-2 lead for the away team.", "0", "0-2",
        "period3", "$.awayScore", "leader"},
       {"The first period ended 2-1 in favor of Tappara Tampere, and the third "
        "period ended 2-0 in favour of Oulun Karpat.",
        "2-0", "0-2", "period3", "$.awayScore", "leader"}});
  CheckNoneMisattributed(
      corpus,
      {
          // the side that led the part, by its goals or by the score at
          // its end
          "The first period ended 2-1 in favor of Tappara Tampere.",
          "The second period ended 2-1 in favor of the home team.",
          "The third period ended in a 2-0 lead for Tappara Tampere.",
          // a cue is the score's own: "in favor of" told of the score
          // before is not the tie's
          "The first period ended 2-1 in favor of Tappara Tampere, the second "
          "period ended 0-0.",
          // both sides named before "leading": which leads is not plain
          "Tappara Tampere faced Oulun Karpat, leading 1-2 after the first "
          "period.",
          // a negation
          "The first period ended 2-1, not in favor of Oulun Karpat.",
          // a lead the side named lost or cut is the other's
          "Oulun Karpat lost the lead, 1-2 after the first period.",
          "Oulun Karpat narrowed the gap, the lead 1-2 after the first "
          "period.",
      });
}

TEST_CASE("rung_records: a score told with the winner the totals deny") {
  // The shape of the ice_hockey inputs of kasnerz/quintd (MIT): the home
  // side lost 1-3, winning the third period 1-0.
  const EvidenceCorpus corpus = CorpusOf(
      R"({"homeTeam": {"name": "HC 19 Humenne", "nameCode": "HUM"},
          "awayTeam": {"name": "HK Dukla Michalovce", "shortName": "Dukla"},
          "homeScore": {"display": 1, "period1": 0, "period2": 0,
                        "period3": 1},
          "awayScore": {"display": 3, "period1": 2, "period2": 1,
                        "period3": 0}})");
  CheckMisattributed(
      corpus,
      {
          {"HC 19 Humenne won the game with a score of 1-3.", "1", "1-3",
           "display", "$.homeScore", "winner"},
          // either order: the side named wins, whichever it writes first
          {"HC 19 Humenne won 3-1.", "3", "1-3", "display", "$.homeScore",
           "winner"},
          // the side written after the words
          {"The final score was 3-1 in favor of HC 19 Humenne.", "3", "1-3",
           "display", "$.homeScore", "winner"},
          // by its word and "team"
          {"The home team emerged victorious with a score of 1-3.", "1", "1-3",
           "display", "$.homeScore", "winner"},
          // a loser that won; the last word of a side's name
          {"The Michalovce lost 3-1 on the road.", "3", "3-1", "display",
           "$.awayScore", "winner"},
          // a name matched whatever its letters' case
          {"hc 19 HUMENNE won 3-1.", "3", "1-3", "display", "$.homeScore",
           "winner"},
      });
  CheckNoneMisattributed(
      corpus, {
                  "HK Dukla Michalovce won the game 3-1.",
                  "Dukla won 1-3 away from home.",
                  "The final score was 1-3 in favor of the away team.",
                  "The home team lost 1-3.",
                  // a part, overtime, a negation: no whole contest's outcome
                  "HC 19 Humenne won the third period 1-0.",
                  "HC 19 Humenne did not win: it ended 1-3.",
                  "HC 19 Humenne would have won 2-1 in overtime.",
                  // no side named before the word
                  "With a score of 1-3, the game was won.",
                  // a name inside a longer word names no side
                  "Humenneborg won 3-1.",
              });
  // The score is the number the ladder read at its start (above), or the
  // score whole when it read none there.
  // A tie names no winner to deny.
  const EvidenceCorpus tied = CorpusOf(
      R"({"homeTeam": {"name": "HC 19 Humenne"},
          "awayTeam": {"name": "HK Dukla Michalovce"},
          "homeScore": {"display": 2, "period1": 2},
          "awayScore": {"display": 2, "period1": 2}})");
  CheckNoneMisattributed(tied, {"HC 19 Humenne won 2-2 on penalties."});
}

TEST_CASE("rung_records: a code a sibling holds, told of the named flight") {
  const EvidenceCorpus corpus = CorpusOf(
      R"([{"flight_number": "HAT110", "origin": "ATL", "destination": "LGA"},
          {"flight_number": "HAT132", "origin": "LGA", "destination": "PHL"}])");
  // The first PHL names no flight; the second is told of HAT110.
  constexpr std::string_view kAnswer =
      "Your trip to PHL:\n- **Flight HAT110** from ATL to PHL\n"
      "- **Flight HAT132** from LGA to PHL\n";
  const Verdict v = DefaultGate().Judge(kAnswer, corpus);
  REQUIRE(v.misattributed() == 1);
  const Candidate* code = nullptr;
  for (const Candidate& c : v.candidates) {
    if (c.status == kMisattributed) code = &c;
  }
  REQUIRE(code != nullptr);
  CHECK(code->start == kAnswer.find("PHL", kAnswer.find("HAT110")));
  CHECK(code->shape == "code");
  CHECK(code->binding->field == "destination");
  CHECK(code->binding->named_value == "LGA");
  CHECK(code->carriers == std::vector<std::string>{"call_1"});
  // Candidates stay in answer order.
  for (std::size_t i = 1; i < v.candidates.size(); ++i) {
    CHECK(v.candidates[i - 1].start < v.candidates[i].start);
  }
  // Like with like: a code is no other value of a field that holds prose.
  CheckNoneMisattributed(
      CorpusOf(R"([{"name": "Bluetooth", "value": "4.0, A2DP"},
                   {"name": "Positioning", "value": "GPS"}])"),
      {"It has Wi-Fi, Bluetooth, GPS and FM radio."});
}

TEST_CASE("rung_records: options and law 5") {
  constexpr std::string_view kWrong = "Flight HAT069: economy $114.";
  const auto judged = [&](GateOptions options, const EvidenceCorpus& corpus) {
    return Gate::Create(options).value().Judge(kWrong, corpus);
  };
  const EvidenceCorpus corpus = CorpusOf(kFlights);
  const Verdict off = judged({.bind_records = false}, corpus);
  CHECK(off.misattributed() == 0);
  CHECK_FALSE(off.flagged());
  const Verdict warned = judged({.misattribution_flags = false}, corpus);
  CHECK(warned.misattributed() == 1);
  CHECK(warned.misattribution_warns_only);
  CHECK_FALSE(warned.flagged());
  CHECK(VerdictAction(warned) == "grounded");
  // A partial corpus accuses no one of this either.
  EvidenceCorpus partial = CorpusOf(kFlights);
  partial.MarkPartial();
  const Verdict unverified = judged({}, partial);
  CHECK(unverified.misattributed() == 0);
  CHECK_FALSE(unverified.flagged());
  // A new user turn: last turn's records name nothing.
  EvidenceCorpus next = CorpusOf(kFlights);
  next.RecordUserMessage("And now?");
  CHECK(judged({}, next).misattributed() == 0);
}

}  // namespace
}  // namespace groundgate
