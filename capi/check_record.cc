// capi/check_record.cc — one trace record to `groundgate check`'s lines.
// See check_record.h.
//
// What it does NOT do: open files or judge anything itself: the verdicts are
// ReplayTrace's, their JSON VerdictToJson's.
#include "capi/check_record.h"

#include <string>
#include <utility>

#include "absl/status/statusor.h"

namespace groundgate::capi {
namespace {

// A UTF-8 byte order mark some editors write at the start of a file.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

}  // namespace

std::string_view TrimJsonlLine(std::string_view line, bool first_line) {
  if (first_line && line.starts_with(kUtf8Bom)) {
    line.remove_prefix(kUtf8Bom.size());
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

bool IsBlankJsonlLine(std::string_view line) {
  return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

nlohmann::ordered_json CheckLine(const Trace& trace,
                                 const JudgedMessage& judged,
                                 const VerdictJsonOptions& json_options) {
  nlohmann::ordered_json line;
  line["trace_id"] = trace.id;
  line["message_index"] = judged.message.index;
  // Only a reasoning message says so: an answer's line keeps the
  // documented keys.
  if (judged.message.role == TraceRole::kReasoning) {
    line["judged"] = "reasoning";
  }
  nlohmann::ordered_json verdict = VerdictToJson(judged.verdict, json_options);
  for (auto it = verdict.begin(); it != verdict.end(); ++it) {
    line[it.key()] = std::move(it.value());
  }
  return line;
}

std::string DumpCheckLine(const nlohmann::ordered_json& line) {
  // Strings came from a parser that validated their UTF-8; `replace` only
  // guarantees that no exception can leave dump().
  return line.dump(-1, ' ', false,
                   nlohmann::ordered_json::error_handler_t::replace);
}

absl::Status CheckRecord(
    std::string_view record, std::string_view fallback_id, const Gate& gate,
    const CheckOptions& options,
    const std::function<void(nlohmann::ordered_json)>& on_line) {
  absl::StatusOr<Trace> trace = ReadTraceRecord(record, options.format);
  if (!trace.ok()) return trace.status();
  if (trace->id.empty()) trace->id = std::string(fallback_id);
  ReplayTrace(*trace, gate, options.replay, [&](const JudgedMessage& judged) {
    on_line(CheckLine(*trace, judged, options.json));
  });
  return absl::OkStatus();
}

}  // namespace groundgate::capi
