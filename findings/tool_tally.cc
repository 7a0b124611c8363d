// findings/tool_tally.cc — counting per tool name in wire order.
#include "findings/tool_tally.h"

#include "absl/container/flat_hash_map.h"

namespace groundgate::findings {

std::vector<ToolTally> TallyByTool(const Verdict& verdict,
                                   const EvidenceCorpus& corpus) {
  std::vector<ToolTally> tallies;
  // Lookups only; the output order is `tallies`, built in wire order.
  absl::flat_hash_map<std::string, std::size_t> tool_index;
  absl::flat_hash_map<std::string, std::size_t> result_tool;  // id -> tally
  for (const RecordedResult& result : corpus.results()) {
    auto [it, inserted] =
        tool_index.try_emplace(result.tool_name, tallies.size());
    if (inserted) {
      ToolTally tally;
      tally.tool_name = result.tool_name;
      tallies.push_back(std::move(tally));
    }
    ToolTally& tally = tallies[it->second];
    ++tally.results;
    tally.values_recorded += result.values_recorded;
    result_tool.try_emplace(result.tool_call_id, it->second);
  }

  bool whole = !verdict.evidence_truncated;
  std::vector<int> carried(tallies.size(), 0);
  std::vector<char> seen_here(tallies.size(), 0);
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kGrounded ||
        c.grounding != Grounding::kThisTurn) {
      continue;
    }
    if (c.carriers_cut) whole = false;
    // A value counts once per tool, however many of its results carried it.
    std::fill(seen_here.begin(), seen_here.end(), 0);
    for (const std::string& carrier : c.carriers) {
      const auto it = result_tool.find(carrier);
      if (it == result_tool.end() || seen_here[it->second]) continue;
      seen_here[it->second] = 1;
      ++carried[it->second];
    }
  }
  if (!whole) return tallies;
  for (std::size_t i = 0; i < tallies.size(); ++i) {
    tallies[i].values_carried = carried[i];
    tallies[i].ratio =
        tallies[i].values_recorded == 0
            ? 0.0
            : static_cast<double>(carried[i]) /
                  static_cast<double>(tallies[i].values_recorded);
  }
  return tallies;
}

}  // namespace groundgate::findings
