// tests/stages/rung_respellings_test.cc — rung 3 (stages/rung_respellings.cc):
// the value met through another key than its own spelling.
//
// Its one job: pin the respellings respellings_test.cc does not (a date or
// time met through its keys, a number's other reading, the 12-hour reading
// refused in a 24-hour answer), and the rung's entry point on its own; each
// grounded value has a planted neighbour the rung must still flag.
//
// What it does NOT do: repeat respellings_test.cc (identifier parts, last
// digits, a date's year, a dropped sign, a 12-hour time through
// Gate::Judge).
#include "stages/rung_respellings.h"

#include <doctest/doctest.h>

#include <memory>
#include <string_view>

#include "evidence/extractor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

constexpr std::string_view kFlight =
    R"({"flight": "HAT083", "departs": "2024-05-22T10:00:00",
        "boarding": "14:00:00", "refund": -1234.5})";

TEST_SUITE("rung_respellings") {
  TEST_CASE("rung respellings: another key grounds it, a neighbour it flags") {
    const Case cases[] = {
        // A date met through its date key.
        {"It leaves on May 22, 2024.", "May 22, 2024",
         CandidateStatus::kGrounded, MatchReason::kRespelledDate},
        {"It leaves on May 23, 2024.", "May 23, 2024",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A clock time met through its time key.
        {"Boarding starts at 2:00 PM.", "2:00 PM", CandidateStatus::kGrounded,
         MatchReason::kRespelledTime},
        {"Boarding starts at 3:00 PM.", "3:00 PM",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A number's other reading: accounting parentheses are a negative.
        {"The balance is (1,234.50) after the refund.", "1,234.50",
         CandidateStatus::kGrounded, MatchReason::kRespelledNumber},
        {"The balance is (1,234.60) after the refund.", "1,234.60",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("When do I leave?");
      corpus.RecordToolResult("call_1", "get_flight", kFlight);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung respellings: a hemisphere letter is the carried sign") {
    // quintd-dev openweather (kasnerz/quintd, MIT): "coord": {"lon":
    // -84.5041, "lat": 39.2903}, answered as "39.2903°N 84.5041°W".
    constexpr std::string_view kCity =
        R"({"city": {"coord": {"lat": 39.2903, "lon": -84.5041}},
            "south": {"lat": -33.8688}})";
    const Case cases[] = {
        {"It lies at 39.2903\xC2\xB0N 84.5041\xC2\xB0W.", "84.5041",
         CandidateStatus::kGrounded, MatchReason::kSignDropped},
        {"It lies at 84.5041 degrees west.", "84.5041",
         CandidateStatus::kGrounded, MatchReason::kSignDropped},
        {"Sydney is at 33.8688\xC2\xB0 S.", "33.8688",
         CandidateStatus::kGrounded, MatchReason::kSignDropped},
        // The other hemisphere, a wrong number, or no degree: flagged.
        {"It lies at 84.5041\xC2\xB0"
         "E.",
         "84.5041", CandidateStatus::kUnsupported, MatchReason::kNone},
        {"It lies at 84.5042\xC2\xB0W.", "84.5042",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"It draws 84.5041 W of power.", "84.5041",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Where is it?");
      corpus.RecordToolResult("call_1", "get_city", kCity);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
    }
  }

  TEST_CASE("rung respellings: no 12-hour reading in an answer on 24 hours") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("When do I leave?");
    corpus.RecordToolResult("call_1", "get_flight", kFlight);
    // "02:00" could be 14:00 on a 12-hour clock; beside "16:00" it is not.
    const std::string_view twelve = "Boarding is at 02:00.";
    const Verdict read = DefaultGate().Judge(twelve, corpus);
    const Candidate* grounded = AtText(read, twelve, "02:00");
    REQUIRE(grounded != nullptr);
    CHECK(grounded->status == CandidateStatus::kGrounded);
    CHECK(grounded->reason == MatchReason::kRespelledTime);
    const std::string_view day = "Boarding is at 02:00, landing at 16:00.";
    const Verdict flagged = DefaultGate().Judge(day, corpus);
    const Candidate* planted = AtText(flagged, day, "02:00");
    REQUIRE(planted != nullptr);
    CHECK(planted->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE(
      "rung respellings: the entry point reads a part, never a substring") {
    absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
        evidence::Extractor::Create({});
    REQUIRE(extractor.ok());
    const GateOptions options;
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_payment",
                            R"({"payment_id": "certificate_7504069"})");
    stages::JudgeContext context("7504069 750406", corpus, **extractor, options,
                                 /*read_names=*/true,
                                 /*read_number_words=*/false);
    Candidate* part = context.NewCandidate("7504069");
    REQUIRE(part != nullptr);
    CHECK(stages::GroundByRespelling(context, "7504069", part));
    CHECK(part->reason == MatchReason::kIdentifierPart);
    REQUIRE(part->carriers.size() == 1);
    CHECK(part->carriers[0] == "call_1");
    Candidate* substring = context.NewCandidate("750406");
    REQUIRE(substring != nullptr);
    substring->start = 8;
    CHECK_FALSE(stages::GroundByRespelling(context, "750406", substring));
    CHECK(substring->status == CandidateStatus::kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
