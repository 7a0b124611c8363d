// examples/openai_agent.cc — the Agent against a real model, over any
// OpenAI-compatible chat-completions endpoint.
//
// Its one job: show the whole loop live. Two tools over an in-memory order
// table; the guard posture; a deadline on the Run; each evidence_checked
// event printed as a JSON line, then the answer, the verdict and the tokens.
// The endpoint comes from the environment:
//   GROUNDGATE_BASE_URL  e.g. http://127.0.0.1:8080/v1 (llama.cpp server),
//                        http://127.0.0.1:11434/v1 (Ollama),
//                        https://api.openai.com/v1
//   GROUNDGATE_MODEL     the model name the endpoint serves
//   OPENAI_API_KEY       sent as a Bearer token when set
//   argv[1]              the question (default: about order ORD-1042)
// With no GROUNDGATE_BASE_URL it prints this usage and exits 2.
//
// What it does NOT do: anything a test should depend on — the answer is the
// model's. Exit status: 0 delivered, 1 the Run failed (the Status is
// printed), 2 usage.
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include "absl/time/clock.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "groundgate/openai_client.h"

namespace {

const std::map<std::string, nlohmann::json>& Orders() {
  static const auto* orders = new std::map<std::string, nlohmann::json>{
      {"ORD-1042",
       {{"order_id", "ORD-1042"},
        {"customer", "Julia Hester"},
        {"total", "1249.50"},
        {"status", "shipped"},
        {"shipment_id", "SHP-88410"}}},
  };
  return *orders;
}

const std::map<std::string, nlohmann::json>& Shipments() {
  static const auto* shipments = new std::map<std::string, nlohmann::json>{
      {"SHP-88410",
       {{"shipment_id", "SHP-88410"},
        {"carrier", "DHL"},
        {"tracking", "JD014600003812"},
        {"eta", "2024-05-17"}}},
  };
  return *shipments;
}

groundgate::ToolHandler Lookup(
    const std::map<std::string, nlohmann::json>& table, std::string key) {
  return groundgate::WithJsonArguments(
      [&table, key](const nlohmann::json& args) -> absl::StatusOr<std::string> {
        const auto id = args.find(key);
        if (id == args.end() || !id->is_string()) {
          return absl::InvalidArgumentError(key + " is required");
        }
        const auto row = table.find(id->get<std::string>());
        if (row == table.end()) {
          return absl::NotFoundError("no record " + id->get<std::string>());
        }
        return row->second.dump();
      });
}

std::string IdParameter(const std::string& key) {
  return groundgate::JsonText({{"type", "object"},
                               {"properties", {{key, {{"type", "string"}}}}},
                               {"required", {key}}});
}

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string() : std::string(value);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string base_url = Env("GROUNDGATE_BASE_URL");
  if (base_url.empty()) {
    std::cerr << "usage: GROUNDGATE_BASE_URL=http://127.0.0.1:8080/v1 "
                 "GROUNDGATE_MODEL=<model> [OPENAI_API_KEY=...] "
              << argv[0] << " [question]\n"
              << "Runs the groundgate Agent (guard posture) against an "
                 "OpenAI-compatible endpoint and prints each evidence_checked "
                 "event as a JSON line.\n";
    return 2;
  }
  std::string model_name = Env("GROUNDGATE_MODEL");
  if (model_name.empty()) model_name = "default";

  absl::StatusOr<std::unique_ptr<groundgate::OpenAiCompatibleClient>> model =
      groundgate::OpenAiCompatibleClient::Create(
          {.base_url = base_url,
           .model = model_name,
           .extra_body = R"({"temperature": 0})"});
  if (!model.ok()) {
    std::cerr << model.status() << "\n";
    return 2;
  }

  groundgate::ToolRegistry tools;
  absl::Status added = tools.Register(
      {.name = "get_order",
       .description = "Look up one order by its id, e.g. ORD-1042.",
       .parameters = IdParameter("order_id")},
      Lookup(Orders(), "order_id"));
  if (added.ok()) {
    added = tools.Register(
        {.name = "get_shipment",
         .description = "Look up one shipment by its id, e.g. SHP-88410.",
         .parameters = IdParameter("shipment_id")},
        Lookup(Shipments(), "shipment_id"));
  }
  if (!added.ok()) {
    std::cerr << added << "\n";
    return 1;
  }

  groundgate::EventBus bus;
  groundgate::Subscription printed = bus.Subscribe<groundgate::EvidenceChecked>(
      [](const groundgate::EvidenceChecked& event) {
        std::cout << groundgate::EventToJsonLine(event) << "\n";
      });
  absl::StatusOr<std::unique_ptr<groundgate::Agent>> agent =
      groundgate::Agent::Create(
          {.posture = groundgate::Posture::kGuard,
           .system_prompt = "Answer from the tools' results only. Use the "
                            "tools to look up orders and shipments."},
          model->get(), &tools, &bus);
  if (!agent.ok()) {
    std::cerr << agent.status() << "\n";
    return 1;
  }

  const std::string question =
      argc > 1 ? argv[1]
               : "Where is order ORD-1042, and when will it arrive? Give the "
                 "tracking number.";
  absl::StatusOr<groundgate::RunResult> run =
      (*agent)->Run(question, {.deadline = absl::Now() + absl::Minutes(5)});
  if (!run.ok()) {
    std::cerr << "run failed: " << run.status() << "\n";
    return 1;
  }
  std::cout << "answer: " << run->answer << "\n"
            << "flagged: " << (run->verdict.flagged() ? "yes" : "no")
            << ", model calls: " << run->iterations
            << ", tool calls: " << run->tool_calls
            << ", revision asked: " << (run->revision_asked ? "yes" : "no")
            << "\n";
  if (run->usage.has_value()) {
    std::cout << "tokens: " << run->usage->prompt_tokens << " prompt + "
              << run->usage->completion_tokens
              << " completion = " << run->usage->total_tokens << "\n";
  }
  return 0;
}
