// cli/jsonl_input.cc — JSONL trace files, streamed record by record.
//
// Its one job: lines to Traces through the adapters; see jsonl_input.h.
// What it does NOT do: judge, or keep more than the current line.
#include "cli/jsonl_input.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "base/clip.h"
#include "cli/options.h"
#include "traces/check_record.h"
#include "traces/trace_json.h"

namespace groundgate::cli {
namespace {

// How standard input is named in diagnostics ("<stdin>:3: ...").
constexpr std::string_view kStdinDisplayName = "<stdin>";

}  // namespace

JsonlInput::JsonlInput(std::string_view command, TraceFormat format,
                       std::istream& in, std::ostream& err,
                       std::size_t max_line_bytes)
    : command_(command),
      format_(format),
      in_(in),
      err_(err),
      max_line_bytes_(max_line_bytes == 0 ? 1 : max_line_bytes) {}

// Reads lines from a stream in 64 KiB chunks (a byte at a time through
// the stream buffer costs more than the parse of the line).
class JsonlInput::LineReader {
 public:
  LineReader(std::istream& input, std::size_t max_bytes)
      : input_(input), max_bytes_(max_bytes), chunk_(kChunkBytes) {}

  // The next line (without its '\n') into *line, holding at most
  // max_bytes of it. A longer line is consumed to its end but not kept:
  // line->too_long, with its length. False at the end of the stream.
  bool Next(Line* line) {
    line->text.clear();
    line->length = 0;
    line->too_long = false;
    bool any = false;
    while (true) {
      if (begin_ == end_ && !Fill()) break;
      any = true;
      const char* start = chunk_.data() + begin_;
      const std::size_t available = end_ - begin_;
      const void* newline = std::memchr(start, '\n', available);
      const std::size_t take =
          newline == nullptr ? available
                             : static_cast<std::size_t>(
                                   static_cast<const char*>(newline) - start);
      Append(line, std::string_view(start, take));
      begin_ += take;
      if (newline != nullptr) {
        ++begin_;  // the '\n'
        break;
      }
    }
    if (!any) return false;
    ++number_;
    line->number = number_;
    return true;
  }

  std::size_t number() const { return number_; }

 private:
  static constexpr std::size_t kChunkBytes = std::size_t{64} << 10;

  bool Fill() {
    if (eof_) return false;
    const std::streamsize got = input_.rdbuf()->sgetn(
        chunk_.data(), static_cast<std::streamsize>(chunk_.size()));
    begin_ = 0;
    end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
    if (end_ < chunk_.size()) {
      eof_ = true;
      input_.setstate(std::ios::eofbit);
    }
    return end_ > 0;
  }

  void Append(Line* line, std::string_view bytes) {
    line->length += bytes.size();
    if (line->too_long) return;
    if (line->text.size() + bytes.size() > max_bytes_) {
      line->too_long = true;
      std::string().swap(line->text);
      return;
    }
    line->text.append(bytes);
  }

  std::istream& input_;
  std::size_t max_bytes_;
  std::vector<char> chunk_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  std::size_t number_ = 0;
  bool eof_ = false;
};

void JsonlInput::WithStream(
    const std::string& path,
    const std::function<void(std::istream&, std::string_view)>& read) {
  if (stopped_) return;
  if (path == kStdinName) {
    read(in_, kStdinDisplayName);
    return;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    BeforeDiagnostic();
    err_ << command_ << ": cannot read " << path << ": is a directory\n";
    ++counts_.unreadable_files;
    return;
  }
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    BeforeDiagnostic();
    err_ << command_ << ": cannot open " << path << ": "
         << (errno != 0 ? std::strerror(errno) : "cannot be opened") << '\n';
    ++counts_.unreadable_files;
    return;
  }
  read(file, path);
}

void JsonlInput::Read(
    const std::string& path,
    const std::function<void(const InputRecord&)>& on_record) {
  WithStream(path, [&](std::istream& input, std::string_view name) {
    ReadStream(input, name, on_record);
  });
}

void JsonlInput::ReportMalformed(std::string_view source, std::size_t line,
                                 const absl::Status& status) {
  BeforeDiagnostic();
  err_ << source << ':' << line << ": " << MessageOf(status) << '\n';
  ++counts_.malformed_records;
}

void JsonlInput::RejectRecord(std::string_view source, std::size_t line,
                              const absl::Status& status) {
  if (counts_.records > 0) --counts_.records;
  ReportMalformed(source, line, status);
}

JsonlInput::ParsedLine JsonlInput::Parse(std::string_view source,
                                         Line& line) const {
  ParsedLine parsed;
  if (line.too_long) {
    parsed.diagnostic =
        Concat(source, ":", line.number, ": line longer than ", max_line_bytes_,
               " bytes (", line.length, "); skipped (see --max-line-bytes)");
    return parsed;
  }
  const std::string_view view =
      traces::TrimJsonlLine(line.text, /*first_line=*/line.number == 1);
  if (traces::IsBlankJsonlLine(view)) return parsed;
  // A kept document is the exact DOM (eval reads labels from it); else
  // dense data inside the record is kept as text.
  std::vector<std::string> record_warnings;
  absl::StatusOr<nlohmann::json> document =
      ParseTraceJsonText(view, &record_warnings, /*lazy=*/!keep_documents_);
  // The line is not needed past the parse: a long one is given back before
  // the record is read from its document; a short one's buffer is kept for
  // the next line read into it.
  if (line.text.capacity() > kKeptLineBufferBytes) {
    std::string().swap(line.text);
  }
  if (!document.ok()) {
    parsed.diagnostic =
        Concat(source, ":", line.number, ": ", MessageOf(document.status()));
    return parsed;
  }
  absl::StatusOr<Trace> trace = ReadTraceRecord(*document, format_);
  if (!trace.ok()) {
    parsed.diagnostic =
        Concat(source, ":", line.number, ": ", MessageOf(trace.status()));
    parsed.not_a_trace = true;
    return parsed;
  }
  if (!record_warnings.empty()) {
    AddRecordWarnings(std::move(record_warnings), &*trace);
  }
  if (trace->id.empty()) {
    trace->id =
        base::ClipWithHash(Concat(source, ":", line.number), kMaxTraceIdBytes);
  }
  if (keep_documents_) parsed.document = *std::move(document);
  parsed.trace = *std::move(trace);
  parsed.record = true;
  return parsed;
}

const nlohmann::json& JsonlInput::DocumentOf(const ParsedLine& parsed) {
  static const nlohmann::json* const kNull = new nlohmann::json();
  return parsed.document ? *parsed.document : *kNull;
}

bool JsonlInput::Account(const ParsedLine& parsed) {
  if (!parsed.diagnostic.empty()) {
    ++counts_.malformed_records;
    if (parsed.not_a_trace) ++counts_.unreadable_records;
    ++file_errors_;
    if (file_errors_ <= kMaxListedLineErrors) {
      BeforeDiagnostic();
      err_ << parsed.diagnostic << '\n';
    }
    if (file_errors_ == kMaxListedLineErrors && file_records_ == 0) {
      BeforeDiagnostic();
      err_ << file_name_ << ": the first " << kMaxListedLineErrors
           << " lines are not trace records; is it a JSONL trace file? The "
              "rest of it is not read\n";
      ++counts_.unreadable_files;
      file_abandoned_ = true;
    }
    return false;
  }
  if (!parsed.record) return false;  // a blank line
  ++counts_.records;
  ++file_records_;
  return true;
}

void JsonlInput::StartFile() {
  file_errors_ = 0;
  file_records_ = 0;
  file_abandoned_ = false;
}

void JsonlInput::EndFile(std::string_view name) {
  if (file_errors_ > kMaxListedLineErrors && !file_abandoned_) {
    BeforeDiagnostic();
    const std::size_t unlisted = file_errors_ - kMaxListedLineErrors;
    err_ << name << ": " << unlisted
         << (unlisted == 1 ? " more bad line" : " more bad lines")
         << " not listed (" << file_errors_ << " in all)\n";
  }
  file_abandoned_ = false;
}

void JsonlInput::ReportReadError(std::istream& input, std::string_view name,
                                 std::size_t line_number) {
  if (!input.bad()) return;
  BeforeDiagnostic();
  err_ << name << ':' << (line_number + 1)
       << ": read error; the rest of the file was not read\n";
  ++counts_.unreadable_files;
}

void JsonlInput::ReadStream(
    std::istream& input, std::string_view name,
    const std::function<void(const InputRecord&)>& on_record) {
  ++counts_.files;
  StartFile();
  file_name_ = name;
  LineReader reader(input, max_line_bytes_);
  Line line;
  while (Reading() && reader.Next(&line)) {
    counts_.bytes += line.length + 1;
    const ParsedLine parsed = Parse(name, line);
    if (!Account(parsed)) continue;
    on_record(InputRecord{.source = name,
                          .line = line.number,
                          .document = DocumentOf(parsed),
                          .trace = *parsed.trace});
  }
  ReportReadError(input, name, reader.number());
  EndFile(name);
}

namespace {

// ReadBatches' workers and the window of lines they share with the reading
// thread. A slot is filled by the reader, parsed and worked on by one
// worker (or by the reader itself while it waits), then handed out and
// emptied by the reader again.
class WorkerPool {
 public:
  WorkerPool(std::size_t workers, std::function<void(std::size_t)> work)
      : work_(std::move(work)) {
    threads_.reserve(workers);
    for (std::size_t t = 0; t < workers; ++t) {
      threads_.emplace_back([this] { Run(); });
    }
  }
  // Ends the workers after the slot each one holds (queued slots are
  // dropped) and joins them: also when the reader leaves by an exception.
  ~WorkerPool() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    queued_cv_.notify_all();
    threads_.clear();  // joins
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void Submit(std::size_t slot) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(slot);
    }
    queued_cv_.notify_one();
  }
  // Returns once `slot`, submitted earlier, is done. Until then the
  // calling thread works on queued slots itself rather than sleep: with N
  // jobs the reader is one of the N threads, and each line handed over
  // costs a wake-up less.
  void WaitFor(std::size_t slot) {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (done_.erase(slot) > 0) return;
      if (!queue_.empty()) {
        const std::size_t next = queue_.front();
        queue_.pop_front();
        lock.unlock();
        work_(next);
        lock.lock();
        done_.insert(next);
        continue;
      }
      ++waiting_;
      done_cv_.wait(lock);
      --waiting_;
    }
  }

 private:
  void Run() {
    for (;;) {
      std::size_t slot = 0;
      {
        std::unique_lock lock(mutex_);
        queued_cv_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (closing_) return;
        slot = queue_.front();
        queue_.pop_front();
      }
      work_(slot);
      bool wake = false;
      {
        std::lock_guard lock(mutex_);
        done_.insert(slot);
        wake = waiting_ > 0;
      }
      if (wake) done_cv_.notify_one();
    }
  }

  std::function<void(std::size_t)> work_;
  std::mutex mutex_;
  std::condition_variable queued_cv_;
  std::condition_variable done_cv_;
  std::deque<std::size_t> queue_;
  absl::flat_hash_set<std::size_t> done_;
  int waiting_ = 0;  // readers asleep in WaitFor
  bool closing_ = false;
  std::vector<std::jthread> threads_;  // last: joined first
};

}  // namespace

void JsonlInput::ReadBatches(
    const std::string& path, std::size_t jobs,
    const std::function<void(std::size_t)>& begin,
    const std::function<void(std::size_t, const InputRecord&)>& work,
    const std::function<void(std::size_t)>& emit) {
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  // The window: at most this many lines read ahead of the one handed out
  // next, and beyond that one no more than kMaxBatchBytes of them.
  const std::size_t window = kBatchLinesPerJob * jobs;
  begin(window);
  std::vector<Line> lines(window);
  std::vector<ParsedLine> parsed(window);
  std::vector<std::exception_ptr> failures(window);
  std::vector<std::size_t> sizes(window);  // each line's bytes as read
  std::string_view name;                   // the file being read, for Parse
  // The reading thread is one of the `jobs`: it works while it waits.
  WorkerPool pool(jobs - 1, [&](std::size_t slot) {
    try {
      parsed[slot] = Parse(name, lines[slot]);
      if (!parsed[slot].trace) return;
      work(slot, InputRecord{.source = name,
                             .line = lines[slot].number,
                             .document = DocumentOf(parsed[slot]),
                             .trace = *parsed[slot].trace});
      // Released by the thread that made it: the reading thread needs only
      // what Account reads.
      parsed[slot].trace.reset();
      parsed[slot].document.reset();
    } catch (...) {
      failures[slot] = std::current_exception();
    }
  });
  WithStream(path, [&](std::istream& input, std::string_view stream_name) {
    name = stream_name;  // no line of the previous file is in flight
    ++counts_.files;
    StartFile();
    file_name_ = name;
    LineReader reader(input, max_line_bytes_);
    std::size_t next_read = 0;  // lines read so far (slot: % window)
    std::size_t next_out = 0;   // lines handed out so far
    std::size_t bytes = 0;      // bytes of the lines in flight
    bool more = true;
    while (Reading()) {
      // Read ahead while the window has room.
      while (more && next_read - next_out < window &&
             (next_read == next_out || bytes < kMaxBatchBytes)) {
        const std::size_t slot = next_read % window;
        if (!reader.Next(&lines[slot])) {
          more = false;
          break;
        }
        counts_.bytes += lines[slot].length + 1;
        sizes[slot] = lines[slot].text.size();
        bytes += sizes[slot];
        failures[slot] = nullptr;
        pool.Submit(slot);
        ++next_read;
      }
      if (next_out == next_read) break;  // nothing in flight, nothing left
      // Hand out the oldest, in input order.
      const std::size_t slot = next_out % window;
      pool.WaitFor(slot);
      ++next_out;
      bytes -= sizes[slot];
      if (failures[slot]) std::rethrow_exception(failures[slot]);
      if (Account(parsed[slot])) emit(slot);
      parsed[slot] = ParsedLine{};
    }
    // Stopped, or the file given up: what is in flight is finished and
    // dropped.
    while (next_out < next_read) pool.WaitFor(next_out++ % window);
    ReportReadError(input, name, reader.number());
    EndFile(name);
  });
}

bool HadInputErrors(const InputCounts& counts) {
  return counts.unreadable_files > 0 || counts.malformed_records > 0;
}

void PrintInputHints(std::string_view command, const InputCounts& counts,
                     bool format_given, std::ostream& err) {
  if (counts.unreadable_records == 0) return;
  err << command << ": " << counts.unreadable_records
      << (counts.unreadable_records == 1 ? " record was" : " records were")
      << " not read as a trace; "
      << (format_given ? "is --input-format the records' format? "
                       : "if they are of one format, name it: ")
      << "--input-format NAME (" << kTraceFormatNames << ")\n";
}

void PrintInputCounts(const InputCounts& counts, std::ostream& err) {
  err << " malformed_lines=" << counts.malformed_records
      << " files=" << counts.files
      << " unreadable_files=" << counts.unreadable_files;
}

}  // namespace groundgate::cli
