// runtime/adapters/anthropic_messages.cc — Anthropic Messages to neutral
// messages.
//
// Its one job: read {"id", "system"?, "messages": [{"role": "user" |
// "assistant", "content": string | [blocks]}]} where a block is text,
// tool_use (id, name, input) or its server and MCP kin, tool_result
// (tool_use_id, content as a string or blocks, is_error) or mcp_tool_result,
// thinking (reasoning), or a block that carries no text (image, document,
// redacted_thinking). The top-level system (a string or text blocks) is the
// application's text. A user message's text beside tool_result blocks is
// exempt but starts no user turn: the tool results are not the user
// speaking.
//
// What it does NOT do: read tool_use input (never evidence, law 3), or
// skip a block type it does not know: that is an error naming the block.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "absl/status/status.h"
#include "runtime/adapters/record_fields.h"

namespace groundgate::adapters {
namespace {

constexpr std::string_view kBlockTypes =
    "text, tool_use, server_tool_use, mcp_tool_use, tool_result, "
    "mcp_tool_result, thinking, redacted_thinking, image or document";

bool IsToolUse(std::string_view type) {
  return type == "tool_use" || type == "server_tool_use" ||
         type == "mcp_tool_use";
}

bool IsToolResult(std::string_view type) {
  return type == "tool_result" || type == "mcp_tool_result";
}

bool CarriesNoText(std::string_view type) {
  return type == "image" || type == "document" || type == "redacted_thinking";
}

class AnthropicReader {
 public:
  explicit AnthropicReader(Trace* trace) : trace_(trace) {}

  absl::Status ReadSystem(const Json& system) {
    TraceMessage message;
    message.role = TraceRole::kSystem;
    message.path = "system";
    if (absl::Status s =
            ReadTextContent(system, "system", {"text"}, {}, &message.text);
        !s.ok()) {
      return s;
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  absl::Status ReadMessage(const Json& message, std::size_t index) {
    const std::string path = Element("messages", index);
    if (!message.is_object()) return WrongType(path, "an object", message);
    std::string role;
    if (absl::Status s = ReadString(message, "role", path, &role); !s.ok()) {
      return s;
    }
    if (role != "user" && role != "assistant") {
      return FieldError(Member(path, "role"),
                        "unknown role (expected user or assistant)");
    }
    const bool is_user = role == "user";
    const Json* content = Find(message, "content");
    const std::string content_path = Member(path, "content");
    if (content == nullptr) return Missing(content_path);
    if (content->is_string()) {
      TraceMessage out;
      out.role = is_user ? TraceRole::kUser : TraceRole::kAssistant;
      out.index = index;
      out.path = path;
      out.text = content->get<std::string>();
      trace_->messages.push_back(std::move(out));
      return absl::OkStatus();
    }
    if (!content->is_array()) {
      return WrongType(content_path, "a string or an array of blocks",
                       *content);
    }
    // The message's text blocks, joined, and its calls.
    TraceMessage text;
    text.role = is_user ? TraceRole::kUser : TraceRole::kAssistant;
    text.index = index;
    text.path = path;
    bool has_text = false;
    bool has_tool_result = false;
    std::vector<TraceMessage> out;  // results and reasoning, in block order
    for (std::size_t b = 0; b < content->size(); ++b) {
      const Json& block = (*content)[b];
      const std::string block_path = Element(content_path, b);
      if (!block.is_object()) return WrongType(block_path, "an object", block);
      std::string type;
      if (absl::Status s = ReadString(block, "type", block_path, &type);
          !s.ok()) {
        return s;
      }
      if (type == "text") {
        std::string part;
        if (absl::Status s = ReadString(block, "text", block_path, &part);
            !s.ok()) {
          return s;
        }
        if (has_text) text.text += '\n';
        text.text += part;
        has_text = true;
      } else if (IsToolUse(type)) {
        if (is_user) {
          return FieldError(Member(block_path, "type"),
                            "a tool_use block in a user message");
        }
        TraceToolCall call;
        if (absl::Status s = ReadString(block, "id", block_path, &call.id);
            !s.ok()) {
          return s;
        }
        if (absl::Status s = ReadString(block, "name", block_path, &call.name);
            !s.ok()) {
          return s;
        }
        call_names_[call.id] = call.name;
        text.tool_calls.push_back(std::move(call));
      } else if (IsToolResult(type)) {
        TraceMessage result;
        if (absl::Status s = ReadToolResult(block, index, block_path, &result);
            !s.ok()) {
          return s;
        }
        has_tool_result = true;
        out.push_back(std::move(result));
      } else if (type == "thinking") {
        TraceMessage reasoning;
        reasoning.role = TraceRole::kReasoning;
        reasoning.index = index;
        reasoning.path = block_path;
        if (absl::Status s =
                ReadString(block, "thinking", block_path, &reasoning.text);
            !s.ok()) {
          return s;
        }
        out.push_back(std::move(reasoning));
      } else if (!CarriesNoText(type)) {
        return FieldError(
            Member(block_path, "type"),
            Concat("unknown block type (expected ", kBlockTypes, ")"));
      }
    }
    // Reasoning and results come first: the tool results a user message
    // carries precede its text, and an assistant's thinking precedes what
    // it says.
    for (TraceMessage& message_out : out) {
      trace_->messages.push_back(std::move(message_out));
    }
    if (has_text || !text.tool_calls.empty()) {
      if (is_user && has_tool_result) text.starts_user_turn = false;
      trace_->messages.push_back(std::move(text));
    }
    return absl::OkStatus();
  }

 private:
  absl::Status ReadToolResult(const Json& block, std::size_t index,
                              const std::string& path, TraceMessage* result) {
    result->role = TraceRole::kToolResult;
    result->index = index;
    result->path = path;
    if (absl::Status s =
            ReadString(block, "tool_use_id", path, &result->tool_call_id);
        !s.ok()) {
      return s;
    }
    if (auto it = call_names_.find(result->tool_call_id);
        it != call_names_.end()) {
      result->tool_name = it->second;
    }
    const Json* content = Find(block, "content");
    if (content != nullptr) {
      if (absl::Status s = ReadTextContent(
              *content, Member(path, "content"), {"text"},
              {"image", "document", "search_result"}, &result->text);
          !s.ok()) {
        return s;
      }
    }
    const Json* is_error = Find(block, "is_error");
    if (is_error != nullptr && !is_error->is_null()) {
      if (!is_error->is_boolean()) {
        return WrongType(Member(path, "is_error"), "a boolean", *is_error);
      }
      result->is_error = is_error->get<bool>();
    }
    return absl::OkStatus();
  }

  Trace* trace_;
  std::unordered_map<std::string, std::string> call_names_;
};

}  // namespace

absl::Status ReadAnthropicMessages(const Json& record, Trace* trace) {
  if (!record.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"system\", \"messages\"}, "
               "got ",
               record.type_name()));
  }
  if (absl::Status s = ReadRecordId(record, trace); !s.ok()) return s;
  AnthropicReader reader(trace);
  const Json* system = Find(record, "system");
  if (system != nullptr && !system->is_null()) {
    if (absl::Status s = reader.ReadSystem(*system); !s.ok()) return s;
  }
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) return Missing("messages");
  if (!messages->is_array()) {
    return WrongType("messages", "an array", *messages);
  }
  for (std::size_t i = 0; i < messages->size(); ++i) {
    if (absl::Status s = reader.ReadMessage((*messages)[i], i); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace groundgate::adapters
