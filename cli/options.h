// cli/options.h — what the `groundgate` subcommands share: exit codes,
// flag parsing, the --shapes file, the trace flags and the Gate they make.
//
// Its one job: turn the flags every subcommand accepts (--min-digits,
// --shapes, --misattribution, --format, --judge-intermediate) into a Gate,
// ReplayOptions and
// a TraceFormat, with an error naming the flag and the fix.
//
// What it does NOT do: read traces (jsonl_input.h), or parse a subcommand's
// own flags (each command does, with FlagValue and IsFlag).
#ifndef GROUNDGATE_CLI_OPTIONS_H_
#define GROUNDGATE_CLI_OPTIONS_H_

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/concat.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"

namespace groundgate::cli {

// Exit codes of the command.
inline constexpr int kExitGrounded = 0;    // nothing was flagged / success
inline constexpr int kExitFlagged = 1;     // check: some answer was flagged
inline constexpr int kExitUsageError = 2;  // bad flag, file, record or config

// `-` names standard input.
inline constexpr std::string_view kStdinName = "-";

// How standard output is named in a write error.
inline constexpr std::string_view kStdoutDisplayName = "standard output";

// The first write error of one output stream (a full disk, /dev/full, a
// closed pipe), caught right after the write that failed, while errno
// still says why: reading the next file resets errno.
class OutputErrors {
 public:
  // `out` must outlive this object.
  explicit OutputErrors(std::ostream& out) : out_(out) {}

  // Call right after writing. True when some write to the stream failed;
  // the first time, remembers errno as the reason.
  bool Failed();

  // Flushes the stream, then Failed(). When a write failed, writes
  // "COMMAND: cannot write to WHERE: REASON" to `err` and returns true: the
  // command then exits kExitUsageError. False while every write succeeded.
  [[nodiscard]] bool Report(std::string_view command, std::string_view where,
                            std::ostream& err);

 private:
  std::ostream& out_;
  bool failed_ = false;
  int error_ = 0;  // errno when the failure was first seen; 0 if unknown
};

using base::Concat;

// A Status message as a std::string_view (see Concat for why).
inline std::string_view MessageOf(const absl::Status& status) {
  return {status.message().data(), status.message().size()};
}

// True when `arg` is `flag` or `flag=...`.
bool IsFlag(std::string_view arg, std::string_view flag);

// Reads the value of a flag given as `--flag VALUE` or `--flag=VALUE`.
// Advances *i past a separate VALUE. InvalidArgument when there is none.
absl::StatusOr<std::string> FlagValue(std::span<const std::string_view> args,
                                      std::size_t* i, std::string_view flag);

// Default of --max-line-bytes: a longer input line is reported and skipped
// without being read into memory. Parsing and replaying a record takes
// 4 to 7.5 times its size whatever its shape (scripts/memory-check), so
// 64 MiB keeps one record under ~0.5 GB, while
// the largest real conversation (hundreds of tool results) is a few MB.
// Skipping a longer line holds at most twice the bound while it is read
// (the line buffer's growth): 130 MB peak for a 200 MB line by default.
inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t{64} << 20;

// Parses the value of a count flag ("--max-line-bytes 1024"): a decimal
// integer of at least 1. InvalidArgument naming `flag` otherwise.
absl::StatusOr<std::size_t> ParseCount(std::string_view flag,
                                       std::string_view text);

// FlagValue, then ParseCount: the value of the count flag at args[*i].
// Advances *i past a separate value. InvalidArgument naming `flag` when the
// value is missing or not a count.
absl::StatusOr<std::size_t> CountFlagValue(
    std::span<const std::string_view> args, std::size_t* i,
    std::string_view flag);

// When args[*i] is `flag` (alone or as `flag=VALUE`), reads its value into
// *target and returns true, advancing *i past a separate value; false when
// args[*i] is another argument. InvalidArgument naming `flag` when the value
// is missing (or, for a count, not a whole number of at least 1).
absl::StatusOr<bool> TakeTextFlag(std::span<const std::string_view> args,
                                  std::size_t* i, std::string_view flag,
                                  std::string* target);
absl::StatusOr<bool> TakeCountFlag(std::span<const std::string_view> args,
                                   std::size_t* i, std::string_view flag,
                                   std::size_t* target);

// --misattribution: what a value read from another record than the one the
// answer names does (law 11).
enum class MisattributionMode {
  kFlag,  // "flag": it flags the answer, as an unsupported value does
  kWarn,  // "warn": it is listed but flags nothing
          // (GateOptions::misattribution_flags = false)
  kOff,   // "off": values are not bound to records
          // (GateOptions::bind_records = false)
};

// The flags that decide how traces are read and judged.
struct TraceFlags {
  std::optional<int> min_digits;
  // --misattribution flag|warn|off. Default: kFlag (the gate's default).
  MisattributionMode misattribution = MisattributionMode::kFlag;
  std::optional<std::string> shapes_path;
  // --input-format NAME (or --format NAME, when NAME is a trace format).
  TraceFormat format = TraceFormat::kAuto;
  bool format_given = false;
  ReplayOptions replay;
  // --max-line-bytes: the longest input line read. Default:
  // kDefaultMaxLineBytes.
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
};

// The trace formats' names, as the help and the errors list them.
inline constexpr std::string_view kTraceFormatNames =
    "auto, openai-chat, openai-responses, anthropic, mcp or evidenceflow";

// Sets flags->format from the value of `flag` (--format or
// --input-format). InvalidArgument naming `flag` for an unknown name, or
// when the input format was already given.
absl::Status SetTraceFormat(std::string_view flag, std::string_view name,
                            TraceFlags* flags);

// Consumes args[*i] (and its value) when it is one of the TraceFlags.
// Returns true when it was, false when the argument is not one of them,
// InvalidArgument for a bad value ("--format: unknown format ...").
absl::StatusOr<bool> ParseTraceFlag(std::span<const std::string_view> args,
                                    std::size_t* i, TraceFlags* flags);

// What every command's arguments hold besides its own flags.
struct CommonArgs {
  bool help = false;
  TraceFlags trace;
  std::vector<std::string> files;
};

// One command's own flags: called with args and &i for each option that is
// not shared; returns true when it consumed args[*i] (advancing *i past a
// separate value), false when the option is unknown, or an error.
using OwnFlagParser = std::function<absl::StatusOr<bool>(
    std::span<const std::string_view> args, std::size_t* i)>;

// Parses what every command shares — FILE... ("-" is standard input), "--",
// -h/--help and the TraceFlags — and hands every other option to
// `own_flag`. InvalidArgument for an unknown option, a bad value, an
// option given twice ("--jobs given twice"; the last one never silently
// wins), or no file (unless help was asked); `what` names the files in
// that message ("FILE", "TRACE").
absl::Status ParseCommandArgs(std::span<const std::string_view> args,
                              std::string_view what,
                              const OwnFlagParser& own_flag,
                              CommonArgs* common);

// Builds the Gate the flags describe: --min-digits, --misattribution and
// the --shapes file (its form checked here, its patterns by Gate::Create).
// The error names the flag or the file.
absl::StatusOr<Gate> MakeGate(const TraceFlags& flags);

// The help lines of the TraceFlags, for each command's usage text.
std::string TraceFlagsHelp();

// What a command knows of the terminal it runs in. Tests and library
// callers get the default: no terminal, no colour.
struct Terminal {
  bool out = false;  // standard output is a terminal
  bool err = false;  // standard error is a terminal
  // NO_COLOR (https://no-color.org) is set to a non-empty value.
  bool no_color = false;

  // What the process's own standard output and error are.
  static Terminal Detect();
};

// What the start of a command says of it.
struct CommandText {
  // "groundgate check": the prefix of every message the command writes.
  std::string_view name;
  // The one-line usage ("usage: groundgate check [...] FILE...") printed
  // after a usage error.
  std::string_view usage_line;
  // The whole --help text.
  std::string_view (*help)();
};

// Writes "NAME: MESSAGE", the usage line and where to find the help to
// `err`. Returns kExitUsageError.
int UsageError(const CommandText& command, std::string_view message,
               std::ostream& err);

// The Gate a command judges with, or the exit code it ends with before it
// reads any input.
using CommandStart = std::variant<Gate, int>;

// The start every command shares once its arguments are parsed: --help
// writes the help to `out` (kExitGrounded, or kExitUsageError when `out`
// cannot be written); otherwise the Gate the trace flags make, or its error
// as "NAME: message" on `err` (kExitUsageError).
CommandStart StartCommand(const CommandText& command, const CommonArgs& args,
                          std::ostream& out, std::ostream& err);

// The same, from the result of a command's argument parser: a parse error
// is a UsageError.
template <typename Args>
CommandStart StartCommand(const CommandText& command,
                          const absl::StatusOr<Args>& parsed, std::ostream& out,
                          std::ostream& err) {
  if (!parsed.ok()) return UsageError(command, MessageOf(parsed.status()), err);
  return StartCommand(command, static_cast<const CommonArgs&>(*parsed), out,
                      err);
}

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_OPTIONS_H_
