// tests/cli/cli_records.h — what the command's suites share: running the
// built `groundgate` and building trace records to run it on.
//
// Its one job: RunCli and CheckRecords (run the binary, capture stdout,
// stderr and the exit code as a CliResult), and the builders of OpenAI Chat
// Completions messages and JSONL lines the cli suites write their traces
// with.
//
// What it does NOT do: assert anything about the command's output; the
// suites (cli_test.cc, cli_input_test.cc) do.
#ifndef GROUNDGATE_TESTS_CLI_CLI_RECORDS_H_
#define GROUNDGATE_TESTS_CLI_CLI_RECORDS_H_

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

#include "groundgate/corpus.h"
#include "nlohmann/json.hpp"
#include "tests/cli_run.h"
#include "tests/support/cases.h"

namespace groundgate_cli_test {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

using groundgate_test::Contains;
using groundgate_test::ForEachCase;
using groundgate_test::ReadFile;
using groundgate_test::ScratchDir;

inline std::vector<std::string> SplitLines(const std::string& text) {
  return groundgate_test::Lines(text);
}

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;

  std::vector<std::string> OutLines() const { return SplitLines(out); }

  // Every stdout line parsed, keys in the order printed.
  std::vector<OrderedJson> Verdicts() const {
    std::vector<OrderedJson> verdicts;
    for (const std::string& line : OutLines()) {
      verdicts.push_back(OrderedJson::parse(line, nullptr, false));
      REQUIRE_FALSE(verdicts.back().is_discarded());
    }
    return verdicts;
  }

  // The last line of stderr: the summary.
  std::string Summary() const {
    std::vector<std::string> lines = SplitLines(err);
    return lines.empty() ? std::string() : lines.back();
  }
};

// Runs the built binary with `args`, standard input from `stdin_text`, and
// captures stdout, stderr and the exit code.
inline CliResult RunCli(const std::vector<std::string>& args,
                        const std::string& stdin_text = "") {
  groundgate_test::RunResult run =
      groundgate_test::RunGroundgate(args, stdin_text);
  return CliResult{run.exit_code, std::move(run.out), std::move(run.err)};
}

// `groundgate check` on one file holding `records` as written (a record a
// line, each ending in a newline), in a scratch directory of its own.
inline CliResult CheckRecords(const std::string& records) {
  ScratchDir dir;
  return RunCli({"check", dir.Write("t.jsonl", records)});
}

// --- building traces: OpenAI Chat Completions messages ----------------------

inline Json System(const std::string& text) {
  return {{"role", "system"}, {"content", text}};
}
inline Json Developer(const std::string& text) {
  return {{"role", "developer"}, {"content", text}};
}
inline Json User(const std::string& text) {
  return {{"role", "user"}, {"content", text}};
}
inline Json Answer(const std::string& text) {
  return {{"role", "assistant"}, {"content", text}};
}

struct Call {
  std::string id;
  std::string function;
  std::string arguments = "{}";
};

inline Json Calls(const std::vector<Call>& calls, Json content = nullptr) {
  Json tool_calls = Json::array();
  for (const Call& call : calls) {
    tool_calls.push_back(
        {{"id", call.id},
         {"type", "function"},
         {"function",
          {{"name", call.function}, {"arguments", call.arguments}}}});
  }
  return {{"role", "assistant"},
          {"content", std::move(content)},
          {"tool_calls", std::move(tool_calls)}};
}

// A tool message with no `name`: the name comes from its call.
inline Json Result(const std::string& call_id, Json content) {
  return {{"role", "tool"},
          {"tool_call_id", call_id},
          {"content", std::move(content)}};
}
inline Json NamedResult(const std::string& call_id, const std::string& name,
                        Json content) {
  Json message = Result(call_id, std::move(content));
  message["name"] = name;
  return message;
}

// One JSONL line: {"id", "messages"}.
inline std::string Line(const std::string& id,
                        const std::vector<Json>& messages) {
  return Json{{"id", id}, {"messages", messages}}.dump();
}

// The port-statistics turn most cases share.
constexpr char kPortStats[] =
    R"({"switch":"sw-core-01","port":"fc1/3",)"
    R"("wwpn":"20:00:00:25:b5:aa:00:1f","crc_errors":41200})";

inline std::vector<Json> PortConversation(const std::string& answer) {
  return {System("You are the storage operations assistant."),
          User("Why is the link to the array flapping?"),
          Calls({{"call_1", "get_port_stats"}}),
          NamedResult("call_1", "get_port_stats", kPortStats), Answer(answer)};
}

// The [start, end) byte span of `needle` in `text`.
inline std::pair<std::size_t, std::size_t> SpanOf(const std::string& text,
                                                  const std::string& needle) {
  const std::size_t start = text.find(needle);
  REQUIRE(start != std::string::npos);
  return {start, start + needle.size()};
}

}  // namespace groundgate_cli_test

#endif  // GROUNDGATE_TESTS_CLI_CLI_RECORDS_H_
