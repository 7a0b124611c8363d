// stages/judge.cc — extraction, lookup and the verdict's bookkeeping.
#include "stages/judge.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "evidence/canonical.h"
#include "evidence/tokenizer.h"
#include "findings/answer_carriers.h"
#include "groundgate/gate.h"

namespace groundgate::stages {

Verdict JudgeAnswer(std::string_view answer, const EvidenceCorpus& corpus,
                    const evidence::Extractor& extractor) {
  Verdict verdict;
  verdict.evidence_truncated = corpus.truncated();
  // Distinct values by lookup key -> index in verdict.candidates. Output
  // order is the candidates vector (answer order), never this map's.
  absl::flat_hash_map<std::string, std::size_t> seen;
  std::vector<findings::CarriedValue> carried_this_turn;
  const std::vector<RecordedResult>& results = corpus.results();
  std::size_t tokens = 0;

  evidence::ForEachToken(answer, [&](evidence::TokenSpan span) {
    if (++tokens > kMaxAnswerTokens) {
      verdict.answer_truncated = true;
      return false;
    }
    const std::string_view token =
        answer.substr(span.start, span.end - span.start);
    std::optional<evidence::ExtractedValue> value = extractor.Classify(token);
    if (!value.has_value()) return true;
    auto [it, inserted] =
        seen.try_emplace(value->key, verdict.candidates.size());
    if (!inserted) {
      ++verdict.candidates[it->second].occurrences;
      return true;
    }
    Candidate candidate;
    // The span covers the value, not the decoration around it: "CHG0031337"
    // in "(CHG0031337)." and "1,234.50" in "$1,234.50".
    const std::string_view value_text = evidence::StripDecoration(token);
    candidate.start =
        span.start + static_cast<std::size_t>(value_text.data() - token.data());
    candidate.end = candidate.start + value_text.size();
    candidate.shape = std::move(value->shape);
    candidate.canonical = std::move(value->canonical);
    const bool spelled_canonically = !value->changed;

    if (value->declared_exempt) {
      candidate.status = CandidateStatus::kExempt;
      candidate.reason = MatchReason::kDeclaredExemption;
    } else if (const Evidence evidence = corpus.Lookup(value->key);
               evidence.carried) {
      candidate.status = CandidateStatus::kGrounded;
      // Exact when both sides spelled it alike. A hex value is looked up by
      // its bare digits; whether a result wrote it the answer's way (with
      // or without "0x") is asked of the answer's own spelling.
      const bool evidence_spelled_alike =
          value->key == candidate.canonical
              ? evidence.exact_spelling_seen
              : corpus.Lookup(candidate.canonical).exact_spelling_seen;
      candidate.reason = spelled_canonically && evidence_spelled_alike
                             ? MatchReason::kExact
                             : MatchReason::kCanonical;
      if (evidence.carried_this_turn) {
        candidate.grounding = Grounding::kThisTurn;
        candidate.carriers_cut = evidence.carriers_cut;
        for (const std::uint32_t slot : evidence.carriers) {
          if (slot < results.size()) {
            candidate.carriers.push_back(results[slot].tool_call_id);
          }
        }
        carried_this_turn.push_back({evidence.carriers, evidence.carriers_cut});
        ++verdict.grounding.this_turn;
      } else {
        candidate.grounding = Grounding::kPriorTurn;
        ++verdict.grounding.prior_turns;
      }
    } else if (corpus.IsExempt(value->key)) {
      candidate.status = CandidateStatus::kExempt;
      candidate.reason =
          spelled_canonically ? MatchReason::kExact : MatchReason::kCanonical;
    } else {
      // Law 5: with a partial corpus, "not found" accuses no one.
      candidate.status = verdict.evidence_truncated
                             ? CandidateStatus::kUnverified
                             : CandidateStatus::kUnsupported;
    }
    if (candidate.status != CandidateStatus::kExempt) ++verdict.looked_up;
    verdict.candidates.push_back(std::move(candidate));
    return true;
  });

  verdict.answer_carriers = findings::ComputeAnswerCarriers(
      carried_this_turn, results, verdict.evidence_truncated);
  return verdict;
}

}  // namespace groundgate::stages
