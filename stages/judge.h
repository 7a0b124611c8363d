// stages/judge.h — the judge's ladder: answer + corpus -> Verdict.
//
// Its one job: walk the answer's tokens, keep the candidates the extractor
// accepts (one per distinct value, in answer order), look each one up, and
// assemble the Verdict with its counts and answer_carriers. Gate::Judge is
// a thin wrapper over this. The readers are stages/read_*.cc, the rungs of
// the lookup ladder stages/rung_*.cc (stages/README.md maps each reason
// code to its rung); stages/judge.cc says in which order they are tried.
//
// What it does NOT do: decide what happens next (route), emit events, or
// mutate the corpus.
#ifndef GROUNDGATE_STAGES_JUDGE_H_
#define GROUNDGATE_STAGES_JUDGE_H_

#include <string_view>

#include "evidence/extractor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"

namespace groundgate::stages {

// The verdict on `answer`: each candidate the readers find climbs the rungs
// until one grounds or exempts it, or it is unsupported. Gate::Judge is this
// with the Gate's compiled extractor and options. Never fails; keeps no
// reference to its arguments.
Verdict ClimbLadder(std::string_view answer, const EvidenceCorpus& corpus,
                    const evidence::Extractor& extractor,
                    const GateOptions& options);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_JUDGE_H_
