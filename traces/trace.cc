// traces/trace.cc — one record to a Trace, whatever its format.
//
// Its one job: parse a line without throwing, take the record's format
// (named, or detected by detect.cc), hand the record to that adapter, and
// mark as errors the results whose JSON says "exception". See
// groundgate/trace.h.
//
// What it does NOT do: read any format's fields itself (the adapters in
// this folder do), or replay a trace (replay.cc).
#include "groundgate/trace.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/clip.h"
#include "base/json_parse.h"
#include "nlohmann/json.hpp"
#include "traces/record_fields.h"
#include "traces/trace_json.h"

namespace groundgate {
namespace {

using traces::Concat;
using traces::Find;
using Json = nlohmann::json;

// Each format: its name on the command line and the adapter that reads
// its records (none for kAuto: the detected format's adapter does).
struct FormatName {
  TraceFormat format;
  std::string_view name;
  absl::Status (*read)(const Json& record, Trace* trace);
};
constexpr FormatName kFormatNames[] = {
    {TraceFormat::kAuto, "auto", nullptr},
    {TraceFormat::kOpenAiChat, "openai-chat", traces::ReadOpenAiChat},
    {TraceFormat::kOpenAiResponses, "openai-responses",
     traces::ReadOpenAiResponses},
    {TraceFormat::kAnthropicMessages, "anthropic",
     traces::ReadAnthropicMessages},
    {TraceFormat::kMcp, "mcp", traces::ReadMcp},
    {TraceFormat::kEvidenceFlow, "evidenceflow", traces::ReadEvidenceFlow},
};

// A parse error's message is cut to this many bytes: nlohmann's own
// messages are shorter; the bound keeps any message of a future version
// that quotes input from copying much of it.
constexpr std::size_t kMaxParseMessageBytes = 160;

// Finds the syntax error in a text the non-throwing parse rejected, so the
// message can say what and where. nlohmann reports it to a SAX handler
// without throwing when the handler returns false.
class SyntaxErrorFinder {
 public:
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(Json::number_integer_t) { return true; }
  bool number_unsigned(Json::number_unsigned_t) { return true; }
  bool number_float(Json::number_float_t, const Json::string_t&) {
    return true;
  }
  bool string(Json::string_t&) { return true; }
  bool binary(Json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(Json::string_t&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) {
    position_ = position;
    description_ = ShortDescription(error.what());
    return false;
  }

  // "syntax error while parsing value - invalid literal (at byte 5)",
  // "number overflow (at byte 4000001)".
  std::string Describe() const {
    return Concat(description_.empty() ? "syntax error" : description_,
                  " (at byte ", position_, ")");
  }

 private:
  // nlohmann's text without what would copy input: it starts with
  // "[json.exception.parse_error.101] parse error at line 1, column 5: ",
  // and quotes the token it read, either after "; last read: " or inside
  // the message ("number overflow parsing '1e999'", of any length: a
  // 5 MB digit string is quoted whole). The prefix is cut, the message
  // ends before its first quote, and it is at most kMaxParseMessageBytes.
  static std::string ShortDescription(std::string_view text) {
    if (text.starts_with("[")) {
      if (std::size_t close = text.find("] ");
          close != std::string_view::npos) {
        text.remove_prefix(close + 2);
      }
    }
    if (text.starts_with("parse error")) {
      if (std::size_t colon = text.find(": ");
          colon != std::string_view::npos) {
        text.remove_prefix(colon + 2);
      }
    }
    if (std::size_t last = text.find("; last read");
        last != std::string_view::npos) {
      text = text.substr(0, last);
    }
    if (std::size_t quote = text.find('\''); quote != std::string_view::npos) {
      text = text.substr(0, quote);
    }
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.ends_with(" parsing")) text.remove_suffix(8);
    text = base::ClipUtf8View(text, kMaxParseMessageBytes);
    return text.empty() ? std::string("syntax error") : std::string(text);
  }

  std::size_t position_ = 0;
  std::string description_;
};

}  // namespace

std::string_view TraceFormatName(TraceFormat format) {
  const auto it = std::ranges::find(kFormatNames, format, &FormatName::format);
  return it == std::end(kFormatNames) ? "auto" : it->name;
}

std::optional<TraceFormat> ParseTraceFormatName(std::string_view name) {
  const auto it = std::ranges::find(kFormatNames, name, &FormatName::name);
  if (it == std::end(kFormatNames)) return std::nullopt;
  return it->format;
}

std::string_view TraceRoleName(TraceRole role) {
  switch (role) {
    case TraceRole::kSystem:
      return "system";
    case TraceRole::kUser:
      return "user";
    case TraceRole::kAssistant:
      return "assistant";
    case TraceRole::kToolResult:
      return "tool_result";
    case TraceRole::kReasoning:
      return "reasoning";
  }
  return "user";
}

bool TraceMessage::IsAnswer() const {
  return role == TraceRole::kAssistant && tool_calls.empty() &&
         !beside_tool_calls;
}

absl::StatusOr<nlohmann::json> ParseJsonText(std::string_view text) {
  // simdjson first; whatever it does not take, nlohmann parses and judges.
  if (std::optional<Json> fast = base::ParseJsonWithSimdjson(text)) {
    return *std::move(fast);
  }
  // The syntax check first, without building anything: what simdjson
  // declines is nearly always not JSON, and the DOM parse it replaced
  // allocated a tree only to discard it (a tenth of the jsonl fuzzer's time,
  // tests/fuzz/README.md). Both passes are nlohmann's one parser, so they
  // accept the same texts.
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  SyntaxErrorFinder finder;
  if (!Json::sax_parse(begin, end, &finder)) {
    return absl::InvalidArgumentError(Concat("not JSON: ", finder.Describe()));
  }
  Json document = Json::parse(begin, end, /*cb=*/nullptr,
                              /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    return absl::InvalidArgumentError(Concat("not JSON: ", finder.Describe()));
  }
  return document;
}

absl::StatusOr<Trace> ReadTraceRecord(const nlohmann::json& record,
                                      TraceFormat format) {
  // Before any adapter dumps a value: nlohmann's dump recurses once per
  // level, and a hostile record can nest a hundred thousand.
  if (std::optional<std::string> deep =
          traces::FindNestingDeeperThan(record, kMaxTraceJsonDepth, "")) {
    return absl::InvalidArgumentError(
        Concat(*deep, ": nests deeper than ",
               static_cast<std::size_t>(kMaxTraceJsonDepth)));
  }
  if (format == TraceFormat::kAuto) format = DetectTraceFormat(record);
  // What detection leaves undecided is read as chat.
  if (format == TraceFormat::kAuto) format = TraceFormat::kOpenAiChat;
  Trace trace;
  trace.format = format;
  const auto entry =
      std::ranges::find(kFormatNames, format, &FormatName::format);
  if (entry != std::end(kFormatNames) && entry->read != nullptr) {
    if (absl::Status status = entry->read(record, &trace); !status.ok()) {
      return status;
    }
  }
  // Every output repeats the id on every line: a long one is cut to a
  // prefix and a hash, as tool-call ids are.
  if (trace.id.size() > kMaxTraceIdBytes) {
    trace.id = base::ClipWithHash(trace.id, kMaxTraceIdBytes);
  }
  // API-Bank and ToolTalk tools say they failed inside their JSON result.
  for (TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult && !message.is_error &&
        traces::ReportsException(message.text)) {
      message.is_error = true;
    }
  }
  return trace;
}

namespace {

absl::StatusOr<nlohmann::json> ParseRecordText(std::string_view text,
                                               bool lazy) {
  if (!lazy) return ParseJsonText(text);
  base::LazyPolicy policy;
  policy.max_depth = kMaxTraceJsonDepth;
  if (std::optional<Json> lazy = base::ParseJsonLazily(text, policy)) {
    return *std::move(lazy);
  }
  return ParseJsonText(text);
}

}  // namespace

absl::StatusOr<nlohmann::json> ParseTraceJsonText(
    std::string_view text, std::vector<std::string>* warnings, bool lazy) {
  absl::StatusOr<Json> parsed = ParseRecordText(text, lazy);
  if (parsed.ok()) return parsed;
  // What Python's json.dumps writes by default: read, and said.
  base::PythonJsonRepairs repairs;
  const std::optional<std::string> repaired =
      base::RepairPythonJson(text, &repairs);
  if (!repaired) return parsed;
  absl::StatusOr<Json> read = ParseRecordText(*repaired, lazy);
  if (!read.ok()) return parsed;  // the original text's error stands
  if (warnings != nullptr) {
    if (repairs.non_finite > 0) {
      warnings->push_back(
          Concat("record: ", repairs.non_finite,
                 " NaN or Infinity (not JSON; Python writes them) read as "
                 "null; those values are lost"));
    }
    if (repairs.lone_surrogates > 0) {
      warnings->push_back(
          Concat("record: ", repairs.lone_surrogates,
                 " \\u escapes of half a surrogate pair read as U+FFFD"));
    }
  }
  return read;
}

void AddRecordWarnings(std::vector<std::string> warnings, Trace* trace) {
  // The record's own warnings come first: they concern all of it.
  std::vector<std::string> later = std::move(trace->warnings);
  const std::size_t unlisted = trace->unlisted_warnings;
  trace->warnings.clear();
  trace->unlisted_warnings = 0;
  for (std::string& warning : warnings) traces::Warn(trace, std::move(warning));
  for (std::string& warning : later) traces::Warn(trace, std::move(warning));
  trace->unlisted_warnings += unlisted;
}

absl::StatusOr<Trace> ReadTraceRecord(std::string_view line,
                                      TraceFormat format) {
  // No scan before the parse: nlohmann's parser (3.11) keeps its nesting on
  // the heap, so any depth parses, and the record's depth check can then
  // name the field that nests too deep.
  std::vector<std::string> warnings;
  absl::StatusOr<Json> record = ParseTraceJsonText(line, &warnings);
  if (!record.ok()) return record.status();
  absl::StatusOr<Trace> trace = ReadTraceRecord(*record, format);
  if (trace.ok() && !warnings.empty()) {
    AddRecordWarnings(std::move(warnings), &*trace);
  }
  return trace;
}

TraceFormat DetectTraceFormat(std::string_view record) {
  // The same parse as ReadTraceRecord's, so the two agree on every text.
  absl::StatusOr<Json> document = ParseTraceJsonText(record, nullptr);
  if (!document.ok() ||
      traces::FindNestingDeeperThan(*document, kMaxTraceJsonDepth, "")
          .has_value()) {
    return TraceFormat::kOpenAiChat;
  }
  return DetectTraceFormat(*document);
}

}  // namespace groundgate
