// tests/bench/canonicalize_benchmark.cc — how fast one spelling per value is.
//
// Its one job: time evidence::Canonicalize, the function both the corpus and
// the judge run on every token (law 1), over a realistic mix of tokens and
// over each kind alone, so a slow path (ICU, exact decimals) shows up by
// name. Reports items/s, one item being one token.
//
// What it does NOT do: check canonical forms (tests/evidence/canonical_test.cc
// does), or tokenize: the tokens are given.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "evidence/canonical.h"

namespace groundgate::bench {
namespace {

// Plain words: the bulk of prose and of JSON keys and string leaves.
const std::vector<std::string_view>& AsciiWords() {
  static const std::vector<std::string_view> kTokens = {
      "port", "the",      "status",   "Link",     "failure", "errors",
      "peer", "hostname", "degraded", "replaced", "on-call", "signal",
      "SFP",  "volume",   "array",    "logged",   "(Link",   "signal)."};
  return kTokens;
}

// Numbers as answers and tool results spell them.
const std::vector<std::string_view>& Numbers() {
  static const std::vector<std::string_view> kTokens = {
      "41,200",    "41200",  "98304.0",   "1234.50",
      "$1,234.50", "12%",    "(41,200).", "1,099,511,627,776",
      "-0.50",     "1.5e3",  "2048",      "12345678901234567890",
      "0.82",      "412005", "007",       "1,234,567.5"};
  return kTokens;
}

// Identifiers: ports, WWNs, hex, hostnames, timestamps, names.
const std::vector<std::string_view>& Identifiers() {
  static const std::vector<std::string_view> kTokens = {
      "fc1/3",
      "50:06:01:60:3b:a0:11:22",
      "0xEF0103",
      "0xef0101",
      "esx-host-017.prod.example.net",
      "2024-05-15T10:04:17Z",
      "2024-05-15T09:58:12.417Z",
      "vol-0a1b2c3d4e5f",
      "ora_prod_data_07",
      "pure-fa-x70-02",
      "naa.624a9370f1b2c3d4e5f60718",
      "JPG2134006X"};
  return kTokens;
}

// Non-ASCII tokens: the ICU path.
const std::vector<std::string_view>& NonAscii() {
  static const std::vector<std::string_view> kTokens = {
      "４１２００", "Zürich", "٤١٢٠٠", "Ｆｃ１／３", "straße", "Ωmega-7"};
  return kTokens;
}

// The mix an inventory answer or tool result holds: about half words, a
// quarter numbers, a fifth identifiers, and a few non-ASCII tokens.
const std::vector<std::string_view>& RealisticMix() {
  static const std::vector<std::string_view> kTokens = [] {
    std::vector<std::string_view> mix;
    for (int round = 0; round < 3; ++round) {
      mix.insert(mix.end(), AsciiWords().begin(), AsciiWords().end());
    }
    mix.insert(mix.end(), Numbers().begin(), Numbers().end());
    mix.insert(mix.end(), Identifiers().begin(), Identifiers().end());
    mix.push_back(NonAscii()[0]);  // "４１２００"
    mix.push_back(NonAscii()[1]);  // "Zürich"
    return mix;
  }();
  return kTokens;
}

void CanonicalizeAll(benchmark::State& state,
                     const std::vector<std::string_view>& tokens) {
  std::size_t bytes = 0;
  for (std::string_view token : tokens) bytes += token.size();
  for (auto _ : state) {
    for (std::string_view token : tokens) {
      evidence::CanonicalForm form = evidence::Canonicalize(token);
      benchmark::DoNotOptimize(form.form.data());
      benchmark::DoNotOptimize(form.is_number);
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(tokens.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
}

// One row a token list: CanonicalizeAll/realistic_mix, ...
BENCHMARK_CAPTURE(CanonicalizeAll, realistic_mix, RealisticMix());
BENCHMARK_CAPTURE(CanonicalizeAll, ascii_words, AsciiWords());
BENCHMARK_CAPTURE(CanonicalizeAll, numbers, Numbers());
BENCHMARK_CAPTURE(CanonicalizeAll, identifiers, Identifiers());
BENCHMARK_CAPTURE(CanonicalizeAll, non_ascii, NonAscii());

}  // namespace
}  // namespace groundgate::bench
