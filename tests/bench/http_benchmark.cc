// tests/bench/http_benchmark.cc — requests per second against a loopback
// server, over one kept connection and over a new connection per request.
//
// Its one job: put a figure on connection reuse (net/http.h). Each
// iteration is one small POST answered by tests/loopback_http.h on
// 127.0.0.1; the rows differ only in what the client keeps:
//   BM_HttpSendNewConnection      HttpSend: a new libcurl handle and a new
//                                 TCP connection per request (no reuse);
//   BM_HttpSessionNewConnection   an HttpSession whose server closes every
//                                 connection: handles kept, TCP new;
//   BM_HttpSessionKeptConnection  an HttpSession on a keep-alive server:
//                                 one connection for every request.
// items_per_second is requests per second of wall-clock time (the server's
// thread works too, so CPU time of the caller alone would flatter).
// Built only with the net library (GROUNDGATE_BUILD_NET).
//
// What it does NOT do: measure TLS (a handshake would widen the gap), a
// model's latency (which dwarfs both on a real endpoint), or the server.
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "net/http.h"
#include "tests/loopback_http.h"

namespace groundgate::bench {
namespace {

using testing::LoopbackHttpServer;
using testing::LoopbackOptions;
using testing::LoopbackReply;
using testing::LoopbackRequest;

// A chat-completion-sized exchange: a few hundred bytes each way.
const std::string& RequestBody() {
  static const std::string body =
      R"({"model":"test-model","messages":[{"role":"user","content":)"
      R"("Where is order ORD-1042? Answer with its total and shipment."}]})";
  return body;
}

LoopbackReply Answer(const LoopbackRequest&) {
  return LoopbackReply::Json(
      R"({"id":"chatcmpl-1","object":"chat.completion","choices":[{)"
      R"("index":0,"message":{"role":"assistant","content":"Order )"
      R"(ORD-1042 totals 1249.50 and ships as SHP-88410."},)"
      R"("finish_reason":"stop"}]})");
}

net::HttpRequest PostTo(const LoopbackHttpServer& server) {
  net::HttpRequest request;
  request.url = server.url() + "/v1/chat/completions";
  request.headers = {{"Content-Type", "application/json"}};
  request.body = RequestBody();
  return request;
}

// Runs `send` once per iteration; stops with an error on the first failure.
template <typename Send>
void RunRequests(benchmark::State& state, const LoopbackHttpServer& server,
                 Send send) {
  if (!server.listening()) {
    state.SkipWithError("the loopback server could not listen");
    return;
  }
  net::HttpRequest request = PostTo(server);
  for (auto _ : state) {
    request.deadline = absl::Now() + absl::Seconds(10);
    absl::StatusOr<net::HttpResponse> response = send(request);
    if (!response.ok() || response->status != 200) {
      state.SkipWithError("a request failed");
      return;
    }
    benchmark::DoNotOptimize(response->body.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["connections"] =
      static_cast<double>(server.connection_count());
}

void BM_HttpSendNewConnection(benchmark::State& state) {
  LoopbackHttpServer server(Answer, LoopbackOptions{.keep_alive = true});
  RunRequests(state, server, [](const net::HttpRequest& request) {
    return net::HttpSend(request);
  });
}
BENCHMARK(BM_HttpSendNewConnection)->UseRealTime();

void BM_HttpSessionNewConnection(benchmark::State& state) {
  LoopbackHttpServer server(Answer, LoopbackOptions{.keep_alive = false});
  net::HttpSession session;
  RunRequests(state, server, [&session](const net::HttpRequest& request) {
    return session.Send(request);
  });
}
BENCHMARK(BM_HttpSessionNewConnection)->UseRealTime();

void BM_HttpSessionKeptConnection(benchmark::State& state) {
  LoopbackHttpServer server(Answer, LoopbackOptions{.keep_alive = true});
  net::HttpSession session;
  RunRequests(state, server, [&session](const net::HttpRequest& request) {
    return session.Send(request);
  });
}
BENCHMARK(BM_HttpSessionKeptConnection)->UseRealTime();

}  // namespace
}  // namespace groundgate::bench
