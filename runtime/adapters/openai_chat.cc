// runtime/adapters/openai_chat.cc — OpenAI Chat Completions messages to
// neutral messages.
//
// Its one job: read {"id", "messages": [...]} where each message has a role
// (system, developer, user, assistant, tool), content as a string, null or
// text parts, an assistant's tool_calls, and a tool message's tool_call_id
// and optional name. A tool message without a name takes the function name
// of its call. A tool message with "is_error": true is an error result.
//
// What it does NOT do: read tool-call arguments (never evidence, law 3, so
// only a call's id and function name matter), or judge anything.
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>

#include "absl/status/status.h"
#include "runtime/adapters/record_fields.h"

namespace groundgate::adapters {
namespace {

// Part types that carry no text a value could be read from or stated in.
// Chat content parts are open-ended (image_url, input_audio, refusal, file,
// ...): every non-text part is skipped.
absl::Status ReadChatContent(const Json& message, const std::string& path,
                             bool absent_allowed, std::string* text) {
  const Json* content = Find(message, "content");
  if (content == nullptr) {
    return absent_allowed ? absl::OkStatus() : Missing(Member(path, "content"));
  }
  return ReadTextContent(*content, Member(path, "content"), {"text"}, {}, text);
}

absl::Status ReadChatToolCalls(const Json& message, const std::string& path,
                               std::vector<TraceToolCall>* calls) {
  const Json* list = Find(message, "tool_calls");
  if (list == nullptr || list->is_null()) return absl::OkStatus();
  const std::string calls_path = Member(path, "tool_calls");
  if (!list->is_array()) return WrongType(calls_path, "an array", *list);
  for (std::size_t i = 0; i < list->size(); ++i) {
    const Json& call = (*list)[i];
    const std::string call_path = Element(calls_path, i);
    if (!call.is_object()) return WrongType(call_path, "an object", call);
    TraceToolCall out;
    if (absl::Status s = ReadString(call, "id", call_path, &out.id); !s.ok()) {
      return s;
    }
    const Json* function = Find(call, "function");
    const std::string function_path = Member(call_path, "function");
    if (function == nullptr) return Missing(function_path);
    if (!function->is_object()) {
      return WrongType(function_path, "an object", *function);
    }
    if (absl::Status s =
            ReadString(*function, "name", function_path, &out.name);
        !s.ok()) {
      return s;
    }
    calls->push_back(std::move(out));
  }
  return absl::OkStatus();
}

absl::StatusOr<TraceRole> ReadChatRole(const Json& message,
                                       const std::string& path, bool* is_tool) {
  std::string role;
  if (absl::Status s = ReadString(message, "role", path, &role); !s.ok()) {
    return s;
  }
  *is_tool = false;
  if (role == "system" || role == "developer") return TraceRole::kSystem;
  if (role == "user") return TraceRole::kUser;
  if (role == "assistant") return TraceRole::kAssistant;
  if (role == "tool") {
    *is_tool = true;
    return TraceRole::kToolResult;
  }
  return FieldError(
      Member(path, "role"),
      "unknown role (expected system, developer, user, assistant or "
      "tool)");
}

}  // namespace

absl::Status ReadChatMessage(
    const Json& message, std::size_t index, const std::string& path,
    std::unordered_map<std::string, std::string>* call_names,
    TraceMessage* out) {
  if (!message.is_object()) return WrongType(path, "an object", message);
  bool is_tool = false;
  absl::StatusOr<TraceRole> role = ReadChatRole(message, path, &is_tool);
  if (!role.ok()) return role.status();
  out->role = *role;
  out->index = index;
  out->path = path;
  // An assistant message that only calls tools may omit content.
  if (absl::Status s = ReadChatContent(
          message, path, out->role == TraceRole::kAssistant, &out->text);
      !s.ok()) {
    return s;
  }
  if (out->role == TraceRole::kAssistant) {
    if (absl::Status s = ReadChatToolCalls(message, path, &out->tool_calls);
        !s.ok()) {
      return s;
    }
    for (const TraceToolCall& call : out->tool_calls) {
      (*call_names)[call.id] = call.name;
    }
  }
  if (is_tool) {
    if (absl::Status s =
            ReadString(message, "tool_call_id", path, &out->tool_call_id);
        !s.ok()) {
      return s;
    }
    const Json* name = Find(message, "name");
    if (name != nullptr && !name->is_null()) {
      if (!name->is_string()) {
        return WrongType(Member(path, "name"), "a string", *name);
      }
      out->tool_name = name->get<std::string>();
    } else if (auto it = call_names->find(out->tool_call_id);
               it != call_names->end()) {
      out->tool_name = it->second;
    }
    const Json* is_error = Find(message, "is_error");
    if (is_error != nullptr && !is_error->is_null()) {
      if (!is_error->is_boolean()) {
        return WrongType(Member(path, "is_error"), "a boolean", *is_error);
      }
      out->is_error = is_error->get<bool>();
    }
  }
  return absl::OkStatus();
}

absl::Status ReadOpenAiChat(const Json& record, Trace* trace) {
  if (!record.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"messages\"}, got ",
               record.type_name()));
  }
  if (absl::Status s = ReadRecordId(record, trace); !s.ok()) return s;
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) return Missing("messages");
  if (!messages->is_array()) {
    return WrongType("messages", "an array", *messages);
  }
  std::unordered_map<std::string, std::string> call_names;
  trace->messages.reserve(messages->size());
  for (std::size_t i = 0; i < messages->size(); ++i) {
    TraceMessage message;
    if (absl::Status s = ReadChatMessage(
            (*messages)[i], i, Element("messages", i), &call_names, &message);
        !s.ok()) {
      return s;
    }
    trace->messages.push_back(std::move(message));
  }
  return absl::OkStatus();
}

}  // namespace groundgate::adapters
