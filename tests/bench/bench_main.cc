// tests/bench/bench_main.cc — the benchmark runner, with the record ratio.
//
// Its one job: run the Google Benchmark programs of this folder and, after
// the console table, print how recording a tool result compares with
// simdjson's bare parse of the same buffer (record_benchmark.cc): the ratio
// of their bytes_per_second, the figure the issue asks for.
//
// What it does NOT do: print the ratio when another output format is asked
// for (--benchmark_format=json|csv): those reporters are Google Benchmark's
// own, and the ratio is then computed from their bytes_per_second fields as
// tests/bench/README.md shows.
#include <unistd.h>

#include <iomanip>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "benchmark/benchmark.h"

namespace groundgate::bench {
namespace {

// Rows whose throughput is compared with the floor, and the floor itself.
constexpr std::string_view kFloor = "BM_SimdjsonDomParse";
constexpr std::string_view kComparedWithFloor[] = {
    "BM_RecordToolResultJson", "BM_WalkJsonOnly", "BM_WalkAndTokenizeOnly",
    "BM_RecordBrokenJsonAsText"};

// Google Benchmark's table prints bytes_per_second in binary units (its "M"
// is 2^20): the ratio lines use the same.
constexpr double kMiB = 1024.0 * 1024.0;

// The console table, then the ratios of the rows above.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  // Colour only on a terminal, as Google Benchmark's own console does.
  explicit RatioReporter(bool color)
      : ConsoleReporter(color ? OO_Color : OO_None) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      // With --benchmark_repetitions the mean stands for the family.
      if (run.run_type == Run::RT_Aggregate && run.aggregate_name != "mean") {
        continue;
      }
      const auto it = run.counters.find("bytes_per_second");
      if (it == run.counters.end()) continue;
      bytes_per_second_[run.run_name.function_name] = it->second.value;
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    const auto floor = bytes_per_second_.find(std::string(kFloor));
    if (floor == bytes_per_second_.end() || floor->second <= 0) return;
    std::ostream& out = GetOutputStream();
    out << "\nThroughput against simdjson's bare DOM parse of the same "
           "buffer ("
        << std::fixed << std::setprecision(1) << floor->second / kMiB
        << " MiB/s):\n";
    for (std::string_view name : kComparedWithFloor) {
      const auto row = bytes_per_second_.find(std::string(name));
      if (row == bytes_per_second_.end() || row->second <= 0) continue;
      out << "  " << std::left << std::setw(28) << name << std::right
          << std::setw(9) << row->second / kMiB << " MiB/s   parse is "
          << std::setprecision(1) << floor->second / row->second
          << "x faster\n";
    }
  }

 private:
  std::map<std::string, double> bytes_per_second_;
};

bool AsksForAnotherFormat(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    constexpr std::string_view kFlag = "--benchmark_format=";
    const std::string_view arg = argv[i];
    if (arg.substr(0, kFlag.size()) == kFlag &&
        arg.substr(kFlag.size()) != "console") {
      return true;
    }
  }
  return false;
}

}  // namespace
}  // namespace groundgate::bench

int main(int argc, char** argv) {
  const bool other_format = groundgate::bench::AsksForAnotherFormat(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (other_format) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    groundgate::bench::RatioReporter reporter(isatty(STDOUT_FILENO) != 0);
    benchmark::RunSpecifiedBenchmarks(&reporter);
  }
  benchmark::Shutdown();
  return 0;
}
