// cli/check_command.cc — `groundgate check`: re-judge the answers of traces.
//
// Its one job: arguments to one Gate, then each input record to a replayed
// conversation, each judged answer to a CheckedAnswer (its flags, and its
// JSON line when that is the format) handed to the baseline and the output
// format, and the counts to a summary and an exit code. See
// check_command.h.
//
// What it does NOT do: read a record's fields (the adapters, through
// jsonl_input.h), judge anything itself (every verdict is the library's
// Gate::Judge through ReplayTrace; its JSON line is traces::CheckLineText),
// or write a format (check_output.h). It holds one line in memory, or with
// --jobs N a window of lines (jsonl_input.h); junit and sarif hold every
// flag until the end.
#include "cli/check_command.h"

#include <charconv>
#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/baseline.h"
#include "cli/check_output.h"
#include "cli/eval_command.h"
#include "cli/jsonl_input.h"
#include "cli/progress_line.h"
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
        "usage: groundgate check [--format NAME] [--include-values] "
        "[--quiet] [--baseline FILE] [--write-baseline FILE] "
        "[--max-flag-rate R] [--strict] [--jobs N] [--judge-intermediate] "
        "[--min-digits N] [--misattribution MODE] [--shapes FILE] "
        "[--max-line-bytes N] [--no-process-caches] FILE...",
    .help = CheckUsage,
};

struct CheckArgs : CommonArgs {
  bool include_values = false;
  bool strict = false;   // --strict: warnings and unjudged answers exit 2
  bool quiet = false;    // --quiet: nothing on standard output
  std::size_t jobs = 1;  // --jobs N: records judged on N threads
  // --output-format NAME, or --format NAME with an output format's name.
  // Default: text on a terminal, else jsonl.
  std::optional<OutputFormat> output_format;
  // --max-flag-rate R: exit 1 only when flagged answers / judged answers
  // is above R.
  std::optional<double> max_flag_rate;
  std::optional<std::string> baseline;        // --baseline FILE
  std::optional<std::string> write_baseline;  // --write-baseline FILE
};

// More threads than this are refused: a typo must not start thousands.
constexpr std::size_t kMaxJobs = 256;

absl::Status SetOutputFormat(std::string_view flag, std::string_view name,
                             CheckArgs* parsed) {
  std::optional<OutputFormat> format = ParseOutputFormatName(name);
  if (!format.has_value()) {
    return absl::InvalidArgumentError(Concat(flag, ": unknown output format \"",
                                             name, "\" (expected ",
                                             kOutputFormatNames, ")"));
  }
  if (parsed->output_format.has_value()) {
    return absl::InvalidArgumentError(
        Concat(flag, ": the output format was already given"));
  }
  parsed->output_format = *format;
  return absl::OkStatus();
}

absl::StatusOr<double> ParseRate(std::string_view text) {
  double value = -1;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !(value >= 0) ||
      !(value <= 1)) {
    return absl::InvalidArgumentError(
        Concat("--max-flag-rate: expected a rate from 0 to 1 (0.05 for 5%), "
               "got \"",
               text, "\""));
  }
  return value;
}

absl::StatusOr<CheckArgs> ParseArgs(std::span<const std::string_view> args) {
  CheckArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "FILE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        const std::string_view arg = all[*i];
        if (arg == "--include-values") {
          parsed.include_values = true;
          return true;
        }
        if (arg == "--strict") {
          parsed.strict = true;
          return true;
        }
        if (arg == "--quiet" || arg == "-q") {
          parsed.quiet = true;
          return true;
        }
        if (IsFlag(arg, "--jobs")) {
          absl::StatusOr<std::size_t> jobs = CountFlagValue(all, i, "--jobs");
          if (!jobs.ok()) return jobs.status();
          if (*jobs > kMaxJobs) {
            return absl::InvalidArgumentError(
                Concat("--jobs: at most ", kMaxJobs, ", got ", *jobs));
          }
          parsed.jobs = *jobs;
          return true;
        }
        // --format names an output format or a trace format: the two sets
        // of names are disjoint.
        for (const std::string_view flag : {"--format", "--output-format"}) {
          if (!IsFlag(arg, flag)) continue;
          absl::StatusOr<std::string> value = FlagValue(all, i, flag);
          if (!value.ok()) return value.status();
          absl::Status set;
          if (flag == "--format" && !ParseOutputFormatName(*value)) {
            if (!ParseTraceFormatName(*value)) {
              return absl::InvalidArgumentError(
                  Concat("--format: unknown format \"", *value,
                         "\" (expected an output format: ", kOutputFormatNames,
                         "; or a trace format: ", kTraceFormatNames, ")"));
            }
            set = SetTraceFormat(flag, *value, &parsed.trace);
          } else {
            set = SetOutputFormat(flag, *value, &parsed);
          }
          if (!set.ok()) return set;
          return true;
        }
        if (IsFlag(arg, "--max-flag-rate")) {
          absl::StatusOr<std::string> value =
              FlagValue(all, i, "--max-flag-rate");
          if (!value.ok()) return value.status();
          absl::StatusOr<double> rate = ParseRate(*value);
          if (!rate.ok()) return rate.status();
          parsed.max_flag_rate = *rate;
          return true;
        }
        for (const auto& [flag, target] :
             {std::pair{"--baseline", &parsed.baseline},
              std::pair{"--write-baseline", &parsed.write_baseline}}) {
          if (!IsFlag(arg, flag)) continue;
          absl::StatusOr<std::string> value = FlagValue(all, i, flag);
          if (!value.ok()) return value.status();
          *target = *std::move(value);
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
  // With --baseline: answers with a flag the baseline does not hold, those
  // flags, and the flags it holds.
  std::size_t new_flagged = 0;
  std::size_t new_flags = 0;
  std::size_t known_flags = 0;

  CheckCounts& operator+=(const CheckCounts& other) {
    judged += other.judged;
    flagged += other.flagged;
    unverified += other.unverified;
    warnings += other.warnings;
    unjudged += other.unjudged;
    misattributed += other.misattributed;
    new_flagged += other.new_flagged;
    new_flags += other.new_flags;
    known_flags += other.known_flags;
    return *this;
  }
};

// What one record produced, on whichever thread judged it: its judged
// answers, its diagnostics and its counts, handed on in input order.
struct RecordOutput {
  std::vector<CheckedAnswer> answers;
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

// The tool name of the result `call_id` names in `trace`, or "".
std::string ToolOf(const Trace& trace, std::string_view call_id) {
  for (const TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult &&
        message.tool_call_id == call_id) {
      return message.tool_name;
    }
  }
  return "";
}

// One judged answer as the output formats and the baseline need it; its
// JSONL line only when that is the format.
CheckedAnswer MakeCheckedAnswer(const InputRecord& record,
                                const JudgedMessage& judged,
                                const VerdictJsonOptions& json_options,
                                bool jsonl) {
  const Verdict& verdict = judged.verdict;
  CheckedAnswer answer;
  answer.source = std::string(record.source);
  answer.line = record.line;
  answer.trace_id = record.trace.id;
  answer.message_index = judged.message.index;
  answer.reasoning = judged.message.role == TraceRole::kReasoning;
  answer.action = VerdictAction(verdict);
  const std::string_view text = judged.message.text;
  for (const Candidate& c : verdict.candidates) {
    if (!IsEvalFlag(verdict, c)) continue;
    FlaggedValue flag;
    flag.kind = StatusName(c.status);
    flag.shape = c.shape;
    flag.start = c.start;
    flag.end = c.end;
    flag.canonical = c.canonical;
    if (c.start < c.end && c.end <= text.size()) {
      flag.text = std::string(text.substr(c.start, c.end - c.start));
    }
    flag.near_miss = c.near_miss;
    flag.near_miss_carrier = c.near_miss_carrier;
    if (!c.near_miss_carrier.empty()) {
      flag.near_miss_tool = ToolOf(record.trace, c.near_miss_carrier);
    }
    if (c.binding.has_value()) {
      flag.named_value = c.binding->named_value;
      flag.named_carrier = c.binding->named.carrier;
      flag.read_carrier = c.binding->read.carrier;
    }
    answer.flags.push_back(std::move(flag));
  }
  if (jsonl) {
    const std::string source = Concat(record.source, ":", record.line);
    answer.jsonl =
        traces::CheckLineText(record.trace, judged, json_options, source);
  }
  return answer;
}

// The command's counts of one judged answer, before the baseline.
void CountJudged(const CheckedAnswer& answer, const Verdict& verdict,
                 CheckCounts* counts) {
  ++counts->judged;
  if (answer.action == "flagged") ++counts->flagged;
  if (answer.action == "unverified") ++counts->unverified;
  if (verdict.misattributed() > 0) ++counts->misattributed;
}

void PrintSummary(const CheckCounts& counts, const InputCounts& input,
                  bool with_baseline, std::ostream& err) {
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
  if (with_baseline) {
    err << " new_flagged=" << counts.new_flagged
        << " new_flags=" << counts.new_flags
        << " known_flags=" << counts.known_flags;
  }
  err << '\n';
}

}  // namespace

std::string_view CheckUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate check [--format NAME] [--include-values] [--quiet]\n"
      "                        [--baseline FILE] [--write-baseline FILE]\n"
      "                        [--max-flag-rate R] [--strict] [--jobs N]\n"
      "                        [--judge-intermediate] [--min-digits N]\n"
      "                        [--misattribution MODE] [--shapes FILE]\n"
      "                        [--max-line-bytes N] [--no-process-caches]\n"
      "                        FILE...\n"
      "\n"
      "Re-judges the answers of agent traces: every name, number and\n"
      "identifier an assistant answer states must have been read from a\n"
      "tool result of its conversation, or supplied by the user or the\n"
      "system prompt. A value that was not read was typed, and is flagged.\n"
      "This detects fabrication; it does not judge whether an answer is\n"
      "correct.\n"
      "\n"
      "Input: JSONL, one conversation per line, in any of these formats\n"
      "(detected per record, or named with --input-format):\n"
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
      "judged. A malformed line is reported as FILE:LINE: field: what, and\n"
      "skipped; the other lines are still judged. A file lists at most ",
      kMaxListedLineErrors,
      "\n"
      "bad lines (the rest are counted), and a file whose first ",
      kMaxListedLineErrors,
      " lines\n"
      "are all bad is not read further.\n"
      "\n"
      "Output formats (--format NAME or --output-format NAME; default text\n"
      "when standard output is a terminal, else jsonl):\n"
      "  text    one line per flagged value, then a summary that names the\n"
      "          flagged traces:\n"
      "            FILE:LINE TRACE msg N: unsupported date at bytes 112-124\n"
      "            (closest in call_dhYr8aQ… search_flight)\n"
      "          coloured on a terminal unless NO_COLOR is set\n"
      "  jsonl   one JSON verdict line per judged answer (below)\n"
      "  github  a GitHub Actions annotation per flagged value:\n"
      "            ::error file=FILE,line=LINE,title=...::MESSAGE\n"
      "  junit   JUnit XML: a testsuite per FILE, a testcase per judged\n"
      "          answer (\"TRACE msg N\"), a failure when it has a flag, a\n"
      "          skipped one when its values are unverified\n"
      "  sarif   SARIF 2.1.0: rules \"unsupported\" and \"misattributed\", a\n"
      "          result per flagged value at FILE and the record's line\n"
      "The output and trace formats' names are disjoint, so --format takes\n"
      "either (--format sarif, --format anthropic); --output-format and\n"
      "--input-format name one kind only.\n"
      "\n"
      "Values: every format names a flag by its kind, shape, byte span,\n"
      "message index and tool calls, never by its value. With\n"
      "--include-values a flag shows the value as the answer wrote it and\n"
      "the closest carried value (text: unsupported date \"May 26, 2024\"\n"
      "(closest: 2024-05-25 in call_dhYr8aQ… search_flight)). Output\n"
      "is often kept (CI logs, a SARIF upload), so values are opt-in in\n"
      "every format, as in the library's events.\n"
      "\n"
      "JSONL: one line per judged answer,\n"
      "  {\"trace_id\", \"message_index\", \"action\", \"candidates\",\n"
      "   \"looked_up\", \"unsupported\", \"unverified\", \"misattributed\",\n"
      "   \"grounded\", \"carried_by\", \"conflicts\", "
      "\"evidence_truncated\",\n"
      "   \"answer_truncated\", \"grounding\", \"source\", \"schema\"}\n"
      "where message_index is the position in the record's list (messages,\n"
      "input then output items, or steps); \"action\" is grounded, flagged\n"
      "or unverified; \"unsupported\", \"unverified\" and \"grounded\" list\n"
      "values as {\"shape\", \"start\", \"end\"} (byte offsets in the\n"
      "answer), a grounded one with its \"reason\" (exact, canonical,\n"
      "rounded, derived_sum, ...) and an unsupported one with\n"
      "\"near_miss_carrier\", the call whose result carried the closest\n"
      "value, when one is close; \"misattributed\" lists values read from\n"
      "another record than the one the answer tells them of ({\"shape\",\n"
      "\"start\", \"end\", \"named_carrier\", \"read_carrier\"}; see\n"
      "--misattribution); \"carried_by\" lists the results the answer read\n"
      "from ([{\"tool_call_id\", \"tool_name\", \"values\", \"only\"}], or\n"
      "null when a list was cut); \"conflicts\" lists values two results\n"
      "gave differently under one key ({\"start\", \"end\", \"used_carrier\",\n"
      "\"other_carrier\"}); \"grounding\" is {\"this_turn\", "
      "\"prior_turns\"};\n"
      "\"source\" is \"FILE:LINE\" of the record and \"schema\" the line's\n"
      "version (",
      traces::kCheckLineSchema,
      "; a line without it is version 1). A judged reasoning\n"
      "message adds \"judged\": \"reasoning\" after message_index.\n"
      "\n"
      "A summary goes to standard error: conversations=N judged=N\n"
      "flagged=N unverified=N malformed_lines=N files=N unreadable_files=N\n"
      "(with warnings=N unjudged=N when there are any, misattributed=N, the\n"
      "answers with a misattributed value, when there are some, and with\n"
      "--baseline new_flagged=N new_flags=N known_flags=N). An input that\n"
      "judged nothing says so there. When standard error is a terminal that\n"
      "the output does not go to (the output is redirected, or --quiet),\n"
      "an input past ",
      kProgressMinBytes >> 20,
      " MiB draws a progress line there (lines, MB/s,\n"
      "flagged), redrawn in place and erased at the end.\n"
      "\n"
      "Options:\n"
      "  --format NAME     an output format (text, jsonl, github, junit,\n"
      "                    sarif) or a trace format (see --input-format)\n"
      "  --output-format NAME\n"
      "                    the output format: text, jsonl, github, junit or\n"
      "                    sarif\n"
      "  --include-values  show values: in JSONL each listed value's\n"
      "                    canonical form as \"value\" and the answer's text\n"
      "                    at its span as \"text\" (\"14:30\" and \"2:30 "
      "PM\"),\n"
      "                    a derived value's \"derivation\", an unsupported\n"
      "                    one's \"near_miss\", a misattributed one's\n"
      "                    \"named_value\", \"field\", \"named_path\",\n"
      "                    \"read_path\", a conflict's \"key\"; in the other\n"
      "                    formats the text as written and the closest\n"
      "                    value (off by default: output names shapes and\n"
      "                    offsets, never values)\n"
      "  -q, --quiet       write nothing on standard output: only the\n"
      "                    summary and the exit status\n"
      "  --write-baseline FILE\n"
      "                    write this run's flags to FILE (JSON, sorted) and\n"
      "                    exit 0 unless an input error exits 2: the flags\n"
      "                    are accepted\n"
      "  --baseline FILE   report and count only the flags FILE does not\n"
      "                    hold; a flag is keyed by trace id, message index\n"
      "                    and a hash of the value's canonical form, not by\n"
      "                    its line, so moved records keep their flags\n"
      "  --max-flag-rate R exit 1 only when more than R (0 to 1) of the\n"
      "                    judged answers have a flag (a new one, with\n"
      "                    --baseline); at or under it, exit 0\n"
      "  --strict          exit 2 when a record had a warning, an answer\n"
      "                    was not judged, or nothing was judged\n"
      "  --jobs N          judge records on N threads (default 1, at most\n"
      "                    256); the output is the same, in input order\n",
      TraceFlagsHelp(),
      "  -h, --help        print this help\n"
      "An option given twice is an error.\n"
      "\n"
      "Exit status: 0 nothing flagged (or no new flag with --baseline, or\n"
      "a rate at or under --max-flag-rate), 1 some answer flagged, 2 a\n"
      "usage or input error (unknown or repeated option, unreadable file,\n"
      "bad --min-digits, --misattribution, --shapes or --baseline file,\n"
      "malformed line; with --strict, a warning, an unjudged answer or an\n"
      "input that judged nothing) or standard output could not be written.\n"
      "\n"
      "Examples:\n"
      "  groundgate check traces.jsonl\n"
      "      flagged values as text on a terminal, JSONL when piped\n"
      "  groundgate check --format jsonl traces.jsonl | jq .action\n"
      "  groundgate check --format github traces/*.jsonl\n"
      "      annotations in a GitHub Actions job\n"
      "  groundgate check --format sarif traces.jsonl > groundgate.sarif\n"
      "  groundgate check --format junit traces.jsonl > junit.xml\n"
      "  groundgate check --write-baseline groundgate-baseline.json "
      "traces.jsonl\n"
      "  groundgate check --baseline groundgate-baseline.json traces.jsonl\n"
      "      fail only on flags the baseline does not hold\n"
      "  groundgate check --quiet --max-flag-rate 0.02 archive.jsonl\n"
      "      exit 1 only when more than 2% of the answers are flagged\n"
      "  groundgate check --input-format anthropic --include-values - < "
      "t.jsonl\n"));
  return *kUsage;
}

int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err,
                    const Terminal& terminal) {
  const absl::StatusOr<CheckArgs> parsed = ParseArgs(args);
  CommandStart start = StartCommand(kCommandText, parsed, out, err);
  if (const int* exit_code = std::get_if<int>(&start)) return *exit_code;
  const Gate& gate = std::get<Gate>(start);

  std::optional<Baseline> baseline;
  if (parsed->baseline.has_value()) {
    absl::StatusOr<Baseline> read = Baseline::Read(*parsed->baseline);
    if (!read.ok()) {
      err << kCommand << ": " << MessageOf(read.status()) << '\n';
      return kExitUsageError;
    }
    baseline = *std::move(read);
  }
  std::optional<BaselineWriter> baseline_writer;
  if (parsed->write_baseline.has_value()) baseline_writer.emplace();

  OutputOptions output_options;
  output_options.format = parsed->output_format.value_or(
      terminal.out ? OutputFormat::kText : OutputFormat::kJsonl);
  output_options.include_values = parsed->include_values;
  output_options.color = terminal.out && !terminal.no_color;
  output_options.quiet = parsed->quiet;
  const bool jsonl =
      output_options.format == OutputFormat::kJsonl && !parsed->quiet;
  const std::unique_ptr<CheckOutput> report =
      MakeCheckOutput(output_options, out);

  VerdictJsonOptions json_options;
  json_options.include_values = parsed->include_values;
  CheckCounts counts;
  OutputErrors output(out);
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  // A progress line on the terminal the output is not also written to:
  // the two would interleave.
  ProgressLine progress(kCommand,
                        terminal.err && (!terminal.out || parsed->quiet), err);
  input.SetBeforeDiagnostic([&progress] { progress.Clear(); });
  // The calling thread, in input order: the baseline, the counts that
  // depend on it, and the output.
  const auto handle = [&](CheckedAnswer& answer) {
    if (baseline_writer.has_value()) baseline_writer->Add(answer);
    if (baseline.has_value()) baseline->Mark(&answer);
    for (const FlaggedValue& flag : answer.flags) {
      ++(flag.known ? counts.known_flags : counts.new_flags);
    }
    if (answer.HasNewFlag()) ++counts.new_flagged;
    report->Answer(answer);
  };
  // Any thread: judge one record into its own buffers (Gate::Judge is
  // const and thread-safe).
  const std::function<RecordOutput(const InputRecord&)> judge =
      [&](const InputRecord& record) {
        RecordOutput result;
        std::ostringstream record_err;
        ReportUnread(record, &result.counts, record_err);
        ReplayTrace(record.trace, gate, parsed->trace.replay,
                    [&](const JudgedMessage& judged) {
                      result.answers.push_back(MakeCheckedAnswer(
                          record, judged, json_options, jsonl));
                      CountJudged(result.answers.back(), judged.verdict,
                                  &result.counts);
                    });
        result.err = std::move(record_err).str();
        return result;
      };
  const std::function<void(RecordOutput&)> write = [&](RecordOutput& result) {
    if (!result.err.empty()) {
      progress.Clear();
      err << result.err;
    }
    counts += result.counts;
    for (CheckedAnswer& answer : result.answers) handle(answer);
    progress.Update(input.counts(), counts.flagged);
    // A failed write leaves the stream bad: reading on would judge for no
    // one.
    if (output.Failed()) input.Stop();
  };
  // One thread: each answer goes out as soon as it is judged, so a record
  // of many answers is never held whole, and the first failed write ends
  // the output.
  const std::function<void(const InputRecord&)> judge_and_write =
      [&](const InputRecord& record) {
        std::ostringstream unread;
        ReportUnread(record, &counts, unread);
        if (unread.tellp() > 0) {
          progress.Clear();
          err << std::move(unread).str();
        }
        ReplayTrace(record.trace, gate, parsed->trace.replay,
                    [&](const JudgedMessage& judged) {
                      if (output.Failed()) return;
                      CheckedAnswer answer = MakeCheckedAnswer(
                          record, judged, json_options, jsonl);
                      CountJudged(answer, judged.verdict, &counts);
                      handle(answer);
                    });
        progress.Update(input.counts(), counts.flagged);
        if (output.Failed()) input.Stop();
      };
  for (const std::string& file : parsed->files) {
    progress.BeginFile(file);
    if (parsed->jobs == 1) {
      input.Read(file, judge_and_write);
    } else {
      input.ReadInOrder(file, parsed->jobs, judge, write);
    }
    progress.Clear();
    if (output.Report(kCommand, kStdoutDisplayName, err)) {
      return kExitUsageError;
    }
  }
  report->Finish(CheckTotals{.judged = counts.judged,
                             .flagged_answers = counts.new_flagged,
                             .new_flags = counts.new_flags,
                             .known_flags = counts.known_flags});
  if (output.Report(kCommand, kStdoutDisplayName, err)) return kExitUsageError;
  // What is said of the whole run comes before the summary, which stays
  // the last line.
  PrintInputHints(kCommand, input.counts(), parsed->trace.format_given, err);
  if (counts.judged == 0) {
    err << kCommand << ": judged nothing: "
        << (input.counts().records == 0 ? "no record was read"
                                        : "no record held an answer")
        << '\n';
  }
  bool baseline_failed = false;
  if (baseline_writer.has_value()) {
    if (absl::Status status = baseline_writer->Write(*parsed->write_baseline);
        !status.ok()) {
      err << kCommand << ": " << MessageOf(status) << '\n';
      baseline_failed = true;
    } else {
      err << kCommand << ": wrote " << baseline_writer->size()
          << (baseline_writer->size() == 1 ? " flag" : " flags")
          << " to the baseline " << *parsed->write_baseline << '\n';
    }
  }
  PrintSummary(counts, input.counts(), baseline.has_value(), err);
  if (baseline_failed) return kExitUsageError;
  if (HadInputErrors(input.counts())) return kExitUsageError;
  if (parsed->strict &&
      (counts.warnings > 0 || counts.unjudged > 0 || counts.judged == 0)) {
    return kExitUsageError;
  }
  // The flags a baseline was just written with are accepted.
  if (baseline_writer.has_value()) return kExitGrounded;
  if (counts.new_flagged == 0) return kExitGrounded;
  if (parsed->max_flag_rate.has_value()) {
    const double rate = static_cast<double>(counts.new_flagged) /
                        static_cast<double>(counts.judged);
    if (rate <= *parsed->max_flag_rate) return kExitGrounded;
  }
  return kExitFlagged;
}

}  // namespace groundgate::cli
