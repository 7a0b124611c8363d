// groundgate/openai_client.h — a ModelClient for any OpenAI-compatible
// chat-completions endpoint.
//
// Its one job: turn a ModelRequest into one POST to {base_url}/chat/
// completions and the response into a ModelReply — llama.cpp's server,
// vLLM, Ollama (its /v1), OpenAI, or any gateway that speaks the same
// shape. The tools go as function tools (ToOpenAiJson); the reply is read by
// ModelReplyFromOpenAiJson, with its usage and finish_reason. It retries
// 408, 409, 429, 5xx (but 501) and transport failures with exponential
// backoff and jitter, honouring Retry-After, and stops at the request's
// deadline or cancel flag (which Agent::Run passes in). Part of
// groundgate_net (link groundgate::net); the gate itself never touches the
// network.
//
// Streaming: with OpenAiClientOptions::stream the reply comes as
// server-sent events, each piece of content goes to the request's on_text
// as it arrives, and the assembled reply is returned as a whole one would be.
//
// What it does NOT do: log, hold a
// conversation (the Agent sends the whole conversation each call), or judge
// anything. The API key is read from the environment at Create, sent only as
// "Authorization: Bearer", and never written to a Status, an event or a log;
// a server error quoted into a Status is clipped to kMaxServerTextInStatus
// bytes with any copy of the key replaced.
//
//   absl::StatusOr<std::unique_ptr<groundgate::OpenAiCompatibleClient>>
//       model = groundgate::OpenAiCompatibleClient::Create(
//           {.base_url = "http://127.0.0.1:8080/v1",  // llama.cpp server
//            .model = "qwen2.5-7b-instruct",
//            .extra_body = R"({"temperature": 0})"});
//   if (!model.ok()) return model.status();  // names the bad option
//   absl::StatusOr<std::unique_ptr<groundgate::Agent>> agent =
//       groundgate::Agent::Create({.posture = groundgate::Posture::kGuard},
//                                 model->get(), &tools, &bus);
//   absl::StatusOr<groundgate::RunResult> run = (*agent)->Run(
//       "Where is order ORD-1042?",
//       {.deadline = absl::Now() + absl::Seconds(60)});
//
// Connections: the client keeps its connections to the endpoint open
// between calls (HTTP/1.1 keep-alive), one per call in flight, so a
// conversation pays the TCP and TLS handshakes once. Every request says
// "Accept-Encoding: gzip" (a gzipped reply is decoded; max_response_bytes
// counts decoded bytes) and "User-Agent: groundgate/<version>".
//
// Thread safety: an OpenAiCompatibleClient's options are immutable after
// Create and it is safe for concurrent use by multiple threads: many Agents
// may share one (concurrent calls use different connections).
#ifndef GROUNDGATE_OPENAI_CLIENT_H_
#define GROUNDGATE_OPENAI_CLIENT_H_

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "groundgate/agent.h"
#include "groundgate/export.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// The most retries max_retries may ask for: past a handful, an endpoint that
// keeps failing is down, and the caller's deadline should decide.
inline constexpr int kMaxModelRetries = 10;
// The longest wait a server's Retry-After is honoured for; a longer one
// ends the call with the server's error instead of hanging the Run.
inline constexpr absl::Duration kMaxRetryAfter = absl::Seconds(60);
// The most max_response_bytes may be: a chat completion is kilobytes, and
// the whole body is held in memory and parsed.
inline constexpr std::size_t kMaxModelResponseBytes = std::size_t{256} << 20;
// A reply nested deeper than this is refused before parsing: no
// chat-completions response nests past a dozen levels, and the reader
// (ModelReplyFromOpenAiJson re-serialises object arguments) recurses.
inline constexpr int kMaxReplyJsonDepth = 128;
// Server text (an error message, the start of an HTML page) quoted into a
// Status is clipped to this many bytes: enough to act on, not a dump.
inline constexpr std::size_t kMaxServerTextInStatus = 256;

struct OpenAiClientOptions {
  // The endpoint up to its API version: "http://127.0.0.1:8080/v1"
  // (llama.cpp, vLLM), "http://127.0.0.1:11434/v1" (Ollama),
  // "https://api.openai.com/v1". The client posts to base_url +
  // "/chat/completions" (a base_url already ending so is used as is; a
  // trailing slash is dropped). Required; http:// or https://.
  std::string base_url;
  // The "model" member of every request. Required.
  std::string model;
  // The environment variable holding the API key, read once by Create; the
  // key goes out as "Authorization: Bearer <key>". When the variable is
  // unset or empty no Authorization header is sent (local servers need
  // none). Empty: never read a key. Default: "OPENAI_API_KEY".
  std::string api_key_env = "OPENAI_API_KEY";
  // When set, Create fails unless api_key_env names a non-empty variable.
  // Default: off.
  bool require_api_key = false;
  // Members added to every request body, as the text of one JSON object:
  // R"({"temperature": 0, "max_tokens": 512, "seed": 7})". They go out after
  // the client's own, in name order. It may not set "model", "messages",
  // "tools", "tool_choice", "parallel_tool_calls", "stream" or
  // "stream_options" (the client writes those; use the options below to
  // stream). Default: none ("{}").
  std::string extra_body = "{}";
  // Headers added to every request ("OpenAI-Organization", a gateway's
  // routing header). Not Authorization (use api_key_env), Content-Type or
  // Accept; no CR or LF. A User-Agent replaces groundgate/<version>. Their
  // values are never quoted in a Status.
  std::vector<std::pair<std::string, std::string>> extra_headers;
  // The time one HTTP attempt may take; the request's deadline, when
  // sooner, wins. A timed-out attempt is retried. Default: 120 s (a local
  // model writing a long answer is slow).
  absl::Duration call_timeout = absl::Seconds(120);
  // Attempts after the first, for 408, 409, 429, 5xx but 501, transport
  // failures and timed-out attempts. 0 to kMaxModelRetries. Default: 2.
  int max_retries = 2;
  // The wait before retry n is initial_backoff * 2^(n-1), at most
  // max_backoff, times a random factor in [0.5, 1] (jitter, so agents that
  // failed together do not retry together). A Retry-After or retry-after-ms
  // header replaces it, up to kMaxRetryAfter. Defaults: 500 ms and 8 s.
  absl::Duration initial_backoff = absl::Milliseconds(500);
  absl::Duration max_backoff = absl::Seconds(8);
  // A reply body larger than this fails the call with ResourceExhausted.
  // 1 to kMaxModelResponseBytes. Default: 8 MiB. A streamed reply counts
  // every byte of its events.
  std::size_t max_response_bytes = std::size_t{8} << 20;
  // Ask for the reply as server-sent events ("stream": true, "Accept:
  // text/event-stream") and assemble it as it arrives: content and
  // tool-call deltas, finish_reason, the id. Each piece of content goes to
  // request.on_text (RunOptions::on_partial_text) at once; the gate judges
  // the assembled answer, as it would a whole one. The deadline and the
  // cancel flag stop a stream mid-way. A failure before the first event is
  // retried as any other; once events have arrived the call is not retried
  // (the text already given would be given again): it fails with
  // Unavailable when the connection is cut before "[DONE]" or a
  // finish_reason, and with Unknown when the endpoint sends an error event.
  // An endpoint that answers a streamed request with one JSON body is read
  // as a whole reply. Default: off.
  bool stream = false;
  // With stream: also send "stream_options": {"include_usage": true}, so the
  // last event carries the call's usage (OpenAI, vLLM, llama.cpp). Turn it
  // off for an endpoint that refuses stream_options. Default: on.
  bool stream_include_usage = true;
};

class OpenAiCompatibleClient : public ModelClient {
 public:
  // Validates the options and reads the API key. InvalidArgument naming the
  // option and the fix when: base_url is empty, not http(s), or holds a
  // space or a control character; model is empty; extra_body is not the
  // text of a JSON object (or nests deeper than kMaxReplyJsonDepth) or sets
  // a member the client writes; an extra header is malformed
  // or one the client sets; call_timeout is not positive; max_retries is out
  // of range; a backoff is negative or max_backoff < initial_backoff;
  // max_response_bytes is out of range; the key's variable holds a control
  // character; require_api_key is set and the variable is unset or empty.
  // No message carries the key.
  static absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> Create(
      OpenAiClientOptions options);
  ~OpenAiCompatibleClient() override;
  // Holds a credential: not copyable; share it by pointer.
  OpenAiCompatibleClient(const OpenAiCompatibleClient&) = delete;
  OpenAiCompatibleClient& operator=(const OpenAiCompatibleClient&) = delete;

  // One chat completion, retried as the options say. Returns the reply
  // (with usage and finish_reason when the endpoint sent them). Errors,
  // each message naming the endpoint (no query), the HTTP status and the
  // attempts made, with the server's own error text clipped:
  //   Cancelled / DeadlineExceeded — request.cancel became true /
  //     request.deadline passed (also while waiting to retry; a Retry-After
  //     past the deadline ends the call at once);
  //   InvalidArgument (400, 413, 422), Unauthenticated (401),
  //   PermissionDenied (403), NotFound (404: a wrong base_url or model),
  //   ResourceExhausted (429 after the retries), Unavailable (5xx or a
  //   transport failure after the retries), Unimplemented (501), Unknown
  //   (another status, or a 2xx carrying an error object);
  //   ResourceExhausted — the body passed max_response_bytes;
  //   Internal — a 2xx reply that is not JSON (an HTML page), nests past
  //     kMaxReplyJsonDepth, has no choices, or whose message is malformed.
  // Never throws.
  absl::StatusOr<ModelReply> Complete(const ModelRequest& request) override;

  // The options as given (extra_body, headers; never the key).
  [[nodiscard]] const OpenAiClientOptions& options() const;
  // The URL requests go to: base_url + "/chat/completions".
  [[nodiscard]] const std::string& endpoint() const;
  // True when Create found a key and requests carry Authorization.
  [[nodiscard]] bool has_api_key() const;

 private:
  struct Settings;
  explicit OpenAiCompatibleClient(std::unique_ptr<Settings> settings);
  std::unique_ptr<Settings> settings_;
};

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_OPENAI_CLIENT_H_
