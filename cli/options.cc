// cli/options.cc — the flags every subcommand shares, and the Gate they
// make. See options.h.
//
// What it does NOT do: read traces, or know a subcommand's own flags.
#include "cli/options.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"
#include "traces/options_json.h"
#include "traces/trace_json.h"

namespace groundgate::cli {
namespace {

using Json = nlohmann::json;

// A --shapes file is a short list of patterns; anything larger than this is
// a wrong path (a trace, a binary), refused before it is read into memory.
constexpr std::uintmax_t kMaxShapesFileBytes = 1 << 20;

absl::StatusOr<int> ParseMinDigits(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) {
    return absl::InvalidArgumentError(
        Concat("--min-digits: expected an integer, got \"", text, "\""));
  }
  return value;
}

// Loads a --shapes file into the gate options. Patterns are compiled and
// names checked later, by Gate::Create; here only the file's form.
absl::Status LoadShapesFile(const std::string& path, GateOptions* options) {
  auto fail = [&path](std::string_view what) {
    return absl::InvalidArgumentError(Concat("--shapes ", path, ": ", what));
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("is a directory");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxShapesFileBytes) {
    return fail(Concat("larger than ", std::size_t{kMaxShapesFileBytes},
                       " bytes; is this the right file?"));
  }
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return fail(errno != 0 ? std::strerror(errno) : "cannot be opened");
  }
  std::string text((std::istreambuf_iterator<char>(file)),
                   std::istreambuf_iterator<char>());
  if (file.bad()) return fail("read error");

  absl::StatusOr<Json> document = ParseJsonText(text);
  if (!document.ok()) return fail(MessageOf(document.status()));
  if (!document->is_object()) {
    return fail(
        Concat("expected an object {\"shapes\", \"exempt_values\", "
               "\"exempt_patterns\"}, got ",
               document->type_name()));
  }
  for (const auto& [key, value] : document->items()) {
    if (key != "shapes" && key != "exempt_values" && key != "exempt_patterns") {
      return fail(
          Concat("unknown key \"", key,
                 "\" (expected shapes, exempt_values, exempt_patterns)"));
    }
  }
  // The members read as the C API and the Python module read them.
  absl::StatusOr<GateOptions> read = traces::GateOptionsFromJson(*document);
  if (!read.ok()) return fail(MessageOf(read.status()));
  for (DeclaredShape& shape : read->shapes) {
    options->shapes.push_back(std::move(shape));
  }
  for (std::string& value : read->exempt_values) {
    options->exempt_values.push_back(std::move(value));
  }
  for (std::string& pattern : read->exempt_patterns) {
    options->exempt_patterns.push_back(std::move(pattern));
  }
  return absl::OkStatus();
}

}  // namespace

bool OutputErrors::Failed() {
  if (failed_) return true;
  if (out_.good()) return false;
  failed_ = true;
  error_ = errno;
  return true;
}

bool OutputErrors::Report(std::string_view command, std::string_view where,
                          std::ostream& err) {
  if (!Failed()) {
    errno = 0;
    out_.flush();
    if (!Failed()) return false;
  }
  err << command << ": cannot write to " << where << ": "
      << (error_ != 0 ? std::strerror(error_) : "write error") << '\n';
  return true;
}

absl::StatusOr<std::size_t> ParseCount(std::string_view flag,
                                       std::string_view text) {
  std::size_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value == 0) {
    return absl::InvalidArgumentError(Concat(
        flag, ": expected a whole number of at least 1, got \"", text, "\""));
  }
  return value;
}

absl::StatusOr<std::size_t> CountFlagValue(
    std::span<const std::string_view> args, std::size_t* i,
    std::string_view flag) {
  absl::StatusOr<std::string> value = FlagValue(args, i, flag);
  if (!value.ok()) return value.status();
  return ParseCount(flag, *value);
}

absl::StatusOr<bool> TakeTextFlag(std::span<const std::string_view> args,
                                  std::size_t* i, std::string_view flag,
                                  std::string* target) {
  if (!IsFlag(args[*i], flag)) return false;
  absl::StatusOr<std::string> value = FlagValue(args, i, flag);
  if (!value.ok()) return value.status();
  *target = *std::move(value);
  return true;
}

absl::StatusOr<bool> TakeCountFlag(std::span<const std::string_view> args,
                                   std::size_t* i, std::string_view flag,
                                   std::size_t* target) {
  std::string text;
  absl::StatusOr<bool> taken = TakeTextFlag(args, i, flag, &text);
  if (!taken.ok() || !*taken) return taken;
  absl::StatusOr<std::size_t> count = ParseCount(flag, text);
  if (!count.ok()) return count.status();
  *target = *count;
  return true;
}

bool IsFlag(std::string_view arg, std::string_view flag) {
  return arg == flag ||
         (arg.size() > flag.size() && arg.substr(0, flag.size()) == flag &&
          arg[flag.size()] == '=');
}

absl::StatusOr<std::string> FlagValue(std::span<const std::string_view> args,
                                      std::size_t* i, std::string_view flag) {
  std::string_view arg = args[*i];
  if (arg.size() > flag.size() && arg[flag.size()] == '=') {
    return std::string(arg.substr(flag.size() + 1));
  }
  if (*i + 1 >= args.size()) {
    return absl::InvalidArgumentError(Concat(flag, " needs a value"));
  }
  ++*i;
  return std::string(args[*i]);
}

absl::StatusOr<bool> ParseTraceFlag(std::span<const std::string_view> args,
                                    std::size_t* i, TraceFlags* flags) {
  const std::string_view arg = args[*i];
  if (arg == "--judge-intermediate") {
    flags->replay.judge_intermediate = true;
    return true;
  }
  if (arg == "--no-process-caches") {
    flags->replay.corpus.process_caches = false;
    return true;
  }
  if (IsFlag(arg, "--min-digits")) {
    absl::StatusOr<std::string> value = FlagValue(args, i, "--min-digits");
    if (!value.ok()) return value.status();
    absl::StatusOr<int> min_digits = ParseMinDigits(*value);
    if (!min_digits.ok()) return min_digits.status();
    flags->min_digits = *min_digits;
    return true;
  }
  if (IsFlag(arg, "--max-line-bytes")) {
    return TakeCountFlag(args, i, "--max-line-bytes", &flags->max_line_bytes);
  }
  if (IsFlag(arg, "--misattribution")) {
    absl::StatusOr<std::string> value = FlagValue(args, i, "--misattribution");
    if (!value.ok()) return value.status();
    if (*value == "flag") {
      flags->misattribution = MisattributionMode::kFlag;
    } else if (*value == "warn") {
      flags->misattribution = MisattributionMode::kWarn;
    } else if (*value == "off") {
      flags->misattribution = MisattributionMode::kOff;
    } else {
      return absl::InvalidArgumentError(
          Concat("--misattribution: unknown mode \"", *value,
                 "\" (expected flag, warn or off)"));
    }
    return true;
  }
  if (IsFlag(arg, "--shapes")) {
    absl::StatusOr<std::string> value = FlagValue(args, i, "--shapes");
    if (!value.ok()) return value.status();
    flags->shapes_path = *std::move(value);
    return true;
  }
  for (const std::string_view flag : {"--format", "--input-format"}) {
    if (!IsFlag(arg, flag)) continue;
    absl::StatusOr<std::string> value = FlagValue(args, i, flag);
    if (!value.ok()) return value.status();
    if (absl::Status status = SetTraceFormat(flag, *value, flags);
        !status.ok()) {
      return status;
    }
    return true;
  }
  return false;
}

absl::Status SetTraceFormat(std::string_view flag, std::string_view name,
                            TraceFlags* flags) {
  std::optional<TraceFormat> format = ParseTraceFormatName(name);
  if (!format.has_value()) {
    return absl::InvalidArgumentError(Concat(flag, ": unknown format \"", name,
                                             "\" (expected ", kTraceFormatNames,
                                             ")"));
  }
  if (flags->format_given) {
    return absl::InvalidArgumentError(
        Concat(flag, ": the input format was already given"));
  }
  flags->format = *format;
  flags->format_given = true;
  return absl::OkStatus();
}

Terminal Terminal::Detect() {
  const char* no_color = std::getenv("NO_COLOR");
  return Terminal{.out = isatty(STDOUT_FILENO) != 0,
                  .err = isatty(STDERR_FILENO) != 0,
                  .no_color = no_color != nullptr && no_color[0] != '\0'};
}

absl::Status ParseCommandArgs(std::span<const std::string_view> args,
                              std::string_view what,
                              const OwnFlagParser& own_flag,
                              CommonArgs* common) {
  bool options_done = false;
  std::set<std::string_view> given;  // each option's name, up to any '='
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (options_done || arg == kStdinName || !arg.starts_with("-")) {
      common->files.emplace_back(arg);
    } else if (arg == "--") {
      options_done = true;
    } else if (arg == "--help" || arg == "-h") {
      common->help = true;
    } else {
      const std::string_view name = arg.substr(0, arg.find('='));
      if (!given.insert(name).second) {
        return absl::InvalidArgumentError(Concat(name, " given twice"));
      }
      absl::StatusOr<bool> taken = own_flag(args, &i);
      if (!taken.ok()) return taken.status();
      if (!*taken) {
        taken = ParseTraceFlag(args, &i, &common->trace);
        if (!taken.ok()) return taken.status();
      }
      if (!*taken) {
        return absl::InvalidArgumentError(
            Concat("unknown option \"", arg, "\""));
      }
    }
  }
  if (!common->help && common->files.empty()) {
    return absl::InvalidArgumentError(
        Concat("no ", what, " given (use - to read standard input)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<Gate> MakeGate(const TraceFlags& flags) {
  GateOptions options;
  if (flags.min_digits.has_value()) options.min_digits = *flags.min_digits;
  options.bind_records = flags.misattribution != MisattributionMode::kOff;
  options.misattribution_flags =
      flags.misattribution == MisattributionMode::kFlag;
  if (flags.shapes_path.has_value()) {
    if (absl::Status status = LoadShapesFile(*flags.shapes_path, &options);
        !status.ok()) {
      return status;
    }
  }
  return Gate::Create(std::move(options));
}

std::string TraceFlagsHelp() {
  return Concat(
      "  --input-format NAME\n"
      "                    the trace format: auto (default: detected per\n"
      "                    record), openai-chat, openai-responses,\n"
      "                    anthropic, mcp or evidenceflow; --format NAME\n"
      "                    names it too\n"
      "  --judge-intermediate\n"
      "                    also judge the model's reasoning (thinking\n"
      "                    blocks, reasoning items and steps); it is never\n"
      "                    evidence either way\n"
      "  --min-digits N    a bare number is a value when it has at least N\n"
      "                    digits (default ",
      GateOptions{}.min_digits,
      ")\n"
      "  --no-process-caches\n"
      "                    read every tool result and prompt of every\n"
      "                    conversation again, as a fresh process would\n"
      "                    (the verdicts are the same; slower)\n"
      "  --misattribution flag|warn|off\n"
      "                    a value the answer tells of one record (the\n"
      "                    flight it names) but read from another record:\n"
      "                    flag flags the answer (default), warn lists it\n"
      "                    as \"misattributed\" without flagging, off does\n"
      "                    not bind values to records\n"
      "  --shapes FILE     declared shapes and exemptions, a JSON object\n"
      "                    {\"shapes\": [{\"name\": \"...\", \"pattern\": "
      "\"...\"}],\n"
      "                     \"exempt_values\": [\"...\"],\n"
      "                     \"exempt_patterns\": [\"...\"]}\n"
      "                    (RE2 patterns, matched against a whole token)\n"
      "  --max-line-bytes N\n"
      "                    a longer input line is reported as FILE:LINE:\n"
      "                    line longer than N bytes, and skipped without\n"
      "                    being read into memory (default ",
      kDefaultMaxLineBytes,
      ",\n"
      "                    64 MiB; a record takes at most ~8 times its "
      "size)\n");
}

int UsageError(const CommandText& command, std::string_view message,
               std::ostream& err) {
  err << command.name << ": " << message << '\n'
      << command.usage_line << '\n'
      << "Try '" << command.name << " --help'.\n";
  return kExitUsageError;
}

CommandStart StartCommand(const CommandText& command, const CommonArgs& args,
                          std::ostream& out, std::ostream& err) {
  if (args.help) {
    out << command.help();
    return OutputErrors(out).Report(command.name, kStdoutDisplayName, err)
               ? kExitUsageError
               : kExitGrounded;
  }
  absl::StatusOr<Gate> gate = MakeGate(args.trace);
  if (!gate.ok()) {
    err << command.name << ": " << MessageOf(gate.status()) << '\n';
    return kExitUsageError;
  }
  return *std::move(gate);
}

}  // namespace groundgate::cli
