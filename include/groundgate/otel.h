// groundgate/otel.h — evidence_checked, exported to an OpenTelemetry
// collector as gen_ai.evaluation.result events (OTLP/HTTP, protobuf or
// JSON).
//
// Its one job: turn each evidence_checked event into one OTLP log record —
// an event named "gen_ai.evaluation.result" in the OpenTelemetry GenAI
// semantic conventions — and POST them in batches to {endpoint}/v1/logs from
// a background thread, so a fleet of agents reports its judgements into the
// collector it already runs. It sits after the EventBus: a subscriber, like
// any log or metric the application adds. Part of groundgate_net (link
// groundgate::net); the gate itself never touches the network.
//
// What it does NOT do: export a value by default (law 8: counts, shapes,
// the action and the posture only; values go out only when the application
// opted in twice, in the event and here), block the agent loop (a full queue
// drops the event and counts it), export the other event kinds, speak gRPC,
// correlate with a trace (the event carries no span; the
// conversation id is the join key), or judge truth: a "grounded" record says
// every value was read from a tool result, not that the answer is right.
//
//   absl::StatusOr<std::unique_ptr<groundgate::OtlpExporter>> exporter =
//       groundgate::OtlpExporter::Create(
//           {.endpoint = "http://otel-collector:4318",
//            .headers = {{"Authorization", "Bearer " + token}},
//            .service_name = "order-agent"});
//   if (!exporter.ok()) return exporter.status();  // names the bad option
//   groundgate::EventBus bus;
//   groundgate::Subscription exported = (*exporter)->Subscribe(bus);
//   // ... groundgate::Agent::Create(options, &model, &tools, &bus) ...
//   // At exit (the destructor also does this, within shutdown_timeout):
//   absl::Status flushed = (*exporter)->Shutdown(std::chrono::seconds(5));
//
// The record (attribute keys; ints are OTLP intValue, in JSON a decimal
// string):
//   eventName, event.name        "gen_ai.evaluation.result"
//   gen_ai.evaluation.name       "groundgate.evidence"
//   gen_ai.evaluation.score.label  the action: grounded | flagged |
//                                revision_asked | refused | unverified
//   gen_ai.evaluation.score.value  (looked_up - unsupported - unverified) /
//                                looked_up: the fraction of looked-up values
//                                found read. ABSENT when looked_up is 0 (no
//                                value needed a look-up: 1.0 would claim a
//                                check that did not happen). Not a
//                                correctness score; a misattributed value
//                                (law 11) was read, so it counts as found.
//   gen_ai.evaluation.explanation  one sentence of counts, never a value
//   gen_ai.conversation.id       AgentOptions::conversation_id; absent if ""
//   gen_ai.response.id           the reply's id (ModelReply::id); absent if ""
//   groundgate.posture, .turn, .iteration, .after_revision, .wrap_up,
//   .candidates, .looked_up, .unsupported, .unverified, .misattributed
//   (values read from another record than the one the answer names, law
//   11; counted even when the gate only warns of them), .conflicts (counts),
//   .carriers (count of carried_by; absent when not known whole, law 6, or
//   on revision_asked), .grounded_this_turn, .grounded_prior_turns,
//   .evidence_truncated, .answer_truncated, .unsupported_shapes and
//   .misattributed_shapes (distinct shapes, first-seen order; absent when
//   empty); on double opt-in only: .unsupported_values, .unverified_values,
//   .misattributed_values (canonical forms, as clipped in the event).
// severityNumber: grounded INFO (9); flagged, revision_asked and unverified
// WARN (13) — a typed value, or a check that could not be done whole;
// refused ERROR (17) — the user got no answer. traceId and spanId: the
// Run's trace context (RunOptions::trace_context), when it had a well-formed
// one, so a trace backend shows each judgement inside the application's
// span; absent otherwise. timeUnixNano and
// observedTimeUnixNano are the wall clock when Enqueue accepted the event
// (events carry no clock, law 9). Resource: service.name, telemetry.sdk.name
// "groundgate", telemetry.sdk.language "cpp", telemetry.sdk.version, plus
// resource_attributes. Scope: "groundgate" with GROUNDGATE_VERSION_STRING.
//
// Encoding: protobuf (Content-Type application/x-protobuf, the collector's
// and the SDKs' default) or OTLP JSON (application/json), both the same
// ExportLogsServiceRequest; gzip (Content-Encoding: gzip) on top by
// default. The body is written by groundgate itself: no libprotobuf.
//
// Delivery: at most max_batch_size records per request, and no request
// longer than kMaxOtlpRequestBytes (a longer batch is split); a batch goes out
// when it is full, flush_interval after its first record, or on Flush.
// 429, 502, 503, 504 and transport failures (Unavailable, DeadlineExceeded)
// are retried up to max_retries
// times with exponential backoff (a Retry-After in seconds is honoured, up
// to kMaxOtlpBackoff); any other status fails the batch. A 2xx response
// with partialSuccess counts its rejectedLogRecords, read as protobuf or
// JSON as its Content-Type says (as the request's encoding when it says
// neither). The libcurl transport keeps its connection to the collector
// open between requests. Nothing is ever
// logged; a header value (a token) never reaches a Status or the stats.
//
// Thread safety: OtlpExporter is safe for concurrent use by multiple
// threads: Enqueue (and so a subscribed bus publishing from many agents),
// Flush, stats and Shutdown may race freely. One background thread per
// exporter sends; the transport is called from it only, one call at a time.
#ifndef GROUNDGATE_OTEL_H_
#define GROUNDGATE_OTEL_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "groundgate/events.h"
#include "groundgate/export.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// The names the record carries (OpenTelemetry GenAI semantic conventions).
inline constexpr std::string_view kOtlpEventName = "gen_ai.evaluation.result";
inline constexpr std::string_view kOtlpEvaluationName = "groundgate.evidence";

// The default collector: an OpenTelemetry Collector's OTLP/HTTP receiver on
// this host (its standard port).
inline constexpr std::string_view kDefaultOtlpEndpoint =
    "http://127.0.0.1:4318";
// Queued events before Enqueue drops: the OpenTelemetry SDKs' batch log
// processor default, so operators meet familiar behaviour. A queued record
// is ~300 bytes without values, so the queue holds under 1 MB, and at 50
// judgements a second it rides out a 40-second collector restart.
inline constexpr std::size_t kDefaultOtlpQueueCapacity = 2048;
// Above this the queue is a memory leak waiting for an outage, not a buffer.
inline constexpr std::size_t kMaxOtlpQueueCapacity = 1u << 20;
// Records per request: the SDKs' default export batch. A flagged answer's
// record is ~1.7 KB of JSON (~0.9 KB of protobuf) without values, so a batch
// is under 1 MB, well under a collector's 4 MiB request limit.
inline constexpr std::size_t kDefaultOtlpMaxBatchSize = 512;
// The most max_batch_size may be: one batch is rendered and sent whole by
// the background thread, so a bound on it is a bound on how long Shutdown
// may wait for the request in flight.
inline constexpr std::size_t kMaxOtlpMaxBatchSize = 8192;
// A batch whose encoded body (before gzip) is longer than this (records
// with values, or a large max_batch_size) goes out in halves, down to one
// record per request, so no request passes a collector's 4 MiB limit, which
// it applies to the body it has decompressed.
inline constexpr std::size_t kMaxOtlpRequestBytes = std::size_t{3} << 20;
// How long a record may wait for its batch to fill: the SDKs' default
// schedule delay. A dashboard a second behind is live enough.
inline constexpr std::chrono::milliseconds kDefaultOtlpFlushInterval{1000};
// The longest flush_interval or request_timeout: anything longer is a typo
// for "never", and it keeps deadline arithmetic far from overflow.
inline constexpr std::chrono::milliseconds kMaxOtlpInterval =
    std::chrono::hours(24);
// One request's deadline: the OTLP exporters' default timeout.
inline constexpr std::chrono::milliseconds kDefaultOtlpRequestTimeout{10000};
// Retries of one batch after its first attempt: with the default backoff
// they span ~3.5 s, enough for a collector's rolling restart; longer and a
// dead collector keeps the queue full behind one batch.
inline constexpr int kDefaultOtlpMaxRetries = 3;
inline constexpr int kMaxOtlpRetries = 20;
// The first retry's delay; each next one doubles it (with jitter down to
// half, so a fleet does not retry in step).
inline constexpr std::chrono::milliseconds kDefaultOtlpInitialBackoff{500};
// No wait between attempts is longer, whatever Retry-After asks: a collector
// asking for minutes would stall the queue behind one batch.
inline constexpr std::chrono::milliseconds kMaxOtlpBackoff{30000};
// How long the destructor waits for queued events to go out: a process
// exit must not hang on a dead collector, and a live one takes milliseconds.
inline constexpr std::chrono::milliseconds kDefaultOtlpShutdownTimeout{5000};
// A collector's answer is a small ExportLogsServiceResponse; more is not
// read.
inline constexpr std::size_t kMaxOtlpResponseBytes = 64u << 10;

// How a request's ExportLogsServiceRequest is written.
enum class OtlpEncoding {
  // Binary protobuf, Content-Type application/x-protobuf: what an
  // OpenTelemetry Collector and the SDKs use by default, and about half
  // the bytes of JSON (a flagged record: ~0.9 KB against ~1.7 KB).
  kProtobuf,
  // OTLP JSON, Content-Type application/json: readable in a packet
  // capture, for receivers that take JSON only.
  kJson,
};

// How a request body is compressed.
enum class OtlpCompression {
  kNone,
  // gzip, with Content-Encoding: gzip: OTLP/HTTP receivers decode it (the
  // Collector's among them, and its own OTLP/HTTP exporter sends gzip by
  // default), and records repeat their keys, so a batch of 512 flagged
  // records goes from 465 KB of protobuf to ~7 KB.
  kGzip,
};

// One POST as the exporter hands it to a transport.
struct OtlpHttpRequest {
  std::string url;  // {endpoint}/v1/logs
  // Content-Type (application/x-protobuf or application/json), then
  // Content-Encoding: gzip when compressed, then
  // OtlpExporterOptions::headers.
  std::vector<std::pair<std::string, std::string>> headers;
  // The ExportLogsServiceRequest, in the options' encoding and compression:
  // bytes, not text, for protobuf or gzip.
  std::string body;
  std::chrono::system_clock::time_point deadline;  // now + request_timeout
  // Becomes true when Shutdown gives up; the transport should return soon.
  const std::atomic<bool>* cancel = nullptr;
};

struct OtlpHttpResponse {
  int status = 0;           // the HTTP status code
  std::string body;         // the response body (partialSuccess is read)
  std::string retry_after;  // the Retry-After header, "" when absent
  // The Content-Type header: a body is read as protobuf when it names
  // application/x-protobuf, as JSON when it names application/json, in the
  // request's encoding when "" (absent, or a transport that leaves it).
  std::string content_type;
};

// Sends one request. Any HTTP status is an OK result. A non-OK Status is a
// transport failure: Unavailable and DeadlineExceeded are retried, any other
// code (Cancelled, InvalidArgument, ...) fails the batch.
using OtlpTransport =
    std::function<absl::StatusOr<OtlpHttpResponse>(const OtlpHttpRequest&)>;

struct OtlpExporterOptions {
  // The collector's OTLP/HTTP base URL, http:// or https://; records go to
  // {endpoint}/v1/logs. Default: kDefaultOtlpEndpoint.
  std::string endpoint = std::string(kDefaultOtlpEndpoint);
  // Sent with every request (authentication, tenant). Never logged, never
  // copied into a Status or the stats. Names must be non-empty tokens;
  // names and values must not hold CR or LF. Default: none.
  std::vector<std::pair<std::string, std::string>> headers;
  // The resource's service.name. Default: "groundgate".
  std::string service_name = "groundgate";
  // More resource attributes, string-valued, in order (e.g.
  // {"deployment.environment.name", "prod"}). Default: none.
  std::vector<std::pair<std::string, std::string>> resource_attributes;
  // How the body is written. Default: OtlpEncoding::kProtobuf.
  OtlpEncoding encoding = OtlpEncoding::kProtobuf;
  // How the body is compressed. Default: OtlpCompression::kGzip; kNone for
  // a receiver that does not read Content-Encoding.
  OtlpCompression compression = OtlpCompression::kGzip;
  // Export the values an event carries (only when the application also set
  // AgentOptions::event_values.include_values; law 8). Default: false.
  bool include_values = false;
  // Events queued before Enqueue drops. Default: kDefaultOtlpQueueCapacity;
  // 1 to kMaxOtlpQueueCapacity.
  std::size_t queue_capacity = kDefaultOtlpQueueCapacity;
  // Records per batch (a batch past kMaxOtlpRequestBytes encoded goes out
  // in several requests). Default: kDefaultOtlpMaxBatchSize; 1 to
  // queue_capacity, at most kMaxOtlpMaxBatchSize.
  std::size_t max_batch_size = kDefaultOtlpMaxBatchSize;
  // Longest a record waits for its batch to fill. Default:
  // kDefaultOtlpFlushInterval; positive, at most kMaxOtlpInterval.
  std::chrono::milliseconds flush_interval = kDefaultOtlpFlushInterval;
  // One attempt's deadline. Default: kDefaultOtlpRequestTimeout; positive,
  // at most kMaxOtlpInterval.
  std::chrono::milliseconds request_timeout = kDefaultOtlpRequestTimeout;
  // Retries after a failed attempt (429/502/503/504 or transport error).
  // Default: kDefaultOtlpMaxRetries; 0 to kMaxOtlpRetries.
  int max_retries = kDefaultOtlpMaxRetries;
  // The first retry's delay, doubled each time up to kMaxOtlpBackoff.
  // Default: kDefaultOtlpInitialBackoff; must not be negative.
  std::chrono::milliseconds initial_backoff = kDefaultOtlpInitialBackoff;
  // How long the destructor lets Shutdown flush. Default:
  // kDefaultOtlpShutdownTimeout; must not be negative.
  std::chrono::milliseconds shutdown_timeout = kDefaultOtlpShutdownTimeout;
  // Sends one request. Default: empty, meaning HTTP POST with libcurl over
  // one kept-alive connection. Set it to route through the application's
  // own HTTP client (or in tests).
  OtlpTransport transport;
};

// Counters since Create. Every event Enqueue saw ends in exactly one of
// dropped, exported, rejected, failed or abandoned, or is still queued or
// in flight.
struct OtlpExporterStats {
  std::uint64_t enqueued = 0;   // accepted into the queue
  std::uint64_t dropped = 0;    // refused: queue full, or after Shutdown
  std::uint64_t exported = 0;   // records the collector accepted
  std::uint64_t rejected = 0;   // records a partialSuccess said it rejected
  std::uint64_t failed = 0;     // records of batches given up on
  std::uint64_t abandoned = 0;  // queued or in flight when Shutdown gave up
  std::uint64_t batches = 0;    // requests answered 2xx
  std::uint64_t failed_batches = 0;  // batches given up on
  std::uint64_t retries = 0;         // attempts after a batch's first
  // The last failed attempt: its HTTP status (0 for a transport failure or
  // none yet) and the absl status code name it maps to, as the model
  // client maps it (openai_client.h): "UNAVAILABLE" for a 5xx or a refused
  // connection, "RESOURCE_EXHAUSTED" for 429, "INVALID_ARGUMENT" for 400,
  // 413 and 422, ...; "" when no attempt failed. Never a message, a header
  // or a URL.
  int last_http_status = 0;
  std::string last_error_code;
};

class OtlpExporter {
 public:
  // Validates `options` and starts the background thread. Errors:
  // InvalidArgument naming the option and the accepted range (an endpoint
  // that is not http(s), a header with CR or LF, a zero queue...).
  [[nodiscard]] static absl::StatusOr<std::unique_ptr<OtlpExporter>> Create(
      OtlpExporterOptions options);

  // Shutdown(options.shutdown_timeout), then returns.
  ~OtlpExporter();
  // The background thread points at the exporter; hold it by unique_ptr.
  OtlpExporter(const OtlpExporter&) = delete;
  OtlpExporter& operator=(const OtlpExporter&) = delete;

  // Queues one record for `event`, stamped with the wall clock now. Never
  // blocks on the network: it takes one short lock and copies the event's
  // counts (values only with include_values). Returns false, counting the
  // event in stats().dropped, when the queue is full or Shutdown has begun.
  bool Enqueue(const EvidenceChecked& event);

  // Subscribes Enqueue to every EvidenceChecked published on `bus`. The
  // Subscription may outlive the exporter (its events are then dropped);
  // the bus must outlive the Subscription, as for any subscription.
  Subscription Subscribe(EventBus& bus);

  // Sends everything queued before the call without waiting for a batch to
  // fill, and waits until each of those records was exported, rejected or
  // given up on, or `timeout` passed (a timeout above a year counts as a
  // year). Returns OK when all were settled
  // (stats() says how), DeadlineExceeded otherwise (they keep going).
  absl::Status Flush(std::chrono::milliseconds timeout);

  // Stops accepting events, flushes for up to `timeout`, then cancels any
  // request in flight and stops the thread; what was still queued counts as
  // abandoned. Returns OK when everything was settled, DeadlineExceeded
  // when some was abandoned. Idempotent: a later call returns OK at once.
  absl::Status Shutdown(std::chrono::milliseconds timeout);

  [[nodiscard]] OtlpExporterStats stats() const;

 private:
  struct GROUNDGATE_HIDDEN State;  // its functions stay internal
  explicit OtlpExporter(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

// The ExportLogsServiceRequest (OTLP JSON) the exporter would send for
// `events`, each stamped with `time`, under the resource, scope and
// include_values of `options` (the other options are not read). For an
// application that ships records its own way, and for tests. Never throws;
// invalid UTF-8 is replaced with U+FFFD.
[[nodiscard]] std::string OtlpLogsRequestJson(
    std::span<const EvidenceChecked> events,
    std::chrono::system_clock::time_point time,
    const OtlpExporterOptions& options);

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_OTEL_H_
