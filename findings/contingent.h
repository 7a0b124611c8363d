// findings/contingent.h — values whose every carrier was set aside.
//
// Its one job: find the answer's values that a result of this turn carried
// but whose every carrier is declared open, noise or ruled_out. One carrier
// declared fact, or one with no declaration, saves the value. A cut carrier
// list is not judged (law 6): the dropped carrier might have saved it.
//
// What it does NOT do: flag anything as unsupported (the value was read),
// or judge values grounded only in earlier turns (no carrier this turn).
#ifndef GROUNDGATE_FINDINGS_CONTINGENT_H_
#define GROUNDGATE_FINDINGS_CONTINGENT_H_

#include <vector>

#include "groundgate/findings.h"
#include "groundgate/verdict.h"

namespace groundgate::findings {

// In answer order. Empty when the verdict's evidence was truncated.
std::vector<ContingentValue> FindContingent(const Verdict& verdict,
                                            const FindingsLedger* ledger);

}  // namespace groundgate::findings

#endif  // GROUNDGATE_FINDINGS_CONTINGENT_H_
