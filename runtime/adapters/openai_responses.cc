// runtime/adapters/openai_responses.cc — OpenAI Responses API items to
// neutral messages.
//
// Its one job: read {"id", "instructions"?, "input": string | [items],
// "output"?: [items]} (or the items under "messages") where an item is a
// message (role user, system, developer or assistant; content a string or
// input_text / output_text parts), a function_call (call_id, name), a
// function_call_output (call_id, output), a custom_tool_call and its
// output, an mcp_call (a call and its output or error in one item) or a
// reasoning item (summary / content text). Positions count input items
// first, then output items.
//
// What it does NOT do: read call arguments (never evidence, law 3), or
// guess at an item type it does not know: that is an error naming the
// item. Built-in tool items that carry no text the gate reads (web search,
// computer use, image generation, ...) are skipped by name.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "absl/status/status.h"
#include "runtime/adapters/record_fields.h"

namespace groundgate::adapters {
namespace {

// Item types that hold nothing a value is read from or stated in.
constexpr std::string_view kSkippedItemTypes[] = {
    "web_search_call",         "computer_call",         "computer_call_output",
    "image_generation_call",   "code_interpreter_call", "local_shell_call",
    "local_shell_call_output", "item_reference",        "mcp_list_tools",
    "mcp_approval_request",    "mcp_approval_response", "file_search_call",
};

constexpr std::string_view kItemTypes =
    "message, function_call, function_call_output, custom_tool_call, "
    "custom_tool_call_output, mcp_call or reasoning";

class ResponsesReader {
 public:
  explicit ResponsesReader(Trace* trace) : trace_(trace) {}

  absl::Status ReadList(const Json& items, std::string_view list_name) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (absl::Status s =
              ReadItem(items[i], next_index_, Element(list_name, i));
          !s.ok()) {
        return s;
      }
      ++next_index_;
    }
    return absl::OkStatus();
  }

  // `input` given as one string: one user message.
  void AddInputText(const std::string& text) {
    TraceMessage message;
    message.role = TraceRole::kUser;
    message.index = next_index_++;
    message.path = "input";
    message.text = text;
    trace_->messages.push_back(std::move(message));
  }

  void AddInstructions(const std::string& text) {
    TraceMessage message;
    message.role = TraceRole::kSystem;
    message.path = "instructions";
    message.text = text;
    trace_->messages.push_back(std::move(message));
  }

 private:
  absl::Status ReadItem(const Json& item, std::size_t index,
                        const std::string& path) {
    if (!item.is_object()) return WrongType(path, "an object", item);
    std::string type;
    // An easy input message ({"role", "content"}) has no type.
    if (Find(item, "type") == nullptr && Find(item, "role") != nullptr) {
      type = "message";
    } else if (absl::Status s = ReadString(item, "type", path, &type);
               !s.ok()) {
      return s;
    }
    TraceMessage message;
    message.index = index;
    message.path = path;
    if (type == "message") return ReadMessage(item, std::move(message));
    if (type == "function_call" || type == "custom_tool_call") {
      TraceToolCall call;
      if (absl::Status s = ReadString(item, "call_id", path, &call.id);
          !s.ok()) {
        return s;
      }
      if (absl::Status s = ReadString(item, "name", path, &call.name);
          !s.ok()) {
        return s;
      }
      call_names_[call.id] = call.name;
      message.role = TraceRole::kAssistant;
      message.tool_calls.push_back(std::move(call));
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    if (type == "function_call_output" || type == "custom_tool_call_output") {
      message.role = TraceRole::kToolResult;
      if (absl::Status s =
              ReadString(item, "call_id", path, &message.tool_call_id);
          !s.ok()) {
        return s;
      }
      const Json* output = Find(item, "output");
      if (output == nullptr) return Missing(Member(path, "output"));
      if (absl::Status s = ReadTextContent(
              *output, Member(path, "output"), {"input_text", "output_text"},
              {"input_image", "input_file"}, &message.text);
          !s.ok()) {
        return s;
      }
      if (auto it = call_names_.find(message.tool_call_id);
          it != call_names_.end()) {
        message.tool_name = it->second;
      }
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    if (type == "mcp_call") return ReadMcpCall(item, std::move(message));
    if (type == "reasoning") {
      message.role = TraceRole::kReasoning;
      for (std::string_view key : {"summary", "content"}) {
        const Json* parts = Find(item, key);
        if (parts == nullptr || parts->is_null()) continue;
        std::string text;
        if (absl::Status s =
                ReadTextContent(*parts, Member(path, key),
                                {"summary_text", "reasoning_text"}, {}, &text);
            !s.ok()) {
          return s;
        }
        if (!text.empty() && !message.text.empty()) message.text += '\n';
        message.text += text;
      }
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    for (std::string_view skipped : kSkippedItemTypes) {
      if (type == skipped) return absl::OkStatus();
    }
    return FieldError(Member(path, "type"),
                      Concat("unknown item type (expected ", kItemTypes, ")"));
  }

  absl::Status ReadMessage(const Json& item, TraceMessage message) {
    const std::string& path = message.path;
    std::string role;
    if (absl::Status s = ReadString(item, "role", path, &role); !s.ok()) {
      return s;
    }
    if (role == "system" || role == "developer") {
      message.role = TraceRole::kSystem;
    } else if (role == "user") {
      message.role = TraceRole::kUser;
    } else if (role == "assistant") {
      message.role = TraceRole::kAssistant;
    } else {
      return FieldError(Member(path, "role"),
                        "unknown role (expected system, developer, user or "
                        "assistant)");
    }
    const Json* content = Find(item, "content");
    if (content == nullptr) return Missing(Member(path, "content"));
    if (absl::Status s = ReadTextContent(
            *content, Member(path, "content"),
            {"input_text", "output_text", "text"},
            {"input_image", "input_file", "input_audio", "refusal"},
            &message.text);
        !s.ok()) {
      return s;
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  // A remote MCP tool call: the call and its result in one item.
  absl::Status ReadMcpCall(const Json& item, TraceMessage message) {
    const std::string path = message.path;
    TraceToolCall call;
    if (absl::Status s = ReadString(item, "id", path, &call.id); !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadString(item, "name", path, &call.name); !s.ok()) {
      return s;
    }
    TraceMessage result = message;
    message.role = TraceRole::kAssistant;
    message.tool_calls.push_back(call);
    trace_->messages.push_back(std::move(message));

    result.role = TraceRole::kToolResult;
    result.tool_call_id = call.id;
    result.tool_name = call.name;
    std::string error;
    if (absl::Status s = ReadOptionalString(item, "error", path, &error);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadOptionalString(item, "output", path, &result.text);
        !s.ok()) {
      return s;
    }
    if (!error.empty()) {
      result.is_error = true;
      result.text = error;
    }
    trace_->messages.push_back(std::move(result));
    return absl::OkStatus();
  }

  Trace* trace_;
  std::size_t next_index_ = 0;
  std::unordered_map<std::string, std::string> call_names_;
};

}  // namespace

absl::Status ReadOpenAiResponses(const Json& record, Trace* trace) {
  if (!record.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"input\", \"output\"}, got ",
               record.type_name()));
  }
  if (absl::Status s = ReadRecordId(record, trace); !s.ok()) return s;
  ResponsesReader reader(trace);
  std::string instructions;
  if (absl::Status s =
          ReadOptionalString(record, "instructions", "", &instructions);
      !s.ok()) {
    return s;
  }
  if (!instructions.empty()) reader.AddInstructions(instructions);

  const Json* messages = Find(record, "messages");
  const Json* input = Find(record, "input");
  const Json* output = Find(record, "output");
  if (messages != nullptr) {
    if (!messages->is_array()) {
      return WrongType("messages", "an array of items", *messages);
    }
    if (absl::Status s = reader.ReadList(*messages, "messages"); !s.ok()) {
      return s;
    }
  } else if (input == nullptr && output == nullptr) {
    return Missing("input");
  }
  if (input != nullptr && !input->is_null()) {
    if (input->is_string()) {
      reader.AddInputText(input->get<std::string>());
    } else if (input->is_array()) {
      if (absl::Status s = reader.ReadList(*input, "input"); !s.ok()) return s;
    } else {
      return WrongType("input", "a string or an array of items", *input);
    }
  }
  if (output != nullptr && !output->is_null()) {
    if (!output->is_array()) {
      return WrongType("output", "an array of items", *output);
    }
    if (absl::Status s = reader.ReadList(*output, "output"); !s.ok()) return s;
  }
  MarkTextBesideToolCalls(trace);
  return absl::OkStatus();
}

}  // namespace groundgate::adapters
