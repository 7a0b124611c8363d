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
#include <memory>
#include <string>

#include "absl/time/clock.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "groundgate/openai_client.h"
#include "order_tools.h"

namespace {

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
  if (absl::Status added = order_tools::RegisterOrderTools(&tools);
      !added.ok()) {
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
