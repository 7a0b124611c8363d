// stages/answer_carriers.h — which results the answer's values came from.
//
// Its one job: from the carrier lists of an answer's grounded values,
// compute `answer_carriers` — each of this turn's tool results that carried
// at least one of the values, how many it carried, and how many only it
// carried — or std::nullopt when that cannot be known whole (law 6).
//
// What it does NOT do: look values up or judge them (stages/judge does).
#ifndef GROUNDGATE_STAGES_ANSWER_CARRIERS_H_
#define GROUNDGATE_STAGES_ANSWER_CARRIERS_H_

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/verdict.h"

namespace groundgate::stages {

// One distinct answer value grounded this turn.
struct CarriedValue {
  std::span<const std::uint32_t> slots;  // indices into corpus.results()
  bool cut = false;                      // the carrier list was capped
};

// Returns std::nullopt when the corpus is truncated or any value's list was
// cut; otherwise the carriers in slot (wire) order, empty when `values` is.
std::optional<std::vector<AnswerCarrier>> ComputeAnswerCarriers(
    std::span<const CarriedValue> values,
    const std::vector<RecordedResult>& results, bool corpus_truncated);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_ANSWER_CARRIERS_H_
