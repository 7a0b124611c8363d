// tests/stages/read_numbers_test.cc — the reader of numbers
// (stages/read_numbers.cc): a number as people write it, a measured
// quantity, a token of quantities.
//
// Its one job: pin which numbers of an answer the judge reads as values:
// a number in words (in any case, and only a large one by default); each
// number of a token of quantities (16MP, 4-1, 26-30, 128/256GB, a slash list
// of bands), a hyphen and a measure word; a percent in words, measured as
// the sign is; a count after a field label, but not a count in prose; and
// GateOptions::quantities and min_digits, which decide what a small number
// is. Beside each value read, a planted one that must be flagged.
//
// What it does NOT do: pin the canonical forms of numbers (numbers_test.cc,
// canonical_test.cc) or the units and labels around them
// (quantities_test.cc), or rounding and conversion
// (rung_rounding_and_conversion_test.cc).
#include "stages/read_numbers.h"

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

constexpr std::string_view kFlightless = R"({"status": "ok"})";

TEST_SUITE("read_numbers") {
  TEST_CASE("read numbers: an answer names a large number word in any case") {
    using stages::NamesLargeNumberWord;
    CHECK(NamesLargeNumberWord("two hundred seats"));
    CHECK(NamesLargeNumberWord("Forty Thousand"));
    CHECK(NamesLargeNumberWord("3 MILLION"));
    CHECK(NamesLargeNumberWord("a bIlLiOn"));
    CHECK(NamesLargeNumberWord("hundred"));
    CHECK(NamesLargeNumberWord("illion"));  // a stem alone, at both ends
    CHECK(NamesLargeNumberWord("ten hundreds"));
    CHECK_FALSE(NamesLargeNumberWord(""));
    CHECK_FALSE(NamesLargeNumberWord("n"));
    CHECK_FALSE(NamesLargeNumberWord("hundre"));  // cut before its end
    CHECK_FALSE(NamesLargeNumberWord("thousan"));
    CHECK_FALSE(NamesLargeNumberWord("llion"));
    CHECK_FALSE(NamesLargeNumberWord("one hundrd and ten, no scale"));
    CHECK_FALSE(NamesLargeNumberWord("Tuesday, 12 November, nine nights"));
  }

  TEST_CASE(
      "read numbers: glued units, scores, ranges, slash lists: each number") {
    constexpr std::string_view kPhone =
        R"({"camera": "16 MP, f/1.8", "battery": "3340 mAh",
            "memory": "128GB 6GB RAM, 256GB 8GB RAM",
            "bands": "GSM 900 / 1800 / 1900",
            "score": {"home": 4, "away": 1}, "range": "26 and 30"})";
    CheckJudgedOverResult(
        kPhone,
        {
            {"A 16MP camera.", "16", kGrounded, kCanonical},
            {"A 3340mAh battery.", "3340mAh", kGrounded, kCanonical},
            {"With 128/256GB of storage.", "128", kGrounded, kCanonical},
            {"With 128/256GB of storage.", "256", kGrounded, kCanonical},
            {"Bands 900/1800/1900 MHz.", "1800", kGrounded, kCanonical},
            {"With 128GB/256GB of storage.", "256", kGrounded, kCanonical},
            {"They won 4-1.", "4", kGrounded, kCanonical},
            {"They won 4-1.", "1", kGrounded, kCanonical},
            {"Between 26-30\xC2\xB0"
             "C.",
             "30", kGrounded, kCanonical},
            // Planted beside them.
            {"A 13MP camera.", "13", kUnsupported, kNone},
            {"With 128/512GB of storage.", "512", kUnsupported, kNone},
            {"They won 5-1.", "5", kUnsupported, kNone},
            {"Between 26-31\xC2\xB0"
             "C.",
             "31", kUnsupported, kNone},
            // A hyphen and a measure word (quintd-dev gsmarena: "a 2.4-inch
            // TFT display" where the data's size is empty).
            {"A 16-megapixel camera.", "16", kGrounded, kCanonical},
            {"A 13-megapixel camera.", "13", kUnsupported, kNone},
            // Without a unit, a list of numbers of three digits or more
            // (quintd-dev gsmarena: "GSM 900/1800" for "GSM 900 / 1800").
            {"Bands GSM 900/1800.", "1800", kGrounded, kCanonical},
            {"Bands GSM 900/1850.", "1850", kUnsupported, kNone},
        });
    // "24/7" and "1/2" are prose, not lists.
    for (const std::string_view answer :
         {"Support is open 24/7.", "Half of it: 1/2."}) {
      CAPTURE(answer);
      CHECK(JudgeOverResult(kPhone, answer).candidates.empty());
    }
  }

  TEST_CASE(
      "read numbers: a percent in words is measured as the sign: no sums") {
    // quintd-dev openweather (kasnerz/quintd, MIT): no humidity field, and
    // "80 percent" derives as 1.3 - 0.5 of two wind readings.
    constexpr std::string_view kWind =
        R"({"wind": {"speed": 1.3, "gust": 0.5}, "clouds": {"all": 35}})";
    CheckJudgedOverResult(
        kWind,
        {
            {"Humidity around 80 percent.", "80 percent", kUnsupported, kNone},
            {"Humidity around 80%.", "80", kUnsupported, kNone},
            {"Cloud cover of 35 percent.", "35 percent", kGrounded, kCanonical},
        });
  }

  TEST_CASE(
      "read numbers: a field label makes a count a value; prose counts not") {
    constexpr std::string_view kFlight = R"({"available_seats": 54})";
    CheckJudgedOverResult(
        kFlight, {
                     {"Available Seats: 54", "54", kGrounded, kCanonical},
                     {"Available Seats: 64", "64", kUnsupported, kNone},
                 });
    for (std::string_view prose :
         {"I found 3 issues and 2 passengers.", "1. Flight one\n2. Flight two",
          "The next 5 days look dry.", "Take the 47th exit.",
          "Support is 24/7."}) {
      CAPTURE(prose);
      CHECK(JudgeOverResult(kFlight, prose).candidates.empty());
    }
  }

  TEST_CASE("read numbers: quantities off, small measured numbers are prose") {
    GateOptions options;
    options.quantities = false;
    CHECK(JudgeOverResult(kWeather,
                          "It will be 19.6\xC2\xB0"
                          "C.",
                          GateWith(options))
              .candidates.empty());
    // The first hour of a time range is the clock's, not a quantity: only
    // "3pm" (a time) is a candidate.
    const std::string_view meeting = "We meet from 2 to 3pm.";
    const Verdict times = JudgeOverResult(kFlightless, meeting);
    REQUIRE(times.candidates.size() == 1);
    CHECK(times.candidates[0].shape == "time");
    // min_digits 1 judges every number, a bare count too.
    GateOptions strict;
    strict.min_digits = 1;
    const Verdict verdict =
        JudgeOverResult(kWeather, "I found 3 issues.", GateWith(strict));
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.flagged());
  }

  TEST_CASE(
      "read numbers: numbers in words are read in any case, and only large") {
    EvidenceCorpus corpus =
        OneResultCorpus("How many?", "count", R"({"n": 41000, "m": 41})");
    for (const std::string_view answer :
         {"It holds forty-one thousand rows.",
          "It holds FORTY-ONE THOUSAND rows.", "Forty-One Thousand rows."}) {
      CAPTURE(answer);
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      REQUIRE(verdict.candidates.size() == 1);
      CHECK(verdict.candidates[0].canonical == "41000");
      CHECK(verdict.candidates[0].reason == kRespelledNumber);
    }
    // Below min_digits a number in words is no candidate; with min_digits 2
    // it is one.
    const Verdict small =
        DefaultGate().Judge("It holds forty-one rows.", corpus);
    CHECK(small.candidates.empty());
    absl::StatusOr<Gate> two = Gate::Create({.min_digits = 2});
    REQUIRE(two.ok());
    const Verdict read = two->Judge("It holds forty-one rows.", corpus);
    REQUIRE(read.candidates.size() == 1);
    CHECK(read.candidates[0].canonical == "41");
    CHECK(read.candidates[0].status == kGrounded);
  }
}

}  // namespace
}  // namespace groundgate
