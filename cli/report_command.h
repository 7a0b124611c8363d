// cli/report_command.h — `groundgate report`: see the verdicts as a page.
//
// Its one job: stream JSONL trace files (any format the adapters read),
// replay and judge each conversation as `check` does, compute what follows
// from each answer (ComputeFindings), and write one self-contained HTML
// page (report_page.h):
//
//   groundgate report [-o FILE] [--title TEXT] [--format NAME]
//                     [--judge-intermediate] [--min-digits N]
//                     [--shapes FILE] [--max-line-bytes N] [--max-tools N]
//                     [--flagged-only] [--max-conversations N]
//                     [--no-gzip] [--no-process-caches]
//                     TRACE...     (`-` reads stdin)
//
// Memory is bounded by the largest conversation plus the page's index (a
// row of about a hundred bytes per conversation listed, so bounded by
// --max-conversations) and the digests of the messages written (at most
// kMaxSharedMessages): a line longer than --max-line-bytes (default
// kDefaultMaxLineBytes, 64 MiB) is skipped unread, and the per-tool totals
// hold at most --max-tools names (default kDefaultMaxToolRows), the rest
// summed as "(other tools)". Each record's parsed document is kept while it
// is judged, for its fields (the page's facets). A write error on the page
// (standard output or -o FILE) exits 2.
//
// What it does NOT do: print JSON verdicts (check does) or score labels
// (eval does). It shows values: the page is the application's own view.
#ifndef GROUNDGATE_CLI_REPORT_COMMAND_H_
#define GROUNDGATE_CLI_REPORT_COMMAND_H_

#include <iosfwd>
#include <span>
#include <string_view>

#include "cli/options.h"

namespace groundgate::cli {

// Runs `groundgate report` with the arguments after "report". The page goes
// to the -o file (or `out` when there is none or it is -), diagnostics and
// a summary to `err`. Returns kExitUsageError when an argument, file or
// record was bad (the page still shows every good record), else
// kExitGrounded. Never throws.
int RunReportCommand(std::span<const std::string_view> args, std::istream& in,
                     std::ostream& out, std::ostream& err);

std::string_view ReportUsage();

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_REPORT_COMMAND_H_
