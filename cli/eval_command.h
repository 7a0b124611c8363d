// cli/eval_command.h — `groundgate eval`: score the gate on labelled traces.
//
// Its one job: stream JSONL trace records (any format the adapters read)
// that may carry labels, judge them as `check` does, and count per label
// type and per shape how many labelled spans a flag caught, how many flags
// fell outside every labelled span (false accusations), and how many judged
// answers with no labels had a flag:
//
//   groundgate eval [--json] [--fail-under X] [--format NAME]
//                   [--judge-intermediate]
//                   [--min-digits N] [--misattribution MODE] [--shapes FILE]
//                   [--max-line-bytes N]
//                   [--max-missed N] [--max-label-types N]
//                   [--no-process-caches] FILE...
//
// A labelled record adds to its trace:
//   "judge_index": N            the message (position in the record's list)
//                               to judge; only it is scored
//   "labels": [{"start", "end", "type"}]   spans of that message's text, in
//                               characters (Unicode code points), with a
//                               type such as "fabricated" or "incorrect"
//   "planted": [{"start", "end"}]          spans of type "planted"
// A record without judge_index is scored on every answer, all unlabelled.
// A bad label is skipped with a warning; its record is scored on the rest.
// Precision counts the flags on a labelled span against every other flag,
// recall the spans caught; F1 under --fail-under exits 1.
//
// Memory is bounded whatever the input: a line longer than
// --max-line-bytes (default kDefaultMaxLineBytes) is skipped unread; at most
// --max-missed missed spans are listed (default kDefaultMaxMissed; the rest are
// counted as "missed_omitted"), at most --max-label-types label types are
// scored apart (default kDefaultMaxLabelTypes; later types are summed as
// "(other types)"), and a listed trace id or label type is cut to
// kMaxEvalNameBytes. Every other figure is a count.
//
// What it does NOT do: decide what is a fabrication (the labels do), or
// print values: the output names types, shapes, counts and offsets.
#ifndef GROUNDGATE_CLI_EVAL_COMMAND_H_
#define GROUNDGATE_CLI_EVAL_COMMAND_H_

#include <iosfwd>
#include <span>
#include <string_view>

#include "cli/options.h"
#include "groundgate/verdict.h"

namespace groundgate::cli {

// Default of --max-missed: the "missed" list of --json names at most this
// many spans, the first met; enough to read every miss of a curated set,
// while a million-record run cannot hold a million entries.
inline constexpr std::size_t kDefaultMaxMissed = 1000;

// Default of --max-label-types: label types are a short vocabulary
// ("fabricated", "incorrect", "planted"); past this many distinct ones a
// type is a typo or an id, summed as "(other types)".
inline constexpr std::size_t kDefaultMaxLabelTypes = 100;

// A trace id or label type kept by eval is cut to this many bytes (on a
// UTF-8 boundary): enough for any real id, bounded for a hostile one.
inline constexpr std::size_t kMaxEvalNameBytes = 128;

// Runs `groundgate eval` with the arguments after "eval". The scores go to
// `out` (a table, or one JSON object with --json), diagnostics to `err`.
// Returns kExitUsageError when an argument, file or record was bad (the
// other records are still scored), else kExitFlagged when F1 is under
// --fail-under, else kExitGrounded. Never throws.
int RunEvalCommand(std::span<const std::string_view> args, std::istream& in,
                   std::ostream& out, std::ostream& err);

std::string_view EvalUsage();

// Whether eval counts `c`, a candidate of `verdict`, as a flag: typed
// (unsupported), or read from another record than the one the answer names
// (misattributed, law 11) unless the verdict only warns of it
// (--misattribution warn). A labelled span of any type, "misattributed"
// among them, is caught by a flag that overlaps it.
bool IsEvalFlag(const Verdict& verdict, const Candidate& c);

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_EVAL_COMMAND_H_
