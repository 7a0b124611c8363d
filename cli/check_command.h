// cli/check_command.h — `groundgate check`: re-judge the answers of traces.
//
// Its one job: stream JSONL trace files, one conversation per line in any
// format the adapters read (groundgate/trace.h), replay each conversation
// into its own EvidenceCorpus, judge every answer with one shared Gate, and
// print each judged answer in the output format asked for (check_output.h:
// JSONL verdict lines, text, GitHub annotations, JUnit XML or SARIF), a
// summary on stderr, and an exit code; with a baseline (baseline.h), only
// the flags it does not hold count:
//
//   groundgate check [--include-values] [--format NAME] [--quiet]
//                    [--baseline FILE] [--write-baseline FILE]
//                    [--max-flag-rate R] [--judge-intermediate]
//                    [--min-digits N] [--shapes FILE]
//                    [--max-line-bytes N] [--no-process-caches]
//                    FILE...  (`-` reads standard input)
//
// Memory is bounded by --max-line-bytes (default kDefaultMaxLineBytes, 64
// MiB; a record costs 4 to 7.5 times its line whatever its
// shape; scripts/memory-check): a longer line is reported as FILE:LINE and
// skipped unread. Tool-call ids and names are held to 64 bytes by the
// corpus (kMaxToolCallIdBytes), trace ids to 256 (kMaxTraceIdBytes). With
// one job each line is written as its answer is judged; the first write
// error ends the output and exits 2.
//
// What it does NOT do: read a record's fields (the adapters), decide what a
// value is or whether it was read (the library's Gate and corpus), or keep
// a file in memory: memory is bounded by the largest line.
#ifndef GROUNDGATE_CLI_CHECK_COMMAND_H_
#define GROUNDGATE_CLI_CHECK_COMMAND_H_

#include <iosfwd>
#include <span>
#include <string_view>

#include "cli/options.h"

namespace groundgate::cli {

// Runs `groundgate check` with the arguments that follow the word "check".
// The output goes to `out`, diagnostics and the summary to `err`, and `-`
// reads `in`; `terminal` says whether `out` and `err` are terminals (the
// default output format, colour, the progress line). Returns
// kExitUsageError when an argument, a --shapes or --baseline file, an input
// file or any line was bad (every other line and file is still judged),
// else kExitFlagged when some answer had a flag the baseline does not hold
// (and, with --max-flag-rate R, more than R of the judged answers had one),
// else kExitGrounded. Never throws.
int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err,
                    const Terminal& terminal = {});

// The usage text of `groundgate check`, ending in a newline.
std::string_view CheckUsage();

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_CHECK_COMMAND_H_
