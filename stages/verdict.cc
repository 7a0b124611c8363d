// stages/verdict.cc — the Verdict's counters and the names of its enums.
#include "groundgate/verdict.h"

#include <algorithm>

namespace groundgate {

int Verdict::unsupported() const {
  return static_cast<int>(std::count_if(
      candidates.begin(), candidates.end(), [](const Candidate& c) {
        return c.status == CandidateStatus::kUnsupported;
      }));
}

int Verdict::unverified() const {
  return static_cast<int>(std::count_if(
      candidates.begin(), candidates.end(), [](const Candidate& c) {
        return c.status == CandidateStatus::kUnverified;
      }));
}

int Verdict::misattributed() const {
  return static_cast<int>(std::count_if(
      candidates.begin(), candidates.end(), [](const Candidate& c) {
        return c.status == CandidateStatus::kMisattributed;
      }));
}

std::string_view StatusName(CandidateStatus status) {
  switch (status) {
    case CandidateStatus::kGrounded:
      return "grounded";
    case CandidateStatus::kExempt:
      return "exempt";
    case CandidateStatus::kUnsupported:
      return "unsupported";
    case CandidateStatus::kUnverified:
      return "unverified";
    case CandidateStatus::kMisattributed:
      return "misattributed";
  }
  return "unknown";
}

std::string_view ReasonName(MatchReason reason) {
  switch (reason) {
    case MatchReason::kNone:
      return "none";
    case MatchReason::kExact:
      return "exact";
    case MatchReason::kCanonical:
      return "canonical";
    case MatchReason::kDeclaredExemption:
      return "declared_exemption";
    case MatchReason::kRespelledDate:
      return "respelled_date";
    case MatchReason::kRespelledTime:
      return "respelled_time";
    case MatchReason::kRespelledNumber:
      return "respelled_number";
    case MatchReason::kRounded:
      return "rounded";
    case MatchReason::kIdentifierPart:
      return "identifier_part";
    case MatchReason::kSignDropped:
      return "sign_dropped";
    case MatchReason::kDerivedSum:
      return "derived_sum";
    case MatchReason::kDerivedDifference:
      return "derived_difference";
    case MatchReason::kDerivedProduct:
      return "derived_product";
    case MatchReason::kDerivedPercent:
      return "derived_percent";
    case MatchReason::kNameWords:
      return "name_words";
    case MatchReason::kConverted:
      return "converted";
    case MatchReason::kDerivedDate:
      return "derived_date";
    case MatchReason::kRespelledName:
      return "respelled_name";
    case MatchReason::kCounted:
      return "counted";
  }
  return "unknown";
}

std::string_view GroundingName(Grounding grounding) {
  switch (grounding) {
    case Grounding::kNone:
      return "none";
    case Grounding::kThisTurn:
      return "this_turn";
    case Grounding::kPriorTurn:
      return "prior_turn";
  }
  return "unknown";
}

std::string_view VerdictAction(const Verdict& verdict) {
  if (verdict.evidence_truncated) return "unverified";
  return verdict.flagged() ? "flagged" : "grounded";
}

}  // namespace groundgate
