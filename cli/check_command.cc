// cli/check_command.cc — `groundgate check`: re-judge the answers of traces.
//
// Its one job: arguments to one Gate, then each input record to a replayed
// conversation, each judged answer to one JSON line, and the counts to a
// summary and an exit code. See check_command.h.
//
// What it does NOT do: read a record's fields (the adapters, through
// jsonl_input.h), or judge anything itself: every verdict is the library's
// Gate::Judge through ReplayTrace, printed through VerdictToJson. It holds
// one line in memory, or with --jobs N a window of lines (jsonl_input.h).
#include "cli/check_command.h"

#include <cstddef>
#include <functional>
#include <istream>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/jsonl_input.h"
#include "groundgate/groundgate.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "traces/check_record.h"

namespace groundgate::cli {
namespace {

constexpr std::string_view kCommand = "groundgate check";

// The command as its start and its usage errors name it.
constexpr CommandText kCommandText = {
    .name = kCommand,
    .usage_line =
        "usage: groundgate check [--include-values] [--strict] "
        "[--jobs N] [--format NAME] [--judge-intermediate] [--min-digits N] "
        "[--misattribution MODE] [--shapes FILE] [--max-line-bytes N] "
        "FILE...",
    .help = CheckUsage,
};

struct CheckArgs : CommonArgs {
  bool include_values = false;
  bool strict = false;   // --strict: warnings and unjudged answers exit 2
  std::size_t jobs = 1;  // --jobs N: records judged on N threads
};

// More threads than this are refused: a typo must not start thousands.
constexpr std::size_t kMaxJobs = 256;

absl::StatusOr<CheckArgs> ParseArgs(std::span<const std::string_view> args) {
  CheckArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "FILE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        if (all[*i] == "--include-values") {
          parsed.include_values = true;
          return true;
        }
        if (all[*i] == "--strict") {
          parsed.strict = true;
          return true;
        }
        if (IsFlag(all[*i], "--jobs")) {
          absl::StatusOr<std::size_t> jobs = CountFlagValue(all, i, "--jobs");
          if (!jobs.ok()) return jobs.status();
          if (*jobs > kMaxJobs) {
            return absl::InvalidArgumentError(
                Concat("--jobs: at most ", kMaxJobs, ", got ", *jobs));
          }
          parsed.jobs = *jobs;
          return true;
        }
        return false;
      },
      &parsed);
  if (!status.ok()) return status;
  return parsed;
}

struct CheckCounts {
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  // Answers with a value read from another record than the one they name
  // (law 11), flagged or, under --misattribution warn, only warned of.
  std::size_t misattributed = 0;
  std::size_t warnings = 0;  // what the adapters accepted but did not read
  std::size_t unjudged = 0;  // answers whose content could not be read

  CheckCounts& operator+=(const CheckCounts& other) {
    judged += other.judged;
    flagged += other.flagged;
    unverified += other.unverified;
    warnings += other.warnings;
    unjudged += other.unjudged;
    misattributed += other.misattributed;
    return *this;
  }
};

// What one record produced, on whichever thread judged it: its output
// lines, its diagnostics and its counts, written out in input order.
struct RecordOutput {
  std::string out;
  std::string err;
  CheckCounts counts;
};

// Names, per record, what was accepted but not read and every answer that
// was not judged, so no answer is skipped without a word.
void ReportUnread(const InputRecord& record, CheckCounts* counts,
                  std::ostream& err) {
  const Trace& trace = record.trace;
  for (const std::string& warning : trace.warnings) {
    err << record.source << ':' << record.line << ": warning: " << warning
        << '\n';
  }
  if (trace.unlisted_warnings > 0) {
    err << record.source << ':' << record.line
        << ": warning: " << trace.unlisted_warnings << " more not listed\n";
  }
  counts->warnings += trace.warnings.size() + trace.unlisted_warnings;
  for (const TraceMessage& message : trace.messages) {
    if (!message.IsUnreadAnswer()) continue;
    ++counts->unjudged;
    err << record.source << ':' << record.line << ": " << message.path
        << ": answer not judged: its content could not be read\n";
  }
}

void PrintVerdict(const Trace& trace, const JudgedMessage& judged,
                  const VerdictJsonOptions& json_options, CheckCounts* counts,
                  std::ostream& out) {
  ++counts->judged;
  const std::string_view action = VerdictAction(judged.verdict);
  if (action == "flagged") ++counts->flagged;
  if (action == "unverified") ++counts->unverified;
  if (judged.verdict.misattributed() > 0) ++counts->misattributed;

  // The line the C API and the Python module build too (traces/check_record.h).
  out << traces::CheckLineText(trace, judged, json_options) << '\n';
}

void PrintSummary(const CheckCounts& counts, const InputCounts& input,
                  std::ostream& err) {
  err << kCommand << ": conversations=" << input.records
      << " judged=" << counts.judged << " flagged=" << counts.flagged
      << " unverified=" << counts.unverified;
  PrintInputCounts(input, err);
  // Only when there are some: the line keeps its shape for readers of it.
  if (counts.warnings > 0 || counts.unjudged > 0) {
    err << " warnings=" << counts.warnings << " unjudged=" << counts.unjudged;
  }
  if (counts.misattributed > 0) {
    err << " misattributed=" << counts.misattributed;
  }
  err << '\n';
}

}  // namespace

std::string_view CheckUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate check [--include-values] [--strict] [--jobs N]\n"
      "                        [--format NAME] [--judge-intermediate]\n"
      "                        [--min-digits N] [--misattribution MODE]\n"
      "                        [--shapes FILE] [--max-line-bytes N] FILE...\n"
      "\n"
      "Re-judges the answers of agent traces: every name, number and\n"
      "identifier an assistant answer states must have been read from a\n"
      "tool result of its conversation, or supplied by the user or the\n"
      "system prompt. A value that was not read was typed, and is flagged.\n"
      "This detects fabrication; it does not judge whether an answer is\n"
      "correct.\n"
      "\n"
      "Input: JSONL, one conversation per line, in any of these formats\n"
      "(detected per record, or named with --format):\n"
      "  openai-chat       {\"id\", \"messages\": [Chat Completions "
      "messages]}\n"
      "  openai-responses  {\"id\", \"instructions\", \"input\", \"output\"}"
      " (items)\n"
      "  anthropic         {\"id\", \"system\", \"messages\": [content "
      "blocks]}\n"
      "  mcp               {\"id\", \"messages\": [messages and tools/call "
      "frames]},\n"
      "                    or a bare array of JSON-RPC frames\n"
      "  evidenceflow      {\"id\", \"steps\": [{\"type\", \"content\"}]},"
      " or\n"
      "                    a bare array of steps\n"
      "FILE - reads standard input. Every answer (the model's text with no\n"
      "tool call beside it, or after the results of the server tools it\n"
      "called in the same message) is judged against the messages before\n"
      "it. What a server tool returned (web search, code execution, file\n"
      "search, an MCP call) is evidence, and so is the text an answer\n"
      "cites (Anthropic citations, Responses annotations), as the cited\n"
      "result's. An error result (is_error, isError, a JSON-RPC error, an\n"
      "\"exception\" field) is never evidence. A refusal or an audio\n"
      "transcript is the answer's text; a legacy Chat \"function\" message\n"
      "is a tool result.\n"
      "\n"
      "A block, item or part of an unknown type is no error: it is named\n"
      "as FILE:LINE: warning: PATH.type: ..., and not read. Content that\n"
      "cannot be read (an image, a PDF, encrypted search results, an\n"
      "unknown type) makes the rest of its conversation partial: values not\n"
      "found are \"unverified\", never \"unsupported\". An answer whose\n"
      "content could not be read is named as FILE:LINE: PATH: answer not\n"
      "judged.\n"
      "\n"
      "Output: one JSON line per judged answer on standard output,\n"
      "  {\"trace_id\", \"message_index\", \"action\", \"candidates\",\n"
      "   \"looked_up\", \"unsupported\": [{\"shape\", \"start\", \"end\"}],\n"
      "   \"unverified\", \"misattributed\", \"grounded\", \"carried_by\",\n"
      "   \"conflicts\", \"evidence_truncated\", \"answer_truncated\",\n"
      "   \"grounding\"}\n"
      "where message_index is the position in the record's list (messages,\n"
      "input then output items, or steps), start and end are byte offsets\n"
      "in the answer, \"misattributed\" lists values read from another\n"
      "record than the one the answer tells them of ({\"shape\", \"start\",\n"
      "\"end\", \"named_carrier\", \"read_carrier\"}; see --misattribution),\n"
      "and a judged reasoning message adds \"judged\":\n"
      "\"reasoning\"; a summary goes to standard error (with warnings=N\n"
      "unjudged=N when there are any, and misattributed=N, the answers\n"
      "with a misattributed value, when there are some). A malformed line\n"
      "is reported as\n"
      "FILE:LINE: field: what, and skipped; the other lines are still\n"
      "judged.\n"
      "\n"
      "Options:\n"
      "  --include-values  add each listed value's text as \"value\" (and a\n"
      "                    misattributed value's \"named_value\", \"field\",\n"
      "                    \"named_path\", \"read_path\"; off by default:\n"
      "                    output names shapes and offsets, never values)\n"
      "  --strict          exit 2 when a record had a warning or an answer\n"
      "                    was not judged\n"
      "  --jobs N          judge records on N threads (default 1, at most\n"
      "                    256); the output is the same, in input order\n",
      TraceFlagsHelp(),
      "  -h, --help        print this help\n"
      "\n"
      "Exit status: 0 nothing flagged, 1 some answer flagged, 2 a usage or\n"
      "input error (unknown option, unreadable file, bad --min-digits,\n"
      "--misattribution or --shapes file, malformed line; with --strict, a "
      "warning or an\n"
      "unjudged answer) or standard output could not be written.\n"));
  return *kUsage;
}

int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err) {
  const absl::StatusOr<CheckArgs> parsed = ParseArgs(args);
  CommandStart start = StartCommand(kCommandText, parsed, out, err);
  if (const int* exit_code = std::get_if<int>(&start)) return *exit_code;
  const Gate& gate = std::get<Gate>(start);

  VerdictJsonOptions json_options;
  json_options.include_values = parsed->include_values;
  CheckCounts counts;
  OutputErrors output(out);
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  // Any thread: judge one record into its own buffers (Gate::Judge is
  // const and thread-safe).
  const std::function<RecordOutput(const InputRecord&)> judge =
      [&](const InputRecord& record) {
        RecordOutput result;
        std::ostringstream record_out;
        std::ostringstream record_err;
        ReportUnread(record, &result.counts, record_err);
        ReplayTrace(record.trace, gate, parsed->trace.replay,
                    [&](const JudgedMessage& judged) {
                      PrintVerdict(record.trace, judged, json_options,
                                   &result.counts, record_out);
                    });
        result.out = std::move(record_out).str();
        result.err = std::move(record_err).str();
        return result;
      };
  // The calling thread, in input order.
  const std::function<void(RecordOutput&)> write = [&](RecordOutput& result) {
    err << result.err;
    out << result.out;
    counts += result.counts;
    // A failed write leaves the stream bad: reading on would judge for no
    // one.
    if (output.Failed()) input.Stop();
  };
  // One thread: each line goes out as soon as its answer is judged, so a
  // record of many answers is never held whole, and the first failed write
  // ends the output.
  const std::function<void(const InputRecord&)> judge_and_write =
      [&](const InputRecord& record) {
        ReportUnread(record, &counts, err);
        ReplayTrace(record.trace, gate, parsed->trace.replay,
                    [&](const JudgedMessage& judged) {
                      if (output.Failed()) return;
                      PrintVerdict(record.trace, judged, json_options, &counts,
                                   out);
                    });
        if (output.Failed()) input.Stop();
      };
  for (const std::string& file : parsed->files) {
    if (parsed->jobs == 1) {
      input.Read(file, judge_and_write);
    } else {
      input.ReadInOrder(file, parsed->jobs, judge, write);
    }
    if (output.Report(kCommand, kStdoutDisplayName, err)) {
      return kExitUsageError;
    }
  }
  PrintSummary(counts, input.counts(), err);
  if (HadInputErrors(input.counts())) return kExitUsageError;
  if (parsed->strict && (counts.warnings > 0 || counts.unjudged > 0)) {
    return kExitUsageError;
  }
  return counts.flagged > 0 ? kExitFlagged : kExitGrounded;
}

}  // namespace groundgate::cli
