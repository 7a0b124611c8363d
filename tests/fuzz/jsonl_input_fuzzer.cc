// tests/fuzz/jsonl_input_fuzzer.cc — libFuzzer target over the command's
// JSONL reader (cli/jsonl_input.h) and traces::CheckRecord
// (traces/check_record.h).
//
// Its one job: read arbitrary bytes as a JSONL file on standard input with
// cli::JsonlInput, check what it hands out and counts against what its
// header states, and read the same lines one by one with traces::CheckRecord
// (the C API's and Python module's entry), which must accept exactly the
// lines the command accepted (up to where it gave the file up: a file
// whose first kMaxListedLineErrors lines are all bad is not read further),
// and replay each with the shared Gate. It
// stops on any crash, sanitizer report, escaped exception or broken
// contract (law 10: a bad line is reported and counted, never a crash).
//
// Input layout: SELECTOR FILE. The selector byte picks the --format,
// SELECTOR % 6 in TraceFormat's order (auto, openai-chat, openai-responses,
// anthropic, mcp, evidenceflow: ASCII '0'..'5' name them); the rest is the
// file's bytes, lines split at '\n' (CRLF and a leading byte order mark are
// accepted, blank lines skipped).
//
// What it does NOT do: open files on disk (the stdin path reads the same
// ReadStream), or check verdicts beyond fuzz_checks.h's contracts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "cli/jsonl_input.h"
#include "cli/options.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/fuzz/fuzz_checks.h"
#include "traces/check_record.h"

namespace groundgate::fuzz {
namespace {

// memchr finds each newline; a loop over every byte ran the target's own
// coverage counters once a byte.
std::size_t CountLines(std::string_view text) {
  std::size_t lines = 0;
  for (std::size_t at = text.find('\n'); at != std::string_view::npos;
       at = text.find('\n', at + 1)) {
    ++lines;
  }
  return lines;
}

void TestOneInput(std::string_view bytes) {
  if (bytes.empty()) return;
  const TraceFormat format =
      kFormats[static_cast<unsigned char>(bytes[0]) % kFormatCount];
  const std::string_view file = bytes.substr(1);

  // The command's reader, over the whole file as standard input.
  std::istringstream in{std::string(file)};
  std::ostringstream err;
  cli::JsonlInput input("groundgate check", format, in, err);
  std::vector<std::size_t> good_lines;
  input.Read(std::string(cli::kStdinName), [&](const cli::InputRecord& record) {
    GG_FUZZ_CHECK(record.source == "<stdin>", "stdin is named <stdin>");
    GG_FUZZ_CHECK(good_lines.empty() || record.line > good_lines.back(),
                  "records come in line order, once each");
    GG_FUZZ_CHECK(!record.trace.id.empty(), "every record has an id");
    good_lines.push_back(record.line);
  });
  const cli::InputCounts& counts = input.counts();
  // A file whose first kMaxListedLineErrors non-blank lines are all bad is
  // not a trace file: the reader counts it unreadable and stops there.
  const bool abandoned = counts.unreadable_files == 1;
  GG_FUZZ_CHECK(counts.files == 1, "standard input is one file");
  GG_FUZZ_CHECK(counts.unreadable_files == 0 ||
                    (abandoned && good_lines.empty() &&
                     counts.malformed_records == cli::kMaxListedLineErrors),
                "standard input is unreadable only when its first lines are "
                "all bad");
  GG_FUZZ_CHECK(counts.records == good_lines.size(),
                "every good record is counted and handed out");
  // Error lines: each bad line up to the cap, then one line that counts the
  // rest, or the one line that gives the file up.
  const std::size_t listed =
      std::min(counts.malformed_records, cli::kMaxListedLineErrors);
  const bool summed =
      abandoned || counts.malformed_records > cli::kMaxListedLineErrors;
  GG_FUZZ_CHECK(CountLines(err.str()) == listed + (summed ? 1 : 0),
                "each listed bad line is one line on the error stream");

  // traces::CheckRecord (traces/check_record.h), line by line, must accept the
  // same lines, up to where the reader stopped.
  const Gate& gate = DeclaredShapesGate();
  traces::CheckOptions options;
  options.format = format;
  std::size_t line_number = 0;
  std::size_t next_good = 0;
  std::size_t bad_lines = 0;
  std::size_t bytes_read = 0;
  std::size_t start = 0;
  while (start < file.size()) {
    std::size_t end = file.find('\n', start);
    if (end == std::string_view::npos) end = file.size();
    ++line_number;
    bytes_read += end - start + 1;
    const std::string_view line = traces::TrimJsonlLine(
        file.substr(start, end - start), line_number == 1);
    start = end + 1;
    if (traces::IsBlankJsonlLine(line)) continue;
    const bool command_read_it =
        next_good < good_lines.size() && good_lines[next_good] == line_number;
    if (command_read_it) ++next_good;
    const absl::Status status = traces::CheckRecord(
        line, "fuzz:" + std::to_string(line_number), gate, options,
        [](nlohmann::ordered_json judged) {
          const std::string printed = traces::DumpCheckLine(judged);
          GG_FUZZ_CHECK(printed.starts_with('{') &&
                            printed.find('\n') == std::string::npos,
                        "a check line is one JSON object on one line");
        });
    GG_FUZZ_CHECK(status.ok() == command_read_it,
                  "CheckRecord accepts exactly the lines the command reads");
    if (!status.ok()) {
      GG_FUZZ_CHECK(absl::IsInvalidArgument(status),
                    "a bad line is InvalidArgument");
      ++bad_lines;
      if (abandoned && bad_lines == cli::kMaxListedLineErrors) break;
    }
  }
  GG_FUZZ_CHECK(!abandoned || bad_lines == cli::kMaxListedLineErrors,
                "the reader gives a file up at its kMaxListedLineErrors-th "
                "bad line");
  GG_FUZZ_CHECK(counts.records + counts.malformed_records <= line_number,
                "a line is at most one record");
  GG_FUZZ_CHECK(counts.bytes == bytes_read,
                "bytes counts every line read and its newline");
  GG_FUZZ_CHECK(next_good == good_lines.size(),
                "every line the command read is a line of the file");
}

}  // namespace
}  // namespace groundgate::fuzz

// Builds the shared Gate before the first input.
GG_FUZZ_TEXT_TARGET()
