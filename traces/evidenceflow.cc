// traces/evidenceflow.cc — evidenceflow trace steps to neutral
// messages.
//
// Its one job: read {"id", "steps": [...]} (or a bare array of steps)
// where every step has a "type": user, assistant, system and reasoning
// steps need string "content"; a tool_call step names
// its "tool" (its content, the call's arguments, is never evidence); a
// tool_result step (with "tool") and a retrieval step (with "source") are
// evidence, their content a string or any JSON value. A result step's id
// is its "tool_call_id" or "call_id", else its own "id", else its path. A
// result step with "is_error": true, or a non-null "error" or "exception",
// is an error result and never evidence. A result's encrypted members
// (encrypted_content, as a web search returns its pages) are not read: the
// result is unreadable, so the corpus turns partial (law 5).
//
// What it does NOT do: skip a step type it does not know: evidenceflow is
// this project's own neutral format, with a closed set of step types, so
// an unknown type is an error naming the step, never silently dropped
// (unlike the API formats, whose new types are warnings).
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "traces/record_fields.h"

namespace groundgate::traces {
namespace {

// A member that says a step failed: true, or any value but null, false
// and "".
bool SaysError(const Json& step, std::string_view key) {
  const Json* value = Find(step, key);
  if (value == nullptr || value->is_null()) return false;
  if (value->is_boolean()) return value->get<bool>();
  if (value->is_string())
    return !value->get_ref<const Json::string_t&>().empty();
  return true;
}

// A result's encrypted members (a web search's encrypted_content, copied
// from a server tool's result): dropped from its text, and the result is
// unreadable, as the Anthropic and Responses readers make it: the pages
// may hold the values the answer states. `content` is the step's JSON
// value, or a string holding the JSON text; most results never name such a
// member, and are left as they are without a parse.
void DropEncrypted(const Json* content, TraceMessage* message) {
  if (message->text.find("\"encrypted_") == std::string::npos) return;
  Json parsed;
  if (content->is_string()) {
    parsed = Json::parse(message->text, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_structured() ||
        FindNestingDeeperThan(parsed, kMaxTraceJsonDepth, "").has_value()) {
      return;
    }
    content = &parsed;
  }
  bool unreadable = false;
  Json readable = WithoutEncrypted(*content, &unreadable);
  if (!unreadable) return;
  message->text = JsonText(readable);
  message->unreadable = true;
}

absl::Status ReadStep(const Json& step, std::size_t index,
                      const std::string& path, Trace* trace) {
  if (!step.is_object()) return WrongType(path, "an object", step);
  std::string type;
  if (absl::Status s = ReadString(step, "type", path, &type); !s.ok()) {
    return s;
  }
  TraceMessage message;
  message.index = index;
  message.path = path;
  const bool textual = type == "user" || type == "assistant" ||
                       type == "system" || type == "reasoning";
  if (textual) {
    message.role = type == "user"        ? TraceRole::kUser
                   : type == "assistant" ? TraceRole::kAssistant
                   : type == "system"    ? TraceRole::kSystem
                                         : TraceRole::kReasoning;
    if (absl::Status s = ReadString(step, "content", path, &message.text);
        !s.ok()) {
      return s;
    }
    trace->messages.push_back(std::move(message));
    return absl::OkStatus();
  }
  std::string own_id = path;
  if (const Json* id = Find(step, "id"); id != nullptr && !id->is_null()) {
    if (absl::Status s = ReadIdText(*id, Member(path, "id"), &own_id);
        !s.ok()) {
      return s;
    }
  }
  if (type == "tool_call") {
    TraceToolCall call;
    call.id = own_id;
    if (absl::Status s = ReadOptionalString(step, "tool", path, &call.name);
        !s.ok()) {
      return s;
    }
    message.role = TraceRole::kAssistant;
    message.tool_calls.push_back(std::move(call));
    trace->messages.push_back(std::move(message));
    return absl::OkStatus();
  }
  if (type == "tool_result" || type == "retrieval") {
    message.role = TraceRole::kToolResult;
    message.tool_call_id = own_id;
    for (std::string_view key : {"tool_call_id", "call_id"}) {
      const Json* id = Find(step, key);
      if (id == nullptr || id->is_null()) continue;
      if (absl::Status s =
              ReadIdText(*id, Member(path, key), &message.tool_call_id);
          !s.ok()) {
        return s;
      }
      break;
    }
    const std::string_view name_key = type == "retrieval" ? "source" : "tool";
    if (absl::Status s =
            ReadOptionalString(step, name_key, path, &message.tool_name);
        !s.ok()) {
      return s;
    }
    if (message.tool_name.empty() && type == "retrieval") {
      message.tool_name = "retrieval";
    }
    const Json* content = Find(step, "content");
    if (content == nullptr) return Missing(Member(path, "content"));
    if (content->is_string()) {
      message.text = content->get<std::string>();
    } else if (!content->is_null()) {
      message.text = JsonText(*content);
    }
    DropEncrypted(content, &message);
    message.is_error = SaysError(step, "is_error") ||
                       SaysError(step, "error") || SaysError(step, "exception");
    trace->messages.push_back(std::move(message));
    return absl::OkStatus();
  }
  return FieldError(Member(path, "type"),
                    "unknown step type (expected user, assistant, tool_call, "
                    "tool_result, retrieval, system or reasoning)");
}

}  // namespace

absl::Status ReadEvidenceFlow(const Json& record, Trace* trace) {
  const Json* steps = &record;
  std::string list_name = "";
  if (record.is_object()) {
    if (absl::Status s = ReadRecordId(record, trace); !s.ok()) return s;
    steps = Find(record, "steps");
    if (steps == nullptr) return Missing("steps");
    if (!IsList(*steps)) return WrongType("steps", "an array", *steps);
    list_name = "steps";
  } else if (!IsList(record)) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"steps\"} or an array of "
               "steps, got ",
               TypeName(record)));
  }
  if (absl::Status s = ReadEachElement(
          *steps,
          [&](const Json& step, std::size_t i) {
            return ReadStep(step, i, Element(list_name, i), trace);
          });
      !s.ok()) {
    return s;
  }
  MarkTextBesideToolCalls(trace);
  return absl::OkStatus();
}

}  // namespace groundgate::traces
