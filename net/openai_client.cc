// net/openai_client.cc — OpenAiCompatibleClient: a ModelRequest as one
// chat-completions POST, retried, and the response as a ModelReply.
//
// Its one job: the HTTP side of a model call — the body (ToOpenAiJson plus
// "model" and the options' extra members), the headers (the key as a Bearer
// token), the retry loop (backoff with jitter, Retry-After, the request's
// deadline and cancel flag), and the reading of the reply
// (ModelReplyFromOpenAiJson) with a clear Status for each way it goes wrong.
//
// With OpenAiClientOptions::stream, the body goes to a net::ChatStream as it
// arrives and the reply is the stream's assembly.
//
// What it does NOT do: log, keep state between calls but open
// connections (Settings is immutable after Create, and its HttpSession is
// thread-safe, so calls may run concurrently), or put the key, a header
// value or a whole body in a Status: server text is scrubbed of the key
// first, then clipped.
#include "groundgate/openai_client.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/absl_view.h"
#include "base/json_depth.h"
#include "net/chat_stream.h"
#include "net/http.h"
#include "nlohmann/json.hpp"

namespace groundgate {
namespace {

constexpr std::string_view kCompletionsPath = "/chat/completions";
// The members of a request body that the client writes itself.
constexpr std::string_view kReservedBodyMembers[] = {
    "model",          "messages",           "tools", "tool_choice", "stream",
    "stream_options", "parallel_tool_calls"};
// The headers the client (or libcurl) sets itself.
constexpr std::string_view kReservedHeaders[] = {
    "authorization",  "content-type", "accept",
    "content-length", "host",         "expect"};
// What replaces a copy of the key in server text quoted into a Status.
constexpr std::string_view kKeyPlaceholder = "[api key]";
// How often a backoff wait looks at the cancel flag.
constexpr absl::Duration kBackoffPollInterval = absl::Milliseconds(20);

bool HoldsControl(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

// `text` with every copy of `key` replaced, control characters turned into
// spaces, and cut to kMaxServerTextInStatus bytes on a UTF-8 boundary. The
// key goes first, so a cut can never leave part of it behind.
std::string ServerText(std::string_view text, std::string_view key) {
  std::string out(text);
  if (!key.empty()) {
    for (std::size_t at = out.find(key); at != std::string::npos;
         at = out.find(key, at + kKeyPlaceholder.size())) {
      out.replace(at, key.size(), kKeyPlaceholder);
    }
  }
  for (char& c : out) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) c = ' ';
  }
  if (out.size() <= kMaxServerTextInStatus) return out;
  std::size_t cut = kMaxServerTextInStatus;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) {
    --cut;
  }
  out.resize(cut);
  out += "...";
  return out;
}

// The statuses worth another attempt: the server was busy, rate-limited or
// briefly broken. 501 says the endpoint will never do it.
bool RetryableHttpStatus(int status) {
  return status == 408 || status == 409 || status == 429 ||
         (status >= 500 && status != 501);
}

// How long the server asked the client to wait: retry-after-ms (OpenAI's
// own, milliseconds), else Retry-After in seconds or as an HTTP date.
std::optional<absl::Duration> ServerRetryAfter(
    const net::HttpResponse& response) {
  if (std::optional<std::string_view> ms =
          net::HeaderValue(response, "retry-after-ms")) {
    char* end = nullptr;
    const std::string text(*ms);
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() && *end == '\0' && value >= 0 && value < 1e9) {
      return absl::Milliseconds(value);
    }
  }
  const std::optional<std::string_view> after =
      net::HeaderValue(response, "retry-after");
  if (!after.has_value() || after->empty()) return std::nullopt;
  if (std::all_of(after->begin(), after->end(),
                  [](char c) { return c >= '0' && c <= '9'; })) {
    if (after->size() > 9) return kMaxRetryAfter + absl::Seconds(1);
    return absl::Seconds(std::stoll(std::string(*after)));
  }
  absl::Time when;
  std::string error;
  if (absl::ParseTime("%a, %d %b %Y %H:%M:%S GMT", std::string(*after),
                      absl::UTCTimeZone(), &when, &error)) {
    return std::max(absl::ZeroDuration(), when - absl::Now());
  }
  return std::nullopt;
}

// A factor in [0.5, 1] for the backoff, from a generator of this thread's
// own, so concurrent calls share no state.
double JitterFactor() {
  thread_local std::minstd_rand generator(static_cast<std::uint_fast32_t>(
      absl::ToUnixNanos(absl::Now()) ^
      static_cast<std::int64_t>(
          std::hash<std::thread::id>()(std::this_thread::get_id()))));
  return std::uniform_real_distribution<double>(0.5, 1.0)(generator);
}

std::string Attempts(int attempts) {
  return attempts == 1 ? "1 attempt" : absl::StrCat(attempts, " attempts");
}

}  // namespace

struct OpenAiCompatibleClient::Settings {
  OpenAiClientOptions options;
  std::string endpoint;  // base_url + kCompletionsPath
  std::string where;     // "OpenAiCompatibleClient: POST <redacted>: "
  std::string api_key;   // never copied into a message
  std::vector<std::pair<std::string, std::string>> headers;
  nlohmann::json extra_body;  // options.extra_body, parsed once by Create
  // The connections kept open between calls; thread-safe.
  std::unique_ptr<net::HttpSession> session =
      std::make_unique<net::HttpSession>();

  // `status` with the key scrubbed from its message (a transport error can
  // quote the server), the attempts appended.
  absl::Status Failure(absl::StatusCode code, std::string_view what,
                       int attempts) const {
    return absl::Status(code, absl::StrCat(where, ServerText(what, api_key),
                                           " (", Attempts(attempts), ")"));
  }

  // A non-2xx response: its status and the server's own words.
  absl::Status HttpFailure(const net::HttpResponse& response,
                           int attempts) const {
    std::string said;
    const nlohmann::json body =
        base::JsonNestsDeeperThan(response.body, kMaxReplyJsonDepth)
            ? nlohmann::json()
            : nlohmann::json::parse(response.body, nullptr, false);
    if (body.is_object() && body.contains("error")) {
      said = net::OpenAiErrorText(body["error"]);
    } else if (!response.body.empty()) {
      said = response.body;
    }
    return Failure(net::StatusCodeOfHttp(response.status),
                   said.empty()
                       ? absl::StrCat("HTTP ", response.status)
                       : absl::StrCat("HTTP ", response.status, ": ", said),
                   attempts);
  }

  // A 2xx response read into a ModelReply.
  absl::StatusOr<ModelReply> ReadReply(const net::HttpResponse& response,
                                       int attempts) const {
    if (base::JsonNestsDeeperThan(response.body, kMaxReplyJsonDepth)) {
      return Failure(absl::StatusCode::kInternal,
                     absl::StrCat("the reply nests deeper than ",
                                  kMaxReplyJsonDepth, " levels"),
                     attempts);
    }
    const nlohmann::json body =
        nlohmann::json::parse(response.body, nullptr, false);
    if (body.is_discarded()) {
      const std::string_view type =
          net::HeaderValue(response, "content-type").value_or("none");
      return Failure(absl::StatusCode::kInternal,
                     absl::StrCat("the reply is not JSON (HTTP ",
                                  response.status, ", Content-Type: ",
                                  std::string(type), "): ", response.body),
                     attempts);
    }
    if (body.is_object() && body.contains("error") &&
        !body["error"].is_null()) {
      return Failure(absl::StatusCode::kUnknown,
                     absl::StrCat("the endpoint returned an error: ",
                                  net::OpenAiErrorText(body["error"])),
                     attempts);
    }
    if (!body.is_object() || !body.contains("choices")) {
      return Failure(absl::StatusCode::kInternal,
                     "the reply has no \"choices\": not a chat completion",
                     attempts);
    }
    if (body["choices"].is_array() && body["choices"].empty()) {
      return Failure(absl::StatusCode::kInternal,
                     "the reply's \"choices\" is empty", attempts);
    }
    absl::StatusOr<ModelReply> reply = ModelReplyFromOpenAiJson(response.body);
    if (!reply.ok()) {
      return Failure(absl::StatusCode::kInternal,
                     base::StdView(reply.status().message()), attempts);
    }
    return reply;
  }

  // Waits `wait`, or less when the request's cancel flag is set.
  static absl::Status Wait(absl::Duration wait, const ModelRequest& request) {
    const absl::Time until = absl::Now() + wait;
    for (;;) {
      if (request.cancel != nullptr && request.cancel->load()) {
        return absl::CancelledError("cancelled while waiting to retry");
      }
      const absl::Duration left = until - absl::Now();
      if (left <= absl::ZeroDuration()) return absl::OkStatus();
      absl::SleepFor(std::min(left, kBackoffPollInterval));
    }
  }

  absl::StatusOr<ModelReply> Complete(const ModelRequest& request) const {
    nlohmann::ordered_json body;
    body["model"] = options.model;
    // ToOpenAiJson's text is valid JSON by construction (bad UTF-8 already
    // replaced), so this parse never fails.
    nlohmann::ordered_json shape = nlohmann::ordered_json::parse(
        ToOpenAiJson(request), nullptr, /*allow_exceptions=*/false);
    for (auto& [key, value] : shape.items()) {
      body[key] = std::move(value);
    }
    for (const auto& [key, value] : extra_body.items()) {
      body[key] = nlohmann::ordered_json(value);
    }
    if (options.stream) {
      body["stream"] = true;
      if (options.stream_include_usage) {
        body["stream_options"] = {{"include_usage", true}};
      }
    }
    net::HttpRequest http;
    http.url = endpoint;
    http.headers = headers;
    // Invalid UTF-8 in a message (a tool's raw bytes) becomes U+FFFD rather
    // than an exception.
    http.body = body.dump(-1, ' ', false,
                          nlohmann::ordered_json::error_handler_t::replace);
    http.cancel = request.cancel;
    http.max_response_bytes = options.max_response_bytes;

    for (int attempt = 1;; ++attempt) {
      http.deadline =
          std::min(request.deadline, absl::Now() + options.call_timeout);
      // A streamed reply: its events are read as they arrive. Until the
      // first event the bytes are kept too, for an endpoint that answers
      // with one JSON body instead.
      std::optional<net::ChatStream> stream;
      std::string unstreamed;
      if (options.stream) {
        stream.emplace(request.on_text);
        http.on_body = [&stream, &unstreamed](std::string_view piece) {
          const bool fed = stream->Feed(piece);
          if (stream->started()) {
            unstreamed.clear();
          } else {
            unstreamed.append(piece);
          }
          return fed;
        };
      }
      absl::StatusOr<net::HttpResponse> response = session->Send(http);
      absl::Status failure;
      bool retryable = false;
      std::optional<absl::Duration> server_wait;
      if (stream.has_value() && !stream->status().ok()) {
        // The stream itself was bad (an error event, a chunk not JSON):
        // what the endpoint said, not the transfer's Aborted.
        return Failure(stream->status().code(),
                       base::StdView(stream->status().message()), attempt);
      }
      if (stream.has_value() && response.ok() && response->status >= 200 &&
          response->status < 300) {
        // An endpoint that ignores "stream" answers with one JSON body; a
        // text/event-stream reply is a stream even when it held no event.
        const bool event_stream = absl::StartsWithIgnoreCase(
            base::AbslView(
                net::HeaderValue(*response, "content-type").value_or("")),
            "text/event-stream");
        if (!event_stream && !stream->started() && !unstreamed.empty()) {
          net::HttpResponse whole = *std::move(response);
          whole.body = std::move(unstreamed);
          absl::StatusOr<ModelReply> reply = ReadReply(whole, attempt);
          if (reply.ok() && request.on_text && !reply->content.empty()) {
            request.on_text(reply->content);
          }
          return reply;
        }
        absl::StatusOr<ModelReply> reply = stream->Finish();
        if (reply.ok()) return reply;
        failure = Failure(reply.status().code(),
                          base::StdView(reply.status().message()), attempt);
        // A stream cut before its first event gave no text away.
        retryable = !stream->started() &&
                    reply.status().code() == absl::StatusCode::kUnavailable;
      } else if (!response.ok()) {
        const absl::StatusCode code = response.status().code();
        const bool run_deadline = code == absl::StatusCode::kDeadlineExceeded &&
                                  absl::Now() >= request.deadline;
        failure = Failure(
            code,
            code == absl::StatusCode::kDeadlineExceeded && !run_deadline
                ? absl::StrCat(response.status().message(), " (call_timeout)")
                : std::string(response.status().message()),
            attempt);
        // A timed-out attempt is worth another; the request's own deadline,
        // a cancel, a cap or a bad request are not.
        retryable =
            code == absl::StatusCode::kUnavailable ||
            (code == absl::StatusCode::kDeadlineExceeded && !run_deadline);
      } else if (response->status >= 200 && response->status < 300) {
        return ReadReply(*response, attempt);
      } else {
        failure = HttpFailure(*response, attempt);
        retryable = RetryableHttpStatus(response->status);
        server_wait = ServerRetryAfter(*response);
      }
      if (retryable && stream.has_value() && stream->started()) {
        // Text has gone to on_text: a retry would give it again.
        return absl::Status(
            failure.code(),
            absl::StrCat(failure.message(),
                         "; the reply was streaming, so it is not retried"));
      }
      if (!retryable || attempt > options.max_retries) return failure;

      absl::Duration wait;
      if (server_wait.has_value()) {
        if (*server_wait > kMaxRetryAfter) {
          return absl::Status(failure.code(),
                              absl::StrCat(failure.message(),
                                           "; the server asked for a wait "
                                           "of ",
                                           absl::FormatDuration(*server_wait),
                                           ", past kMaxRetryAfter"));
        }
        wait = *server_wait;
      } else {
        absl::Duration backoff = options.initial_backoff;
        for (int i = 1; i < attempt && backoff < options.max_backoff; ++i) {
          backoff *= 2;
        }
        wait = std::min(backoff, options.max_backoff) * JitterFactor();
      }
      if (absl::Now() + wait >= request.deadline) {
        return absl::Status(
            failure.code(),
            absl::StrCat(failure.message(),
                         "; the deadline leaves no time for a retry"));
      }
      if (absl::Status waited = Wait(wait, request); !waited.ok()) {
        return Failure(waited.code(), base::StdView(waited.message()), attempt);
      }
    }
  }
};

absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>>
OpenAiCompatibleClient::Create(OpenAiClientOptions options) {
  std::string_view base = options.base_url;
  while (!base.empty() && base.back() == '/') base.remove_suffix(1);
  if (base.empty()) {
    return absl::InvalidArgumentError(
        "OpenAiClientOptions.base_url is empty: set the endpoint's base URL, "
        "e.g. http://127.0.0.1:8080/v1 (llama.cpp) or "
        "https://api.openai.com/v1");
  }
  const bool http = net::StartsWithIgnoreCase(base, "http://");
  const bool https = net::StartsWithIgnoreCase(base, "https://");
  if ((!http && !https) || HoldsControl(base) ||
      base.find(' ') != std::string_view::npos ||
      base.size() == (http ? 7u : 8u)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "OpenAiClientOptions.base_url \"", net::RedactUrl(base),
        "\" is not an http:// or https:// URL with a host and no spaces: use "
        "e.g. http://127.0.0.1:8080/v1"));
  }
  if (options.model.empty()) {
    return absl::InvalidArgumentError(
        "OpenAiClientOptions.model is empty: name the model the endpoint "
        "serves (llama.cpp accepts any name; Ollama wants e.g. "
        "\"qwen2.5:7b\")");
  }
  // Its members go out in name order, as an nlohmann::json object's do.
  nlohmann::json extra_body =
      base::JsonNestsDeeperThan(options.extra_body, kMaxReplyJsonDepth)
          ? nlohmann::json()
          : nlohmann::json::parse(options.extra_body, nullptr,
                                  /*allow_exceptions=*/false);
  if (!extra_body.is_object()) {
    return absl::InvalidArgumentError(
        "OpenAiClientOptions.extra_body is not the text of a JSON object: use "
        "e.g. R\"({\"temperature\": 0})\"");
  }
  for (const std::string_view reserved : kReservedBodyMembers) {
    if (extra_body.contains(reserved)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "OpenAiClientOptions.extra_body sets \"", std::string(reserved),
          "\", which the client writes itself: remove it",
          reserved == "model" ? " and set OpenAiClientOptions.model" : ""));
    }
  }
  for (const auto& [name, value] : options.extra_headers) {
    const bool malformed = name.empty() || HoldsControl(name) ||
                           HoldsControl(value) ||
                           name.find_first_of(": ") != std::string::npos;
    if (malformed) {
      return absl::InvalidArgumentError(
          "OpenAiClientOptions.extra_headers holds a header with an empty or "
          "malformed name or a control character: fix or remove it");
    }
    for (const std::string_view reserved : kReservedHeaders) {
      if (net::EqualsIgnoreCase(name, reserved)) {
        return absl::InvalidArgumentError(
            absl::StrCat("OpenAiClientOptions.extra_headers sets \"", name,
                         "\", which the client sets itself",
                         reserved == "authorization"
                             ? ": put the key in the variable api_key_env names"
                             : ": remove it"));
      }
    }
  }
  if (options.call_timeout <= absl::ZeroDuration()) {
    return absl::InvalidArgumentError(
        "OpenAiClientOptions.call_timeout is not positive: use e.g. "
        "absl::Seconds(120)");
  }
  if (options.max_retries < 0 || options.max_retries > kMaxModelRetries) {
    return absl::InvalidArgumentError(
        absl::StrCat("OpenAiClientOptions.max_retries is ", options.max_retries,
                     ": use 0 to ", kMaxModelRetries, " (default 2)"));
  }
  if (options.initial_backoff < absl::ZeroDuration() ||
      options.max_backoff < options.initial_backoff) {
    return absl::InvalidArgumentError(
        "OpenAiClientOptions.initial_backoff is negative or above "
        "max_backoff: use 0 <= initial_backoff <= max_backoff");
  }
  if (options.max_response_bytes < 1 ||
      options.max_response_bytes > kMaxModelResponseBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "OpenAiClientOptions.max_response_bytes is ",
        options.max_response_bytes, ": use 1 to ", kMaxModelResponseBytes));
  }

  auto settings = std::make_unique<Settings>();
  if (!options.api_key_env.empty()) {
    // getenv is read once, here; the caller must not be changing the
    // environment on another thread while Create runs.
    const char* key = std::getenv(options.api_key_env.c_str());
    if (key != nullptr) settings->api_key = key;
    if (HoldsControl(settings->api_key) ||
        settings->api_key.find(' ') != std::string::npos) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the environment variable ", options.api_key_env,
          " (OpenAiClientOptions.api_key_env) holds a space or a control "
          "character: export the key alone"));
    }
  }
  if (options.require_api_key && settings->api_key.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "OpenAiClientOptions.require_api_key is set but ",
        options.api_key_env.empty()
            ? std::string("api_key_env is empty")
            : absl::StrCat("the environment variable ", options.api_key_env,
                           " is unset or empty"),
        ": export the key, or turn require_api_key off for a local server"));
  }

  settings->endpoint =
      base.ends_with(kCompletionsPath)
          ? std::string(base)
          : absl::StrCat(std::string(base), std::string(kCompletionsPath));
  settings->where = absl::StrCat("OpenAiCompatibleClient: POST ",
                                 net::RedactUrl(settings->endpoint), ": ");
  // User-Agent is net/http.h's groundgate/<version>, unless extra_headers
  // names another.
  settings->headers = {
      {"Content-Type", "application/json"},
      {"Accept", options.stream ? "text/event-stream" : "application/json"}};
  if (!settings->api_key.empty()) {
    settings->headers.emplace_back("Authorization",
                                   absl::StrCat("Bearer ", settings->api_key));
  }
  for (const auto& header : options.extra_headers) {
    settings->headers.push_back(header);
  }
  settings->options = std::move(options);
  settings->extra_body = std::move(extra_body);
  return std::unique_ptr<OpenAiCompatibleClient>(
      new OpenAiCompatibleClient(std::move(settings)));
}

OpenAiCompatibleClient::OpenAiCompatibleClient(
    std::unique_ptr<Settings> settings)
    : settings_(std::move(settings)) {}

OpenAiCompatibleClient::~OpenAiCompatibleClient() = default;

absl::StatusOr<ModelReply> OpenAiCompatibleClient::Complete(
    const ModelRequest& request) {
  try {
    return settings_->Complete(request);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(
        settings_->where,
        "unexpected exception: ", ServerText(e.what(), settings_->api_key)));
  }
}

const OpenAiClientOptions& OpenAiCompatibleClient::options() const {
  return settings_->options;
}

const std::string& OpenAiCompatibleClient::endpoint() const {
  return settings_->endpoint;
}

bool OpenAiCompatibleClient::has_api_key() const {
  return !settings_->api_key.empty();
}

}  // namespace groundgate
