// groundgate/findings.h — what follows from a judged answer.
//
// Its one job: from a Verdict, the conversation's EvidenceCorpus and the
// FindingsLedger, work out three findings:
//   - contingent values: values the answer used whose every carrier this
//     turn was set aside (declared open, noise or ruled_out);
//   - the results the answer cited nothing from: this turn's tool results
//     that carried none of the answer's values;
//   - per tool name: results, values recorded, values the answer carried,
//     and their ratio.
// It sits after the judge step of the data flow (stages::MakeJudgement computes
// it); the emit step reports contingent values as a contingent_found event.
//
// What it does NOT do: judge values (the Gate does), or decide anything. A
// result the answer cited nothing from is not "unused": an answer can rest on
// a result without quoting any of its values (a "no errors" log, an empty
// search). A contingent value is not unsupported: it was read.
//
//   groundgate::FindingsLedger ledger;
//   ledger.Declare("call_2", groundgate::Standing::kRuledOut);
//   groundgate::Verdict verdict = gate.Judge(answer, corpus);
//   groundgate::Findings found =
//       groundgate::ComputeFindings(verdict, corpus, &ledger);
//   for (const groundgate::ContingentValue& v : found.contingent) { ... }
//
// Thread safety: FindingsLedger is one conversation's state, not safe for
// concurrent mutation; const methods may run concurrently. ComputeFindings is
// a pure function.
#ifndef GROUNDGATE_FINDINGS_H_
#define GROUNDGATE_FINDINGS_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/export.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// The standing of one tool result, declared by the application or by the
// model (through the Agent's built-in standing tool).
enum class Standing {
  kFact,      // the result is taken as established
  kOpen,      // not yet confirmed: a lead, a hypothesis
  kNoise,     // irrelevant to the question
  kRuledOut,  // checked and excluded
};

std::string_view StandingName(Standing standing);  // "fact", "ruled_out", ...
// The Standing named by "fact", "open", "noise" or "ruled_out"; nullopt for
// anything else.
std::optional<Standing> ParseStanding(std::string_view name);

// Declared standings by tool-call id. The last declaration for an id wins.
class FindingsLedger {
 public:
  FindingsLedger();
  ~FindingsLedger();
  FindingsLedger(FindingsLedger&&) noexcept;
  FindingsLedger& operator=(FindingsLedger&&) noexcept;
  FindingsLedger(const FindingsLedger&) = delete;
  FindingsLedger& operator=(const FindingsLedger&) = delete;

  // Declares (or re-declares) the standing of the result `tool_call_id`.
  void Declare(std::string_view tool_call_id, Standing standing);
  // The latest declaration for `tool_call_id`; nullopt when none was made.
  [[nodiscard]] std::optional<Standing> StandingOf(
      std::string_view tool_call_id) const;
  // Ids with a declared standing.
  [[nodiscard]] std::size_t size() const;
  void Clear();

 private:
  struct Table;
  std::unique_ptr<Table> table_;
};

// One carrier of a contingent value and its declared standing.
struct CarrierStanding {
  std::string tool_call_id;
  Standing standing = Standing::kOpen;
};

// A value the answer used whose every carrier this turn was set aside.
struct ContingentValue {
  std::string shape;      // as Candidate::shape
  std::size_t start = 0;  // its first occurrence in the answer, [start, end)
  std::size_t end = 0;
  std::string canonical;                  // the value (the app's own data)
  std::vector<CarrierStanding> carriers;  // wire order
};

// A result of this turn that carried none of the answer's values.
struct ResultCitedNothingFrom {
  std::string tool_call_id;
  std::string tool_name;
};

// Per tool name, over this turn's results.
struct ToolTally {
  std::string tool_name;
  int results = 0;                  // this turn's results from the tool
  std::size_t values_recorded = 0;  // canonical values they carried,
                                    // with repeats (RecordedResult)
  // Distinct answer values some result of this tool carried; nullopt when a
  // carrier list involved was cut or the corpus was truncated (law 6).
  std::optional<int> values_carried;
  // values_carried / values_recorded (0 when nothing was recorded): a rough
  // signal of how much of what the tool returned reached the answer.
  std::optional<double> ratio;
};

struct Findings {
  // In answer order. Empty when the corpus was truncated: a value whose
  // carrier list was cut is never judged contingent (law 6).
  std::vector<ContingentValue> contingent;
  // The results the answer cited nothing from, in wire order; nullopt when
  // answer_carriers is (law 6: the whole list or none).
  std::optional<std::vector<ResultCitedNothingFrom>> results_cited_nothing_from;
  // One per tool name, in the order the tool's first result was recorded.
  std::vector<ToolTally> tools;
};

// A value is contingent when the answer used it, a result of this turn
// carried it, its carrier list is whole (not cut), and every carrier has a
// declared standing other than kFact. One carrier declared kFact, or one with
// no declaration, saves the value. `ledger` may be null (nothing declared).
// Never fails; keeps no reference to its arguments.
[[nodiscard]] Findings ComputeFindings(const Verdict& verdict,
                                       const EvidenceCorpus& corpus,
                                       const FindingsLedger* ledger);

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_FINDINGS_H_
