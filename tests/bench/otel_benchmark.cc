// tests/bench/otel_benchmark.cc — what OtlpExporter::Enqueue costs the
// thread that publishes an evidence_checked event.
//
// Its one job: time Enqueue of a flagged event (one unsupported value, two
// carriers, one conflict) into an exporter whose transport answers at once,
// so the queue never fills and the figure is the publisher's own cost: the
// event copied into a record, the lock, the push. Built only with the net
// library (GROUNDGATE_BUILD_NET).
//
// What it does NOT do: time the background thread's rendering or sending
// (it runs beside the benchmark, as it does beside an agent).
#include <memory>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"
#include "groundgate/events.h"
#include "groundgate/otel.h"

namespace groundgate::bench {
namespace {

EvidenceChecked FlaggedEvent() {
  EvidenceChecked e;
  e.conversation_id = "conv-7";
  e.turn = 2;
  e.iteration = 3;
  e.action = EvidenceAction::kFlagged;
  e.posture = Posture::kGuard;
  e.candidates = 5;
  e.looked_up = 4;
  e.unsupported = {{.shape = "identifier",
                    .start = 10,
                    .end = 19,
                    .value = "trk-99812",
                    .near_miss_carrier = "call_1"}};
  e.carried_by = std::vector<AnswerCarrier>{
      {.tool_call_id = "call_1", .tool_name = "get_order", .values = 2},
      {.tool_call_id = "call_2", .tool_name = "get_rate", .values = 1}};
  e.conflicts = {{.shape = "number",
                  .start = 30,
                  .end = 35,
                  .used_carrier = "call_1",
                  .other_carrier = "call_2"}};
  e.grounding = {.this_turn = 2, .prior_turns = 1};
  return e;
}

void BM_OtlpEnqueue(benchmark::State& state) {
  OtlpExporterOptions options;
  options.queue_capacity = kMaxOtlpQueueCapacity;
  options.max_batch_size = kDefaultOtlpMaxBatchSize;
  options.transport =
      [](const OtlpHttpRequest&) -> absl::StatusOr<OtlpHttpResponse> {
    return OtlpHttpResponse{.status = 200, .body = "{}"};
  };
  absl::StatusOr<std::unique_ptr<OtlpExporter>> exporter =
      OtlpExporter::Create(std::move(options));
  if (!exporter.ok()) {
    state.SkipWithError("OtlpExporter::Create failed");
    return;
  }
  const EvidenceChecked event = FlaggedEvent();
  for (auto _ : state) {
    benchmark::DoNotOptimize((*exporter)->Enqueue(event));
  }
  state.counters["dropped"] = static_cast<double>((*exporter)->stats().dropped);
}
BENCHMARK(BM_OtlpEnqueue);

}  // namespace
}  // namespace groundgate::bench
