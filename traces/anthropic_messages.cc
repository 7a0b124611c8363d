// traces/anthropic_messages.cc — Anthropic Messages to neutral
// messages.
//
// Its one job: read {"id", "system"?, "messages": [{"role": "user" |
// "assistant", "content": string | [blocks]}]}. A block is text; a call
// (tool_use, server_tool_use, mcp_tool_use: id, name); a result: tool_result
// (tool_use_id, content as a string or parts: text, image, document,
// search_result, tool_reference; is_error), mcp_tool_result, or a server
// tool's result (web_search_tool_result, web_fetch_tool_result,
// code_execution_tool_result, bash_code_execution_tool_result,
// text_editor_code_execution_tool_result, tool_search_tool_result: their
// content walked as JSON, *_error content an error); thinking (reasoning);
// or a block that carries what the user supplied (image, document,
// search_result, container_upload). The top-level system (a string or text
// blocks) and a "system" message in the list (some clients send one) are
// the application's text. A user message's text beside tool_result blocks
// is exempt but starts no user turn: the tool results are not the user
// speaking.
//
// An assistant message may hold its calls, their results (server and MCP
// tools run by the API) and its answer: it is read in block order, the
// results between, and text is an answer only when no call follows it in
// the message and every call before it got its result there. A text
// block's citations are read as the text of the results they cite (a web
// page by URL, a search result or document by its index in the request),
// placed before the text (AddCitation).
//
// What it does NOT do: read tool_use input (never evidence, law 3), or
// read what it cannot: images, base64 or URL documents, encrypted search
// results and compaction make the message `unreadable` (the corpus turns
// partial, law 5); a block of an unknown type is a warning, never a
// silent skip (groundgate/trace.h).
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

constexpr std::string_view kBlockTypes =
    "text, tool_use, server_tool_use, mcp_tool_use, tool_result, "
    "mcp_tool_result, a server tool's result, thinking, redacted_thinking, "
    "image, document, search_result, container_upload or compaction";
// The documented tool_result content types (tool_reference is read too).
constexpr std::string_view kPartTypes =
    "text, image, document or search_result";

// The server tools' result blocks this reader knows by name. Any other
// "*_tool_result" block with a tool_use_id is read the same way, with a
// warning.
constexpr std::string_view kServerResultTypes[] = {
    "web_search_tool_result",
    "web_fetch_tool_result",
    "code_execution_tool_result",
    "bash_code_execution_tool_result",
    "text_editor_code_execution_tool_result",
    "tool_search_tool_result",
};

bool IsToolUse(std::string_view type) {
  return type == "tool_use" || type == "server_tool_use" ||
         type == "mcp_tool_use";
}

bool IsClientResult(std::string_view type) {
  return type == "tool_result" || type == "mcp_tool_result";
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.substr(text.size() - suffix.size()) == suffix;
}

bool IsKnownServerResult(std::string_view type) {
  for (std::string_view known : kServerResultTypes) {
    if (type == known) return true;
  }
  return false;
}

// A server tool result of a type not listed above: "*_tool_result" with a
// tool_use_id.
bool LooksLikeServerResult(const Json& block, std::string_view type) {
  return EndsWith(type, "_tool_result") && !IsClientResult(type) &&
         Find(block, "tool_use_id") != nullptr;
}

// The text of an optional string member, or "" (a wrong type reads as "").
std::string_view OptionalText(const Json& object, std::string_view key) {
  const Json* value = Find(object, key);
  if (value == nullptr || !value->is_string()) return {};
  return value->get_ref<const Json::string_t&>();
}

// Text blocks (or a string) under `content`: appended line by line. Any
// other block (an image in a document's content, say) is content the model
// saw and the gate cannot read: then kUnreadable, else kText.
PartRead AppendTextBlocks(const Json& content, std::string* text) {
  if (content.is_string()) {
    AppendLine(text, content.get_ref<const Json::string_t&>());
    return PartRead::kText;
  }
  if (!content.is_array()) return PartRead::kText;
  PartRead read = PartRead::kText;
  for (const Json& block : content) {
    if (!block.is_object()) continue;
    if (OptionalText(block, "type") != "text") read = PartRead::kUnreadable;
    AppendLine(text, OptionalText(block, "text"));
  }
  return read;
}

// A document block: its title and context, and the text of a "text" or
// "content" source. A base64, file or URL source (a PDF, an image), or an
// image among a content source's blocks, cannot be read.
PartRead ReadDocument(const Json& block, std::string* text) {
  AppendLine(text, OptionalText(block, "title"));
  AppendLine(text, OptionalText(block, "context"));
  const Json* source = Find(block, "source");
  if (source == nullptr || !source->is_object()) return PartRead::kUnreadable;
  const std::string_view type = OptionalText(*source, "type");
  if (type == "text") {
    AppendLine(text, OptionalText(*source, "data"));
    return PartRead::kText;
  }
  if (type == "content") {
    const Json* content = Find(*source, "content");
    return content == nullptr ? PartRead::kText
                              : AppendTextBlocks(*content, text);
  }
  return PartRead::kUnreadable;
}

// A search_result block: its source, title and text content.
PartRead ReadSearchResult(const Json& block, std::string* text) {
  AppendLine(text, OptionalText(block, "source"));
  AppendLine(text, OptionalText(block, "title"));
  const Json* content = Find(block, "content");
  return content == nullptr ? PartRead::kText
                            : AppendTextBlocks(*content, text);
}

// One part of a tool_result's or mcp_tool_result's content.
absl::StatusOr<PartRead> ReadResultPart(const Json& part,
                                        const std::string& type,
                                        const std::string& path,
                                        std::string* text) {
  if (type == "text") {
    if (absl::Status s = AppendTextPart(part, path, text); !s.ok()) return s;
    return PartRead::kText;
  }
  if (type == "image") return PartRead::kUnreadable;
  if (type == "document") return ReadDocument(part, text);
  if (type == "search_result") return ReadSearchResult(part, text);
  if (type == "tool_reference") {
    AppendLine(text, OptionalText(part, "tool_name"));
    return PartRead::kText;
  }
  return PartRead::kUnknown;
}

// Joins `part` to message->text, after a "\n" when a part came before
// (*has_text), even an empty one.
void JoinText(std::string_view part, TraceMessage* message, bool* has_text) {
  if (*has_text) message->text += '\n';
  message->text += part;
  *has_text = true;
}

// A "text" block: its "text" joined to the message's (JoinText).
absl::Status AppendTextBlock(const Json& block, const std::string& block_path,
                             TraceMessage* message, bool* has_text) {
  std::string part;
  if (absl::Status s = ReadString(block, "text", block_path, &part); !s.ok()) {
    return s;
  }
  JoinText(part, message, has_text);
  return absl::OkStatus();
}

// Reads the blocks of `content` (an array at `content_path`) in order: a
// "text" block is joined to *text (AppendTextBlock), then given to
// `on_text` when there is one; any other block goes to `other` with its
// path and "type". Stops at the first error.
using BlockVisitor = std::function<absl::Status(
    const Json& block, const std::string& block_path, const std::string& type)>;
absl::Status ReadBlocks(const Json& content, const std::string& content_path,
                        TraceMessage* text, bool* has_text,
                        const BlockVisitor& other,
                        const BlockVisitor& on_text = nullptr) {
  return ForEachTypedPart(
      content, content_path,
      [&](const Json& block, const std::string& block_path,
          const std::string& type) -> absl::Status {
        if (type != "text") return other(block, block_path, type);
        if (absl::Status s = AppendTextBlock(block, block_path, text, has_text);
            !s.ok()) {
          return s;
        }
        return on_text ? on_text(block, block_path, type) : absl::OkStatus();
      });
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
    // The API's roles are user and assistant; a "system" message in the
    // list is an extension some clients record, read as the app's text.
    if (role != "user" && role != "assistant" && role != "system") {
      return FieldError(Member(path, "role"),
                        "unknown role (expected user or assistant)");
    }
    const Json* content = Find(message, "content");
    const std::string content_path = Member(path, "content");
    if (content == nullptr) return Missing(content_path);
    if (role == "system") return ReadSystemMessage(*content, index, path);
    const bool is_user = role == "user";
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
    return is_user ? ReadUserBlocks(*content, index, path, content_path)
                   : ReadAssistantBlocks(*content, index, path, content_path);
  }

 private:
  TraceMessage NewMessage(TraceRole role, std::size_t index,
                          const std::string& path) const {
    TraceMessage message;
    message.role = role;
    message.index = index;
    message.path = path;
    return message;
  }

  // A stand-in for content that cannot be read on its own (compaction, an
  // unknown block outside any result): records nothing, makes the corpus
  // partial.
  void PushUnreadable(std::size_t index, const std::string& path,
                      std::vector<TraceMessage>* out) const {
    TraceMessage marker = NewMessage(TraceRole::kToolResult, index, path);
    marker.unreadable = true;
    out->push_back(std::move(marker));
  }

  absl::Status ReadSystemMessage(const Json& content, std::size_t index,
                                 const std::string& path) {
    TraceMessage out = NewMessage(TraceRole::kSystem, index, path);
    if (absl::Status s = ReadParts(
            content, Member(path, "content"), "block", kBlockTypes,
            [](const Json& part, const std::string& type,
               const std::string& part_path,
               std::string* text) -> absl::StatusOr<PartRead> {
              if (type != "text") return PartRead::kUnknown;
              std::string part_text;
              if (absl::Status s =
                      ReadString(part, "text", part_path, &part_text);
                  !s.ok()) {
                return s;
              }
              AppendLine(text, part_text);
              return PartRead::kText;
            },
            trace_, &out);
        !s.ok()) {
      return s;
    }
    trace_->messages.push_back(std::move(out));
    return absl::OkStatus();
  }

  // Thinking: the model's reasoning, never evidence.
  absl::Status ReadThinking(const Json& block, std::size_t index,
                            const std::string& block_path,
                            std::vector<TraceMessage>* out) {
    TraceMessage reasoning =
        NewMessage(TraceRole::kReasoning, index, block_path);
    if (absl::Status s =
            ReadString(block, "thinking", block_path, &reasoning.text);
        !s.ok()) {
      return s;
    }
    out->push_back(std::move(reasoning));
    return absl::OkStatus();
  }

  absl::Status ReadCall(const Json& block, const std::string& block_path,
                        TraceToolCall* call) {
    if (absl::Status s = ReadString(block, "id", block_path, &call->id);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadString(block, "name", block_path, &call->name);
        !s.ok()) {
      return s;
    }
    call_names_[call->id] = call->name;
    return absl::OkStatus();
  }

  // A user message: its tool results first (in block order), then its own
  // text, which is exempt and, beside results, starts no user turn.
  absl::Status ReadUserBlocks(const Json& content, std::size_t index,
                              const std::string& path,
                              const std::string& content_path) {
    TraceMessage text = NewMessage(TraceRole::kUser, index, path);
    bool has_text = false;
    bool has_tool_result = false;
    std::vector<TraceMessage> out;  // results and reasoning, in block order
    const absl::Status blocks = ReadBlocks(
        content, content_path, &text, &has_text,
        [&](const Json& block, const std::string& block_path,
            const std::string& type) -> absl::Status {
          if (IsToolUse(type)) {
            return FieldError(Member(block_path, "type"),
                              "a tool_use block in a user message");
          } else if (IsClientResult(type)) {
            TraceMessage result;
            if (absl::Status s =
                    ReadToolResult(block, index, block_path, &result);
                !s.ok()) {
              return s;
            }
            has_tool_result = true;
            out.push_back(std::move(result));
          } else if (type == "thinking") {
            if (absl::Status s = ReadThinking(block, index, block_path, &out);
                !s.ok()) {
              return s;
            }
          } else if (type == "redacted_thinking" ||
                     type == "container_upload") {
            // The model's hidden reasoning; a file handed to the code
            // execution container, read only through its results.
          } else if (type == "compaction") {
            PushUnreadable(index, block_path, &out);
          } else {
            // What the user supplied: an image, a document, a search result.
            CountCitable(type, CitedResult{});
            std::string part_text;
            absl::StatusOr<PartRead> read =
                ReadResultPart(block, type, block_path, &part_text);
            if (!read.ok()) return read.status();
            if (*read == PartRead::kUnknown) {
              if (absl::Status s = UnknownType(trace_, block_path, "block",
                                               type, kBlockTypes);
                  !s.ok()) {
                return s;
              }
              AppendLine(&part_text, OptionalText(block, "text"));
              if (part_text.empty()) text.unreadable = true;
            }
            if (*read == PartRead::kUnreadable) text.unreadable = true;
            if (!part_text.empty()) JoinText(part_text, &text, &has_text);
          }
          return absl::OkStatus();
        });
    if (!blocks.ok()) return blocks;
    for (TraceMessage& message_out : out) {
      trace_->messages.push_back(std::move(message_out));
    }
    if (has_text || text.unreadable) {
      if (has_tool_result) text.starts_user_turn = false;
      trace_->messages.push_back(std::move(text));
    }
    return absl::OkStatus();
  }

  // An assistant message, in block order: its text and calls as segments
  // split by the results the API returned in the same message.
  absl::Status ReadAssistantBlocks(const Json& content, std::size_t index,
                                   const std::string& path,
                                   const std::string& content_path) {
    std::vector<TraceMessage> out;
    TraceMessage segment = NewMessage(TraceRole::kAssistant, index, path);
    bool has_text = false;
    std::vector<std::string> pending;  // calls with no result yet
    auto flush = [&] {
      if (has_text || !segment.tool_calls.empty() || segment.unreadable) {
        out.push_back(std::move(segment));
      }
      segment = NewMessage(TraceRole::kAssistant, index, path);
      has_text = false;
    };
    auto resolve = [&](const std::string& call_id) {
      for (auto it = pending.begin(); it != pending.end(); ++it) {
        if (*it == call_id) {
          pending.erase(it);
          return;
        }
      }
    };
    const absl::Status blocks = ReadBlocks(
        content, content_path, &segment, &has_text,
        [&](const Json& block, const std::string& block_path,
            const std::string& type) -> absl::Status {
          if (IsToolUse(type)) {
            TraceToolCall call;
            if (absl::Status s = ReadCall(block, block_path, &call); !s.ok()) {
              return s;
            }
            pending.push_back(call.id);
            segment.tool_calls.push_back(std::move(call));
          } else if (IsClientResult(type) || IsKnownServerResult(type) ||
                     LooksLikeServerResult(block, type)) {
            TraceMessage result;
            absl::Status s =
                IsClientResult(type)
                    ? ReadToolResult(block, index, block_path, &result)
                    : ReadServerResult(block, type, index, block_path, &result);
            if (!s.ok()) return s;
            flush();
            resolve(result.tool_call_id);
            out.push_back(std::move(result));
          } else if (type == "thinking") {
            if (absl::Status s = ReadThinking(block, index, block_path, &out);
                !s.ok()) {
              return s;
            }
          } else if (type == "redacted_thinking") {
            // Reasoning no one can read; never evidence either way.
          } else if (type == "compaction") {
            PushUnreadable(index, block_path, &out);
          } else if (type == "image" || type == "document") {
            segment.unreadable = true;
          } else {
            if (absl::Status s =
                    UnknownType(trace_, block_path, "block", type, kBlockTypes);
                !s.ok()) {
              return s;
            }
            segment.unreadable = true;
            PushUnreadable(index, block_path, &out);
          }
          return absl::OkStatus();
        },
        [&](const Json& block, const std::string& block_path,
            const std::string& /*type*/) {
          // Before the text's segment, which is added at the next flush.
          ReadCitations(block, index, block_path, &out);
          return absl::OkStatus();
        });
    if (!blocks.ok()) return blocks;
    flush();
    // Text is beside the calls when a call follows it in this message, or
    // some call of the message is still waiting for its result.
    const bool waiting = !pending.empty();
    bool call_after = false;
    for (std::size_t i = out.size(); i-- > 0;) {
      TraceMessage& message = out[i];
      if (message.role != TraceRole::kAssistant) continue;
      if (!message.tool_calls.empty()) {
        call_after = true;
        continue;
      }
      if (waiting || call_after) message.beside_tool_calls = true;
    }
    for (TraceMessage& message : out) {
      trace_->messages.push_back(std::move(message));
    }
    return absl::OkStatus();
  }

  // A tool result message for `block` under its "tool_use_id", named after
  // the call it answers when that call was read.
  absl::Status StartToolResult(const Json& block, std::size_t index,
                               const std::string& path, TraceMessage* result) {
    *result = NewMessage(TraceRole::kToolResult, index, path);
    if (absl::Status s =
            ReadString(block, "tool_use_id", path, &result->tool_call_id);
        !s.ok()) {
      return s;
    }
    if (auto it = call_names_.find(result->tool_call_id);
        it != call_names_.end()) {
      result->tool_name = it->second;
    }
    return absl::OkStatus();
  }

  absl::Status ReadToolResult(const Json& block, std::size_t index,
                              const std::string& path, TraceMessage* result) {
    if (absl::Status s = StartToolResult(block, index, path, result); !s.ok()) {
      return s;
    }
    const Json* content = Find(block, "content");
    if (content != nullptr) {
      if (absl::Status s =
              ReadParts(*content, Member(path, "content"), "part", kPartTypes,
                        ReadResultPart, trace_, result);
          !s.ok()) {
        return s;
      }
      if (content->is_array()) {
        for (const Json& part : *content) {
          CountCitable(OptionalText(part, "type"),
                       CitedResult{result->tool_call_id, result->tool_name});
        }
      }
    }
    return ReadOptionalBool(block, "is_error", path, &result->is_error);
  }

  // A server tool's result: its content walked as JSON, without what no
  // one but the API can read. Content whose type ends in "_error" is an
  // error result.
  absl::Status ReadServerResult(const Json& block, const std::string& type,
                                std::size_t index, const std::string& path,
                                TraceMessage* result) {
    if (!IsKnownServerResult(type)) {
      Warn(trace_,
           Concat(Member(path, "type"), ": unknown block type ",
                  WarningTypeName(type), "; read as a server tool's result"));
    }
    if (absl::Status s = StartToolResult(block, index, path, result); !s.ok()) {
      return s;
    }
    const Json* content = Find(block, "content");
    if (content == nullptr || content->is_null()) return absl::OkStatus();
    if (content->is_object() &&
        EndsWith(OptionalText(*content, "type"), "_error")) {
      result->is_error = true;
      AppendLine(&result->text, OptionalText(*content, "error_code"));
      AppendLine(&result->text, OptionalText(*content, "error_message"));
      return absl::OkStatus();
    }
    bool unreadable = false;
    const Json readable = WithoutOpaque(*content, &unreadable);
    result->text = JsonText(readable);
    result->unreadable = unreadable;
    // The pages a web search or fetch returned, by URL, for the citations
    // that name them.
    const CitedResult cited{result->tool_call_id, result->tool_name};
    if (content->is_object()) AddCitedUrl(*content, cited);
    if (content->is_array()) {
      for (const Json& page : *content) AddCitedUrl(page, cited);
    }
    return absl::OkStatus();
  }

  void AddCitedUrl(const Json& page, const CitedResult& cited) {
    const std::string_view url =
        page.is_object() ? OptionalText(page, "url") : std::string_view();
    if (!url.empty()) cited_urls_.emplace(std::string(url), cited);
  }

  // Counts a document or search_result block, in the order of the request,
  // for the citations that name one by its index; `cited` is the tool
  // result that holds it (empty for one the user supplied).
  void CountCitable(std::string_view type, const CitedResult& cited) {
    if (type == "document") documents_.push_back(cited);
    if (type == "search_result") search_results_.push_back(cited);
  }

  // The citations of a text block: each the text it quotes of a web page
  // (web_search_result_location, by URL), a search result
  // (search_result_location, by search_result_index) or a document
  // (char_location, page_location, content_block_location, by
  // document_index), recorded as that result's text (AddCitation).
  void ReadCitations(const Json& block, std::size_t index,
                     const std::string& block_path,
                     std::vector<TraceMessage>* out) const {
    const Json* citations = Find(block, "citations");
    if (citations == nullptr || !citations->is_array()) return;
    const std::string citations_path = Member(block_path, "citations");
    for (std::size_t i = 0; i < citations->size(); ++i) {
      const Json& citation = (*citations)[i];
      if (!citation.is_object()) continue;
      const CitedResult* cited = nullptr;
      if (auto it =
              cited_urls_.find(std::string(OptionalText(citation, "url")));
          it != cited_urls_.end()) {
        cited = &it->second;
      } else if (const CitedResult* found = ByIndex(
                     citation, "search_result_index", search_results_)) {
        cited = found;
      } else {
        cited = ByIndex(citation, "document_index", documents_);
      }
      AddCitation(citation, index, Element(citations_path, i),
                  {"cited_text", "url", "title", "document_title", "source"},
                  cited, out);
    }
  }

  // The entry of `list` that citation[key], an index, names; nullptr when
  // it names none.
  static const CitedResult* ByIndex(const Json& citation, std::string_view key,
                                    const std::vector<CitedResult>& list) {
    const Json* value = Find(citation, key);
    if (value == nullptr || !value->is_number_unsigned() ||
        value->get<std::size_t>() >= list.size()) {
      return nullptr;
    }
    return &list[value->get<std::size_t>()];
  }

  Trace* trace_;
  std::unordered_map<std::string, std::string> call_names_;
  // What citations name: web pages by URL, and the documents and search
  // results of the request in order.
  std::unordered_map<std::string, CitedResult> cited_urls_;
  std::vector<CitedResult> documents_;
  std::vector<CitedResult> search_results_;
};

}  // namespace

absl::Status ReadAnthropicMessages(const Json& record, Trace* trace) {
  if (absl::Status s =
          ReadRecordObject(record, "{\"id\", \"system\", \"messages\"}", trace);
      !s.ok()) {
    return s;
  }
  AnthropicReader reader(trace);
  const Json* system = Find(record, "system");
  if (system != nullptr && !system->is_null()) {
    if (absl::Status s = reader.ReadSystem(*system); !s.ok()) return s;
  }
  const Json* messages = Find(record, "messages");
  if (messages == nullptr) return Missing("messages");
  if (!IsList(*messages)) {
    return WrongType("messages", "an array", *messages);
  }
  return ReadEachElement(*messages, [&](const Json& message, std::size_t i) {
    return reader.ReadMessage(message, i);
  });
}

}  // namespace groundgate::traces
