// cli/check_output.h — the output formats of `groundgate check`.
//
// Its one job: turn each judged answer (CheckedAnswer: where it is, what it
// flagged) into what one output format prints, and close the output:
//
//   jsonl   one JSON verdict line per judged answer (the line
//           traces::CheckLineText writes, rendered before it gets here)
//   text    one line per flagged value, "FILE:LINE TRACE msg N: unsupported
//           date at bytes 112-124 (closest in call_dhYr8aQ… search_flight)",
//           coloured on a terminal, and a closing summary that names the
//           flagged traces
//   github  one workflow command per flagged value,
//           "::error file=F,line=L,title=T::MESSAGE"
//   junit   JUnit XML: a testsuite per input file, a testcase per judged
//           answer, a failure per answer with a flag
//   sarif   SARIF 2.1.0: one run, a rule per kind of flag, a result per
//           flagged value at FILE and the record's line
//
// Values (the canonical form, the text as written, the closest carried
// value) are printed only when include_values is set, in every format
// (law 8); without it a flag is named by its kind, shape, byte span,
// message index and the tool calls involved.
//
// jsonl, text and github stream; junit and sarif hold the judged answers'
// flags (not their lines) until Finish, since their counts come first.
//
// What it does NOT do: judge, decide what counts as a flag (the command
// fills CheckedAnswer), or read a baseline (baseline.h marks the known
// flags before they get here).
#ifndef GROUNDGATE_CLI_CHECK_OUTPUT_H_
#define GROUNDGATE_CLI_CHECK_OUTPUT_H_

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::cli {

enum class OutputFormat { kText, kJsonl, kGithub, kJunit, kSarif };

// The names of the output formats, as the help and the errors list them.
// None of them is a trace format's name, so `--format NAME` tells the two
// kinds apart by the name.
inline constexpr std::string_view kOutputFormatNames =
    "text, jsonl, github, junit or sarif";

// "text" -> kText, ...; nullopt for any other name.
std::optional<OutputFormat> ParseOutputFormatName(std::string_view name);

// One flagged value of a judged answer: typed (unsupported), or read from
// another record than the one the answer names (misattributed, law 11).
struct FlaggedValue {
  std::string_view kind;  // "unsupported" or "misattributed"
  std::string shape;
  std::size_t start = 0;  // byte span in the answer
  std::size_t end = 0;
  // Values: printed only with include_values.
  std::string canonical;    // the canonical form (also the baseline's key)
  std::string text;         // the answer's bytes at the span
  std::string near_miss;    // the closest carried value of the same shape
  std::string named_value;  // misattributed: what the named record holds
  // Identities, printed always.
  std::string near_miss_carrier;  // the call that carried near_miss
  std::string near_miss_tool;     // its tool's name, or ""
  std::string named_carrier;      // misattributed: the named record's call
  std::string read_carrier;       // misattributed: where it was read
  // Set by the baseline: the flag was there when the baseline was written.
  bool known = false;
};

// One judged answer, as every format needs it.
struct CheckedAnswer {
  std::string source;  // the file's display name ("<stdin>" for -)
  std::size_t line = 0;
  std::string trace_id;
  std::size_t message_index = 0;
  bool reasoning = false;   // a judged reasoning message
  std::string_view action;  // "grounded", "flagged" or "unverified"
  std::vector<FlaggedValue> flags;
  std::string jsonl;  // the verdict line, when the format is jsonl

  // True when a flag is not in the baseline (every flag, without one).
  [[nodiscard]] bool HasNewFlag() const;
};

// What the closing summaries say.
struct CheckTotals {
  std::size_t judged = 0;
  std::size_t flagged_answers = 0;  // answers with a new flag
  std::size_t new_flags = 0;
  std::size_t known_flags = 0;  // flags the baseline accepted
};

struct OutputOptions {
  OutputFormat format = OutputFormat::kJsonl;
  bool include_values = false;  // --include-values (law 8)
  bool color = false;           // text only: ANSI colours
  bool quiet = false;           // --quiet: write nothing
  // Flags marked known are left out of every format but jsonl (whose lines
  // are verdicts, not flags).
  bool hide_known = true;
};

// Writes one format to a stream.
class CheckOutput {
 public:
  virtual ~CheckOutput() = default;
  // Called once per judged answer, in input order, on one thread.
  virtual void Answer(const CheckedAnswer& answer) = 0;
  // Called once, after the last answer.
  virtual void Finish(const CheckTotals& totals) = 0;
};

// The writer of options.format on `out` (which must outlive it); with
// options.quiet, a writer that writes nothing.
std::unique_ptr<CheckOutput> MakeCheckOutput(const OutputOptions& options,
                                             std::ostream& out);

// The escapes of GitHub's workflow commands: in a message, '%', '\r' and
// '\n' as %25, %0D and %0A; in a property value also ':' and ',' as %3A
// and %2C.
std::string EscapeGithubMessage(std::string_view text);
std::string EscapeGithubProperty(std::string_view text);

// Text for XML character data and attribute values: the five markup
// characters as entities, and what XML 1.0 cannot hold (control characters
// but tab, CR and LF; bytes that are not UTF-8) as U+FFFD.
std::string EscapeXml(std::string_view text);

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_CHECK_OUTPUT_H_
