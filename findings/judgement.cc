// findings/judgement.cc — the judge step as a loop calls it: answer ->
// verdict + findings.
//
// Its one job: skip an empty answer (nothing to judge), else call
// Gate::Judge and ComputeFindings. The extraction and lookup themselves are
// stages/judge.cc's, behind Gate::Judge.
//
// What it does NOT do: route or emit.
#include "absl/strings/ascii.h"
#include "groundgate/stages.h"

namespace groundgate::stages {

Judgement MakeJudgement(const Gate& gate, std::string_view answer,
                        const EvidenceCorpus& corpus,
                        const FindingsLedger* ledger) {
  Judgement judgement;
  const absl::string_view stripped = absl::StripAsciiWhitespace(
      absl::string_view(answer.data(), answer.size()));
  if (stripped.empty()) return judgement;
  judgement.judged = true;
  judgement.verdict = gate.Judge(answer, corpus);
  judgement.findings = ComputeFindings(judgement.verdict, corpus, ledger);
  return judgement;
}

}  // namespace groundgate::stages
