// examples/own_loop.cc — the gate inside a loop the application already has.
//
// Its one job: show an application that keeps its own agent loop (here a
// stand-in for a llama.cpp or HTTP loop that speaks its own tool-call
// format) and calls the gate's stages itself: Record after each tool result,
// Judge after each answer, Route by its posture, Emit to its event bus.
// Conversation one goes through the stages under guard; conversation two
// uses Gate and EvidenceCorpus directly, with no stages at all.
//
// What it does NOT do: use the Agent. Nothing here depends on agent.h.
#include <iostream>
#include <string>
#include <vector>

#include "groundgate/events.h"
#include "groundgate/groundgate.h"
#include "groundgate/stages.h"

namespace {

// The application's own model turn: either a tool request in its own
// format, or an answer.
struct LocalTurn {
  std::string tool;  // empty for an answer
  std::string argument;
  std::string text;  // the answer
};

// The application's own tool: port statistics from a switch.
std::string PortStats(const std::string& port) {
  if (port == "fc1/3") {
    return R"({"port": "fc1/3", "state": "down", "crc_errors": 41200,)"
           R"( "last_flap": "2024-05-15T10:04:00Z"})";
  }
  return R"({"groundgate_absence": {"looked_for": [")" + port +
         R"("], "checked": ["switch-a"]}})";
}

// A stand-in for the local model: it looks up the port, then answers with
// one number it did not read; told so, it answers from the data.
LocalTurn LocalModel(int step, bool corrected) {
  if (step == 0) return {"port_stats", "fc1/3", ""};
  if (!corrected) {
    return {"", "",
            "Port fc1/3 is down with 41,200 CRC errors, up from 39,950."};
  }
  return {"", "",
          "Port fc1/3 is down with 41,200 CRC errors; the earlier count was "
          "not collected."};
}

int GuardedConversation(const groundgate::Gate& gate,
                        groundgate::EventBus& bus) {
  groundgate::EvidenceCorpus corpus;  // one per conversation
  groundgate::stages::RecordSystem(corpus, "You help storage engineers.");
  groundgate::stages::RecordUserMessage(corpus, "Why is port fc1/3 down?");

  bool revision_asked = false;
  for (int step = 0, iteration = 1; step < 4; ++iteration) {
    const LocalTurn turn = LocalModel(step, revision_asked);
    if (!turn.tool.empty()) {
      const std::string result = PortStats(turn.argument);
      groundgate::stages::Record(corpus, {.tool_call_id = "t1",
                                          .tool_name = turn.tool,
                                          .content = result,
                                          .ok = true});
      ++step;
      continue;
    }
    const groundgate::stages::Judgement judgement =
        groundgate::stages::MakeJudgement(gate, turn.text, corpus);
    if (!judgement.judged) break;  // an empty answer: nothing to judge
    // What the answer derived grounds a later answer that restates it.
    corpus.RecordJudgedAnswer(judgement.verdict);
    const groundgate::stages::RouteDecision decision =
        groundgate::stages::Route(judgement.verdict,
                                  groundgate::Posture::kGuard,
                                  {.revision_asked = revision_asked});
    groundgate::stages::Emit(&bus,
                             {.conversation_id = "own-loop",
                              .turn = 1,
                              .iteration = iteration,
                              .posture = groundgate::Posture::kGuard,
                              .after_revision = revision_asked},
                             judgement, decision);
    if (decision.action == groundgate::stages::RouteAction::kAskRevision) {
      const std::string frame =
          groundgate::stages::CorrectionFrame(turn.text, judgement.verdict);
      // The loop would append the answer and the frame to its own history;
      // recording the frame is harmless: it is neither exempt nor a turn.
      groundgate::stages::RecordUserMessage(corpus, frame);
      std::cout << "frame: " << frame << "\n";
      revision_asked = true;
      continue;
    }
    std::cout << "answer: " << turn.text << "\n";
    return 0;
  }
  return 1;
}

// The same check with the Gate and the corpus only.
void DirectConversation(const groundgate::Gate& gate) {
  groundgate::EvidenceCorpus corpus;
  corpus.RecordUserMessage("Which LUN backs datastore ds-07?");
  corpus.RecordToolResult("c1", "lun_map",
                          R"({"datastore": "ds-07", "lun": "naa.600a0b80"})");
  const groundgate::Verdict verdict =
      gate.Judge("Datastore ds-07 is backed by naa.600a0b80.", corpus);
  std::cout << "direct: " << groundgate::VerdictToJson(verdict) << "\n";
}

}  // namespace

int main() {
  absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
  if (!gate.ok()) return 2;

  groundgate::EventBus bus;
  groundgate::Subscription print =
      bus.SubscribeAll([](const groundgate::Event& event) {
        std::cout << groundgate::EventToJsonLine(event) << "\n";
      });

  if (GuardedConversation(*gate, bus) != 0) return 1;
  DirectConversation(*gate);
  return 0;
}
