// groundgate/verdict.h — what the gate concluded about one answer.
//
// Its one job: hold a judgement as plain data. Gate::Judge fills it; the
// application (or the runtime's route and emit stages) reads it. A Verdict
// holds the answer's values themselves (canonical forms): it is the
// application's own data. Events built from it carry no value unless the
// application opts in (law 8); see VerdictToJson.
//
// A verdict says whether each value was READ from a tool result, not whether
// the answer is true: "port fc1/3 is healthy" when the data says it is down
// uses only grounded values and passes. groundgate is a fabrication
// detector, not a correctness judge.
#ifndef GROUNDGATE_VERDICT_H_
#define GROUNDGATE_VERDICT_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate {

enum class CandidateStatus {
  kGrounded,     // a tool result of this conversation carried it
  kExempt,       // the user or the application supplied it
  kUnsupported,  // no tool result carried it: it was typed, not read
  kUnverified,   // not found, but the corpus was truncated (law 5)
};

// Why a value counted as read (or exempt). kNone for unsupported/unverified.
enum class MatchReason {
  kNone,
  kExact,      // the answer spelled it as the canonical form
  kCanonical,  // one canonical form joined two spellings (41,200 vs 41200)
  kDeclaredExemption,  // GateOptions exempted it
  // A date ("May 22, 2024", the date of "2024-05-22T10:00:00") met a
  // carried date through its date key, not through its own spelling.
  kRespelledDate,
  // A clock time ("2:00 PM", "14:00") met a carried time ("14:00:00", the
  // time of a timestamp) through its time key.
  kRespelledTime,
};

enum class Grounding {
  kNone,
  kThisTurn,   // a result of the current user turn carried it
  kPriorTurn,  // only results of earlier user turns did (law 7)
};

struct Candidate {
  std::size_t start = 0;  // byte offsets of the first occurrence in the
  std::size_t end = 0;    // UTF-8 answer: [start, end)
  // "number", "identifier", "date", "time", "datetime" or a declared shape
  std::string shape;
  std::string canonical;  // the value's canonical form
  CandidateStatus status = CandidateStatus::kUnsupported;
  MatchReason reason = MatchReason::kNone;
  Grounding grounding = Grounding::kNone;
  // This turn's tool-call ids that carried the value, in wire order, each
  // once, at most kMaxCarriers; carriers_cut when more carried it (law 6).
  std::vector<std::string> carriers;
  bool carriers_cut = false;
  int occurrences = 1;  // how often the answer used the value
};

// One tool result of this turn that the answer's values were read from.
struct AnswerCarrier {
  std::string tool_call_id;
  std::string tool_name;
  int values = 0;  // distinct answer values this result carried
  int only = 0;    // of those, how many no other result of this turn carried
};

struct GroundingSplit {
  int this_turn = 0;    // grounded values a result of this turn carried
  int prior_turns = 0;  // grounded values only earlier turns carried
};

struct Verdict {
  // Candidates in answer order, one per distinct value.
  std::vector<Candidate> candidates;
  int looked_up = 0;                // candidates minus the exempt ones
  bool evidence_truncated = false;  // the corpus hit its ceiling (law 5)
  // The answer had more than kMaxAnswerTokens tokens; the rest was not
  // examined. A flag, never a silent cut (law 10).
  bool answer_truncated = false;
  GroundingSplit grounding;
  // Which of this turn's results the answer's values were read from, in the
  // order the corpus first recorded each result. std::nullopt when the
  // corpus was truncated or any involved carrier list was cut (law 6); empty
  // when nothing was grounded this turn.
  std::optional<std::vector<AnswerCarrier>> answer_carriers;

  [[nodiscard]] int unsupported() const;  // count of kUnsupported
  [[nodiscard]] int unverified() const;   // count of kUnverified
  // True when some value was typed, not read (and the corpus was whole).
  [[nodiscard]] bool flagged() const { return unsupported() > 0; }
};

std::string_view StatusName(CandidateStatus status);  // "grounded", ...
std::string_view ReasonName(MatchReason reason);      // "exact", ...
std::string_view GroundingName(Grounding grounding);  // "this_turn", ...

// The verdict's action word: "unverified" when the evidence was truncated,
// else "flagged" when a value is unsupported, else "grounded".
std::string_view VerdictAction(const Verdict& verdict);

}  // namespace groundgate

#endif  // GROUNDGATE_VERDICT_H_
