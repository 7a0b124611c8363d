// tests/support/ladder.h — a JudgeContext for calling one reader or rung.
//
// Its one job: the set-up the suites of stages/ share when they call a
// rung's entry point directly (stages::GroundBySpelling, ...): an extractor
// and options with the defaults, built once, and one answer's context over
// a corpus.
//
//   EvidenceCorpus corpus;
//   corpus.RecordToolResult("call_1", "get_ticket", kTicket);
//   stages::JudgeContext context = ContextFor("CHG0031337", corpus);
//
// What it does NOT do: judge (Gate::Judge does, through default_gate.h).
#ifndef GROUNDGATE_TESTS_SUPPORT_LADDER_H_
#define GROUNDGATE_TESTS_SUPPORT_LADDER_H_

#include <doctest/doctest.h>

#include <memory>
#include <string_view>

#include "evidence/extractor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "stages/judge_context.h"

namespace groundgate_test {

// The extractor with default options, built once per test binary.
inline const groundgate::evidence::Extractor& DefaultExtractor() {
  static const std::unique_ptr<groundgate::evidence::Extractor> extractor = [] {
    absl::StatusOr<std::unique_ptr<groundgate::evidence::Extractor>> made =
        groundgate::evidence::Extractor::Create({});
    REQUIRE(made.ok());
    return *std::move(made);
  }();
  return *extractor;
}

// The gate options with their defaults, for the life of the test binary.
inline const groundgate::GateOptions& DefaultOptions() {
  static const groundgate::GateOptions options;
  return options;
}

// `answer`'s context over `corpus`, names and numbers in words read as
// Gate::Judge reads an English answer with default options.
// REQUIRES: `answer` and `corpus` outlive the context.
inline groundgate::stages::JudgeContext ContextFor(
    std::string_view answer, const groundgate::EvidenceCorpus& corpus) {
  return groundgate::stages::JudgeContext(answer, corpus, DefaultExtractor(),
                                          DefaultOptions(),
                                          /*read_names=*/true,
                                          /*read_number_words=*/false);
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_LADDER_H_
