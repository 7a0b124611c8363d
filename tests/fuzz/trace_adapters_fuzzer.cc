// tests/fuzz/trace_adapters_fuzzer.cc — libFuzzer target over the trace
// adapters (groundgate/trace.h) and the replay of what they read.
//
// Its one job: read one JSONL record with ReadTraceRecord in a format the
// input picks (each of the five adapters, or detection), check the Trace
// against the contracts trace.h states, replay it with the shared Gate, and
// check and print every judged verdict (VerdictToJson, and the line
// `groundgate check` prints for it through traces::CheckLine). It stops on any
// crash, sanitizer report, escaped exception or broken contract (law 10: a
// bad record is an InvalidArgument naming a field, never a crash).
//
// Input layout: SELECTOR RECORD. The selector byte picks the format,
// SELECTOR % 6 in TraceFormat's order (auto, openai-chat, openai-responses,
// anthropic, mcp, evidenceflow: ASCII '0'..'5' name them), and
// (SELECTOR / 6) % 2 == 1 turns on ReplayOptions::judge_intermediate. The
// rest is the record, one JSONL line.
//
// What it does NOT do: check that a verdict is right, or read files and
// split lines (jsonl_input_fuzzer.cc does).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "nlohmann/json.hpp"
#include "tests/fuzz/fuzz_checks.h"
#include "traces/check_record.h"
#include "traces/trace_json.h"

namespace groundgate::fuzz {
namespace {

// What trace.h promises of every message it reads.
void CheckTrace(const Trace& trace, TraceFormat asked,
                std::string_view record) {
  if (asked != TraceFormat::kAuto) {
    GG_FUZZ_CHECK(trace.format == asked, "a named format is the format read");
  } else {
    GG_FUZZ_CHECK(trace.format != TraceFormat::kAuto,
                  "auto resolves to a format");
    // JSON, or JSON as Python writes it (NaN, a lone surrogate escape).
    const absl::StatusOr<nlohmann::json> document =
        ParseTraceJsonText(record, nullptr);
    GG_FUZZ_CHECK(document.ok(), "a record read as a trace is JSON");
    GG_FUZZ_CHECK(trace.format == DetectTraceFormat(*document),
                  "auto reads the format DetectTraceFormat names");
  }
  for (const TraceMessage& message : trace.messages) {
    GG_FUZZ_CHECK(!message.path.empty(), "every message says where it was");
    if (message.role != TraceRole::kAssistant) {
      GG_FUZZ_CHECK(message.tool_calls.empty() && !message.beside_tool_calls,
                    "only an assistant message makes tool calls");
      GG_FUZZ_CHECK(!message.IsAnswer(), "only an assistant message answers");
    }
    if (message.role != TraceRole::kToolResult) {
      GG_FUZZ_CHECK(!message.is_error, "only a tool result is an error");
    }
    if (message.role != TraceRole::kUser) {
      GG_FUZZ_CHECK(message.starts_user_turn,
                    "only user text can stay inside a user turn");
    }
    (void)TraceRoleName(message.role);
  }
}

void TestOneInput(std::string_view bytes) {
  if (bytes.empty()) return;
  const unsigned char selector = static_cast<unsigned char>(bytes[0]);
  const TraceFormat format = kFormats[selector % kFormatCount];
  ReplayOptions replay_options;
  replay_options.judge_intermediate = (selector / kFormatCount) % 2 == 1;
  const std::string_view record = bytes.substr(1);

  absl::StatusOr<Trace> trace = ReadTraceRecord(record, format);
  if (!trace.ok()) {
    GG_FUZZ_CHECK(absl::IsInvalidArgument(trace.status()),
                  "a record that is not a trace is InvalidArgument");
    GG_FUZZ_CHECK(!trace.status().message().empty(),
                  "a rejected record's status names what is wrong");
    return;
  }
  CheckTrace(*trace, format, record);

  const Gate& gate = DeclaredShapesGate();
  VerdictJsonOptions json_options;
  std::size_t judged_count = 0;
  std::size_t previous_position = 0;
  ReplayTrace(*trace, gate, replay_options, [&](const JudgedMessage& judged) {
    GG_FUZZ_CHECK(judged.position < trace->messages.size(),
                  "a judged message is one of the trace's");
    GG_FUZZ_CHECK(&judged.message == &trace->messages[judged.position],
                  "position names the judged message");
    GG_FUZZ_CHECK(judged_count == 0 || judged.position > previous_position,
                  "messages are judged once each, in wire order");
    previous_position = judged.position;
    ++judged_count;
    GG_FUZZ_CHECK(judged.message.IsAnswer() ||
                      (replay_options.judge_intermediate &&
                       judged.message.role == TraceRole::kReasoning),
                  "only answers (and reasoning, when asked) are judged");
    CheckVerdict(judged.verdict, judged.message.text, judged.corpus);
    const std::string json = DumpVerdict(judged.verdict);
    GG_FUZZ_CHECK(json.starts_with('{'), "a verdict prints as an object");
    const std::string line =
        traces::DumpCheckLine(traces::CheckLine(*trace, judged, json_options));
    GG_FUZZ_CHECK(line.starts_with('{') && line.find('\n') == line.npos,
                  "a check line is one JSON object on one line");
  });
}

}  // namespace
}  // namespace groundgate::fuzz

// Builds the shared Gate before the first input.
GG_FUZZ_TEXT_TARGET()
