// tests/evidence/quantities_test.cc — what stands around a number in prose.
//
// Its one job: pin evidence/quantities.h: the unit after a number (glued or
// after a space, with the unit the conversion rung knows), field labels,
// hedges and list markers, each with the prose next to it that is none.
//
// What it does NOT do: judge (the rung suites and judge_test.cc do).
#include "evidence/quantities.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "evidence/conversions.h"
#include "evidence/keys.h"
#include "evidence/numeric_index.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::AtText;

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

// The judge's side: a gate, one tool result, one answer.
Verdict JudgeWith(std::string_view result, std::string_view answer,
                  GateOptions options = {}) {
  absl::StatusOr<Gate> gate = Gate::Create(std::move(options));
  REQUIRE(gate.ok());
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("What does the data say?");
  corpus.RecordToolResult("call_0", "get_data", result);
  return gate->Judge(answer, corpus);
}

constexpr std::string_view kFlightless = R"({"status": "ok"})";

// An OpenWeather forecast as quintd-dev holds them (kasnerz/quintd, MIT):
// the units named once, the readings bare.
constexpr std::string_view kWeather =
    R"({"units": {"temp": "°C", "wind": "m/s", "pressure": "hPa"},
        "list": [{"main": {"temp": 17.58, "pressure": 1017},
                  "wind": {"speed": 2.41}, "clouds": {"all": 35},
                  "pop": 0.4523}]})";

struct QuantityCase {
  std::string_view answer;
  std::string_view value;  // the candidate's span text
  MatchReason reason;      // kNone: unsupported
};

void CheckQuantities(std::string_view result,
                     std::initializer_list<QuantityCase> cases) {
  for (const QuantityCase& c : cases) {
    CAPTURE(c.answer);
    const Verdict verdict = JudgeWith(result, c.answer);
    const Candidate* candidate = AtText(verdict, c.answer, c.value);
    REQUIRE(candidate != nullptr);
    if (c.reason == MatchReason::kNone) {
      CHECK(candidate->status == CandidateStatus::kUnsupported);
    } else {
      CHECK(candidate->status == CandidateStatus::kGrounded);
      CHECK(candidate->reason == c.reason);
    }
  }
}

TEST_SUITE("quantities") {
  TEST_CASE("a measured quantity is read at its precision and in its units") {
    CheckQuantities(
        kWeather,
        {
            {"It will be 17.6\xC2\xB0"
             "C.",
             "17.6", MatchReason::kRounded},
            {"Highs of 18 degrees Celsius.", "18", MatchReason::kRounded},
            {"Highs of 63.6\xC2\xB0"
             "F.",
             "63.6", MatchReason::kConverted},
            {"Wind of 2.41 m/s.", "2.41", MatchReason::kCanonical},
            {"Wind of 8.7 km/h.", "8.7", MatchReason::kConverted},
            {"Wind of 5.4 mph.", "5.4", MatchReason::kConverted},
            {"A 45% chance of rain.", "45", MatchReason::kRounded},
            {"Around 20 degrees.", "20", MatchReason::kRounded},
            {"Pressure: 1017 hPa.", "1017", MatchReason::kExact},
        });
  }

  TEST_CASE("a planted measured quantity beside them is caught") {
    CheckQuantities(kWeather,
                    {
                        {"It will be 19.6\xC2\xB0"
                         "C.",
                         "19.6", MatchReason::kNone},
                        {"Highs of 17.7 degrees.", "17.7", MatchReason::kNone},
                        {"Highs of 67.6\xC2\xB0"
                         "F.",
                         "67.6", MatchReason::kNone},
                        {"Wind of 3.41 m/s.", "3.41", MatchReason::kNone},
                        {"Wind of 9.7 km/h.", "9.7", MatchReason::kNone},
                        {"A 55% chance of rain.", "55", MatchReason::kNone},
                        // In mph the results never name, beside m/s: only
                        // a conversion reads it, not a 17.58 rounded to 18.
                        {"Gusts of 18 mph.", "18", MatchReason::kNone},
                        // "about 50": nothing carried within [45, 55].
                        {"About 50 degrees.", "50", MatchReason::kNone},
                        // "about 18": no wider than its own step.
                        {"About 19 degrees.", "19", MatchReason::kNone},
                        {"Pressure: 1018 hPa.", "1018", MatchReason::kNone},
                    });
  }

  TEST_CASE("a unit the results never name converts nothing") {
    // No "°F"/"c" named: 17.58 without units, "63.6°F" cannot be read.
    const Verdict verdict = JudgeWith(R"({"temp": 17.58})",
                                      "Highs of 63.6\xC2\xB0"
                                      "F.");
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("glued units, scores, ranges and slash lists: each number") {
    constexpr std::string_view kPhone =
        R"({"camera": "16 MP, f/1.8", "battery": "3340 mAh",
            "memory": "128GB 6GB RAM, 256GB 8GB RAM",
            "bands": "GSM 900 / 1800 / 1900",
            "score": {"home": 4, "away": 1}, "range": "26 and 30"})";
    CheckQuantities(
        kPhone,
        {
            {"A 16MP camera.", "16", MatchReason::kCanonical},
            {"A 3340mAh battery.", "3340mAh", MatchReason::kCanonical},
            {"With 128/256GB of storage.", "128", MatchReason::kCanonical},
            {"With 128/256GB of storage.", "256", MatchReason::kCanonical},
            {"Bands 900/1800/1900 MHz.", "1800", MatchReason::kCanonical},
            {"With 128GB/256GB of storage.", "256", MatchReason::kCanonical},
            {"They won 4-1.", "4", MatchReason::kCanonical},
            {"They won 4-1.", "1", MatchReason::kCanonical},
            {"Between 26-30\xC2\xB0"
             "C.",
             "30", MatchReason::kCanonical},
            // Planted beside them.
            {"A 13MP camera.", "13", MatchReason::kNone},
            {"With 128/512GB of storage.", "512", MatchReason::kNone},
            {"They won 5-1.", "5", MatchReason::kNone},
            {"Between 26-31\xC2\xB0"
             "C.",
             "31", MatchReason::kNone},
            // A hyphen and a measure word (quintd-dev gsmarena: "a 2.4-inch
            // TFT display" where the data's size is empty).
            {"A 16-megapixel camera.", "16", MatchReason::kCanonical},
            {"A 13-megapixel camera.", "13", MatchReason::kNone},
            // Without a unit, a list of numbers of three digits or more
            // (quintd-dev gsmarena: "GSM 900/1800" for "GSM 900 / 1800").
            {"Bands GSM 900/1800.", "1800", MatchReason::kCanonical},
            {"Bands GSM 900/1850.", "1850", MatchReason::kNone},
        });
    // "24/7" and "1/2" are prose, not lists.
    for (const std::string_view answer :
         {"Support is open 24/7.", "Half of it: 1/2."}) {
      CAPTURE(answer);
      CHECK(JudgeWith(kPhone, answer).candidates.empty());
    }
  }

  TEST_CASE("a result's glued slash list: each number, and with its unit") {
    // quintd-dev gsmarena (kasnerz/quintd, MIT): five frame rates glued to
    // a resolution, answered as "1080p" and "25/30/60/120/240fps".
    constexpr std::string_view kVideo =
        R"({"Video": "2160p@24/25/30/60fps, 1080p@25/30/60/120/240fps"})";
    CheckQuantities(
        kVideo,
        {
            {"It films 1080p video.", "1080p", MatchReason::kCanonical},
            {"It films at 25/30/60/120/240fps.", "25", MatchReason::kCanonical},
            {"It films at 25/30/60/120/240fps.", "240",
             MatchReason::kCanonical},
            // Planted beside them.
            {"It films 1440p video.", "1440p", MatchReason::kNone},
            {"It films at 25/30/60/120/480fps.", "480", MatchReason::kNone},
        });
  }

  TEST_CASE("numbers a result glued together are each read") {
    // quintd-dev gsmarena: "720p@30fps", "4x1.6 GHz" (kasnerz/quintd, MIT).
    constexpr std::string_view kSpecs =
        R"({"Video": "1080p@30fps, 720p@120fps", "CPU": "4x1.6 GHz Cortex-A55",
            "Internal": "32GB/64GB 3GB RAM"})";
    CheckQuantities(
        kSpecs, {
                    {"It films at 30fps.", "30", MatchReason::kCanonical},
                    {"It films at 120 frames per second.", "120",
                     MatchReason::kCanonical},
                    {"Four cores at 1.6 GHz.", "1.6", MatchReason::kCanonical},
                    {"With 64GB of storage.", "64", MatchReason::kCanonical},
                    // Planted beside them.
                    {"It films at 60fps.", "60", MatchReason::kNone},
                    {"Four cores at 1.8 GHz.", "1.8", MatchReason::kNone},
                });
  }

  // quintd-dev gsmarena and openweather (kasnerz/quintd, MIT): "65MB" of
  // RAM planted where the data holds "64MB" and "65K colors"; "10 m/s"
  // typed where "10" is only an icon code ("10d").
  TEST_CASE(
      "a number in a unit the results wrote only beside other units is not "
      "read by its digits") {
    CheckQuantities(R"({"Display": "TFT, 65K colors", "Memory": "64MB RAM"})",
                    {
                        {"It has 65MB of RAM.", "65", MatchReason::kNone},
                        {"It has 64 MB of RAM.", "64", MatchReason::kCanonical},
                    });
    CheckQuantities(R"({"weather": [{"icon": "10d"}, {"speed": 3.98}]})",
                    {
                        {"Winds up to 10 m/s.", "10", MatchReason::kNone},
                        {"Winds up to 4 m/s.", "4", MatchReason::kRounded},
                    });
    CheckQuantities(R"({"price": "$65", "share": "51%"})",
                    {
                        {"It holds 65 GB.", "65", MatchReason::kNone},
                        {"It was 51\xC2\xB0"
                         "C.",
                         "51", MatchReason::kNone},
                    });
    // Where a result wrote the number alone, or in a unit of the same
    // dimension, its digits ground it as before.
    CheckQuantities(R"({"colors": "65K", "ram": 65})",
                    {{"It has 65MB of RAM.", "65", MatchReason::kCanonical}});
    CheckQuantities(R"({"note": "count 65, 65K colors"})",
                    {{"It has 65MB of RAM.", "65", MatchReason::kCanonical}});
    // (A unit of the same dimension is the conversion rung's to judge.)
    CheckQuantities(R"({"ram": "65 GB", "cache": "2 MB"})",
                    {{"It has 65 MB of RAM.", "65", MatchReason::kCanonical}});
    CheckQuantities("Sunny, 22C in Paris", {{"It is 22\xC2\xB0"
                                             "C.",
                                             "22", MatchReason::kCanonical}});
    CheckQuantities("Sunny, 22\xC2\xB0 in Paris",
                    {{"It is 22\xC2\xB0"
                      "C.",
                      "22", MatchReason::kCanonical}});
    CheckQuantities(
        R"({"storage": "128/256GB"})",
        {{"With 128GB of storage.", "128", MatchReason::kCanonical}});
    // A reading rounded from another number still grounds it.
    CheckQuantities("Wind 18 km/h, temperature 17.6 C",
                    {{"It is 18\xC2\xB0"
                      "C.",
                      "18", MatchReason::kRounded}});
    // And the user's own number is theirs.
    absl::StatusOr<Gate> gate = Gate::Create(GateOptions{});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("I need 65 MB of RAM.");
    corpus.RecordToolResult("call_0", "get_data", R"({"colors": "65K"})");
    const Verdict verdict = gate->Judge("You asked for 65 MB.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == CandidateStatus::kExempt);
  }

  TEST_CASE("a percent in words is measured as the sign is: no arithmetic") {
    // quintd-dev openweather (kasnerz/quintd, MIT): no humidity field, and
    // "80 percent" derives as 1.3 - 0.5 of two wind readings.
    constexpr std::string_view kWind =
        R"({"wind": {"speed": 1.3, "gust": 0.5}, "clouds": {"all": 35}})";
    CheckQuantities(
        kWind,
        {
            {"Humidity around 80 percent.", "80 percent", MatchReason::kNone},
            {"Humidity around 80%.", "80", MatchReason::kNone},
            {"Cloud cover of 35 percent.", "35 percent",
             MatchReason::kCanonical},
        });
  }

  TEST_CASE("a field label makes a count a value; prose counts are not") {
    constexpr std::string_view kFlight = R"({"available_seats": 54})";
    CheckQuantities(kFlight,
                    {
                        {"Available Seats: 54", "54", MatchReason::kCanonical},
                        {"Available Seats: 64", "64", MatchReason::kNone},
                    });
    for (std::string_view prose :
         {"I found 3 issues and 2 passengers.", "1. Flight one\n2. Flight two",
          "The next 5 days look dry.", "Take the 47th exit.",
          "Support is 24/7."}) {
      CAPTURE(prose);
      CHECK(JudgeWith(kFlight, prose).candidates.empty());
    }
  }

  TEST_CASE("GateOptions::quantities off: small measured numbers are prose") {
    GateOptions options;
    options.quantities = false;
    CHECK(JudgeWith(kWeather,
                    "It will be 19.6\xC2\xB0"
                    "C.",
                    options)
              .candidates.empty());
    // The first hour of a time range is the clock's, not a quantity: only
    // "3pm" (a time) is a candidate.
    const std::string_view meeting = "We meet from 2 to 3pm.";
    const Verdict times = JudgeWith(kFlightless, meeting);
    REQUIRE(times.candidates.size() == 1);
    CHECK(times.candidates[0].shape == "time");
    // min_digits 1 judges every number, a bare count too.
    GateOptions strict;
    strict.min_digits = 1;
    const Verdict verdict = JudgeWith(kWeather, "I found 3 issues.", strict);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.flagged());
  }

  TEST_CASE("a digitless identifier only where results carry its kind") {
    // Beside "esxi-host-beta" a kebab-case name is data ...
    constexpr std::string_view kHosts = R"({"hosts": ["esxi-host-beta"]})";
    const Verdict planted =
        JudgeWith(kHosts, "Please reboot esxi-host-alpha now.");
    REQUIRE(planted.candidates.size() == 1);
    CHECK(planted.flagged());
    CHECK_FALSE(
        JudgeWith(kHosts, "Please reboot esxi-host-beta now.").flagged());
    // ... beside none, and camelCase anywhere, it is prose.
    for (std::string_view prose :
         {"It takes a microSD card.", "Sales peak in mid-January.",
          "A GPS-enabled phone.", "Use the YYYY-MM-DD format."}) {
      CAPTURE(prose);
      CHECK(JudgeWith(kWeather, prose).candidates.empty());
    }
  }

  TEST_CASE("a span of time only where results carry a span of its unit") {
    // quintd-dev OWID charts (CC BY): the data is "7-day smoothed"; an
    // "8-day rolling average" is a value no result holds.
    constexpr std::string_view kChart =
        R"({"title": "Daily new cases, 7-day rolling average",
            "values": [1203, 1187]})";
    const Verdict planted =
        JudgeWith(kChart, "The chart shows the 8-day rolling average.");
    REQUIRE(planted.candidates.size() == 1);
    CHECK(planted.flagged());
    const Verdict read =
        JudgeWith(kChart, "The chart shows the **7-day** rolling average.");
    REQUIRE(read.candidates.size() == 1);
    CHECK_FALSE(read.flagged());
    // Another unit, or no span carried at all: prose.
    CHECK(JudgeWith(kChart, "Over a 24-hour period.").candidates.empty());
    CHECK(JudgeWith(kWeather, "The 8-day forecast.").candidates.empty());
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
    // "11 mph" is 4.917 m/s; "18 km/h" is 5 m/s.
    c = ConvertInterval(U("11"), U("0.5"), QuantityUnit::kMilesPerHour,
                        QuantityUnit::kMetresPerSecond);
    REQUIRE(c.has_value());
    CHECK(c->center == U("4.91744"));
    c = ConvertInterval(U("18"), 0, QuantityUnit::kKilometresPerHour,
                        QuantityUnit::kMetresPerSecond);
    REQUIRE(c.has_value());
    CHECK(c->center == U("5"));
    // "-3 °C" is 26.6 °F, not -26.6.
    c = ConvertInterval(U("-3"), 0, QuantityUnit::kCelsius,
                        QuantityUnit::kFahrenheit);
    REQUIRE(c.has_value());
    CHECK(c->center == U("26.6"));
    // 2 GiB is 2.147483648 GB.
    c = ConvertInterval(U("2"), 0, QuantityUnit::kGibibytes,
                        QuantityUnit::kGigabytes);
    REQUIRE(c.has_value());
    CHECK(c->center == U("2.147483648"));
    // 90 min is 1.5 h.
    c = ConvertInterval(U("90"), 0, QuantityUnit::kMinutes,
                        QuantityUnit::kHours);
    REQUIRE(c.has_value());
    CHECK(c->center == U("1.5"));
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
    for (const Case& c : kCases) {
      CAPTURE(c.text);
      const UnitAfter unit = UnitAfterNumber(c.text);
      CHECK(unit.found);
      CHECK(unit.unit == c.unit);
      const std::size_t unit_start = c.text.find(c.unit_text);
      REQUIRE(unit_start != std::string_view::npos);
      CHECK(unit.end == unit_start + c.unit_text.size());
    }
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
    for (const Case& c : kCases) {
      CAPTURE(c.text);
      CHECK(IsListMarker(c.text, c.start, c.end) == c.marker);
    }
  }
}

}  // namespace
}  // namespace groundgate::evidence
