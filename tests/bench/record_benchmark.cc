// tests/bench/record_benchmark.cc — how fast a tool result is recorded.
//
// Its one job: time EvidenceCorpus::RecordToolResult on a ~5 MB realistic
// JSON tool result (a storage fabric inventory), and, on the very same
// buffer, simdjson's bare DOM parse — the honest floor for anything that
// reads JSON — so the two bytes_per_second figures give the cost of
// recording as a multiple of parsing (bench_main.cc prints the ratio). Two
// more rows split the cost: evidence::WalkJson alone (parse plus visiting
// every key and leaf, no indexing) and the text fallback on the same bytes
// made broken (law 2: broken JSON is read as text).
//
// What it does NOT do: time the corpus's construction or destruction (the
// timer is paused around them), or check what was indexed (corpus tests do).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "benchmark/benchmark.h"
#include "evidence/json_walk.h"
#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "simdjson.h"
#include "tests/bench/inventory_fixture.h"

namespace groundgate::bench {
namespace {

// The size the issue asks for: a large but real tool result (a full fabric
// inventory dump). Bigger only makes the run slower, not the figure truer.
constexpr std::size_t kLargeResultBytes = 5 * 1024 * 1024;
constexpr std::uint64_t kLargeResultSeed = 42;

// Far above the ~300,000 distinct values the 5 MB inventory holds, so the
// corpus never truncates and every byte is indexed.
constexpr std::size_t kUntruncatedIndexTokens = 1 << 24;

const Inventory& LargeInventory() {
  static const Inventory kInventory =
      GenerateInventory(kLargeResultSeed, kLargeResultBytes);
  return kInventory;
}

void SetBytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
  state.counters["input_bytes"] = static_cast<double>(bytes);
}

// Records `content` into a fresh corpus per iteration (its construction
// untimed), then calls `after` on it, timed.
template <typename After>
RecordOutcome RecordEach(benchmark::State& state, std::string_view content,
                         std::optional<EvidenceCorpus>& corpus, After after) {
  RecordOutcome outcome;
  for (auto _ : state) {
    state.PauseTiming();
    corpus.reset();
    corpus.emplace(CorpusOptions{.max_index_tokens = kUntruncatedIndexTokens});
    state.ResumeTiming();
    outcome = corpus->RecordToolResult("call_1", "fabric_inventory", content);
    benchmark::DoNotOptimize(outcome.values_new);
    after(*corpus);
  }
  return outcome;
}

void RecordOnce(benchmark::State& state, std::string_view content,
                bool expect_json) {
  std::optional<EvidenceCorpus> corpus;
  std::size_t indexed = 0;
  const RecordOutcome outcome =
      RecordEach(state, content, corpus, [](const EvidenceCorpus&) {});
  if (corpus.has_value()) indexed = corpus->indexed_values();
  if (outcome.truncated) {
    state.SkipWithError("the corpus truncated: raise kUntruncatedIndexTokens");
  } else if (outcome.parsed_as_json != expect_json) {
    state.SkipWithError(expect_json ? "the fixture was not read as JSON"
                                    : "broken JSON was read as JSON");
  }
  SetBytes(state, content.size());
  state.counters["values_seen"] = static_cast<double>(outcome.values_seen);
  state.counters["indexed_values"] = static_cast<double>(indexed);
}

void BM_RecordToolResultJson(benchmark::State& state) {
  RecordOnce(state, LargeInventory().json, /*expect_json=*/true);
}
BENCHMARK(BM_RecordToolResultJson)->Unit(benchmark::kMillisecond);

// The same result recorded, then one answer judged: the turn's first
// judgement reads the kept result as records (law 11), once per turn. Its
// ratio to BM_RecordToolResultJson in the same run is what the records
// add to a turn whose answer has a value to bind.
void BM_RecordToolResultJsonThenJudge(benchmark::State& state) {
  const Inventory& inventory = LargeInventory();
  const std::string answer = RealisticAnswer(inventory.facts, inventory.facts);
  const Gate gate = Gate::Create({}).value();
  std::optional<EvidenceCorpus> corpus;
  std::size_t misattributed = 0;
  RecordEach(state, inventory.json, corpus, [&](const EvidenceCorpus& c) {
    misattributed =
        static_cast<std::size_t>(gate.Judge(answer, c).misattributed());
    benchmark::DoNotOptimize(misattributed);
  });
  SetBytes(state, inventory.json.size());
  state.counters["misattributed"] = static_cast<double>(misattributed);
}
BENCHMARK(BM_RecordToolResultJsonThenJudge)->Unit(benchmark::kMillisecond);

void BM_SimdjsonDomParse(benchmark::State& state) {
  const std::string& json = LargeInventory().json;
  const simdjson::padded_string padded(json);
  simdjson::dom::parser parser;
  if (parser.allocate(padded.size()) != simdjson::SUCCESS) {
    state.SkipWithError("simdjson could not allocate");
    return;
  }
  for (auto _ : state) {
    simdjson::dom::element root;
    const simdjson::error_code error = parser.parse(padded).get(root);
    if (error != simdjson::SUCCESS) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
    benchmark::DoNotOptimize(root);
  }
  SetBytes(state, json.size());
}
BENCHMARK(BM_SimdjsonDomParse)->Unit(benchmark::kMillisecond);

// Times WalkJson over the large inventory, calling `visit(kind, text,
// count)` at each key and leaf; the count it keeps is reported as
// `counter`.
template <typename Visit>
void TimeWalk(benchmark::State& state, const char* counter, Visit visit) {
  const std::string& json = LargeInventory().json;
  std::size_t count = 0;
  for (auto _ : state) {
    count = 0;
    const evidence::JsonWalkResult result = evidence::WalkJson(
        json, [&](evidence::JsonLeafKind kind, std::string_view text) {
          visit(kind, text, count);
        });
    if (!result.parsed) {
      state.SkipWithError("WalkJson did not parse the fixture");
      break;
    }
  }
  SetBytes(state, json.size());
  state.counters[counter] = static_cast<double>(count);
}

void BM_WalkJsonOnly(benchmark::State& state) {
  TimeWalk(
      state, "keys_and_leaves",
      [](evidence::JsonLeafKind, std::string_view text, std::size_t& leaves) {
        benchmark::DoNotOptimize(text.data());
        ++leaves;
      });
}
BENCHMARK(BM_WalkJsonOnly)->Unit(benchmark::kMillisecond);

// The walk plus the tokenizer over every key and string leaf: the least any
// record that reads tokens at all must do (no canonical form, no key, no
// table). It is the floor record's time is measured against: what reading
// the tokens alone costs, before any key is derived or stored.
void BM_WalkAndTokenizeOnly(benchmark::State& state) {
  TimeWalk(state, "tokens",
           [](evidence::JsonLeafKind kind, std::string_view text,
              std::size_t& tokens) {
             if (kind == evidence::JsonLeafKind::kNumber) {
               ++tokens;
               return;
             }
             evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
               benchmark::DoNotOptimize(span.end);
               ++tokens;
               return true;
             });
           });
}
BENCHMARK(BM_WalkAndTokenizeOnly)->Unit(benchmark::kMillisecond);

void BM_RecordBrokenJsonAsText(benchmark::State& state) {
  // A tool result cut short, as a byte limit or a dropped connection leaves
  // it: not JSON any more, so the corpus tokenizes it as text.
  static const std::string kBroken =
      LargeInventory().json.substr(0, LargeInventory().json.size() - 2);
  RecordOnce(state, kBroken, /*expect_json=*/false);
}
BENCHMARK(BM_RecordBrokenJsonAsText)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace groundgate::bench
