// stages/judge_context.h — one answer's judgement in progress: what the
// readers and the rungs of stages/judge.cc share.
//
// Its one job: hold the inputs of one judgement (answer, corpus, extractor,
// options), the Verdict under construction and the bookkeeping every rung
// needs to settle a candidate: a new candidate per distinct value, grounding
// by a carried key or a numeric match (carriers booked for answer_carriers),
// exempt, not found (law 5), a near miss, and the conflicts and counts once
// a status is final.
//
// Where it sits: stages/judge.cc creates one per answer, hands it to the
// readers (read_*.cc) and climbs the rungs (rung_*.cc) with it, then takes
// the Verdict out.
//
// What it does NOT do: decide anything. Which reader reads a token, and
// which rung is tried when, is stages/judge.cc's; what a rung accepts is
// the rung's. Not thread-safe: one judgement, one thread.
#ifndef GROUNDGATE_STAGES_JUDGE_CONTEXT_H_
#define GROUNDGATE_STAGES_JUDGE_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "evidence/extractor.h"
#include "evidence/numeric_index.h"
#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "stages/answer_carriers.h"

namespace groundgate::stages {

// The shapes the judge's readers give beyond the extractor's.
inline constexpr std::string_view kShapeMoney = "money";
inline constexpr std::string_view kShapePercent = "percent";
inline constexpr std::string_view kShapeName = "name";
inline constexpr std::string_view kShapeCode = "code";

// The slot of an operand an earlier user turn carried (sorts last).
inline constexpr std::uint32_t kPriorTurnSlot = 0xFFFFFFFF;
// The slot of an operand the user or the app supplied (a shown exempt
// value): no result carried it, so it adds no carrier and names no turn.
inline constexpr std::uint32_t kSuppliedSlot = 0xFFFFFFFE;
static_assert(kPriorTurnSlot >= evidence::kFirstEarlierSlot);

// A plain struct: the readers and rungs are the judge's own parts and work
// on its fields directly; the member functions are the bookkeeping they all
// share, so that a candidate is settled the same way whatever settled it.
struct JudgeContext {
  // REQUIRES: answer, corpus, extractor and options outlive the context.
  // `read_names` and `read_number_words` say which optional readers run
  // (stages/judge.cc decides).
  JudgeContext(std::string_view answer, const EvidenceCorpus& corpus,
               const evidence::Extractor& extractor, const GateOptions& options,
               bool read_names, bool read_number_words);

  // A new candidate for `identity`, or nullptr when the answer already used
  // the value (its occurrences grow). The pointer is valid until the next
  // NewCandidate.
  Candidate* NewCandidate(const std::string& identity);

  // Bookkeeping once a candidate's status is final: a grounded value whose
  // `key` two results disagree on is a conflict; a value not exempt was
  // looked up.
  void Finish(Candidate* candidate, std::string_view key);

  // Marks `candidate` grounded by `found` (every key it needed, each
  // carried) and books its carriers. A value needing several keys is this
  // turn's only when all were carried this turn; its carriers are the union.
  void Ground(std::span<const Evidence> found, MatchReason reason,
              Candidate* candidate);

  // Grounds `candidate` when `key` is carried. Returns whether it was.
  bool GroundByKey(std::string_view key, MatchReason reason,
                   Candidate* candidate);

  // Grounds `candidate` when every key is carried (false for no keys).
  bool GroundByKeys(std::span<const std::string> keys, MatchReason reason,
                    Candidate* candidate);

  // Grounds `candidate` by the result slots a NumericIndex match named (the
  // union of its operands' slots; none when an operand was read in an
  // earlier user turn) and says how in Candidate::derivation.
  void GroundByMatch(const evidence::NumericMatch& match, MatchReason reason,
                     Candidate* candidate);

  void MarkExempt(MatchReason reason, Candidate* candidate) {
    candidate->status = CandidateStatus::kExempt;
    candidate->reason = reason;
  }

  // Law 5: with a partial corpus, "not found" accuses no one.
  void MarkNotFound(Candidate* candidate) {
    candidate->status = verdict.evidence_truncated
                            ? CandidateStatus::kUnverified
                            : CandidateStatus::kUnsupported;
  }

  // Records `value` as the near miss and its first carrier this turn (none
  // when only an earlier turn carried it).
  void SetNearMiss(std::string value, const Evidence& evidence,
                   Candidate* candidate) const;

  // The one-token rule's reading of the token at `span`, computed once
  // per token however many readers ask. The last reader of a token may
  // move from it.
  std::optional<evidence::ExtractedValue>& Classified(evidence::TokenSpan span,
                                                      std::string_view token) {
    if (classified_start != span.start) {
      classified = extractor.Classify(token);
      classified_start = span.start;
    }
    return classified;
  }

  // Room reserved for candidates up front: most answers hold fewer.
  static constexpr std::size_t kExpectedCandidates = 32;

  const std::string_view answer;
  const EvidenceCorpus& corpus;
  const evidence::Extractor& extractor;
  const GateOptions& options;
  // Names are read in English answers only: in German every noun is
  // capitalised, and a word list of another language is not at hand.
  const bool read_names;
  // Numbers in words are read only where the answer names a hundred or a
  // scale, or min_digits admits smaller ones.
  const bool read_number_words;
  const std::vector<RecordedResult>& results;
  Verdict verdict;
  // Distinct values by identity -> index in verdict.candidates. Output
  // order is the candidates vector (answer order), never this map's.
  absl::flat_hash_map<std::string, std::size_t> seen;
  std::vector<CarriedValue> carried_this_turn;
  // Carrier lists merged from several keys; a deque so the spans handed to
  // carried_this_turn stay valid.
  std::deque<std::vector<std::uint32_t>> merged;
  // The end of the last value read over several tokens: its later tokens
  // are part of it.
  std::size_t consumed_until = 0;
  // Whether the answer writes a 24-hour clock time (rung_respellings.cc
  // computes it once).
  std::optional<bool> writes_24h;
  // Classified()'s memo: the reading of the token that starts there.
  std::size_t classified_start = static_cast<std::size_t>(-1);
  std::optional<evidence::ExtractedValue> classified;
  // Numbers left for the arithmetic rung, by index in the candidates
  // (kDone once derived).
  std::vector<std::size_t> deferred;
  static constexpr std::size_t kDone = static_cast<std::size_t>(-1);
  // The clock times the answer shows, in answer order, for the durations
  // between them (stages/rung_derived_dates.h).
  struct ShownTime {
    std::size_t index = 0;  // in the candidates
    int minutes = 0;        // since midnight
    // Written as a duration may be: hours and minutes without AM/PM.
    bool unmarked = false;
    std::string time_key;  // its time's lookup key ("@time:12:30")
  };
  std::vector<ShownTime> shown_times;
};

// True when the text after `end` calls the name before it ("GetUser(",
// "the GetUserToken API"): an action the model takes, not a value it states.
bool IsCallName(std::string_view answer, std::size_t end);

// Longer than this is no tool's name.
inline constexpr std::size_t kMaxCallNameBytes = 64;

// True when `text` is shaped as code writes a function's name: a letter,
// then letters, digits, '_' and '.' ("get_webpage", "GetUserToken",
// "slack.send_message"), at most kMaxCallNameBytes; never with the '-',
// '/', '@' or ':' of an identifier of data ("ORD-1042", "a@b.com").
bool LooksLikeCallName(std::string_view text);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_JUDGE_CONTEXT_H_
