// cli/progress_line.h — a progress line on a terminal, redrawn in place.
//
// Its one job: while a long input is read, show on standard error how far
// the command is ("groundgate check: 120,000 lines, 48.2 MB/s, 311
// flagged"), redrawn over itself with '\r' at most a few times a second.
// It shows only when standard error is a terminal and the input read is
// past kProgressMinBytes, so a short run and a piped one print nothing
// extra. Clear() removes the line before anything else is written to the
// same stream.
//
// What it does NOT do: count anything itself (the command hands it the
// counts), or write to a stream that is not a terminal.
#ifndef GROUNDGATE_CLI_PROGRESS_LINE_H_
#define GROUNDGATE_CLI_PROGRESS_LINE_H_

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "cli/jsonl_input.h"

namespace groundgate::cli {

// The line shows once this many bytes are read: below it a run takes
// well under a second, and a line drawn then erased would only flicker.
inline constexpr std::size_t kProgressMinBytes = std::size_t{4} << 20;

class ProgressLine {
 public:
  // `err` must outlive this object; nothing is written unless `enabled`
  // (standard error is a terminal).
  ProgressLine(std::string_view command, bool enabled, std::ostream& err);

  // Starts the clock of a file (the rate is per file).
  void BeginFile(std::string_view path);

  // Redraws the line when enough time has passed since the last drawing.
  void Update(const InputCounts& input, std::size_t flagged);

  // Erases the line if it is drawn.
  void Clear();

 private:
  using Clock = std::chrono::steady_clock;
  // The line is redrawn at most this often: smooth to the eye, and
  // nothing a terminal must keep up with.
  static constexpr std::chrono::milliseconds kRedrawEvery{200};

  std::string command_;
  bool enabled_;
  std::ostream& err_;
  bool drawn_ = false;
  Clock::time_point file_start_;
  Clock::time_point last_drawn_;
  std::size_t file_start_bytes_ = 0;
  bool file_started_ = false;
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_PROGRESS_LINE_H_
