// groundgate/trace.h — recorded agent conversations in the gate's neutral
// form, read from every common trace format, and replayed into a judgement.
//
// Its one job: turn one recorded conversation (one JSONL record) into a
// Trace of neutral TraceMessages, whatever format it was recorded in, and
// replay a Trace into an EvidenceCorpus, judging each answer with a Gate.
// It sits before the record step of the data flow for an application (or
// the `groundgate` command) that judges conversations after the fact.
//
// Formats (detected from the record, or named):
//   openai-chat        {"id", "messages": [Chat Completions messages]}
//                       (a top-level "system" string is the app's text;
//                       an assistant's "refusal" and audio "transcript"
//                       are its answer's text; a legacy "function" message
//                       is a tool result whose id is the path of the
//                       "function_call" it answers, else its own path)
//   openai-responses   {"id", "instructions"?, "input": str | [items],
//                       "output"?: [items]}, or the items under "messages":
//                       message, function_call(_output), custom_tool_call
//                       (_output), reasoning, web_search_call,
//                       file_search_call, code_interpreter_call,
//                       image_generation_call, computer_call(_output),
//                       local_shell_call(_output), shell_call(_output),
//                       apply_patch_call(_output), mcp_call, mcp_list_tools,
//                       mcp_approval_request/response, tool_search_call,
//                       tool_search_output, additional_tools,
//                       item_reference, compaction
//   anthropic          {"id", "system"?, "messages": [{role, content:
//                       str | [blocks]}]}: text, tool_use, tool_result,
//                       thinking, redacted_thinking, image, document,
//                       search_result, container_upload, compaction, the
//                       server tools' server_tool_use and *_tool_result
//                       (web search, web fetch, code execution, bash, text
//                       editor, tool search), mcp_tool_use, mcp_tool_result
//   mcp                {"id", "messages": [conversation messages and MCP
//                       JSON-RPC frames: a tools/call request and its
//                       response, or a tool message whose content is a
//                       CallToolResult]}; also a bare array of frames, or
//                       one frame {"jsonrpc": "2.0", ...}. A result's text,
//                       resource (uri and text) and resource_link (uri,
//                       name, title, description) parts are read
//   evidenceflow       {"id", "steps": [{type, content, tool?, source?}]}
//                       or a bare array of steps, with type user,
//                       assistant, tool_call, tool_result, retrieval,
//                       system or reasoning
//
// What a server-side tool returned (web search, code execution, an MCP
// call the API made) is a tool result: the model read it. Text the model
// wrote after such a result in the same message is its answer.
//
// A citation the API attached to the model's text (Anthropic "citations"
// on a text block: cited_text, url, title, document_title, source;
// Responses "annotations" on output_text: url_citation, file_citation,
// container_file_citation, file_path: url, title, filename, file_id) names
// what a result carried: it is read as a tool result just before the
// message it sits in, under the id and tool name of the result it cites
// when the record holds it (a web page by its URL, an Anthropic document
// or search result by its index in the request, a file by the file search
// that returned it), else under its own path ("messages[3].content[1]
// .citations[0]") with the tool name "citation". A value read from it is
// grounded, and carried_by (answer_carriers) names that result like any
// other, or is null when the corpus is partial (law 6): a web search's
// pages are encrypted, so its citations ground values but name no carrier.
//
// Unknown types of the API formats are not errors. A block, item or part
// of a type an adapter does not know is named in Trace::warnings and its values
// are not read (an unknown part with a "text" string gives that text); so are
// parts that cannot be read at all (an image, in a document too, a PDF,
// encrypted search results or any result's encrypted members, audio with no
// transcript, compacted history): the message is marked `unreadable`, and
// ReplayTrace then makes the corpus partial, so values not found come out
// unverified, never unsupported (law 5). An answer whose content could not be
// read is not judged, and says so (IsUnreadAnswer).
//
// What it does NOT do: open files or split them into lines, decide what a
// value is (the Gate), or treat anything the model wrote as evidence: tool
// call arguments, answers and reasoning never ground a value (law 3), and an
// error result (is_error, isError, a JSON-RPC error, an "exception" field,
// a server tool's *_error content) is kept for display but never recorded.
//
//   absl::StatusOr<groundgate::Trace> trace =
//       groundgate::ReadTraceRecord(line, groundgate::TraceFormat::kAuto);
//   if (!trace.ok()) return trace.status();  // "messages[3].role: missing"
//   groundgate::ReplayTrace(*trace, gate, {},
//       [](const groundgate::JudgedMessage& judged) {
//         if (judged.verdict.flagged()) { ... }
//       });
//
// Thread safety: every function here is pure; distinct traces may be read
// and replayed on distinct threads with one shared Gate.
#ifndef GROUNDGATE_TRACE_H_
#define GROUNDGATE_TRACE_H_

#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/export.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

enum class TraceFormat {
  kAuto,  // detect from the record (DetectTraceFormat)
  kOpenAiChat,
  kOpenAiResponses,
  kAnthropicMessages,
  kMcp,
  kEvidenceFlow,
};

// "auto", "openai-chat", "openai-responses", "anthropic", "mcp",
// "evidenceflow".
std::string_view TraceFormatName(TraceFormat format);
// The format named by TraceFormatName's spelling; nullopt for anything else.
std::optional<TraceFormat> ParseTraceFormatName(std::string_view name);

enum class TraceRole {
  kSystem,      // text the application supplied: exempt (law 4)
  kUser,        // text the user supplied: exempt; may start a user turn
  kAssistant,   // the model's text and tool calls; an answer is judged
  kToolResult,  // a tool's result: evidence unless is_error
  kReasoning,   // the model's intermediate reasoning: never evidence;
                // judged only when ReplayOptions::judge_intermediate
};

std::string_view TraceRoleName(TraceRole role);  // "system", "tool_result"...

// A message's position is outside the record's list (a top-level "system"
// or "instructions" field).
inline constexpr std::size_t kNotInList =
    std::numeric_limits<std::size_t>::max();

struct TraceToolCall {
  std::string id;
  std::string name;
};

struct TraceMessage {
  TraceRole role = TraceRole::kUser;
  // Position in the record's list (messages, input then output items, or
  // steps) that a verdict's message_index and eval's judge_index name;
  // kNotInList for a top-level field. One wire entry can give several
  // messages (an Anthropic message with text and tool_result blocks), which
  // then share an index.
  std::size_t index = kNotInList;
  // Where in the record it came from, for display: "messages[3]",
  // "output[1]", "system", "messages[2].content[1]".
  std::string path;
  // The text: what a system, user, assistant or reasoning message says, or
  // a tool result's content (text parts joined with "\n").
  std::string text;
  // Assistant only: the calls this message (or its step) made.
  std::vector<TraceToolCall> tool_calls;
  // Assistant only: the text was written in the same step as tool calls
  // (formats that record them as separate entries). Not an answer.
  bool beside_tool_calls = false;
  // User only: false for user-side text that travels beside tool results
  // (an Anthropic user message holding tool_result blocks): exempt, but not
  // a new user turn.
  bool starts_user_turn = true;
  // Tool result only.
  std::string tool_call_id;
  std::string tool_name;  // the result's own name, else its call's; may be ""
  bool is_error = false;  // the result reported an error: never evidence
  // Some of its content could not be read: an image, a binary document,
  // encrypted or compacted content, or a part of an unknown type. Its
  // values are unknown: for a tool result, user or system message the
  // replay makes the corpus partial (law 5); for an answer, see
  // IsUnreadAnswer. A tool result with no id and no text stands for an
  // unknown or unreadable entry on its own (a Responses item_reference, an
  // unknown item): it records nothing.
  bool unreadable = false;

  // True for the model's text that answers: an assistant message with text
  // and no tool calls beside it.
  [[nodiscard]] bool IsAnswer() const;
  // True for an answer that is not judged because nothing of it could be
  // read: an answer (IsAnswer) that is unreadable and has only blank text.
  [[nodiscard]] bool IsUnreadAnswer() const;
};

// A record keeps at most this many warnings; the rest are only counted
// (Trace::unlisted_warnings), so a record of a million unknown parts costs
// a count, not a million lines.
inline constexpr std::size_t kMaxTraceWarnings = 16;

// A trace id is kept to at most this many bytes: a longer one is cut to a
// prefix and '~' with 16 hex digits of a hash of the whole id (the same in
// every process), so every output line that repeats it stays small and two
// long ids that share a prefix stay apart. Real ids (a UUID, a fixture's
// path and parameters) are far shorter and kept whole.
inline constexpr std::size_t kMaxTraceIdBytes = 256;

struct Trace {
  std::string id;  // the record's "id", at most kMaxTraceIdBytes
  TraceFormat format = TraceFormat::kOpenAiChat;  // the format it was read as
  std::vector<TraceMessage> messages;             // in wire order
  // What was accepted but not read, in wire order, each "path: what"
  // ("messages[2].content[1].type: unknown block type \"x\"; not read"),
  // naming the field and the type, never other content. A type that is not
  // made of words (it has digits, or is long: a pasted key) is named by its
  // length alone ("unknown block type (32 chars)"). At most
  // kMaxTraceWarnings.
  std::vector<std::string> warnings;
  std::size_t unlisted_warnings = 0;  // warnings past kMaxTraceWarnings
};

// A record that opens more arrays or objects inside one another than this
// is refused: no recorded conversation comes near it, and it keeps every
// recursive walk of a record's values (nlohmann's dump, the corpus's JSON
// walk) far from the end of even a small thread's stack.
inline constexpr int kMaxTraceJsonDepth = 256;

// Names the format of one record, given as JSON text, from its shape:
//   an object with "steps", or an array of objects that each have "type"
//     and "content" (steps)                                  evidenceflow;
//   an object with "jsonrpc", or an array of JSON-RPC frames  mcp;
//   an object with "input" or "output" and no "messages"   openai-responses;
//   "messages" holding a JSON-RPC frame, or a tool message whose content is
//     an object                                              mcp;
//   "messages" holding content blocks only Anthropic uses (tool_use,
//     tool_result, thinking, server tool blocks, text with
//     citations, ...)                                        anthropic;
//   "messages" holding a Responses item other than a message (function_call,
//     function_call_output, reasoning, ...)                  openai-responses;
//   "messages" shaped as Chat (tool_calls, function_call, a tool or
//     function role)                                         openai-chat;
//   a top-level "system"                                     anthropic;
//   anything else                                            openai-chat
// (whose reader then names what is missing). A "type": "message" on a
// message says nothing: both Chat and Responses records may carry it. Text
// that is not JSON, or nests deeper than kMaxTraceJsonDepth, is named
// openai-chat too (ReadTraceRecord then says why it cannot be read).
// Never fails.
TraceFormat DetectTraceFormat(std::string_view record);

// Reads one record, one JSONL line of JSON text, into a Trace. It parses
// the line first (without throwing; "not JSON: ... (at byte N)"). A record
// that is JSON only as Python's json.dumps writes it by default (a bare
// NaN or Infinity, a \u escape of half a surrogate pair) is read, the
// value as null or the escape as U+FFFD, with a warning that says so
// ("record: 1 NaN or Infinity ... read as null; those values are lost").
// `format` kAuto detects the format (DetectTraceFormat). Returns
// InvalidArgument naming the field that is wrong ("messages[3].tool_call_id:
// missing", "messages[0].role: unknown role (expected ...)") for a record
// that is not an object or array, lacks a field, mistypes one, names an
// unknown role, gives a "type" that is not a type name at all (not 1 to 64
// of a-z, 0-9, '_' and '.'), or nests deeper than kMaxTraceJsonDepth
// ("steps[2].content: nests deeper than 256", checked before anything else,
// on any depth), or is an evidenceflow step of an unknown type (that
// format is this project's own: its set of steps is closed). A block, item
// or part of an unknown type that is a type name is no error: it is a
// warning (see the file comment). A message
// names the field and what was expected, never the record's content. Never
// throws. A bare JSON array (of steps or of JSON-RPC frames) has id "".
absl::StatusOr<Trace> ReadTraceRecord(std::string_view line,
                                      TraceFormat format);

struct ReplayOptions {
  // Also judge reasoning messages (never evidence either way).
  bool judge_intermediate = false;
  // The options of the corpus the trace is replayed into
  // (CorpusOptions::process_caches false: read every text again, the cost
  // of a fresh process).
  CorpusOptions corpus;
};

// One judged message, handed to the replay's callback. The references are
// valid only during the call; the corpus is the state the message was
// judged against (use it for ComputeFindings).
struct JudgedMessage {
  std::size_t position = 0;  // index into trace.messages
  const TraceMessage& message;
  const Verdict& verdict;
  const EvidenceCorpus& corpus;
};

// Replays a trace into a fresh EvidenceCorpus, in wire order: system text
// is exempt; user text is exempt and starts a user turn (unless
// starts_user_turn is false; the corpus recognises the correction frame);
// a tool result that is not an error is recorded under its tool_call_id and
// tool_name; a system, user or tool result message that is unreadable (and
// not an error) makes the corpus partial (EvidenceCorpus::MarkPartial) from
// there on; an answer (IsAnswer) with non-blank text is judged against
// everything before it, and so is a reasoning message when
// judge_intermediate. Calls `on_judged` once per judged message, in order.
// Never fails.
void ReplayTrace(const Trace& trace, const Gate& gate,
                 const ReplayOptions& options,
                 const std::function<void(const JudgedMessage&)>& on_judged);

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_TRACE_H_
