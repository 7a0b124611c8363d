// runtime/event_json.cc — the stable JSON form of every event, and the
// names of the event vocabulary's enums.
//
// Keys are written in the order events.h documents, with "schema" first;
// lists keep the struct's order (answer or wire order), so the same event is
// always the same bytes (law 9). It writes what the struct holds and nothing
// else: whether a value is present was decided when the event was built.
#include <string>
#include <type_traits>
#include <variant>

#include "groundgate/events.h"
#include "nlohmann/json.hpp"
#include "stages/verdict_json.h"

namespace groundgate {
namespace {

using Json = nlohmann::ordered_json;

Json Opening(std::string_view kind, const std::string& conversation_id,
             int turn) {
  Json out;
  out["schema"] = "groundgate." + std::string(kind) + "/1";
  out["conversation_id"] = conversation_id;
  out["turn"] = turn;
  return out;
}

Json CodeOrNull(const std::string& code) {
  return code.empty() ? Json(nullptr) : Json(code);
}

// The opening keys of a value's entry: where in the answer, what shape.
Json SpanEntry(const std::string& shape, std::size_t start, std::size_t end) {
  Json entry;
  entry["shape"] = shape;
  entry["start"] = start;
  entry["end"] = end;
  return entry;
}

Json ValueRefs(const std::vector<ValueRef>& refs) {
  Json out = Json::array();
  for (const ValueRef& ref : refs) {
    Json entry = SpanEntry(ref.shape, ref.start, ref.end);
    if (!ref.near_miss_carrier.empty()) {
      entry["near_miss_carrier"] = ref.near_miss_carrier;
    }
    if (ref.value.has_value()) entry["value"] = *ref.value;
    out.push_back(std::move(entry));
  }
  return out;
}

Json ToJson(const RunStarted& e) {
  Json out = Opening("run_started", e.conversation_id, e.turn);
  out["posture"] = std::string(PostureName(e.posture));
  out["max_iterations"] = e.max_iterations;
  out["tools"] = e.tools;
  out["message_bytes"] = e.message_bytes;
  return out;
}

Json ToJson(const ModelCalled& e) {
  Json out = Opening("model_called", e.conversation_id, e.turn);
  out["iteration"] = e.iteration;
  out["wrap_up"] = e.wrap_up;
  out["after_revision"] = e.after_revision;
  out["messages"] = e.messages;
  out["tools_offered"] = e.tools_offered;
  out["ok"] = e.ok;
  out["error_code"] = CodeOrNull(e.error_code);
  out["tool_calls"] = e.tool_calls;
  out["answer_bytes"] = e.answer_bytes;
  return out;
}

Json ToJson(const ToolCalled& e) {
  Json out = Opening("tool_called", e.conversation_id, e.turn);
  out["iteration"] = e.iteration;
  out["tool_call_id"] = e.tool_call_id;
  out["tool_name"] = e.tool_name.has_value() ? Json(*e.tool_name) : Json();
  out["ok"] = e.ok;
  out["error"] = e.error == ToolError::kNone
                     ? Json(nullptr)
                     : Json(std::string(ToolErrorName(e.error)));
  out["result_bytes"] = e.result_bytes;
  out["recorded"] = e.recorded;
  out["values_recorded"] = e.values_recorded;
  out["parsed_as_json"] = e.parsed_as_json;
  out["absence_report"] = e.absence_report;
  out["evidence_truncated"] = e.evidence_truncated;
  return out;
}

Json ToJson(const EvidenceChecked& e) {
  Json out = Opening("evidence_checked", e.conversation_id, e.turn);
  out["iteration"] = e.iteration;
  out["action"] = std::string(EvidenceActionName(e.action));
  out["posture"] = std::string(PostureName(e.posture));
  out["after_revision"] = e.after_revision;
  out["wrap_up"] = e.wrap_up;
  out["candidates"] = e.candidates;
  out["looked_up"] = e.looked_up;
  out["unsupported"] = ValueRefs(e.unsupported);
  out["unverified"] = ValueRefs(e.unverified);
  Json misattributed = Json::array();
  for (const MisattributedRef& ref : e.misattributed) {
    Json entry = SpanEntry(ref.shape, ref.start, ref.end);
    entry["named_carrier"] = ref.named_carrier;
    entry["read_carrier"] = ref.read_carrier;
    if (!ref.aggregate.empty()) entry["aggregate"] = ref.aggregate;
    if (ref.value.has_value()) entry["value"] = *ref.value;
    if (ref.named_value.has_value()) entry["named_value"] = *ref.named_value;
    if (ref.field.has_value()) entry["field"] = *ref.field;
    if (ref.named_path.has_value()) entry["named_path"] = *ref.named_path;
    if (ref.read_path.has_value()) entry["read_path"] = *ref.read_path;
    misattributed.push_back(std::move(entry));
  }
  out["misattributed"] = std::move(misattributed);
  // A revision_asked answer goes back to the model, not out: nothing to say
  // about what carried it, so the key is absent rather than null.
  if (e.action != EvidenceAction::kRevisionAsked) {
    out["carried_by"] = stages::CarriedByJson(e.carried_by);
  }
  Json conflicts = Json::array();
  for (const ConflictRef& ref : e.conflicts) {
    Json entry = SpanEntry(ref.shape, ref.start, ref.end);
    entry["used_carrier"] = ref.used_carrier;
    entry["other_carrier"] = ref.other_carrier;
    if (ref.value.has_value()) entry["value"] = *ref.value;
    if (ref.key.has_value()) entry["key"] = *ref.key;
    conflicts.push_back(std::move(entry));
  }
  out["conflicts"] = std::move(conflicts);
  out["evidence_truncated"] = e.evidence_truncated;
  out["answer_truncated"] = e.answer_truncated;
  Json grounding;
  grounding["this_turn"] = e.grounding.this_turn;
  grounding["prior_turns"] = e.grounding.prior_turns;
  out["grounding"] = std::move(grounding);
  if (!e.trace_context.empty()) {
    out["trace_id"] = e.trace_context.trace_id;
    out["span_id"] = e.trace_context.span_id;
  }
  if (!e.response_id.empty()) out["response_id"] = e.response_id;
  return out;
}

Json ToJson(const ContingentFound& e) {
  Json out = Opening("contingent_found", e.conversation_id, e.turn);
  out["iteration"] = e.iteration;
  Json values = Json::array();
  for (const ContingentRef& ref : e.values) {
    Json entry = SpanEntry(ref.shape, ref.start, ref.end);
    if (ref.value.has_value()) entry["value"] = *ref.value;
    Json carriers = Json::array();
    for (const CarrierStanding& carrier : ref.carriers) {
      Json c;
      c["tool_call_id"] = carrier.tool_call_id;
      c["standing"] = std::string(StandingName(carrier.standing));
      carriers.push_back(std::move(c));
    }
    entry["carriers"] = std::move(carriers);
    values.push_back(std::move(entry));
  }
  out["values"] = std::move(values);
  return out;
}

Json ToJson(const RunFinished& e) {
  Json out = Opening("run_finished", e.conversation_id, e.turn);
  out["outcome"] = std::string(RunOutcomeName(e.outcome));
  out["action"] = e.action.has_value()
                      ? Json(std::string(EvidenceActionName(*e.action)))
                      : Json(nullptr);
  out["model_calls"] = e.model_calls;
  out["tool_calls"] = e.tool_calls;
  out["revision_asked"] = e.revision_asked;
  out["wrap_up"] = e.wrap_up;
  out["answer_bytes"] = e.answer_bytes;
  out["error_code"] = CodeOrNull(e.error_code);
  return out;
}

}  // namespace

std::string_view PostureName(Posture posture) {
  switch (posture) {
    case Posture::kAssist:
      return "assist";
    case Posture::kGuard:
      return "guard";
    case Posture::kRails:
      return "rails";
  }
  return "unknown";
}

std::string_view EvidenceActionName(EvidenceAction act) {
  switch (act) {
    case EvidenceAction::kGrounded:
      return "grounded";
    case EvidenceAction::kFlagged:
      return "flagged";
    case EvidenceAction::kRevisionAsked:
      return "revision_asked";
    case EvidenceAction::kRefused:
      return "refused";
    case EvidenceAction::kUnverified:
      return "unverified";
  }
  return "unknown";
}

std::string_view ToolErrorName(ToolError error) {
  switch (error) {
    case ToolError::kNone:
      return "none";
    case ToolError::kUnknownTool:
      return "unknown_tool";
    case ToolError::kBadArguments:
      return "bad_arguments";
    case ToolError::kHandlerError:
      return "handler_error";
  }
  return "unknown";
}

std::string_view RunOutcomeName(RunOutcome outcome) {
  switch (outcome) {
    case RunOutcome::kDelivered:
      return "delivered";
    case RunOutcome::kRefused:
      return "refused";
    case RunOutcome::kFailed:
      return "failed";
  }
  return "unknown";
}

EventKind KindOf(const Event& event) {
  return static_cast<EventKind>(event.index());
}

std::string_view EventKindName(EventKind kind) {
  switch (kind) {
    case EventKind::kRunStarted:
      return "run_started";
    case EventKind::kModelCalled:
      return "model_called";
    case EventKind::kToolCalled:
      return "tool_called";
    case EventKind::kEvidenceChecked:
      return "evidence_checked";
    case EventKind::kContingentFound:
      return "contingent_found";
    case EventKind::kRunFinished:
      return "run_finished";
  }
  return "unknown";
}

std::string EventToJsonLine(const Event& event) {
  return stages::DumpJson(
      std::visit([](const auto& typed) { return ToJson(typed); }, event));
}

}  // namespace groundgate
