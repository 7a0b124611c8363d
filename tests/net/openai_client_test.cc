// tests/net/openai_client_test.cc — groundgate_net against a loopback server:
// HttpSend and HttpSession (deadline, cancel, caps, transport errors, one
// connection reused, gzipped replies) and OpenAiCompatibleClient (replies,
// retries, errors, the API key's secrecy, one connection for a
// conversation), driven through the Agent where the behaviour is the
// Agent's.
//
// Every server is tests/loopback_http.h on 127.0.0.1; nothing leaves the
// machine. Waits are conditions (WaitForRequests), never fixed sleeps; a
// "must fail fast" test bounds its time by seconds, not milliseconds.
#if GROUNDGATE_HAS_NET

#include "groundgate/openai_client.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/time/clock.h"
#include "groundgate/agent.h"
#include "groundgate/events.h"
#include "groundgate/json.h"
#include "groundgate/version.h"
#include "net/http.h"
#include "net/otlp_proto.h"
#include "nlohmann/json.hpp"
#include "tests/loopback_http.h"
#include "tests/support/cases.h"
#include "tests/support/event_recorder.h"
#include "tests/support/model_reply.h"

namespace groundgate {
namespace {

using testing::LoopbackHttpServer;
using testing::LoopbackMode;
using testing::LoopbackOptions;
using testing::LoopbackReply;
using testing::LoopbackRequest;

using Clock = std::chrono::steady_clock;
using groundgate_test::CheckReplyUsage;
using groundgate_test::EventRecorder;
using groundgate_test::ForEachCase;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A reply the server holds for a minute: past any deadline a test sets.
LoopbackReply Slow(std::string body) {
  LoopbackReply reply = LoopbackReply::Json(std::move(body));
  reply.delay = std::chrono::seconds(60);
  return reply;
}

// A reply whose body goes out gzipped, as a server answers a client that
// accepts gzip.
LoopbackReply Gzipped(const std::string& body) {
  LoopbackReply reply = LoopbackReply::Json("");
  std::optional<std::string> gzipped = otlp_internal::Gzip(body);
  REQUIRE(gzipped.has_value());
  reply.body = *std::move(gzipped);
  reply.headers.emplace_back("Content-Encoding", "gzip");
  return reply;
}

const std::string kUserAgent = "groundgate/" GROUNDGATE_VERSION_STRING;

net::HttpRequest PostTo(const LoopbackHttpServer& server,
                        std::string body = "{}") {
  net::HttpRequest request;
  request.url = server.url() + "/v1/echo";
  request.headers = {{"Content-Type", "application/json"}, {"X-Test", "yes"}};
  request.body = std::move(body);
  request.deadline = absl::Now() + absl::Seconds(30);
  return request;
}

TEST_SUITE("net http") {
  TEST_CASE("a POST reaches the server with its headers and body") {
    LoopbackHttpServer server([](const LoopbackRequest& request) {
      LoopbackReply reply = LoopbackReply::Json(request.body, 201);
      reply.headers.emplace_back("X-Reply", "  padded  ");
      return reply;
    });
    REQUIRE(server.listening());
    absl::StatusOr<net::HttpResponse> response =
        net::HttpSend(PostTo(server, R"({"a":1})"));
    REQUIRE(response.ok());
    CHECK(response->status == 201);
    CHECK(response->body == R"({"a":1})");
    CHECK(net::HeaderValue(*response, "x-reply") == "padded");
    CHECK(net::HeaderValue(*response, "content-type") == "application/json");
    CHECK_FALSE(net::HeaderValue(*response, "x-absent").has_value());
    const std::vector<LoopbackRequest> seen = server.requests();
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].method == "POST");
    CHECK(seen[0].path == "/v1/echo");
    CHECK(seen[0].body == R"({"a":1})");
    CHECK(seen[0].Header("x-test") == "yes");
    CHECK_FALSE(seen[0].Header("Expect").has_value());
  }

  TEST_CASE("an HTTP error status is an OK result carrying the status") {
    LoopbackHttpServer server([](const LoopbackRequest&) {
      return LoopbackReply::Json(R"({"error":"nope"})", 503);
    });
    REQUIRE(server.listening());
    absl::StatusOr<net::HttpResponse> response = net::HttpSend(PostTo(server));
    REQUIRE(response.ok());
    CHECK(response->status == 503);
  }

  TEST_CASE("a GET sends no body") {
    LoopbackHttpServer server([](const LoopbackRequest& request) {
      return LoopbackReply::Json(request.method);
    });
    REQUIRE(server.listening());
    net::HttpRequest request = PostTo(server, "");
    request.method = "GET";
    absl::StatusOr<net::HttpResponse> response = net::HttpSend(request);
    REQUIRE(response.ok());
    CHECK(response->body == "GET");
  }

  TEST_CASE("a slow reply ends with DeadlineExceeded at the deadline") {
    LoopbackHttpServer server(
        [](const LoopbackRequest&) { return Slow("{}"); });
    REQUIRE(server.listening());
    net::HttpRequest request = PostTo(server);
    request.deadline = absl::Now() + absl::Milliseconds(300);
    const Clock::time_point start = Clock::now();
    absl::StatusOr<net::HttpResponse> response = net::HttpSend(request);
    CHECK(response.status().code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(SecondsSince(start) < 5.0);
  }

  TEST_CASE("a deadline already past fails before connecting") {
    LoopbackHttpServer server(
        [](const LoopbackRequest&) { return LoopbackReply::Json("{}"); });
    REQUIRE(server.listening());
    net::HttpRequest request = PostTo(server);
    request.deadline = absl::Now() - absl::Seconds(1);
    CHECK(net::HttpSend(request).status().code() ==
          absl::StatusCode::kDeadlineExceeded);
    CHECK(server.request_count() == 0);
  }

  TEST_CASE("setting the cancel flag from another thread ends the call") {
    LoopbackHttpServer server(
        [](const LoopbackRequest&) { return Slow("{}"); });
    REQUIRE(server.listening());
    std::atomic<bool> cancel{false};
    net::HttpRequest request = PostTo(server);
    request.cancel = &cancel;
    absl::Status status;
    const Clock::time_point start = Clock::now();
    std::thread caller([&] { status = net::HttpSend(request).status(); });
    const bool arrived = server.WaitForRequests(1, std::chrono::seconds(20));
    cancel.store(true);
    caller.join();
    CHECK(arrived);
    CHECK(status.code() == absl::StatusCode::kCancelled);
    CHECK(SecondsSince(start) < 25.0);
  }

  TEST_CASE("a body past max_response_bytes is ResourceExhausted") {
    LoopbackHttpServer server([](const LoopbackRequest&) {
      return LoopbackReply::Json(std::string(10000, 'x'));
    });
    REQUIRE(server.listening());
    net::HttpRequest request = PostTo(server);
    request.max_response_bytes = 1000;
    CHECK(net::HttpSend(request).status().code() ==
          absl::StatusCode::kResourceExhausted);
    request.max_response_bytes = 10000;
    CHECK(net::HttpSend(request).ok());
  }

  TEST_CASE("garbage, a dropped connection and a closed port are Unavailable") {
    std::atomic<LoopbackMode> mode{LoopbackMode::kGarbage};
    LoopbackHttpServer server([&mode](const LoopbackRequest&) {
      LoopbackReply reply;
      reply.mode = mode.load();
      return reply;
    });
    REQUIRE(server.listening());
    CHECK(net::HttpSend(PostTo(server)).status().code() ==
          absl::StatusCode::kUnavailable);
    mode.store(LoopbackMode::kClose);
    CHECK(net::HttpSend(PostTo(server)).status().code() ==
          absl::StatusCode::kUnavailable);

    int closed_port = 0;
    {
      LoopbackHttpServer gone(
          [](const LoopbackRequest&) { return LoopbackReply{}; });
      closed_port = gone.port();
    }
    net::HttpRequest request;
    request.url = "http://127.0.0.1:" + std::to_string(closed_port) + "/";
    request.deadline = absl::Now() + absl::Seconds(30);
    CHECK(net::HttpSend(request).status().code() ==
          absl::StatusCode::kUnavailable);
  }

  TEST_CASE("a bad URL, method or header is InvalidArgument, redacted") {
    net::HttpRequest request;
    request.url = "ftp://user:secret@example.com/x?key=hidden";
    absl::Status status = net::HttpSend(request).status();
    CHECK(status.code() == absl::StatusCode::kInvalidArgument);
    CHECK(std::string(status.message()).find("secret") == std::string::npos);
    CHECK(std::string(status.message()).find("hidden") == std::string::npos);

    request.url = "http://127.0.0.1:1/";
    request.method = "post";
    CHECK(net::HttpSend(request).status().code() ==
          absl::StatusCode::kInvalidArgument);
    request.method = "POST";
    request.headers = {{"Authorization", "Bearer sk-1\r\nX-Evil: 1"}};
    status = net::HttpSend(request).status();
    CHECK(status.code() == absl::StatusCode::kInvalidArgument);
    CHECK(std::string(status.message()).find("sk-1") == std::string::npos);
  }

  TEST_CASE("a session sends its calls over one connection, HttpSend not") {
    LoopbackHttpServer server(
        [](const LoopbackRequest& request) {
          return LoopbackReply::Json(request.body);
        },
        LoopbackOptions{.keep_alive = true});
    REQUIRE(server.listening());
    net::HttpSession session;
    for (int i = 0; i < 3; ++i) {
      absl::StatusOr<net::HttpResponse> response =
          session.Send(PostTo(server, std::to_string(i)));
      REQUIRE(response.ok());
      CHECK(response->body == std::to_string(i));
    }
    CHECK(server.request_count() == 3);
    CHECK(server.connection_count() == 1);
    for (int i = 0; i < 2; ++i) REQUIRE(net::HttpSend(PostTo(server)).ok());
    CHECK(server.connection_count() == 3);
  }

  TEST_CASE(
      "a session reconnects after a failed call and after a server that "
      "closes") {
    std::atomic<int> calls{0};
    LoopbackHttpServer server(
        [&calls](const LoopbackRequest&) {
          LoopbackReply reply = LoopbackReply::Json("{}");
          const int call = calls.fetch_add(1);
          if (call == 1) reply.mode = LoopbackMode::kClose;
          if (call == 3) reply.mode = LoopbackMode::kGarbage;
          return reply;
        },
        LoopbackOptions{.keep_alive = true});
    REQUIRE(server.listening());
    net::HttpSession session;
    REQUIRE(session.Send(PostTo(server)).ok());
    // A kept connection the server closed before answering: libcurl sends
    // the request again on a new one, as for a connection that timed out.
    REQUIRE(session.Send(PostTo(server)).ok());
    CHECK(server.connection_count() == 2);
    // A garbled answer fails the call; the next one connects afresh.
    CHECK(session.Send(PostTo(server)).status().code() ==
          absl::StatusCode::kUnavailable);
    REQUIRE(session.Send(PostTo(server)).ok());
    REQUIRE(session.Send(PostTo(server)).ok());
    CHECK(server.connection_count() == 3);
    CHECK(server.request_count() == 6);

    LoopbackHttpServer closing(
        [](const LoopbackRequest&) { return LoopbackReply::Json("{}"); });
    REQUIRE(closing.listening());
    for (int i = 0; i < 2; ++i) REQUIRE(session.Send(PostTo(closing)).ok());
    CHECK(closing.connection_count() == 2);
  }

  TEST_CASE("a session keeps its deadline and cancel flag") {
    LoopbackHttpServer server([](const LoopbackRequest&) { return Slow("{}"); },
                              LoopbackOptions{.keep_alive = true});
    REQUIRE(server.listening());
    net::HttpSession session;
    net::HttpRequest request = PostTo(server);
    request.deadline = absl::Now() + absl::Milliseconds(200);
    const Clock::time_point start = Clock::now();
    CHECK(session.Send(request).status().code() ==
          absl::StatusCode::kDeadlineExceeded);
    std::atomic<bool> cancel{true};
    request = PostTo(server);
    request.cancel = &cancel;
    CHECK(session.Send(request).status().code() ==
          absl::StatusCode::kCancelled);
    CHECK(SecondsSince(start) < 5.0);
  }

  TEST_CASE("calls on one session from many threads each get a connection") {
    LoopbackHttpServer server(
        [](const LoopbackRequest& request) {
          return LoopbackReply::Json(request.body);
        },
        LoopbackOptions{.keep_alive = true});
    REQUIRE(server.listening());
    net::HttpSession session;
    constexpr int kThreads = 4;
    constexpr int kCalls = 5;
    std::atomic<int> answered{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kCalls; ++i) {
          const std::string body = std::to_string(t * 100 + i);
          absl::StatusOr<net::HttpResponse> response =
              session.Send(PostTo(server, body));
          if (response.ok() && response->body == body) answered.fetch_add(1);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    CHECK(answered.load() == kThreads * kCalls);
    CHECK(server.connection_count() <= kThreads);
  }

  TEST_CASE(
      "a request asks for gzip and names groundgate; a gzipped reply is "
      "decoded, and the cap counts decoded bytes") {
    const std::string big(100000, 'a');
    LoopbackHttpServer server([&big](const LoopbackRequest& request) {
      return Gzipped(request.body == "big" ? big : R"({"ok":true})");
    });
    REQUIRE(server.listening());
    absl::StatusOr<net::HttpResponse> response = net::HttpSend(PostTo(server));
    REQUIRE(response.ok());
    CHECK(response->body == R"({"ok":true})");
    const LoopbackRequest seen = server.requests()[0];
    CHECK(seen.Header("Accept-Encoding") == "gzip");
    CHECK(seen.Header("User-Agent") == kUserAgent);
    // A few hundred bytes on the wire, 100 kB decoded: past a 10 kB cap.
    net::HttpRequest request = PostTo(server, "big");
    request.max_response_bytes = 10000;
    CHECK(net::HttpSend(request).status().code() ==
          absl::StatusCode::kResourceExhausted);
    // A caller's own User-Agent replaces groundgate's.
    request = PostTo(server);
    request.headers.emplace_back("User-Agent", "order-agent/2");
    REQUIRE(net::HttpSend(request).ok());
    CHECK(server.requests().back().Header("User-Agent") == "order-agent/2");
  }

  TEST_CASE("RedactUrl keeps scheme, host and path only") {
    CHECK(net::RedactUrl("https://u:p@api.example.com:8443/v1/x?key=k#f") ==
          "https://api.example.com:8443/v1/x?...");
    CHECK(net::RedactUrl("http://127.0.0.1:8080/v1") ==
          "http://127.0.0.1:8080/v1");
  }
}

// ------------------------------------------------------ the model client

// The variable the tests keep their key in; never a real key.
constexpr const char* kKeyVariable = "GROUNDGATE_TEST_API_KEY";
constexpr const char* kTestKey = "sk-test-5f1e2d3c4b5a69788796a5b4c3d2e1f0";
constexpr std::string_view kOrder =
    R"({"order_id": "ORD-1042", "total": "1249.50", "shipment_id": "SHP-88410"})";
constexpr std::string_view kGrounded =
    "Order ORD-1042 totals 1249.50 and ships as SHP-88410.";

// A chat completion whose message is `message`.
std::string Completion(nlohmann::json message,
                       std::string finish_reason = "stop",
                       nlohmann::json usage = nullptr) {
  message["role"] = "assistant";
  nlohmann::json body = {{"id", "chatcmpl-1"},
                         {"object", "chat.completion"},
                         {"choices",
                          {{{"index", 0},
                            {"message", message},
                            {"finish_reason", finish_reason}}}}};
  if (!usage.is_null()) body["usage"] = usage;
  return body.dump();
}

std::string AnswerCompletion(std::string_view text) {
  return Completion({{"content", text}});
}

std::string GetOrderCompletion() {
  return Completion({{"content", nullptr},
                     {"tool_calls",
                      {{{"id", "call_1"},
                        {"type", "function"},
                        {"function",
                         {{"name", "get_order"},
                          {"arguments", R"({"order_id":"ORD-1042"})"}}}}}}},
                    "tool_calls");
}

// An endpoint that answers with `replies` in order, then with 500s.
class ScriptedEndpoint {
 public:
  explicit ScriptedEndpoint(std::vector<LoopbackReply> replies,
                            LoopbackOptions options = LoopbackOptions{})
      : replies_(std::move(replies)),
        server_(
            [this](const LoopbackRequest&) {
              const std::size_t n = next_.fetch_add(1);
              if (n < replies_.size()) return replies_[n];
              return LoopbackReply::Json(
                  R"({"error":{"message":"no more scripted replies"}})", 500);
            },
            options) {
    REQUIRE(server_.listening());
  }

  LoopbackHttpServer& server() { return server_; }
  std::string base_url() const { return server_.url() + "/v1"; }
  // The JSON body of request `i`.
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

OpenAiClientOptions ClientOptions(const ScriptedEndpoint& endpoint) {
  OpenAiClientOptions options;
  options.base_url = endpoint.base_url();
  options.model = "test-model";
  options.api_key_env = kKeyVariable;
  options.initial_backoff = absl::Milliseconds(1);
  options.max_backoff = absl::Milliseconds(5);
  options.call_timeout = absl::Seconds(30);
  return options;
}

std::unique_ptr<OpenAiCompatibleClient> MakeClient(
    OpenAiClientOptions options) {
  absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
      OpenAiCompatibleClient::Create(std::move(options));
  REQUIRE(client.ok());
  return *std::move(client);
}

// A client of `endpoint` that retries a failed call `max_retries` times.
std::unique_ptr<OpenAiCompatibleClient> ClientRetrying(
    const ScriptedEndpoint& endpoint, int max_retries) {
  OpenAiClientOptions options = ClientOptions(endpoint);
  options.max_retries = max_retries;
  return MakeClient(std::move(options));
}

ToolRegistry OrderTools() {
  ToolRegistry tools;
  REQUIRE(
      tools
          .Register({.name = "get_order",
                     .description = "Look up one order by id.",
                     .parameters = JsonText(
                         {{"type", "object"},
                          {"properties", {{"order_id", {{"type", "string"}}}}},
                          {"required", {"order_id"}}})},
                    [](std::string_view) -> absl::StatusOr<std::string> {
                      return std::string(kOrder);
                    })
          .ok());
  return tools;
}

// An Agent with no tools over `client`, its events on `recorder`'s bus.
std::unique_ptr<Agent> RecordedAgent(ModelClient* client,
                                     EventRecorder* recorder) {
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      Agent::Create({}, client, nullptr, &recorder->bus);
  REQUIRE(agent.ok());
  return *std::move(agent);
}

// A 429 whose wait the server names in `header` ("Retry-After" in seconds,
// "retry-after-ms" in milliseconds).
LoopbackReply RateLimited(std::string header, std::string wait) {
  LoopbackReply reply =
      LoopbackReply::Json(R"({"error":{"message":"rate limited"}})", 429);
  reply.headers.emplace_back(std::move(header), std::move(wait));
  return reply;
}

// A request with one user message and a generous deadline.
ModelRequest Ask(std::string text = "Hello?") {
  ModelRequest request;
  request.messages = {{.role = Role::kUser, .content = std::move(text)}};
  request.iteration = 1;
  request.deadline = absl::Now() + absl::Seconds(60);
  return request;
}

std::string Message(const absl::Status& status) {
  return std::string(status.message());
}

bool Contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

// Sets the test key for one scope, and unsets it after.
struct TestKey {
  explicit TestKey(const char* value = kTestKey) {
    ::setenv(kKeyVariable, value, 1);
  }
  ~TestKey() { ::unsetenv(kKeyVariable); }
};

TEST_SUITE("openai client") {
  TEST_CASE("a tool call then an answer, driven through the Agent") {
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(GetOrderCompletion()),
         LoopbackReply::Json(AnswerCompletion(kGrounded))});
    OpenAiClientOptions options = ClientOptions(endpoint);
    options.extra_body = R"({"temperature": 0, "max_tokens": 256})";
    auto client = MakeClient(options);
    ToolRegistry tools = OrderTools();
    absl::StatusOr<std::unique_ptr<Agent>> agent = Agent::Create(
        {.posture = Posture::kGuard}, client.get(), &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run =
        (*agent)->Run("Where is order ORD-1042?",
                      {.deadline = absl::Now() + absl::Seconds(60)});
    REQUIRE(run.ok());
    CHECK(run->answer == kGrounded);
    CHECK(run->judged);
    CHECK_FALSE(run->verdict.flagged());
    CHECK(run->tool_calls == 1);

    const std::vector<LoopbackRequest> requests = endpoint.server().requests();
    REQUIRE(requests.size() == 2);
    CHECK(requests[0].method == "POST");
    CHECK(requests[0].path == "/v1/chat/completions");
    CHECK(requests[0].Header("Content-Type") == "application/json");
    const nlohmann::json first = endpoint.Body(0);
    CHECK(first["model"] == "test-model");
    CHECK(first["temperature"] == 0);
    CHECK(first["max_tokens"] == 256);
    CHECK(first["tools"][0]["type"] == "function");
    CHECK(first["tools"][0]["function"]["name"] == "get_order");
    CHECK(first["messages"].size() == 1);
    const nlohmann::json second = endpoint.Body(1);
    REQUIRE(second["messages"].size() == 3);
    CHECK(second["messages"][1]["tool_calls"][0]["id"] == "call_1");
    CHECK(second["messages"][2]["role"] == "tool");
    CHECK(second["messages"][2]["tool_call_id"] == "call_1");
    CHECK(second["messages"][2]["content"] == kOrder);
  }

  TEST_CASE(
      "a conversation's calls share one connection, ask for gzip and name "
      "groundgate") {
    ScriptedEndpoint endpoint({LoopbackReply::Json(GetOrderCompletion()),
                               Gzipped(AnswerCompletion(kGrounded))},
                              LoopbackOptions{.keep_alive = true});
    auto client = MakeClient(ClientOptions(endpoint));
    ToolRegistry tools = OrderTools();
    absl::StatusOr<std::unique_ptr<Agent>> agent = Agent::Create(
        {.posture = Posture::kGuard}, client.get(), &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run =
        (*agent)->Run("Where is order ORD-1042?",
                      {.deadline = absl::Now() + absl::Seconds(60)});
    REQUIRE(run.ok());
    CHECK(run->answer == kGrounded);  // the second reply, gunzipped
    CHECK(endpoint.server().request_count() == 2);
    CHECK(endpoint.server().connection_count() == 1);
    for (const LoopbackRequest& request : endpoint.server().requests()) {
      CHECK(request.Header("Accept-Encoding") == "gzip");
      CHECK(request.Header("User-Agent") == kUserAgent);
    }
  }

  TEST_CASE("a User-Agent in extra_headers is the only one sent") {
    ScriptedEndpoint endpoint({LoopbackReply::Json(AnswerCompletion("Hi."))});
    OpenAiClientOptions options = ClientOptions(endpoint);
    options.extra_headers = {{"User-Agent", "order-agent/2"}};
    auto client = MakeClient(options);
    REQUIRE(client->Complete(Ask()).ok());
    const LoopbackRequest request = endpoint.server().requests()[0];
    int user_agents = 0;
    for (const auto& [name, value] : request.headers) {
      if (name == "User-Agent") ++user_agents;
    }
    CHECK(user_agents == 1);
    CHECK(request.Header("User-Agent") == "order-agent/2");
  }

  TEST_CASE("the wrap-up request is one a real endpoint accepts") {
    // The server applies OpenAI's and vLLM's rule: "tool_choice" (and
    // "parallel_tool_calls") only beside a non-empty "tools".
    std::atomic<int> served{0};
    LoopbackHttpServer server([&](const LoopbackRequest& request) {
      const nlohmann::json body =
          nlohmann::json::parse(request.body, nullptr, false);
      const bool has_tools = body.contains("tools") && !body["tools"].empty();
      if (!has_tools && (body.contains("tool_choice") ||
                         body.contains("parallel_tool_calls"))) {
        return LoopbackReply::Json(
            R"({"error":{"message":"Invalid value for 'tool_choice': )"
            R"('tool_choice' is only allowed when 'tools' are specified.",)"
            R"("type":"invalid_request_error","param":"tool_choice"}})",
            400);
      }
      return LoopbackReply::Json(served.fetch_add(1) == 0
                                     ? GetOrderCompletion()
                                     : AnswerCompletion(kGrounded));
    });
    REQUIRE(server.listening());
    OpenAiClientOptions options;
    options.base_url = server.url() + "/v1";
    options.model = "test-model";
    auto client = MakeClient(options);
    ToolRegistry tools = OrderTools();
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({.posture = Posture::kGuard, .max_iterations = 1},
                      client.get(), &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run =
        (*agent)->Run("Where is order ORD-1042?",
                      {.deadline = absl::Now() + absl::Seconds(60)});
    REQUIRE(run.ok());
    CHECK(run->wrap_up);
    CHECK(run->answer == kGrounded);
    const std::vector<LoopbackRequest> requests = server.requests();
    REQUIRE(requests.size() == 2);
    const nlohmann::json last =
        nlohmann::json::parse(requests[1].body, nullptr, false);
    CHECK_FALSE(last.contains("tools"));
    CHECK_FALSE(last.contains("tool_choice"));
  }

  TEST_CASE("usage and finish_reason come back, and the Run sums usage") {
    const nlohmann::json usage = {
        {"prompt_tokens", 40}, {"completion_tokens", 9}, {"total_tokens", 49}};
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(
             Completion({{"tool_calls",
                          {{{"id", "call_1"},
                            {"type", "function"},
                            {"function",
                             {{"name", "get_order"},
                              {"arguments", R"({"order_id":"ORD-1042"})"}}}}}}},
                        "tool_calls", usage)),
         LoopbackReply::Json(
             Completion({{"content", kGrounded}}, "length", usage))});
    auto client = MakeClient(ClientOptions(endpoint));
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    CheckReplyUsage(
        reply, "tool_calls",
        {.prompt_tokens = 40, .completion_tokens = 9, .total_tokens = 49});

    ScriptedEndpoint again({LoopbackReply::Json(GetOrderCompletion()),
                            LoopbackReply::Json(Completion(
                                {{"content", kGrounded}}, "stop", usage))});
    auto client2 = MakeClient(ClientOptions(again));
    ToolRegistry tools = OrderTools();
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({}, client2.get(), &tools, nullptr);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run = (*agent)->Run("Where is ORD-1042?");
    REQUIRE(run.ok());
    REQUIRE(run->usage.has_value());  // one of two replies reported usage
    CHECK(run->usage->total_tokens == 49);
  }

  TEST_CASE("429 then success: retried after the server's Retry-After") {
    const LoopbackReply busy = RateLimited("Retry-After", "1");
    ScriptedEndpoint endpoint(
        {busy, LoopbackReply::Json(AnswerCompletion("Hi."))});
    auto client = MakeClient(ClientOptions(endpoint));
    const Clock::time_point start = Clock::now();
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    const double elapsed = SecondsSince(start);
    REQUIRE(reply.ok());
    CHECK(reply->content == "Hi.");
    CHECK(endpoint.server().request_count() == 2);
    // The backoff alone would be a few milliseconds: the wait is the
    // server's second.
    CHECK(elapsed >= 0.95);
    CHECK(elapsed < 20.0);

    const LoopbackReply busy_ms = RateLimited("retry-after-ms", "150");
    ScriptedEndpoint ms(
        {busy_ms, LoopbackReply::Json(AnswerCompletion("Hi."))});
    auto client2 = MakeClient(ClientOptions(ms));
    const Clock::time_point start2 = Clock::now();
    REQUIRE(client2->Complete(Ask()).ok());
    CHECK(SecondsSince(start2) >= 0.14);
    CHECK(ms.server().request_count() == 2);
  }

  TEST_CASE("a Retry-After past the deadline ends the call at once") {
    const LoopbackReply busy = RateLimited("Retry-After", "30");
    ScriptedEndpoint endpoint(
        {busy, LoopbackReply::Json(AnswerCompletion("Hi."))});
    auto client = MakeClient(ClientOptions(endpoint));
    ModelRequest request = Ask();
    request.deadline = absl::Now() + absl::Seconds(10);
    const Clock::time_point start = Clock::now();
    absl::Status status = client->Complete(request).status();
    CHECK(status.code() == absl::StatusCode::kResourceExhausted);
    CHECK(Contains(Message(status), "rate limited"));
    CHECK(Contains(Message(status), "deadline"));
    CHECK(SecondsSince(start) < 5.0);
    CHECK(endpoint.server().request_count() == 1);
  }

  TEST_CASE("500s exhaust the retries: Unavailable with the status and count") {
    ScriptedEndpoint endpoint({});  // every reply is a 500
    auto client = ClientRetrying(endpoint, 2);
    absl::Status status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kUnavailable);
    CHECK(Contains(Message(status), "HTTP 500"));
    CHECK(Contains(Message(status), "no more scripted replies"));
    CHECK(Contains(Message(status), "3 attempts"));
    CHECK(endpoint.server().request_count() == 3);
  }

  TEST_CASE("a 400 or a 401 is not retried and carries the server's words") {
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(
             R"({"error":{"message":"tools[0].function.name is invalid","type":"invalid_request_error"}})",
             400),
         LoopbackReply::Json(R"({"error":"unauthorized"})", 401)});
    auto client = MakeClient(ClientOptions(endpoint));
    absl::Status status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kInvalidArgument);
    CHECK(Contains(Message(status), "tools[0].function.name is invalid"));
    CHECK(Contains(Message(status), "1 attempt"));
    status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kUnauthenticated);
    CHECK(Contains(Message(status), "unauthorized"));
    CHECK(endpoint.server().request_count() == 2);
  }

  TEST_CASE("a slow reply hits the Run's deadline fast, without a retry") {
    const LoopbackReply slow = Slow(AnswerCompletion("late"));
    ScriptedEndpoint endpoint({slow, slow, slow});
    auto client = MakeClient(ClientOptions(endpoint));
    EventRecorder recorder;
    const std::unique_ptr<Agent> agent = RecordedAgent(client.get(), &recorder);
    const Clock::time_point start = Clock::now();
    absl::StatusOr<RunResult> run = agent->Run(
        "Hello?", {.deadline = absl::Now() + absl::Milliseconds(500)});
    CHECK(run.status().code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(SecondsSince(start) < 5.0);
    CHECK(endpoint.server().request_count() == 1);
    CHECK(recorder.LastErrorCode() == "DEADLINE_EXCEEDED");
  }

  TEST_CASE("a timed-out attempt (call_timeout) is retried") {
    const LoopbackReply slow = Slow(AnswerCompletion("late"));
    ScriptedEndpoint endpoint(
        {slow, LoopbackReply::Json(AnswerCompletion("Hi."))});
    OpenAiClientOptions options = ClientOptions(endpoint);
    options.call_timeout = absl::Milliseconds(300);
    options.max_retries = 1;
    auto client = MakeClient(options);
    const Clock::time_point start = Clock::now();
    absl::StatusOr<ModelReply> reply = client->Complete(Ask());
    REQUIRE(reply.ok());
    CHECK(reply->content == "Hi.");
    CHECK(endpoint.server().request_count() == 2);
    CHECK(SecondsSince(start) < 20.0);
  }

  TEST_CASE("cancelling from another thread stops the Run in flight") {
    const LoopbackReply slow = Slow(AnswerCompletion("late"));
    ScriptedEndpoint endpoint({slow, slow});
    auto client = MakeClient(ClientOptions(endpoint));
    EventRecorder recorder;
    const std::unique_ptr<Agent> agent = RecordedAgent(client.get(), &recorder);
    std::atomic<bool> cancel{false};
    absl::Status status;
    std::thread runner(
        [&] { status = agent->Run("Hello?", {.cancel = &cancel}).status(); });
    const bool arrived =
        endpoint.server().WaitForRequests(1, std::chrono::seconds(20));
    const Clock::time_point cancelled_at = Clock::now();
    cancel.store(true);
    runner.join();
    CHECK(arrived);
    CHECK(status.code() == absl::StatusCode::kCancelled);
    CHECK(SecondsSince(cancelled_at) < 5.0);
    CHECK(endpoint.server().request_count() == 1);
    CHECK(recorder.LastErrorCode() == "CANCELLED");
  }

  TEST_CASE("a reply that is not JSON, or an HTML page, is a clipped Status") {
    LoopbackReply html;
    html.status = 200;
    html.headers = {{"Content-Type", "text/html"}};
    html.body = "<html><body>" + std::string(5000, 'x') + "</body></html>";
    LoopbackReply gateway = html;
    gateway.status = 502;
    gateway.body = "<html><head><title>502 Bad Gateway</title></head>" +
                   std::string(5000, ' ') + "</html>";
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(R"({"choices": [{"message": )"), html, gateway});
    auto client = ClientRetrying(endpoint, 0);

    absl::Status status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kInternal);
    CHECK(Contains(Message(status), "not JSON"));

    status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kInternal);
    CHECK(Contains(Message(status), "Content-Type: text/html"));
    CHECK(Message(status).size() < 700);

    status = client->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kUnavailable);
    CHECK(Contains(Message(status), "HTTP 502"));
    CHECK(Contains(Message(status), "502 Bad Gateway"));
    CHECK(Message(status).size() < 700);
  }

  TEST_CASE("an error object, no choices, or a bad message is a Status") {
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(R"({"error":{"message":"model not loaded"}})"),
         LoopbackReply::Json(R"({"id":"x","object":"chat.completion"})"),
         LoopbackReply::Json(R"({"choices":[]})"),
         LoopbackReply::Json(R"({"choices":[{"message":{"tool_calls":7}}]})"),
         LoopbackReply::Json(std::string(1000, '[') + std::string(1000, ']'))});
    auto client = MakeClient(ClientOptions(endpoint));
    // Each reply in turn: the code it gives and what its message says.
    const std::pair<absl::StatusCode, std::string_view> expected[] = {
        {absl::StatusCode::kUnknown, "model not loaded"},
        {absl::StatusCode::kInternal, "no \"choices\""},
        {absl::StatusCode::kInternal, "empty"},
        {absl::StatusCode::kInternal, "tool_calls"},
        {absl::StatusCode::kInternal, "nests deeper"},
    };
    for (const auto& reply : expected) {
      CAPTURE(reply.second);
      const absl::Status status = client->Complete(Ask()).status();
      CHECK(status.code() == reply.first);
      CHECK(Contains(Message(status), reply.second));
    }
    CHECK(endpoint.server().request_count() == 5);  // none retried
  }

  TEST_CASE("a reply past max_response_bytes is ResourceExhausted") {
    ScriptedEndpoint endpoint(
        {LoopbackReply::Json(AnswerCompletion(std::string(5000, 'a')))});
    OpenAiClientOptions options = ClientOptions(endpoint);
    options.max_response_bytes = 1000;
    auto client = MakeClient(options);
    CHECK(client->Complete(Ask()).status().code() ==
          absl::StatusCode::kResourceExhausted);
  }

  TEST_CASE(
      "the API key goes out as a Bearer token and into no Status or event") {
    TestKey key;
    // A careless server that quotes the credential back, in an error and in
    // a long error whose clip would cut through the key.
    auto echo = [](const LoopbackRequest& request) {
      const std::string auth = request.Header("Authorization").value_or("");
      nlohmann::json error = {{"error", {{"message", "bad key: " + auth}}}};
      return LoopbackReply::Json(error.dump(), 401);
    };
    LoopbackHttpServer server(echo);
    REQUIRE(server.listening());
    OpenAiClientOptions options;
    options.base_url = server.url() + "/v1/";
    options.model = "test-model";
    options.api_key_env = kKeyVariable;
    auto client = MakeClient(options);
    CHECK(client->has_api_key());
    CHECK(client->endpoint() == server.url() + "/v1/chat/completions");

    std::vector<std::string> lines;
    EventBus bus;
    Subscription all = bus.SubscribeAll([&lines](const Event& event) {
      lines.push_back(EventToJsonLine(event));
    });
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({}, client.get(), nullptr, &bus);
    REQUIRE(agent.ok());
    absl::Status status = (*agent)->Run("Hello?").status();
    CHECK(status.code() == absl::StatusCode::kUnauthenticated);
    CHECK_FALSE(Contains(Message(status), kTestKey));
    CHECK(Contains(Message(status), "bad key: Bearer [api key]"));
    CHECK_FALSE(lines.empty());
    for (const std::string& line : lines) CHECK_FALSE(Contains(line, kTestKey));
    for (const LoopbackRequest& request : server.requests()) {
      CHECK(request.Header("Authorization") ==
            std::string("Bearer ") + kTestKey);
    }

    // A transport failure names no key either.
    OpenAiClientOptions closed = options;
    int closed_port = 0;
    {
      LoopbackHttpServer gone(
          [](const LoopbackRequest&) { return LoopbackReply{}; });
      closed_port = gone.port();
    }
    closed.base_url = "http://127.0.0.1:" + std::to_string(closed_port) + "/v1";
    closed.max_retries = 0;
    status = MakeClient(closed)->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kUnavailable);
    CHECK_FALSE(Contains(Message(status), kTestKey));
  }

  TEST_CASE("a key is scrubbed before the server's text is clipped") {
    TestKey key;
    LoopbackHttpServer server([](const LoopbackRequest& request) {
      const std::string auth = request.Header("Authorization").value_or("");
      // The key straddles kMaxServerTextInStatus.
      nlohmann::json error = {
          {"error",
           {{"message", std::string(kMaxServerTextInStatus - 20, '.') + auth +
                            std::string(500, '.')}}}};
      return LoopbackReply::Json(error.dump(), 403);
    });
    REQUIRE(server.listening());
    OpenAiClientOptions options;
    options.base_url = server.url() + "/v1";
    options.model = "m";
    options.api_key_env = kKeyVariable;
    absl::Status status = MakeClient(options)->Complete(Ask()).status();
    CHECK(status.code() == absl::StatusCode::kPermissionDenied);
    // No prefix of the key that identifies it survives the clip.
    CHECK_FALSE(Contains(Message(status), std::string(kTestKey).substr(0, 10)));
  }

  TEST_CASE("with no key in the environment, no Authorization is sent") {
    ::unsetenv(kKeyVariable);
    ScriptedEndpoint endpoint({LoopbackReply::Json(AnswerCompletion("Hi."))});
    auto client = MakeClient(ClientOptions(endpoint));
    CHECK_FALSE(client->has_api_key());
    REQUIRE(client->Complete(Ask()).ok());
    CHECK_FALSE(endpoint.server().requests()[0].Header("Authorization"));
  }

  TEST_CASE("Create names the bad option and the fix") {
    auto message = [](OpenAiClientOptions options) {
      absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
          OpenAiCompatibleClient::Create(std::move(options));
      REQUIRE_FALSE(client.ok());
      CHECK(client.status().code() == absl::StatusCode::kInvalidArgument);
      return Message(client.status());
    };
    const OpenAiClientOptions good = {.base_url = "http://127.0.0.1:8080/v1",
                                      .model = "m",
                                      .api_key_env = kKeyVariable};
    REQUIRE(OpenAiCompatibleClient::Create(good).ok());
    struct Case {
      std::string name;
      std::function<void(OpenAiClientOptions&)> tweak;
      std::string expected;
    };
    const std::vector<Case> cases = {
        {"empty base_url", [](auto& o) { o.base_url = ""; },
         "base_url is empty"},
        {"ftp base_url", [](auto& o) { o.base_url = "ftp://x/v1"; },
         "base_url"},
        {"no host", [](auto& o) { o.base_url = "http://"; }, "base_url"},
        {"space", [](auto& o) { o.base_url = "http://a b/v1"; }, "base_url"},
        {"empty model", [](auto& o) { o.model = ""; }, "model is empty"},
        {"extra_body array", [](auto& o) { o.extra_body = "[]"; },
         "extra_body is not the text of a JSON object"},
        {"extra_body not JSON", [](auto& o) { o.extra_body = "{"; },
         "extra_body is not the text of a JSON object"},
        {"extra_body model",
         [](auto& o) { o.extra_body = R"({"model": "x"})"; },
         "extra_body sets \"model\""},
        {"extra_body stream",
         [](auto& o) { o.extra_body = R"({"stream": true})"; },
         "extra_body sets \"stream\""},
        {"Authorization header",
         [](auto& o) {
           o.extra_headers = {{"authorization", "Bearer x"}};
         },
         "api_key_env"},
        {"header with a newline",
         [](auto& o) {
           o.extra_headers = {{"X-A", "1\r\nX-B: 2"}};
         },
         "extra_headers"},
        {"zero call_timeout",
         [](auto& o) { o.call_timeout = absl::ZeroDuration(); },
         "call_timeout"},
        {"retries", [](auto& o) { o.max_retries = kMaxModelRetries + 1; },
         "max_retries"},
        {"negative retries", [](auto& o) { o.max_retries = -1; },
         "max_retries"},
        {"backoffs",
         [](auto& o) {
           o.initial_backoff = absl::Seconds(2);
           o.max_backoff = absl::Seconds(1);
         },
         "initial_backoff"},
        {"zero response cap", [](auto& o) { o.max_response_bytes = 0; },
         "max_response_bytes"},
        {"required key missing", [](auto& o) { o.require_api_key = true; },
         "is unset or empty"},
    };
    ::unsetenv(kKeyVariable);
    ForEachCase(cases, [&](const Case& c) {
      OpenAiClientOptions options = good;
      c.tweak(options);
      CHECK(Contains(message(options), c.expected));
    });
    // A key with a line break is refused without being quoted.
    TestKey broken("sk-broken\r\nX-Evil: 1");
    const std::string refused = message(good);
    CHECK(Contains(refused, kKeyVariable));
    CHECK_FALSE(Contains(refused, "sk-broken"));
  }

  TEST_CASE("a base_url that already ends in /chat/completions is kept") {
    absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
        OpenAiCompatibleClient::Create(
            {.base_url = "https://gateway.example/openai/chat/completions/",
             .model = "m",
             .api_key_env = ""});
    REQUIRE(client.ok());
    CHECK((*client)->endpoint() ==
          "https://gateway.example/openai/chat/completions");
  }
}

}  // namespace
}  // namespace groundgate

#endif  // GROUNDGATE_HAS_NET
