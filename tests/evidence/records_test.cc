// tests/evidence/records_test.cc — a turn's results read as records
// (evidence/records.cc).
//
// Its one job: pin what is a record (an object of an array of objects, a
// value of a map of objects, a row of a CSV or markdown table), its path
// and field paths, what identifies it among its siblings (ids, names,
// years, its date and time), what is loose, and the leaf budget.
//
// What it does NOT do: judge (tests/stages/rung_records_test.cc does).
#include "evidence/records.h"

#include <doctest/doctest.h>

#include <cfenv>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace groundgate::evidence {
namespace {

const RecordField* Field(const Record& r, std::string_view path) {
  for (const RecordField& f : r.fields) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

TEST_CASE("records: the objects of an array are records of one group") {
  RecordSet set;
  set.Add(3, R"({"flights": [
      {"flight_number": "HAT069", "destination": "SEA",
       "prices": {"economy": 174}, "legs": [1, 2]},
      {"flight_number": "HAT139", "destination": "SEA",
       "prices": {"economy": 114.5}}], "count": 2})");
  set.Finish();
  REQUIRE(set.groups().size() == 1);
  CHECK(set.groups()[0].path == "$.flights");
  CHECK(set.groups()[0].carrier == 3);
  REQUIRE(set.records().size() == 2);
  const Record& first = set.records()[0];
  CHECK(first.path == "$.flights[0]");
  CHECK(first.carrier == 3);
  REQUIRE(Field(first, "prices.economy") != nullptr);
  CHECK(Field(first, "prices.economy")->text == "174");
  CHECK(*Field(first, "prices.economy")->number == 174);
  CHECK(Field(first, "legs[]") != nullptr);
  CHECK(Field(set.records()[1], "prices.economy")->text == "114.5");
  // An id with a digit identifies; a destination both share does not.
  CHECK(first.identifiers == std::vector<std::string>{"HAT069"});
  // The top-level count stands outside every record.
  CHECK(set.loose_numbers() == std::vector<double>{2});
  CHECK(set.complete());
}

TEST_CASE("records: a map of objects, nested groups, names and dates") {
  RecordSet set;
  set.Add(0, R"({"rates": {"EUR": {"rate": 0.92}, "GBP": {"rate": 0.79}},
      "teams": [{"name": "Tappara", "score": 4, "id": 3834,
                 "games": [{"on": "2024-01-05 02:00:00"},
                           {"on": "2024-01-06"}]},
                {"name": "Kärpät", "score": 1, "id": 3835}]})");
  set.Finish();
  REQUIRE(set.groups().size() == 3);
  CHECK(set.groups()[0].path == "$.rates");
  CHECK(set.records()[0].path == "$.rates.EUR");
  CHECK(Field(set.records()[0], "rate")->text == "0.92");
  // A name under "name" that begins with a capital, and an "id" number.
  CHECK(set.records()[2].path == "$.teams[0]");
  CHECK(set.records()[2].identifiers ==
        std::vector<std::string>{"Tappara", "3834"});
  // The inner array is a group of its own, not the team's fields.
  CHECK(Field(set.records()[2], "games[].on") == nullptr);
  const Record& game = set.records()[3];
  CHECK(game.path == "$.teams[0].games[0]");
  CHECK(game.day == "2024-01-05");
  CHECK(game.time == "02:00");
  CHECK(set.records()[4].day == "2024-01-06");
  CHECK(set.records()[4].time.empty());
}

TEST_CASE("records: tables in text") {
  RecordSet csv;
  csv.Add(1,
          "# country: Mongolia\ndate,value\n2021-02-25,0.09\n"
          "2021-02-26,\"1,140\"\n");
  csv.Finish();
  REQUIRE(csv.records().size() == 2);
  CHECK(csv.groups()[0].path == "$");
  CHECK(csv.records()[1].path == "$[1]");
  CHECK(csv.records()[0].day == "2021-02-25");
  CHECK(Field(csv.records()[1], "value")->text == "1,140");

  RecordSet markdown;
  markdown.Add(0,
               "| year | value |\n|---|---|\n| 2019 | 69.6 |\n"
               "| 2020 | 70.1 |\nSource: 12 surveys\n");
  markdown.Finish();
  REQUIRE(markdown.records().size() == 2);
  CHECK(Field(markdown.records()[1], "value")->text == "70.1");
  CHECK(markdown.records()[0].identifiers == std::vector<std::string>{"2019"});
  CHECK(markdown.loose_numbers() == std::vector<double>{12});

  // Prose is no table: its numbers are loose.
  RecordSet prose;
  prose.Add(0, "Port fc1/3 is down with 41,200 CRC errors.");
  prose.Finish();
  CHECK(prose.records().empty());
  CHECK(prose.loose_numbers() == std::vector<double>{41200});
  CHECK(prose.HoldsLooseText("fc1/3"));
  // A word's quotes, brackets and a dollar sign before it are trimmed;
  // words without a digit are not kept.
  RecordSet quoted;
  quoted.Add(0, "Paid ($1,250) on \"INV-77\", see [room 4B]; 'done'");
  quoted.Finish();
  CHECK(quoted.loose_numbers() == std::vector<double>{1250});
  CHECK(quoted.HoldsLooseText("inv-77"));
  CHECK(quoted.HoldsLooseText("4b"));
  CHECK_FALSE(quoted.HoldsLooseText("paid"));
  CHECK_FALSE(quoted.HoldsLooseText("done"));
}

TEST_CASE("records: text that cannot begin JSON is read as text") {
  // A result no JSON value can begin with is read as text without a
  // parse; one that may begin one, behind whitespace, is parsed first.
  RecordSet csv;
  csv.Add(0, " \r\n\ndate,value\n2021-02-25,0.09\n2021-02-26,0.14\n");
  csv.Finish();
  REQUIRE(csv.records().size() == 2);
  CHECK(Field(csv.records()[1], "value")->text == "0.14");
  RecordSet spaced;
  spaced.Add(0,
             "\r\n [{\"id\": \"A1\", \"v\": 2}, {\"id\": \"B2\", \"v\": 3}]");
  spaced.Finish();
  REQUIRE(spaced.records().size() == 2);
  CHECK(spaced.records()[1].path == "$[1]");
  // A digit may begin JSON: the parse fails, and the text is read.
  RecordSet years;
  years.Add(0, "2019,4\n2020,5\n2021,6\n");
  years.Finish();
  REQUIRE(years.records().size() == 2);  // under the header "2019,4"
  CHECK(Field(years.records()[1], "2019")->text == "2021");
  RecordSet empty;
  empty.Add(0, "");
  empty.Finish();
  CHECK(empty.records().empty());
  CHECK(empty.complete());
}

TEST_CASE("records: two sibling objects that number the parts of a whole") {
  // The shape of the ice_hockey inputs of kasnerz/quintd (MIT): the home
  // and away scores of one game, period by period.
  RecordSet set;
  set.Add(2, R"({"homeTeam": {"name": "Tappara", "id": 3834},
      "homeScore": {"display": 4, "period1": 2, "period2": 0},
      "awayScore": {"display": 1, "period1": 1, "period2": 0},
      "id": 11354132})");
  set.Finish();
  const std::vector<PartPair>& pairs = set.part_pairs();
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].carrier == 2);
  CHECK(pairs[0].first_path == "$.homeScore");
  CHECK(pairs[0].second_path == "$.awayScore");
  CHECK(pairs[0].stem == "period");
  CHECK(pairs[0].index == 1);
  CHECK(pairs[0].first == 2);
  CHECK(pairs[0].second == 1);
  CHECK(pairs[1].index == 2);
  // A key three siblings hold numbers no pair; a key without an index
  // ("display"), one letter ("q1") or a string value numbers no part.
  RecordSet three;
  three.Add(0, R"({"a": {"set1": 6, "q1": 3, "leg1": "x"},
      "b": {"set1": 4, "q1": 2, "leg1": "y"}, "c": {"set1": 7}})");
  three.Finish();
  CHECK(three.part_pairs().empty());
}

TEST_CASE("records: the two sides of a contest, their totals and names") {
  // The shape of the ice_hockey inputs of kasnerz/quintd (MIT).
  RecordSet set;
  set.Add(1, R"({"homeTeam": {"name": "Lethbridge Hurricanes",
        "shortName": "Hurricanes", "nameCode": "LEH", "country": "Canada"},
      "awayTeam": {"name": "Calgary Hitmen", "nameCode": "CAH"},
      "homeScore": {"display": 4, "period1": 1, "period2": 3},
      "awayScore": {"display": 1, "period1": 0, "period2": 1}})");
  set.Finish();
  const std::vector<SidePair>& sides = set.side_pairs();
  REQUIRE(sides.size() == 1);
  const SidePair& game = sides[0];
  CHECK(game.carrier == 1);
  CHECK(game.first_path == "$.homeScore");
  CHECK(game.second_path == "$.awayScore");
  CHECK(game.total_key == "display");
  CHECK(game.first_total == 4);
  CHECK(game.second_total == 1);
  CHECK(game.first_word == "home");
  CHECK(game.second_word == "away");
  // Text leaves under keys that hold "name"; "country" names no side.
  CHECK(game.first_names ==
        std::vector<std::string>{"Lethbridge Hurricanes", "Hurricanes", "LEH"});
  CHECK(game.second_names == std::vector<std::string>{"Calgary Hitmen", "CAH"});

  // Keys with an ending of their own word ("_score"); no sibling with a
  // name: the sides are still told, by their words.
  RecordSet snake;
  snake.Add(0, R"({"home_score": {"total": 2, "set1": 2},
      "away_score": {"total": 3, "set1": 3}})");
  snake.Finish();
  REQUIRE(snake.side_pairs().size() == 1);
  CHECK(snake.side_pairs()[0].total_key == "total");
  CHECK(snake.side_pairs()[0].first_word == "home");
  CHECK(snake.side_pairs()[0].first_names.empty());
  // No total both hold, or keys that share no ending: no sides.
  RecordSet untotalled;
  untotalled.Add(
      0, R"({"homeScore": {"period1": 2}, "awayScore": {"period1": 1}})");
  untotalled.Finish();
  CHECK(untotalled.side_pairs().empty());
  RecordSet unrelated;
  unrelated.Add(0, R"({"left": {"display": 1, "period1": 2},
      "right": {"display": 2, "period1": 1}})");
  unrelated.Finish();
  CHECK(unrelated.side_pairs().empty());
}

TEST_CASE("records: past the leaf budget the set is incomplete") {
  std::string big = "[";
  for (std::size_t i = 0; i < kMaxRecordLeaves / 2 + 10; ++i) {
    big += i == 0 ? "" : ",";
    big += R"({"a":1,"b":2})";
  }
  big += "]";
  RecordSet set;
  set.Add(0, big);
  CHECK_FALSE(set.complete());
  // Bad input is read as text, never a crash.
  RecordSet broken;
  broken.Add(0, "{\"a\": [1, 2");
  CHECK(broken.complete());
  CHECK(broken.records().empty());
}

TEST_CASE("records: SplitDateTime") {
  std::string day;
  std::string time;
  CHECK(SplitDateTime("2024-01-05T02:30:00Z", &day, &time));
  CHECK(day == "2024-01-05");
  CHECK(time == "02:30");
  CHECK_FALSE(SplitDateTime("2024-1-5", &day, &time));
  CHECK_FALSE(SplitDateTime("HAT069", &day, &time));
  // A day alone, a day with a mark after it but no clock: no time.
  CHECK(SplitDateTime("2024-01-06", &day, &time));
  CHECK(day == "2024-01-06");
  CHECK(time.empty());
  CHECK(SplitDateTime("2024-01-07T", &day, &time));
  CHECK(day == "2024-01-07");
  CHECK(time.empty());
  // False writes neither output, even when the text opens with a day.
  day = "kept";
  time = "kept";
  CHECK_FALSE(SplitDateTime("2024-01-05x", &day, &time));
  CHECK(day == "kept");
  CHECK(time == "kept");
  // Either output may be null.
  CHECK(SplitDateTime("2024-01-05 06:00:00", nullptr, &time));
  CHECK(time == "06:00");
  CHECK(SplitDateTime("2024-01-05 06:00:00", nullptr, nullptr));
  CHECK_FALSE(SplitDateTime("06:00:00", nullptr, nullptr));
  // What the first look turns away, and what it lets by to the full read.
  CHECK_FALSE(SplitDateTime("2024/01/05", &day, &time));
  CHECK_FALSE(SplitDateTime("12345-01-05", &day, &time));
  CHECK_FALSE(SplitDateTime("2024-01-0", &day, &time));
  CHECK_FALSE(SplitDateTime("abcd-ef-gh", &day, &time));
  CHECK_FALSE(SplitDateTime("2024-0a-05", &day, &time));
  CHECK(day == "kept");
}

TEST_CASE("records: siblings of other shapes keep their own field paths") {
  RecordSet set;
  set.Add(0, R"([{"a": 1, "b": {"c": 2}}, {"b": 3, "a": 4, "d": 5},
                {"a": 6}])");
  set.Finish();
  REQUIRE(set.records().size() == 3);
  const auto paths = [&](std::size_t r) {
    std::vector<std::string> out;
    for (const RecordField& f : set.records()[r].fields) {
      out.emplace_back(f.path);
    }
    return out;
  };
  CHECK(paths(0) == std::vector<std::string>{"a", "b.c"});
  CHECK(paths(1) == std::vector<std::string>{"b", "a", "d"});
  CHECK(paths(2) == std::vector<std::string>{"a"});
  // No text names one of these records.
  CHECK_FALSE(set.HasIdentifiers());
  RecordSet named;
  named.Add(0, R"([{"id": "A1"}, {"id": "B2"}])");
  named.Finish();
  CHECK(named.HasIdentifiers());
  CHECK(named.BeginsAnIdentifier("A1"));
}

TEST_CASE("records: groups inside records, read while their record is") {
  // Each record holds a group of its own, read in the middle of the outer
  // record's fields: room made for the inner records must leave the outer
  // record's fields (read before and after it) whole.
  std::string json = "[";
  for (int outer = 0; outer < 40; ++outer) {
    if (outer > 0) json += ",";
    json += R"({"id": "O)" + std::to_string(outer) + R"(", "legs": [)";
    for (int inner = 0; inner < 5; ++inner) {
      if (inner > 0) json += ",";
      json += R"({"leg": "L)" + std::to_string(outer * 10 + inner) +
              R"(", "km": )" + std::to_string(100 + inner) + "}";
    }
    json += R"(], "seats": )" + std::to_string(outer) + "}";
  }
  json += "]";
  RecordSet set;
  set.Add(0, json);
  set.Finish();
  REQUIRE(set.groups().size() == 41);
  REQUIRE(set.records().size() == 240);
  std::size_t outer_seen = 0;
  for (const Record& r : set.records()) {
    if (set.groups()[r.group].path != "$") continue;
    const RecordField* id = Field(r, "id");
    const RecordField* seats = Field(r, "seats");
    REQUIRE(id != nullptr);
    REQUIRE(seats != nullptr);
    CHECK(id->text == "O" + std::to_string(outer_seen));
    CHECK(seats->number == static_cast<double>(outer_seen));
    CHECK(Field(r, "legs[].km") == nullptr);  // the inner group's own
    ++outer_seen;
  }
  CHECK(outer_seen == 40);
  const auto leg = set.NamedBy("L394");
  REQUIRE(leg.size() == 1);
  CHECK(set.records()[leg[0]].path == "$[39].legs[4]");
  CHECK(Field(set.records()[leg[0]], "km")->number == 104.0);
}

TEST_CASE("records: a record's day number is DaysFromCivil of its day") {
  RecordSet set;
  set.Add(0, R"([{"dt": "2024-01-05 06:00:00", "t": 1},
                {"dt": "2024-02-29", "t": 2},
                {"dt": "2024-13-01", "t": 3},
                {"name": "no day", "t": 4}])");
  set.Finish();
  REQUIRE(set.records().size() == 4);
  for (const Record& r : set.records()) {
    INFO(r.path);
    CHECK(r.days == DaysFromCivil(r.year, r.month, r.mday));
  }
  CHECK(set.records()[0].days == DaysFromCivil(2024, 1, 5));
  CHECK(set.records()[1].days - set.records()[0].days == 55);
  // A month past December and no day at all: no day read, the zeros'.
  CHECK(set.records()[2].year == 0);
  CHECK(set.records()[3].days == DaysFromCivil(0, 0, 0));
}

TEST_CASE("records: DoubleText writes what std::to_chars writes") {
  const auto to_chars_text = [](double v) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, v);
    REQUIRE(error == std::errc());
    return std::string(buffer, end);
  };
  std::vector<double> values = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0.1,
                                0.05,
                                0.0001,
                                0.00001,
                                0.000012,
                                1e-6,
                                23.95,
                                -2.5,
                                1500.0,
                                100000.0,
                                123456.0,
                                1e14,
                                999999999999999.0,
                                1e15,
                                1e16,
                                1e300,
                                9007199254740993.0,
                                0.30000000000000004,
                                1.0 / 3.0,
                                2.0 / 3.0,
                                1013.25,
                                0.1 + 0.2,
                                12345678901234.5,
                                1234567890123.45,
                                99.99999999999999,
                                9.999999999999998,
                                std::nextafter(10.0, 0.0),
                                std::nextafter(1000.0, 0.0),
                                std::nextafter(1e-5, 0.0),
                                std::nextafter(1e15, 0.0)};
  // Decimals of every length and scale a result writes, and random doubles.
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 200'000; ++i) {
    const int digits = 1 + static_cast<int>(next() % 17);
    std::uint64_t mantissa = next() % 100'000'000'000'000'000ull;
    for (int d = 17; d > digits; --d) mantissa /= 10;
    const int exponent = static_cast<int>(next() % 40) - 25;
    const std::string text =
        std::to_string(mantissa) + "e" + std::to_string(exponent);
    double v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    values.push_back(i % 2 == 0 ? v : -v);
    std::uint64_t bits = next();
    double raw = 0;
    std::memcpy(&raw, &bits, sizeof raw);
    if (std::isfinite(raw)) values.push_back(raw);
  }
  for (const double v : values) {
    INFO(to_chars_text(v));
    CHECK(DoubleText(v) == to_chars_text(v));
  }
  // Under another rounding mode an application set, the same text.
  const int mode = std::fegetround();
  REQUIRE(std::fesetround(FE_UPWARD) == 0);
  for (std::size_t i = 0; i < values.size(); i += 97) {
    CHECK(DoubleText(values[i]) == to_chars_text(values[i]));
  }
  std::fesetround(mode);
}

TEST_CASE("records: a number's value is the one its text reads as") {
  RecordSet set;
  set.Add(0, R"([{"id": "A1", "v": 0.1, "n": 9007199254740993, "e": 1e300},
                {"id": "B2", "v": -2.50, "n": -7, "e": 5.0}])");
  set.Finish();
  REQUIRE(set.records().size() == 2);
  for (const Record& record : set.records()) {
    for (const RecordField& field : record.fields) {
      if (field.path == "id") continue;
      INFO(field.path, " ", field.text);
      REQUIRE(field.number.has_value());
      double read = 0;
      std::from_chars(field.text.data(), field.text.data() + field.text.size(),
                      read);
      CHECK(*field.number == read);
    }
  }
  CHECK(set.records()[1].fields[1].text == "-2.5");
  CHECK(set.records()[1].fields[3].text == "5");
}

TEST_CASE(
    "records: a cell that reads as NaN leaves the index of numbers whole") {
  // "nan" reads whole as a number (std::from_chars), and is near no value.
  // Kept in the sorted index, it would break the order the look-ups
  // search, and the row holding 3 beside it would go unfound.
  RecordSet set;
  set.Add(0,
          "day,value\n2021-01-01,5\n2021-01-02,nan\n2021-01-03,1\n"
          "2021-01-04,3\n2021-01-05,NaN\n2021-01-06,2\n");
  set.Finish();
  REQUIRE(set.records().size() == 6);
  std::vector<std::uint32_t> found;
  set.WithNumberIn(2.5, 3.5, &found);
  CHECK(found == std::vector<std::uint32_t>{3});
  set.WithNumberIn(0, 10, &found);
  CHECK(found == std::vector<std::uint32_t>{0, 2, 3, 5});
  set.WithNumberIn(1.5, 2.5, &found);
  CHECK(found == std::vector<std::uint32_t>{5});
}

TEST_CASE("records: a table cell is a number only when all of it reads") {
  // Each cell against std::from_chars over the whole cell (a leading '+'
  // dropped): what reads whole is a number, anything else is text. The
  // cells that cannot read whole (a sign inside, a space, a colon, a
  // slash) are turned away before from_chars, and must be the same ones.
  const std::vector<std::string> cells = {"2021-02-25",
                                          "06:00",
                                          "1/2",
                                          "1e-5",
                                          "-3.5",
                                          "+4",
                                          "5-",
                                          "1E+3",
                                          "e-5",
                                          "-",
                                          "+",
                                          "inf",
                                          "-nan",
                                          "12 kg",
                                          "3.",
                                          ".5",
                                          "1e5x",
                                          "0x1A",
                                          "-0",
                                          "1-e5",
                                          "7+",
                                          "0.1",
                                          "0.09",
                                          "-.5",
                                          "1..2",
                                          "99.99",
                                          "00012.50",
                                          "123456789012345",
                                          "1234567890123456",
                                          "0.000000000000001",
                                          "9007199254740993",
                                          "-0.0",
                                          "1.7976931348623157"};
  std::string csv = "name,value\n";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    csv += "c" + std::to_string(i) + ",\"" + cells[i] + "\"\n";
  }
  RecordSet set;
  set.Add(0, csv);
  set.Finish();
  REQUIRE(set.records().size() == cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    std::string_view text = cells[i];
    if (text.front() == '+') text.remove_prefix(1);
    double read = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), read);
    const bool whole = error == std::errc() && end == text.data() + text.size();
    const RecordField* value = Field(set.records()[i], "value");
    REQUIRE(value != nullptr);
    INFO(cells[i]);
    CHECK(value->number.has_value() == whole);
    if (whole && !std::isnan(read)) CHECK(*value->number == read);
  }
}

}  // namespace
}  // namespace groundgate::evidence
