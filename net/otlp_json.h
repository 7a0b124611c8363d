// net/otlp_json.h — an evidence_checked event as an OTLP JSON log record
// (internal to groundgate_net).
//
// Its one job: the mapping that include/groundgate/otel.h documents, in
// three steps. EvidenceRecord keeps what one record needs — counts, names,
// the clock reading, values only on opt-in — so the queue holds a few
// hundred bytes per event, not the event's lists. LogAttributesOf and
// ResourceAttributesOf turn records into the attribute lists both encodings
// write. RenderLogsRequest writes a batch of them as one
// ExportLogsServiceRequest in the OTLP JSON encoding:
// lowerCamelCase field names, 64-bit integers (timeUnixNano, intValue) as
// decimal strings, enums as numbers, no zero-valued scalar fields.
//
// What it does NOT do: send, queue or decide what to retry
// (otel_exporter.cc), read a response beyond partialSuccess, or write
// protobuf (otlp_proto.h, from the same attribute lists).
#ifndef GROUNDGATE_NET_OTLP_JSON_H_
#define GROUNDGATE_NET_OTLP_JSON_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "groundgate/events.h"

namespace groundgate::otlp_internal {

// OTLP SeverityNumber values (logs.proto).
inline constexpr int kSeverityInfo = 9;
inline constexpr int kSeverityWarn = 13;
inline constexpr int kSeverityError = 17;

// What one log record says about one evidence_checked event.
struct EvidenceRecord {
  std::uint64_t time_unix_nano = 0;
  std::string conversation_id;
  int turn = 0;
  int iteration = 0;
  EvidenceAction action = EvidenceAction::kGrounded;
  Posture posture = Posture::kAssist;
  bool after_revision = false;
  bool wrap_up = false;
  int candidates = 0;
  int looked_up = 0;
  int unsupported = 0;
  int unverified = 0;
  int misattributed = 0;  // read from another record than the one named
  int conflicts = 0;
  std::optional<int> carriers;  // nullopt: not known whole, or not reported
  int grounded_this_turn = 0;
  int grounded_prior_turns = 0;
  bool evidence_truncated = false;
  bool answer_truncated = false;
  std::vector<std::string> unsupported_shapes;    // distinct, first-seen order
  std::vector<std::string> misattributed_shapes;  // the same, misattributed
  // Only with include_values, and only the values the event carried.
  std::vector<std::string> unsupported_values;
  std::vector<std::string> unverified_values;
  std::vector<std::string> misattributed_values;
  // The Run's trace context (TraceContext; both empty unless well formed)
  // and the reply's id: the record's traceId, spanId and
  // gen_ai.response.id.
  std::string trace_id;
  std::string span_id;
  std::string response_id;
};

// The resource and scope every request names.
struct ResourceInfo {
  std::string service_name;
  std::vector<std::pair<std::string, std::string>> attributes;
};

// Copies what the record needs from `event`; values only when
// `include_values` (and the event carries them).
EvidenceRecord Summarize(const EvidenceChecked& event,
                         std::uint64_t time_unix_nano, bool include_values);

// One attribute's value, as OTLP's AnyValue holds it: stringValue,
// intValue, boolValue, doubleValue, or an arrayValue of strings.
using AttributeValue = std::variant<std::string, std::int64_t, bool, double,
                                    std::vector<std::string>>;

// One KeyValue of an attributes list.
struct Attribute {
  std::string key;
  AttributeValue value;
};

// The attributes of the record for `record`, in their fixed order (otel.h
// lists them): what both encodings write, so they cannot disagree.
std::vector<Attribute> LogAttributesOf(const EvidenceRecord& record);

// The resource's attributes: service.name, the telemetry.sdk.* trio, then
// the application's, in order.
std::vector<Attribute> ResourceAttributesOf(const ResourceInfo& resource);

// The severity of an action (see otel.h), and its OTLP severityText.
int SeverityNumberOf(EvidenceAction action);
std::string_view SeverityTextOf(EvidenceAction action);

// The fraction of looked-up values found read; nullopt when none was looked
// up.
std::optional<double> ScoreOf(const EvidenceRecord& record);

// One sentence of counts for gen_ai.evaluation.explanation. Never a value.
std::string ExplanationOf(const EvidenceRecord& record);

// The ExportLogsServiceRequest for `records`, in order, as compact JSON.
// Invalid UTF-8 is replaced with U+FFFD. Never throws.
std::string RenderLogsRequest(std::span<const EvidenceRecord> records,
                              const ResourceInfo& resource);

// rejectedLogRecords of a response's partialSuccess; 0 when the body is
// empty, not JSON, or has none. Never throws.
std::uint64_t RejectedLogRecords(std::string_view response_body);

}  // namespace groundgate::otlp_internal

#endif  // GROUNDGATE_NET_OTLP_JSON_H_
