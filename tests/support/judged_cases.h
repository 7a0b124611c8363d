// tests/support/judged_cases.h — a table of answers judged, one value each.
//
// Its one job: the check the judge's suites (tests/stages/read_*_test.cc,
// rung_*_test.cc) share: judge an answer over a corpus, find the value by
// the text it spans, and compare its status, its reason and, where a row
// names one, how it was derived.
//
//   const JudgedCase cases[] = {
//       {"We logged 41,200 errors.", "41,200", CandidateStatus::kGrounded,
//        MatchReason::kCanonical},
//       {"We logged 41,300 errors.", "41,300", CandidateStatus::kUnsupported},
//   };
//   CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
//
// What it does NOT do: build a corpus beyond the small conversations below
// (each suite's own conversation does) or a gate, or check what only one
// suite cares about (its own check, after CheckJudged, does).
#ifndef GROUNDGATE_TESTS_SUPPORT_JUDGED_CASES_H_
#define GROUNDGATE_TESTS_SUPPORT_JUDGED_CASES_H_

#include <doctest/doctest.h>

#include <initializer_list>
#include <optional>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"
#include "tests/support/cases.h"

namespace groundgate_test {

// One answer, the value it writes, and how the judge must settle it.
struct JudgedCase {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  groundgate::CandidateStatus status;
  groundgate::MatchReason reason = groundgate::MatchReason::kNone;
  // Checked only when given: "109 + 136", "~ 1234567", "" for none.
  std::optional<std::string_view> derivation = std::nullopt;
};

// Judges `c.answer` over `corpus` and checks the value spanning `c.value`:
// its status, its reason and, when the row names one, its derivation. The
// names are compared, so a failure reads "unsupported" == "grounded".
// Returns a copy of the candidate for the caller's own checks; a value the
// verdict does not hold fails the test case (REQUIRE).
inline groundgate::Candidate CheckJudged(
    const groundgate::Gate& gate, const groundgate::EvidenceCorpus& corpus,
    const JudgedCase& c) {
  CAPTURE(c.value);
  const groundgate::Verdict verdict = gate.Judge(c.answer, corpus);
  const groundgate::Candidate* candidate = AtText(verdict, c.answer, c.value);
  REQUIRE(candidate != nullptr);
  CHECK(groundgate::StatusName(candidate->status) ==
        groundgate::StatusName(c.status));
  CHECK(groundgate::ReasonName(candidate->reason) ==
        groundgate::ReasonName(c.reason));
  if (c.derivation.has_value()) CHECK(candidate->derivation == *c.derivation);
  return *candidate;
}

// CheckJudged on each row of `cases`, each in a SUBCASE of its own
// (ForEachCase). With `carrier` given, a grounded value must name exactly
// that one result of this turn as its carrier.
template <typename Rows>
void CheckJudgedCases(const groundgate::Gate& gate,
                      const groundgate::EvidenceCorpus& corpus,
                      const Rows& cases, std::string_view carrier = {},
                      int line = __builtin_LINE()) {
  ForEachCase(
      cases,
      [&](const JudgedCase& c) {
        const groundgate::Candidate candidate = CheckJudged(gate, corpus, c);
        if (!carrier.empty() &&
            c.status == groundgate::CandidateStatus::kGrounded) {
          REQUIRE(candidate.carriers.size() == 1);
          CHECK(candidate.carriers[0] == carrier);
        }
      },
      line);
}

// CheckJudgedCases for a table written in place: {{"...", "41,200", ...}}.
inline void CheckJudgedCases(const groundgate::Gate& gate,
                             const groundgate::EvidenceCorpus& corpus,
                             std::initializer_list<JudgedCase> cases,
                             std::string_view carrier = {},
                             int line = __builtin_LINE()) {
  CheckJudgedCases<std::initializer_list<JudgedCase>>(gate, corpus, cases,
                                                      carrier, line);
}

// A conversation of one question and one tool result (call "call_0", tool
// "get_data"): the corpus of the suites that judge against one result.
inline groundgate::EvidenceCorpus OneResultCorpus(std::string_view result) {
  groundgate::EvidenceCorpus corpus;
  corpus.RecordUserMessage("What does the data say?");
  corpus.RecordToolResult("call_0", "get_data", result);
  return corpus;
}

// A conversation of `question` and the result of one call of `tool`
// (call id `call_id`): the corpus a suite names its own question and tool
// for.
inline groundgate::EvidenceCorpus OneResultCorpus(
    std::string_view question, std::string_view tool, std::string_view result,
    std::string_view call_id = "call_1") {
  groundgate::EvidenceCorpus corpus;
  corpus.RecordUserMessage(question);
  corpus.RecordToolResult(call_id, tool, result);
  return corpus;
}

// A conversation of one question and two results of `tool`: "call_b"'s
// (`first`), then "call_a"'s (`second`), a wire order that is not the
// ids' sorted order, for the suites that pin carriers in wire order.
inline groundgate::EvidenceCorpus WireOrderCorpus(std::string_view tool,
                                                  std::string_view first,
                                                  std::string_view second) {
  groundgate::EvidenceCorpus corpus =
      OneResultCorpus("What does the data say?", tool, first, "call_b");
  corpus.RecordToolResult("call_a", tool, second);
  return corpus;
}

// `gate`'s verdict on `answer` over OneResultCorpus(result).
inline groundgate::Verdict JudgeOverResult(
    std::string_view result, std::string_view answer,
    const groundgate::Gate& gate = DefaultGate()) {
  return gate.Judge(answer, OneResultCorpus(result));
}

// CheckJudgedCases with the default gate over OneResultCorpus(result).
inline void CheckJudgedOverResult(std::string_view result,
                                  std::initializer_list<JudgedCase> cases,
                                  int line = __builtin_LINE()) {
  CheckJudgedCases(DefaultGate(), OneResultCorpus(result), cases, {}, line);
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_JUDGED_CASES_H_
