// stages/judge.cc — extraction, lookup and the verdict's bookkeeping.
//
// A pre-pass at each token reads a date or clock time that may span several
// tokens (`May 22, 2024`, `2:00 PM`) as ONE candidate, so the year or day
// inside it is never a candidate of its own. Such a value is grounded by its
// own spelling first (exact or canonical), else through its date and time
// keys (respelled_date, respelled_time).
#include "stages/judge.h"

#include <algorithm>
#include <deque>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "evidence/canonical.h"
#include "evidence/tokenizer.h"
#include "findings/answer_carriers.h"
#include "groundgate/gate.h"

namespace groundgate::stages {
namespace {

// The verdict being built and what its carriers need.
struct JudgeState {
  Verdict* verdict;
  const std::vector<RecordedResult>* results;
  std::vector<findings::CarriedValue>* carried_this_turn;
  // Carrier lists merged from two keys (a date and its time); a deque so
  // the spans handed to carried_this_turn stay valid.
  std::deque<std::vector<std::uint32_t>>* merged;
};

// Marks `candidate` grounded by `found` (every key it needed, each carried)
// and books its carriers. A value needing two keys is this turn's only when
// both were carried this turn; its carriers are the union.
void Ground(std::span<const Evidence> found, MatchReason reason,
            Candidate* candidate, JudgeState* state) {
  candidate->status = CandidateStatus::kGrounded;
  candidate->reason = reason;
  const bool this_turn =
      std::all_of(found.begin(), found.end(),
                  [](const Evidence& e) { return e.carried_this_turn; });
  if (!this_turn) {
    candidate->grounding = Grounding::kPriorTurn;
    ++state->verdict->grounding.prior_turns;
    return;
  }
  candidate->grounding = Grounding::kThisTurn;
  std::span<const std::uint32_t> slots = found.front().carriers;
  bool cut = found.front().carriers_cut;
  if (found.size() > 1) {
    std::vector<std::uint32_t>& merged = state->merged->emplace_back();
    for (const Evidence& e : found) {
      merged.insert(merged.end(), e.carriers.begin(), e.carriers.end());
      cut |= e.carriers_cut;
    }
    std::sort(merged.begin(), merged.end());
    merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
    if (merged.size() > kMaxCarriers) {
      merged.resize(kMaxCarriers);
      cut = true;
    }
    slots = merged;
  }
  candidate->carriers_cut = cut;
  for (const std::uint32_t slot : slots) {
    if (slot < state->results->size()) {
      candidate->carriers.push_back((*state->results)[slot].tool_call_id);
    }
  }
  state->carried_this_turn->push_back({slots, cut});
  ++state->verdict->grounding.this_turn;
}

// A date or time: its own spelling first, then its date and time keys.
void JudgeDateTime(std::string_view answer, const evidence::DateTimeValue& when,
                   bool declared_exempt, const EvidenceCorpus& corpus,
                   Candidate* candidate, JudgeState* state) {
  const evidence::CanonicalForm spelled =
      evidence::Canonicalize(answer.substr(when.start, when.end - when.start));
  const MatchReason respelled =
      when.kind == evidence::DateTimeValue::Kind::kTime
          ? MatchReason::kRespelledTime
          : MatchReason::kRespelledDate;
  if (declared_exempt) {
    candidate->status = CandidateStatus::kExempt;
    candidate->reason = MatchReason::kDeclaredExemption;
    return;
  }
  if (const Evidence evidence = corpus.Lookup(spelled.form); evidence.carried) {
    Ground(std::span<const Evidence>(&evidence, 1),
           !spelled.changed && evidence.exact_spelling_seen
               ? MatchReason::kExact
               : MatchReason::kCanonical,
           candidate, state);
    return;
  }
  const absl::InlinedVector<std::string, 2> keys =
      evidence::DateTimeLookupKeys(when);
  absl::InlinedVector<Evidence, 2> found;
  bool all_carried = true;
  for (const std::string& key : keys) {
    found.push_back(corpus.Lookup(key));
    all_carried &= found.back().carried;
  }
  if (all_carried) {
    Ground(found, respelled, candidate, state);
    return;
  }
  if (corpus.IsExempt(spelled.form)) {
    candidate->status = CandidateStatus::kExempt;
    candidate->reason =
        spelled.changed ? MatchReason::kCanonical : MatchReason::kExact;
    return;
  }
  // Exempt when each key was supplied by the user or the app (or carried).
  bool all_known = true;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    all_known &= found[i].carried || corpus.IsExempt(keys[i]);
  }
  if (all_known) {
    candidate->status = CandidateStatus::kExempt;
    candidate->reason = respelled;
    return;
  }
  // Law 5: with a partial corpus, "not found" accuses no one.
  candidate->status = state->verdict->evidence_truncated
                          ? CandidateStatus::kUnverified
                          : CandidateStatus::kUnsupported;
}

}  // namespace

Verdict JudgeAnswer(std::string_view answer, const EvidenceCorpus& corpus,
                    const evidence::Extractor& extractor) {
  Verdict verdict;
  verdict.evidence_truncated = corpus.truncated();
  // Distinct values by lookup key -> index in verdict.candidates. Output
  // order is the candidates vector (answer order), never this map's.
  absl::flat_hash_map<std::string, std::size_t> seen;
  std::vector<findings::CarriedValue> carried_this_turn;
  std::deque<std::vector<std::uint32_t>> merged;
  const std::vector<RecordedResult>& results = corpus.results();
  JudgeState state{&verdict, &results, &carried_this_turn, &merged};
  std::size_t tokens = 0;
  // The end of the last date or time read: its later tokens are part of it.
  std::size_t date_until = 0;

  evidence::ForEachToken(answer, [&](evidence::TokenSpan span) {
    if (++tokens > kMaxAnswerTokens) {
      verdict.answer_truncated = true;
      return false;
    }
    if (span.start < date_until) return true;
    const std::string_view token =
        answer.substr(span.start, span.end - span.start);

    if (const std::optional<evidence::DateTimeValue> when =
            evidence::MatchDateTime(answer, span)) {
      // A shape the application declared for this token still wins.
      std::optional<evidence::ExtractedValue> single;
      if (when->tokens == 1) single = extractor.Classify(token);
      const bool declared_shape = single.has_value() &&
                                  single->shape != evidence::kShapeNumber &&
                                  single->shape != evidence::kShapeIdentifier;
      if (!declared_shape) {
        date_until = when->end;
        const std::string key =
            absl::StrJoin(evidence::DateTimeLookupKeys(*when), " ");
        auto [it, inserted] = seen.try_emplace(key, verdict.candidates.size());
        if (!inserted) {
          ++verdict.candidates[it->second].occurrences;
          return true;
        }
        Candidate candidate;
        candidate.start = when->start;
        candidate.end = when->end;
        candidate.shape = std::string(evidence::DateTimeShape(*when));
        candidate.canonical = evidence::DateTimeCanonical(*when);
        JudgeDateTime(answer, *when,
                      single.has_value() && single->declared_exempt, corpus,
                      &candidate, &state);
        if (candidate.status != CandidateStatus::kExempt) ++verdict.looked_up;
        verdict.candidates.push_back(std::move(candidate));
        return true;
      }
    }

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
      // Exact when both sides spelled it alike. A hex value is looked up by
      // its bare digits; whether a result wrote it the answer's way (with
      // or without "0x") is asked of the answer's own spelling.
      const bool evidence_spelled_alike =
          value->key == candidate.canonical
              ? evidence.exact_spelling_seen
              : corpus.Lookup(candidate.canonical).exact_spelling_seen;
      Ground(std::span<const Evidence>(&evidence, 1),
             spelled_canonically && evidence_spelled_alike
                 ? MatchReason::kExact
                 : MatchReason::kCanonical,
             &candidate, &state);
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
