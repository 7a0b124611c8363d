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
        "[--shapes FILE] [--max-line-bytes N] [--max-tools N] "
        "[--flagged-only] [--max-conversations N] [--no-gzip] "
        "[--no-process-caches] TRACE...",
    .help = ReportUsage,
};
constexpr std::string_view kDefaultTitle = "groundgate report";

struct ReportArgs : CommonArgs {
  std::string output = std::string(kStdinName);
  std::string title = std::string(kDefaultTitle);
  std::size_t max_tools = kDefaultMaxToolRows;
  bool flagged_only = false;
  std::size_t max_conversations = kNoConversationLimit;
  bool gzip_blocks = true;
};

absl::StatusOr<ReportArgs> ParseArgs(std::span<const std::string_view> args) {
  ReportArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "TRACE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        const std::string_view arg = all[*i];
        if (arg == "--flagged-only") {
          parsed.flagged_only = true;
          return true;
        }
        if (arg == "--no-gzip") {
          parsed.gzip_blocks = false;
          return true;
        }
        absl::StatusOr<bool> taken = TakeCountFlag(
            all, i, "--max-conversations", &parsed.max_conversations);
        if (!taken.ok() || *taken) return taken;
        taken = TakeCountFlag(all, i, "--max-tools", &parsed.max_tools);
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
      "                         [--max-tools N] [--flagged-only]\n"
      "                         [--max-conversations N] [--no-gzip]\n"
      "                         [--no-process-caches] TRACE...\n"
      "\n"
      "Judges the answers of agent traces as `groundgate check` does and\n"
      "writes one self-contained HTML page: no external asset, no network.\n"
      "The page lists the conversations (only the rows on screen are drawn,\n"
      "so 100,000 stay quick) with a search box (ids, files, record fields,\n"
      "flagged values), facets from the records' own fields (model, domain,\n"
      "those of meta), sorting and a flagged-only filter. Each conversation\n"
      "is stored as compact JSON and drawn when opened: the messages around\n"
      "each judged answer, and in the answer every value marked by status\n"
      "(grounded, exempt, unsupported: with the closest carried value and\n"
      "the result it is in, highlighted there; unverified; misattributed:\n"
      "with what the record the answer names holds) and reason code\n"
      "(exact, canonical, ...). Hover a value for its carriers; click it to\n"
      "light the tool results that carried it. Each answer lists its\n"
      "per-tool counts and the results it cited nothing from. The header\n"
      "has the totals, a legend, a chart of flagged answers per tool and\n"
      "per model, and the per-tool totals with a flags column. A message met\n"
      "before (a system prompt, the same result) is stored once, and the\n"
      "conversations are stored in gzipped blocks of about a megabyte, each\n"
      "inflated by the browser when one of its conversations is opened: the\n"
      "page of an archive is about a tenth of the archive.\n"
      "The page's address opens it in a state: #open=c41 opens conversation\n"
      "41 with its flagged answer in view; #flagged, #q=TEXT,\n"
      "#facet=FIELD=VALUE and #sort=flags|id, joined by &.\n"
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
      kDefaultMaxToolRows,
      ")\n"
      "  --flagged-only    list only conversations with a flagged answer;\n"
      "                    the others are counted, and the page says so\n"
      "  --max-conversations N\n"
      "                    list at most N conversations, the first met;\n"
      "                    later ones are judged and counted, and the page\n"
      "                    says how many (and how many flagged) it left out\n"
      "                    (default: no limit)\n"
      "  --no-gzip         store the conversations as plain JSON (a page\n"
      "                    about eight times larger, that grep can read and\n"
      "                    a browser without DecompressionStream can open)\n",
      TraceFlagsHelp(),
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

  ReportPage page(*page_out, ReportPageOptions{
                                 .title = parsed->title,
                                 .max_tool_rows = parsed->max_tools,
                                 .flagged_only = parsed->flagged_only,
                                 .max_conversations = parsed->max_conversations,
                                 .gzip_blocks = parsed->gzip_blocks,
                             });
  OutputErrors output(*page_out);
  page.Begin();
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  // The records' own fields (model, domain, meta) become the page's facets.
  input.KeepDocuments();
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
                           Concat(record.source, ":", record.line), answers,
                           &record.document);
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
  if (totals.listed < totals.conversations) {
    err << " listed=" << totals.listed;
  }
  PrintInputCounts(counts, err);
  err << '\n';
  return HadInputErrors(counts) ? kExitUsageError : kExitGrounded;
}

}  // namespace groundgate::cli
