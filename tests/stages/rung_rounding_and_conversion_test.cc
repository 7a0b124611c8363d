// tests/stages/rung_rounding_and_conversion_test.cc — rung 4
// (stages/rung_rounding_and_conversion.cc): a carried number shown to fewer
// places, or in another unit of its dimension.
//
// Its one job: pin that a number this turn carried grounds its rounding at
// the precision the answer wrote (reason rounded, derivation "~ value"),
// and a measured quantity in another unit of its dimension that the results
// name (converted: 63.6 °F for 17.58 °C, 8.7 km/h for 2.41 m/s); that a
// planted number beside each, a rounding the wrong way, the rounding of a
// number only an earlier turn carried, a unit no result names, and digits
// the results wrote only beside units of other dimensions
// (CarriedOnlyInOtherUnits: 65MB beside 65K colors) are still flagged.
//
// What it does NOT do: pin evidence::NumericIndex::FindRounded itself
// (numeric_index_test.cc) or the intervals of a conversion
// (quantities_test.cc).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

constexpr std::string_view kRevenue =
    R"({"revenue": 1234567, "average_fare": 1234.567})";

TEST_SUITE("rung_rounding_and_conversion") {
  TEST_CASE("rung rounding: a carried number rounded, a planted one flagged") {
    const JudgedCase cases[] = {
        {"Revenue reached $1.2M.", "1.2M", kGrounded, kRounded, "~ 1234567"},
        {"Revenue reached $1.3M.", "1.3M", kUnsupported},
        {"The average fare is $1,234.57.", "1,234.57", kGrounded, kRounded,
         "~ 1234.567"},
        // Rounded the wrong way: not what the carried number shows.
        {"The average fare is $1,234.56.", "1,234.56", kUnsupported},
        {"The average fare is $1,243.57.", "1,243.57", kUnsupported},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("How did we do?", "get_report", kRevenue);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung rounding: only this turn's numbers are rounded") {
    EvidenceCorpus corpus =
        OneResultCorpus("How did we do?", "get_report", kRevenue);
    corpus.RecordUserMessage("And the fare?");
    CheckJudged(DefaultGate(), corpus,
                {"The average fare is $1,234.57.", "1,234.57", kUnsupported});
  }

  TEST_CASE(
      "rung conversion: a measured quantity at its precision, its units") {
    CheckJudgedOverResult(
        kWeather,
        {
            {"It will be 17.6\xC2\xB0"
             "C.",
             "17.6", kGrounded, kRounded},
            {"Highs of 18 degrees Celsius.", "18", kGrounded, kRounded},
            {"Highs of 63.6\xC2\xB0"
             "F.",
             "63.6", kGrounded, kConverted},
            {"Wind of 2.41 m/s.", "2.41", kGrounded, kCanonical},
            {"Wind of 8.7 km/h.", "8.7", kGrounded, kConverted},
            {"Wind of 5.4 mph.", "5.4", kGrounded, kConverted},
            {"A 45% chance of rain.", "45", kGrounded, kRounded},
            {"Around 20 degrees.", "20", kGrounded, kRounded},
            {"Pressure: 1017 hPa.", "1017", kGrounded, kExact},
        });
  }

  TEST_CASE("rung conversion: a planted measured quantity beside them") {
    CheckJudgedOverResult(
        kWeather, {
                      {"It will be 19.6\xC2\xB0"
                       "C.",
                       "19.6", kUnsupported, kNone},
                      {"Highs of 17.7 degrees.", "17.7", kUnsupported, kNone},
                      {"Highs of 67.6\xC2\xB0"
                       "F.",
                       "67.6", kUnsupported, kNone},
                      {"Wind of 3.41 m/s.", "3.41", kUnsupported, kNone},
                      {"Wind of 9.7 km/h.", "9.7", kUnsupported, kNone},
                      {"A 55% chance of rain.", "55", kUnsupported, kNone},
                      // In mph the results never name, beside m/s: only
                      // a conversion reads it, not a 17.58 rounded to 18.
                      {"Gusts of 18 mph.", "18", kUnsupported, kNone},
                      // "about 50": nothing carried within [45, 55].
                      {"About 50 degrees.", "50", kUnsupported, kNone},
                      // "about 18": no wider than its own step.
                      {"About 19 degrees.", "19", kUnsupported, kNone},
                      {"Pressure: 1018 hPa.", "1018", kUnsupported, kNone},
                  });
  }

  TEST_CASE("rung conversion: a unit the results never name converts nothing") {
    // No "°F"/"c" named: 17.58 without units, "63.6°F" cannot be read.
    const Verdict verdict = DefaultGate().Judge(
        "Highs of 63.6\xC2\xB0"
        "F.",
        OneResultCorpus(R"({"temp": 17.58})"));
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == kUnsupported);
  }

  // quintd-dev gsmarena and openweather (kasnerz/quintd, MIT): "65MB" of
  // RAM planted where the data holds "64MB" and "65K colors"; "10 m/s"
  // typed where "10" is only an icon code ("10d").
  TEST_CASE(
      "a number in a unit the results wrote only beside other units is not "
      "read by its digits") {
    CheckJudgedOverResult(
        R"({"Display": "TFT, 65K colors", "Memory": "64MB RAM"})",
        {
            {"It has 65MB of RAM.", "65", kUnsupported, kNone},
            {"It has 64 MB of RAM.", "64", kGrounded, kCanonical},
        });
    CheckJudgedOverResult(
        R"({"weather": [{"icon": "10d"}, {"speed": 3.98}]})",
        {
            {"Winds up to 10 m/s.", "10", kUnsupported, kNone},
            {"Winds up to 4 m/s.", "4", kGrounded, kRounded},
        });
    CheckJudgedOverResult(R"({"price": "$65", "share": "51%"})",
                          {
                              {"It holds 65 GB.", "65", kUnsupported, kNone},
                              {"It was 51\xC2\xB0"
                               "C.",
                               "51", kUnsupported, kNone},
                          });
    // Where a result wrote the number alone, or in a unit of the same
    // dimension, its digits ground it as before.
    CheckJudgedOverResult(
        R"({"colors": "65K", "ram": 65})",
        {{"It has 65MB of RAM.", "65", kGrounded, kCanonical}});
    CheckJudgedOverResult(
        R"({"note": "count 65, 65K colors"})",
        {{"It has 65MB of RAM.", "65", kGrounded, kCanonical}});
    // (A unit of the same dimension is the conversion rung's to judge.)
    CheckJudgedOverResult(
        R"({"ram": "65 GB", "cache": "2 MB"})",
        {{"It has 65 MB of RAM.", "65", kGrounded, kCanonical}});
    CheckJudgedOverResult("Sunny, 22C in Paris",
                          {{"It is 22\xC2\xB0"
                            "C.",
                            "22", kGrounded, kCanonical}});
    CheckJudgedOverResult("Sunny, 22\xC2\xB0 in Paris",
                          {{"It is 22\xC2\xB0"
                            "C.",
                            "22", kGrounded, kCanonical}});
    CheckJudgedOverResult(
        R"({"storage": "128/256GB"})",
        {{"With 128GB of storage.", "128", kGrounded, kCanonical}});
    // A reading rounded from another number still grounds it.
    CheckJudgedOverResult("Wind 18 km/h, temperature 17.6 C",
                          {{"It is 18\xC2\xB0"
                            "C.",
                            "18", kGrounded, kRounded}});
    // And the user's own number is theirs.
    absl::StatusOr<Gate> gate = Gate::Create(GateOptions{});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus = OneResultCorpus("I need 65 MB of RAM.", "get_data",
                                            R"({"colors": "65K"})", "call_0");
    const Verdict verdict = gate->Judge("You asked for 65 MB.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == kExempt);
  }
}

}  // namespace
}  // namespace groundgate
