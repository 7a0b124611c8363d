// findings/contingent.cc — the contingent rule, value by value.
#include "findings/contingent.h"

namespace groundgate::findings {

std::vector<ContingentValue> FindContingent(const Verdict& verdict,
                                            const FindingsLedger* ledger) {
  std::vector<ContingentValue> found;
  if (ledger == nullptr || ledger->size() == 0 || verdict.evidence_truncated) {
    return found;
  }
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kGrounded ||
        c.grounding != Grounding::kThisTurn || c.carriers.empty() ||
        c.carriers_cut) {
      continue;
    }
    ContingentValue value;
    bool saved = false;
    for (const std::string& carrier : c.carriers) {
      const std::optional<Standing> standing = ledger->StandingOf(carrier);
      if (!standing.has_value() || *standing == Standing::kFact) {
        saved = true;
        break;
      }
      value.carriers.push_back(CarrierStanding{carrier, *standing});
    }
    if (saved) continue;
    value.shape = c.shape;
    value.start = c.start;
    value.end = c.end;
    value.canonical = c.canonical;
    found.push_back(std::move(value));
  }
  return found;
}

}  // namespace groundgate::findings
