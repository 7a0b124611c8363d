// tests/runtime/trace_context_test.cc — RunOptions::trace_context and
// ModelReply::id reach the evidence_checked event (and its JSON line), so
// an exporter can join a judgement to the application's span and to the
// endpoint's response.
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "doctest/doctest.h"
#include "groundgate/agent.h"
#include "groundgate/events.h"
#include "nlohmann/json.hpp"

namespace groundgate {
namespace {

constexpr std::string_view kTraceId = "4bf92f3577b34da6a3ce929d0e0e4736";
constexpr std::string_view kSpanId = "00f067aa0ba902b7";

TEST_SUITE("trace context") {
  TEST_CASE("the Run's trace context and the reply's id reach the event") {
    ModelReply answer = ModelReply::Answer("It is 41.");
    answer.id = "chatcmpl-abc123";
    ScriptedModel model({answer});
    EventBus bus;
    std::vector<EvidenceChecked> checked;
    std::vector<std::string> lines;
    Subscription sub =
        bus.Subscribe<EvidenceChecked>([&](const EvidenceChecked& e) {
          checked.push_back(e);
          lines.push_back(EventToJsonLine(Event(e)));
        });
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({}, &model, nullptr, &bus);
    REQUIRE(agent.ok());
    RunOptions options;
    options.trace_context = {std::string(kTraceId), std::string(kSpanId)};
    REQUIRE((*agent)->Run("What is it?", options).ok());
    REQUIRE(checked.size() == 1);
    CHECK(checked[0].trace_context == options.trace_context);
    CHECK(checked[0].response_id == "chatcmpl-abc123");
    const nlohmann::json line = nlohmann::json::parse(lines[0]);
    CHECK(line["trace_id"] == kTraceId);
    CHECK(line["span_id"] == kSpanId);
    CHECK(line["response_id"] == "chatcmpl-abc123");
    // Without either, the keys are absent.
    ScriptedModel plain({ModelReply::Answer("It is 41.")});
    absl::StatusOr<std::unique_ptr<Agent>> other =
        Agent::Create({}, &plain, nullptr, &bus);
    REQUIRE(other.ok());
    REQUIRE((*other)->Run("What is it?").ok());
    REQUIRE(lines.size() == 2);
    const nlohmann::json bare = nlohmann::json::parse(lines[1]);
    CHECK_FALSE(bare.contains("trace_id"));
    CHECK_FALSE(bare.contains("span_id"));
    CHECK_FALSE(bare.contains("response_id"));
  }

  TEST_CASE("a malformed trace context is refused before the Run starts") {
    ScriptedModel model({ModelReply::Answer("Hi.")});
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({}, &model, nullptr, nullptr);
    REQUIRE(agent.ok());
    const std::vector<TraceContext> bad = {
        {std::string(kTraceId), ""},
        {"", std::string(kSpanId)},
        {"4BF92F3577B34DA6A3CE929D0E0E4736", std::string(kSpanId)},
        {std::string(32, '0'), std::string(kSpanId)},
        {std::string(kTraceId), std::string(16, '0')},
        {std::string(kTraceId).substr(1), std::string(kSpanId)},
        {std::string(kTraceId), "00f067aa0ba902bz"},
    };
    for (const TraceContext& context : bad) {
      CAPTURE(context.trace_id);
      CAPTURE(context.span_id);
      RunOptions options;
      options.trace_context = context;
      const absl::StatusOr<RunResult> run = (*agent)->Run("Hi?", options);
      REQUIRE_FALSE(run.ok());
      CHECK(run.status().code() == absl::StatusCode::kInvalidArgument);
      CHECK(std::string(run.status().message()).find("trace_context") !=
            std::string::npos);
    }
    CHECK(model.calls() == 0);
  }

  TEST_CASE("an OpenAI response's id is the reply's id, clipped") {
    const absl::StatusOr<ModelReply> reply =
        ModelReplyFromOpenAiJson(R"({"id":"chatcmpl-9x","choices":[{"message":)"
                                 R"({"role":"assistant","content":"Hi."}}]})");
    REQUIRE(reply.ok());
    CHECK(reply->id == "chatcmpl-9x");
    const absl::StatusOr<ModelReply> long_id = ModelReplyFromOpenAiJson(
        R"({"id":")" + std::string(500, 'x') +
        R"(","choices":[{"message":{"content":"Hi."}}]})");
    REQUIRE(long_id.ok());
    CHECK(long_id->id.size() <= kMaxIdBytesInEvents);
    const absl::StatusOr<ModelReply> none = ModelReplyFromOpenAiJson(
        R"({"choices":[{"message":{"content":"Hi."}}]})");
    REQUIRE(none.ok());
    CHECK(none->id.empty());
  }
}

}  // namespace
}  // namespace groundgate
