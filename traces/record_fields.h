// traces/record_fields.h — checked reads of a trace record's
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
#ifndef GROUNDGATE_TRACES_RECORD_FIELDS_H_
#define GROUNDGATE_TRACES_RECORD_FIELDS_H_

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/concat.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate::traces {

using Json = nlohmann::json;

using base::Concat;

absl::Status FieldError(std::string_view path, std::string_view what);
absl::Status Missing(std::string_view path);
absl::Status WrongType(std::string_view path, std::string_view expected,
                       const Json& found);

// The JSON type `value` is, by nlohmann's names; a raw node (a container a
// lazy parse kept as text) is named as the container it spells.
std::string_view TypeName(const Json& value);

// True for a list a reader walks: an array, or the raw list a lazy parse
// keeps for a long conversation (base::IsList).
bool IsList(const Json& value);
// The number of elements of such a list, for a reserve.
std::size_t ListSize(const Json& list);
// Calls read(element, i) for each element of a list (IsList), in order, and
// returns the first error. A raw list's elements are built one at a time
// and dropped after their read (base::ForEachElement).
absl::Status ReadEachElement(
    const Json& list,
    const std::function<absl::Status(const Json&, std::size_t)>& read);

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
// One part (or block) of a content list at `path`: an object, its "type"
// read into *type. Errors name the path.
absl::Status ReadPartType(const Json& part, std::string_view path,
                          std::string* type);
// Calls `visit` with each element of `content` (an array at `path`), its
// path ("PATH[i]") and its "type" (ReadPartType), in order. Stops at the
// first error, from ReadPartType or from `visit`.
using TypedPartVisitor = std::function<absl::Status(
    const Json& part, const std::string& part_path, const std::string& type)>;
absl::Status ForEachTypedPart(const Json& content, std::string_view path,
                              const TypedPartVisitor& visit);

// An optional boolean member: absent or null leaves *out as it is; any
// other type is an error naming PATH.KEY.
absl::Status ReadOptionalBool(const Json& object, std::string_view key,
                              std::string_view path, bool* out);
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

// True when `type` can be a type name: 1 to kMaxTypeNameBytes of a-z,
// 0-9, '_' and '.'. Every documented type is one ("web_search_tool_result",
// "reasoning.text"); a value that is not ("sk-live-42", a paragraph) is
// malformed, never quoted in a warning.
inline constexpr std::size_t kMaxTypeNameBytes = 64;
bool IsTypeName(std::string_view type);

// A type name a warning quotes is at most this long and made of words:
// lowercase letters, each word at most kMaxQuotedTypeWordBytes, joined by
// '_' or '.'. Every documented type is one
// ("text_editor_code_execution_tool_result": 38 bytes, no word over 11). A
// type name with digits, a long run of letters, or longer, may be a key or
// a token the record's author pasted ("sk_live_4f9a0c_tool_result"): a
// warning names only its length.
inline constexpr std::size_t kMaxQuotedTypeBytes = 40;
inline constexpr std::size_t kMaxQuotedTypeWordBytes = 16;

// How a warning names an unknown `type`: "\"hologram\"" when it is made of
// words (kMaxQuotedTypeBytes), else "(23 chars)", which copies nothing of
// it.
std::string WarningTypeName(std::string_view type);

// Adds `warning` ("path: what") to trace->warnings, or counts it in
// unlisted_warnings once kMaxTraceWarnings are listed.
void Warn(Trace* trace, std::string warning);

// For a part, block, item or step at `path` whose "type" no reader knows.
// When `type` is a type name: warns "path.type: unknown KIND type
// \"TYPE\"; not read" (or "... type (N chars); not read": WarningTypeName)
// and returns OK. Otherwise returns the error "path.type: unknown KIND type
// (expected EXPECTED)", which quotes nothing.
absl::Status UnknownType(Trace* trace, std::string_view path,
                         std::string_view kind, std::string_view type,
                         std::string_view expected);

// Appends `part` to *text, after a "\n" when *text is not empty.
void AppendLine(std::string* text, std::string_view part);

// Reads part["text"] (a string; an error naming PATH.text otherwise) and
// appends it to *text with AppendLine: a "text" content part.
absl::Status AppendTextPart(const Json& part, const std::string& path,
                            std::string* text);

// What a format's reader made of one content part.
enum class PartRead {
  kText,        // its text was appended
  kNothing,     // it carries no value (a cache marker, a file upload note)
  kUnreadable,  // it may carry values that cannot be read (image, PDF)
  kUnknown,     // not a type the format knows
};
// Reads one part (an object whose "type" is `type`, at `path`), appending
// its text (AppendLine) to *text. An error for a malformed known part.
using PartReader = std::function<absl::StatusOr<PartRead>(
    const Json& part, const std::string& type, const std::string& path,
    std::string* text)>;

// Content as a string, null (nothing), or an array of typed parts, each
// given to `reader`: text goes to out->text (parts joined with "\n"); an
// unreadable part sets out->unreadable; an unknown part is named by
// UnknownType (KIND and EXPECTED are its words), then its "text" is read
// when it is a string, else it is unreadable. Errors name the part.
absl::Status ReadParts(const Json& content, std::string_view path,
                       std::string_view kind, std::string_view expected,
                       const PartReader& reader, Trace* trace,
                       TraceMessage* out);

// A copy of a server tool's result without what the gate cannot read:
// encrypted members (encrypted_content, encrypted_index, encrypted_stdout),
// signatures, images and documents given as base64, a file or a URL. Sets
// *unreadable when it dropped any of them (a PDF's text, an encrypted
// page: values the model may have read). Recursive: the record's depth is
// bounded first (kMaxTraceJsonDepth).
Json WithoutOpaque(const Json& value, bool* unreadable);

// A copy of any tool's JSON result without its encrypted members
// (encrypted_content, encrypted_index, encrypted_stdout): what a converter
// copied from a server tool's result into a format of its own. Sets
// *unreadable when it dropped one that was not empty. Unlike WithoutOpaque,
// it keeps every other member: in a tool's own JSON, "signature", "source"
// and "type": "image" are the tool's data. Recursive: the record's depth is
// bounded first (kMaxTraceJsonDepth).
Json WithoutEncrypted(const Json& value, bool* unreadable);

// The JSON text of `value` as the corpus walks it (invalid UTF-8 replaced).
std::string JsonText(const Json& value);

// True when `text` is a JSON object whose "exception" member is neither
// null, false nor "": the way API-Bank and ToolTalk tools report an error.
bool ReportsException(std::string_view text);

// The tool name a citation is recorded under when the result it cites is
// not in the record (AddCitation).
inline constexpr std::string_view kCitationToolName = "citation";

// The result a citation points to: a tool call's id and its tool's name.
struct CitedResult {
  std::string tool_call_id;
  std::string tool_name;
};

// A citation or annotation the API attached to the model's text (at `path`,
// in the entry at `index`): the text it quotes of a result (its string
// members named in `keys`: the cited text, a URL, a title), one per line,
// added to *out as a tool result. That text is what a result carried, so it
// is evidence: recorded under the result it cites (`cited`, when the record
// holds it), else under the citation's own path as a result of
// kCitationToolName. Adds nothing when `citation` is no object or carries
// none of the keys.
void AddCitation(const Json& citation, std::size_t index,
                 const std::string& path,
                 std::initializer_list<std::string_view> keys,
                 const CitedResult* cited, std::vector<TraceMessage>* out);

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
// are added to it. Warnings go to `trace`.
absl::Status ReadChatMessage(
    const Json& message, std::size_t index, const std::string& path,
    std::unordered_map<std::string, std::string>* call_names, Trace* trace,
    TraceMessage* out);

// Reads the record's "id": a required string.
absl::Status ReadRecordId(const Json& record, Trace* trace);

// Checks that the record is an object and reads its "id". InvalidArgument
// "expected a JSON object MEMBERS, got TYPE" for anything else (MEMBERS
// names the format's members: {"id", "messages"}).
absl::Status ReadRecordObject(const Json& record, std::string_view members,
                              Trace* trace);

}  // namespace groundgate::traces

#endif  // GROUNDGATE_TRACES_RECORD_FIELDS_H_
