// runtime/adapters/record_fields.h — checked reads of a trace record's
// fields, shared by every adapter.
//
// Its one job: read a field of a parsed JSON record after checking that it
// is present and of the right type, and otherwise return an InvalidArgument
// whose message names the field by its path ("messages[3].content[1].text:
// missing"). It sits under the adapters (openai_chat.cc, anthropic.cc, ...).
//
// What it does NOT do: know any format's vocabulary (the adapters do), open
// files, or throw: nlohmann's non-throwing parse, and every type is checked
// before a value is read.
#ifndef GROUNDGATE_RUNTIME_ADAPTERS_RECORD_FIELDS_H_
#define GROUNDGATE_RUNTIME_ADAPTERS_RECORD_FIELDS_H_

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "absl/status/status.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate::adapters {

using Json = nlohmann::json;

// Joins text and counts into one string. Debian's abseil has its own
// string_view, so absl::StrCat does not take std::string_view; this does.
inline void AppendPart(std::string& out, std::string_view text) {
  out.append(text);
}
inline void AppendPart(std::string& out, std::size_t count) {
  out.append(std::to_string(count));
}
template <typename... Parts>
std::string Concat(const Parts&... parts) {
  std::string out;
  (AppendPart(out, parts), ...);
  return out;
}

absl::Status FieldError(std::string_view path, std::string_view what);
absl::Status Missing(std::string_view path);
absl::Status WrongType(std::string_view path, std::string_view expected,
                       const Json& found);

// "path.key" (or "key" when path is empty) and "path[i]".
std::string Member(std::string_view path, std::string_view key);
std::string Element(std::string_view path, std::size_t index);

// Where `value` first opens more than `limit` arrays or objects inside one
// another (`value` itself is the first when it is one), or nullopt when it
// never does. The place is named from `path` on by the formats' own field
// names ("steps[2].content", "messages[1].result.structuredContent"),
// stopping at the first key that is not one of them, so the name never
// copies the record's content; "record" when nothing could be named.
// Iterative, for any depth: it is what keeps a hostile record from ever
// reaching a recursive walk (dump, compare, copy) of nlohmann's.
// REQUIRES: limit >= 1.
std::optional<std::string> FindNestingDeeperThan(const Json& value, int limit,
                                                 std::string_view path);

// The member `key` of `object`, or nullptr when absent. `object` must be an
// object.
const Json* Find(const Json& object, std::string_view key);

// A required string member: Missing or WrongType when it is not one.
absl::Status ReadString(const Json& object, std::string_view key,
                        std::string_view path, std::string* out);
// An optional string member: absent or null leaves *out as it is.
absl::Status ReadOptionalString(const Json& object, std::string_view key,
                                std::string_view path, std::string* out);

// An id that formats spell as a string or a number (JSON-RPC ids, step
// ids): its text, or WrongType.
absl::Status ReadIdText(const Json& value, std::string_view path,
                        std::string* out);

// Text content: a string; null (nothing); or an array of parts, objects
// with a "type", whose parts of a type in `text_types` give their "text"
// (joined with "\n"), whose parts of a type in `skipped_types` carry no
// text, and any other part type is an error naming the field and listing
// both. An empty `skipped_types` list skips every other type.
absl::Status ReadTextContent(
    const Json& content, std::string_view path,
    std::initializer_list<std::string_view> text_types,
    std::initializer_list<std::string_view> skipped_types, std::string* text);

// True when `text` is a JSON object whose "exception" member is neither
// null, false nor "": the way API-Bank and ToolTalk tools report an error.
bool ReportsException(std::string_view text);

// For formats that record the model's step as several entries (Responses
// items, MCP frames, evidenceflow steps): within each run of consecutive
// assistant and reasoning messages, the assistant text is beside tool calls
// when any message of the run calls a tool, as it would be in one Chat
// Completions message.
void MarkTextBesideToolCalls(Trace* trace);

// The adapters: each reads a whole record of its format into *trace
// (id, messages). `record` is any JSON value; each checks its own shape.
absl::Status ReadOpenAiChat(const Json& record, Trace* trace);
absl::Status ReadOpenAiResponses(const Json& record, Trace* trace);
absl::Status ReadAnthropicMessages(const Json& record, Trace* trace);
absl::Status ReadMcp(const Json& record, Trace* trace);
absl::Status ReadEvidenceFlow(const Json& record, Trace* trace);

// One Chat Completions message (openai_chat.cc), shared with the MCP
// adapter, whose conversation entries have that shape. `call_names` maps the
// tool-call ids met so far to their function names; the message's own calls
// are added to it.
absl::Status ReadChatMessage(
    const Json& message, std::size_t index, const std::string& path,
    std::unordered_map<std::string, std::string>* call_names,
    TraceMessage* out);

// Reads the record's "id": a required string.
absl::Status ReadRecordId(const Json& record, Trace* trace);

}  // namespace groundgate::adapters

#endif  // GROUNDGATE_RUNTIME_ADAPTERS_RECORD_FIELDS_H_
