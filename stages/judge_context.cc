// stages/judge_context.cc — the bookkeeping every rung of the judge shares:
// new candidates, grounding with its carriers, conflicts and counts.
//
// What it does NOT do: look a value up under any key but the one a rung
// hands it.
#include "stages/judge_context.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/container/inlined_vector.h"

namespace groundgate::stages {
namespace {

// How a match was made, in the answer's terms: "1679 + 1859".
std::string Derivation(const evidence::NumericMatch& match) {
  std::string out;
  const auto& ops = match.operands;
  auto operand = [&](std::size_t i) -> std::string_view {
    return i < ops.size() ? std::string_view(ops[i].value) : "?";
  };
  switch (match.op) {
    case evidence::NumericOp::kRounded:
      out.append("~ ").append(operand(0));
      break;
    case evidence::NumericOp::kSum:
      for (std::size_t i = 0; i < ops.size(); ++i) {
        if (i > 0) out.append(" + ");
        out.append(ops[i].value);
      }
      break;
    case evidence::NumericOp::kDifference:
      out.append(operand(0)).append(" - ").append(operand(1));
      break;
    case evidence::NumericOp::kProduct:
      out.append(operand(0)).append(" * ").append(operand(1));
      break;
    case evidence::NumericOp::kPercentOf:
      out.append(operand(0)).append("% of ").append(operand(1));
      break;
    case evidence::NumericOp::kConverted:
      out.append(operand(0));
      break;
  }
  return out;
}

}  // namespace

JudgeContext::JudgeContext(std::string_view answer,
                           const EvidenceCorpus& corpus,
                           const evidence::Extractor& extractor,
                           const GateOptions& options, bool read_names,
                           bool read_number_words)
    : answer(answer),
      corpus(corpus),
      extractor(extractor),
      options(options),
      read_names(read_names),
      read_number_words(read_number_words),
      results(corpus.results()) {
  verdict.evidence_truncated = corpus.truncated();
  verdict.candidates.reserve(kExpectedCandidates);
}

Candidate* JudgeContext::NewCandidate(const std::string& identity) {
  auto [it, inserted] = seen.try_emplace(identity, verdict.candidates.size());
  if (!inserted) {
    ++verdict.candidates[it->second].occurrences;
    return nullptr;
  }
  return &verdict.candidates.emplace_back();
}

void JudgeContext::Finish(Candidate* candidate, std::string_view key) {
  if (candidate->status == CandidateStatus::kGrounded) {
    for (const ConflictingPlace& place : corpus.ConflictsOf(key)) {
      if (place.carrier >= results.size() ||
          place.other_carrier >= results.size()) {
        continue;
      }
      verdict.conflicts.push_back(
          {static_cast<std::size_t>(candidate - verdict.candidates.data()),
           place.key, results[place.carrier].tool_call_id,
           results[place.other_carrier].tool_call_id});
      break;  // one disagreement per value is enough to say where to look
    }
  }
  if (candidate->status != CandidateStatus::kExempt) ++verdict.looked_up;
}

void JudgeContext::Ground(std::span<const Evidence> found, MatchReason reason,
                          Candidate* candidate) {
  candidate->status = CandidateStatus::kGrounded;
  candidate->reason = reason;
  const bool this_turn =
      std::all_of(found.begin(), found.end(),
                  [](const Evidence& e) { return e.carried_this_turn; });
  if (!this_turn) {
    candidate->grounding = Grounding::kPriorTurn;
    ++verdict.grounding.prior_turns;
    return;
  }
  candidate->grounding = Grounding::kThisTurn;
  std::span<const std::uint32_t> slots = found.front().carriers;
  bool cut = found.front().carriers_cut;
  if (found.size() > 1) {
    std::vector<std::uint32_t>& union_of_slots = merged.emplace_back();
    for (const Evidence& e : found) {
      union_of_slots.insert(union_of_slots.end(), e.carriers.begin(),
                            e.carriers.end());
      cut |= e.carriers_cut;
    }
    std::sort(union_of_slots.begin(), union_of_slots.end());
    union_of_slots.erase(
        std::unique(union_of_slots.begin(), union_of_slots.end()),
        union_of_slots.end());
    if (union_of_slots.size() > kMaxCarriers) {
      union_of_slots.resize(kMaxCarriers);
      cut = true;
    }
    slots = union_of_slots;
  }
  candidate->carriers_cut = cut;
  for (const std::uint32_t slot : slots) {
    if (slot < results.size()) {
      candidate->carriers.push_back(results[slot].tool_call_id);
    }
  }
  carried_this_turn.push_back({slots, cut});
  ++verdict.grounding.this_turn;
}

bool JudgeContext::GroundByKey(std::string_view key, MatchReason reason,
                               Candidate* candidate) {
  const Evidence evidence = corpus.Lookup(key);
  if (!evidence.carried) return false;
  Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
  return true;
}

bool JudgeContext::GroundByKeys(std::span<const std::string> keys,
                                MatchReason reason, Candidate* candidate) {
  if (keys.empty()) return false;
  absl::InlinedVector<Evidence, 2> found;
  for (const std::string& key : keys) {
    found.push_back(corpus.Lookup(key));
    if (!found.back().carried) return false;
  }
  Ground(found, reason, candidate);
  return true;
}

void JudgeContext::GroundByMatch(const evidence::NumericMatch& match,
                                 MatchReason reason, Candidate* candidate) {
  std::vector<std::uint32_t>& slots = merged.emplace_back();
  for (const evidence::NumericOperand& operand : match.operands) {
    slots.insert(slots.end(), operand.slots.begin(), operand.slots.end());
  }
  std::sort(slots.begin(), slots.end());
  slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
  std::erase(slots, kSuppliedSlot);
  if (slots.empty()) {
    // No operand was carried by any result: a computation the answer wrote
    // over its own numbers ("1234 + 5678 = 6912"). Grounded as written, but
    // no result of this turn or an earlier one carried it, so it names no
    // turn (law 7; it was this turn's, even in a turn with no results).
    candidate->status = CandidateStatus::kGrounded;
    candidate->reason = reason;
    candidate->derivation = Derivation(match);
    return;
  }
  Evidence evidence;
  evidence.carried = true;
  // An operand read in an earlier user turn makes the value that turn's.
  evidence.carried_this_turn = slots.back() < evidence::kFirstEarlierSlot;
  if (!evidence.carried_this_turn) slots.clear();
  evidence.carriers_cut = slots.size() > kMaxCarriers;
  if (evidence.carriers_cut) slots.resize(kMaxCarriers);
  evidence.carriers = slots;
  candidate->derivation = Derivation(match);
  Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
}

void JudgeContext::SetNearMiss(std::string value, const Evidence& evidence,
                               Candidate* candidate) const {
  candidate->near_miss = std::move(value);
  if (!evidence.carriers.empty() &&
      evidence.carriers.front() < results.size()) {
    candidate->near_miss_carrier =
        results[evidence.carriers.front()].tool_call_id;
  }
}

bool IsCallName(std::string_view answer, std::size_t end) {
  const std::string_view after = answer.substr(std::min(end, answer.size()));
  return after.starts_with("(") || after.starts_with(" API") ||
         after.starts_with(" api") || after.starts_with(" tool") ||
         after.starts_with(" function");
}

bool LooksLikeCallName(std::string_view text) {
  if (text.empty() || text.size() > kMaxCallNameBytes) return false;
  auto letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  if (!letter(text.front())) return false;
  return std::all_of(text.begin(), text.end(), [&](char c) {
    return letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '.';
  });
}

}  // namespace groundgate::stages
