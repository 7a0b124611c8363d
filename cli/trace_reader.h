// cli/trace_reader.h — one JSONL trace line to a checked conversation.
//
// Its one job: read one line of a trace file, `{"id": "...", "messages":
// [...]}` with OpenAI Chat Completions messages, into a Trace whose every
// field `groundgate check` uses has been checked for presence and type. A
// line that is not JSON, or names an unknown role, or lacks or mistypes a
// field, is an InvalidArgument whose message names the field
// (`messages[3].tool_call_id: missing`). It sits before the corpus: the
// check command feeds the Trace to an EvidenceCorpus and a Gate.
//
// What it does NOT do: open files or split them into lines (the check
// command streams them), decide what is evidence or judge anything, or read
// tool-call arguments (they are never evidence, law 3, so only their
// presence in a tool call matters, not their form).
#ifndef GROUNDGATE_CLI_TRACE_READER_H_
#define GROUNDGATE_CLI_TRACE_READER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {

enum class Role {
  kSystem,     // "system", and "developer" (the newer name for the same)
  kUser,       // "user"
  kAssistant,  // "assistant"
  kTool,       // "tool"
};

// One entry of an assistant message's `tool_calls`.
struct TraceToolCall {
  std::string id;             // tool_calls[].id
  std::string function_name;  // tool_calls[].function.name
};

struct TraceMessage {
  Role role = Role::kUser;
  // The message's text: `content` as a string, "" for null or absent, or the
  // `text` of each {"type": "text"} part joined with "\n". Parts of other
  // types (images, audio, refusals) carry no text and are skipped.
  std::string text;
  // Assistant only; empty when the message has no tool calls.
  std::vector<TraceToolCall> tool_calls;
  // Tool only: the id of the call this result answers.
  std::string tool_call_id;
  // Tool only: the message's own `name`, when it has one.
  std::optional<std::string> name;
};

struct Trace {
  std::string id;
  std::vector<TraceMessage> messages;  // in wire order, indices as in input
};

// Parses one line (without its line terminator). Returns the Trace, or
// InvalidArgument naming what is wrong: the line is not JSON (with the
// parser's byte position), is not an object, or a field is missing or of
// the wrong type. Never throws. Memory: proportional to the line.
absl::StatusOr<Trace> ParseTraceLine(std::string_view line);

// Parses a whole JSON text (a trace line, a --shapes file) without throwing.
// Returns the document, or InvalidArgument "not JSON: <what the parser
// expected> (at byte N)"; the message never quotes the input.
absl::StatusOr<nlohmann::json> ParseJson(std::string_view text);

// True when the line holds only spaces, tabs and line-end characters: a
// blank line in a JSONL file separates nothing and is skipped.
bool IsBlankLine(std::string_view line);

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_TRACE_READER_H_
