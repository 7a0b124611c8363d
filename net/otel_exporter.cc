// net/otel_exporter.cc — the OtlpExporter: a bounded queue of
// evidence_checked records and one thread that POSTs them in batches.
//
// Enqueue copies the event's counts into an EvidenceRecord (otlp_json.h)
// before it takes the lock, then holds the lock only to push: the agent
// thread never waits on the network. The worker takes up to max_batch_size
// records under the lock, renders and sends them with the lock released,
// and retries what OTLP calls retryable. Every record is counted exactly
// once when it settles (exported, rejected, failed, abandoned); Flush waits
// on that count.
//
// The locks are std::mutex and std::condition_variable rather than
// absl::Mutex for the reason runtime/event_bus.cc gives: ThreadSanitizer
// sees them.
//
// The body is rendered in the options' encoding (otlp_json.h or
// otlp_proto.h), split while too long, then gzipped when asked.
//
// What it does NOT do: reorder records, persist them, or retry a batch the
// collector refused for a reason that will not change (400, 401, 413...).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <random>
#include <system_error>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "groundgate/otel.h"
#include "net/http.h"
#include "net/otlp_json.h"
#include "net/otlp_proto.h"

namespace groundgate {
namespace {

using otlp_internal::EvidenceRecord;
using SteadyClock = std::chrono::steady_clock;

constexpr std::string_view kProtobufContentType = "application/x-protobuf";
constexpr std::string_view kJsonContentType = "application/json";

// The POST over libcurl, on `session`'s kept-alive connection: the
// transport when the application brings none.
absl::StatusOr<OtlpHttpResponse> HttpTransport(net::HttpSession& session,
                                               const OtlpHttpRequest& request) {
  net::HttpRequest http;
  http.url = request.url;
  http.method = "POST";
  http.headers = request.headers;
  http.body = request.body;
  http.deadline = absl::FromChrono(request.deadline);
  http.cancel = request.cancel;
  http.max_response_bytes = kMaxOtlpResponseBytes;
  absl::StatusOr<net::HttpResponse> response = session.Send(http);
  if (!response.ok()) return response.status();
  OtlpHttpResponse out;
  out.status = response->status;
  out.body = std::move(response->body);
  if (std::optional<std::string_view> retry_after =
          net::HeaderValue(*response, "Retry-After")) {
    out.retry_after = std::string(*retry_after);
  }
  if (std::optional<std::string_view> type =
          net::HeaderValue(*response, "Content-Type")) {
    out.content_type = std::string(*type);
  }
  return out;
}

// RFC 9110 token characters: what a header name may hold.
bool IsTokenChar(char c) {
  if (std::isalnum(static_cast<unsigned char>(c))) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// The checks of Create, each naming the option and what it accepts.
absl::Status Validate(const OtlpExporterOptions& options) {
  const std::string_view endpoint = options.endpoint;
  const std::size_t scheme = net::StartsWithIgnoreCase(endpoint, "http://") ? 7
                             : net::StartsWithIgnoreCase(endpoint, "https://")
                                 ? 8
                                 : 0;
  // The endpoint is never quoted back: it may hold user info.
  if (scheme == 0 || endpoint.size() == scheme ||
      net::HoldsLineBreak(endpoint)) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.endpoint must be an http:// or https:// URL: the "
        "collector's OTLP/HTTP base, such as http://127.0.0.1:4318");
  }
  for (std::size_t i = 0; i < options.headers.size(); ++i) {
    const auto& [name, value] = options.headers[i];
    if (name.empty() || !std::all_of(name.begin(), name.end(), IsTokenChar)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "OtlpExporterOptions.headers[", i,
          "]: the name must be a non-empty HTTP token (letters, digits, "
          "!#$%&'*+-.^_`|~)"));
    }
    if (net::HoldsLineBreak(value)) {
      return absl::InvalidArgumentError(
          absl::StrCat("OtlpExporterOptions.headers[", i, "] (", name,
                       "): the value must not hold CR, LF or NUL"));
    }
  }
  if (options.encoding != OtlpEncoding::kProtobuf &&
      options.encoding != OtlpEncoding::kJson) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.encoding must be OtlpEncoding::kProtobuf or "
        "OtlpEncoding::kJson");
  }
  if (options.compression != OtlpCompression::kNone &&
      options.compression != OtlpCompression::kGzip) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.compression must be OtlpCompression::kNone or "
        "OtlpCompression::kGzip");
  }
  if (options.service_name.empty()) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.service_name must not be empty (default: "
        "\"groundgate\")");
  }
  for (std::size_t i = 0; i < options.resource_attributes.size(); ++i) {
    if (options.resource_attributes[i].first.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("OtlpExporterOptions.resource_attributes[", i,
                       "]: the key must not be empty"));
    }
  }
  if (options.queue_capacity < 1 ||
      options.queue_capacity > kMaxOtlpQueueCapacity) {
    return absl::InvalidArgumentError(
        absl::StrCat("OtlpExporterOptions.queue_capacity must be 1 to ",
                     kMaxOtlpQueueCapacity, "; got ", options.queue_capacity));
  }
  if (options.max_batch_size < 1 ||
      options.max_batch_size > options.queue_capacity ||
      options.max_batch_size > kMaxOtlpMaxBatchSize) {
    return absl::InvalidArgumentError(absl::StrCat(
        "OtlpExporterOptions.max_batch_size must be 1 to queue_capacity (",
        options.queue_capacity, ") and at most ", kMaxOtlpMaxBatchSize,
        "; got ", options.max_batch_size));
  }
  if (options.flush_interval.count() <= 0 ||
      options.flush_interval > kMaxOtlpInterval) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.flush_interval must be positive and at most 24 "
        "hours");
  }
  if (options.request_timeout.count() <= 0 ||
      options.request_timeout > kMaxOtlpInterval) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.request_timeout must be positive and at most 24 "
        "hours");
  }
  if (options.max_retries < 0 || options.max_retries > kMaxOtlpRetries) {
    return absl::InvalidArgumentError(
        absl::StrCat("OtlpExporterOptions.max_retries must be 0 to ",
                     kMaxOtlpRetries, "; got ", options.max_retries));
  }
  if (options.initial_backoff.count() < 0) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.initial_backoff must not be negative");
  }
  if (options.shutdown_timeout.count() < 0) {
    return absl::InvalidArgumentError(
        "OtlpExporterOptions.shutdown_timeout must not be negative");
  }
  return absl::OkStatus();
}

// OTLP/HTTP: these mean "try again later"; any other failure will not
// change by itself.
bool IsRetryableHttpStatus(int status) {
  return status == 429 || status == 502 || status == 503 || status == 504;
}

bool IsRetryableTransportError(const absl::Status& status) {
  return absl::IsUnavailable(status) || absl::IsDeadlineExceeded(status);
}

// Retry-After as delta-seconds ("120"); an HTTP-date or garbage is ignored
// (the exponential backoff applies).
std::optional<std::chrono::milliseconds> ParseRetryAfter(
    std::string_view text) {
  std::uint64_t seconds = 0;
  auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (text.empty() || error != std::errc() ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  const auto cap =
      std::chrono::duration_cast<std::chrono::seconds>(kMaxOtlpBackoff);
  return std::chrono::milliseconds(
      std::chrono::seconds(std::min<std::uint64_t>(seconds, cap.count())));
}

// now + timeout on the steady clock, with the timeout cut to a year so the
// sum cannot overflow.
SteadyClock::time_point DeadlineAfter(std::chrono::milliseconds timeout) {
  constexpr std::chrono::milliseconds kYear = std::chrono::hours(24 * 365);
  return SteadyClock::now() + std::min(timeout, kYear);
}

std::uint64_t UnixNanosNow() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::system_clock::now().time_since_epoch())
          .count());
}

OtlpExporterOptions WithTransport(OtlpExporterOptions options) {
  if (!options.transport) {
    // The session lives as long as the transport, which the exporter's
    // State holds: one connection per exporter, reused request to request.
    options.transport = [session = std::make_shared<net::HttpSession>()](
                            const OtlpHttpRequest& request) {
      return HttpTransport(*session, request);
    };
  }
  return options;
}

// The records a collector says it rejected, read in the encoding the
// response's Content-Type names, else in the request's.
std::uint64_t RejectedLogRecords(const OtlpHttpResponse& response,
                                 OtlpEncoding request_encoding) {
  // "application/json; charset=utf-8" names JSON too.
  const std::string_view type = response.content_type;
  bool protobuf = request_encoding == OtlpEncoding::kProtobuf;
  if (net::StartsWithIgnoreCase(type, kProtobufContentType)) {
    protobuf = true;
  } else if (net::StartsWithIgnoreCase(type, kJsonContentType)) {
    protobuf = false;
  }
  return protobuf ? otlp_internal::RejectedLogRecordsProtobuf(response.body)
                  : otlp_internal::RejectedLogRecords(response.body);
}

otlp_internal::ResourceInfo ResourceOf(const OtlpExporterOptions& options) {
  return {.service_name = options.service_name,
          .attributes = options.resource_attributes};
}

}  // namespace

struct OtlpExporter::State {
  // How one batch ended.
  enum class Outcome { kSent, kFailed, kAbandoned };

  explicit State(OtlpExporterOptions o)
      : options(WithTransport(std::move(o))),
        resource(ResourceOf(options)),
        jitter(std::random_device()()) {
    std::string_view base = options.endpoint;
    while (!base.empty() && base.back() == '/') base.remove_suffix(1);
    url = std::string(base) + "/v1/logs";
    headers.emplace_back("Content-Type",
                         std::string(options.encoding == OtlpEncoding::kJson
                                         ? kJsonContentType
                                         : kProtobufContentType));
    if (options.compression == OtlpCompression::kGzip) {
      headers.emplace_back("Content-Encoding", "gzip");
    }
    for (const auto& header : options.headers) headers.push_back(header);
  }

  // Queues one record (OtlpExporter::Enqueue).
  bool Enqueue(const EvidenceChecked& event);
  // The worker thread's loop: wait for a due batch, send it, settle it.
  void Run();
  // Sends one batch, retrying what may succeed later. Called without mu.
  // Sends `batch` in requests of at most kMaxOtlpRequestBytes (halving a
  // batch whose encoded body is larger, down to one record), gzipped when
  // the options say, and settles each request's records in the stats; the
  // outcome of the last request sent.
  Outcome SendSplit(std::span<const EvidenceRecord> batch);
  // Sends one request's records, retrying as the options say.
  Outcome Send(std::span<const EvidenceRecord> batch, std::string body);
  // Records a failed attempt in the stats.
  void NoteFailure(int http_status, absl::StatusCode code);
  // Waits `delay` unless cancel is set first; false when cancelled.
  bool Backoff(std::chrono::milliseconds delay);

  const OtlpExporterOptions options;  // transport filled in
  const otlp_internal::ResourceInfo resource;
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::minstd_rand jitter;  // worker thread only

  std::mutex mu;
  std::condition_variable work_cv;     // the worker waits here, alone
  std::condition_variable settled_cv;  // Flush and Shutdown wait here
  std::deque<EvidenceRecord> queue;    // guarded by mu
  SteadyClock::time_point oldest;      // when queue.front() was queued; mu
  std::uint64_t flush_target = 0;      // records [0, flush_target) are due; mu
  std::uint64_t settled = 0;           // records settled, in queue order; mu
  bool closed = false;                 // Enqueue drops; mu
  bool stop = false;                   // the worker exits; mu
  OtlpExporterStats stats;             // guarded by mu
  std::atomic<bool> cancel{false};

  std::mutex shutdown_mu;  // one Shutdown at a time
  bool shut_down = false;  // guarded by shutdown_mu
  std::thread worker;
};

void OtlpExporter::State::Run() {
  std::unique_lock lock(mu);
  while (!stop) {
    if (queue.empty()) {
      work_cv.wait(lock);
      continue;
    }
    // Records are numbered in queue order; the first queued one is
    // stats.enqueued - queue.size().
    const std::uint64_t first = stats.enqueued - queue.size();
    const bool due = queue.size() >= options.max_batch_size ||
                     flush_target > first || closed ||
                     SteadyClock::now() >= oldest + options.flush_interval;
    if (!due) {
      work_cv.wait_until(lock, oldest + options.flush_interval);
      continue;
    }
    const std::size_t take = std::min(queue.size(), options.max_batch_size);
    std::vector<EvidenceRecord> batch;
    batch.reserve(take);
    for (std::size_t i = 0; i < take; ++i) {
      batch.push_back(std::move(queue.front()));
      queue.pop_front();
    }
    // `oldest` keeps the arrival of the batch that left: what stays queued
    // goes out an interval after that at the latest, sooner than its own
    // interval, never later.
    lock.unlock();
    SendSplit(batch);
    lock.lock();
    settled += batch.size();
    settled_cv.notify_all();
  }
  stats.abandoned += queue.size();
  settled += queue.size();
  queue.clear();
  settled_cv.notify_all();
}

OtlpExporter::State::Outcome OtlpExporter::State::SendSplit(
    std::span<const EvidenceRecord> batch) {
  std::string body =
      options.encoding == OtlpEncoding::kJson
          ? otlp_internal::RenderLogsRequest(batch, resource)
          : otlp_internal::RenderLogsRequestProtobuf(batch, resource);
  if (body.size() > kMaxOtlpRequestBytes && batch.size() > 1) {
    const std::size_t half = batch.size() / 2;
    const Outcome first = SendSplit(batch.first(half));
    if (first == Outcome::kAbandoned) {
      std::lock_guard lock(mu);
      stats.abandoned += batch.size() - half;
      return first;
    }
    return SendSplit(batch.subspan(half));
  }
  Outcome outcome = Outcome::kFailed;
  if (options.compression == OtlpCompression::kGzip) {
    if (std::optional<std::string> gzipped = otlp_internal::Gzip(body)) {
      outcome = Send(batch, *std::move(gzipped));
    } else {
      NoteFailure(0, absl::StatusCode::kResourceExhausted);  // zlib's memory
    }
  } else {
    outcome = Send(batch, std::move(body));
  }
  std::lock_guard lock(mu);
  switch (outcome) {
    case Outcome::kSent:
      break;  // Send counted exported and rejected
    case Outcome::kFailed:
      stats.failed += batch.size();
      ++stats.failed_batches;
      break;
    case Outcome::kAbandoned:
      stats.abandoned += batch.size();
      break;
  }
  return outcome;
}

OtlpExporter::State::Outcome OtlpExporter::State::Send(
    std::span<const EvidenceRecord> batch, std::string body) {
  OtlpHttpRequest request;
  request.url = url;
  request.headers = headers;
  request.body = std::move(body);
  request.cancel = &cancel;
  for (int attempt = 0;; ++attempt) {
    if (cancel.load()) return Outcome::kAbandoned;
    request.deadline =
        std::chrono::system_clock::now() + options.request_timeout;
    absl::StatusOr<OtlpHttpResponse> response;
    try {
      response = options.transport(request);
    } catch (...) {
      // An application's transport that throws fails the batch; the
      // exception must not end the thread (std::terminate).
      response = absl::UnknownError("the OTLP transport threw");
    }
    std::optional<std::chrono::milliseconds> asked;
    if (response.ok() && response->status >= 200 && response->status < 300) {
      const std::uint64_t rejected = std::min<std::uint64_t>(
          RejectedLogRecords(*response, options.encoding), batch.size());
      std::lock_guard lock(mu);
      stats.exported += batch.size() - rejected;
      stats.rejected += rejected;
      ++stats.batches;
      return Outcome::kSent;
    }
    if (!response.ok()) {
      if (absl::IsCancelled(response.status()) && cancel.load()) {
        return Outcome::kAbandoned;
      }
      NoteFailure(0, response.status().code());
      if (!IsRetryableTransportError(response.status())) {
        return Outcome::kFailed;
      }
    } else {
      NoteFailure(response->status, net::StatusCodeOfHttp(response->status));
      if (!IsRetryableHttpStatus(response->status)) return Outcome::kFailed;
      asked = ParseRetryAfter(response->retry_after);
    }
    if (attempt >= options.max_retries) return Outcome::kFailed;
    std::chrono::milliseconds delay;
    if (asked.has_value()) {
      delay = *asked;
    } else {
      // initial_backoff * 2^attempt, capped, then jittered down to half.
      std::chrono::milliseconds full = options.initial_backoff;
      for (int i = 0; i < attempt && full < kMaxOtlpBackoff; ++i) full *= 2;
      full = std::min(full, kMaxOtlpBackoff);
      std::uniform_int_distribution<std::int64_t> spread(full.count() / 2,
                                                         full.count());
      delay = std::chrono::milliseconds(spread(jitter));
    }
    if (!Backoff(delay)) return Outcome::kAbandoned;
    std::lock_guard lock(mu);
    ++stats.retries;
  }
}

void OtlpExporter::State::NoteFailure(int http_status, absl::StatusCode code) {
  std::lock_guard lock(mu);
  stats.last_http_status = http_status;
  stats.last_error_code = absl::StatusCodeToString(code);
}

bool OtlpExporter::State::Backoff(std::chrono::milliseconds delay) {
  std::unique_lock lock(mu);
  return !work_cv.wait_until(lock, SteadyClock::now() + delay,
                             [this] { return cancel.load(); });
}

// ------------------------------------------------------------ OtlpExporter

absl::StatusOr<std::unique_ptr<OtlpExporter>> OtlpExporter::Create(
    OtlpExporterOptions options) {
  if (absl::Status valid = Validate(options); !valid.ok()) return valid;
  auto state = std::make_shared<State>(std::move(options));
  try {
    state->worker = std::thread([raw = state.get()] { raw->Run(); });
  } catch (const std::system_error&) {
    return absl::ResourceExhaustedError(
        "OtlpExporter: could not start its sending thread");
  }
  return std::unique_ptr<OtlpExporter>(new OtlpExporter(std::move(state)));
}

OtlpExporter::OtlpExporter(std::shared_ptr<State> state)
    : state_(std::move(state)) {}

OtlpExporter::~OtlpExporter() {
  Shutdown(state_->options.shutdown_timeout).IgnoreError();
}

bool OtlpExporter::State::Enqueue(const EvidenceChecked& event) {
  EvidenceRecord record =
      otlp_internal::Summarize(event, UnixNanosNow(), options.include_values);
  bool wake = false;
  {
    std::lock_guard lock(mu);
    if (closed || queue.size() >= options.queue_capacity) {
      ++stats.dropped;
      return false;
    }
    if (queue.empty()) {
      oldest = SteadyClock::now();
      wake = true;  // the worker sleeps without a deadline on an empty queue
    }
    queue.push_back(std::move(record));
    ++stats.enqueued;
    wake = wake || queue.size() == options.max_batch_size;
  }
  if (wake) work_cv.notify_one();
  return true;
}

bool OtlpExporter::Enqueue(const EvidenceChecked& event) {
  return state_->Enqueue(event);
}

Subscription OtlpExporter::Subscribe(EventBus& bus) {
  // The handler holds the state, not the exporter: a Subscription that
  // outlives the exporter finds it closed and counts a drop.
  return bus.Subscribe<EvidenceChecked>(
      std::function<void(const EvidenceChecked&)>(
          [state = state_](const EvidenceChecked& event) {
            state->Enqueue(event);
          }));
}

absl::Status OtlpExporter::Flush(std::chrono::milliseconds timeout) {
  State& state = *state_;
  const auto deadline = DeadlineAfter(timeout);
  std::unique_lock lock(state.mu);
  const std::uint64_t target = state.stats.enqueued;
  if (state.settled >= target) return absl::OkStatus();
  state.flush_target = std::max(state.flush_target, target);
  state.work_cv.notify_one();
  if (state.settled_cv.wait_until(lock, deadline,
                                  [&] { return state.settled >= target; })) {
    return absl::OkStatus();
  }
  return absl::DeadlineExceededError(
      absl::StrCat("OtlpExporter::Flush: ", target - state.settled,
                   " records were not settled within the timeout"));
}

absl::Status OtlpExporter::Shutdown(std::chrono::milliseconds timeout) {
  State& state = *state_;
  std::lock_guard shutdown_lock(state.shutdown_mu);
  if (state.shut_down) return absl::OkStatus();
  state.shut_down = true;
  const auto deadline = DeadlineAfter(timeout);
  std::uint64_t unsettled = 0;
  {
    std::unique_lock lock(state.mu);
    state.closed = true;
    const std::uint64_t target = state.stats.enqueued;
    state.flush_target = target;
    state.work_cv.notify_one();
    state.settled_cv.wait_until(lock, deadline,
                                [&] { return state.settled >= target; });
    unsettled = target - std::min(state.settled, target);
    state.stop = true;
    state.cancel.store(true);
  }
  state.work_cv.notify_one();
  if (state.worker.joinable()) state.worker.join();
  if (unsettled == 0) return absl::OkStatus();
  return absl::DeadlineExceededError(absl::StrCat(
      "OtlpExporter::Shutdown: ", unsettled,
      " records were still queued or in flight when the timeout passed"));
}

OtlpExporterStats OtlpExporter::stats() const {
  std::lock_guard lock(state_->mu);
  return state_->stats;
}

std::string OtlpLogsRequestJson(std::span<const EvidenceChecked> events,
                                std::chrono::system_clock::time_point time,
                                const OtlpExporterOptions& options) {
  const auto nanos = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          time.time_since_epoch())
          .count());
  std::vector<EvidenceRecord> records;
  records.reserve(events.size());
  for (const EvidenceChecked& event : events) {
    records.push_back(
        otlp_internal::Summarize(event, nanos, options.include_values));
  }
  return otlp_internal::RenderLogsRequest(records, ResourceOf(options));
}

}  // namespace groundgate
