// tests/laws_test.cc — one test per law of DESIGN.md, named after it.
//
// Each TEST_CASE states the law in its name and drives the public API only
// (Gate, EvidenceCorpus, Verdict, VerdictToJson), so a refactor of the
// internals cannot quietly repeal a law.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "groundgate/groundgate.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"
#include "tests/support/misattributed.h"

namespace groundgate {
namespace {

using groundgate_test::AtCanonical;
using groundgate_test::DefaultGate;
using groundgate_test::GateWith;

TEST_SUITE("laws") {
  TEST_CASE(
      "law 1: one spelling per value — 41,200 in prose is 41200 in JSON") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("how many?");
    corpus.RecordToolResult("c1", "stats",
                            R"({"crc_errors": 41200, "memory": 2048.0})");
    const Verdict v = gate.Judge(
        "There were 41,200 CRC errors and 2048 MB of memory.", corpus);
    CHECK_FALSE(v.flagged());
    REQUIRE(AtCanonical(v, "41200") != nullptr);
    CHECK(AtCanonical(v, "41200")->status == CandidateStatus::kGrounded);
    CHECK(AtCanonical(v, "41200")->reason == MatchReason::kCanonical);
    REQUIRE(AtCanonical(v, "2048") != nullptr);
    CHECK(AtCanonical(v, "2048")->status == CandidateStatus::kGrounded);
    // Canonical numbers are exact decimals, never doubles.
    corpus.RecordToolResult("c2", "big", R"({"id": 12345678901234567890})");
    const Verdict big = gate.Judge("Serial 12345678901234567890.", corpus);
    CHECK_FALSE(big.flagged());
    const Verdict near = gate.Judge("Serial 12345678901234567891.", corpus);
    CHECK(near.flagged());
  }

  TEST_CASE(
      "law 2: token-exact, never substring — 0xef0101 is not in "
      "naa.0xef0101ab") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("which device?");
    corpus.RecordToolResult("c1", "lookup", "device naa.0xef0101ab is online");
    const Verdict v = gate.Judge("The device is 0xef0101.", corpus);
    CHECK(v.flagged());
    // JSON is walked structurally: a key and a prose leaf are evidence.
    corpus.RecordToolResult(
        "c2", "inventory",
        R"({"hosts": {"esx-prod-014": {"note": "rebooted after fw 7.0.3u2"}}})");
    const Verdict w = gate.Judge("esx-prod-014 runs 7.0.3u2.", corpus);
    CHECK_FALSE(w.flagged());
    // Broken JSON is read as text, never dropped.
    corpus.RecordToolResult("c3", "broken", R"({"serial": "SN-88412", )");
    CHECK_FALSE(gate.Judge("Serial SN-88412.", corpus).flagged());
  }

  TEST_CASE(
      "law 3: the model cannot ground itself — arguments, answers and absence "
      "reports") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("find order 5521");
    // The application never records tool-call arguments or the model's own
    // text; an absence report grounds only its coverage.
    corpus.RecordToolResult(
        "c1", "find_order",
        R"({"groundgate_absence": {"looked_for": ["ORD-99172"],
             "checked": ["orders-2024"], "not_checked": ["archive-2019"]},
            "echo": "ORD-99172"})");
    const Verdict v = gate.Judge(
        "ORD-99172 is not in orders-2024; archive-2019 was not checked.",
        corpus);
    REQUIRE(AtCanonical(v, "ord-99172") != nullptr);
    CHECK(AtCanonical(v, "ord-99172")->status == CandidateStatus::kUnsupported);
    CHECK(AtCanonical(v, "orders-2024")->status == CandidateStatus::kGrounded);
    CHECK(AtCanonical(v, "archive-2019")->status == CandidateStatus::kGrounded);

    // Of an answer judged, the corpus keeps only what the gate derived in
    // it from what results carried: a later answer restating that number
    // grounds it; one restating a number the answer typed does not.
    EvidenceCorpus fares;
    fares.RecordUserMessage("What does the upgrade cost?");
    fares.RecordToolResult(
        "c1", "search",
        R"([{"flight": "HAT072", "business": 282, "economy": 177},
            {"flight": "HAT278", "business": 443, "economy": 180}])");
    const Verdict shown = gate.Judge(
        "HAT072: $282 - $177 = $105. HAT278: $443 - $180 = $263. In all, "
        "$105 + $263 = $368, less your $1,250 credit.",
        fares);
    REQUIRE(AtCanonical(shown, "368") != nullptr);
    CHECK(AtCanonical(shown, "368")->reason == MatchReason::kDerivedSum);
    REQUIRE(AtCanonical(shown, "1250") != nullptr);
    CHECK(AtCanonical(shown, "1250")->status == CandidateStatus::kUnsupported);
    constexpr std::string_view kRestated =
        "Shall I charge the $368 difference ($105 of it for HAT072)? Your "
        "$1,250 credit stays.";
    const Verdict before = gate.Judge(kRestated, fares);
    CHECK(AtCanonical(before, "368")->status == CandidateStatus::kUnsupported);
    fares.RecordJudgedAnswer(shown);
    const Verdict after = gate.Judge(kRestated, fares);
    REQUIRE(AtCanonical(after, "368") != nullptr);
    CHECK(AtCanonical(after, "368")->status == CandidateStatus::kGrounded);
    CHECK(AtCanonical(after, "368")->reason == MatchReason::kDerivedSum);
    CHECK(AtCanonical(after, "368")->derivation == "105 + 263");
    // Grounded the same way: the same turn, the same carriers.
    CHECK(AtCanonical(after, "368")->grounding ==
          AtCanonical(shown, "368")->grounding);
    CHECK(AtCanonical(after, "368")->carriers ==
          AtCanonical(shown, "368")->carriers);
    CHECK(AtCanonical(after, "105")->carriers ==
          std::vector<std::string>{"c1"});
    CHECK(AtCanonical(after, "1250")->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE(
      "law 4: what the user or the app supplied is exempt; the correction "
      "frame is not") {
    const Gate gate = GateWith({.exempt_values = {"TENANT-0042"}});
    EvidenceCorpus corpus;
    corpus.RecordExempt("You serve region eu-west-7 for tenant ops.");
    CHECK(corpus.RecordUserMessage("My booking is 4XGCCM."));
    const Verdict v =
        gate.Judge("Booking 4XGCCM in eu-west-7 for TENANT-0042.", corpus);
    CHECK_FALSE(v.flagged());
    CHECK(v.looked_up == 0);
    CHECK(AtCanonical(v, "4xgccm")->status == CandidateStatus::kExempt);
    CHECK(AtCanonical(v, "tenant-0042")->reason ==
          MatchReason::kDeclaredExemption);

    // A frame the library wrote quotes the values back: they stay unsupported
    // and the frame does not start a new user turn.
    corpus.RecordToolResult("c1", "get", R"({"seat": "12A-9921"})");
    const std::uint32_t turn = corpus.user_turn();
    CHECK_FALSE(corpus.RecordUserMessage(
        std::string(kCorrectionFramePrefix) +
        "] these values appear in no tool result: \"ZZ-77310\"]"));
    CHECK(corpus.user_turn() == turn);
    CHECK(corpus.results().size() == 1);
    CHECK(gate.Judge("Your ticket is ZZ-77310.", corpus).flagged());
  }

  TEST_CASE("law 5: a partial corpus accuses no one") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 4});
    corpus.RecordUserMessage("list");
    const RecordOutcome outcome = corpus.RecordToolResult(
        "c1", "list", "hosts esx-01a esx-02b esx-03c esx-04d esx-05e");
    CHECK(outcome.truncated);
    CHECK(corpus.truncated());
    const Verdict v = gate.Judge("Host esx-99z is down.", corpus);
    CHECK(v.evidence_truncated);
    CHECK_FALSE(v.flagged());
    CHECK(v.unverified() == 1);
    CHECK(VerdictAction(v) == "unverified");
    CHECK_FALSE(v.answer_carriers.has_value());
  }

  TEST_CASE(
      "law 6: the whole list or none — a cut carrier list makes "
      "answer_carriers nullopt") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("status?");
    for (std::size_t i = 0; i < kMaxCarriers + 1; ++i) {
      corpus.RecordToolResult("c" + std::to_string(i), "poll",
                              R"({"state": "degraded", "code": "E-4410"})");
    }
    corpus.RecordToolResult("solo", "serial", R"({"serial": "SN-31337"})");
    const Verdict cut = gate.Judge("Code E-4410 on SN-31337.", corpus);
    CHECK_FALSE(cut.flagged());
    CHECK(AtCanonical(cut, "e-4410")->carriers.size() == kMaxCarriers);
    CHECK(AtCanonical(cut, "e-4410")->carriers_cut);
    CHECK_FALSE(cut.answer_carriers.has_value());
    // Not involved, not counted: an answer using only the uncut value.
    const Verdict whole = gate.Judge("Serial SN-31337.", corpus);
    REQUIRE(whole.answer_carriers.has_value());
    REQUIRE(whole.answer_carriers->size() == 1);
    CHECK((*whole.answer_carriers)[0].tool_call_id == "solo");
    // Nothing grounded: the empty list, not nullopt.
    const Verdict none = gate.Judge("Nothing to cite here.", corpus);
    REQUIRE(none.answer_carriers.has_value());
    CHECK(none.answer_carriers->empty());
  }

  TEST_CASE("law 7: this turn only — carriers are cleared at each user turn") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("first question");
    corpus.RecordToolResult("c1", "get", R"({"lun": "LUN-0042"})");
    const Verdict first = gate.Judge("It is LUN-0042.", corpus);
    CHECK(first.grounding.this_turn == 1);
    REQUIRE(first.answer_carriers.has_value());
    CHECK(first.answer_carriers->size() == 1);

    corpus.RecordUserMessage("second question");
    CHECK(corpus.results().empty());
    const Verdict second = gate.Judge("Still LUN-0042.", corpus);
    CHECK_FALSE(second.flagged());  // read in an earlier turn: still grounded
    CHECK(second.grounding.this_turn == 0);
    CHECK(second.grounding.prior_turns == 1);
    CHECK(AtCanonical(second, "lun-0042")->grounding == Grounding::kPriorTurn);
    CHECK(AtCanonical(second, "lun-0042")->carriers.empty());
    REQUIRE(second.answer_carriers.has_value());
    CHECK(second.answer_carriers->empty());
  }

  TEST_CASE(
      "law 8: identities and counts, never a value — unless the application "
      "opts in") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("token?");
    corpus.RecordToolResult("c1", "vault",
                            R"({"key": "sk-live-9f8e7d6c5b4a"})");
    const Verdict v = gate.Judge(
        "Your key is sk-live-9f8e7d6c5b4a, backup sk-live-1111aaaa2222.",
        corpus);
    CHECK(v.flagged());
    const std::string plain = VerdictToJson(v);
    CHECK(plain.find("sk-live") == std::string::npos);
    const std::string opted =
        VerdictToJson(v, {.include_values = true, .max_value_bytes = 10});
    CHECK(opted.find("\"value\":\"sk-live-11\"") != std::string::npos);
    CHECK(opted.find("9f8e7d6c5b4a") == std::string::npos);  // grounded: never
  }

  TEST_CASE(
      "law 9: deterministic — the same inputs give byte-identical JSON on "
      "every thread") {
    const Gate& gate = DefaultGate();
    auto run = [&gate] {
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("report");
      for (int i = 0; i < 50; ++i) {
        corpus.RecordToolResult("call_" + std::to_string(i), "port",
                                R"({"port": "fc)" + std::to_string(i % 7) +
                                    R"(/3", "errs": )" +
                                    std::to_string(40000 + i) + "}");
      }
      const Verdict v = gate.Judge(
          "fc1/3 had 40001 errors, fc2/3 had 40002, fc9/9 had 49999.", corpus);
      return VerdictToJson(v, {.include_values = true});
    };
    const std::string reference = run();
    std::vector<std::string> outputs(4);
    std::vector<std::thread> threads;
    for (std::string& out : outputs) {
      threads.emplace_back([&out, &run] { out = run(); });
    }
    for (std::thread& t : threads) t.join();
    for (const std::string& out : outputs) CHECK(out == reference);
  }

  TEST_CASE("law 10: bad input costs nothing but a flag") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("go");
    std::string nested(100000, '[');
    corpus.RecordToolResult("c1", "deep", nested);
    corpus.RecordToolResult("c2", "bad-utf8",
                            std::string("id \xff\xfe ABC-1234 \xc3"));
    corpus.RecordToolResult("c3", "empty", "");
    const Verdict v =
        gate.Judge(std::string("ABC-1234 \xff and \xe2\x82"), corpus);
    CHECK_FALSE(v.flagged());
    // A huge answer is cut with a flag, never silently.
    std::string huge;
    for (std::size_t i = 0; i < kMaxAnswerTokens + 10; ++i) huge += "word ";
    CHECK(gate.Judge(huge, corpus).answer_truncated);
    // Bad configuration is a clear Status naming the option.
    const absl::StatusOr<Gate> bad = Gate::Create({.min_digits = 0});
    CHECK_FALSE(bad.ok());
    CHECK(std::string(bad.status().message()).find("min_digits") !=
          std::string::npos);
  }

  TEST_CASE(
      "law 11: a misattributed value routes like an unsupported one under "
      "every posture; warns_only delivers it") {
    // "$114" told of flight HAT271, whose economy fare is $174.
    const Verdict misattributed = groundgate_test::MisattributedVerdict();
    Verdict typed;
    Candidate invented;
    invented.shape = "money";
    invented.canonical = "999";
    invented.status = CandidateStatus::kUnsupported;
    typed.candidates = {invented};
    CHECK(misattributed.flagged());
    CHECK(VerdictAction(misattributed) == "flagged");
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      for (const bool latched : {false, true}) {
        CAPTURE(PostureName(posture));
        CAPTURE(latched);
        const stages::RouteState state{.revision_asked = latched};
        const stages::RouteDecision wrong =
            stages::Route(misattributed, posture, state);
        const stages::RouteDecision invented_route =
            stages::Route(typed, posture, state);
        CHECK(wrong.action == invented_route.action);
        CHECK(wrong.event_action == invented_route.event_action);
        CHECK(wrong.event_action != EvidenceAction::kGrounded);
      }
    }
    // The revision names the value and what the named record holds.
    CHECK(stages::CorrectionFrame(groundgate_test::kMisattributedAnswer,
                                  misattributed)
              .ends_with("\"$114\" is not what the record at $.flights[1] in "
                         "the result of call_1 holds at prices.economy: it "
                         "holds 174"));

    // misattribution_flags = false: reported, never routed.
    const Verdict warned = groundgate_test::MisattributedVerdict(true);
    CHECK_FALSE(warned.flagged());
    CHECK(warned.misattributed() == 1);
    CHECK(VerdictAction(warned) == "grounded");
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      CAPTURE(PostureName(posture));
      const stages::RouteDecision d = stages::Route(warned, posture, {});
      CHECK(d.action == stages::RouteAction::kDeliver);
      CHECK(d.event_action == EvidenceAction::kGrounded);
    }
    CHECK(VerdictToJson(warned).find(R"("misattributed":[{"shape":"money")") !=
          std::string::npos);
  }
}

}  // namespace
}  // namespace groundgate
