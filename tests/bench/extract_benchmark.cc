// tests/bench/extract_benchmark.cc — how fast an answer's values are found.
//
// Its one job: time the answer side of the judge in pieces: the tokenizer
// over a realistic ~150-word answer (bytes/s), Extractor::Classify over that
// answer's tokens (items/s, one item being one token), and Gate::Judge end to
// end against a small corpus (one 32 KiB tool result), so a regression in
// one piece is visible apart from the corpus lookups of judge_benchmark.cc.
//
// What it does NOT do: check which tokens are candidates (the extractor's
// tests do), or measure recording (record_benchmark.cc).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "evidence/extractor.h"
#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/bench/inventory_fixture.h"

namespace groundgate::bench {
namespace {

// One tool result big enough to hold a whole switch and a volume.
constexpr std::size_t kSmallResultBytes = 32 * 1024;
constexpr std::uint64_t kSmallResultSeed = 7;

const Inventory& SmallInventory() {
  static const Inventory kInventory =
      GenerateInventory(kSmallResultSeed, kSmallResultBytes);
  return kInventory;
}

const std::string& Answer() {
  static const std::string kAnswer =
      RealisticAnswer(SmallInventory().facts, SmallInventory().facts);
  return kAnswer;
}

std::vector<std::string_view> AnswerTokens() {
  std::vector<std::string_view> tokens;
  const std::string_view answer = Answer();
  evidence::ForEachToken(answer, [&](const evidence::TokenSpan& span) {
    tokens.push_back(answer.substr(span.start, span.end - span.start));
    return true;
  });
  return tokens;
}

void BM_TokenizeAnswer(benchmark::State& state) {
  const std::string_view answer = Answer();
  std::size_t tokens = 0;
  for (auto _ : state) {
    tokens = 0;
    evidence::ForEachToken(answer, [&](const evidence::TokenSpan& span) {
      benchmark::DoNotOptimize(span.end);
      ++tokens;
      return true;
    });
    benchmark::DoNotOptimize(tokens);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(answer.size()));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(tokens));
  state.counters["tokens"] = static_cast<double>(tokens);
}
BENCHMARK(BM_TokenizeAnswer);

void BM_ClassifyAnswerTokens(benchmark::State& state) {
  absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
      evidence::Extractor::Create(GateOptions{});
  if (!extractor.ok()) {
    state.SkipWithError(std::string(extractor.status().message()).c_str());
    return;
  }
  const std::vector<std::string_view> tokens = AnswerTokens();
  std::size_t candidates = 0;
  for (auto _ : state) {
    candidates = 0;
    for (std::string_view token : tokens) {
      std::optional<evidence::ExtractedValue> value =
          (*extractor)->Classify(token);
      if (value.has_value()) {
        ++candidates;
        benchmark::DoNotOptimize(value->key.data());
      }
    }
    benchmark::DoNotOptimize(candidates);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(tokens.size()));
  state.counters["tokens"] = static_cast<double>(tokens.size());
  state.counters["candidates"] = static_cast<double>(candidates);
}
BENCHMARK(BM_ClassifyAnswerTokens);

void BM_JudgeAnswerSmallCorpus(benchmark::State& state) {
  absl::StatusOr<Gate> gate = Gate::Create(GateOptions{});
  if (!gate.ok()) {
    state.SkipWithError(std::string(gate.status().message()).c_str());
    return;
  }
  EvidenceCorpus corpus;
  corpus.RecordExempt("You are the storage operations assistant.");
  corpus.RecordUserMessage("Why is port fc1/3 down, and how full is vol 0?");
  corpus.RecordToolResult("call_1", "fabric_inventory", SmallInventory().json);
  const std::string& answer = Answer();
  int unsupported = 0;
  std::size_t candidates = 0;
  for (auto _ : state) {
    Verdict verdict = gate->Judge(answer, corpus);
    unsupported = verdict.unsupported();
    candidates = verdict.candidates.size();
    benchmark::DoNotOptimize(verdict.candidates.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["candidates"] = static_cast<double>(candidates);
  state.counters["unsupported"] = unsupported;
}
BENCHMARK(BM_JudgeAnswerSmallCorpus)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace groundgate::bench
