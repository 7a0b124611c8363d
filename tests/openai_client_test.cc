// tests/openai_client_test.cc — groundgate_net against a loopback server:
// HttpSend (deadline, cancel, caps, transport errors) and
// OpenAiCompatibleClient (replies, retries, errors, the API key's secrecy),
// driven through the Agent where the behaviour is the Agent's.
//
// Every server is tests/loopback_http.h on 127.0.0.1; nothing leaves the
// machine. Waits are conditions (WaitForRequests), never fixed sleeps; a
// "must fail fast" test bounds its time by seconds, not milliseconds.
#if GROUNDGATE_HAS_NET

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "net/http.h"
#include "tests/loopback_http.h"

namespace groundgate {
namespace {

using testing::LoopbackHttpServer;
using testing::LoopbackMode;
using testing::LoopbackReply;
using testing::LoopbackRequest;

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

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
    LoopbackHttpServer server([](const LoopbackRequest&) {
      LoopbackReply reply = LoopbackReply::Json("{}");
      reply.delay = std::chrono::seconds(60);
      return reply;
    });
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
    LoopbackHttpServer server([](const LoopbackRequest&) {
      LoopbackReply reply = LoopbackReply::Json("{}");
      reply.delay = std::chrono::seconds(60);
      return reply;
    });
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

  TEST_CASE("RedactUrl keeps scheme, host and path only") {
    CHECK(net::RedactUrl("https://u:p@api.example.com:8443/v1/x?key=k#f") ==
          "https://api.example.com:8443/v1/x?...");
    CHECK(net::RedactUrl("http://127.0.0.1:8080/v1") ==
          "http://127.0.0.1:8080/v1");
  }
}

}  // namespace
}  // namespace groundgate

#endif  // GROUNDGATE_HAS_NET
