// tests/net/openai_stream_test.cc — OpenAiCompatibleClient with stream on,
// against a loopback server that sends server-sent events as chunks of a
// chunked body, piece by piece: the request it sends, the reply it
// assembles, the text pieces it hands over as they arrive, the deadline and
// the cancel flag mid-stream, an error event and a cut connection, and the
// Agent judging the assembled answer.
//
// Every server is tests/loopback_http.h on 127.0.0.1; nothing leaves the
// machine. A "must fail fast" test bounds its time by seconds.
#if GROUNDGATE_HAS_NET

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/time/clock.h"
#include "groundgate/agent.h"
#include "groundgate/openai_client.h"
#include "nlohmann/json.hpp"
#include "tests/loopback_http.h"

namespace groundgate {
namespace {

using testing::LoopbackHttpServer;
using testing::LoopbackReply;
using testing::LoopbackRequest;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kOrder =
    R"({"order_id": "ORD-1042", "total": "1249.50", "shipment_id": "SHP-88410"})";

// One event whose choice 0 carries `delta`.
std::string Event(nlohmann::json delta, const char* finish_reason = nullptr) {
  nlohmann::json choice = {{"index", 0}, {"delta", std::move(delta)}};
  choice["finish_reason"] = finish_reason == nullptr
                                ? nlohmann::json(nullptr)
                                : nlohmann::json(finish_reason);
  return "data: " +
         nlohmann::json({{"id", "chatcmpl-s1"},
                         {"object", "chat.completion.chunk"},
                         {"choices", {choice}}})
             .dump() +
         "\n\n";
}

constexpr std::string_view kDone = "data: [DONE]\n\n";

// The pieces of a streamed answer `text`, one event per word, each event
// cut in two so an HTTP chunk ends inside it.
std::vector<std::string> AnswerPieces(std::string_view text) {
  std::vector<std::string> pieces;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string event =
        Event({{"content", std::string(text.substr(start, end - start))}});
    pieces.push_back(event.substr(0, event.size() / 2));
    pieces.push_back(event.substr(event.size() / 2));
    start = end;
  }
  pieces.push_back(Event(nlohmann::json::object(), "stop"));
  pieces.push_back(
      R"(data: {"id":"chatcmpl-s1","choices":[],"usage":{"prompt_tokens":20,)"
      R"("completion_tokens":8,"total_tokens":28}})"
      "\n\n");
  pieces.emplace_back(kDone);
  return pieces;
}

// The pieces of a streamed call of get_order, its arguments cut mid-JSON.
std::vector<std::string> GetOrderPieces() {
  return {
      Event({{"role", "assistant"},
             {"tool_calls",
              {{{"index", 0},
                {"id", "call_1"},
                {"type", "function"},
                {"function", {{"name", "get_order"}, {"arguments", ""}}}}}}}),
      Event({{"tool_calls",
              {{{"index", 0},
                {"function", {{"arguments", "{\"order_id\":\"OR"}}}}}}}),
      Event({{"tool_calls",
              {{{"index", 0}, {"function", {{"arguments", "D-1042\"}"}}}}}}}),
      Event(nlohmann::json::object(), "tool_calls"), std::string(kDone)};
}

// A server answering with `replies` in order (the last one again after).
class StreamEndpoint {
 public:
  explicit StreamEndpoint(std::vector<LoopbackReply> replies)
      : replies_(std::move(replies)), server_([this](const LoopbackRequest&) {
          const std::size_t n = next_.fetch_add(1);
          return replies_[std::min(n, replies_.size() - 1)];
        }) {
    REQUIRE(server_.listening());
  }
  LoopbackHttpServer& server() { return server_; }
  std::unique_ptr<OpenAiCompatibleClient> Client(
      bool include_usage = true) const {
    OpenAiClientOptions options;
    options.base_url = server_.url() + "/v1";
    options.model = "test-model";
    options.api_key_env = "";
    options.stream = true;
    options.stream_include_usage = include_usage;
    options.initial_backoff = absl::Milliseconds(1);
    options.max_backoff = absl::Milliseconds(5);
    absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
        OpenAiCompatibleClient::Create(std::move(options));
    REQUIRE(client.ok());
    return *std::move(client);
  }
  nlohmann::json Body(std::size_t i) const {
    const std::vector<LoopbackRequest> requests = server_.requests();
    REQUIRE(i < requests.size());
    return nlohmann::json::parse(requests[i].body, nullptr, false);
  }

 private:
  std::vector<LoopbackReply> replies_;
  std::atomic<std::size_t> next_{0};
  LoopbackHttpServer server_;
};

ModelRequest Ask(std::vector<std::string>* pieces = nullptr) {
  ModelRequest request;
  request.messages = {{.role = Role::kUser, .content = "Where is ORD-1042?"}};
  request.iteration = 1;
  request.deadline = absl::Now() + absl::Seconds(60);
  if (pieces != nullptr) {
    request.on_text = [pieces](std::string_view text) {
      pieces->emplace_back(text);
    };
  }
  return request;
}

ToolRegistry OrderTools() {
  ToolRegistry tools;
  REQUIRE(tools
              .Register({.name = "get_order",
                         .description = "Look up one order by id.",
                         .parameters = R"({"type":"object"})"},
                        [](std::string_view) -> absl::StatusOr<std::string> {
                          return std::string(kOrder);
                        })
              .ok());
  return tools;
}

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

bool Contains(const absl::Status& status, std::string_view text) {
  return std::string(status.message()).find(text) != std::string::npos;
}

TEST_SUITE("openai client streaming") {
  TEST_CASE("a streamed answer is assembled and its pieces arrive in order") {
    const std::string text = "Order ORD-1042 totals 1249.50 (café).";
    StreamEndpoint endpoint({LoopbackReply::Events(AnswerPieces(text))});
    auto client = endpoint.Client();
    std::vector<std::string> pieces;
    absl::StatusOr<ModelReply> reply = client->Complete(Ask(&pieces));
    REQUIRE(reply.ok());
    CHECK(reply->content == text);
    CHECK(reply->finish_reason == "stop");
    CHECK(reply->id == "chatcmpl-s1");
    REQUIRE(reply->usage.has_value());
    CHECK(reply->usage->total_tokens == 28);
    CHECK(pieces.size() == 5);  // one per word
    std::string joined;
    for (const std::string& piece : pieces) joined += piece;
    CHECK(joined == text);

    const nlohmann::json body = endpoint.Body(0);
    CHECK(body["stream"] == true);
    CHECK(body["stream_options"]["include_usage"] == true);
    const std::vector<LoopbackRequest> requests = endpoint.server().requests();
    CHECK(requests[0].Header("Accept") == "text/event-stream");
  }

  TEST_CASE("stream_include_usage off sends no stream_options") {
    StreamEndpoint endpoint({LoopbackReply::Events(AnswerPieces("Hi."))});
    auto client = endpoint.Client(/*include_usage=*/false);
    REQUIRE(client->Complete(Ask()).ok());
    const nlohmann::json body = endpoint.Body(0);
    CHECK(body["stream"] == true);
    CHECK_FALSE(body.contains("stream_options"));
  }

  TEST_CASE("extra_body may not set stream or stream_options") {
    for (const char* member : {"stream", "stream_options"}) {
      CAPTURE(member);
      OpenAiClientOptions options;
      options.base_url = "http://127.0.0.1:1/v1";
      options.model = "m";
      options.extra_body = nlohmann::json({{member, true}}).dump();
      absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
          OpenAiCompatibleClient::Create(options);
      REQUIRE_FALSE(client.ok());
      CHECK(Contains(client.status(), member));
    }
  }

  TEST_CASE("an endpoint that answers a streamed request whole is read") {
    const std::string whole =
        R"({"id":"chatcmpl-w","choices":[{"index":0,"message":{"role":)"
        R"("assistant","content":"Whole."},"finish_reason":"stop"}]})";
    StreamEndpoint endpoint({LoopbackReply::Json(whole)});
    auto client = endpoint.Client();
    std::vector<std::string> pieces;
    absl::StatusOr<ModelReply> reply = client->Complete(Ask(&pieces));
    REQUIRE(reply.ok());
    CHECK(reply->content == "Whole.");
    CHECK(pieces == std::vector<std::string>{"Whole."});
  }

  TEST_CASE("an HTTP error before the stream is read as a whole error") {
    StreamEndpoint endpoint({LoopbackReply::Json(
        R"({"error":{"message":"model not found"}})", 404)});
    auto client = endpoint.Client();
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.status().code() == absl::StatusCode::kNotFound);
    CHECK(Contains(reply.status(), "model not found"));
  }

  TEST_CASE(
      "an error event mid-stream ends the call with its words, "
      "unretried") {
    std::vector<std::string> pieces = {
        Event({{"content", "Order "}}),
        R"(data: {"error":{"message":"upstream overloaded"}})"
        "\n\n"};
    StreamEndpoint endpoint({LoopbackReply::Events(pieces)});
    auto client = endpoint.Client();
    std::vector<std::string> seen;
    absl::StatusOr<ModelReply> reply = client->Complete(Ask(&seen));
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.status().code() == absl::StatusCode::kUnknown);
    CHECK(Contains(reply.status(), "upstream overloaded"));
    CHECK(seen == std::vector<std::string>{"Order "});
    CHECK(endpoint.server().request_count() == 1);
  }

  TEST_CASE("a connection cut mid-stream is Unavailable and not retried") {
    LoopbackReply cut =
        LoopbackReply::Events({Event({{"content", "Order ORD-1042 "}}),
                               Event({{"content", "ships"}})});
    cut.stream_end = LoopbackReply::StreamEnd::kCut;
    StreamEndpoint endpoint({cut});
    auto client = endpoint.Client();
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.status().code() == absl::StatusCode::kUnavailable);
    CHECK(endpoint.server().request_count() == 1);
  }

  TEST_CASE("a stream that ends before its first event is retried") {
    LoopbackReply empty = LoopbackReply::Events({": ping\n\n"});
    StreamEndpoint endpoint(
        {empty, LoopbackReply::Events(AnswerPieces("Second try."))});
    auto client = endpoint.Client();
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    INFO(reply.status());
    REQUIRE(reply.ok());
    CHECK(reply->content == "Second try.");
    CHECK(endpoint.server().request_count() == 2);
  }

  TEST_CASE("the deadline stops a stream mid-way") {
    LoopbackReply stall =
        LoopbackReply::Events({Event({{"content", "Order "}})});
    stall.stream_end = LoopbackReply::StreamEnd::kStall;
    StreamEndpoint endpoint({stall});
    auto client = endpoint.Client();
    std::vector<std::string> seen;
    ModelRequest request = Ask(&seen);
    request.deadline = absl::Now() + absl::Milliseconds(300);
    const Clock::time_point start = Clock::now();
    absl::StatusOr<ModelReply> reply = client->Complete(request);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.status().code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(SecondsSince(start) < 5.0);
    CHECK(seen == std::vector<std::string>{"Order "});
  }

  TEST_CASE("the cancel flag stops a stream mid-way") {
    LoopbackReply stall =
        LoopbackReply::Events({Event({{"content", "Order "}})});
    stall.stream_end = LoopbackReply::StreamEnd::kStall;
    StreamEndpoint endpoint({stall});
    auto client = endpoint.Client();
    std::atomic<bool> cancel{false};
    ModelRequest request = Ask();
    request.cancel = &cancel;
    // The first piece is the sign the stream is under way.
    request.on_text = [&cancel](std::string_view) { cancel.store(true); };
    const Clock::time_point start = Clock::now();
    absl::StatusOr<ModelReply> reply = client->Complete(request);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.status().code() == absl::StatusCode::kCancelled);
    CHECK(SecondsSince(start) < 5.0);
  }

  TEST_CASE("pieces that arrive apart reach the callback before the end") {
    LoopbackReply slow = LoopbackReply::Events(AnswerPieces("One two three."));
    slow.piece_delay = std::chrono::milliseconds(40);
    StreamEndpoint endpoint({slow});
    auto client = endpoint.Client();
    std::vector<Clock::time_point> when;
    ModelRequest request = Ask();
    request.on_text = [&when](std::string_view) {
      when.push_back(Clock::now());
    };
    absl::StatusOr<ModelReply> reply = client->Complete(request);
    const Clock::time_point end = Clock::now();
    REQUIRE(reply.ok());
    REQUIRE(when.size() == 3);
    // The first word came while the server was still sending the rest.
    CHECK(end - when.front() >= std::chrono::milliseconds(100));
  }

  TEST_CASE("the Agent streams a tool call, then an answer it judges whole") {
    // The answer's fabricated SHP-99999 comes over two events; the gate
    // judges the assembled text under guard and asks for one revision.
    std::vector<std::string> flagged = {
        Event({{"content", "Order ORD-1042 ships as SHP-9"}}),
        Event({{"content", "9999."}}, "stop"), std::string(kDone)};
    StreamEndpoint endpoint({LoopbackReply::Events(GetOrderPieces()),
                             LoopbackReply::Events(flagged),
                             LoopbackReply::Events(AnswerPieces(
                                 "Order ORD-1042 ships as SHP-88410."))});
    auto client = endpoint.Client();
    ToolRegistry tools = OrderTools();
    absl::StatusOr<std::unique_ptr<Agent>> agent = Agent::Create(
        {.posture = Posture::kGuard}, client.get(), &tools, nullptr);
    REQUIRE(agent.ok());
    std::mutex mu;
    std::vector<std::pair<int, std::string>> partial;
    RunOptions run_options;
    run_options.deadline = absl::Now() + absl::Seconds(60);
    run_options.on_partial_text = [&](int iteration, std::string_view text) {
      const std::lock_guard<std::mutex> lock(mu);
      partial.emplace_back(iteration, std::string(text));
    };
    absl::StatusOr<RunResult> run =
        (*agent)->Run("Where is order ORD-1042?", run_options);
    REQUIRE(run.ok());
    CHECK(run->answer == "Order ORD-1042 ships as SHP-88410.");
    CHECK(run->revision_asked);
    REQUIRE(endpoint.server().request_count() == 3);
    // The call's arguments, cut mid-JSON, reached the tool whole.
    const nlohmann::json second = endpoint.Body(1);
    bool saw_arguments = false;
    for (const nlohmann::json& message : second["messages"]) {
      if (message.contains("tool_calls")) {
        saw_arguments = message["tool_calls"][0]["function"]["arguments"] ==
                        R"({"order_id":"ORD-1042"})";
      }
    }
    CHECK(saw_arguments);
    // The flagged draft went out in pieces before the gate judged it.
    std::string draft;
    for (const auto& [iteration, text] : partial) {
      if (iteration == 2) draft += text;
    }
    CHECK(draft == "Order ORD-1042 ships as SHP-99999.");
  }
}

}  // namespace
}  // namespace groundgate

#endif  // GROUNDGATE_HAS_NET
