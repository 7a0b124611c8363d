// stages/answer_carriers.cc — counting carriers per result, in wire order.
#include "stages/answer_carriers.h"

namespace groundgate::stages {

std::optional<std::vector<AnswerCarrier>> ComputeAnswerCarriers(
    std::span<const CarriedValue> values,
    const std::vector<RecordedResult>& results, bool corpus_truncated) {
  if (corpus_truncated) return std::nullopt;
  std::vector<int> carried(results.size(), 0);
  std::vector<int> only(results.size(), 0);
  for (const CarriedValue& value : values) {
    if (value.cut) return std::nullopt;  // law 6: the whole list or none
    for (const std::uint32_t slot : value.slots) {
      if (slot >= results.size()) continue;  // cannot happen: same corpus
      ++carried[slot];
      if (value.slots.size() == 1) ++only[slot];
    }
  }
  std::vector<AnswerCarrier> carriers;
  for (std::size_t slot = 0; slot < results.size(); ++slot) {
    if (carried[slot] == 0) continue;
    carriers.push_back(AnswerCarrier{results[slot].tool_call_id,
                                     results[slot].tool_name, carried[slot],
                                     only[slot]});
  }
  return carriers;
}

}  // namespace groundgate::stages
