// traces/openai_chat.cc — OpenAI Chat Completions messages to
// neutral messages.
//
// Its one job: read {"id", "system"?, "messages": [...]} where each message
// has a role (system, developer, user, assistant, tool), content as a
// string, null or parts, an assistant's tool_calls, and a tool message's
// tool_call_id and optional name. A top-level "system" string is the
// application's text. A tool message without a name takes the function name
// of its call. A tool message with "is_error": true is an error result.
// An assistant's "refusal" and its audio's "transcript" are its text (audio
// without a transcript is unreadable). Text and refusal parts are read;
// image_url, input_audio and file parts
// make a user or system message `unreadable` (the corpus turns partial,
// law 5); a part of an unknown type is a warning (its "text" is read when
// it has one, else it is unreadable).
//
// What it does NOT do: read tool-call arguments (never evidence, law 3, so
// only a call's id and function name matter), or judge anything.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "traces/record_fields.h"

namespace groundgate::traces {
namespace {

constexpr std::string_view kPartTypes =
    "text, refusal, image_url, input_audio or file";

// One content part. Text (and an assistant's refusal) is read; an image,
// audio or file is what the model saw and the gate cannot read. A tool
// message carries only text parts in the Chat Completions API: anything
// else there never reached the model, and is only named in a warning.
absl::StatusOr<PartRead> ReadChatPart(const Json& part, const std::string& type,
                                      const std::string& path, bool is_tool,
                                      Trace* trace, std::string* text) {
  if (type == "text" || type == "refusal") {
    std::string part_text;
    if (absl::Status s = ReadString(part, type == "text" ? "text" : "refusal",
                                    path, &part_text);
        !s.ok()) {
      return s;
    }
    AppendLine(text, part_text);
    return PartRead::kText;
  }
  if (type == "image_url" || type == "input_audio" || type == "file") {
    if (!is_tool) return PartRead::kUnreadable;
    Warn(trace, Concat(Member(path, "type"), ": part type \"", type,
                       "\" in a tool message (Chat Completions tool messages "
                       "carry text only); not read"));
    return PartRead::kNothing;
  }
  return PartRead::kUnknown;
}

absl::Status ReadChatContent(const Json& message, const std::string& path,
                             bool absent_allowed, bool is_tool, Trace* trace,
                             TraceMessage* out) {
  const Json* content = Find(message, "content");
  if (content == nullptr) {
    return absent_allowed ? absl::OkStatus() : Missing(Member(path, "content"));
  }
  return ReadParts(
      *content, Member(path, "content"), "part", kPartTypes,
      [is_tool, trace](const Json& part, const std::string& type,
                       const std::string& part_path, std::string* text) {
        return ReadChatPart(part, type, part_path, is_tool, trace, text);
      },
      trace, out);
}

// The text of an optional string member, or "" (a wrong type reads as "").
std::string_view OptionalText(const Json& object, std::string_view key) {
  const Json* value = Find(object, key);
  if (value == nullptr || !value->is_string()) return {};
  return value->get_ref<const Json::string_t&>();
}

// What an assistant message says besides its content: a "refusal" string
// (the model declined, and the user sees this text), and an audio answer's
// "audio": {"id", "transcript"?}. Both are the answer's text. Audio
// without a transcript (a request's history keeps only its id) is an
// answer no one can read: the message is unreadable (IsUnreadAnswer when
// it has no text either).
absl::Status ReadSpokenAnswer(const Json& message, const std::string& path,
                              TraceMessage* out) {
  std::string refusal;
  if (absl::Status s = ReadOptionalString(message, "refusal", path, &refusal);
      !s.ok()) {
    return s;
  }
  AppendLine(&out->text, refusal);
  const Json* audio = Find(message, "audio");
  if (audio == nullptr || audio->is_null()) return absl::OkStatus();
  const std::string audio_path = Member(path, "audio");
  if (!audio->is_object()) return WrongType(audio_path, "an object", *audio);
  std::string transcript;
  if (absl::Status s =
          ReadOptionalString(*audio, "transcript", audio_path, &transcript);
      !s.ok()) {
    return s;
  }
  AppendLine(&out->text, transcript);
  // Some compatible APIs send an empty member ({"id": "", "data": "",
  // "transcript": ""}) beside a text answer: no audio, nothing unread.
  const bool audio_given = !OptionalText(*audio, "id").empty() ||
                           !OptionalText(*audio, "data").empty();
  if (transcript.empty() && audio_given) out->unreadable = true;
  return absl::OkStatus();
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

// The message's role. *is_tool is set for a tool message and for the
// legacy function message, *is_function for the latter only.
absl::StatusOr<TraceRole> ReadChatRole(const Json& message,
                                       const std::string& path, bool* is_tool,
                                       bool* is_function) {
  std::string role;
  if (absl::Status s = ReadString(message, "role", path, &role); !s.ok()) {
    return s;
  }
  *is_tool = false;
  *is_function = false;
  if (role == "system" || role == "developer") return TraceRole::kSystem;
  if (role == "user") return TraceRole::kUser;
  if (role == "assistant") return TraceRole::kAssistant;
  if (role == "tool" || role == "function") {
    *is_tool = true;
    *is_function = role == "function";
    return TraceRole::kToolResult;
  }
  return FieldError(
      Member(path, "role"),
      "unknown role (expected system, developer, user, assistant, tool or "
      "function)");
}

// An assistant's legacy "function_call": {"name", "arguments"}, the one
// call of its turn, before tool_calls. It has no id: the call is named by
// its path ("messages[2].function_call"), and the function message that
// answers it takes that id.
absl::Status ReadLegacyFunctionCall(const Json& message,
                                    const std::string& path,
                                    std::vector<TraceToolCall>* calls) {
  const Json* function_call = Find(message, "function_call");
  if (function_call == nullptr || function_call->is_null()) {
    return absl::OkStatus();
  }
  const std::string call_path = Member(path, "function_call");
  if (!function_call->is_object()) {
    return WrongType(call_path, "an object", *function_call);
  }
  TraceToolCall call;
  call.id = call_path;
  if (absl::Status s =
          ReadOptionalString(*function_call, "name", call_path, &call.name);
      !s.ok()) {
    return s;
  }
  // Some compatible APIs send {"name": "", "arguments": ""} beside every
  // answer: no call.
  if (!call.name.empty()) calls->push_back(std::move(call));
  return absl::OkStatus();
}

// The id of a legacy function message ({"role": "function", "name",
// "content"}), which has none: the legacy call it answers, when the last
// assistant message read made one of this name, else the message's own
// path. Either is stable: the same record gives the same id.
std::string FunctionResultId(const Trace& trace, const std::string& name,
                             const std::string& path) {
  for (auto it = trace.messages.rbegin(); it != trace.messages.rend(); ++it) {
    if (it->role != TraceRole::kAssistant) continue;
    for (const TraceToolCall& call : it->tool_calls) {
      if (call.name == name && call.id.ends_with(".function_call")) {
        return call.id;
      }
    }
    break;
  }
  return path;
}

}  // namespace

absl::Status ReadChatMessage(
    const Json& message, std::size_t index, const std::string& path,
    std::unordered_map<std::string, std::string>* call_names, Trace* trace,
    TraceMessage* out) {
  if (!message.is_object()) return WrongType(path, "an object", message);
  bool is_tool = false;
  bool is_function = false;
  absl::StatusOr<TraceRole> role =
      ReadChatRole(message, path, &is_tool, &is_function);
  if (!role.ok()) return role.status();
  out->role = *role;
  out->index = index;
  out->path = path;
  // An assistant message that only calls tools may omit content.
  if (absl::Status s =
          ReadChatContent(message, path, out->role == TraceRole::kAssistant,
                          is_tool, trace, out);
      !s.ok()) {
    return s;
  }
  if (out->role == TraceRole::kAssistant) {
    if (absl::Status s = ReadSpokenAnswer(message, path, out); !s.ok()) {
      return s;
    }
    if (absl::Status s =
            ReadLegacyFunctionCall(message, path, &out->tool_calls);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadChatToolCalls(message, path, &out->tool_calls);
        !s.ok()) {
      return s;
    }
    for (const TraceToolCall& call : out->tool_calls) {
      (*call_names)[call.id] = call.name;
    }
  }
  if (is_function) {
    if (absl::Status s =
            ReadOptionalString(message, "name", path, &out->tool_name);
        !s.ok()) {
      return s;
    }
    out->tool_call_id = FunctionResultId(*trace, out->tool_name, path);
  } else if (is_tool) {
    if (absl::Status s =
            ReadString(message, "tool_call_id", path, &out->tool_call_id);
        !s.ok()) {
      return s;
    }
  }
  if (is_tool && !is_function) {
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
    if (absl::Status s =
            ReadOptionalBool(message, "is_error", path, &out->is_error);
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

absl::Status ReadOpenAiChat(const Json& record, Trace* trace) {
  if (absl::Status s =
          ReadRecordObject(record, "{\"id\", \"messages\"}", trace);
      !s.ok()) {
    return s;
  }
  const Json* system = Find(record, "system");
  if (system != nullptr && !system->is_null()) {
    TraceMessage message;
    message.role = TraceRole::kSystem;
    message.path = "system";
    if (absl::Status s =
            ReadTextContent(*system, "system", {"text"}, {}, &message.text);
        !s.ok()) {
      return s;
    }
    trace->messages.push_back(std::move(message));
  }
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) return Missing("messages");
  if (!IsList(*messages)) {
    return WrongType("messages", "an array", *messages);
  }
  std::unordered_map<std::string, std::string> call_names;
  trace->messages.reserve(trace->messages.size() + ListSize(*messages));
  return ReadEachElement(
      *messages, [&](const Json& entry, std::size_t i) -> absl::Status {
        TraceMessage message;
        if (absl::Status s = ReadChatMessage(entry, i, Element("messages", i),
                                             &call_names, trace, &message);
            !s.ok()) {
          return s;
        }
        trace->messages.push_back(std::move(message));
        return absl::OkStatus();
      });
}

}  // namespace groundgate::traces
