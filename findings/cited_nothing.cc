// findings/cited_nothing.cc — results() minus answer_carriers, wire order.
#include "findings/cited_nothing.h"

#include "absl/container/flat_hash_set.h"

namespace groundgate::findings {

std::optional<std::vector<ResultCitedNothingFrom>> ResultsCitedNothingFrom(
    const Verdict& verdict, const EvidenceCorpus& corpus) {
  if (!verdict.answer_carriers.has_value()) return std::nullopt;
  absl::flat_hash_set<std::string> cited;  // membership only, never listed
  for (const AnswerCarrier& carrier : *verdict.answer_carriers) {
    cited.insert(carrier.tool_call_id);
  }
  std::vector<ResultCitedNothingFrom> out;
  for (const RecordedResult& result : corpus.results()) {
    if (!cited.contains(result.tool_call_id)) {
      out.push_back(
          ResultCitedNothingFrom{result.tool_call_id, result.tool_name});
    }
  }
  return out;
}

}  // namespace groundgate::findings
