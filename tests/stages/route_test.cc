// tests/stages/route_test.cc — stages::Route, the correction frame and the
// refusal, for a misattributed value (law 11).
//
// Pins that a value read from another record than the one the answer names
// routes as an unsupported one does under every posture (unless the gate
// warns only), that the frame names it with what the named record holds,
// and that the refusal lists it apart. The unsupported values' routes are
// pinned through the Agent (tests/runtime/runtime_test.cc).
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "absl/strings/cord.h"
#include "groundgate/stages.h"
#include "tests/support/misattributed.h"

namespace groundgate::stages {
namespace {

using groundgate_test::kMisattributedAnswer;
using groundgate_test::MisattributedVerdict;

// An unsupported value appended to a verdict: "HAT999", typed.
Verdict WithTypedFlight(Verdict verdict) {
  Candidate typed = groundgate_test::CarriedCandidate(
      0, 6, "identifier", "hat999", CandidateStatus::kUnsupported,
      MatchReason::kNone);
  typed.grounding = Grounding::kNone;
  typed.carriers.clear();
  verdict.candidates.push_back(typed);
  return verdict;
}

TEST_SUITE("route") {
  TEST_CASE("a misattributed value routes like an unsupported one") {
    struct RouteCase {
      Posture posture;
      RouteState state;
      RouteAction action;
      EvidenceAction event;
    };
    const RouteCase cases[] = {
        {Posture::kAssist, {}, RouteAction::kDeliver, EvidenceAction::kFlagged},
        {Posture::kGuard,
         {},
         RouteAction::kAskRevision,
         EvidenceAction::kRevisionAsked},
        {Posture::kGuard,
         {.revision_asked = true},
         RouteAction::kDeliver,
         EvidenceAction::kFlagged},
        {Posture::kRails,
         {},
         RouteAction::kAskRevision,
         EvidenceAction::kRevisionAsked},
        {Posture::kRails,
         {.revision_asked = true},
         RouteAction::kRefuse,
         EvidenceAction::kRefused},
        {Posture::kRails,
         {.wrap_up = true},
         RouteAction::kRefuse,
         EvidenceAction::kRefused},
    };
    for (const RouteCase& c : cases) {
      CAPTURE(PostureName(c.posture));
      const RouteDecision misattributed =
          Route(MisattributedVerdict(), c.posture, c.state);
      CHECK(misattributed.action == c.action);
      CHECK(misattributed.event_action == c.event);
      // The same as a typed value gets.
      Verdict typed = WithTypedFlight(Verdict{});
      const RouteDecision unsupported = Route(typed, c.posture, c.state);
      CHECK(unsupported.action == misattributed.action);
      CHECK(unsupported.event_action == misattributed.event_action);
    }
  }

  TEST_CASE("warns_only delivers a misattributed value as grounded") {
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      CAPTURE(PostureName(posture));
      const RouteDecision d = Route(MisattributedVerdict(true), posture, {});
      CHECK(d.action == RouteAction::kDeliver);
      CHECK(d.event_action == EvidenceAction::kGrounded);
    }
    // A typed value beside it still flags the answer.
    const RouteDecision d =
        Route(WithTypedFlight(MisattributedVerdict(true)), Posture::kGuard, {});
    CHECK(d.action == RouteAction::kAskRevision);
  }

  TEST_CASE("a truncated corpus delivers a misattributed value too (law 5)") {
    Verdict verdict = MisattributedVerdict();
    verdict.evidence_truncated = true;
    const RouteDecision d = Route(verdict, Posture::kRails, {});
    CHECK(d.action == RouteAction::kDeliver);
    CHECK(d.event_action == EvidenceAction::kUnverified);
  }

  TEST_CASE("the frame names a misattributed value and what the record holds") {
    const std::string frame =
        CorrectionFrame(kMisattributedAnswer, MisattributedVerdict());
    CHECK(frame ==
          "[evidence check] Your answer tells values of records that do not "
          "hold them: each was read from another record than the one the "
          "answer names. State what the named record holds, or tie the value "
          "to the record it was read from. The values: \"$114\" is not what "
          "the record at $.flights[1] in the result of call_1 holds at "
          "prices.economy: it holds 174");
    // The instruction comes before any value, as for a typed one.
    CHECK(frame.find("$114") > frame.find("read from."));
  }

  TEST_CASE("the frame lists typed values first, then misattributed ones") {
    const std::string frame = CorrectionFrame(
        kMisattributedAnswer, WithTypedFlight(MisattributedVerdict()));
    CHECK(frame.starts_with(
        "[evidence check] Your answer states values that appear in no tool "
        "result of this conversation."));
    CHECK(frame.find("Your answer tells values of records") !=
          std::string::npos);
    const std::size_t typed = frame.find("The values: \"Flight\"");
    const std::size_t wrong = frame.find(
        ". The values told of the wrong record: \"$114\" is not what");
    REQUIRE(typed != std::string::npos);
    REQUIRE(wrong != std::string::npos);
    CHECK(typed < wrong);
  }

  TEST_CASE(
      "an aggregate names the least, the greatest, a day's or month's "
      "readings, a change they do not show, a winner the totals deny, or a "
      "lead the part's goals deny") {
    const struct {
      std::string_view aggregate;
      std::string_view named_value;
      std::string_view frame_ends;
    } kRows[] = {
        {"min", "112",
         "\"$114\" is not the least prices.economy of the records the "
         "answer names: that is 112 (the record at $.flights[1] in the "
         "result of call_1)"},
        {"day", "112 to 130",
         "\"$114\" is not one of the readings of the day the answer names: "
         "at prices.economy they hold 112 to 130 (from the record at "
         "$.flights[1] in the result of call_1)"},
        {"month", "112 to 130",
         "\"$114\" is not one of the readings of the month the answer names: "
         "at prices.economy they hold 112 to 130 (from the record at "
         "$.flights[1] in the result of call_1)"},
        {"trend", "130 to 112",
         "\"$114\" closes a rise or fall the readings do not show: at "
         "prices.economy they run 130 to 112 (to the record at "
         "$.flights[1] in the result of call_1)"},
        {"winner", "1-3",
         "\"$114\" tells a winner the totals do not: at prices.economy the "
         "side it names and the other hold 1-3 (the record at $.flights[1] "
         "in the result of call_1)"},
        {"leader", "0-1",
         "\"$114\" tells a lead the part's goals do not: at prices.economy "
         "the side it names and the other hold 0-1 (the record at "
         "$.flights[1] in the result of call_1)"},
    };
    for (const auto& row : kRows) {
      CAPTURE(row.aggregate);
      Verdict verdict = MisattributedVerdict();
      verdict.candidates[1].binding->aggregate = std::string(row.aggregate);
      verdict.candidates[1].binding->named_value = std::string(row.named_value);
      CHECK(CorrectionFrame(kMisattributedAnswer, verdict)
                .ends_with(row.frame_ends));
    }
  }

  TEST_CASE("warns_only leaves misattributed values out of the frame") {
    const std::string frame = CorrectionFrame(
        kMisattributedAnswer, WithTypedFlight(MisattributedVerdict(true)));
    CHECK(frame.find("$114") == std::string::npos);
    CHECK(frame.find("records that do not hold them") == std::string::npos);
    CHECK(frame.find("\"Flight\"") != std::string::npos);
  }

  TEST_CASE("the frame names at most kMaxValuesInCorrectionFrame values") {
    Verdict verdict = MisattributedVerdict();
    const Candidate fare = verdict.candidates[1];
    for (std::size_t i = 0; i < kMaxValuesInCorrectionFrame + 4; ++i) {
      verdict.candidates.push_back(fare);
    }
    const std::string frame = CorrectionFrame(kMisattributedAnswer, verdict);
    CHECK(frame.ends_with("; and 5 more"));
  }

  TEST_CASE("the refusal lists misattributed values apart, and reads back") {
    const absl::Status status = RefusalStatus(
        kMisattributedAnswer, WithTypedFlight(MisattributedVerdict()), true);
    CHECK(std::string(status.message()) ==
          "groundgate refused the answer: 1 value appears in no tool result "
          "and 1 value is read from another record than the one named after "
          "one revision");
    const std::optional<Refusal> refusal = ReadRefusal(status);
    REQUIRE(refusal.has_value());
    REQUIRE(refusal->unsupported.size() == 1);
    CHECK(refusal->unsupported[0].named_value.empty());
    REQUIRE(refusal->misattributed.size() == 1);
    const RefusedValue& fare = refusal->misattributed[0];
    CHECK(fare.value == "$114");
    CHECK(fare.canonical == "114");
    CHECK(fare.named_carrier == "call_1");
    CHECK(fare.named_value == "174");
    CHECK(fare.field == "prices.economy");
    CHECK(refusal->revision_tried);

    // Misattributed alone: the message counts them only.
    const absl::Status alone =
        RefusalStatus(kMisattributedAnswer, MisattributedVerdict(), false);
    CHECK(std::string(alone.message()) ==
          "groundgate refused the answer: 1 value is read from another "
          "record than the one named (no revision was possible)");
    const std::optional<Refusal> read = ReadRefusal(alone);
    REQUIRE(read.has_value());
    CHECK(read->unsupported.empty());
    CHECK(read->misattributed.size() == 1);
  }

  TEST_CASE("a refusal of typed values keeps its documented keys") {
    const absl::Status status =
        RefusalStatus("HAT999", WithTypedFlight(Verdict{}), false);
    CHECK(std::string(status.message()) ==
          "groundgate refused the answer: 1 value appears in no tool result "
          "(no revision was possible)");
    const auto payload = status.GetPayload(std::string(kRefusalTypeUrl));
    REQUIRE(payload.has_value());
    CHECK(std::string(*payload).find("misattributed") == std::string::npos);
  }
}

}  // namespace
}  // namespace groundgate::stages
