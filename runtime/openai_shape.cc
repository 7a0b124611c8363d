// runtime/openai_shape.cc — the conversation in the OpenAI chat-completions
// shape, both ways.
//
// Its one job: write a ModelRequest as the body of a chat-completions call
// and read a response (or a bare assistant message) back into a ModelReply,
// with its usage and finish_reason when present, so a ModelClient is a thin
// HTTP call.
//
// What it does NOT do: HTTP, authentication, or model settings ("model",
// "temperature" are the caller's to add). It never throws: text is checked
// for depth before it is parsed, every member is checked before it is read,
// and object arguments nesting deeper than kMaxToolArgumentDepth are refused
// before they are dumped.
#include <cstdint>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "base/clip.h"
#include "base/json_depth.h"
#include "groundgate/agent.h"
#include "nlohmann/json.hpp"
#include "stages/verdict_json.h"
#include "traces/record_fields.h"

namespace groundgate {
namespace {

using OrderedJson = nlohmann::ordered_json;

// A string member of `object`, or nullopt when absent or not a string.
std::optional<std::string> StringMember(const nlohmann::json& object,
                                        std::string_view key) {
  if (!object.is_object()) return std::nullopt;
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// A token count member of `object`: a non-negative integer that fits in
// int64, or nullopt.
std::optional<std::int64_t> CountMember(const nlohmann::json& object,
                                        std::string_view key) {
  if (!object.is_object()) return std::nullopt;
  const auto it = object.find(key);
  if (it == object.end()) return std::nullopt;
  if (it->is_number_unsigned()) {
    const std::uint64_t count = it->get<std::uint64_t>();
    if (count >
        static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(count);
  }
  if (it->is_number_integer() && it->get<std::int64_t>() >= 0) {
    return it->get<std::int64_t>();
  }
  return std::nullopt;
}

// response.usage, when it carries at least one count. A missing total is
// the sum of the other two.
std::optional<Usage> UsageMember(const nlohmann::json& response) {
  if (!response.is_object()) return std::nullopt;
  const auto usage = response.find("usage");
  if (usage == response.end() || !usage->is_object()) return std::nullopt;
  const std::optional<std::int64_t> prompt =
      CountMember(*usage, "prompt_tokens");
  const std::optional<std::int64_t> completion =
      CountMember(*usage, "completion_tokens");
  const std::optional<std::int64_t> total = CountMember(*usage, "total_tokens");
  if (!prompt && !completion && !total) return std::nullopt;
  Usage out;
  out.prompt_tokens = prompt.value_or(0);
  out.completion_tokens = completion.value_or(0);
  out.total_tokens = total.value_or(out.prompt_tokens + out.completion_tokens);
  return out;
}

// A tool's parameters as JSON: its text parsed as an nlohmann::json, whose
// objects keep their members in name order; {} when the text is not a JSON
// object (ToolRegistry::Register refuses such a tool).
nlohmann::json ParametersJson(std::string_view text) {
  if (base::JsonNestsDeeperThan(text, kMaxToolArgumentDepth)) {
    return nlohmann::json::object();
  }
  nlohmann::json parameters =
      nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!parameters.is_object()) return nlohmann::json::object();
  return parameters;
}

absl::StatusOr<ModelReply> ReadReply(const nlohmann::json& response);

}  // namespace

std::string_view RoleName(Role role) {
  switch (role) {
    case Role::kSystem:
      return "system";
    case Role::kUser:
      return "user";
    case Role::kAssistant:
      return "assistant";
    case Role::kTool:
      return "tool";
  }
  return "user";
}

namespace {

// OpenAI's spelling of a tool choice.
OrderedJson ToolChoiceJson(const ToolChoice& choice) {
  switch (choice.mode) {
    case ToolChoice::Mode::kAuto:
      return "auto";
    case ToolChoice::Mode::kRequired:
      return "required";
    case ToolChoice::Mode::kNone:
      return "none";
    case ToolChoice::Mode::kFunction:
      break;
  }
  OrderedJson named;
  named["type"] = "function";
  named["function"] = {{"name", choice.function}};
  return named;
}

}  // namespace

std::string ToOpenAiJson(const ModelRequest& request) {
  OrderedJson body;
  OrderedJson messages = OrderedJson::array();
  for (const Message& message : request.messages) {
    OrderedJson m;
    m["role"] = std::string(RoleName(message.role));
    if (message.role == Role::kAssistant && !message.tool_calls.empty()) {
      m["content"] = message.content.empty() ? OrderedJson(nullptr)
                                             : OrderedJson(message.content);
      OrderedJson calls = OrderedJson::array();
      for (const ToolCall& call : message.tool_calls) {
        OrderedJson c;
        c["id"] = call.id;
        c["type"] = "function";
        c["function"] = {{"name", call.name}, {"arguments", call.arguments}};
        calls.push_back(std::move(c));
      }
      m["tool_calls"] = std::move(calls);
    } else {
      m["content"] = message.content;
    }
    if (message.role == Role::kTool) {
      m["tool_call_id"] = message.tool_call_id;
      if (!message.name.empty()) m["name"] = message.name;
    }
    messages.push_back(std::move(m));
  }
  body["messages"] = std::move(messages);
  if (!request.tools.empty()) {
    OrderedJson tools = OrderedJson::array();
    for (const ToolSpec& spec : request.tools) {
      OrderedJson function;
      function["name"] = spec.name;
      function["description"] = spec.description;
      function["parameters"] = OrderedJson(ParametersJson(spec.parameters));
      OrderedJson tool;
      tool["type"] = "function";
      tool["function"] = std::move(function);
      tools.push_back(std::move(tool));
    }
    body["tools"] = std::move(tools);
    // Only beside "tools": OpenAI and vLLM refuse either alone (400,
    // "'tool_choice' is only allowed when 'tools' are specified"). A
    // wrap-up request offers no tools, which is how it asks for an answer.
    if (request.tool_choice.has_value()) {
      body["tool_choice"] = ToolChoiceJson(*request.tool_choice);
    }
    if (request.parallel_tool_calls.has_value()) {
      body["parallel_tool_calls"] = *request.parallel_tool_calls;
    }
  }
  return stages::DumpJson(body);
}

absl::StatusOr<ModelReply> ModelReplyFromOpenAiJson(std::string_view response) {
  // No scan before the parse: nlohmann's parser (3.11) keeps its nesting on
  // the heap, and ReadReply dumps only arguments it has checked for depth.
  const nlohmann::json parsed =
      nlohmann::json::parse(response, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) {
    return absl::InvalidArgumentError("OpenAI response: not JSON");
  }
  return ReadReply(parsed);
}

namespace {

absl::StatusOr<ModelReply> ReadReply(const nlohmann::json& response) {
  const nlohmann::json* message = &response;
  std::string finish_reason;
  if (response.is_object() && response.contains("choices")) {
    const nlohmann::json& choices = response["choices"];
    if (!choices.is_array() || choices.empty() || !choices[0].is_object() ||
        !choices[0].contains("message")) {
      return absl::InvalidArgumentError(
          "OpenAI response: choices[0].message is missing");
    }
    message = &choices[0]["message"];
    finish_reason = StringMember(choices[0], "finish_reason").value_or("");
  }
  if (!message->is_object()) {
    return absl::InvalidArgumentError(
        "OpenAI response: the message is not a JSON object");
  }
  ModelReply reply;
  reply.usage = UsageMember(response);
  reply.finish_reason = std::move(finish_reason);
  if (response.is_object()) {
    reply.id = base::ClipUtf8(StringMember(response, "id").value_or(""),
                              kMaxIdBytesInEvents);
  }
  if (std::optional<std::string> content = StringMember(*message, "content")) {
    reply.content = *std::move(content);
  }
  const auto calls = message->find("tool_calls");
  if (calls == message->end() || calls->is_null()) return reply;
  if (!calls->is_array()) {
    return absl::InvalidArgumentError(
        "OpenAI response: message.tool_calls is not an array");
  }
  for (std::size_t i = 0; i < calls->size(); ++i) {
    const nlohmann::json& call = (*calls)[i];
    const auto function = call.is_object() ? call.find("function") : call.end();
    if (!call.is_object() || function == call.end() || !function->is_object()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "OpenAI response: tool_calls[", i, "].function is missing"));
    }
    std::optional<std::string> name = StringMember(*function, "name");
    if (!name.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "OpenAI response: tool_calls[", i, "].function.name is missing"));
    }
    ToolCall out;
    out.id = StringMember(call, "id").value_or("");
    out.name = *std::move(name);
    // Some servers send the arguments as an object rather than JSON text.
    const auto arguments = function->find("arguments");
    // Before the dump, which recurses once per level.
    if (arguments != function->end() &&
        traces::FindNestingDeeperThan(*arguments, kMaxToolArgumentDepth, "")
            .has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "OpenAI response: tool_calls[", i,
          "].function.arguments nest deeper than ", kMaxToolArgumentDepth));
    }
    if (arguments != function->end()) {
      out.arguments =
          arguments->is_string()
              ? arguments->get<std::string>()
              : arguments->dump(-1, ' ', false,
                                nlohmann::json::error_handler_t::replace);
    }
    reply.tool_calls.push_back(std::move(out));
  }
  return reply;
}

}  // namespace

}  // namespace groundgate
