// findings/cited_nothing.h — the results the answer cited nothing from.
//
// Its one job: list this turn's tool results that carried none of the
// answer's values, in wire order. The wording is deliberate: such a result
// is not "unused" — an answer can rest on a result without quoting a value
// from it ("no errors in the log").
//
// What it does NOT do: guess. When answer_carriers cannot be known whole
// (law 6), neither can this list: it is std::nullopt.
#ifndef GROUNDGATE_FINDINGS_CITED_NOTHING_H_
#define GROUNDGATE_FINDINGS_CITED_NOTHING_H_

#include <optional>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/findings.h"
#include "groundgate/verdict.h"

namespace groundgate::findings {

std::optional<std::vector<ResultCitedNothingFrom>> ResultsCitedNothingFrom(
    const Verdict& verdict, const EvidenceCorpus& corpus);

}  // namespace groundgate::findings

#endif  // GROUNDGATE_FINDINGS_CITED_NOTHING_H_
