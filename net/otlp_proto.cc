// net/otlp_proto.cc — the OTLP logs messages in the protobuf wire format,
// written by hand (gzip is base/gzip.h's).
//
// A message is built bottom-up: each nested message is written into a
// string of its own, then appended to its parent behind its tag and length.
// The nesting is at most seven deep (request, resource logs, scope logs,
// record, key-value, value, array), so the copies cost little next to the
// network.
#include "net/otlp_proto.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "groundgate/otel.h"
#include "groundgate/version.h"

namespace groundgate::otlp_internal {
namespace {

// Protobuf wire types.
constexpr int kVarint = 0;
constexpr int kFixed64 = 1;
constexpr int kLengthDelimited = 2;
constexpr int kFixed32 = 5;

// Field numbers, from opentelemetry-proto.
namespace field {
// collector/logs/v1 ExportLogsServiceRequest, ExportLogsServiceResponse,
// ExportLogsPartialSuccess.
constexpr int kRequestResourceLogs = 1;
constexpr int kResponsePartialSuccess = 1;
constexpr int kPartialRejectedLogRecords = 1;
// logs/v1 ResourceLogs, ScopeLogs, LogRecord.
constexpr int kResourceLogsResource = 1;
constexpr int kResourceLogsScopeLogs = 2;
constexpr int kScopeLogsScope = 1;
constexpr int kScopeLogsLogRecords = 2;
constexpr int kLogTimeUnixNano = 1;
constexpr int kLogSeverityNumber = 2;
constexpr int kLogSeverityText = 3;
constexpr int kLogAttributes = 6;
constexpr int kLogTraceId = 9;
constexpr int kLogSpanId = 10;
constexpr int kLogObservedTimeUnixNano = 11;
constexpr int kLogEventName = 12;
// resource/v1 Resource; common/v1 InstrumentationScope, KeyValue, AnyValue,
// ArrayValue.
constexpr int kResourceAttributes = 1;
constexpr int kScopeName = 1;
constexpr int kScopeVersion = 2;
constexpr int kKeyValueKey = 1;
constexpr int kKeyValueValue = 2;
constexpr int kAnyString = 1;
constexpr int kAnyBool = 2;
constexpr int kAnyInt = 3;
constexpr int kAnyDouble = 4;
constexpr int kAnyArray = 5;
constexpr int kArrayValues = 1;
}  // namespace field

void Varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

void Tag(std::string& out, int number, int wire_type) {
  Varint(out, (static_cast<std::uint64_t>(number) << 3) |
                  static_cast<std::uint64_t>(wire_type));
}

void VarintField(std::string& out, int number, std::uint64_t value) {
  Tag(out, number, kVarint);
  Varint(out, value);
}

void Fixed64Field(std::string& out, int number, std::uint64_t value) {
  Tag(out, number, kFixed64);
  for (int i = 0; i < 8; ++i) {
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  }
}

void BytesField(std::string& out, int number, std::string_view bytes) {
  Tag(out, number, kLengthDelimited);
  Varint(out, bytes.size());
  out.append(bytes);
}

void StringField(std::string& out, int number, std::string_view text) {
  BytesField(out, number, ValidUtf8(text));
}

// An AnyValue. Its members are a oneof: the one set is written even when it
// holds its zero value (an empty string, false, 0), or the kind is lost.
std::string AnyValueBytes(const AttributeValue& value) {
  std::string out;
  struct Visit {
    std::string& out;
    void operator()(const std::string& s) const {
      StringField(out, field::kAnyString, s);
    }
    void operator()(std::int64_t i) const {
      // int64: a negative value is its two's complement, ten bytes.
      VarintField(out, field::kAnyInt, static_cast<std::uint64_t>(i));
    }
    void operator()(bool b) const {
      VarintField(out, field::kAnyBool, b ? 1 : 0);
    }
    void operator()(double d) const {
      Fixed64Field(out, field::kAnyDouble, std::bit_cast<std::uint64_t>(d));
    }
    void operator()(const std::vector<std::string>& list) const {
      std::string array;
      for (const std::string& s : list) {
        std::string element;
        StringField(element, field::kAnyString, s);
        BytesField(array, field::kArrayValues, element);
      }
      BytesField(out, field::kAnyArray, array);
    }
  };
  std::visit(Visit{out}, value);
  return out;
}

void AttributesFields(std::string& out, int number,
                      const std::vector<Attribute>& attributes) {
  for (const Attribute& attribute : attributes) {
    std::string key_value;
    StringField(key_value, field::kKeyValueKey, attribute.key);
    BytesField(key_value, field::kKeyValueValue,
               AnyValueBytes(attribute.value));
    BytesField(out, number, key_value);
  }
}

// The bytes a string of hex digit pairs spells (a trace or span id, checked
// well formed by Summarize).
std::string HexBytes(std::string_view hex) {
  auto digit = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(digit(hex[i]) * 16 + digit(hex[i + 1])));
  }
  return out;
}

std::string LogRecordBytes(const EvidenceRecord& record) {
  std::string out;
  if (record.time_unix_nano != 0) {
    Fixed64Field(out, field::kLogTimeUnixNano, record.time_unix_nano);
  }
  VarintField(out, field::kLogSeverityNumber,
              static_cast<std::uint64_t>(SeverityNumberOf(record.action)));
  StringField(out, field::kLogSeverityText, SeverityTextOf(record.action));
  AttributesFields(out, field::kLogAttributes, LogAttributesOf(record));
  if (!record.trace_id.empty()) {
    BytesField(out, field::kLogTraceId, HexBytes(record.trace_id));
    BytesField(out, field::kLogSpanId, HexBytes(record.span_id));
  }
  if (record.time_unix_nano != 0) {
    Fixed64Field(out, field::kLogObservedTimeUnixNano, record.time_unix_nano);
  }
  StringField(out, field::kLogEventName, kOtlpEventName);
  return out;
}

// Reads one varint at `at`; false when the input ends or it runs past ten
// bytes.
bool ReadVarint(std::string_view in, std::size_t& at, std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 70 && at < in.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(in[at++]);
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

// Reads the field at `at`: its number, wire type and, for a varint, its
// value, for a length-delimited field, its bytes; skips the others. False
// when malformed.
struct Field {
  int number = 0;
  int wire_type = 0;
  std::uint64_t varint = 0;
  std::string_view bytes;
};
bool ReadField(std::string_view in, std::size_t& at, Field& out) {
  std::uint64_t key = 0;
  if (!ReadVarint(in, at, key)) return false;
  out.number = static_cast<int>(std::min<std::uint64_t>(key >> 3, INT_MAX));
  out.wire_type = static_cast<int>(key & 7);
  switch (out.wire_type) {
    case kVarint:
      return ReadVarint(in, at, out.varint);
    case kFixed64:
      if (in.size() - at < 8) return false;
      at += 8;
      return true;
    case kFixed32:
      if (in.size() - at < 4) return false;
      at += 4;
      return true;
    case kLengthDelimited: {
      std::uint64_t length = 0;
      if (!ReadVarint(in, at, length) || length > in.size() - at) {
        return false;
      }
      out.bytes = in.substr(at, static_cast<std::size_t>(length));
      at += static_cast<std::size_t>(length);
      return true;
    }
    default:
      return false;  // groups (3, 4) are not in OTLP; 6 and 7 do not exist
  }
}

}  // namespace

std::string RenderLogsRequestProtobuf(std::span<const EvidenceRecord> records,
                                      const ResourceInfo& resource) {
  std::string scope;
  StringField(scope, field::kScopeName, "groundgate");
  StringField(scope, field::kScopeVersion, GROUNDGATE_VERSION_STRING);
  std::string scope_logs;
  BytesField(scope_logs, field::kScopeLogsScope, scope);
  for (const EvidenceRecord& record : records) {
    BytesField(scope_logs, field::kScopeLogsLogRecords, LogRecordBytes(record));
  }
  std::string resource_message;
  AttributesFields(resource_message, field::kResourceAttributes,
                   ResourceAttributesOf(resource));
  std::string resource_logs;
  BytesField(resource_logs, field::kResourceLogsResource, resource_message);
  BytesField(resource_logs, field::kResourceLogsScopeLogs, scope_logs);
  std::string request;
  BytesField(request, field::kRequestResourceLogs, resource_logs);
  return request;
}

std::uint64_t RejectedLogRecordsProtobuf(std::string_view response_body) {
  std::uint64_t rejected = 0;
  std::size_t at = 0;
  Field outer;
  while (at < response_body.size()) {
    if (!ReadField(response_body, at, outer)) return 0;
    if (outer.number != field::kResponsePartialSuccess ||
        outer.wire_type != kLengthDelimited) {
      continue;
    }
    // The last occurrence wins, as for any protobuf field; an embedded
    // message seen twice merges, which for a scalar is the same.
    std::size_t inner_at = 0;
    Field inner;
    while (inner_at < outer.bytes.size()) {
      if (!ReadField(outer.bytes, inner_at, inner)) return 0;
      if (inner.number == field::kPartialRejectedLogRecords &&
          inner.wire_type == kVarint) {
        // int64 on the wire; a negative count means nothing was rejected.
        rejected =
            static_cast<std::int64_t>(inner.varint) < 0 ? 0 : inner.varint;
      }
    }
  }
  return rejected;
}

std::string ValidUtf8(std::string_view text) {
  constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      out.push_back(static_cast<char>(lead));
      ++i;
      continue;
    }
    // The well-formed sequences of the Unicode Standard, table 3-7: how
    // many continuation bytes follow, and the range of the first one.
    int continuation = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuation = 1;
    } else if (lead == 0xE0) {
      continuation = 2;
      low = 0xA0;
    } else if (lead == 0xED) {
      continuation = 2;
      high = 0x9F;
    } else if (lead >= 0xE1 && lead <= 0xEF) {
      continuation = 2;
    } else if (lead == 0xF0) {
      continuation = 3;
      low = 0x90;
    } else if (lead == 0xF4) {
      continuation = 3;
      high = 0x8F;
    } else if (lead >= 0xF1 && lead <= 0xF3) {
      continuation = 3;
    } else {
      out.append(kReplacement);
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    int read = 0;
    while (read < continuation && end < text.size()) {
      const auto byte = static_cast<unsigned char>(text[end]);
      if (byte < low || byte > high) break;
      low = 0x80;
      high = 0xBF;
      ++read;
      ++end;
    }
    if (read == continuation) {
      out.append(text.substr(i, end - i));
    } else {
      out.append(kReplacement);  // one for the maximal subpart
    }
    i = end;
  }
  return out;
}

}  // namespace groundgate::otlp_internal
