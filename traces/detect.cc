// traces/detect.cc — a record's trace format, named from its
// shape.
//
// Its one job: DetectTraceFormat (groundgate/trace.h, on a parsed record:
// traces/trace_json.h): look at the keys
// and the types of a record's entries, and name the format whose reader
// should take it. It sits before the adapters in ReadTraceRecord.
//
// What it does NOT do: check the record (the reader of the format it names
// does, and names what is wrong), or fail: a record of no known shape is
// named openai-chat, whose reader then says what is missing.
#include <optional>
#include <string>
#include <string_view>

#include "base/json_parse.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "traces/record_fields.h"
#include "traces/trace_json.h"

namespace groundgate {
namespace {

using traces::Find;
using Json = nlohmann::json;

std::string_view TypeOf(const Json& object) {
  const Json* type = Find(object, "type");
  if (type == nullptr || !type->is_string()) return {};
  return type->get_ref<const Json::string_t&>();
}

bool IsString(const Json* value, std::string_view text) {
  return value != nullptr && value->is_string() &&
         value->get_ref<const Json::string_t&>() == text;
}

// True when some object of message["content"] (an array) has a "type"
// that `is_sign` accepts.
bool AnyContentOfType(const Json& message,
                      bool (*is_sign)(std::string_view type)) {
  const Json* content = Find(message, "content");
  if (content == nullptr || !content->is_array()) return false;
  for (const Json& part : *content) {
    if (part.is_object() && is_sign(TypeOf(part))) return true;
  }
  return false;
}

// Content blocks only the Anthropic Messages format uses.
bool IsAnthropicBlockType(std::string_view name) {
  return name == "tool_use" || name == "tool_result" || name == "thinking" ||
         name == "redacted_thinking" || name == "server_tool_use" ||
         name == "mcp_tool_use" || name == "mcp_tool_result" ||
         name == "container_upload" || name == "search_result" ||
         name == "compaction" ||
         (name.size() > 12 && name.ends_with("_tool_result"));
}

// A text block with "citations": only Anthropic cites on the block (Chat
// and Responses annotate).
bool HasCitedText(const Json& message) {
  const Json* content = Find(message, "content");
  if (content == nullptr || !content->is_array()) return false;
  for (const Json& part : *content) {
    if (!part.is_object() || TypeOf(part) != "text") continue;
    const Json* citations = Find(part, "citations");
    if (citations != nullptr && citations->is_array()) return true;
  }
  return false;
}

// A Responses item other than a message: "type": "message" is no sign,
// for Chat records may carry it too.
bool IsResponsesItem(const Json& message) {
  const std::string_view name = TypeOf(message);
  if (name.empty() || name == "message") return false;
  return name == "function_call" || name == "function_call_output" ||
         name == "reasoning" || name == "custom_tool_call" ||
         name == "custom_tool_call_output" || name == "mcp_call" ||
         name == "mcp_list_tools" || name == "mcp_approval_request" ||
         name == "mcp_approval_response" || name == "web_search_call" ||
         name == "file_search_call" || name == "code_interpreter_call" ||
         name == "image_generation_call" || name == "computer_call" ||
         name == "computer_call_output" || name == "local_shell_call" ||
         name == "local_shell_call_output" || name == "shell_call" ||
         name == "shell_call_output" || name == "apply_patch_call" ||
         name == "apply_patch_call_output" || name == "tool_search_call" ||
         name == "tool_search_output" || name == "additional_tools" ||
         name == "item_reference" || name == "compaction";
}

// Content parts of the Responses spelling.
bool IsResponsesPartType(std::string_view name) {
  return name == "input_text" || name == "output_text";
}

// What only Chat Completions messages carry (the legacy "function_call"
// and "function" role included).
bool HasChatShape(const Json& message) {
  return Find(message, "tool_calls") != nullptr ||
         Find(message, "tool_call_id") != nullptr ||
         Find(message, "function_call") != nullptr ||
         IsString(Find(message, "role"), "tool") ||
         IsString(Find(message, "role"), "function");
}

// A bare array: JSON-RPC frames (mcp) or evidenceflow steps (objects with
// a "type" and some with "content").
TraceFormat DetectBareArray(const Json& record) {
  std::optional<TraceFormat> found;
  bool steps = true;
  bool content = false;
  bool any = false;
  base::ForEachElement(record, [&](const Json& entry) {
    any = true;
    if (!entry.is_object()) {
      found = TraceFormat::kOpenAiChat;
    } else if (Find(entry, "jsonrpc") != nullptr) {
      found = TraceFormat::kMcp;
    } else {
      if (TypeOf(entry).empty()) steps = false;
      if (Find(entry, "content") != nullptr) content = true;
    }
    return !found.has_value();
  });
  if (found.has_value()) return *found;
  return any && steps && content ? TraceFormat::kEvidenceFlow
                                 : TraceFormat::kOpenAiChat;
}

}  // namespace

TraceFormat DetectTraceFormat(const nlohmann::json& record) {
  if (base::IsList(record)) return DetectBareArray(record);
  if (!record.is_object()) return TraceFormat::kOpenAiChat;
  if (Find(record, "steps") != nullptr) return TraceFormat::kEvidenceFlow;
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) {
    if (Find(record, "jsonrpc") != nullptr) return TraceFormat::kMcp;
    if (Find(record, "input") != nullptr || Find(record, "output") != nullptr) {
      return TraceFormat::kOpenAiResponses;
    }
    return TraceFormat::kOpenAiChat;
  }
  if (!base::IsList(*messages)) return TraceFormat::kOpenAiChat;
  bool mcp = false;
  bool anthropic = false;
  bool responses = false;
  bool chat = false;
  bool responses_parts = false;
  base::ForEachElement(*messages, [&](const Json& message) {
    if (!message.is_object()) return true;
    const Json* content = Find(message, "content");
    if (Find(message, "jsonrpc") != nullptr ||
        (IsString(Find(message, "role"), "tool") && content != nullptr &&
         content->is_object())) {
      mcp = true;
      return false;
    }
    // Past the first format found in the order below, the later ones no
    // longer decide: only the messages' own shapes that still could are read.
    if (anthropic) return true;
    if (AnyContentOfType(message, IsAnthropicBlockType) ||
        HasCitedText(message)) {
      anthropic = true;
      return true;
    }
    if (responses) return true;
    if (IsResponsesItem(message)) {
      responses = true;
      return true;
    }
    if (!chat && HasChatShape(message)) chat = true;
    if (!chat && !responses_parts &&
        AnyContentOfType(message, IsResponsesPartType)) {
      responses_parts = true;
    }
    return true;
  });
  if (mcp) return TraceFormat::kMcp;
  if (anthropic) return TraceFormat::kAnthropicMessages;
  if (responses) return TraceFormat::kOpenAiResponses;
  if (chat) return TraceFormat::kOpenAiChat;
  if (responses_parts) return TraceFormat::kOpenAiResponses;
  if (Find(record, "system") != nullptr) return TraceFormat::kAnthropicMessages;
  return TraceFormat::kOpenAiChat;
}

}  // namespace groundgate
