// tests/runtime/tool_choice_test.cc — AgentOptions::tool_choice,
// parallel_tool_calls and tool_concurrency: what reaches the model's
// request, what Create refuses, and that tool calls run at once but are
// recorded in the calls' order.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "doctest/doctest.h"
#include "groundgate/agent.h"
#include "nlohmann/json.hpp"

namespace groundgate {
namespace {

using Json = nlohmann::json;

// Two calls and then an answer, or (wrap_up) the answer alone.
ModelReply TwoCalls() {
  ModelReply reply;
  reply.tool_calls = {{"call_a", "slow_lookup", R"({"key": "a"})"},
                      {"call_b", "slow_lookup", R"({"key": "b"})"}};
  return reply;
}

ToolRegistry LookupTools(ToolHandler handler) {
  ToolRegistry tools;
  REQUIRE(tools
              .Register({.name = "slow_lookup",
                         .description = "Look a key up.",
                         .parameters = R"({"type": "object"})"},
                        std::move(handler))
              .ok());
  return tools;
}

TEST_SUITE("tool choice") {
  TEST_CASE(
      "tool_choice and parallel_tool_calls are written beside tools "
      "only") {
    ModelRequest request;
    request.messages = {{.role = Role::kUser, .content = "Hi"}};
    request.parallel_tool_calls = false;
    const std::vector<std::pair<ToolChoice, Json>> cases = {
        {{.mode = ToolChoice::Mode::kAuto}, "auto"},
        {{.mode = ToolChoice::Mode::kRequired}, "required"},
        {{.mode = ToolChoice::Mode::kNone}, "none"},
        {{.mode = ToolChoice::Mode::kFunction, .function = "slow_lookup"},
         {{"type", "function"}, {"function", {{"name", "slow_lookup"}}}}},
    };
    for (const auto& [choice, expected] : cases) {
      request.tool_choice = choice;
      request.tools.clear();
      const Json bare = Json::parse(ToOpenAiJson(request));
      CHECK_FALSE(bare.contains("tool_choice"));
      CHECK_FALSE(bare.contains("parallel_tool_calls"));
      request.tools = {{.name = "slow_lookup"}};
      const Json body = Json::parse(ToOpenAiJson(request));
      CHECK(body["tool_choice"] == expected);
      CHECK(body["parallel_tool_calls"] == false);
    }
  }

  TEST_CASE("the Agent sends its tool_choice until the wrap-up") {
    ScriptedModel model({TwoCalls(), ModelReply::Answer("Done.")});
    ToolRegistry tools = LookupTools(
        [](std::string_view) -> absl::StatusOr<std::string> { return "1"; });
    AgentOptions options;
    options.max_iterations = 1;
    options.tool_choice = ToolChoice{.mode = ToolChoice::Mode::kRequired};
    options.parallel_tool_calls = true;
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create(options, &model, &tools, nullptr);
    REQUIRE(agent.ok());
    REQUIRE((*agent)->Run("Look both up.").ok());
    REQUIRE(model.requests().size() == 2);
    CHECK(model.requests()[0].tool_choice == options.tool_choice);
    CHECK(model.requests()[0].parallel_tool_calls == true);
    CHECK(model.requests()[1].wrap_up);
    CHECK_FALSE(model.requests()[1].tool_choice.has_value());
    CHECK_FALSE(model.requests()[1].parallel_tool_calls.has_value());
  }

  TEST_CASE(
      "Create refuses a tool_choice of no offered tool, and a "
      "concurrency out of range") {
    ScriptedModel model({ModelReply::Answer("Hi.")});
    ToolRegistry tools = LookupTools(
        [](std::string_view) -> absl::StatusOr<std::string> { return "1"; });
    AgentOptions named;
    named.tool_choice =
        ToolChoice{.mode = ToolChoice::Mode::kFunction, .function = "nope"};
    absl::StatusOr<std::unique_ptr<Agent>> refused =
        Agent::Create(named, &model, &tools, nullptr);
    REQUIRE_FALSE(refused.ok());
    CHECK(std::string(refused.status().message()).find("tool_choice") !=
          std::string::npos);
    named.tool_choice->function = "slow_lookup";
    CHECK(Agent::Create(named, &model, &tools, nullptr).ok());
    named.tool_choice->function = std::string(kStandingToolName);
    CHECK_FALSE(Agent::Create(named, &model, &tools, nullptr).ok());
    named.standing_tool = true;
    CHECK(Agent::Create(named, &model, &tools, nullptr).ok());
    for (const int bad : {0, -1, kMaxToolConcurrency + 1}) {
      AgentOptions options;
      options.tool_concurrency = bad;
      const absl::StatusOr<std::unique_ptr<Agent>> agent =
          Agent::Create(options, &model, &tools, nullptr);
      REQUIRE_FALSE(agent.ok());
      CHECK(std::string(agent.status().message()).find("tool_concurrency") !=
            std::string::npos);
    }
  }

  TEST_CASE("tool calls run at once and are recorded in the calls' order") {
    // Each handler waits until both have started (so they must run at
    // once), then the first call finishes last.
    std::mutex mu;
    std::condition_variable cv;
    int started = 0;
    ToolRegistry tools = LookupTools(
        [&](std::string_view arguments) -> absl::StatusOr<std::string> {
          const bool first = arguments.find("\"a\"") != std::string::npos;
          std::unique_lock lock(mu);
          ++started;
          cv.notify_all();
          const bool together = cv.wait_for(lock, std::chrono::seconds(10),
                                            [&] { return started >= 2; });
          lock.unlock();
          if (first) std::this_thread::sleep_for(std::chrono::milliseconds(20));
          if (!together) return absl::DeadlineExceededError("ran alone");
          return first ? std::string("a=41") : std::string("b=42");
        });
    ScriptedModel model({TwoCalls(), ModelReply::Answer("a is 41, b is 42.")});
    AgentOptions options;
    options.tool_concurrency = 2;
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create(options, &model, &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run = (*agent)->Run("Look both up.");
    REQUIRE(run.ok());
    CHECK(run->tool_calls == 2);
    CHECK_FALSE(run->verdict.flagged());
    const std::vector<Message>& messages = (*agent)->messages();
    std::vector<std::string> order;
    for (const Message& message : messages) {
      if (message.role == Role::kTool) {
        order.push_back(message.tool_call_id + ":" + message.content);
      }
    }
    CHECK(order == std::vector<std::string>{"call_a:a=41", "call_b:b=42"});
    // The corpus holds them in the calls' order too.
    REQUIRE((*agent)->corpus().results().size() == 2);
    CHECK((*agent)->corpus().results()[0].tool_call_id == "call_a");
  }

  TEST_CASE(
      "a run stopped before concurrent calls answers each with an "
      "error") {
    std::atomic<bool> cancel{false};
    ToolRegistry tools = LookupTools(
        [](std::string_view) -> absl::StatusOr<std::string> { return "1"; });
    ScriptedModel model([&](const ModelRequest&) -> absl::StatusOr<ModelReply> {
      cancel = true;  // set during the model call: the tools never run
      return TwoCalls();
    });
    AgentOptions options;
    options.tool_concurrency = 4;
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create(options, &model, &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run =
        (*agent)->Run("Look both up.", {.cancel = &cancel});
    REQUIRE_FALSE(run.ok());
    CHECK(run.status().code() == absl::StatusCode::kCancelled);
    int errors = 0;
    for (const Message& message : (*agent)->messages()) {
      if (message.role == Role::kTool) {
        CHECK(message.content.starts_with("error: the run was stopped"));
        ++errors;
      }
    }
    CHECK(errors == 2);
  }
}

}  // namespace
}  // namespace groundgate
