// findings/tool_tally.h — per tool name: what it returned and what reached
// the answer.
//
// Its one job: over this turn's results, count per tool name the results,
// the values recorded, and the distinct answer values some result of the
// tool carried, with their ratio. Tools come in the order their first
// result was recorded (law 9).
//
// What it does NOT do: rank tools or call any of them useless. When a
// carrier list involved was cut or the corpus was truncated, the carried
// count cannot be known whole (law 6) and is left empty.
#ifndef GROUNDGATE_FINDINGS_TOOL_TALLY_H_
#define GROUNDGATE_FINDINGS_TOOL_TALLY_H_

#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/findings.h"
#include "groundgate/verdict.h"

namespace groundgate::findings {

std::vector<ToolTally> TallyByTool(const Verdict& verdict,
                                   const EvidenceCorpus& corpus);

}  // namespace groundgate::findings

#endif  // GROUNDGATE_FINDINGS_TOOL_TALLY_H_
