// tests/stages/read_tokens_test.cc — the reader of one token
// (stages/read_tokens.cc).
//
// Its one job: pin the values the token reader adds to the extractor's
// one-token rule: an identifier without digits (esxi-host-alpha) only where
// the results carry one of its kind, and a span of time (8-day) only where
// a result carried a span of its unit (7-day rolling average); beside each
// value read, the planted one that is flagged and the prose that is none.
//
// What it does NOT do: pin the one-token rule itself (extractor_test.cc),
// the spans and order of candidates (judge_test.cc), or a span's kind key
// (quantities_test.cc).
#include "stages/read_tokens.h"

#include <doctest/doctest.h>

#include <string_view>

#include "evidence/keys.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

TEST_SUITE("read_tokens") {
  TEST_CASE(
      "read tokens: a digitless identifier only where results carry its kind") {
    // Beside "esxi-host-beta" a kebab-case name is data ...
    constexpr std::string_view kHosts = R"({"hosts": ["esxi-host-beta"]})";
    const Verdict planted =
        JudgeOverResult(kHosts, "Please reboot esxi-host-alpha now.");
    REQUIRE(planted.candidates.size() == 1);
    CHECK(planted.flagged());
    CHECK_FALSE(
        JudgeOverResult(kHosts, "Please reboot esxi-host-beta now.").flagged());
    // ... beside none, and camelCase anywhere, it is prose.
    for (std::string_view prose :
         {"It takes a microSD card.", "Sales peak in mid-January.",
          "A GPS-enabled phone.", "Use the YYYY-MM-DD format."}) {
      CAPTURE(prose);
      CHECK(JudgeOverResult(kWeather, prose).candidates.empty());
    }
  }

  TEST_CASE(
      "read tokens: a span of time only where results carry one of its unit") {
    // quintd-dev OWID charts (CC BY): the data is "7-day smoothed"; an
    // "8-day rolling average" is a value no result holds.
    constexpr std::string_view kChart =
        R"({"title": "Daily new cases, 7-day rolling average",
            "values": [1203, 1187]})";
    const Verdict planted =
        JudgeOverResult(kChart, "The chart shows the 8-day rolling average.");
    REQUIRE(planted.candidates.size() == 1);
    CHECK(planted.flagged());
    const Verdict read = JudgeOverResult(
        kChart, "The chart shows the **7-day** rolling average.");
    REQUIRE(read.candidates.size() == 1);
    CHECK_FALSE(read.flagged());
    // Another unit, or no span carried at all: prose.
    CHECK(JudgeOverResult(kChart, "Over a 24-hour period.").candidates.empty());
    CHECK(JudgeOverResult(kWeather, "The 8-day forecast.").candidates.empty());
  }

  TEST_CASE(
      "read tokens: a list marker is no value even when every number is") {
    // GateOptions::min_digits = 1 judges every bare number, but "1. " and
    // "2) " begin list items (gate.h); the number inside an item still is.
    const Gate strict = GateWith({.min_digits = 1});
    const EvidenceCorpus corpus =
        OneResultCorpus(R"({"plans": ["basic", "premium"], "seats": 3})");
    const Verdict items =
        strict.Judge("Your options:\n1. basic\n2) premium", corpus);
    CHECK(items.candidates.empty());
    const Verdict counted = strict.Judge(
        "Your options:\n1. basic with 3 seats\n2. premium 7 seats", corpus);
    REQUIRE(counted.candidates.size() == 2);
    CHECK(counted.candidates[0].status == CandidateStatus::kGrounded);
    CHECK(counted.candidates[1].status == CandidateStatus::kUnsupported);
    // Not first on its line, or with no space after: a number, judged.
    CHECK(strict.Judge("Pick 1. Then go.", corpus).candidates.size() == 1);
  }
}

}  // namespace
}  // namespace groundgate
