// net/otlp_proto.h — a batch of evidence records as an OTLP protobuf
// ExportLogsServiceRequest, and a protobuf response's partialSuccess
// (internal to groundgate_net).
//
// Its one job: the OTLP/HTTP binary encoding (Content-Type
// application/x-protobuf), written by hand for the few messages a logs
// export needs — ExportLogsServiceRequest, ResourceLogs, Resource,
// ScopeLogs, InstrumentationScope, LogRecord, KeyValue, AnyValue,
// ArrayValue — with the field numbers of opentelemetry-proto's
// collector/logs/v1, logs/v1, common/v1 and resource/v1. The records and
// attributes are those of otlp_json.h (LogAttributesOf,
// ResourceAttributesOf), so both encodings say the same. Fields go out in
// field-number order and a scalar holding its zero value is left out, as a
// protobuf library writes them, so a decode and re-encode gives the same
// bytes. Strings that are not UTF-8 get U+FFFD, as the JSON encoding does: a
// collector's protobuf decoder refuses an invalid string field.
//
// What it does NOT do: depend on libprotobuf, write any other message, read
// a response beyond partialSuccess, or send (otel_exporter.cc).
#ifndef GROUNDGATE_NET_OTLP_PROTO_H_
#define GROUNDGATE_NET_OTLP_PROTO_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/gzip.h"
#include "net/otlp_json.h"

namespace groundgate::otlp_internal {

// The ExportLogsServiceRequest for `records`, in order, as protobuf bytes.
// Never throws.
std::string RenderLogsRequestProtobuf(std::span<const EvidenceRecord> records,
                                      const ResourceInfo& resource);

// rejected_log_records of an ExportLogsServiceResponse's partial_success;
// 0 when the body is empty, malformed, or has none. Never throws.
std::uint64_t RejectedLogRecordsProtobuf(std::string_view response_body);

// `text` with each ill-formed UTF-8 sequence (its maximal subpart) replaced
// by U+FFFD; well-formed text comes back unchanged.
std::string ValidUtf8(std::string_view text);

// One gzip member of `bytes` (base/gzip.h): the exporter and the tests
// name it here.
using base::Gzip;

}  // namespace groundgate::otlp_internal

#endif  // GROUNDGATE_NET_OTLP_PROTO_H_
