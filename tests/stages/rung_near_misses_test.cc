// tests/stages/rung_near_misses_test.cc — the foot of the ladder
// (stages/rung_near_misses.cc): for an unsupported value, the carried value
// one step away.
//
// Its one job: pin the near miss of each kind of value (a digit replaced, two
// digits swapped, a date one day off, one word of a name swapped) with the
// result that carried it, and that a value nothing is close to names none.
//
// Also: the near miss in the verdict's JSON (its carrier always, its value
// only on opt-in, law 8), and in the correction frame.
//
// What it does NOT do: change any status: every value here stays
// unsupported.
#include "stages/rung_near_misses.h"

#include <doctest/doctest.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/stages.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

// An unsupported value and the near miss named for it.
struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  // The carried value one step away ("" when none is close); not checked
  // when not given.
  std::optional<std::string_view> near_miss;
  std::string_view carrier;  // the near miss's result; "" when none
};

// Judges each row's answer over `corpus`: its value stays unsupported and
// names the row's near miss and carrier.
void CheckNearMisses(const EvidenceCorpus& corpus, std::span<const Case> cases,
                     int line = __builtin_LINE()) {
  ForEachCase(
      cases,
      [&](const Case& c) {
        const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
        const Candidate* candidate = AtText(verdict, c.answer, c.value);
        REQUIRE(candidate != nullptr);
        CHECK(candidate->status == kUnsupported);
        if (c.near_miss.has_value()) {
          CHECK(candidate->near_miss == *c.near_miss);
        }
        CHECK(candidate->near_miss_carrier == c.carrier);
      },
      line);
}

TEST_SUITE("rung_near_misses") {
  TEST_CASE("rung near misses: the carried value one step away, or none") {
    const Case cases[] = {
        {"Order ORD-55821 shipped.", "ORD-55821", "ord-55812", "call_1"},
        {"Order ORD-55813 shipped.", "ORD-55813", "ord-55812", "call_1"},
        {"Order ORD-91234 shipped.", "ORD-91234", "", ""},
        {"It ships on 2024-07-09.", "2024-07-09", "2024-07-08", "call_1"},
        {"It ships on 2024-07-19.", "2024-07-19", "", ""},
        {"The buyer is Beatrix Okonkwo.", "Beatrix Okonkwo", "beatrix",
         "call_1"},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("Where is my order?", "get_order",
                        R"({"order": "ORD-55812", "ships": "2024-07-08",
            "first_name": "Beatrix", "last_name": "Okafor"})");
    CheckNearMisses(corpus, cases);
  }

  TEST_CASE("rung near misses: a value that is not unsupported names none") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_order", R"({"order": "ORD-55812"})");
    stages::JudgeContext context = ContextFor("ORD-55821", corpus);
    Candidate* exempt = context.NewCandidate("ord-55821");
    REQUIRE(exempt != nullptr);
    context.MarkExempt(kExact, exempt);
    stages::NameOneStepNearMiss(context, "ord-55821", exempt);
    CHECK(exempt->near_miss.empty());
    Candidate* typed = context.NewCandidate("ord-55822");
    REQUIRE(typed != nullptr);
    context.MarkNotFound(typed);
    stages::NameOneStepNearMiss(context, "ord-55822", typed);
    CHECK(typed->near_miss == "ord-55812");
    CHECK(typed->near_miss_carrier == "call_1");
  }

  // Two results, each carrying the value one step from one of the answer's.
  EvidenceCorpus TwoResultsCorpus() {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Which reservation?");
    corpus.RecordToolResult("call_1", "list", R"({"ids": ["HAT083"]})");
    corpus.RecordToolResult("call_2", "get", R"({"id": "ZZZ999", "n": 48213})");
    return corpus;
  }

  constexpr std::string_view kTwoMisses =
      "Flight HAT084 holds 48231 seats; ticket QQQ111 is yours.";

  TEST_CASE("rung near misses: the carrier of the closest value is named") {
    const Case cases[] = {
        {kTwoMisses, "HAT084", "hat083", "call_1"},
        {kTwoMisses, "48231", std::nullopt, "call_2"},
        {kTwoMisses, "QQQ111", std::nullopt, ""},
    };
    CheckNearMisses(TwoResultsCorpus(), cases);
  }

  TEST_CASE("rung near misses: in JSON its carrier, its value on opt-in") {
    const Verdict verdict = DefaultGate().Judge(kTwoMisses, TwoResultsCorpus());
    // Law 8: the carrier's id is an identity; the value only on opt-in.
    const std::string plain = VerdictToJson(verdict);
    CHECK(plain.find("\"near_miss_carrier\":\"call_1\"") != std::string::npos);
    CHECK(plain.find("hat083") == std::string::npos);
    const std::string opted = VerdictToJson(verdict, {.include_values = true});
    CHECK(opted.find("\"near_miss\":\"hat083\"") != std::string::npos);
  }

  TEST_CASE("rung near misses: a hex value's near miss is another hex value") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Which port?");
    corpus.RecordToolResult("call_1", "ports",
                            R"({"wwpn": "50:06:01:60:9f:a0:e1:7c"})");
    corpus.RecordToolResult("call_2", "ports", R"({"id": "port-ab12"})");
    constexpr std::string_view kPorts =
        "Port 50:06:01:60:9f:a0:e1:7d is down; so are 50:06:01:60:9f:a0:e1:7z, "
        "5:006:01:60:9f:a0:e1:7c and port-ab21.";
    const Case cases[] = {
        // One hex digit off: named.
        {kPorts, "50:06:01:60:9f:a0:e1:7d", std::nullopt, "call_1"},
        // A letter beyond f makes it no hex value: its letters range over
        // a-z, and 'z' -> 'c' is one of those steps.
        {kPorts, "50:06:01:60:9f:a0:e1:7z", std::nullopt, "call_1"},
        // A digit swapped with a separator changes the shape: no near miss.
        {kPorts, "5:006:01:60:9f:a0:e1:7c", std::nullopt, ""},
        // Two neighbouring digits swapped: named.
        {kPorts, "port-ab21", std::nullopt, "call_2"},
    };
    CheckNearMisses(corpus, cases);
  }

  TEST_CASE("rung near misses: the correction frame says where one was read") {
    EvidenceCorpus corpus = OneResultCorpus(
        "Which flight?", "search", R"({"flight": "HAT083"})", "call_7");
    const std::string answer = "Take flight HAT084.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const std::string frame = stages::CorrectionFrame(answer, verdict);
    CHECK(frame.find("\"HAT084\" (compare the result of call_7)") !=
          std::string::npos);
    // The carried value itself is never quoted: the model must read it.
    CHECK(frame.find("HAT083") == std::string::npos);
  }
}

}  // namespace
}  // namespace groundgate
