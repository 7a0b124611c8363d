// stages/route.cc — the route step: a posture turns a verdict into deliver,
// revise or refuse.
//
// Its one job: the posture table of stages.h, the correction frame a
// revision sends, and the refusal Status rails returns. The latch (one
// revision per user turn) and the wrap-up rule are inputs: the loop keeps
// that state and passes it in.
//
// What it does NOT do: talk to the model or change the conversation; the
// loop appends the frame. It never lets a partial corpus accuse (law 5).
#include <string>

#include "absl/strings/str_cat.h"
#include "groundgate/stages.h"
#include "runtime/absl_view.h"
#include "runtime/clip.h"
#include "runtime/refusal.h"

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
      runtime::AbslView(kCorrectionFramePrefix),
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
                    runtime::ClipUtf8(spelled, kMaxValueBytesInCorrectionFrame),
                    "\"");
    // Where to look: the result that carried the closest value.
    if (!c.near_miss_carrier.empty()) {
      absl::StrAppend(&frame, " (compare the result of ",
                      runtime::ClipUtf8(c.near_miss_carrier,
                                        kMaxValueBytesInCorrectionFrame),
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
  return runtime::MakeRefusal(answer, verdict, revision_tried);
}

}  // namespace groundgate::stages
