// traces/check_record.h — one JSONL trace record to the lines `groundgate
// check` prints for it, for the C API and the Python module.
//
// Its one job: read one record (any format groundgate/trace.h reads),
// replay it with a Gate, and build each judged answer's output line:
// {"trace_id", "message_index"[, "judged": "reasoning"], ...the verdict's
// JSON (VerdictToJson), "source": "FILE:LINE", "schema": kCheckLineSchema}.
// gg_check_record (groundgate_c.h) and the Python module's check() and
// check_lines() print exactly these lines, so a program that shards an archive
// gets what the command prints.
//
// What it does NOT do: open files, count, or print a summary (the command
// and the callers do). cli/check_command.cc prints the same lines with
// CheckLineText, which writes them without building a JSON object
// (tests/traces/check_line_test.cc pins the two byte for byte; python/tests
// pins the module's output against the command's on examples/traces).
//
//   groundgate::traces::CheckOptions options;
//   absl::Status status = groundgate::traces::CheckRecord(
//       line, "archive.jsonl:17", gate, options,
//       [&](nlohmann::ordered_json judged) {
//         std::cout << groundgate::traces::DumpCheckLine(judged) << '\n';
//       });
//
// Thread safety: pure functions; one Gate may be shared by many threads.
#ifndef GROUNDGATE_TRACES_CHECK_RECORD_H_
#define GROUNDGATE_TRACES_CHECK_RECORD_H_

#include <functional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict_json.h"
#include "nlohmann/json.hpp"

namespace groundgate::traces {

// How a record is read and its verdicts written (the command's --format,
// --judge-intermediate and --include-values).
struct CheckOptions {
  TraceFormat format = TraceFormat::kAuto;
  ReplayOptions replay;
  VerdictJsonOptions json;
};

// A JSONL line as the command reads it: without a trailing "\r" and, on a
// file's first line, without a UTF-8 byte order mark.
std::string_view TrimJsonlLine(std::string_view line, bool first_line);

// True for a line the command skips: empty or only spaces, tabs, CR, LF.
bool IsBlankJsonlLine(std::string_view line);

// The version of the check line's form, its last member ("schema": 2).
// Version 2 adds "source", "schema" and, on opt-in, each value's "text" as
// the answer wrote it; a line without "schema" is of version 1.
inline constexpr int kCheckLineSchema = 2;

// One judged message's output line, before dumping. `source` names the
// record's place ("archive.jsonl:17"); an empty one is left out. With
// include_values each listed value has "value" (its canonical form, as
// VerdictToJson writes it) and, last, "text": the answer's bytes at its
// span, clipped as "value" is.
nlohmann::ordered_json CheckLine(const Trace& trace,
                                 const JudgedMessage& judged,
                                 const VerdictJsonOptions& json_options,
                                 std::string_view source = {});

// The line as text, without a newline, exactly as the command prints it.
std::string DumpCheckLine(const nlohmann::ordered_json& line);

// DumpCheckLine(CheckLine(trace, judged, json_options)), written straight
// to text without building the JSON object (the command's hot path: about
// a fifth of the cost). Byte-identical to it, escaping included: a string
// that is not valid UTF-8 is escaped by nlohmann itself.
std::string CheckLineText(const Trace& trace, const JudgedMessage& judged,
                          const VerdictJsonOptions& json_options,
                          std::string_view source = {});

// Reads `record` (already trimmed, not blank), names it `fallback_id` when
// its "id" is "" (a record without "id" is rejected: "id: missing"), and
// gives every line "source": fallback_id (none when it is empty),
// replays it, and calls `on_line` once per judged message, in
// order. Returns InvalidArgument naming the field when the record is not a
// readable trace ("messages[3].role: missing"), and then calls nothing.
// Does not throw itself (what `on_line` throws passes through).
absl::Status CheckRecord(
    std::string_view record, std::string_view fallback_id, const Gate& gate,
    const CheckOptions& options,
    const std::function<void(nlohmann::ordered_json)>& on_line);

}  // namespace groundgate::traces

#endif  // GROUNDGATE_TRACES_CHECK_RECORD_H_
