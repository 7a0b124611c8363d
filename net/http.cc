// net/http.cc — HttpSend: one blocking HTTP exchange over libcurl.
//
// Its one job: drive one libcurl transfer to its end, waking every
// kCancelPollInterval to look at the cancel flag and the deadline, and turn
// libcurl's outcome into an absl::Status. The transfer runs on a multi
// handle of its own, so the wait is a curl_multi_poll with a short timeout
// rather than libcurl's once-a-second progress callback. The multi handle
// holds the connection cache, so an HttpSession keeps the pair (a Handle)
// between calls, and its easy handle is reset before each.
//
// What it does NOT do: share a handle between two calls at once, follow
// redirects, install signal handlers (CURLOPT_NOSIGNAL: the caller's process
// owns its signals), or put a header value or the body in an error message.
#include "net/http.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/absl_view.h"
#include "groundgate/version.h"

namespace groundgate::net {
namespace {

// The longest method name accepted: the registered ones are at most 7.
constexpr std::size_t kMaxMethodBytes = 16;

// curl_global_init is not thread-safe and must run once before any handle.
CURLcode GlobalInit() {
  static std::once_flag once;
  static CURLcode result = CURLE_OK;
  std::call_once(once, [] { result = curl_global_init(CURL_GLOBAL_DEFAULT); });
  return result;
}

struct EasyCleanup {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
struct MultiCleanup {
  void operator()(CURLM* handle) const { curl_multi_cleanup(handle); }
};
struct SlistCleanup {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

}  // namespace

// An easy handle and the multi handle it runs on, which keeps its
// connections open after the transfer.
struct HttpSession::Handle {
  std::unique_ptr<CURL, EasyCleanup> easy{curl_easy_init()};
  std::unique_ptr<CURLM, MultiCleanup> multi{curl_multi_init()};
};

namespace {

// What a request asks for in Accept-Encoding: gzip is what servers send
// (OpenAI's API, vLLM behind a proxy, a collector's answer), and naming one
// coding keeps the header the same whichever codings this libcurl decodes.
constexpr char kAcceptEncoding[] = "gzip";

// Ties the easy handle to the multi handle for the transfer's lifetime;
// removing it first is what libcurl requires before either is cleaned up.
class Attachment {
 public:
  Attachment(CURLM* multi, CURL* easy) : multi_(multi), easy_(easy) {
    attached_ = curl_multi_add_handle(multi_, easy_) == CURLM_OK;
  }
  ~Attachment() {
    if (attached_) curl_multi_remove_handle(multi_, easy_);
  }
  Attachment(const Attachment&) = delete;
  Attachment& operator=(const Attachment&) = delete;
  [[nodiscard]] bool attached() const { return attached_; }

 private:
  CURLM* multi_;
  CURL* easy_;
  bool attached_ = false;
};

// What the callbacks fill in while the transfer runs.
struct Transfer {
  HttpResponse response;
  CURL* easy = nullptr;
  const std::function<bool(std::string_view)>* on_body = nullptr;
  std::size_t body_bytes = 0;  // every body byte, streamed or kept
  bool body_stopped = false;   // on_body returned false
  std::size_t max_body_bytes = 0;
  std::size_t header_bytes = 0;
  bool body_too_large = false;
  bool headers_too_large = false;
};

std::size_t WriteBody(char* data, std::size_t size, std::size_t count,
                      void* user) {
  auto* transfer = static_cast<Transfer*>(user);
  const std::size_t bytes = size * count;
  if (bytes > transfer->max_body_bytes - transfer->body_bytes) {
    transfer->body_too_large = true;
    return 0;  // anything but `bytes` aborts the transfer
  }
  transfer->body_bytes += bytes;
  if (transfer->on_body != nullptr && *transfer->on_body) {
    long status = 0;
    curl_easy_getinfo(transfer->easy, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 200 && status < 300) {
      if (!(*transfer->on_body)(std::string_view(data, bytes))) {
        transfer->body_stopped = true;
        return 0;
      }
      return bytes;
    }
  }
  transfer->response.body.append(data, bytes);
  return bytes;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\r' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

std::size_t ReadHeaderLine(char* data, std::size_t size, std::size_t count,
                           void* user) {
  auto* transfer = static_cast<Transfer*>(user);
  const std::size_t bytes = size * count;
  transfer->header_bytes += bytes;
  if (transfer->header_bytes > kMaxResponseHeaderBytes) {
    transfer->headers_too_large = true;
    return 0;
  }
  const std::string_view line(data, bytes);
  if (line.starts_with("HTTP/")) {
    // A new response begins (after a 100 Continue, say): keep only the
    // final response's headers.
    transfer->response.headers.clear();
    return bytes;
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) return bytes;
  transfer->response.headers.emplace_back(
      std::string(Trim(line.substr(0, colon))),
      std::string(Trim(line.substr(colon + 1))));
  return bytes;
}

absl::Status Validate(const HttpRequest& request) {
  if (!StartsWithIgnoreCase(request.url, "http://") &&
      !StartsWithIgnoreCase(request.url, "https://")) {
    return absl::InvalidArgumentError(
        absl::StrCat("HttpSend: the URL \"", RedactUrl(request.url),
                     "\" is not http:// or https://"));
  }
  if (request.method.empty() || request.method.size() > kMaxMethodBytes ||
      !std::all_of(request.method.begin(), request.method.end(),
                   [](char c) { return c >= 'A' && c <= 'Z'; })) {
    return absl::InvalidArgumentError(
        "HttpSend: the method must be an upper-case token such as POST");
  }
  for (const auto& [name, value] : request.headers) {
    if (name.empty() || HoldsLineBreak(name) || HoldsLineBreak(value) ||
        name.find_first_of(": \t") != std::string::npos) {
      // The value may be a credential: name the header only.
      return absl::InvalidArgumentError(absl::StrCat(
          "HttpSend: header \"",
          HoldsLineBreak(name) ? std::string("(unprintable)") : name,
          "\" has an empty or malformed name, or a line break in its value"));
    }
  }
  return absl::OkStatus();
}

// The status for a finished transfer that libcurl reports as failed.
absl::Status TransferError(const HttpRequest& request, CURLcode code,
                           const Transfer& transfer, const char* detail) {
  const std::string where =
      absl::StrCat("HTTP ", request.method, " ", RedactUrl(request.url), ": ");
  if (transfer.body_too_large || code == CURLE_FILESIZE_EXCEEDED) {
    return absl::ResourceExhaustedError(absl::StrCat(
        where, "the response body exceeds ", request.max_response_bytes,
        " bytes (max_response_bytes)"));
  }
  if (transfer.body_stopped) {
    return absl::AbortedError(
        absl::StrCat(where, "the body's reader stopped the transfer"));
  }
  if (transfer.headers_too_large) {
    return absl::ResourceExhaustedError(
        absl::StrCat(where, "the response headers exceed ",
                     kMaxResponseHeaderBytes, " bytes"));
  }
  const std::string what =
      detail != nullptr && detail[0] != '\0'
          ? absl::StrCat(curl_easy_strerror(code), " (", detail, ")")
          : std::string(curl_easy_strerror(code));
  // The deadline is HttpSend's own loop; a libcurl timeout is its connect
  // timeout, a transport failure like any other.
  if (code == CURLE_URL_MALFORMAT) {
    return absl::InvalidArgumentError(absl::StrCat(where, what));
  }
  return absl::UnavailableError(absl::StrCat(where, what));
}

}  // namespace

std::string RedactUrl(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  const std::size_t authority_start =
      scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  std::size_t authority_end = url.find_first_of("/?#", authority_start);
  if (authority_end == std::string_view::npos) authority_end = url.size();
  std::string_view authority =
      url.substr(authority_start, authority_end - authority_start);
  if (const std::size_t at = authority.rfind('@');
      at != std::string_view::npos) {
    authority.remove_prefix(at + 1);
  }
  std::string_view path = url.substr(authority_end);
  path = path.substr(0, path.find_first_of("?#"));
  return absl::StrCat(
      std::string(url.substr(0, authority_start)), std::string(authority),
      std::string(path),
      url.find_first_of("?#", authority_end) == std::string_view::npos
          ? ""
          : "?...");
}

std::optional<std::string_view> HeaderValue(const HttpResponse& response,
                                            std::string_view name) {
  for (const auto& [key, value] : response.headers) {
    if (EqualsIgnoreCase(key, name)) return std::string_view(value);
  }
  return std::nullopt;
}

namespace {

// One exchange on `handle`, whose easy handle is reset first; `reusable`
// becomes true when the exchange completed and the handle may serve another.
absl::StatusOr<HttpResponse> SendOn(HttpSession::Handle& handle,
                                    const HttpRequest& request,
                                    bool& reusable) {
  reusable = false;
  if (absl::Status valid = Validate(request); !valid.ok()) return valid;
  const std::string where =
      absl::StrCat("HTTP ", request.method, " ", RedactUrl(request.url), ": ");
  if (request.cancel != nullptr && request.cancel->load()) {
    return absl::CancelledError(
        absl::StrCat(where, "cancelled before sending"));
  }
  if (absl::Now() >= request.deadline) {
    return absl::DeadlineExceededError(
        absl::StrCat(where, "the deadline passed before sending"));
  }
  if (handle.easy == nullptr || handle.multi == nullptr) {
    return absl::ResourceExhaustedError(
        absl::StrCat(where, "libcurl could not create a handle"));
  }
  const std::unique_ptr<CURL, EasyCleanup>& easy = handle.easy;
  const std::unique_ptr<CURLM, MultiCleanup>& multi = handle.multi;
  // Options from the last call must not leak into this one; the
  // connections (in the multi handle) stay.
  curl_easy_reset(easy.get());

  Transfer transfer;
  transfer.max_body_bytes = request.max_response_bytes;
  transfer.easy = easy.get();
  transfer.on_body = &request.on_body;
  char error_detail[CURL_ERROR_SIZE] = {};
  CURL* h = easy.get();
  curl_easy_setopt(h, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error_detail);
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &WriteBody);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &transfer);
  curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, &ReadHeaderLine);
  curl_easy_setopt(h, CURLOPT_HEADERDATA, &transfer);
  curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, kAcceptEncoding);
  // A header named User-Agent in request.headers replaces this one.
  curl_easy_setopt(h, CURLOPT_USERAGENT,
                   "groundgate/" GROUNDGATE_VERSION_STRING);
  // A kept connection idle behind a NAT or a load balancer is probed rather
  // than found dead at the next call.
  curl_easy_setopt(h, CURLOPT_TCP_KEEPALIVE, 1L);
  // A Content-Length past the cap fails before the body is read.
  curl_easy_setopt(
      h, CURLOPT_MAXFILESIZE_LARGE,
      static_cast<curl_off_t>(std::min<std::size_t>(
          request.max_response_bytes, static_cast<std::size_t>(INT64_MAX))));
  if (request.method == "GET") {
    curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
  } else if (request.method == "HEAD") {
    curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
  } else {
    if (request.method != "POST") {
      curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, request.method.c_str());
    }
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(request.body.size()));
    // Not copied: `request` outlives the transfer.
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, request.body.data());
  }

  std::unique_ptr<curl_slist, SlistCleanup> headers;
  auto append = [&headers](const std::string& line) {
    curl_slist* grown = curl_slist_append(headers.get(), line.c_str());
    if (grown == nullptr) return false;
    headers.release();
    headers.reset(grown);
    return true;
  };
  bool appended = true;
  for (const auto& [name, value] : request.headers) {
    // "Name;" is libcurl's spelling of a header with an empty value.
    appended =
        appended && append(value.empty() ? absl::StrCat(name, ";")
                                         : absl::StrCat(name, ": ", value));
  }
  // No 100-continue round trip: it costs a second on servers that ignore it.
  appended = appended && append("Expect:");
  if (!appended) {
    return absl::ResourceExhaustedError(
        absl::StrCat(where, "out of memory for the headers"));
  }
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());

  Attachment attachment(multi.get(), h);
  if (!attachment.attached()) {
    return absl::InternalError(
        absl::StrCat(where, "libcurl refused the transfer"));
  }
  for (;;) {
    int running = 0;
    if (const CURLMcode code = curl_multi_perform(multi.get(), &running);
        code != CURLM_OK) {
      return absl::UnavailableError(
          absl::StrCat(where, curl_multi_strerror(code)));
    }
    if (running == 0) break;
    if (request.cancel != nullptr && request.cancel->load()) {
      return absl::CancelledError(absl::StrCat(where, "cancelled"));
    }
    const absl::Time now = absl::Now();
    if (now >= request.deadline) {
      return absl::DeadlineExceededError(
          absl::StrCat(where, "the deadline passed"));
    }
    const absl::Duration wait =
        std::min(kCancelPollInterval, request.deadline - now);
    const int wait_ms =
        std::max(1, static_cast<int>(absl::ToInt64Milliseconds(wait)));
    if (const CURLMcode code =
            curl_multi_poll(multi.get(), nullptr, 0, wait_ms, nullptr);
        code != CURLM_OK) {
      return absl::UnavailableError(
          absl::StrCat(where, curl_multi_strerror(code)));
    }
  }

  CURLcode result = CURLE_OK;
  int queued = 0;
  bool finished = false;
  while (CURLMsg* message = curl_multi_info_read(multi.get(), &queued)) {
    if (message->msg == CURLMSG_DONE && message->easy_handle == h) {
      result = message->data.result;
      finished = true;
    }
  }
  if (!finished) {
    return absl::InternalError(
        absl::StrCat(where, "libcurl ended without a result"));
  }
  if (result != CURLE_OK) {
    return TransferError(request, result, transfer, error_detail);
  }
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  transfer.response.status = static_cast<int>(status);
  reusable = true;
  return std::move(transfer.response);
}

}  // namespace

absl::StatusOr<HttpResponse> HttpSend(const HttpRequest& request) {
  if (GlobalInit() != CURLE_OK) {
    return absl::InternalError("HttpSend: curl_global_init failed");
  }
  HttpSession::Handle handle;
  bool reusable = false;
  return SendOn(handle, request, reusable);
}

HttpSession::HttpSession() = default;
HttpSession::~HttpSession() = default;

absl::StatusOr<HttpResponse> HttpSession::Send(const HttpRequest& request) {
  if (GlobalInit() != CURLE_OK) {
    return absl::InternalError("HttpSend: curl_global_init failed");
  }
  std::unique_ptr<Handle> handle;
  {
    std::lock_guard lock(mu_);
    if (!idle_.empty()) {
      handle = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (handle == nullptr) handle = std::make_unique<Handle>();
  bool reusable = false;
  absl::StatusOr<HttpResponse> response = SendOn(*handle, request, reusable);
  if (reusable) {
    // No pointer into this call's request or stack outlives it.
    curl_easy_reset(handle->easy.get());
    std::lock_guard lock(mu_);
    if (idle_.size() < kMaxIdleHttpHandles) idle_.push_back(std::move(handle));
  }
  return response;
}

absl::StatusCode StatusCodeOfHttp(int http_status) {
  // The statuses that say more than "the server failed" (5xx) or "the
  // request failed" (other 4xx), each with the code that says the same.
  struct HttpCode {
    int http_status;
    absl::StatusCode code;
  };
  static constexpr HttpCode kCodes[] = {
      {400, absl::StatusCode::kInvalidArgument},
      {401, absl::StatusCode::kUnauthenticated},
      {403, absl::StatusCode::kPermissionDenied},
      {404, absl::StatusCode::kNotFound},
      {408, absl::StatusCode::kDeadlineExceeded},
      {409, absl::StatusCode::kAborted},
      {413, absl::StatusCode::kInvalidArgument},
      {422, absl::StatusCode::kInvalidArgument},
      {429, absl::StatusCode::kResourceExhausted},
      {501, absl::StatusCode::kUnimplemented},
  };
  const auto known =
      std::ranges::find(kCodes, http_status, &HttpCode::http_status);
  if (known != std::end(kCodes)) return known->code;
  return http_status >= 500 ? absl::StatusCode::kUnavailable
                            : absl::StatusCode::kUnknown;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return absl::EqualsIgnoreCase(base::AbslView(a), base::AbslView(b));
}

bool StartsWithIgnoreCase(std::string_view text, std::string_view prefix) {
  return absl::StartsWithIgnoreCase(base::AbslView(text),
                                    base::AbslView(prefix));
}

bool HoldsLineBreak(std::string_view text) {
  return text.find_first_of(std::string_view("\r\n\0", 3)) !=
         std::string_view::npos;
}

}  // namespace groundgate::net
