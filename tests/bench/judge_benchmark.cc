// tests/bench/judge_benchmark.cc — time per answer against a real corpus.
//
// Its one job: time Gate::Judge on a ~150-word operator answer (about 15
// values: most grounded, some respelled, one planted) against a corpus that
// recorded ~1 MB of tool results in one user turn (eight 128 KiB inventory
// dumps), the same answer with every value read (no near-miss search),
// and the same plus the verdict's JSON form, which is what an application
// that reports every judgement pays. Reports time per answer.
//
// What it does NOT do: time recording (record_benchmark.cc), or assert the
// verdict: it reports candidates and unsupported as counters and warns on
// stderr when the planted value is not the one value flagged, so a benchmark
// run also shows whether the judge still sees what it should.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/bench/inventory_fixture.h"

namespace groundgate::bench {
namespace {

// ~1 MB of evidence, split as an agent's turn splits it: several results.
constexpr int kResults = 8;
constexpr std::size_t kResultBytes = 128 * 1024;
constexpr std::uint64_t kFirstSeed = 1000;
// The answer cites port facts from the first result and volume facts from
// this one, so two results carry it.
constexpr int kVolumeResult = 5;

struct JudgeFixture {
  EvidenceCorpus corpus;
  std::string answer;
  // The same answer with the planted WWPN replaced by a carried one: the
  // common case, where nothing is flagged and no near miss is searched.
  std::string grounded_answer;
  std::size_t evidence_bytes = 0;
};

JudgeFixture BuildMegabyteFixture() {
  JudgeFixture fixture;
  fixture.corpus.RecordExempt(
      "You are the storage operations assistant for the SAN team.");
  fixture.corpus.RecordUserMessage(
      "Which ports on the fabric are down, and is vol 0 filling up?");
  std::vector<InventoryFacts> facts;
  for (int i = 0; i < kResults; ++i) {
    Inventory inventory = GenerateInventory(kFirstSeed + i, kResultBytes);
    fixture.evidence_bytes += inventory.json.size();
    fixture.corpus.RecordToolResult(absl::StrCat("call_", i + 1),
                                    "fabric_inventory", inventory.json);
    facts.push_back(std::move(inventory.facts));
  }
  fixture.answer = RealisticAnswer(facts[0], facts[kVolumeResult]);
  fixture.grounded_answer = fixture.answer;
  const std::size_t planted = fixture.grounded_answer.find(kPlantedWwpn);
  if (planted != std::string::npos) {
    fixture.grounded_answer.replace(planted, kPlantedWwpn.size(),
                                    facts[0].port_wwpn);
  }
  return fixture;
}

const JudgeFixture& MegabyteFixture() {
  static const JudgeFixture kFixture = BuildMegabyteFixture();
  return kFixture;
}

// Once per run: say so when the judge does not flag exactly the planted
// value, or flags a value the fixture grounds.
void WarnIfVerdictUnexpected(const Verdict& verdict) {
  static bool warned = false;
  if (warned) return;
  warned = true;
  int planted = 0;
  for (const Candidate& candidate : verdict.candidates) {
    if (candidate.status != CandidateStatus::kUnsupported) continue;
    if (candidate.canonical == kPlantedWwpn) {
      ++planted;
    } else {
      std::cerr << "judge_benchmark: grounded value flagged: \""
                << candidate.canonical << "\" (" << candidate.shape << ", "
                << candidate.start << "-" << candidate.end << ")\n";
    }
  }
  if (planted != 1) {
    std::cerr << "judge_benchmark: the planted value " << kPlantedWwpn
              << " was not flagged\n";
  }
}

void ReportVerdict(benchmark::State& state, const Verdict& verdict) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["candidates"] = static_cast<double>(verdict.candidates.size());
  state.counters["unsupported"] = verdict.unsupported();
  state.counters["carriers"] =
      verdict.answer_carriers.has_value()
          ? static_cast<double>(verdict.answer_carriers->size())
          : -1.0;
  state.counters["evidence_bytes"] =
      static_cast<double>(MegabyteFixture().evidence_bytes);
}

// What one benchmark judges, and how.
struct JudgeRun {
  GateOptions options;
  bool grounded_answer = false;  // the answer without its planted value
  bool with_json = false;        // plus VerdictToJson(...)
};

void TimeJudge(benchmark::State& state, const JudgeRun& run) {
  absl::StatusOr<Gate> gate = Gate::Create(run.options);
  if (!gate.ok()) {
    state.SkipWithError(std::string(gate.status().message()).c_str());
    return;
  }
  const JudgeFixture& fixture = MegabyteFixture();
  const std::string& answer =
      run.grounded_answer ? fixture.grounded_answer : fixture.answer;
  Verdict verdict;
  for (auto _ : state) {
    verdict = gate->Judge(answer, fixture.corpus);
    if (run.with_json) {
      const std::string json = VerdictToJson(verdict);
      benchmark::DoNotOptimize(json.data());
    } else {
      benchmark::DoNotOptimize(verdict.candidates.data());
    }
  }
  ReportVerdict(state, verdict);
  if (!run.grounded_answer) {
    WarnIfVerdictUnexpected(verdict);
  } else if (verdict.unsupported() != 0) {
    std::cerr << "judge_benchmark: the grounded answer was flagged\n";
  }
}

void BM_JudgeAnswerMegabyteCorpus(benchmark::State& state) {
  TimeJudge(state, {});
}
BENCHMARK(BM_JudgeAnswerMegabyteCorpus)->Unit(benchmark::kMicrosecond);

// The same answer with every value read: what most answers cost.
void BM_JudgeGroundedAnswerMegabyteCorpus(benchmark::State& state) {
  TimeJudge(state, {.grounded_answer = true});
}
BENCHMARK(BM_JudgeGroundedAnswerMegabyteCorpus)->Unit(benchmark::kMicrosecond);

// The same with the switchable classes off (GateOptions::names and
// ::arithmetic): the digit-bearing rule and the respelling readers alone,
// for comparison with the judge before names and arithmetic were read.
void BM_JudgeAnswerMegabyteCorpusDigitsOnly(benchmark::State& state) {
  TimeJudge(state, {.options = {.names = false, .arithmetic = false}});
}
BENCHMARK(BM_JudgeAnswerMegabyteCorpusDigitsOnly)
    ->Unit(benchmark::kMicrosecond);

void BM_JudgeAndVerdictJsonMegabyteCorpus(benchmark::State& state) {
  TimeJudge(state, {.with_json = true});
}
BENCHMARK(BM_JudgeAndVerdictJsonMegabyteCorpus)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace groundgate::bench
