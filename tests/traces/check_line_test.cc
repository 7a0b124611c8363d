// tests/traces/check_line_test.cc — traces::CheckLineText, the command's output
// line written straight to text, is byte for byte
// DumpCheckLine(CheckLine(...)), the line built as a JSON object (which the C
// API and Python print).
#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/groundgate.h"
#include "groundgate/trace.h"
#include "tests/default_gate.h"
#include "tests/support/misattributed.h"
#include "traces/check_record.h"

namespace groundgate::traces {
namespace {

// Every judged message of every record in `path`, both ways, with values
// and without, answers only and reasoning too. Returns the lines compared.
std::size_t CompareFile(const std::string& path, const Gate& gate) {
  std::ifstream file(path);
  REQUIRE(file.good());
  std::size_t compared = 0;
  std::string line;
  while (std::getline(file, line)) {
    if (IsBlankJsonlLine(line)) continue;
    absl::StatusOr<Trace> trace =
        ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
    if (!trace.ok()) continue;
    for (const bool include_values : {false, true}) {
      for (const bool intermediate : {false, true}) {
        VerdictJsonOptions json;
        json.include_values = include_values;
        ReplayOptions replay;
        replay.judge_intermediate = intermediate;
        ReplayTrace(*trace, gate, replay, [&](const JudgedMessage& judged) {
          CAPTURE(trace->id);
          CHECK(CheckLineText(*trace, judged, json) ==
                DumpCheckLine(CheckLine(*trace, judged, json)));
          ++compared;
        });
      }
    }
  }
  return compared;
}

// A trace with only its id, and an assistant message at `index`: what a
// check line reads of them.
Trace NamedTrace(std::string id) {
  Trace trace;
  trace.id = std::move(id);
  return trace;
}

TraceMessage AnswerAt(std::size_t index) {
  TraceMessage message;
  message.role = TraceRole::kAssistant;
  message.index = index;
  return message;
}

TEST_SUITE("check line") {
  TEST_CASE("check line text equals the dumped JSON on every fixture") {
    const Gate& gate = groundgate_test::DefaultGate();
    std::size_t compared = 0;
    for (const char* dir :
         {"/tests/fixtures", "/tests/fixtures/formats", "/examples/traces"}) {
      const std::filesystem::path root =
          std::filesystem::path(GROUNDGATE_SOURCE_DIR).string() + dir;
      for (const auto& entry : std::filesystem::directory_iterator(root)) {
        if (entry.path().extension() != ".jsonl") continue;
        compared += CompareFile(entry.path().string(), gate);
      }
    }
    CHECK(compared > 100);  // the comparison ran on real verdicts
  }

  TEST_CASE("check line text escapes ids and values as nlohmann does") {
    const Gate& gate = groundgate_test::DefaultGate();
    // Ids and tool names with quotes, backslashes, every control byte,
    // DEL, multi-byte characters, and bytes that are not UTF-8 (overlong,
    // a surrogate, a truncated sequence, past U+10FFFF).
    const std::vector<std::string> odd = {
        "plain",
        "q\"uo\\te/slash",
        std::string("ctl\x01\x02\x1f\x7f\b\f\n\r\t", 13),
        "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
        "over\xC0\xAFlong",
        "sur\xED\xA0\x80rogate",
        "cut\xE2\x82",
        "big\xF4\x90\x80\x80",
        "lone\x80\xBF",
    };
    for (const std::string& id : odd) {
      CAPTURE(id);
      nlohmann::json record = {
          {"id", id},
          {"messages",
           {{{"role", "user"}, {"content", "Status of pool-7?"}},
            {{"role", "assistant"},
             {"content", nullptr},
             {"tool_calls",
              {{{"id", id + "-call"},
                {"type", "function"},
                {"function",
                 {{"name", "get_" + std::to_string(id.size())},
                  {"arguments", "{}"}}}}}}},
            {{"role", "tool"},
             {"tool_call_id", id + "-call"},
             {"content", "pool-7 holds 4,096 GB; " + id}},
            {{"role", "assistant"},
             {"content", "pool-7 holds 4,096 GB and 9,999 GB spare."}}}}};
      const std::string line =
          record.dump(-1, ' ', false, nlohmann::json::error_handler_t::ignore);
      absl::StatusOr<Trace> trace =
          ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
      if (!trace.ok()) continue;  // ids the parser refuses never print
      for (const bool include_values : {false, true}) {
        VerdictJsonOptions json;
        json.include_values = include_values;
        json.max_value_bytes = 5;  // clipping on a character boundary too
        std::size_t judged_count = 0;
        ReplayTrace(*trace, gate, {}, [&](const JudgedMessage& judged) {
          ++judged_count;
          CHECK(CheckLineText(*trace, judged, json) ==
                DumpCheckLine(CheckLine(*trace, judged, json)));
        });
        CHECK(judged_count == 1);
      }
    }
    // A trace id that is not UTF-8 (the record parser would refuse it,
    // but a library caller may set any id) is escaped by nlohmann itself.
    const Trace trace = NamedTrace("bad\xFF\xFE id \"q\"");
    const TraceMessage message = AnswerAt(0);
    Verdict verdict;
    EvidenceCorpus corpus;
    const JudgedMessage judged{0, message, verdict, corpus};
    CHECK(CheckLineText(trace, judged, {}) ==
          DumpCheckLine(CheckLine(trace, judged, {})));
  }

  TEST_CASE("check line text writes a misattributed value as VerdictToJson") {
    const Trace trace = NamedTrace("fare-1");
    const TraceMessage message = AnswerAt(3);
    EvidenceCorpus corpus;
    for (const bool warns_only : {false, true}) {
      for (const std::string aggregate : {"", "min"}) {
        Verdict verdict = groundgate_test::MisattributedVerdict(warns_only);
        verdict.candidates[1].binding->aggregate = aggregate;
        const JudgedMessage judged{0, message, verdict, corpus};
        for (const bool include_values : {false, true}) {
          VerdictJsonOptions json;
          json.include_values = include_values;
          json.max_value_bytes = 6;
          const std::string text = CheckLineText(trace, judged, json);
          CHECK(text == DumpCheckLine(CheckLine(trace, judged, json)));
          CHECK(text.find(R"("unverified":[],"misattributed":[{)") !=
                std::string::npos);
          // The verdict's members, then the line's schema; with values,
          // each entry also holds the text the answer wrote.
          std::string verdict_members = VerdictToJson(verdict, json).substr(1);
          verdict_members.insert(verdict_members.size() - 1, R"(,"schema":2)");
          CHECK(text.ends_with(verdict_members) == !include_values);
          CHECK((text.find(R"(,"text":)") != std::string::npos) ==
                include_values);
        }
      }
    }
  }
}

}  // namespace
}  // namespace groundgate::traces
