// examples/agent_postures.cc — one fabricated answer under the three
// postures.
//
// Its one job: show what assist, guard and rails do with the same answer.
// A scripted model looks up an order and its shipment through two real
// tools over an in-memory dataset, then answers with a tracking number and
// a date that no tool returned. Each posture's evidence_checked events are
// printed as JSON lines:
//   assist  flagged             (delivered as it is)
//   guard   revision_asked, grounded   (the model revises from the data)
//   rails   revision_asked, refused    (the model repeats itself; refused)
//
// What it does NOT do: call a real model. Replace ScriptedModel with a
// ModelClient that posts ToOpenAiJson(request) to a chat-completions
// endpoint and reads the reply with ModelReplyFromOpenAiJson.
#include <iostream>
#include <memory>
#include <string>

#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "order_tools.h"

namespace {

using groundgate::ModelReply;
using groundgate::ModelRequest;

// The scripted model: looks up the order, then the shipment, then answers
// with a fabricated tracking number and date. Shown a correction frame, it
// either answers from the data (`revises`) or repeats itself.
groundgate::ScriptedModel::ReplyFunction OrderBot(bool revises) {
  return [revises](const ModelRequest& request) -> absl::StatusOr<ModelReply> {
    const groundgate::Message& last = request.messages.back();
    if (last.role == groundgate::Role::kUser &&
        last.content.starts_with(groundgate::kCorrectionFramePrefix)) {
      if (revises) {
        return ModelReply::Answer(
            "Order ORD-1042 shipped with DHL as SHP-88410, tracking "
            "JD014600003812; it is due on 2024-05-17.");
      }
      return ModelReply::Answer(
          "Order ORD-1042 shipped with DHL as SHP-88410, tracking "
          "JD014600009921; it is due on 2024-05-19.");
    }
    if (last.role == groundgate::Role::kUser) {
      return ModelReply::Call("call_order", "get_order",
                              R"({"order_id": "ORD-1042"})");
    }
    if (last.role == groundgate::Role::kTool && last.name == "get_order") {
      return ModelReply::Call("call_shipment", "get_shipment",
                              R"({"shipment_id": "SHP-88410"})");
    }
    return ModelReply::Answer(
        "Order ORD-1042 shipped with DHL as SHP-88410, tracking "
        "JD014600009921; it is due on 2024-05-19.");
  };
}

int RunPosture(groundgate::Posture posture, const groundgate::Gate& gate,
               const groundgate::ToolRegistry& tools) {
  groundgate::EventBus bus;
  groundgate::Subscription print = bus.Subscribe<groundgate::EvidenceChecked>(
      [](const groundgate::EvidenceChecked& event) {
        std::cout << groundgate::EventToJsonLine(event) << "\n";
      });
  groundgate::ScriptedModel model(
      OrderBot(/*revises=*/posture == groundgate::Posture::kGuard));
  absl::StatusOr<std::unique_ptr<groundgate::Agent>> agent =
      groundgate::Agent::Create(
          {.posture = posture,
           .gate = &gate,
           .system_prompt = "You answer questions about orders.",
           .conversation_id = std::string(groundgate::PostureName(posture))},
          &model, &tools, &bus);
  if (!agent.ok()) {
    std::cerr << agent.status() << "\n";
    return 2;
  }
  std::cout << "== " << groundgate::PostureName(posture) << " ==\n";
  absl::StatusOr<groundgate::RunResult> run =
      (*agent)->Run("Where is my order ORD-1042?");
  if (std::optional<groundgate::Refusal> refusal =
          groundgate::ReadRefusal(run.status())) {
    std::cout << "refused (" << run.status().message() << "); values:";
    for (const groundgate::RefusedValue& value : refusal->unsupported) {
      std::cout << " " << value.value;
    }
    std::cout << "\n";
    return 0;
  }
  if (!run.ok()) {
    std::cerr << run.status() << "\n";
    return 2;
  }
  std::cout << "delivered after " << run->iterations
            << " model calls: " << run->answer << "\n";
  return 0;
}

}  // namespace

int main() {
  absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
  if (!gate.ok()) return 2;
  groundgate::ToolRegistry tools;
  if (absl::Status added = order_tools::RegisterOrderTools(&tools);
      !added.ok()) {
    std::cerr << added << "\n";
    return 2;
  }
  for (const groundgate::Posture posture :
       {groundgate::Posture::kAssist, groundgate::Posture::kGuard,
        groundgate::Posture::kRails}) {
    if (const int code = RunPosture(posture, *gate, tools); code != 0) {
      return code;
    }
  }
  return 0;
}
