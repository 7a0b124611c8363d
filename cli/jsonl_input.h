// cli/jsonl_input.h — JSONL trace files, streamed record by record.
//
// Its one job: read each input file (or standard input for `-`) line by
// line, skip blank lines, accept CRLF and a byte order mark, parse each
// line and read it as a Trace with the adapters (groundgate/trace.h), and
// hand every good record to the command. A bad line is reported on the
// error stream as "FILE:LINE: field: what" and counted; the other lines are
// still read. An unreadable file is named and counted. A line longer than
// max_line_bytes is reported as "FILE:LINE: line longer than N bytes;
// skipped" and counted as malformed; its bytes are skipped, never held.
//
// ReadInOrder does the same on several threads: the calling thread reads
// lines ahead into a window, worker threads parse and work on them as
// they come, and what each record produced is handed back on the calling
// thread in input order, with the diagnostics of bad lines in their
// places. No worker waits for another's line: a long record delays only
// the output behind it. The output is the same as a one-thread Read's,
// byte for byte.
//
// What it does NOT do: judge anything, or hold more than it must: Read
// holds one line (memory is bounded by max_line_bytes and the record it
// makes, never the file); ReadInOrder holds its window: at most
// kBatchLinesPerJob lines per job and, beyond the oldest line, no more than
// kMaxBatchBytes of them.
#ifndef GROUNDGATE_CLI_JSONL_INPUT_H_
#define GROUNDGATE_CLI_JSONL_INPUT_H_

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "cli/options.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {

struct InputCounts {
  std::size_t files = 0;             // files (and stdin) read
  std::size_t unreadable_files = 0;  // could not be opened or read whole
  std::size_t records = 0;           // records read as traces
  std::size_t malformed_records = 0;
  // Of those, lines that were JSON but not a trace the adapters could read.
  std::size_t unreadable_records = 0;
  std::size_t bytes = 0;  // bytes of the lines read
};

// True when a file could not be read or a line was malformed: every command
// then exits kExitUsageError.
[[nodiscard]] bool HadInputErrors(const InputCounts& counts);

// Writes " malformed_lines=N files=N unreadable_files=N", the input's part
// of every command's summary line, to `err`.
void PrintInputCounts(const InputCounts& counts, std::ostream& err);

// Writes, once, what to try when records could not be read as traces:
// naming the format with --input-format (unless it was named). Nothing when
// every record was read.
void PrintInputHints(std::string_view command, const InputCounts& counts,
                     bool format_given, std::ostream& err);

// A file lists at most this many bad lines; the rest are counted in one
// line. A file whose first this many lines are all bad is not a JSONL
// trace file (a binary, a JSON document, a log): it is not read further.
inline constexpr std::size_t kMaxListedLineErrors = 20;

// One good record. The references are valid only during the callback.
struct InputRecord {
  std::string_view source;  // the file name, or "<stdin>"
  std::size_t line = 0;     // 1-based
  // The parsed line, when the command asked for it (KeepDocuments); else
  // null.
  const nlohmann::json& document;
  // Its id is "SOURCE:LINE" when the record's "id" is the empty string (a
  // record without "id" is malformed: "id: missing").
  const Trace& trace;
};

// ReadInOrder's window: this many lines per job...
inline constexpr std::size_t kBatchLinesPerJob = 16;
// ...and no more bytes of lines than this, unless one line is longer.
inline constexpr std::size_t kMaxBatchBytes = std::size_t{16} << 20;
// A line's buffer up to this size is kept for the next line read into it;
// a longer one is given back once the line is parsed. Reuse spares an
// allocation per line, and with --jobs a free on a worker of what the
// reading thread allocated (glibc takes the reader's heap lock for it);
// the cap bounds what the window's idle buffers hold: 2 MiB per job.
inline constexpr std::size_t kKeptLineBufferBytes = std::size_t{128} << 10;

class JsonlInput {
 public:
  // `command` prefixes file errors ("groundgate check: cannot open ...").
  // A line longer than `max_line_bytes` (at least 1) is skipped.
  JsonlInput(std::string_view command, TraceFormat format, std::istream& in,
             std::ostream& err,
             std::size_t max_line_bytes = kDefaultMaxLineBytes);

  // Reads `path` (kStdinName reads the stream given at construction) and
  // calls `on_record` for each good record, in order.
  void Read(const std::string& path,
            const std::function<void(const InputRecord&)>& on_record);

  // Reads `path` as Read does, with up to `jobs` threads (0: one per
  // core). `work` runs on any of them, once per good record, and returns
  // what the record produced; `emit` runs on the calling thread, once per
  // good record, in input order, with what `work` returned. `work` must not
  // call this object (ReportMalformed, RejectRecord, Stop); `emit` may call
  // Stop. With jobs 1 nothing runs on another thread.
  template <typename Result>
  void ReadInOrder(const std::string& path, std::size_t jobs,
                   const std::function<Result(const InputRecord&)>& work,
                   const std::function<void(Result&)>& emit) {
    std::vector<std::optional<Result>> results;
    ReadBatches(
        path, jobs, [&](std::size_t size) { results.assign(size, {}); },
        [&](std::size_t slot, const InputRecord& record) {
          // The slot's previous result, emitted long since, is released
          // here, on a worker, not on the reading thread: frees there of
          // what workers allocated contend for the workers' heap locks.
          results[slot].reset();
          results[slot].emplace(work(record));
        },
        [&](std::size_t slot) {
          if (results[slot]) emit(*results[slot]);
        });
  }

  // Reports a record the command itself found wrong (eval's labels):
  // "SOURCE:LINE: message", counted as malformed.
  void ReportMalformed(std::string_view source, std::size_t line,
                       const absl::Status& status);

  // The same for a record that was handed to the command as good: it is
  // taken back out of counts().records.
  void RejectRecord(std::string_view source, std::size_t line,
                    const absl::Status& status);

  // Called before each diagnostic is written to the error stream (the
  // command's progress line erases itself there).
  void SetBeforeDiagnostic(std::function<void()> before) {
    before_diagnostic_ = std::move(before);
  }

  // Ends reading: the current Read returns after the record being handed
  // out, and later Reads read nothing. A command calls it when its output
  // can no longer be written.
  void Stop() { stopped_ = true; }

  const InputCounts& counts() const { return counts_; }

  // Hands each record's parsed document to the callbacks too (eval reads
  // its labels from it). Off by default: a record's document is then freed
  // as soon as its Trace is read, so it is never held beside the judging.
  void KeepDocuments() { keep_documents_ = true; }

 private:
  // One line read from a stream, before it is parsed.
  struct Line {
    std::string text;
    std::size_t number = 0;  // 1-based
    std::size_t length = 0;  // its length, also when it was too long
    bool too_long = false;
  };
  // A line parsed and read as a trace: a record, a diagnostic, or neither
  // (a blank line).
  struct ParsedLine {
    std::optional<nlohmann::json> document;
    std::optional<Trace> trace;  // released once worked on (see `record`)
    std::string diagnostic;      // "SOURCE:LINE: what", without '\n'
    bool not_a_trace = false;    // JSON, but the adapters could not read it
    bool record = false;         // a trace was read: a record to hand out
  };
  // A record's document, or null when documents are not kept.
  static const nlohmann::json& DocumentOf(const ParsedLine& parsed);
  class LineReader;

  // Opens `path` (or takes the stream for kStdinName) and hands it to
  // `read` with its display name; an unreadable file is reported here.
  void WithStream(
      const std::string& path,
      const std::function<void(std::istream&, std::string_view)>& read);
  // Parses and reads one line. Touches no member but the options: safe on
  // any thread.
  // Gives back the line's text once it is parsed.
  ParsedLine Parse(std::string_view source, Line& line) const;
  // Counts what a parsed line was and prints its diagnostic; true when it
  // is a record to hand out.
  bool Account(const ParsedLine& parsed);
  // Starts and ends one file's count of bad lines; True from StartFile on
  // while the file is to be read on.
  void StartFile();
  void EndFile(std::string_view name);
  bool Reading() const { return !stopped_ && !file_abandoned_; }
  void BeforeDiagnostic() {
    if (before_diagnostic_) before_diagnostic_();
  }
  void ReadStream(std::istream& input, std::string_view name,
                  const std::function<void(const InputRecord&)>& on_record);
  // ReadInOrder's engine: `begin` gets the window's size once; `work`
  // fills, and `emit` hands out and empties, the slot of one record.
  void ReadBatches(
      const std::string& path, std::size_t jobs,
      const std::function<void(std::size_t)>& begin,
      const std::function<void(std::size_t, const InputRecord&)>& work,
      const std::function<void(std::size_t)>& emit);
  void ReportReadError(std::istream& input, std::string_view name,
                       std::size_t line_number);

  std::string command_;
  TraceFormat format_;
  std::istream& in_;
  std::ostream& err_;
  std::size_t max_line_bytes_;
  InputCounts counts_;
  bool stopped_ = false;
  bool keep_documents_ = false;
  // The current file's bad lines and records, and whether it was given up.
  std::size_t file_errors_ = 0;
  std::size_t file_records_ = 0;
  std::string_view file_name_;
  bool file_abandoned_ = false;
  std::function<void()> before_diagnostic_;
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_JSONL_INPUT_H_
