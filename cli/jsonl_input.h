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
// What it does NOT do: judge anything, or hold more than one line: memory
// is bounded by max_line_bytes (and the record it makes), never the file.
#ifndef GROUNDGATE_CLI_JSONL_INPUT_H_
#define GROUNDGATE_CLI_JSONL_INPUT_H_

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

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
  std::size_t bytes = 0;  // bytes of the lines read
};

// One good record. The references are valid only during the callback.
struct InputRecord {
  std::string_view source;  // the file name, or "<stdin>"
  std::size_t line = 0;     // 1-based
  const nlohmann::json& document;
  const Trace& trace;  // its id is "SOURCE:LINE" when the record had none
};

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

  // Reports a record the command itself found wrong (eval's labels):
  // "SOURCE:LINE: message", counted as malformed.
  void ReportMalformed(std::string_view source, std::size_t line,
                       const absl::Status& status);

  // The same for a record that was handed to the command as good: it is
  // taken back out of counts().records.
  void RejectRecord(std::string_view source, std::size_t line,
                    const absl::Status& status);

  // Ends reading: the current Read returns after the record being handed
  // out, and later Reads read nothing. A command calls it when its output
  // can no longer be written.
  void Stop() { stopped_ = true; }

  const InputCounts& counts() const { return counts_; }

 private:
  void ReadStream(std::istream& input, std::string_view name,
                  const std::function<void(const InputRecord&)>& on_record);

  std::string command_;
  TraceFormat format_;
  std::istream& in_;
  std::ostream& err_;
  std::size_t max_line_bytes_;
  InputCounts counts_;
  bool stopped_ = false;
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_JSONL_INPUT_H_
