// cli/report_command.cc — `groundgate report`: see the verdicts as a page.
//
// Its one job: arguments to a Gate and an output file, then each record to
// a replayed conversation whose judged answers, with their findings, go to
// the page. See report_command.h.
//
// What it does NOT do: write HTML itself (report_page.cc), or judge
// anything itself (ReplayTrace, the Gate and ComputeFindings do).
#include "cli/report_command.h"

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/jsonl_input.h"
#include "cli/report_page.h"
#include "groundgate/findings.h"
#include "groundgate/groundgate.h"
#include "groundgate/trace.h"

namespace groundgate::cli {
namespace {

constexpr std::string_view kCommand = "groundgate report";

// The command as its start and its usage errors name it.
constexpr CommandText kCommandText = {
    .name = kCommand,
    .usage_line =
        "usage: groundgate report [-o FILE] [--title TEXT] [--format NAME] "
        "[--judge-intermediate] [--min-digits N] [--misattribution MODE] "
        "[--shapes FILE] [--max-line-bytes N] [--max-tools N] TRACE...",
    .help = ReportUsage,
};
constexpr std::string_view kDefaultTitle = "groundgate report";

struct ReportArgs : CommonArgs {
  std::string output = std::string(kStdinName);
  std::string title = std::string(kDefaultTitle);
  std::size_t max_tools = kDefaultMaxToolRows;
};

absl::StatusOr<ReportArgs> ParseArgs(std::span<const std::string_view> args) {
  ReportArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "TRACE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        const std::string_view arg = all[*i];
        absl::StatusOr<bool> taken =
            TakeCountFlag(all, i, "--max-tools", &parsed.max_tools);
        if (!taken.ok() || *taken) return taken;
        // -o or --output, named in an error as the user spelled it.
        taken = TakeTextFlag(all, i, arg.starts_with("--") ? "--output" : "-o",
                             &parsed.output);
        if (!taken.ok() || *taken) return taken;
        return TakeTextFlag(all, i, "--title", &parsed.title);
      },
      &parsed);
  if (!status.ok()) return status;
  return parsed;
}

}  // namespace

std::string_view ReportUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate report [-o FILE] [--title TEXT] [--format NAME]\n"
      "                         [--judge-intermediate] [--min-digits N]\n"
      "                         [--misattribution MODE]\n"
      "                         [--shapes FILE] [--max-line-bytes N]\n"
      "                         [--max-tools N] TRACE...\n"
      "\n"
      "Judges the answers of agent traces as `groundgate check` does and\n"
      "writes one self-contained HTML page: no external asset, no network.\n"
      "Each conversation is collapsed under one line; opened, it shows the\n"
      "messages around each judged answer, and in the answer every value\n"
      "marked by status (grounded, exempt, unsupported, unverified,\n"
      "misattributed: shown with what the record the answer names holds)\n"
      "and reason code (exact, canonical, ...). Hover a value for its\n"
      "carriers;\n"
      "click it to light the tool results that carried it. Each answer\n"
      "lists its per-tool counts (results, values recorded, values carried,\n"
      "ratio) and the results it cited nothing from. The header has the\n"
      "totals, a legend, a flagged-only filter (or open the page with\n"
      "#flagged) and the per-tool totals. It stays usable for files of\n"
      "thousands of conversations.\n"
      "\n"
      "The page SHOWS VALUES: the answers, the prompts and the tool results\n"
      "themselves, because it is the application's own view of its own\n"
      "data (unlike `check`, whose output names shapes and offsets only).\n"
      "Keep it where that data may be kept.\n"
      "\n"
      "TRACE: JSONL files in any format `groundgate check` reads; - reads\n"
      "standard input. A malformed line is reported as FILE:LINE: field:\n"
      "what; the other lines are still shown.\n"
      "\n"
      "Options:\n"
      "  -o, --output FILE the page to write (default: standard output)\n"
      "  --title TEXT      the page's title (default \"groundgate report\")\n"
      "  --max-tools N     the per-tool totals list at most N tool names,\n"
      "                    the first met; later names are summed into one\n"
      "                    \"(other tools)\" row (default ",
      kDefaultMaxToolRows, ")\n", TraceFlagsHelp(),
      "  -h, --help        print this help\n"
      "\n"
      "Exit status: 0 written, 2 a usage or input error (the page is still\n"
      "written with every good record) or the page could not be written\n"
      "(a full disk: the message names the file or standard output).\n"));
  return *kUsage;
}

int RunReportCommand(std::span<const std::string_view> args, std::istream& in,
                     std::ostream& out, std::ostream& err) {
  const absl::StatusOr<ReportArgs> parsed = ParseArgs(args);
  CommandStart start = StartCommand(kCommandText, parsed, out, err);
  if (const int* exit_code = std::get_if<int>(&start)) return *exit_code;
  const Gate& gate = std::get<Gate>(start);
  std::ofstream file;
  std::ostream* page_out = &out;
  std::string_view page_name = kStdoutDisplayName;
  if (parsed->output != kStdinName) {
    errno = 0;
    file.open(parsed->output, std::ios::binary | std::ios::trunc);
    if (!file) {
      err << kCommand << ": cannot write " << parsed->output << ": "
          << (errno != 0 ? std::strerror(errno) : "cannot be opened") << '\n';
      return kExitUsageError;
    }
    page_out = &file;
    page_name = parsed->output;
  }

  ReportPage page(*page_out, parsed->title, parsed->max_tools);
  OutputErrors output(*page_out);
  page.Begin();
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  if (output.Failed()) input.Stop();
  for (const std::string& path : parsed->files) {
    input.Read(path, [&](const InputRecord& record) {
      std::vector<JudgedAnswer> answers;
      ReplayTrace(
          record.trace, gate, parsed->trace.replay,
          [&](const JudgedMessage& judged) {
            answers.push_back({judged.position, judged.verdict,
                               ComputeFindings(judged.verdict, judged.corpus,
                                               /*ledger=*/nullptr)});
          });
      page.AddConversation(record.trace,
                           Concat(record.source, ":", record.line), answers);
      // A failed write leaves the stream bad: stop reading, report below.
      if (output.Failed()) input.Stop();
    });
  }
  const InputCounts& counts = input.counts();
  if (!output.Failed()) {
    page.End(counts.files, counts.malformed_records, counts.unreadable_files);
  }
  if (output.Report(kCommand, page_name, err)) {
    return kExitUsageError;
  }
  if (file.is_open()) {
    errno = 0;
    file.close();
    if (!file) {
      err << kCommand << ": cannot write to " << parsed->output << ": "
          << (errno != 0 ? std::strerror(errno) : "write error") << '\n';
      return kExitUsageError;
    }
  }
  const ReportTotals& totals = page.totals();
  err << kCommand << ": conversations=" << totals.conversations
      << " judged=" << totals.judged << " flagged=" << totals.flagged
      << " unverified=" << totals.unverified;
  PrintInputCounts(counts, err);
  err << '\n';
  return HadInputErrors(counts) ? kExitUsageError : kExitGrounded;
}

}  // namespace groundgate::cli
