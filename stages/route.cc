// stages/route.cc — the route step: a posture turns a verdict into deliver,
// revise or refuse.
//
// Its one job: the posture table of stages.h, the correction frame a
// revision sends, and the refusal Status rails returns (written here, and
// read back by ReadRefusal). The latch (one revision per user turn) and the
// wrap-up rule are inputs: the loop keeps that state and passes it in.
//
// What it does NOT do: talk to the model or change the conversation; the
// loop appends the frame. It never lets a partial corpus accuse (law 5).
#include <optional>
#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "base/absl_view.h"
#include "base/clip.h"
#include "groundgate/stages.h"
#include "nlohmann/json.hpp"

namespace groundgate::stages {

RouteDecision Route(const Verdict& verdict, Posture posture,
                    const RouteState& state) {
  if (verdict.evidence_truncated) {
    return {RouteAction::kDeliver, EvidenceAction::kUnverified};
  }
  if (!verdict.flagged()) {
    return {RouteAction::kDeliver, EvidenceAction::kGrounded};
  }
  const bool may_revise = !state.revision_asked && !state.wrap_up;
  switch (posture) {
    case Posture::kAssist:
      return {RouteAction::kDeliver, EvidenceAction::kFlagged};
    case Posture::kGuard:
      return may_revise ? RouteDecision{RouteAction::kAskRevision,
                                        EvidenceAction::kRevisionAsked}
                        : RouteDecision{RouteAction::kDeliver,
                                        EvidenceAction::kFlagged};
    case Posture::kRails:
      return may_revise ? RouteDecision{RouteAction::kAskRevision,
                                        EvidenceAction::kRevisionAsked}
                        : RouteDecision{RouteAction::kRefuse,
                                        EvidenceAction::kRefused};
  }
  return {RouteAction::kDeliver, EvidenceAction::kFlagged};
}

std::string CorrectionFrame(std::string_view answer, const Verdict& verdict) {
  // The library's words first, the quoted values last: a model that copies
  // the frame's opening copies an instruction, not a value.
  std::string frame = absl::StrCat(
      base::AbslView(kCorrectionFramePrefix),
      "] Your answer states values that appear in no tool result of this "
      "conversation. Call a tool that provides them, or say plainly that the "
      "data was not collected. Do not state a value you did not read from a "
      "tool result. The values:");
  std::size_t quoted = 0;
  std::size_t unsupported = 0;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kUnsupported) continue;
    ++unsupported;
    if (quoted == kMaxValuesInCorrectionFrame) continue;
    const std::string_view spelled =
        c.start <= c.end && c.end <= answer.size()
            ? answer.substr(c.start, c.end - c.start)
            : std::string_view(c.canonical);
    absl::StrAppend(&frame, quoted == 0 ? " \"" : ", \"",
                    base::ClipUtf8(spelled, kMaxValueBytesInCorrectionFrame),
                    "\"");
    // Where to look: the result that carried the closest value.
    if (!c.near_miss_carrier.empty()) {
      absl::StrAppend(
          &frame, " (compare the result of ",
          base::ClipUtf8(c.near_miss_carrier, kMaxValueBytesInCorrectionFrame),
          ")");
    }
    ++quoted;
  }
  if (unsupported > quoted) {
    absl::StrAppend(&frame, ", and ", unsupported - quoted, " more");
  }
  return frame;
}

absl::Status RefusalStatus(std::string_view answer, const Verdict& verdict,
                           bool revision_tried) {
  nlohmann::ordered_json payload;
  payload["schema"] = "groundgate.refusal/1";
  payload["revision_tried"] = revision_tried;
  nlohmann::ordered_json values = nlohmann::ordered_json::array();
  std::size_t unsupported = 0;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kUnsupported) continue;
    if (++unsupported > kMaxValuesInRefusal) continue;
    nlohmann::ordered_json entry;
    const std::string_view spelled =
        c.start <= c.end && c.end <= answer.size()
            ? answer.substr(c.start, c.end - c.start)
            : std::string_view(c.canonical);
    entry["value"] = base::ClipUtf8(spelled, kMaxValueBytesInRefusal);
    entry["canonical"] = base::ClipUtf8(c.canonical, kMaxValueBytesInRefusal);
    entry["shape"] = c.shape;
    entry["start"] = c.start;
    entry["end"] = c.end;
    values.push_back(std::move(entry));
  }
  payload["unsupported"] = std::move(values);
  const std::size_t more =
      unsupported > kMaxValuesInRefusal ? unsupported - kMaxValuesInRefusal : 0;
  payload["more"] = more;

  absl::Status status = absl::FailedPreconditionError(absl::StrCat(
      "groundgate refused the answer: ", unsupported,
      unsupported == 1 ? " value appears" : " values appear",
      " in no tool result",
      revision_tried ? " after one revision" : " (no revision was possible)"));
  status.SetPayload(
      base::AbslView(kRefusalTypeUrl),
      absl::Cord(payload.dump(-1, ' ', false,
                              nlohmann::json::error_handler_t::replace)));
  return status;
}

}  // namespace groundgate::stages

namespace groundgate {

std::optional<Refusal> ReadRefusal(const absl::Status& status) {
  if (status.ok()) return std::nullopt;
  const auto payload = status.GetPayload(base::AbslView(kRefusalTypeUrl));
  if (!payload.has_value()) return std::nullopt;
  const nlohmann::json json = nlohmann::json::parse(
      std::string(*payload), nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return std::nullopt;
  const auto values = json.find("unsupported");
  const auto tried = json.find("revision_tried");
  if (values == json.end() || !values->is_array() || tried == json.end() ||
      !tried->is_boolean()) {
    return std::nullopt;
  }
  Refusal refusal;
  refusal.revision_tried = tried->get<bool>();
  if (const auto more = json.find("more");
      more != json.end() && more->is_number_unsigned()) {
    refusal.more = more->get<std::size_t>();
  }
  for (const nlohmann::json& entry : *values) {
    if (!entry.is_object()) return std::nullopt;
    RefusedValue value;
    const auto read_string = [&](const char* key, std::string* out) {
      const auto it = entry.find(key);
      if (it == entry.end() || !it->is_string()) return false;
      *out = it->get<std::string>();
      return true;
    };
    const auto read_offset = [&](const char* key, std::size_t* out) {
      const auto it = entry.find(key);
      if (it == entry.end() || !it->is_number_unsigned()) return false;
      *out = it->get<std::size_t>();
      return true;
    };
    if (!read_string("value", &value.value) ||
        !read_string("canonical", &value.canonical) ||
        !read_string("shape", &value.shape) ||
        !read_offset("start", &value.start) ||
        !read_offset("end", &value.end)) {
      return std::nullopt;
    }
    refusal.unsupported.push_back(std::move(value));
  }
  return refusal;
}

bool IsRefusal(const absl::Status& status) {
  return ReadRefusal(status).has_value();
}

}  // namespace groundgate
