// net/http.h — one blocking HTTP exchange over libcurl (internal to
// groundgate_net).
//
// Its one job: send one request and read one response, within a deadline,
// stoppable from another thread, with the response body capped. Every
// request says "Accept-Encoding: gzip" (a gzipped response is decoded, and
// the cap counts decoded bytes) and "User-Agent: groundgate/<version>"
// unless its headers name another. An HttpSession keeps connections open
// between calls (HTTP/1.1 keep-alive); HttpSend opens and closes its own.
// The model client (openai_client.cc) and the OTLP exporter
// (otel_exporter.cc) each hold a session.
//
// What it does NOT do: retry, follow redirects, speak any protocol but http
// and https, compress a request body, or log. It never throws. Error
// messages name the URL without its query or user info, never a header
// value or the body.
//
//   groundgate::net::HttpRequest request;
//   request.url = "http://127.0.0.1:8080/v1/chat/completions";
//   request.headers = {{"Content-Type", "application/json"}};
//   request.body = body.dump();
//   request.deadline = absl::Now() + absl::Seconds(30);
//   absl::StatusOr<groundgate::net::HttpResponse> response =
//       groundgate::net::HttpSend(request);
//   if (!response.ok()) return response.status();  // transport, deadline...
//   if (response->status != 200) { ... }           // HTTP errors are OK here
//
//   groundgate::net::HttpSession session;  // keeps its connections open
//   absl::StatusOr<groundgate::net::HttpResponse> first =
//       session.Send(request);
//   absl::StatusOr<groundgate::net::HttpResponse> second =
//       session.Send(request);  // over the same connection
//
// Thread safety: HttpSend, and Send on one HttpSession, may be called from
// many threads at once.
#ifndef GROUNDGATE_NET_HTTP_H_
#define GROUNDGATE_NET_HTTP_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace groundgate::net {

// The default cap on a response body: a chat completion is kilobytes; a
// server that sends more than this is broken or hostile.
inline constexpr std::size_t kDefaultMaxResponseBytes = 8u << 20;
// The cap on all response header lines together: real responses send a few
// hundred bytes; libcurl's own per-line limit is 100 KiB.
inline constexpr std::size_t kMaxResponseHeaderBytes = 64u << 10;
// How often a transfer wakes to look at the cancel flag and the deadline:
// the longest a cancelled call keeps running.
inline constexpr absl::Duration kCancelPollInterval = absl::Milliseconds(20);
// The handles (each with its open connections) an HttpSession keeps between
// calls: as many as calls it has seen run at once, up to this. More agents
// than this sharing one client still work; the extra calls connect afresh.
inline constexpr std::size_t kMaxIdleHttpHandles = 16;

struct HttpRequest {
  // "http://..." or "https://..."; anything else is InvalidArgument.
  std::string url;
  // "POST" (the body is sent), "GET", or another token ("PUT", "DELETE").
  std::string method = "POST";
  // Sent as given, in order. Names and values must not hold CR or LF.
  // libcurl adds Host, Content-Length; "Expect: 100-continue" is suppressed.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // The exchange ends with DeadlineExceeded at this time. Default: none.
  absl::Time deadline = absl::InfiniteFuture();
  // When non-null and set to true (by any thread), the exchange ends with
  // Cancelled within about kCancelPollInterval. Not owned; must outlive the
  // call.
  const std::atomic<bool>* cancel = nullptr;
  // A body larger than this ends the exchange with ResourceExhausted.
  std::size_t max_response_bytes = kDefaultMaxResponseBytes;
  // When set, the body of a 2xx response goes to this function piece by
  // piece as it arrives (HttpResponse::body stays empty), for a streamed
  // reply; the body of any other status is collected as usual, for its
  // error text. Returning false stops the exchange with Aborted. It runs on
  // the calling thread; max_response_bytes still counts every byte.
  std::function<bool(std::string_view piece)> on_body;
};

struct HttpResponse {
  int status = 0;  // the HTTP status code
  std::string body;
  // The final response's header lines, in order, names as the server wrote
  // them; values trimmed. Read one with HeaderValue.
  std::vector<std::pair<std::string, std::string>> headers;
};

// Sends `request` and waits for the whole response. Any HTTP status is an OK
// result (read response.status). Errors: InvalidArgument for a URL that is
// not http(s) or malformed, an empty or odd method, or a header holding CR
// or LF; DeadlineExceeded when request.deadline passes (also when it has
// passed before the call); Cancelled when *request.cancel becomes true;
// ResourceExhausted when the body passes max_response_bytes (or the headers
// kMaxResponseHeaderBytes); Unavailable for any transport failure (DNS,
// connect, TLS, a reset or a garbled response); Aborted when on_body
// returned false. Never throws.
// Opens a connection of its own and closes it at the end.
[[nodiscard]] absl::StatusOr<HttpResponse> HttpSend(const HttpRequest& request);

// What HttpSend does, over connections kept open between calls: a call
// takes an idle libcurl handle (with the connections it keeps, per host) or
// makes one, and puts it back when the exchange completed; a handle whose
// exchange failed (a transport error, a cancel, a deadline, a cap) is
// closed, so a broken connection is never reused. A kept connection that
// the server closed (idle too long) before answering costs a reconnect:
// libcurl opens a new one and sends the request again itself.
class HttpSession {
 public:
  HttpSession();
  ~HttpSession();
  HttpSession(const HttpSession&) = delete;
  HttpSession& operator=(const HttpSession&) = delete;

  // As HttpSend. Thread-safe: concurrent calls use different handles.
  [[nodiscard]] absl::StatusOr<HttpResponse> Send(const HttpRequest& request);

  struct Handle;  // an easy handle on a multi handle of its own (http.cc)

 private:
  std::mutex mu_;
  std::vector<std::unique_ptr<Handle>> idle_;  // guarded by mu_
};

// The value of the first header named `name` (ASCII case-insensitive), or
// nullopt. The view points into `response`.
[[nodiscard]] std::optional<std::string_view> HeaderValue(
    const HttpResponse& response, std::string_view name);

// `url` without its query, fragment and user info, for error messages: a key
// passed as "?key=..." or "user:secret@" must not reach a Status.
[[nodiscard]] std::string RedactUrl(std::string_view url);

// The absl::Status code an HTTP error status stands for, the one mapping of
// both the model client and the OTLP exporter: InvalidArgument (400, 413,
// 422), Unauthenticated (401), PermissionDenied (403), NotFound (404),
// DeadlineExceeded (408), Aborted (409), ResourceExhausted (429),
// Unimplemented (501), Unavailable (any other 5xx), Unknown (anything else).
[[nodiscard]] absl::StatusCode StatusCodeOfHttp(int http_status);

// ASCII case-insensitive comparisons, for header names and URL schemes.
[[nodiscard]] bool EqualsIgnoreCase(std::string_view a, std::string_view b);
[[nodiscard]] bool StartsWithIgnoreCase(std::string_view text,
                                        std::string_view prefix);

// True when `text` holds CR, LF or NUL: what must never reach a header line
// or a request line.
[[nodiscard]] bool HoldsLineBreak(std::string_view text);

}  // namespace groundgate::net

#endif  // GROUNDGATE_NET_HTTP_H_
