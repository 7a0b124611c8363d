// findings/findings.cc — ComputeFindings: the three findings of one judged
// answer, each from its own file.
#include "groundgate/findings.h"

#include "findings/cited_nothing.h"
#include "findings/contingent.h"
#include "findings/tool_tally.h"

namespace groundgate {

Findings ComputeFindings(const Verdict& verdict, const EvidenceCorpus& corpus,
                         const FindingsLedger* ledger) {
  Findings out;
  out.contingent = findings::FindContingent(verdict, ledger);
  out.results_cited_nothing_from =
      findings::ResultsCitedNothingFrom(verdict, corpus);
  out.tools = findings::TallyByTool(verdict, corpus);
  return out;
}

}  // namespace groundgate
