// traces/openai_responses.cc — OpenAI Responses API items to
// neutral messages.
//
// Its one job: read {"id", "instructions"?, "input": string | [items],
// "output"?: [items]} (or the items under "messages"). An item is a message
// (role user, system, developer or assistant; content a string or parts:
// input_text / output_text / text read, refusal read, input_image /
// input_file / input_audio unreadable); a call the model made
// (function_call, custom_tool_call, computer_call, local_shell_call,
// shell_call, apply_patch_call, tool_search_call, mcp_approval_request) or
// its result (function_call_output, custom_tool_call_output,
// computer_call_output, local_shell_call_output, shell_call_output,
// apply_patch_call_output, tool_search_output); a built-in tool the API ran,
// call and result in one item (web_search_call, file_search_call,
// code_interpreter_call, image_generation_call, mcp_call); a reasoning item
// (summary / content text); tool lists the application gave
// (additional_tools, mcp_list_tools: the app's text); or what cannot be
// read here (item_reference to an item not in the record, compaction,
// a web search's pages, a screenshot): `unreadable`, so the corpus turns
// partial (law 5). An assistant message's annotations (url_citation,
// file_citation, ...) are read as the text of the results they cite (the
// web search that listed the URL, the file search that returned the file),
// placed before the message once its run of items is grouped
// (AddCitation). Positions count input items first, then output items.
//
// What it does NOT do: read call arguments (never evidence, law 3), or
// drop an item type it does not know without a word: it is a warning and
// makes the evidence partial (groundgate/trace.h).
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "traces/record_fields.h"

namespace groundgate::traces {
namespace {

constexpr std::string_view kItemTypes =
    "message, function_call, function_call_output, custom_tool_call, "
    "custom_tool_call_output, mcp_call or reasoning, or another documented "
    "item";
constexpr std::string_view kPartTypes =
    "input_text, output_text, text, refusal, input_image, input_file or "
    "input_audio";

// The text of an optional string member, or "" (a wrong type reads as "").
std::string_view OptionalText(const Json& object, std::string_view key) {
  const Json* value = Find(object, key);
  if (value == nullptr || !value->is_string()) return {};
  return value->get_ref<const Json::string_t&>();
}

// One content part of a message or of a call's output.
absl::StatusOr<PartRead> ReadContentPart(const Json& part,
                                         const std::string& type,
                                         const std::string& path,
                                         std::string* text) {
  if (type == "input_text" || type == "output_text" || type == "text" ||
      type == "refusal") {
    std::string part_text;
    if (absl::Status s = ReadString(
            part, type == "refusal" ? "refusal" : "text", path, &part_text);
        !s.ok()) {
      return s;
    }
    AppendLine(text, part_text);
    return PartRead::kText;
  }
  if (type == "input_image" || type == "input_file" || type == "input_audio") {
    return PartRead::kUnreadable;
  }
  return PartRead::kUnknown;
}

// Names and descriptions of a tool list, one per line: what the
// application told the model its tools are.
std::string ToolListText(const Json& tools) {
  std::string text;
  if (!tools.is_array()) return text;
  for (const Json& tool : tools) {
    if (!tool.is_object()) continue;
    AppendLine(&text, OptionalText(tool, "name"));
    AppendLine(&text, OptionalText(tool, "description"));
  }
  return text;
}

// The items that are a call the model made, whose result comes as an item
// of its own: the member holding the call id, and the name of the built-in
// tool the type stands for ("" when the item names its tool).
struct CallItem {
  std::string_view type;
  std::string_view id_key;
  std::string_view builtin_name;
};
constexpr CallItem kCallItems[] = {
    {"function_call", "call_id", ""},
    {"custom_tool_call", "call_id", ""},
    {"computer_call", "call_id", "computer"},
    {"local_shell_call", "call_id", "local_shell"},
    {"shell_call", "call_id", "shell"},
    {"apply_patch_call", "call_id", "apply_patch"},
    {"tool_search_call", "call_id", "tool_search"},
    {"mcp_approval_request", "id", ""},
};

// The built-in tools the API ran, the call and its result in one item,
// with the tool's name.
struct BuiltInItem {
  std::string_view type;
  std::string_view tool_name;
};
constexpr BuiltInItem kBuiltInItems[] = {
    {"web_search_call", "web_search"},
    {"file_search_call", "file_search"},
    {"code_interpreter_call", "code_interpreter"},
    {"image_generation_call", "image_generation"},
};

class ResponsesReader {
 public:
  explicit ResponsesReader(Trace* trace) : trace_(trace) {}

  absl::Status ReadList(const Json& items, std::string_view list_name) {
    return ReadEachElement(
        items, [&](const Json& item, std::size_t i) -> absl::Status {
          if (absl::Status s =
                  ReadItem(item, next_index_, Element(list_name, i));
              !s.ok()) {
            return s;
          }
          ++next_index_;
          return absl::OkStatus();
        });
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
    if (const std::string_view id = OptionalText(item, "id");
        !id.empty() && type != "item_reference") {
      item_ids_.emplace(id);
    }
    TraceMessage message;
    message.index = index;
    message.path = path;
    if (type == "message") return ReadMessage(item, std::move(message));
    if (type == "reasoning") return ReadReasoning(item, std::move(message));

    // Calls the model made; their results come as separate items.
    for (const CallItem& call : kCallItems) {
      if (type == call.type) {
        return AddCall(item, call.id_key, call.builtin_name,
                       std::move(message));
      }
    }

    // Their results.
    if (type == "function_call_output" || type == "custom_tool_call_output") {
      return ReadCallOutput(item, std::move(message));
    }
    if (type == "computer_call_output") {
      // A screenshot: what the model saw cannot be read here.
      if (absl::Status s = StartResult(item, std::move(message), &message);
          !s.ok()) {
        return s;
      }
      message.unreadable = true;
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    if (type == "local_shell_call_output") {
      return AddOutputText(item, std::move(message), /*is_error=*/false);
    }
    if (type == "shell_call_output") return ReadShellOutput(item, message);
    if (type == "apply_patch_call_output") {
      return AddOutputText(item, std::move(message),
                           OptionalText(item, "status") == "failed");
    }
    if (type == "tool_search_output") {
      if (absl::Status s = StartResult(item, std::move(message), &message,
                                       /*id_optional=*/true);
          !s.ok()) {
        return s;
      }
      if (const Json* tools = Find(item, "tools"); tools != nullptr) {
        message.text = ToolListText(*tools);
      }
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }

    // Built-in tools the API ran: the call and its result in one item.
    if (type == "mcp_call") return ReadMcpCall(item, std::move(message));
    for (const BuiltInItem& built_in : kBuiltInItems) {
      if (type == built_in.type) {
        return ReadBuiltIn(item, built_in.tool_name, std::move(message));
      }
    }

    // The application's own text: the tools it gave the model.
    if (type == "additional_tools" || type == "mcp_list_tools") {
      message.role = TraceRole::kSystem;
      if (const Json* tools = Find(item, "tools"); tools != nullptr) {
        message.text = ToolListText(*tools);
      }
      trace_->messages.push_back(std::move(message));
      return absl::OkStatus();
    }
    if (type == "mcp_approval_response") return absl::OkStatus();  // a yes/no

    // What was read before and is not in the record.
    if (type == "item_reference") {
      if (item_ids_.contains(std::string(OptionalText(item, "id")))) {
        return absl::OkStatus();  // the item itself is in the record
      }
      PushUnreadable(std::move(message));
      return absl::OkStatus();
    }
    if (type == "compaction") {
      PushUnreadable(std::move(message));
      return absl::OkStatus();
    }
    if (absl::Status s = UnknownType(trace_, path, "item", type, kItemTypes);
        !s.ok()) {
      return s;
    }
    PushUnreadable(std::move(message));
    return absl::OkStatus();
  }

  // An entry whose values cannot be read: records nothing, makes the
  // corpus partial.
  void PushUnreadable(TraceMessage message) {
    message.role = TraceRole::kToolResult;
    message.unreadable = true;
    trace_->messages.push_back(std::move(message));
  }

  // A call item: its id from `id_key`, its name from "name" or, for a
  // built-in tool, `builtin_name`.
  absl::Status AddCall(const Json& item, std::string_view id_key,
                       std::string_view builtin_name, TraceMessage message) {
    const std::string& path = message.path;
    TraceToolCall call;
    if (absl::Status s = ReadString(item, id_key, path, &call.id); !s.ok()) {
      // A tool search the API ran has a null call_id, and may have no id:
      // its id, else its path, names it.
      if (builtin_name != "tool_search") return s;
      call.id = OptionalText(item, "id");
      if (call.id.empty()) call.id = path;
    }
    if (builtin_name.empty()) {
      if (absl::Status s = ReadString(item, "name", path, &call.name);
          !s.ok()) {
        return s;
      }
    } else {
      call.name = builtin_name;
    }
    call_names_[call.id] = call.name;
    message.role = TraceRole::kAssistant;
    message.tool_calls.push_back(std::move(call));
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  // A result item: its call id ("call_id", else the item's "id", as
  // local_shell_call_output and a server tool_search_output spell it) and
  // the name of that call.
  // With `id_optional` (a tool search the API ran), an output with neither
  // is named by its path.
  // Adds `message` as the assistant turn that makes `call`, and returns the
  // tool result that answers it (same index and path) for the caller to
  // fill and add: the call and its result of an item that holds both.
  TraceMessage AddCallAndStartResult(TraceMessage message,
                                     const TraceToolCall& call) {
    TraceMessage result = message;
    message.role = TraceRole::kAssistant;
    message.tool_calls.push_back(call);
    trace_->messages.push_back(std::move(message));
    result.role = TraceRole::kToolResult;
    result.tool_call_id = call.id;
    result.tool_name = call.name;
    return result;
  }

  // The required member `key` of `item` read as content parts into
  // *message (ReadParts with the Responses part types).
  absl::Status ReadContentParts(const Json& item, std::string_view key,
                                const std::string& path,
                                TraceMessage* message) {
    const Json* content = Find(item, key);
    if (content == nullptr) return Missing(Member(path, key));
    return ReadParts(*content, Member(path, key), "part", kPartTypes,
                     ReadContentPart, trace_, message);
  }

  // A call's output item whose text is its "output" member.
  absl::Status AddOutputText(const Json& item, TraceMessage message,
                             bool is_error) {
    if (absl::Status s = StartResult(item, std::move(message), &message);
        !s.ok()) {
      return s;
    }
    message.text = OptionalText(item, "output");
    message.is_error = is_error;
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  absl::Status StartResult(const Json& item, TraceMessage message,
                           TraceMessage* out, bool id_optional = false) {
    const std::string path = message.path;
    message.role = TraceRole::kToolResult;
    if (!OptionalText(item, "call_id").empty()) {
      message.tool_call_id = OptionalText(item, "call_id");
    } else if (!OptionalText(item, "id").empty()) {
      message.tool_call_id = OptionalText(item, "id");
    } else if (id_optional) {
      message.tool_call_id = path;
    } else {
      return Missing(Member(path, "call_id"));
    }
    if (auto it = call_names_.find(message.tool_call_id);
        it != call_names_.end()) {
      message.tool_name = it->second;
    }
    *out = std::move(message);
    return absl::OkStatus();
  }

  absl::Status ReadCallOutput(const Json& item, TraceMessage message) {
    const std::string path = message.path;
    message.role = TraceRole::kToolResult;
    if (absl::Status s =
            ReadString(item, "call_id", path, &message.tool_call_id);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadContentParts(item, "output", path, &message);
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

  // shell_call_output: {"call_id", "output": [{stdout, stderr, outcome}]}.
  absl::Status ReadShellOutput(const Json& item, TraceMessage message) {
    if (absl::Status s = StartResult(item, std::move(message), &message);
        !s.ok()) {
      return s;
    }
    const Json* output = Find(item, "output");
    if (output != nullptr && output->is_array()) {
      for (const Json& chunk : *output) {
        if (!chunk.is_object()) continue;
        AppendLine(&message.text, OptionalText(chunk, "stdout"));
        AppendLine(&message.text, OptionalText(chunk, "stderr"));
      }
    } else if (output != nullptr && output->is_string()) {
      message.text = output->get<std::string>();
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  absl::Status ReadMessage(const Json& item, TraceMessage message) {
    const std::string path = message.path;
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
    if (absl::Status s = ReadContentParts(item, "content", path, &message);
        !s.ok()) {
      return s;
    }
    if (message.role == TraceRole::kAssistant) {
      ReadAnnotations(item, message.index, path);
    }
    trace_->messages.push_back(std::move(message));
    return absl::OkStatus();
  }

  // The annotations of an assistant message's output_text parts, before
  // the message: a url_citation's URL and title (the web search whose
  // sources list the URL is the result it cites), a file_citation's file
  // name and id (the file search that returned the file), a
  // container_file_citation's or file_path's, each recorded as the text of
  // the result it cites (AddCitation).
  void ReadAnnotations(const Json& item, std::size_t index,
                       const std::string& path) {
    const Json* content = Find(item, "content");
    if (content == nullptr || !content->is_array()) return;
    const std::string content_path = Member(path, "content");
    std::vector<TraceMessage> results;
    for (std::size_t i = 0; i < content->size(); ++i) {
      const Json& part = (*content)[i];
      const Json* annotations =
          part.is_object() ? Find(part, "annotations") : nullptr;
      if (annotations == nullptr || !annotations->is_array()) continue;
      const std::string annotations_path =
          Member(Element(content_path, i), "annotations");
      for (std::size_t k = 0; k < annotations->size(); ++k) {
        const Json& annotation = (*annotations)[k];
        if (!annotation.is_object()) continue;
        const CitedResult* cited = nullptr;
        if (auto it =
                cited_urls_.find(std::string(OptionalText(annotation, "url")));
            it != cited_urls_.end()) {
          cited = &it->second;
        } else if (auto file = cited_files_.find(
                       std::string(OptionalText(annotation, "file_id")));
                   file != cited_files_.end()) {
          cited = &file->second;
        }
        AddCitation(annotation, index, Element(annotations_path, k),
                    {"url", "title", "filename", "file_id"}, cited, &results);
      }
    }
    if (!results.empty()) {
      citations_.emplace_back(trace_->messages.size(), std::move(results));
    }
  }

 public:
  // Puts each message's citations before it, once the runs of model items
  // are grouped (MarkTextBesideToolCalls): a citation is part of its
  // message, and does not part the message from a call beside it.
  void InsertCitations() {
    for (auto it = citations_.rbegin(); it != citations_.rend(); ++it) {
      std::vector<TraceMessage>& results = it->second;
      trace_->messages.insert(
          trace_->messages.begin() + static_cast<std::ptrdiff_t>(it->first),
          std::make_move_iterator(results.begin()),
          std::make_move_iterator(results.end()));
    }
    citations_.clear();
  }

 private:
  absl::Status ReadReasoning(const Json& item, TraceMessage message) {
    const std::string path = message.path;
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

  // A remote MCP tool call: the call and its result in one item. Its
  // "error" is a string or an object; either makes the result an error.
  absl::Status ReadMcpCall(const Json& item, TraceMessage message) {
    const std::string path = message.path;
    TraceToolCall call;
    if (absl::Status s = ReadString(item, "id", path, &call.id); !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadString(item, "name", path, &call.name); !s.ok()) {
      return s;
    }
    TraceMessage result = AddCallAndStartResult(std::move(message), call);
    if (absl::Status s = ReadOptionalString(item, "output", path, &result.text);
        !s.ok()) {
      return s;
    }
    const Json* error = Find(item, "error");
    if (error != nullptr && !error->is_null()) {
      if (error->is_string()) {
        if (!error->get_ref<const Json::string_t&>().empty()) {
          result.is_error = true;
          result.text = error->get<std::string>();
        }
      } else if (error->is_object()) {
        result.is_error = true;
        result.text = OptionalText(*error, "message");
      } else {
        return WrongType(Member(path, "error"), "a string or an object",
                         *error);
      }
    }
    trace_->messages.push_back(std::move(result));
    return absl::OkStatus();
  }

  // A built-in tool the API ran (`name`): a call under the item's id and
  // its result: a web search's query and sources (its pages are not in the
  // item: unreadable), a file search's results (null: unreadable), a code
  // interpreter's logs (an image or null outputs: unreadable), an image
  // generation (nothing the model read).
  absl::Status ReadBuiltIn(const Json& item, std::string_view name,
                           TraceMessage message) {
    const std::string path = message.path;
    TraceToolCall call;
    if (absl::Status s = ReadString(item, "id", path, &call.id); !s.ok()) {
      return s;
    }
    call.name = name;
    TraceMessage result = AddCallAndStartResult(std::move(message), call);
    result.is_error = OptionalText(item, "status") == "failed";
    const CitedResult cited{call.id, call.name};
    if (name == "web_search") {
      result.unreadable = true;
      if (const Json* action = Find(item, "action");
          action != nullptr && action->is_object()) {
        if (const Json* sources = Find(*action, "sources");
            sources != nullptr && sources->is_array()) {
          for (const Json& source : *sources) {
            if (source.is_object()) {
              AppendLine(&result.text, OptionalText(source, "url"));
              AddCited(&cited_urls_, OptionalText(source, "url"), cited);
            }
          }
        }
        // A page the search opened.
        AddCited(&cited_urls_, OptionalText(*action, "url"), cited);
      }
    } else if (name == "file_search") {
      const Json* results = Find(item, "results");
      if (results == nullptr || !results->is_array()) {
        result.unreadable = true;
      } else {
        result.text = JsonText(WithoutOpaque(*results, &result.unreadable));
        for (const Json& found : *results) {
          if (found.is_object()) {
            AddCited(&cited_files_, OptionalText(found, "file_id"), cited);
          }
        }
      }
    } else if (name == "code_interpreter") {
      const Json* outputs = Find(item, "outputs");
      if (outputs == nullptr || !outputs->is_array()) {
        result.unreadable = true;
      } else {
        for (const Json& output : *outputs) {
          if (!output.is_object()) continue;
          if (OptionalText(output, "type") == "logs") {
            AppendLine(&result.text, OptionalText(output, "logs"));
          } else {
            result.unreadable = true;  // an image the code drew
          }
        }
      }
    }
    trace_->messages.push_back(std::move(result));
    return absl::OkStatus();
  }

  // Notes that `key` (a URL, a file id) names the result `cited`, unless
  // it is empty or named already.
  static void AddCited(std::unordered_map<std::string, CitedResult>* map,
                       std::string_view key, const CitedResult& cited) {
    if (!key.empty()) map->emplace(std::string(key), cited);
  }

  Trace* trace_;
  std::size_t next_index_ = 0;
  // What annotations name: the web search that listed a URL, the file
  // search that returned a file.
  std::unordered_map<std::string, CitedResult> cited_urls_;
  std::unordered_map<std::string, CitedResult> cited_files_;
  // The citations of assistant messages, each with the position in
  // trace_->messages of the message they belong before (InsertCitations).
  std::vector<std::pair<std::size_t, std::vector<TraceMessage>>> citations_;
  std::unordered_map<std::string, std::string> call_names_;
  std::unordered_set<std::string> item_ids_;  // ids of the items read
};

}  // namespace

absl::Status ReadOpenAiResponses(const Json& record, Trace* trace) {
  if (absl::Status s =
          ReadRecordObject(record, "{\"id\", \"input\", \"output\"}", trace);
      !s.ok()) {
    return s;
  }
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
    if (!IsList(*messages)) {
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
    } else if (IsList(*input)) {
      if (absl::Status s = reader.ReadList(*input, "input"); !s.ok()) return s;
    } else {
      return WrongType("input", "a string or an array of items", *input);
    }
  }
  if (output != nullptr && !output->is_null()) {
    if (!IsList(*output)) {
      return WrongType("output", "an array of items", *output);
    }
    if (absl::Status s = reader.ReadList(*output, "output"); !s.ok()) return s;
  }
  MarkTextBesideToolCalls(trace);
  reader.InsertCitations();
  return absl::OkStatus();
}

}  // namespace groundgate::traces
