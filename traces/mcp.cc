// traces/mcp.cc — MCP tools/call results beside the conversation
// to neutral messages.
//
// Its one job: read {"id", "messages": [...]} where an entry is either a
// conversation message in the Chat Completions shape (system, developer,
// user, assistant with optional tool_calls, or tool whose content is an MCP
// CallToolResult object or plain text), or an MCP JSON-RPC frame: a
// "tools/call" request (id, params.name) and, beside it, its response with
// a "result" (a CallToolResult) or an "error". A CallToolResult's text
// content parts, an embedded resource's uri and text, and a resource_link's
// uri, name, title and description are recorded as the result, and its
// structuredContent as a second record under the same call; "isError": true
// or a JSON-RPC error makes it an error result, which is never evidence.
// Image, audio and blob resource parts make it `unreadable` (law 5); a
// part of an unknown type is a warning. Other JSON-RPC traffic (initialize,
// tools/list, notifications) is protocol, not conversation, and is skipped.
// Frames recorded alone — a bare array of them, or one frame
// {"jsonrpc": "2.0", ...} as the record (id "") — are read the same way; a
// response there whose request is not in the record is read as a result
// with no tool name, and named in a warning.
//
// What it does NOT do: read call arguments (never evidence, law 3), or
// accept a response that answers no earlier request: that is an error
// naming the entry.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "traces/record_fields.h"

namespace groundgate::traces {

namespace {

// One part of a CallToolResult's content: text; an embedded resource (its
// uri, and its text; a blob resource carries bytes: unreadable); an image
// or audio (unreadable); a resource_link (its uri, name, title and
// description: what the tool returned, though not the linked content).
absl::StatusOr<PartRead> ReadMcpPart(const Json& part, const std::string& type,
                                     const std::string& path,
                                     std::string* text) {
  if (type == "text") {
    if (absl::Status s = AppendTextPart(part, path, text); !s.ok()) return s;
    return PartRead::kText;
  }
  if (type == "resource") {
    const Json* resource = Find(part, "resource");
    const std::string resource_path = Member(path, "resource");
    if (resource == nullptr) return Missing(resource_path);
    if (!resource->is_object()) {
      return WrongType(resource_path, "an object", *resource);
    }
    std::string uri;
    std::string resource_text;
    for (auto [key, out] :
         {std::pair{"uri", &uri}, std::pair{"text", &resource_text}}) {
      if (absl::Status s =
              ReadOptionalString(*resource, key, resource_path, out);
          !s.ok()) {
        return s;
      }
    }
    AppendLine(text, uri);
    if (Find(*resource, "text") == nullptr) return PartRead::kUnreadable;
    AppendLine(text, resource_text);
    return PartRead::kText;
  }
  if (type == "image" || type == "audio") return PartRead::kUnreadable;
  if (type == "resource_link") {
    for (std::string_view key : {"uri", "name", "title", "description"}) {
      std::string member;
      if (absl::Status s = ReadOptionalString(part, key, path, &member);
          !s.ok()) {
        return s;
      }
      AppendLine(text, member);
    }
    return PartRead::kText;
  }
  return PartRead::kUnknown;
}

class McpReader {
 public:
  // Frames given alone (a bare array of frames, or one frame as the
  // record): a response whose request is not in the record is still read,
  // as a result with no tool name, and named in a warning.
  McpReader(Trace* trace, std::string_view list_name, bool frames_alone)
      : trace_(trace), list_name_(list_name), frames_alone_(frames_alone) {}

  absl::Status ReadEntry(const Json& entry, std::size_t index) {
    const std::string path =
        frames_alone_ && list_name_.empty() && index == kNotInList
            ? std::string()
            : Element(list_name_, index);
    if (!entry.is_object()) return WrongType(path, "an object", entry);
    if (Find(entry, "jsonrpc") != nullptr) {
      return ReadFrame(entry, index, path);
    }
    if (Find(entry, "role") == nullptr) {
      return FieldError(path,
                        "expected a conversation message {\"role\", "
                        "\"content\"} or a JSON-RPC frame {\"jsonrpc\", ...}");
    }
    std::string role;
    if (absl::Status s = ReadString(entry, "role", path, &role); !s.ok()) {
      return s;
    }
    const Json* content = Find(entry, "content");
    if (role == "tool" && content != nullptr && content->is_object()) {
      TraceMessage result;
      result.index = index;
      result.path = path;
      if (absl::Status s =
              ReadString(entry, "tool_call_id", path, &result.tool_call_id);
          !s.ok()) {
        return s;
      }
      if (absl::Status s =
              ReadOptionalString(entry, "name", path, &result.tool_name);
          !s.ok()) {
        return s;
      }
      if (result.tool_name.empty()) {
        if (auto it = call_names_.find(result.tool_call_id);
            it != call_names_.end()) {
          result.tool_name = it->second;
        }
      }
      return ReadCallToolResult(*content, Member(path, "content"),
                                std::move(result));
    }
    TraceMessage message;
    if (absl::Status s =
            ReadChatMessage(entry, index, path, &call_names_, trace_, &message);
        !s.ok()) {
      return s;
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

 private:
  absl::Status ReadFrame(const Json& frame, std::size_t index,
                         const std::string& path) {
    const Json* id = Find(frame, "id");
    const Json* method = Find(frame, "method");
    if (method != nullptr) {
      if (!method->is_string()) {
        return WrongType(Member(path, "method"), "a string", *method);
      }
      if (id == nullptr || id->is_null()) return absl::OkStatus();  // notice
      std::string id_text;
      if (absl::Status s = ReadIdText(*id, Member(path, "id"), &id_text);
          !s.ok()) {
        return s;
      }
      if (method->get_ref<const Json::string_t&>() != "tools/call") {
        requests_[id_text] = std::nullopt;  // protocol traffic
        return absl::OkStatus();
      }
      const Json* params = Find(frame, "params");
      const std::string params_path = Member(path, "params");
      if (params == nullptr) return Missing(params_path);
      if (!params->is_object()) {
        return WrongType(params_path, "an object", *params);
      }
      TraceToolCall call;
      call.id = id_text;
      if (absl::Status s = ReadString(*params, "name", params_path, &call.name);
          !s.ok()) {
        return s;
      }
      requests_[id_text] = call.name;
      TraceMessage message;
      message.role = TraceRole::kAssistant;
      message.index = index;
      message.path = path;
      message.tool_calls.push_back(std::move(call));
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    const Json* result = Find(frame, "result");
    const Json* error = Find(frame, "error");
    if (result == nullptr && error == nullptr) {
      return FieldError(path,
                        "a JSON-RPC frame needs \"method\", \"result\" or "
                        "\"error\"");
    }
    if (id == nullptr) return Missing(Member(path, "id"));
    std::string id_text;
    if (absl::Status s = ReadIdText(*id, Member(path, "id"), &id_text);
        !s.ok()) {
      return s;
    }
    auto request = requests_.find(id_text);
    std::string tool_name;
    if (request == requests_.end()) {
      if (!frames_alone_) {
        return FieldError(Member(path, "id"),
                          "no tools/call or other request with this id "
                          "before this response");
      }
      Warn(trace_, Concat(Member(path, "id"),
                          ": a response whose request is not in the record; "
                          "read as a tool result"));
    } else if (!request->second.has_value()) {
      return absl::OkStatus();  // protocol
    } else {
      tool_name = *request->second;
    }
    TraceMessage message;
    message.index = index;
    message.path = path;
    message.tool_call_id = id_text;
    message.tool_name = tool_name;
    if (error != nullptr) {
      message.role = TraceRole::kToolResult;
      message.is_error = true;
      if (error->is_object()) {
        if (absl::Status s = ReadOptionalString(
                *error, "message", Member(path, "error"), &message.text);
            !s.ok()) {
          return s;
        }
      }
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    return ReadCallToolResult(*result, Member(path, "result"),
                              std::move(message));
  }

  // A CallToolResult: {"content": [parts], "structuredContent"?, "isError"?}.
  absl::Status ReadCallToolResult(const Json& result, const std::string& path,
                                  TraceMessage message) {
    message.role = TraceRole::kToolResult;
    if (!result.is_object()) return WrongType(path, "an object", result);
    if (absl::Status s =
            ReadOptionalBool(result, "isError", path, &message.is_error);
        !s.ok()) {
      return s;
    }
    const Json* content = Find(result, "content");
    const Json* structured = Find(result, "structuredContent");
    if (content == nullptr && structured == nullptr) {
      return Missing(Member(path, "content"));
    }
    if (content != nullptr) {
      const std::string content_path = Member(path, "content");
      message.path = content_path;
      if (!content->is_array()) {
        return WrongType(content_path, "an array of parts", *content);
      }
      if (absl::Status s =
              ReadParts(*content, content_path, "content",
                        "text, resource, image, audio or resource_link",
                        ReadMcpPart, trace_, &message);
          !s.ok()) {
        return s;
      }
    }
    if (structured != nullptr && !structured->is_null()) {
      TraceMessage structured_message = message;
      structured_message.path = Member(path, "structuredContent");
      structured_message.text = JsonText(*structured);
      if (content != nullptr) trace_->messages.push_back(std::move(message));
      trace_->messages.push_back(std::move(structured_message));
      return absl::OkStatus();
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  Trace* trace_;
  std::string list_name_;
  bool frames_alone_ = false;
  std::unordered_map<std::string, std::string> call_names_;
  // JSON-RPC request id -> tool name for tools/call, nullopt for other
  // methods.
  std::unordered_map<std::string, std::optional<std::string>> requests_;
};

}  // namespace

absl::Status ReadMcp(const Json& record, Trace* trace) {
  // Frames alone: a bare array of them, or one frame as the whole record.
  if (IsList(record)) {
    McpReader reader(trace, "", /*frames_alone=*/true);
    if (absl::Status s = ReadEachElement(record,
                                         [&](const Json& entry, std::size_t i) {
                                           return reader.ReadEntry(entry, i);
                                         });
        !s.ok()) {
      return s;
    }
    MarkTextBesideToolCalls(trace);
    return absl::OkStatus();
  }
  if (!record.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"messages\"}, got ",
               TypeName(record)));
  }
  if (Find(record, "jsonrpc") != nullptr &&
      Find(record, "messages") == nullptr) {
    McpReader reader(trace, "", /*frames_alone=*/true);
    return reader.ReadEntry(record, kNotInList);
  }
  if (absl::Status s = ReadRecordId(record, trace); !s.ok()) return s;
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) return Missing("messages");
  if (!IsList(*messages)) {
    return WrongType("messages", "an array", *messages);
  }
  McpReader reader(trace, "messages", /*frames_alone=*/false);
  if (absl::Status s = ReadEachElement(*messages,
                                       [&](const Json& entry, std::size_t i) {
                                         return reader.ReadEntry(entry, i);
                                       });
      !s.ok()) {
    return s;
  }
  MarkTextBesideToolCalls(trace);
  return absl::OkStatus();
}

}  // namespace groundgate::traces
