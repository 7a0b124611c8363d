// stages/verdict_json.cc — the verdict's stable JSON form (laws 8 and 9).
#include "groundgate/verdict_json.h"

#include <optional>
#include <string>
#include <vector>

#include "stages/verdict_json.h"

namespace groundgate {
namespace {

// Clips to at most max_bytes without splitting a UTF-8 character.
std::string ClipUtf8(const std::string& value, std::size_t max_bytes) {
  if (value.size() <= max_bytes) return value;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80) {
    --end;
  }
  return value.substr(0, end);
}

nlohmann::ordered_json SpanEntries(const Verdict& verdict,
                                   CandidateStatus status,
                                   const VerdictJsonOptions& options) {
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  for (const Candidate& c : verdict.candidates) {
    if (c.status != status) continue;
    nlohmann::ordered_json entry;
    entry["shape"] = c.shape;
    entry["start"] = c.start;
    entry["end"] = c.end;
    if (status == CandidateStatus::kGrounded) {
      entry["reason"] = std::string(ReasonName(c.reason));
    }
    if (!c.near_miss_carrier.empty()) {
      entry["near_miss_carrier"] = c.near_miss_carrier;
    }
    if (options.include_values) {
      entry["value"] = ClipUtf8(c.canonical, options.max_value_bytes);
      if (!c.derivation.empty()) {
        entry["derivation"] = ClipUtf8(c.derivation, options.max_value_bytes);
      }
      if (!c.near_miss.empty()) {
        entry["near_miss"] = ClipUtf8(c.near_miss, options.max_value_bytes);
      }
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

// [{"shape", "start", "end", "named_carrier", "read_carrier"[, "aggregate"]
//   [, "value", "named_value", "field", "named_path", "read_path"]}]: the
// record's keys and the named record's value are shown on opt-in only, as a
// conflict's key is (law 8).
nlohmann::ordered_json MisattributedEntries(const Verdict& verdict,
                                            const VerdictJsonOptions& options) {
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  const Binding none;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kMisattributed) continue;
    const Binding& b = c.binding.has_value() ? *c.binding : none;
    nlohmann::ordered_json entry;
    entry["shape"] = c.shape;
    entry["start"] = c.start;
    entry["end"] = c.end;
    entry["named_carrier"] = b.named.carrier;
    entry["read_carrier"] = b.read.carrier;
    if (!b.aggregate.empty()) entry["aggregate"] = b.aggregate;
    if (options.include_values) {
      const std::size_t max = options.max_value_bytes;
      entry["value"] = ClipUtf8(c.canonical, max);
      entry["named_value"] = ClipUtf8(b.named_value, max);
      entry["field"] = ClipUtf8(b.field, max);
      entry["named_path"] = ClipUtf8(b.named.path, max);
      entry["read_path"] = ClipUtf8(b.read.path, max);
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace

nlohmann::ordered_json stages::CarriedByJson(
    const std::optional<std::vector<AnswerCarrier>>& carriers) {
  if (!carriers.has_value()) return nullptr;
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const AnswerCarrier& carrier : *carriers) {
    nlohmann::ordered_json entry;
    entry["tool_call_id"] = carrier.tool_call_id;
    entry["tool_name"] = carrier.tool_name;
    entry["values"] = carrier.values;
    entry["only"] = carrier.only;
    out.push_back(std::move(entry));
  }
  return out;
}

nlohmann::ordered_json stages::VerdictJsonObject(
    const Verdict& verdict, const VerdictJsonOptions& options) {
  nlohmann::ordered_json out;
  out["action"] = std::string(VerdictAction(verdict));
  out["candidates"] = verdict.candidates.size();
  out["looked_up"] = verdict.looked_up;
  out["unsupported"] =
      SpanEntries(verdict, CandidateStatus::kUnsupported, options);
  out["unverified"] =
      SpanEntries(verdict, CandidateStatus::kUnverified, options);
  out["misattributed"] = MisattributedEntries(verdict, options);
  out["grounded"] = SpanEntries(verdict, CandidateStatus::kGrounded, options);
  out["carried_by"] = stages::CarriedByJson(verdict.answer_carriers);
  nlohmann::ordered_json conflicts = nlohmann::ordered_json::array();
  for (const Conflict& conflict : verdict.conflicts) {
    if (conflict.candidate >= verdict.candidates.size()) continue;
    const Candidate& c = verdict.candidates[conflict.candidate];
    nlohmann::ordered_json entry;
    entry["start"] = c.start;
    entry["end"] = c.end;
    entry["used_carrier"] = conflict.used_carrier;
    entry["other_carrier"] = conflict.other_carrier;
    // A key name says what the results disagree on; like a value, it is
    // shown on opt-in only.
    if (options.include_values) {
      entry["key"] = ClipUtf8(conflict.key_path, options.max_value_bytes);
    }
    conflicts.push_back(std::move(entry));
  }
  out["conflicts"] = std::move(conflicts);
  out["evidence_truncated"] = verdict.evidence_truncated;
  out["answer_truncated"] = verdict.answer_truncated;
  out["grounding"] = {{"this_turn", verdict.grounding.this_turn},
                      {"prior_turns", verdict.grounding.prior_turns}};
  return out;
}

std::string VerdictToJson(const Verdict& verdict,
                          const VerdictJsonOptions& options) {
  return stages::DumpJson(stages::VerdictJsonObject(verdict, options));
}

}  // namespace groundgate
