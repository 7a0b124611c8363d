// cli/check_command.h — `groundgate check`: re-judge the answers of traces.
//
// Its one job: stream JSONL trace files, one conversation per line, replay
// each conversation into its own EvidenceCorpus, judge every assistant
// answer with one shared Gate, and print one JSON verdict line per judged
// answer, a summary on stderr, and an exit code:
//
//   groundgate check [--include-values] [--min-digits N] [--shapes FILE]
//                    FILE...        (`-` reads standard input)
//
// Replay, message by message: system/developer text is exempt; a user
// message starts a user turn (the corpus handles the correction frame); an
// assistant message with tool calls names the calls (its arguments and its
// text are never evidence, law 3); a tool message is recorded as a result of
// its call; an assistant message with text and no tool calls is judged.
//
// What it does NOT do: parse a line's fields (trace_reader.h), decide what a
// value is or whether it was read (the library's Gate and corpus), or keep a
// file in memory: memory is bounded by the largest line.
#ifndef GROUNDGATE_CLI_CHECK_COMMAND_H_
#define GROUNDGATE_CLI_CHECK_COMMAND_H_

#include <iosfwd>
#include <span>
#include <string_view>

namespace groundgate::cli {

// Exit codes of `groundgate check` (and of the command as a whole).
inline constexpr int kExitGrounded = 0;    // nothing was flagged
inline constexpr int kExitFlagged = 1;     // some answer was flagged
inline constexpr int kExitUsageError = 2;  // bad flag, file, line or config

// Runs `groundgate check` with the arguments that follow the word "check".
// Verdict lines go to `out`, diagnostics and the summary to `err`, and `-`
// reads `in`. Returns kExitUsageError when an argument, a --shapes file, an
// input file or any line was bad (every other line and file is still
// judged), else kExitFlagged when some answer was flagged, else
// kExitGrounded. Never throws.
int RunCheckCommand(std::span<const std::string_view> args, std::istream& in,
                    std::ostream& out, std::ostream& err);

// The usage text of `groundgate check`, ending in a newline.
std::string_view CheckUsage();

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_CHECK_COMMAND_H_
