// tests/fuzz/fuzz_checks.h — what every groundgate fuzz target shares.
//
// Its one job: the contract check that stops a run (GG_FUZZ_CHECK), the
// entry points of a target that reads text (GG_FUZZ_TEXT_TARGET), the one
// Gate every target judges with (built once per process, not per input:
// building it compiles the declared shapes' regexes), and the contracts
// every Verdict must keep, whatever produced it.
//
// What it does NOT do: fuzz anything itself, or decide whether a verdict is
// right beyond contracts that hold for every input. Header-only: each target
// is one executable with one translation unit of its own.
#ifndef GROUNDGATE_TESTS_FUZZ_FUZZ_CHECKS_H_
#define GROUNDGATE_TESTS_FUZZ_FUZZ_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"

// A broken contract is a crash libFuzzer keeps the input for.
#define GG_FUZZ_CHECK(condition, what)                                  \
  do {                                                                  \
    if (!(condition)) {                                                 \
      std::fprintf(stderr, "contract broken: %s (%s) at %s:%d\n", what, \
                   #condition, __FILE__, __LINE__);                     \
      std::abort();                                                     \
    }                                                                   \
  } while (false)

// Defines libFuzzer's two entry points for a target that reads its input
// as text, in groundgate::fuzz::TestOneInput(std::string_view).
// LLVMFuzzerInitialize builds the shared Gate, then runs `also_build` (what
// else the target shares, or nothing), before the first input, so no input
// pays for (or gets the blame for) compiling them. Use once, at file scope,
// after TestOneInput.
#define GG_FUZZ_TEXT_TARGET(also_build)                                  \
  extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) { \
    (void)groundgate::fuzz::DeclaredShapesGate();                        \
    also_build;                                                          \
    return 0;                                                            \
  }                                                                      \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,        \
                                        std::size_t size) {              \
    groundgate::fuzz::TestOneInput(                                      \
        std::string_view(reinterpret_cast<const char*>(data), size));    \
    return 0;                                                            \
  }

namespace groundgate::fuzz {

// A gate with declared shapes and exemptions, so those paths run too. Built
// on first use (LLVMFuzzerInitialize calls it) and shared by every input:
// a Gate is immutable and Create is the expensive step.
inline const Gate& DeclaredShapesGate() {
  static const Gate* const gate = [] {
    GateOptions options;
    options.shapes = {
        {"ticket", "[A-Z]{2,5}-[0-9]+"},
        {"hostname", "[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*\\.example\\.net"},
        {"wwn", "([0-9a-fA-F]{2}:){7}[0-9a-fA-F]{2}"}};
    options.exempt_values = {"dc-east-2", "2024-05-15"};
    options.exempt_patterns = {"INC[0-9]{7}"};
    absl::StatusOr<Gate> created = Gate::Create(std::move(options));
    GG_FUZZ_CHECK(created.ok(), "the fuzzer's GateOptions are valid");
    // Leaked on purpose: it lives for the whole process.
    return new Gate(std::move(*created));
  }();
  return *gate;
}

// TraceFormat in declaration order: a target's selector byte indexes it.
constexpr TraceFormat kFormats[] = {
    TraceFormat::kAuto,
    TraceFormat::kOpenAiChat,
    TraceFormat::kOpenAiResponses,
    TraceFormat::kAnthropicMessages,
    TraceFormat::kMcp,
    TraceFormat::kEvidenceFlow,
};
constexpr std::size_t kFormatCount = std::size(kFormats);

// The contracts of verdict.h, law 5 and law 6 for `verdict`, the judgement
// of `answer` against `corpus`.
inline void CheckVerdict(const Verdict& verdict, std::string_view answer,
                         const EvidenceCorpus& corpus) {
  int exempt = 0;
  int unsupported = 0;
  int unverified = 0;
  int misattributed = 0;
  std::size_t previous_start = 0;
  bool any_cut = false;
  for (const Candidate& candidate : verdict.candidates) {
    GG_FUZZ_CHECK(
        candidate.start < candidate.end && candidate.end <= answer.size(),
        "a candidate's span lies inside the answer");
    GG_FUZZ_CHECK(candidate.start >= previous_start,
                  "candidates come in answer order");
    previous_start = candidate.start;
    GG_FUZZ_CHECK(candidate.carriers.size() <= kMaxCarriers,
                  "at most kMaxCarriers carriers (law 6)");
    GG_FUZZ_CHECK(candidate.occurrences >= 1, "a candidate occurs");
    if (candidate.status == CandidateStatus::kExempt) ++exempt;
    if (candidate.status == CandidateStatus::kUnsupported) ++unsupported;
    if (candidate.status == CandidateStatus::kUnverified) ++unverified;
    if (candidate.status == CandidateStatus::kMisattributed) {
      ++misattributed;
      GG_FUZZ_CHECK(candidate.binding.has_value(),
                    "a misattributed value names its binding (law 11)");
    }
    any_cut = any_cut || candidate.carriers_cut;
  }
  GG_FUZZ_CHECK(
      verdict.looked_up == static_cast<int>(verdict.candidates.size()) - exempt,
      "looked_up is candidates minus exempt");
  GG_FUZZ_CHECK(verdict.unsupported() == unsupported &&
                    verdict.unverified() == unverified &&
                    verdict.misattributed() == misattributed,
                "the verdict's counts are its candidates' statuses");
  GG_FUZZ_CHECK(
      verdict.flagged() ==
          (unsupported > 0 ||
           (misattributed > 0 && !verdict.misattribution_warns_only)),
      "flagged means some value is unsupported, or misattributed and not "
      "only warned of");
  if (corpus.truncated()) {
    GG_FUZZ_CHECK(verdict.evidence_truncated,
                  "a truncated corpus marks the verdict (law 5)");
    GG_FUZZ_CHECK(!verdict.answer_carriers.has_value(),
                  "no answer_carriers from a truncated corpus (law 6)");
    GG_FUZZ_CHECK(unsupported == 0 && misattributed == 0,
                  "a partial corpus accuses no one (law 5)");
  } else {
    GG_FUZZ_CHECK(unverified == 0,
                  "unverified only when the corpus is truncated");
  }
  if (any_cut) {
    GG_FUZZ_CHECK(!verdict.answer_carriers.has_value(),
                  "a cut carrier list means no answer_carriers (law 6)");
  }
}

// Law 10: the verdict prints, with and without values, without throwing
// (dump() throws on invalid UTF-8; an escaped exception aborts the run).
// Returns the JSON without values.
inline std::string DumpVerdict(const Verdict& verdict) {
  std::string json = VerdictToJson(verdict);
  VerdictJsonOptions with_values;
  with_values.include_values = true;
  (void)VerdictToJson(verdict, with_values);
  return json;
}

}  // namespace groundgate::fuzz

#endif  // GROUNDGATE_TESTS_FUZZ_FUZZ_CHECKS_H_
