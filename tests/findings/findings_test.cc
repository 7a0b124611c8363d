// tests/findings/findings_test.cc — the ledger, contingent values, the results
// the answer cited nothing from, and the per-tool counts.
//
// The contingent rule is pinned both ways: one fact (or one undeclared)
// carrier saves a value; all carriers set aside makes it contingent; a cut
// carrier list is never judged (law 6).
#include <doctest/doctest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "tests/default_gate.h"
#include "tests/support/tool_registry.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;
using groundgate_test::OneToolRegistry;

// Three results of one turn: two carry PORT-7731 (c1 and c2), one carries
// only its own value (c3).
void RecordThree(EvidenceCorpus& corpus) {
  corpus.RecordUserMessage("Which port flapped?");
  corpus.RecordToolResult("c1", "port_log", R"({"port": "PORT-7731"})");
  corpus.RecordToolResult("c2", "port_log",
                          R"({"port": "PORT-7731", "flaps": 1204})");
  corpus.RecordToolResult("c3", "fabric_scan", R"({"zone": "ZN-5520"})");
}

constexpr std::string_view kAnswer = "Port PORT-7731 flapped.";

// kAnswer judged over RecordThree's results, the ledger holding
// `declarations` (a result id and its standing, in order).
stages::Judgement JudgeThree(
    std::initializer_list<std::pair<std::string_view, Standing>> declarations) {
  EvidenceCorpus corpus;
  RecordThree(corpus);
  FindingsLedger ledger;
  for (const auto& [id, standing] : declarations) ledger.Declare(id, standing);
  return stages::MakeJudgement(DefaultGate(), kAnswer, corpus, &ledger);
}

// One tool, port_log, whose every result carries PORT-7731.
ToolRegistry PortLogTools() {
  return OneToolRegistry("port_log", R"({"port": "PORT-7731"})");
}

TEST_SUITE("findings") {
  TEST_CASE("the last declaration wins") {
    FindingsLedger ledger;
    CHECK_FALSE(ledger.StandingOf("c1").has_value());
    ledger.Declare("c1", Standing::kFact);
    ledger.Declare("c1", Standing::kRuledOut);
    CHECK(ledger.StandingOf("c1") == Standing::kRuledOut);
    ledger.Declare("c1", Standing::kOpen);
    CHECK(ledger.StandingOf("c1") == Standing::kOpen);
    CHECK(ledger.size() == 1);
    ledger.Clear();
    CHECK(ledger.size() == 0);
    CHECK(ParseStanding("ruled_out") == Standing::kRuledOut);
    CHECK_FALSE(ParseStanding("unused").has_value());
    CHECK(StandingName(Standing::kNoise) == "noise");
  }

  TEST_CASE("a value whose every carrier is set aside is contingent") {
    const stages::Judgement j =
        JudgeThree({{"c1", Standing::kRuledOut}, {"c2", Standing::kNoise}});
    REQUIRE(j.findings.contingent.size() == 1);
    const ContingentValue& value = j.findings.contingent[0];
    CHECK(value.canonical == "port-7731");
    CHECK(value.start == 5);
    CHECK(value.end == 14);
    REQUIRE(value.carriers.size() == 2);
    CHECK(value.carriers[0].tool_call_id == "c1");
    CHECK(value.carriers[0].standing == Standing::kRuledOut);
    CHECK(value.carriers[1].tool_call_id == "c2");
    CHECK(value.carriers[1].standing == Standing::kNoise);
    // Contingent is not unsupported: the value was read.
    CHECK_FALSE(j.verdict.flagged());
  }

  TEST_CASE("one fact carrier saves a value") {
    CHECK(JudgeThree({{"c1", Standing::kRuledOut}, {"c2", Standing::kFact}})
              .findings.contingent.empty());
  }

  TEST_CASE("one undeclared carrier saves a value") {
    CHECK(JudgeThree({{"c1", Standing::kOpen}}).findings.contingent.empty());
    // No ledger at all: every carrier undeclared.
    EvidenceCorpus corpus;
    RecordThree(corpus);
    CHECK(stages::MakeJudgement(DefaultGate(), kAnswer, corpus, nullptr)
              .findings.contingent.empty());
  }

  TEST_CASE("a cut carrier list is not judged contingent (law 6)") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Which port?");
    FindingsLedger ledger;
    for (std::size_t i = 0; i <= kMaxCarriers; ++i) {
      const std::string id = absl::StrCat("c", i);
      corpus.RecordToolResult(id, "port_log", R"({"port": "PORT-7731"})");
      ledger.Declare(id, Standing::kRuledOut);
    }
    const stages::Judgement j =
        stages::MakeJudgement(gate, kAnswer, corpus, &ledger);
    REQUIRE(j.verdict.candidates.size() == 1);
    CHECK(j.verdict.candidates[0].carriers_cut);
    CHECK(j.findings.contingent.empty());
    CHECK_FALSE(j.findings.results_cited_nothing_from.has_value());
    REQUIRE(j.findings.tools.size() == 1);
    CHECK_FALSE(j.findings.tools[0].values_carried.has_value());
  }

  TEST_CASE("contingent values are reported as a contingent_found event") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    RecordThree(corpus);
    FindingsLedger ledger;
    ledger.Declare("c1", Standing::kRuledOut);
    ledger.Declare("c2", Standing::kOpen);
    EventBus bus;
    std::vector<std::string> lines;
    Subscription all = bus.SubscribeAll(
        [&](const Event& e) { lines.push_back(EventToJsonLine(e)); });
    const stages::Judgement j =
        stages::MakeJudgement(gate, kAnswer, corpus, &ledger);
    const stages::RouteDecision d =
        stages::Route(j.verdict, Posture::kGuard, {});
    stages::Emit(&bus, {.conversation_id = "x", .turn = 1, .iteration = 2}, j,
                 d);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].find("evidence_checked") != std::string::npos);
    CHECK(
        lines[1] ==
        R"({"schema":"groundgate.contingent_found/1","conversation_id":"x",)"
        R"("turn":1,"iteration":2,"values":[{"shape":"identifier",)"
        R"("start":5,"end":14,"carriers":[{"tool_call_id":"c1",)"
        R"("standing":"ruled_out"},{"tool_call_id":"c2","standing":"open"}]}]})");
    // Not on revision_asked: that answer does not go out.
    lines.clear();
    stages::Emit(
        &bus, {}, j,
        {stages::RouteAction::kAskRevision, EvidenceAction::kRevisionAsked});
    CHECK(lines.size() == 1);
  }

  TEST_CASE("the results the answer cited nothing from, in wire order") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    RecordThree(corpus);
    corpus.RecordToolResult("c4", "fabric_scan", R"({"note": "no errors"})");
    const Findings f = ComputeFindings(
        gate.Judge("Zone ZN-5520 is fine.", corpus), corpus, nullptr);
    REQUIRE(f.results_cited_nothing_from.has_value());
    const auto& cited_nothing = *f.results_cited_nothing_from;
    REQUIRE(cited_nothing.size() == 3);
    CHECK(cited_nothing[0].tool_call_id == "c1");
    CHECK(cited_nothing[1].tool_call_id == "c2");
    CHECK(cited_nothing[2].tool_call_id == "c4");
    CHECK(cited_nothing[2].tool_name == "fabric_scan");
  }

  TEST_CASE("per tool: results, values recorded, values carried, ratio") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    RecordThree(corpus);
    const Findings f = ComputeFindings(
        gate.Judge("PORT-7731 flapped 1204 times; zone ZN-5520.", corpus),
        corpus, nullptr);
    REQUIRE(f.tools.size() == 2);
    const ToolTally& log = f.tools[0];
    CHECK(log.tool_name == "port_log");
    CHECK(log.results == 2);
    CHECK(log.values_recorded == corpus.results()[0].values_recorded +
                                     corpus.results()[1].values_recorded);
    // PORT-7731 counts once for the tool although two of its results
    // carried it.
    CHECK(log.values_carried == 2);
    REQUIRE(log.ratio.has_value());
    CHECK(*log.ratio == doctest::Approx(2.0 / log.values_recorded));
    const ToolTally& scan = f.tools[1];
    CHECK(scan.tool_name == "fabric_scan");
    CHECK(scan.results == 1);
    CHECK(scan.values_carried == 1);
  }

  TEST_CASE("a truncated corpus judges nothing contingent") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 2});
    corpus.RecordUserMessage("q");
    corpus.RecordToolResult("c1", "t", R"({"a": "PORT-7731", "b": "X-12345"})");
    FindingsLedger ledger;
    ledger.Declare("c1", Standing::kNoise);
    const stages::Judgement j =
        stages::MakeJudgement(gate, kAnswer, corpus, &ledger);
    CHECK(j.verdict.evidence_truncated);
    CHECK(j.findings.contingent.empty());
    CHECK_FALSE(j.findings.results_cited_nothing_from.has_value());
  }
}

TEST_SUITE("standing tool") {
  TEST_CASE(
      "the model declares standings; the tool's result is never "
      "evidence") {
    const ToolRegistry tools = PortLogTools();
    EventBus bus;
    std::vector<std::string> kinds;
    Subscription all = bus.SubscribeAll(
        [&](const Event& e) { kinds.emplace_back(EventKindName(KindOf(e))); });
    ScriptedModel model({
        ModelReply::Call("c1", "port_log", "{}"),
        ModelReply::Call("c2", std::string(kStandingToolName),
                         R"({"tool_call_id": "c1", "standing": "open"})"),
        // A declaration for an id that is not a result: an error message.
        ModelReply::Call("c3", std::string(kStandingToolName),
                         R"({"tool_call_id": "SN-90210", "standing": "fact"})"),
        ModelReply::Call("c4", std::string(kStandingToolName),
                         R"({"tool_call_id": "c1", "standing": "maybe"})"),
        ModelReply::Answer("Port PORT-7731 flapped; SN-90210 is involved."),
    });
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({.standing_tool = true}, &model, &tools, &bus);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run = (*agent)->Run("Which port?");
    REQUIRE(run.ok());
    CHECK((*agent)->ledger().StandingOf("c1") == Standing::kOpen);
    CHECK_FALSE((*agent)->ledger().StandingOf("SN-90210").has_value());
    // The standing tool is offered alongside the application's tools.
    REQUIRE(model.requests()[0].tools.size() == 2);
    CHECK(model.requests()[0].tools[1].name == kStandingToolName);
    // Its arguments quoted SN-90210; that grounds nothing (law 3).
    CHECK(run->verdict.flagged());
    REQUIRE(run->findings.contingent.size() == 1);
    CHECK(run->findings.contingent[0].canonical == "port-7731");
    CHECK((*agent)->corpus().results().size() == 1);
    CHECK(kinds.back() == "run_finished");
    CHECK(kinds[kinds.size() - 2] == "contingent_found");
    CHECK(kinds[kinds.size() - 3] == "evidence_checked");
  }

  TEST_CASE("the model declares a standing for a result whose id was bounded") {
    // A tool-call id past kMaxToolCallIdBytes is recorded in its bounded
    // form; the model names the id it sent, and the declaration still finds
    // the result.
    const std::string long_id = "call_" + std::string(300, 'x');
    const ToolRegistry tools = PortLogTools();
    const nlohmann::json declaration = {{"tool_call_id", long_id},
                                        {"standing", "noise"}};
    ScriptedModel model({
        ModelReply::Call(long_id, "port_log", "{}"),
        ModelReply::Call("c2", std::string(kStandingToolName),
                         declaration.dump()),
        ModelReply::Answer("Port PORT-7731 flapped."),
    });
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({.standing_tool = true}, &model, &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run = (*agent)->Run("Which port?");
    REQUIRE(run.ok());
    REQUIRE((*agent)->corpus().results().size() == 1);
    CHECK((*agent)->corpus().results()[0].tool_call_id.size() <=
          kMaxToolCallIdBytes);
    CHECK((*agent)->ledger().StandingOf(long_id) == Standing::kNoise);
    // Its only carrier is set aside: the value is contingent.
    REQUIRE(run->findings.contingent.size() == 1);
    CHECK(run->findings.contingent[0].canonical == "port-7731");
  }
}

}  // namespace
}  // namespace groundgate
