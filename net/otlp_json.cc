// net/otlp_json.cc — an evidence_checked event as an OTLP JSON log record.
//
// The encoding is the OTLP/HTTP JSON one (the proto3 JSON mapping with the
// OTLP exceptions): field names lowerCamelCase, fixed64 and int64 as decimal
// strings, enums as integers, and no scalar field that holds its zero value
// (a receiver reads an absent field as zero; sending one is noise). The
// order of attributes is fixed, so the same records give the same bytes.
#include "net/otlp_json.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "groundgate/otel.h"
#include "groundgate/version.h"
#include "nlohmann/json.hpp"

namespace groundgate::otlp_internal {
namespace {

using Json = nlohmann::ordered_json;

// Builds an attributes list in order.
class AttributeList {
 public:
  void String(std::string_view key, std::string_view value) {
    Add(key, AttributeValue(std::in_place_type<std::string>, value));
  }
  void Int(std::string_view key, std::int64_t value) {
    Add(key, AttributeValue(std::in_place_type<std::int64_t>, value));
  }
  void Bool(std::string_view key, bool value) {
    Add(key, AttributeValue(std::in_place_type<bool>, value));
  }
  void Double(std::string_view key, double value) {
    Add(key, AttributeValue(std::in_place_type<double>, value));
  }
  void Strings(std::string_view key, const std::vector<std::string>& values) {
    Add(key,
        AttributeValue(std::in_place_type<std::vector<std::string>>, values));
  }
  std::vector<Attribute> Take() { return std::move(list_); }

 private:
  void Add(std::string_view key, AttributeValue value) {
    list_.push_back({std::string(key), std::move(value)});
  }
  std::vector<Attribute> list_;
};

// An AnyValue in the JSON encoding: intValue is an int64, so a decimal
// string.
Json AnyValueJson(const AttributeValue& value) {
  struct Visit {
    Json operator()(const std::string& s) const {
      return Json{{"stringValue", s}};
    }
    Json operator()(std::int64_t i) const {
      return Json{{"intValue", std::to_string(i)}};
    }
    Json operator()(bool b) const { return Json{{"boolValue", b}}; }
    Json operator()(double d) const { return Json{{"doubleValue", d}}; }
    Json operator()(const std::vector<std::string>& list) const {
      Json values = Json::array();
      for (const std::string& s : list) {
        values.push_back(Json{{"stringValue", s}});
      }
      return Json{{"arrayValue", Json{{"values", std::move(values)}}}};
    }
  };
  return std::visit(Visit{}, value);
}

Json AttributesJson(const std::vector<Attribute>& attributes) {
  Json list = Json::array();
  for (const Attribute& attribute : attributes) {
    Json entry;
    entry["key"] = attribute.key;
    entry["value"] = AnyValueJson(attribute.value);
    list.push_back(std::move(entry));
  }
  return list;
}

// "1 of 3 looked-up values was", "2 of 3 ... were".
std::string OfLookedUp(int part, int whole) {
  return absl::StrCat(part, " of ", whole, " looked-up ",
                      whole == 1 ? "value " : "values ",
                      part == 1 ? "was" : "were");
}

// "; 1 from another record than the one the answer names", or "" when
// nothing was misattributed.
std::string MisattributedClause(const EvidenceRecord& record) {
  if (record.misattributed <= 0) return "";
  return absl::StrCat("; ", record.misattributed,
                      " from another record than the one the answer names");
}

Json LogRecord(const EvidenceRecord& record) {
  Json out;
  const std::string time = std::to_string(record.time_unix_nano);
  out["timeUnixNano"] = time;
  out["observedTimeUnixNano"] = time;
  out["severityNumber"] = SeverityNumberOf(record.action);
  out["severityText"] = std::string(SeverityTextOf(record.action));
  out["eventName"] = std::string(kOtlpEventName);
  out["attributes"] = AttributesJson(LogAttributesOf(record));
  // The OTLP JSON encoding spells both ids in hex, as given.
  if (!record.trace_id.empty()) {
    out["traceId"] = record.trace_id;
    out["spanId"] = record.span_id;
  }
  return out;
}

}  // namespace

EvidenceRecord Summarize(const EvidenceChecked& event,
                         std::uint64_t time_unix_nano, bool include_values) {
  EvidenceRecord record;
  record.time_unix_nano = time_unix_nano;
  record.conversation_id = event.conversation_id;
  record.turn = event.turn;
  record.iteration = event.iteration;
  record.action = event.action;
  record.posture = event.posture;
  record.after_revision = event.after_revision;
  record.wrap_up = event.wrap_up;
  record.candidates = event.candidates;
  record.looked_up = event.looked_up;
  record.unsupported = static_cast<int>(event.unsupported.size());
  record.unverified = static_cast<int>(event.unverified.size());
  record.misattributed = static_cast<int>(event.misattributed.size());
  record.conflicts = static_cast<int>(event.conflicts.size());
  // On revision_asked the event holds no carried_by (that answer went back
  // to the model); a stale list must not be reported as if it did.
  if (event.action != EvidenceAction::kRevisionAsked &&
      event.carried_by.has_value()) {
    record.carriers = static_cast<int>(event.carried_by->size());
  }
  record.grounded_this_turn = event.grounding.this_turn;
  record.grounded_prior_turns = event.grounding.prior_turns;
  record.evidence_truncated = event.evidence_truncated;
  record.answer_truncated = event.answer_truncated;
  if (event.trace_context.well_formed()) {
    record.trace_id = event.trace_context.trace_id;
    record.span_id = event.trace_context.span_id;
  }
  record.response_id = event.response_id;
  for (const ValueRef& ref : event.unsupported) {
    if (std::find(record.unsupported_shapes.begin(),
                  record.unsupported_shapes.end(),
                  ref.shape) == record.unsupported_shapes.end()) {
      record.unsupported_shapes.push_back(ref.shape);
    }
    if (include_values && ref.value.has_value()) {
      record.unsupported_values.push_back(*ref.value);
    }
  }
  if (include_values) {
    for (const ValueRef& ref : event.unverified) {
      if (ref.value.has_value()) record.unverified_values.push_back(*ref.value);
    }
  }
  for (const MisattributedRef& ref : event.misattributed) {
    if (std::find(record.misattributed_shapes.begin(),
                  record.misattributed_shapes.end(),
                  ref.shape) == record.misattributed_shapes.end()) {
      record.misattributed_shapes.push_back(ref.shape);
    }
    if (include_values && ref.value.has_value()) {
      record.misattributed_values.push_back(*ref.value);
    }
  }
  return record;
}

std::vector<Attribute> LogAttributesOf(const EvidenceRecord& record) {
  AttributeList attributes;
  // Collectors older than the LogRecord.eventName field read the name here.
  attributes.String("event.name", kOtlpEventName);
  attributes.String("gen_ai.evaluation.name", kOtlpEvaluationName);
  attributes.String("gen_ai.evaluation.score.label",
                    EvidenceActionName(record.action));
  if (std::optional<double> score = ScoreOf(record)) {
    attributes.Double("gen_ai.evaluation.score.value", *score);
  }
  attributes.String("gen_ai.evaluation.explanation", ExplanationOf(record));
  if (!record.conversation_id.empty()) {
    attributes.String("gen_ai.conversation.id", record.conversation_id);
  }
  if (!record.response_id.empty()) {
    attributes.String("gen_ai.response.id", record.response_id);
  }
  attributes.String("groundgate.posture", PostureName(record.posture));
  attributes.Int("groundgate.turn", record.turn);
  attributes.Int("groundgate.iteration", record.iteration);
  attributes.Bool("groundgate.after_revision", record.after_revision);
  attributes.Bool("groundgate.wrap_up", record.wrap_up);
  attributes.Int("groundgate.candidates", record.candidates);
  attributes.Int("groundgate.looked_up", record.looked_up);
  attributes.Int("groundgate.unsupported", record.unsupported);
  attributes.Int("groundgate.unverified", record.unverified);
  attributes.Int("groundgate.misattributed", record.misattributed);
  attributes.Int("groundgate.conflicts", record.conflicts);
  if (record.carriers.has_value()) {
    attributes.Int("groundgate.carriers", *record.carriers);
  }
  attributes.Int("groundgate.grounded_this_turn", record.grounded_this_turn);
  attributes.Int("groundgate.grounded_prior_turns",
                 record.grounded_prior_turns);
  attributes.Bool("groundgate.evidence_truncated", record.evidence_truncated);
  attributes.Bool("groundgate.answer_truncated", record.answer_truncated);
  if (!record.unsupported_shapes.empty()) {
    attributes.Strings("groundgate.unsupported_shapes",
                       record.unsupported_shapes);
  }
  if (!record.misattributed_shapes.empty()) {
    attributes.Strings("groundgate.misattributed_shapes",
                       record.misattributed_shapes);
  }
  if (!record.unsupported_values.empty()) {
    attributes.Strings("groundgate.unsupported_values",
                       record.unsupported_values);
  }
  if (!record.unverified_values.empty()) {
    attributes.Strings("groundgate.unverified_values",
                       record.unverified_values);
  }
  if (!record.misattributed_values.empty()) {
    attributes.Strings("groundgate.misattributed_values",
                       record.misattributed_values);
  }
  return attributes.Take();
}

std::vector<Attribute> ResourceAttributesOf(const ResourceInfo& resource) {
  AttributeList attributes;
  attributes.String("service.name", resource.service_name);
  attributes.String("telemetry.sdk.name", "groundgate");
  attributes.String("telemetry.sdk.language", "cpp");
  attributes.String("telemetry.sdk.version", GROUNDGATE_VERSION_STRING);
  for (const auto& [key, value] : resource.attributes) {
    attributes.String(key, value);
  }
  return attributes.Take();
}

int SeverityNumberOf(EvidenceAction action) {
  switch (action) {
    case EvidenceAction::kGrounded:
      return kSeverityInfo;
    case EvidenceAction::kFlagged:
    case EvidenceAction::kRevisionAsked:
    case EvidenceAction::kUnverified:
      return kSeverityWarn;
    case EvidenceAction::kRefused:
      return kSeverityError;
  }
  return kSeverityWarn;
}

std::string_view SeverityTextOf(EvidenceAction action) {
  switch (SeverityNumberOf(action)) {
    case kSeverityInfo:
      return "INFO";
    case kSeverityError:
      return "ERROR";
    default:
      return "WARN";
  }
}

std::optional<double> ScoreOf(const EvidenceRecord& record) {
  if (record.looked_up <= 0) return std::nullopt;
  const int found =
      std::clamp(record.looked_up - record.unsupported - record.unverified, 0,
                 record.looked_up);
  return static_cast<double>(found) / record.looked_up;
}

std::string ExplanationOf(const EvidenceRecord& record) {
  if (record.looked_up <= 0) {
    return record.candidates == 0
               ? "the answer stated no value that needed a look-up"
               : "every value the answer stated was supplied by the user or "
                 "the application";
  }
  switch (record.action) {
    case EvidenceAction::kGrounded:
      return absl::StrCat(OfLookedUp(record.looked_up, record.looked_up),
                          " read from tool results",
                          MisattributedClause(record),
                          record.misattributed > 0 ? " (a warning only)" : "");
    case EvidenceAction::kUnverified:
      return absl::StrCat("the evidence was truncated: ",
                          OfLookedUp(record.unverified, record.looked_up),
                          " not found and could not be judged");
    case EvidenceAction::kFlagged:
    case EvidenceAction::kRevisionAsked:
    case EvidenceAction::kRefused:
      break;
  }
  if (record.unsupported == 0 && record.misattributed > 0) {
    return absl::StrCat(OfLookedUp(record.misattributed, record.looked_up),
                        " read from another record than the one the answer "
                        "names");
  }
  return absl::StrCat(OfLookedUp(record.unsupported, record.looked_up),
                      " not read from any tool result",
                      MisattributedClause(record));
}

std::string RenderLogsRequest(std::span<const EvidenceRecord> records,
                              const ResourceInfo& resource) {
  Json log_records = Json::array();
  for (const EvidenceRecord& record : records) {
    log_records.push_back(LogRecord(record));
  }
  Json scope_logs;
  scope_logs["scope"] =
      Json{{"name", "groundgate"}, {"version", GROUNDGATE_VERSION_STRING}};
  scope_logs["logRecords"] = std::move(log_records);
  Json resource_logs;
  resource_logs["resource"] =
      Json{{"attributes", AttributesJson(ResourceAttributesOf(resource))}};
  resource_logs["scopeLogs"] = Json::array({std::move(scope_logs)});
  Json request;
  request["resourceLogs"] = Json::array({std::move(resource_logs)});
  return request.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::uint64_t RejectedLogRecords(std::string_view response_body) {
  const nlohmann::json body =
      nlohmann::json::parse(response_body, nullptr, /*allow_exceptions=*/false);
  if (!body.is_object()) return 0;
  auto partial = body.find("partialSuccess");
  if (partial == body.end() || !partial->is_object()) return 0;
  auto rejected = partial->find("rejectedLogRecords");
  if (rejected == partial->end()) return 0;
  if (rejected->is_number_unsigned()) return rejected->get<std::uint64_t>();
  if (rejected->is_string()) {
    const std::string& text = rejected->get_ref<const std::string&>();
    std::uint64_t count = 0;
    auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), count);
    if (error == std::errc() && end == text.data() + text.size()) return count;
  }
  return 0;
}

}  // namespace groundgate::otlp_internal
