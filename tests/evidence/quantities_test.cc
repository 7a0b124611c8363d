// tests/evidence/quantities_test.cc — what stands around a number in prose.
//
// Its one job: pin evidence/quantities.h and evidence/conversions.h: the
// unit after a number (glued or after a space, with the unit the
// conversion rung knows), field labels, hedges and list markers, each with
// the prose next to it that is none; a span of time's kind; an interval
// converted exactly; and, through Gate::Judge, the numbers a result glued
// together, each read.
//
// What it does NOT do: judge the answer's side (read_numbers_test.cc,
// read_tokens_test.cc) or the rounding and conversion rung
// (rung_rounding_and_conversion_test.cc).
#include "evidence/quantities.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "evidence/conversions.h"
#include "evidence/keys.h"
#include "evidence/numeric_index.h"
#include "groundgate/verdict.h"
#include "tests/support/cases.h"
#include "tests/support/judged_cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::CheckJudgedOverResult;
using groundgate_test::ForEachCase;
using enum CandidateStatus;
using enum MatchReason;

// The unit after the first run of digits, '.' and ',' in `text`.
UnitAfter UnitAfterNumber(std::string_view text) {
  std::size_t i = text.find_first_of("0123456789");
  REQUIRE(i != std::string_view::npos);
  while (i < text.size() &&
         ((text[i] >= '0' && text[i] <= '9') ||
          ((text[i] == '.' || text[i] == ',') && i + 1 < text.size() &&
           text[i + 1] >= '0' && text[i + 1] <= '9'))) {
    ++i;
  }
  return ReadUnitAfter(text, i);
}

// A canonical number's fixed-point units.
NumericUnits U(std::string_view canonical) {
  const std::optional<NumericUnits> units = ExactNumericUnits(canonical);
  REQUIRE(units.has_value());
  return *units;
}

TEST_SUITE("quantities") {
  TEST_CASE("a result's glued slash list: each number, and with its unit") {
    // quintd-dev gsmarena (kasnerz/quintd, MIT): five frame rates glued to
    // a resolution, answered as "1080p" and "25/30/60/120/240fps".
    constexpr std::string_view kVideo =
        R"({"Video": "2160p@24/25/30/60fps, 1080p@25/30/60/120/240fps"})";
    CheckJudgedOverResult(
        kVideo,
        {
            {"It films 1080p video.", "1080p", kGrounded, kCanonical},
            {"It films at 25/30/60/120/240fps.", "25", kGrounded, kCanonical},
            {"It films at 25/30/60/120/240fps.", "240", kGrounded, kCanonical},
            // Planted beside them.
            {"It films 1440p video.", "1440p", kUnsupported, kNone},
            {"It films at 25/30/60/120/480fps.", "480", kUnsupported, kNone},
        });
  }

  TEST_CASE("numbers a result glued together are each read") {
    // quintd-dev gsmarena: "720p@30fps", "4x1.6 GHz" (kasnerz/quintd, MIT).
    constexpr std::string_view kSpecs =
        R"({"Video": "1080p@30fps, 720p@120fps", "CPU": "4x1.6 GHz Cortex-A55",
            "Internal": "32GB/64GB 3GB RAM"})";
    CheckJudgedOverResult(
        kSpecs, {
                    {"It films at 30fps.", "30", kGrounded, kCanonical},
                    {"It films at 120 frames per second.", "120", kGrounded,
                     kCanonical},
                    {"Four cores at 1.6 GHz.", "1.6", kGrounded, kCanonical},
                    {"With 64GB of storage.", "64", kGrounded, kCanonical},
                    // Planted beside them.
                    {"It films at 60fps.", "60", kUnsupported, kNone},
                    {"Four cores at 1.8 GHz.", "1.8", kUnsupported, kNone},
                });
  }

  TEST_CASE("a span of time's kind: its unit after a hyphen") {
    CHECK(evidence::SpanKindKey("7-day") == "@span:day");
    CHECK(evidence::SpanKindKey("(12-Months)") == "@span:month");
    CHECK(evidence::SpanKindKey("1.5-hour") == "@span:hour");
    CHECK(evidence::SpanKindKey("48-port").empty());
    CHECK(evidence::SpanKindKey("day-7").empty());
    CHECK(evidence::SpanKindKey("7-days-long").empty());
  }

  TEST_CASE("an answer's interval maps into another unit exactly") {
    // "63.6 °F" stands for [63.55, 63.65] °F: 17.5278..17.5834 °C.
    std::optional<UnitsInterval> c =
        ConvertInterval(U("63.6"), U("0.05"), QuantityUnit::kFahrenheit,
                        QuantityUnit::kCelsius);
    REQUIRE(c.has_value());
    CHECK(c->low <= U("17.527777777"));
    CHECK(c->low > U("17.5277"));
    CHECK(c->high >= U("17.583333333"));
    CHECK(c->high < U("17.5834"));
    // "45%" for a fraction: [0.445, 0.455].
    c = ConvertInterval(U("45"), U("0.5"), QuantityUnit::kPercent,
                        QuantityUnit::kFraction);
    REQUIRE(c.has_value());
    CHECK(c->low <= U("0.445"));
    CHECK(c->high >= U("0.455"));
    CHECK(c->high < U("0.4551"));
  }

  TEST_CASE("an exact value converts to its exact center") {
    struct Case {
      std::string_view text;  // the value and its unit, for the report
      std::string_view value;
      std::string_view step;
      QuantityUnit from;
      QuantityUnit to;
      std::string_view center;
    };
    static constexpr Case kCases[] = {
        {"11 mph", "11", "0.5", QuantityUnit::kMilesPerHour,
         QuantityUnit::kMetresPerSecond, "4.91744"},
        {"18 km/h", "18", "0", QuantityUnit::kKilometresPerHour,
         QuantityUnit::kMetresPerSecond, "5"},
        // Not -26.6.
        {"-3 \xC2\xB0"
         "C",
         "-3", "0", QuantityUnit::kCelsius, QuantityUnit::kFahrenheit, "26.6"},
        {"2 GiB", "2", "0", QuantityUnit::kGibibytes, QuantityUnit::kGigabytes,
         "2.147483648"},
        {"90 min", "90", "0", QuantityUnit::kMinutes, QuantityUnit::kHours,
         "1.5"},
    };
    ForEachCase(kCases, [&](const Case& c) {
      const std::optional<UnitsInterval> converted =
          ConvertInterval(U(c.value), U(c.step), c.from, c.to);
      REQUIRE(converted.has_value());
      CHECK(converted->center == U(c.center));
    });
  }

  TEST_CASE("a unit's words beside its symbol, as the corpus keys them") {
    using Words = std::vector<std::string_view>;
    auto words = [](QuantityUnit unit) {
      const std::span<const std::string_view> found = UnitWords(unit);
      return Words(found.begin(), found.end());
    };
    CHECK(words(QuantityUnit::kCelsius) == Words{"c", "celsius",
                                                 "\xC2\xB0"
                                                 "c"});
    CHECK(words(QuantityUnit::kKilometresPerHour) ==
          Words{"km/h", "kmh", "kph"});
    CHECK(words(QuantityUnit::kHours) == Words{"h", "hours"});
    CHECK(words(QuantityUnit::kPercent).empty());
    CHECK(words(QuantityUnit::kFraction).empty());
    CHECK(words(QuantityUnit::kNone).empty());
  }

  TEST_CASE("no conversion across dimensions or without a unit") {
    CHECK_FALSE(ConvertInterval(U("5"), 0, QuantityUnit::kCelsius,
                                QuantityUnit::kMetresPerSecond));
    CHECK_FALSE(ConvertInterval(U("5"), 0, QuantityUnit::kNone,
                                QuantityUnit::kCelsius));
    CHECK_FALSE(ConvertInterval(U("5"), 0, QuantityUnit::kCelsius,
                                QuantityUnit::kCelsius));
    CHECK(OtherUnitsOf(QuantityUnit::kNone).empty());
    CHECK(OtherUnitsOf(QuantityUnit::kCelsius).size() == 2);
    CHECK(OtherUnitsOf(QuantityUnit::kPercent).size() == 1);
  }

  TEST_CASE("FindInRange finds a carried value inside, and none outside") {
    NumericIndex index;
    index.Add("17.58", 0);
    index.Add("2.41", 1);
    index.Add("0.4523", 2);
    index.Prepare();
    std::optional<NumericMatch> found =
        index.FindInRange(U("17.52"), U("17.59"), U("17.55"));
    REQUIRE(found.has_value());
    CHECK(found->op == NumericOp::kConverted);
    CHECK(found->operands.at(0).value == "17.58");
    CHECK(found->operands.at(0).slots == std::vector<std::uint32_t>{0});
    CHECK_FALSE(index.FindInRange(U("17.59"), U("18"), U("17.7")));
    CHECK_FALSE(index.FindInRange(U("18"), U("17"), U("17.5")));
    found = index.FindInRange(U("0.445"), U("0.455"), U("0.45"));
    REQUIRE(found.has_value());
    CHECK(found->operands.at(0).value == "0.4523");
  }

  TEST_CASE("a unit glued or after one space makes a measured quantity") {
    struct Case {
      std::string_view text;
      QuantityUnit unit;
      std::string_view unit_text;
    };
    static constexpr Case kCases[] = {
        {"a 16MP camera", QuantityUnit::kNone, "MP"},
        {"a 16 MP camera", QuantityUnit::kNone, "MP"},
        {"3340mAh battery", QuantityUnit::kNone, "mAh"},
        {"wind of 2.41m/s", QuantityUnit::kMetresPerSecond, "m/s"},
        {"wind of 2.41 m/s", QuantityUnit::kMetresPerSecond, "m/s"},
        {"up to 30 km/h", QuantityUnit::kKilometresPerHour, "km/h"},
        {"gusts of 11 mph", QuantityUnit::kMilesPerHour, "mph"},
        {"it is 17.6\xC2\xB0"
         "C",
         QuantityUnit::kCelsius,
         "\xC2\xB0"
         "C"},
        {"it is 17.6 \xC2\xB0"
         "C",
         QuantityUnit::kCelsius,
         "\xC2\xB0"
         "C"},
        {"it is 63\xC2\xB0"
         "F",
         QuantityUnit::kFahrenheit,
         "\xC2\xB0"
         "F"},
        {"it is 28 degrees Celsius", QuantityUnit::kCelsius, "degrees Celsius"},
        {"it is 82 degrees F", QuantityUnit::kFahrenheit, "degrees F"},
        {"it is 28 degrees", QuantityUnit::kNone, "degrees"},
        {"a 90% chance", QuantityUnit::kPercent, "%"},
        {"a 90 percent chance", QuantityUnit::kPercent, "percent"},
        {"74.66 years", QuantityUnit::kNone, "years"},
        {"1017 hPa", QuantityUnit::kNone, "hPa"},
        {"4 GB of RAM", QuantityUnit::kGigabytes, "GB"},
        {"scored 7 points", QuantityUnit::kNone, "points"},
        {"41\xC2\xA0%", QuantityUnit::kPercent, "%"},
        // After a hyphen, as a compound adjective.
        {"a 5.5-inch display", QuantityUnit::kNone, "inch"},
        {"a 13-megapixel camera", QuantityUnit::kNone, "megapixel"},
        {"a 2-GB card", QuantityUnit::kGigabytes, "GB"},
    };
    ForEachCase(kCases, [&](const Case& c) {
      const UnitAfter unit = UnitAfterNumber(c.text);
      CHECK(unit.found);
      CHECK(unit.unit == c.unit);
      const std::size_t unit_start = c.text.find(c.unit_text);
      REQUIRE(unit_start != std::string_view::npos);
      CHECK(unit.end == unit_start + c.unit_text.size());
    });
  }

  TEST_CASE("counted nouns and English words after a space are no unit") {
    for (std::string_view text :
         {"3 issues", "2 passengers", "4 bags", "3 in the morning", "2 am",
          "5 s", "it is 12", "12.", "on 3 days", "2 mPa", "in 45 minutes",
          "a 60 minutes game", "within 24 hours", "a 3-day trip",
          "a 24-hour window", "a 5-year plan", "a 2-in-1 laptop", "4-1"}) {
      CAPTURE(text);
      const UnitAfter unit = UnitAfterNumber(text);
      // "on 3 days": days, weeks and months after a space are spans of a
      // conversation ("the next 5 days"), not readings.
      CHECK_FALSE(unit.found);
    }
  }

  TEST_CASE("a count per something is a rate; told as a bound it is none") {
    // quintd-labelled-even owid (kasnerz/quintd, MIT): "a peak of 150 cases
    // per million people in May", where the data's peak was 4.
    constexpr std::string_view kRates[] = {
        "a peak of 150 cases per million people", "682 new cases per million",
        "500 tests per day", "19 tests per 1,000 people",
        "rose to 500 tests per day"};
    for (std::string_view text : kRates) {
      CAPTURE(text);
      const UnitAfter unit = UnitAfterNumber(text);
      CHECK(unit.found);
      CHECK(unit.unit == QuantityUnit::kNone);
    }
    CHECK(UnitAfterNumber("150 cases per million people").end ==
          std::string_view("150 cases per million").size());
    constexpr std::string_view kNoRates[] = {
        "fewer than 10 new infections per million",
        "less than 200 cases per million",
        "over 500 cases per day",
        "at least 3 tests per day",
        "up to 2 bags per passenger",
        "3 cases in May per the report",
        "3 new cases",
        "3 cases per",
        "3 of them per day",
        "a 3-case per day"};
    for (std::string_view text : kNoRates) {
      CAPTURE(text);
      CHECK_FALSE(UnitAfterNumber(text).found);
    }
    // Through the gate: the rate is judged like a number with a unit.
    constexpr std::string_view kSeries =
        R"({"rows": [["2020-05-01", 4.1], ["2020-06-01", 150.2]]})";
    CheckJudgedOverResult(
        kSeries, {
                     {"A peak of 682 cases per million people in May.", "682",
                      kUnsupported, kNone},
                     {"A peak of 150 cases per million people.", "150",
                      kGrounded, kRounded},
                 });
  }

  TEST_CASE("a result names a unit the conversion rung knows") {
    CHECK(UnitNamedBy("\xC2\xB0"
                      "c") == QuantityUnit::kCelsius);
    CHECK(UnitNamedBy("celsius") == QuantityUnit::kCelsius);
    CHECK(UnitNamedBy("m/s") == QuantityUnit::kMetresPerSecond);
    CHECK(UnitNamedBy("mph") == QuantityUnit::kMilesPerHour);
    CHECK(UnitNamedBy("gb") == QuantityUnit::kGigabytes);
    CHECK(UnitNamedBy("c") == QuantityUnit::kNone);
    CHECK(UnitNamedBy("s") == QuantityUnit::kNone);
    CHECK(UnitNamedBy("hpa") == QuantityUnit::kNone);
  }

  TEST_CASE("a field label before a number; a clock or prose is none") {
    constexpr std::string_view kYes[] = {
        "Available Seats: 54",
        "- **Total Checked Bags:** 2",
        "Total Checked Bags: **2**",
        "Wind speed:\t3.1",
    };
    for (std::string_view text : kYes) {
      CAPTURE(text);
      CHECK(AfterFieldLabel(text, text.find_first_of("0123456789")));
    }
    struct No {
      std::string_view text;
      std::size_t number_start;
    };
    static constexpr No kNo[] = {
        {"at 14:30", 6},          // a clock's minutes
        {"we have 54 seats", 8},  // prose
        {"Seats:\n54", 7},        // the label is on another line
        {"54", 0},
        {"12: 54", 4},  // no letter in the label
    };
    for (const No& c : kNo) {
      CAPTURE(c.text);
      CHECK_FALSE(AfterFieldLabel(c.text, c.number_start));
    }
  }

  TEST_CASE("a hedge word before a number") {
    for (std::string_view text :
         {"about 20", "Around 20", "roughly 20", "nearly 20",
          "approximately 20", "approx. 20", "~20", "over 20", "about $20"}) {
      CAPTURE(text);
      CHECK(AfterHedge(text, text.find_first_of("0123456789")));
    }
    for (std::string_view text : {"exactly 20", "20", "is 20", "labout 20"}) {
      CAPTURE(text);
      CHECK_FALSE(AfterHedge(text, text.find_first_of("0123456789")));
    }
  }

  TEST_CASE("a list marker is first on its line, then '.' or ')'") {
    struct Case {
      std::string_view text;
      std::size_t start;
      std::size_t end;
      bool marker;
    };
    static constexpr Case kCases[] = {
        {"1. Flight HAT083", 0, 1, true},
        {"Options:\n2) economy", 9, 10, true},
        {"Options:\n  3. basic", 11, 12, true},
        {"## 4. Summary", 3, 4, true},
        {"it rose 2. Then", 8, 9, false},
        {"1.5 GHz", 0, 3, false},
        {"12 bags", 0, 2, false},
    };
    ForEachCase(kCases, [&](const Case& c) {
      CHECK(IsListMarker(c.text, c.start, c.end) == c.marker);
    });
  }
}

}  // namespace
}  // namespace groundgate::evidence
