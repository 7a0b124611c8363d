// cli/check_command.cc — `groundgate check`: re-judge the answers of traces.
//
// Its one job: arguments to one Gate, then each input record to a replayed
// conversation, each judged answer to one JSON line, and the counts to a
// summary and an exit code. See check_command.h.
//
// What it does NOT do: read a record's fields (the adapters, through
// jsonl_input.h), or judge anything itself: every verdict is the library's
// Gate::Judge through ReplayTrace, printed through VerdictToJson. It never
// holds more than one line in memory.
#include "cli/check_command.h"

#include <cstddef>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "capi/check_record.h"
#include "cli/jsonl_input.h"
#include "groundgate/groundgate.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

constexpr std::string_view kCommand = "groundgate check";

struct CheckArgs : CommonArgs {
  bool include_values = false;
};

absl::StatusOr<CheckArgs> ParseArgs(std::span<const std::string_view> args) {
  CheckArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "FILE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        if (all[*i] != "--include-values") return false;
        parsed.include_values = true;
        return true;
      },
      &parsed);
  if (!status.ok()) return status;
  return parsed;
}

struct CheckCounts {
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unverified = 0;
};

void PrintVerdict(const Trace& trace, const JudgedMessage& judged,
                  const VerdictJsonOptions& json_options, CheckCounts* counts,
                  std::ostream& out) {
  ++counts->judged;
  const std::string_view action = VerdictAction(judged.verdict);
  if (action == "flagged") ++counts->flagged;
  if (action == "unverified") ++counts->unverified;

  // The line the C API and the Python module build too (capi/check_record.h).
  out << capi::DumpCheckLine(capi::CheckLine(trace, judged, json_options))
      << '\n';
}

void PrintSummary(const CheckCounts& counts, const InputCounts& input,
                  std::ostream& err) {
  err << kCommand << ": conversations=" << input.records
      << " judged=" << counts.judged << " flagged=" << counts.flagged
      << " unverified=" << counts.unverified
      << " malformed_lines=" << input.malformed_records
      << " files=" << input.files
      << " unreadable_files=" << input.unreadable_files << '\n';
}

int UsageError(std::string_view message, std::ostream& err) {
  err << kCommand << ": " << message << '\n'
      << "usage: groundgate check [--include-values] [--format NAME] "
         "[--judge-intermediate] [--min-digits N] [--shapes FILE] "
         "[--max-line-bytes N] FILE...\n"
      << "Try 'groundgate check --help'.\n";
  return kExitUsageError;
}

}  // namespace

std::string_view CheckUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate check [--include-values] [--format NAME]\n"
      "                        [--judge-intermediate] [--min-digits N]\n"
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
      "frames]}\n"
      "  evidenceflow      {\"id\", \"steps\": [{\"type\", \"content\"}]}\n"
      "FILE - reads standard input. Every answer (the model's text with no\n"
      "tool call beside it) is judged against the messages before it. An\n"
      "error result (is_error, isError, a JSON-RPC error, an \"exception\"\n"
      "field) is never evidence.\n"
      "\n"
      "Output: one JSON line per judged answer on standard output,\n"
      "  {\"trace_id\", \"message_index\", \"action\", \"candidates\",\n"
      "   \"looked_up\", \"unsupported\": [{\"shape\", \"start\", \"end\"}],\n"
      "   \"unverified\", \"carried_by\", \"evidence_truncated\",\n"
      "   \"answer_truncated\", \"grounding\"}\n"
      "where message_index is the position in the record's list (messages,\n"
      "input then output items, or steps), start and end are byte offsets\n"
      "in the answer, and a judged reasoning message adds \"judged\":\n"
      "\"reasoning\"; a summary goes to standard error. A malformed line is\n"
      "reported as FILE:LINE: field: what, and skipped; the other lines are\n"
      "still judged.\n"
      "\n"
      "Options:\n"
      "  --include-values  add each unsupported value's text as \"value\"\n"
      "                    (off by default: output names shapes and\n"
      "                    offsets, never values)\n",
      TraceFlagsHelp(),
      "  -h, --help        print this help\n"
      "\n"
      "Exit status: 0 nothing flagged, 1 some answer flagged, 2 a usage or\n"
      "input error (unknown option, unreadable file, bad --min-digits or\n"
      "--shapes file, malformed line) or standard output could not be\n"
      "written.\n"));
  return *kUsage;
}

int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err) {
  absl::StatusOr<CheckArgs> parsed = ParseArgs(args);
  if (!parsed.ok()) return UsageError(MessageOf(parsed.status()), err);
  if (parsed->help) {
    out << CheckUsage();
    return OutputErrors(out).Report(kCommand, kStdoutDisplayName, err)
               ? kExitUsageError
               : kExitGrounded;
  }
  absl::StatusOr<Gate> gate = MakeGate(parsed->trace);
  if (!gate.ok()) {
    err << kCommand << ": " << MessageOf(gate.status()) << '\n';
    return kExitUsageError;
  }

  VerdictJsonOptions json_options;
  json_options.include_values = parsed->include_values;
  CheckCounts counts;
  OutputErrors output(out);
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  for (const std::string& file : parsed->files) {
    input.Read(file, [&](const InputRecord& record) {
      ReplayTrace(record.trace, *gate, parsed->trace.replay,
                  [&](const JudgedMessage& judged) {
                    PrintVerdict(record.trace, judged, json_options, &counts,
                                 out);
                  });
      // A failed write leaves the stream bad: reading on would judge for
      // no one.
      if (output.Failed()) input.Stop();
    });
    if (output.Report(kCommand, kStdoutDisplayName, err)) {
      return kExitUsageError;
    }
  }
  PrintSummary(counts, input.counts(), err);
  if (input.counts().unreadable_files > 0 ||
      input.counts().malformed_records > 0) {
    return kExitUsageError;
  }
  return counts.flagged > 0 ? kExitFlagged : kExitGrounded;
}

}  // namespace groundgate::cli
