// cli/progress_line.cc — a progress line on a terminal, redrawn in place.
// See progress_line.h.
//
// What it does NOT do: count, or write anywhere but a terminal.
#include "cli/progress_line.h"

#include <cstdio>
#include <ostream>

namespace groundgate::cli {

ProgressLine::ProgressLine(std::string_view command, bool enabled,
                           std::ostream& err)
    : command_(command), enabled_(enabled), err_(err) {}

void ProgressLine::BeginFile(std::string_view) { file_started_ = false; }

void ProgressLine::Update(const InputCounts& input, std::size_t flagged) {
  if (!enabled_ || input.bytes < kProgressMinBytes) return;
  const Clock::time_point now = Clock::now();
  if (!file_started_) {
    // The first record of the file: the rate counts from here.
    file_started_ = true;
    file_start_ = now;
    last_drawn_ = now;
    file_start_bytes_ = input.bytes;
    return;
  }
  if (now - last_drawn_ < kRedrawEvery) return;
  last_drawn_ = now;
  const double seconds =
      std::chrono::duration<double>(now - file_start_).count();
  const double megabytes =
      static_cast<double>(input.bytes - file_start_bytes_) / 1e6;
  char line[160];
  std::snprintf(line, sizeof(line), "%s: %zu lines, %.1f MB/s, %zu flagged",
                command_.c_str(), input.records + input.malformed_records,
                seconds > 0 ? megabytes / seconds : 0.0, flagged);
  // '\r' to the line's start, the text, then erase what a longer earlier
  // drawing left.
  err_ << '\r' << line << "\x1b[K" << std::flush;
  drawn_ = true;
}

void ProgressLine::Clear() {
  if (!drawn_) return;
  err_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace groundgate::cli
