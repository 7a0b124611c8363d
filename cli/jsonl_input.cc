// cli/jsonl_input.cc — JSONL trace files, streamed record by record.
//
// Its one job: lines to Traces through the adapters; see jsonl_input.h.
// What it does NOT do: judge, or keep more than the current line.
#include "cli/jsonl_input.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <string>
#include <system_error>
#include <utility>

#include "absl/status/statusor.h"
#include "cli/options.h"

namespace groundgate::cli {
namespace {

// How standard input is named in diagnostics ("<stdin>:3: ...").
constexpr std::string_view kStdinDisplayName = "<stdin>";
// A UTF-8 byte order mark some editors write at the start of a file.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// What ReadBoundedLine found.
enum class LineRead { kLine, kTooLong, kEnd };

// Reads one line (without its '\n') into *line, holding at most
// `max_bytes` of it (the string's doubling growth may reserve up to twice
// that while it fills). A longer line is consumed to its end but not kept:
// kTooLong, with its length in *length. kEnd when nothing was left.
LineRead ReadBoundedLine(std::istream& input, std::size_t max_bytes,
                         std::string* line, std::size_t* length) {
  line->clear();
  *length = 0;
  std::streambuf* buffer = input.rdbuf();
  bool any = false;
  bool too_long = false;
  while (true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      input.setstate(std::ios::eofbit);
      break;
    }
    any = true;
    if (c == '\n') break;
    ++*length;
    if (too_long) continue;
    if (line->size() == max_bytes) {
      too_long = true;
      line->clear();
      line->shrink_to_fit();
      continue;
    }
    line->push_back(static_cast<char>(c));
  }
  if (!any) return LineRead::kEnd;
  return too_long ? LineRead::kTooLong : LineRead::kLine;
}

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

JsonlInput::JsonlInput(std::string_view command, TraceFormat format,
                       std::istream& in, std::ostream& err,
                       std::size_t max_line_bytes)
    : command_(command),
      format_(format),
      in_(in),
      err_(err),
      max_line_bytes_(max_line_bytes == 0 ? 1 : max_line_bytes) {}

void JsonlInput::Read(
    const std::string& path,
    const std::function<void(const InputRecord&)>& on_record) {
  if (stopped_) return;
  if (path == kStdinName) {
    ReadStream(in_, kStdinDisplayName, on_record);
    return;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    err_ << command_ << ": cannot read " << path << ": is a directory\n";
    ++counts_.unreadable_files;
    return;
  }
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    err_ << command_ << ": cannot open " << path << ": "
         << (errno != 0 ? std::strerror(errno) : "cannot be opened") << '\n';
    ++counts_.unreadable_files;
    return;
  }
  ReadStream(file, path, on_record);
}

void JsonlInput::ReportMalformed(std::string_view source, std::size_t line,
                                 const absl::Status& status) {
  err_ << source << ':' << line << ": " << MessageOf(status) << '\n';
  ++counts_.malformed_records;
}

void JsonlInput::RejectRecord(std::string_view source, std::size_t line,
                              const absl::Status& status) {
  if (counts_.records > 0) --counts_.records;
  ReportMalformed(source, line, status);
}

void JsonlInput::ReadStream(
    std::istream& input, std::string_view name,
    const std::function<void(const InputRecord&)>& on_record) {
  ++counts_.files;
  std::string line;
  std::size_t line_number = 0;
  std::size_t length = 0;
  while (!stopped_) {
    const LineRead read =
        ReadBoundedLine(input, max_line_bytes_, &line, &length);
    if (read == LineRead::kEnd) break;
    ++line_number;
    counts_.bytes += length + 1;
    if (read == LineRead::kTooLong) {
      err_ << name << ':' << line_number << ": line longer than "
           << max_line_bytes_ << " bytes (" << length
           << "); skipped (see --max-line-bytes)\n";
      ++counts_.malformed_records;
      continue;
    }
    std::string_view view = line;
    if (line_number == 1 && view.starts_with(kUtf8Bom)) {
      view.remove_prefix(kUtf8Bom.size());
    }
    if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
    if (IsBlankLine(view)) continue;
    absl::StatusOr<nlohmann::json> document = ParseJsonText(view);
    if (!document.ok()) {
      ReportMalformed(name, line_number, document.status());
      continue;
    }
    absl::StatusOr<Trace> trace = ReadTraceRecord(*document, format_);
    if (!trace.ok()) {
      ReportMalformed(name, line_number, trace.status());
      continue;
    }
    if (trace->id.empty()) trace->id = Concat(name, ":", line_number);
    ++counts_.records;
    on_record(InputRecord{.source = name,
                          .line = line_number,
                          .document = *document,
                          .trace = *trace});
  }
  if (input.bad()) {
    err_ << name << ':' << (line_number + 1)
         << ": read error; the rest of the file was not read\n";
    ++counts_.unreadable_files;
  }
}

}  // namespace groundgate::cli
