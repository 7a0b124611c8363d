// cli/check_command.cc — `groundgate check`: re-judge the answers of traces.
//
// Its one job: arguments and --shapes file to one Gate, then each input
// line to a replayed conversation, each judged answer to one JSON line, and
// the counts to a summary and an exit code. See check_command.h.
//
// What it does NOT do: validate a line's fields (trace_reader.cc), or judge
// anything itself: every verdict is the library's Gate::Judge, printed
// through VerdictToJson. It never holds more than one line in memory.
#include "cli/check_command.h"

#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/trace_reader.h"
#include "groundgate/groundgate.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

// Joins text and counts into one message. Debian's abseil has its own
// string_view, so absl::StrCat does not take std::string_view; this does.
void AppendPart(std::string& out, std::string_view text) { out.append(text); }
void AppendPart(std::string& out, std::size_t count) {
  out.append(std::to_string(count));
}
template <typename... Parts>
std::string Concat(const Parts&... parts) {
  std::string out;
  (AppendPart(out, parts), ...);
  return out;
}

// A Status message as a std::string_view (see Concat for why).
std::string_view MessageOf(const absl::Status& status) {
  return {status.message().data(), status.message().size()};
}

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr std::string_view kCommand = "groundgate check";
constexpr std::string_view kStdinName = "-";
// How standard input is named in diagnostics ("<stdin>:3: ...").
constexpr std::string_view kStdinDisplayName = "<stdin>";
// A --shapes file is a short list of patterns; anything larger than this is
// a wrong path (a trace, a binary), refused before it is read into memory.
constexpr std::uintmax_t kMaxShapesFileBytes = 1 << 20;
// A UTF-8 byte order mark some editors write at the start of a file.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

struct CheckArgs {
  bool help = false;
  bool include_values = false;
  std::optional<int> min_digits;
  std::optional<std::string> shapes_path;
  std::vector<std::string> files;
};

// Reads the value of a flag given as `--flag VALUE` or `--flag=VALUE`.
// Advances *i past a separate VALUE.
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

// True when `arg` is `flag` or `flag=...`.
bool IsFlag(std::string_view arg, std::string_view flag) {
  return arg == flag ||
         (arg.size() > flag.size() && arg.substr(0, flag.size()) == flag &&
          arg[flag.size()] == '=');
}

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

absl::StatusOr<CheckArgs> ParseArgs(std::span<const std::string_view> args) {
  CheckArgs parsed;
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (options_done || arg == kStdinName || !arg.starts_with("-")) {
      parsed.files.emplace_back(arg);
    } else if (arg == "--") {
      options_done = true;
    } else if (arg == "--help" || arg == "-h") {
      parsed.help = true;
    } else if (arg == "--include-values") {
      parsed.include_values = true;
    } else if (IsFlag(arg, "--min-digits")) {
      absl::StatusOr<std::string> value = FlagValue(args, &i, "--min-digits");
      if (!value.ok()) return value.status();
      absl::StatusOr<int> min_digits = ParseMinDigits(*value);
      if (!min_digits.ok()) return min_digits.status();
      parsed.min_digits = *min_digits;
    } else if (IsFlag(arg, "--shapes")) {
      absl::StatusOr<std::string> value = FlagValue(args, &i, "--shapes");
      if (!value.ok()) return value.status();
      parsed.shapes_path = *std::move(value);
    } else {
      return absl::InvalidArgumentError(Concat("unknown option \"", arg, "\""));
    }
  }
  if (!parsed.help && parsed.files.empty()) {
    return absl::InvalidArgumentError(
        "no FILE given (use - to read standard input)");
  }
  return parsed;
}

// Reads a JSON array of strings at `key` of the --shapes document.
absl::Status ReadStringList(const Json& document, std::string_view key,
                            std::vector<std::string>* out) {
  auto it = document.find(key);
  if (it == document.end()) return absl::OkStatus();
  if (!it->is_array()) {
    return absl::InvalidArgumentError(
        Concat(key, ": expected an array of strings, got ", it->type_name()));
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const Json& item = (*it)[i];
    if (!item.is_string()) {
      return absl::InvalidArgumentError(
          Concat(key, "[", i, "]: expected a string, got ", item.type_name()));
    }
    out->push_back(item.get<std::string>());
  }
  return absl::OkStatus();
}

absl::Status ReadShapes(const Json& document, GateOptions* options) {
  auto it = document.find("shapes");
  if (it == document.end()) return absl::OkStatus();
  if (!it->is_array()) {
    return absl::InvalidArgumentError(
        Concat("shapes: expected an array of {\"name\", \"pattern\"}, got ",
               it->type_name()));
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const Json& shape = (*it)[i];
    const std::string path = Concat("shapes[", i, "]");
    if (!shape.is_object()) {
      return absl::InvalidArgumentError(
          Concat(path, ": expected an object {\"name\", \"pattern\"}, got ",
                 shape.type_name()));
    }
    DeclaredShape declared;
    for (const auto& [key, value] : shape.items()) {
      std::string* field = key == "name"      ? &declared.name
                           : key == "pattern" ? &declared.pattern
                                              : nullptr;
      if (field == nullptr) {
        return absl::InvalidArgumentError(Concat(
            path, ": unknown key \"", key, "\" (expected name and pattern)"));
      }
      if (!value.is_string()) {
        return absl::InvalidArgumentError(Concat(
            path, ".", key, ": expected a string, got ", value.type_name()));
      }
      *field = value.get<std::string>();
    }
    for (std::string_view key : {"name", "pattern"}) {
      if (!shape.contains(key)) {
        return absl::InvalidArgumentError(Concat(path, ".", key, ": missing"));
      }
    }
    options->shapes.push_back(std::move(declared));
  }
  return absl::OkStatus();
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
    return fail(Concat("larger than ", kMaxShapesFileBytes,
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

  absl::StatusOr<Json> document = ParseJson(text);
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
  absl::Status status = ReadShapes(*document, options);
  if (status.ok()) {
    status =
        ReadStringList(*document, "exempt_values", &options->exempt_values);
  }
  if (status.ok()) {
    status =
        ReadStringList(*document, "exempt_patterns", &options->exempt_patterns);
  }
  if (!status.ok()) return fail(MessageOf(status));
  return absl::OkStatus();
}

struct CheckCounts {
  std::size_t files = 0;
  std::size_t unreadable_files = 0;
  std::size_t conversations = 0;
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  std::size_t malformed_lines = 0;
};

// One run of the command over its files: one Gate shared by every
// conversation, one corpus per conversation.
class CheckRun {
 public:
  CheckRun(const Gate& gate, bool include_values, std::ostream& out,
           std::ostream& err)
      : gate_(gate), out_(out), err_(err) {
    json_options_.include_values = include_values;
  }

  void CheckFile(const std::string& path, std::istream& in) {
    if (path == kStdinName) {
      CheckStream(in, kStdinDisplayName);
      return;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      err_ << kCommand << ": cannot read " << path << ": is a directory\n";
      ++counts_.unreadable_files;
      return;
    }
    errno = 0;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      err_ << kCommand << ": cannot open " << path << ": "
           << (errno != 0 ? std::strerror(errno) : "cannot be opened") << '\n';
      ++counts_.unreadable_files;
      return;
    }
    CheckStream(file, path);
  }

  const CheckCounts& counts() const { return counts_; }

 private:
  // Reads line by line: memory is bounded by the largest line, never the
  // file. Output is flushed at the end of each file.
  void CheckStream(std::istream& input, std::string_view name) {
    ++counts_.files;
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(input, line)) {
      ++line_number;
      std::string_view view = line;
      if (line_number == 1 && view.starts_with(kUtf8Bom)) {
        view.remove_prefix(kUtf8Bom.size());
      }
      if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
      if (IsBlankLine(view)) continue;
      absl::StatusOr<Trace> trace = ParseTraceLine(view);
      if (!trace.ok()) {
        err_ << name << ':' << line_number << ": " << MessageOf(trace.status())
             << '\n';
        ++counts_.malformed_lines;
        continue;
      }
      ++counts_.conversations;
      JudgeConversation(*trace);
    }
    if (input.bad()) {
      err_ << name << ':' << (line_number + 1)
           << ": read error; the rest of the file was not checked\n";
      ++counts_.unreadable_files;
    }
    out_.flush();
  }

  // Replays one conversation into a fresh corpus, judging each answer
  // against the messages before it.
  void JudgeConversation(const Trace& trace) {
    EvidenceCorpus corpus;
    // tool_call_id -> function name, for tool messages without a `name`.
    std::unordered_map<std::string, std::string> call_names;
    for (std::size_t index = 0; index < trace.messages.size(); ++index) {
      const TraceMessage& message = trace.messages[index];
      switch (message.role) {
        case Role::kSystem:
          corpus.RecordExempt(message.text);
          break;
        case Role::kUser:
          corpus.RecordUserMessage(message.text);
          break;
        case Role::kTool: {
          std::string_view tool_name;
          if (message.name.has_value()) {
            tool_name = *message.name;
          } else if (auto it = call_names.find(message.tool_call_id);
                     it != call_names.end()) {
            tool_name = it->second;
          }
          corpus.RecordToolResult(message.tool_call_id, tool_name,
                                  message.text);
          break;
        }
        case Role::kAssistant:
          // A message that calls tools is the model asking, not answering:
          // its arguments and any text beside them are never evidence
          // (law 3), and it is not judged.
          if (!message.tool_calls.empty()) {
            for (const TraceToolCall& call : message.tool_calls) {
              call_names[call.id] = call.function_name;
            }
          } else if (!IsBlankLine(message.text)) {
            PrintVerdict(trace.id, index, gate_.Judge(message.text, corpus));
          }
          break;
      }
    }
  }

  void PrintVerdict(const std::string& trace_id, std::size_t message_index,
                    const Verdict& verdict) {
    ++counts_.judged;
    const std::string_view action = VerdictAction(verdict);
    if (action == "flagged") ++counts_.flagged;
    if (action == "unverified") ++counts_.unverified;

    OrderedJson line;
    line["trace_id"] = trace_id;
    line["message_index"] = message_index;
    OrderedJson verdict_json = VerdictToJson(verdict, json_options_);
    for (auto it = verdict_json.begin(); it != verdict_json.end(); ++it) {
      line[it.key()] = std::move(it.value());
    }
    // Input strings were validated UTF-8 by the parser; `replace` only
    // guarantees that no exception can leave dump().
    out_ << line.dump(-1, ' ', false, OrderedJson::error_handler_t::replace)
         << '\n';
  }

  const Gate& gate_;
  VerdictJsonOptions json_options_;
  std::ostream& out_;
  std::ostream& err_;
  CheckCounts counts_;
};

void PrintSummary(const CheckCounts& counts, std::ostream& err) {
  err << kCommand << ": conversations=" << counts.conversations
      << " judged=" << counts.judged << " flagged=" << counts.flagged
      << " unverified=" << counts.unverified
      << " malformed_lines=" << counts.malformed_lines
      << " files=" << counts.files
      << " unreadable_files=" << counts.unreadable_files << '\n';
}

int UsageError(std::string_view message, std::ostream& err) {
  err << kCommand << ": " << message << '\n'
      << "usage: groundgate check [--include-values] [--min-digits N] "
         "[--shapes FILE] FILE...\n"
      << "Try 'groundgate check --help'.\n";
  return kExitUsageError;
}

}  // namespace

std::string_view CheckUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate check [--include-values] [--min-digits N] "
      "[--shapes FILE] FILE...\n"
      "\n"
      "Re-judges the answers of agent traces: every name, number and\n"
      "identifier an assistant answer states must have been read from a\n"
      "tool result of its conversation, or supplied by the user or the\n"
      "system prompt. A value that was not read was typed, and is flagged.\n"
      "This detects fabrication; it does not judge whether an answer is\n"
      "correct.\n"
      "\n"
      "Input: JSONL, one conversation per line,\n"
      "  {\"id\": \"...\", \"messages\": [...]}\n"
      "with OpenAI Chat Completions messages (system, developer, user,\n"
      "assistant with tool_calls, tool with tool_call_id). FILE - reads\n"
      "standard input. Every assistant message with text and no tool calls\n"
      "is judged against the messages before it.\n"
      "\n"
      "Output: one JSON line per judged answer on standard output,\n"
      "  {\"trace_id\", \"message_index\", \"action\", \"candidates\",\n"
      "   \"looked_up\", \"unsupported\": [{\"shape\", \"start\", \"end\"}],\n"
      "   \"unverified\", \"carried_by\", \"evidence_truncated\",\n"
      "   \"answer_truncated\", \"grounding\"}\n"
      "where start and end are byte offsets in the answer, and a summary on\n"
      "standard error. A malformed line is reported as FILE:LINE and\n"
      "skipped; the other lines are still judged.\n"
      "\n"
      "Options:\n"
      "  --include-values  add each unsupported value's text as \"value\"\n"
      "                    (off by default: output names shapes and\n"
      "                    offsets, never values)\n"
      "  --min-digits N    a bare number is a value when it has at least N\n"
      "                    digits (default ",
      GateOptions{}.min_digits,
      ")\n"
      "  --shapes FILE     declared shapes and exemptions, a JSON object\n"
      "                    {\"shapes\": [{\"name\": \"...\", \"pattern\": "
      "\"...\"}],\n"
      "                     \"exempt_values\": [\"...\"],\n"
      "                     \"exempt_patterns\": [\"...\"]}\n"
      "                    (RE2 patterns, matched against a whole token)\n"
      "  -h, --help        print this help\n"
      "\n"
      "Exit status: 0 nothing flagged, 1 some answer flagged, 2 a usage or\n"
      "input error (unknown option, unreadable file, bad --min-digits or\n"
      "--shapes file, malformed line).\n"));
  return *kUsage;
}

int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err) {
  absl::StatusOr<CheckArgs> parsed = ParseArgs(args);
  if (!parsed.ok()) return UsageError(MessageOf(parsed.status()), err);
  if (parsed->help) {
    out << CheckUsage();
    out.flush();
    return kExitGrounded;
  }

  GateOptions options;
  if (parsed->min_digits.has_value()) options.min_digits = *parsed->min_digits;
  if (parsed->shapes_path.has_value()) {
    if (absl::Status status = LoadShapesFile(*parsed->shapes_path, &options);
        !status.ok()) {
      err << kCommand << ": " << MessageOf(status) << '\n';
      return kExitUsageError;
    }
  }
  absl::StatusOr<Gate> gate = Gate::Create(std::move(options));
  if (!gate.ok()) {
    err << kCommand << ": " << MessageOf(gate.status()) << '\n';
    return kExitUsageError;
  }

  CheckRun run(*gate, parsed->include_values, out, err);
  for (const std::string& file : parsed->files) run.CheckFile(file, in);
  const CheckCounts& counts = run.counts();
  PrintSummary(counts, err);
  if (counts.unreadable_files > 0 || counts.malformed_lines > 0) {
    return kExitUsageError;
  }
  return counts.flagged > 0 ? kExitFlagged : kExitGrounded;
}

}  // namespace groundgate::cli
