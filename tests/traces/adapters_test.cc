// tests/traces/adapters_test.cc — every trace format to neutral messages, and
// their replay into verdicts.
//
// Its one job: read the fixtures of tests/fixtures/adapters/ (one file per
// format) and inline records through groundgate/trace.h in-process, and
// pin what each adapter gives: the format it detects, the roles, call ids
// and tool names, which results are errors, which messages are answers,
// the verdicts a replay gives, and the field each malformed record names
// (an unknown type that is a type name is a warning: formats_test.cc).
//
// What it does NOT do: run the command (the cli, report and eval suites
// do), or test the value rules (the evidence suites do).
#include <doctest/doctest.h>

#include <cstddef>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "nlohmann/json.hpp"
#include "tests/support/cases.h"

namespace {

using groundgate::Gate;
using groundgate::ReadTraceRecord;
using groundgate::ReplayOptions;
using groundgate::ReplayTrace;
using groundgate::Trace;
using groundgate::TraceFormat;
using groundgate::TraceMessage;
using groundgate::TraceRole;
using groundgate_test::ForEachCase;
using Json = nlohmann::json;

std::string FixturePath(const std::string& name) {
  return std::string(GROUNDGATE_SOURCE_DIR) + "/tests/fixtures/adapters/" +
         name;
}

// Every record of a fixture, read with format detection.
std::vector<Trace> ReadFixture(const std::string& name,
                               TraceFormat format = TraceFormat::kAuto) {
  std::ifstream file(FixturePath(name));
  REQUIRE(file.good());
  std::vector<Trace> traces;
  for (std::string line; std::getline(file, line);) {
    absl::StatusOr<Trace> trace =
        ReadTraceRecord(std::string_view(line), format);
    CAPTURE(line);
    REQUIRE(trace.ok());
    traces.push_back(*std::move(trace));
  }
  return traces;
}

Trace ById(const std::vector<Trace>& traces, const std::string& id) {
  for (const Trace& trace : traces) {
    if (trace.id == id) return trace;
  }
  FAIL("no trace " << id);
  return traces.front();
}

// The judged messages of a replay: (message index, reasoning?) -> the
// flagged spellings, as the answer wrote them.
using Flags = std::map<std::pair<std::size_t, bool>, std::set<std::string>>;

Flags Judge(const Trace& trace, bool judge_intermediate = false) {
  absl::StatusOr<Gate> gate = Gate::Create({});
  REQUIRE(gate.ok());
  Flags flags;
  ReplayOptions options;
  options.judge_intermediate = judge_intermediate;
  ReplayTrace(
      trace, *gate, options, [&](const groundgate::JudgedMessage& judged) {
        std::set<std::string>& values =
            flags[{judged.message.index,
                   judged.message.role == TraceRole::kReasoning}];
        for (const groundgate::Candidate& c : judged.verdict.candidates) {
          if (c.status == groundgate::CandidateStatus::kUnsupported) {
            values.insert(judged.message.text.substr(c.start, c.end - c.start));
          }
        }
      });
  return flags;
}

std::string ErrorOf(const std::string& line,
                    TraceFormat format = TraceFormat::kAuto) {
  absl::StatusOr<Trace> trace = ReadTraceRecord(std::string_view(line), format);
  if (trace.ok()) return "<ok>";
  return std::string(trace.status().message());
}

}  // namespace

TEST_SUITE_BEGIN("adapters");

TEST_CASE("adapters detect each fixture's format from its records") {
  const std::vector<std::pair<std::string, TraceFormat>> fixtures = {
      {"openai_chat.jsonl", TraceFormat::kOpenAiChat},
      {"openai_responses.jsonl", TraceFormat::kOpenAiResponses},
      {"anthropic_messages.jsonl", TraceFormat::kAnthropicMessages},
      {"mcp.jsonl", TraceFormat::kMcp},
      {"evidenceflow.jsonl", TraceFormat::kEvidenceFlow},
  };
  // No structured bindings where CAPTURE names them: clang 14 cannot
  // capture a binding in the lambda CAPTURE makes.
  for (const auto& fixture : fixtures) {
    const std::string& name = fixture.first;
    const TraceFormat format = fixture.second;
    CAPTURE(name);
    const std::vector<Trace> traces = ReadFixture(name);
    REQUIRE_FALSE(traces.empty());
    for (const Trace& trace : traces) CHECK(trace.format == format);
    // Naming the format gives the same messages.
    const std::vector<Trace> named = ReadFixture(name, format);
    CHECK(named.size() == traces.size());
  }
}

TEST_CASE(
    "adapters judge every format with exactly the planted values flagged") {
  // (fixture, trace id) -> judged message index -> flagged spellings.
  struct Expected {
    std::string fixture;
    std::string id;
    Flags flags;
  };
  const std::vector<Expected> cases = {
      {"openai_chat.jsonl", "chat-grounded", {{{4, false}, {}}}},
      {"openai_chat.jsonl",
       "chat-error-results",
       {{{4, false}, {"TCK-88231", "TCK-88232"}}}},
      {"openai_responses.jsonl", "responses-grounded", {{{3, false}, {}}}},
      {"openai_responses.jsonl",
       "responses-planted",
       {{{5, false}, {"WH-0418"}}}},
      {"anthropic_messages.jsonl", "anthropic-grounded", {{{3, false}, {}}}},
      {"mcp.jsonl", "mcp-jsonrpc", {{{7, false}, {}}}},
      {"mcp.jsonl", "mcp-errors", {{{5, false}, {"JOB-91827"}}}},
      {"mcp.jsonl", "mcp-beside-chat-call", {{{3, false}, {}}}},
      {"evidenceflow.jsonl", "ef-grounded", {{{5, false}, {}}}},
      {"evidenceflow.jsonl",
       "ef-reasoning-and-error",
       {{{5, false}, {"B-55104"}}}},
  };
  for (const Expected& expected : cases) {
    CAPTURE(expected.id);
    const Trace trace = ById(ReadFixture(expected.fixture), expected.id);
    CHECK(Judge(trace) == expected.flags);
  }
}

TEST_CASE("adapters an error result's value is never grounded") {
  // RF-70072 is only in the anthropic fixture's error result. Whether it
  // is flagged or unverified depends on the other result's parts (an
  // image there may carry it: law 5, pinned by the formats suite); it is
  // never grounded.
  const Trace trace = ById(ReadFixture("anthropic_messages.jsonl"),
                           "anthropic-error-and-thinking");
  absl::StatusOr<Gate> gate = Gate::Create({});
  REQUIRE(gate.ok());
  std::size_t judged = 0;
  ReplayTrace(trace, *gate, {}, [&](const groundgate::JudgedMessage& j) {
    ++judged;
    for (const groundgate::Candidate& c : j.verdict.candidates) {
      if (j.message.text.substr(c.start, c.end - c.start) != "RF-70072") {
        continue;
      }
      CHECK(c.status != groundgate::CandidateStatus::kGrounded);
      CHECK(c.status != groundgate::CandidateStatus::kExempt);
    }
  });
  CHECK(judged == 1);
}

TEST_CASE("adapters judge reasoning only with judge_intermediate") {
  const std::vector<
      std::tuple<std::string, std::string, std::size_t, std::string>>
      cases = {
          {"openai_responses.jsonl", "responses-planted", 1, "WH-0417"},
          {"anthropic_messages.jsonl", "anthropic-error-and-thinking", 1,
           "RF-70071"},
          {"evidenceflow.jsonl", "ef-reasoning-and-error", 1, "B-55199"},
      };
  for (const auto& planted : cases) {
    const std::string& fixture = std::get<0>(planted);
    const std::string& id = std::get<1>(planted);
    const std::size_t index = std::get<2>(planted);
    const std::string& value = std::get<3>(planted);
    CAPTURE(id);
    const Trace trace = ById(ReadFixture(fixture), id);
    const Flags plain = Judge(trace);
    for (const auto& [key, values] : plain) CHECK_FALSE(key.second);
    const Flags with = Judge(trace, /*judge_intermediate=*/true);
    auto it = with.find({index, true});
    REQUIRE(it != with.end());
    CHECK(it->second == std::set<std::string>{value});
  }
}

TEST_CASE("adapters keep error results but never record them as evidence") {
  // Each error result, by trace: its call id.
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"openai_chat.jsonl", "chat-error-results", "call_a"},  // "exception"
      {"openai_chat.jsonl", "chat-error-results", "call_b"},  // is_error
      {"anthropic_messages.jsonl", "anthropic-error-and-thinking", "toolu_02"},
      {"mcp.jsonl", "mcp-errors", "a1"},  // isError
      {"mcp.jsonl", "mcp-errors", "a2"},  // a JSON-RPC error
      {"evidenceflow.jsonl", "ef-reasoning-and-error", "4"},  // "error"
  };
  for (const auto& error_result : cases) {
    const std::string& fixture = std::get<0>(error_result);
    const std::string& id = std::get<1>(error_result);
    const std::string& call = std::get<2>(error_result);
    CAPTURE(id);
    CAPTURE(call);
    const Trace trace = ById(ReadFixture(fixture), id);
    bool found = false;
    for (const TraceMessage& message : trace.messages) {
      if (message.role != TraceRole::kToolResult ||
          message.tool_call_id != call) {
        continue;
      }
      found = true;
      CHECK(message.is_error);
      CHECK_FALSE(message.text.empty());
    }
    CHECK(found);
  }
}

TEST_CASE("adapters name each result after its call") {
  const Trace chat = ById(ReadFixture("openai_chat.jsonl"), "chat-grounded");
  CHECK(chat.messages[3].role == TraceRole::kToolResult);
  CHECK(chat.messages[3].tool_name == "get_order");
  const Trace responses =
      ById(ReadFixture("openai_responses.jsonl"), "responses-planted");
  bool named = false;
  for (const TraceMessage& message : responses.messages) {
    if (message.role == TraceRole::kToolResult) {
      CHECK(message.tool_call_id == "call_9");
      CHECK(message.tool_name == "get_inventory");
      named = true;
    }
  }
  CHECK(named);
  const Trace mcp = ById(ReadFixture("mcp.jsonl"), "mcp-jsonrpc");
  std::vector<std::string> paths;
  for (const TraceMessage& message : mcp.messages) {
    if (message.role != TraceRole::kToolResult) continue;
    CHECK(message.tool_call_id == "2");
    CHECK(message.tool_name == "read_sensor");
    paths.push_back(message.path);
  }
  // The text parts and the structuredContent, one record each.
  CHECK(paths ==
        std::vector<std::string>{"messages[6].result.content",
                                 "messages[6].result.structuredContent"});
}

TEST_CASE("adapters treat text written beside tool calls as no answer") {
  // Responses: "Let me look up SKU-20931 in WH-0999 first." precedes a
  // function_call in the same output: like Chat text beside tool_calls.
  const Trace responses =
      ById(ReadFixture("openai_responses.jsonl"), "responses-planted");
  std::size_t answers = 0;
  for (const TraceMessage& message : responses.messages) {
    if (message.text.find("WH-0999") != std::string::npos) {
      CHECK(message.beside_tool_calls);
      CHECK_FALSE(message.IsAnswer());
    }
    if (message.IsAnswer()) ++answers;
  }
  CHECK(answers == 1);
  // MCP: "Checking the sensors" precedes the tools/call frame... after an
  // initialize exchange, which is protocol and no message at all.
  const Trace mcp = ById(ReadFixture("mcp.jsonl"), "mcp-jsonrpc");
  CHECK(mcp.messages[1].role == TraceRole::kAssistant);
  CHECK(mcp.messages[1].beside_tool_calls);
}

TEST_CASE("adapters an anthropic user message of tool results starts no turn") {
  const Trace trace = ById(ReadFixture("anthropic_messages.jsonl"),
                           "anthropic-error-and-thinking");
  std::size_t turns = 0;
  std::size_t beside = 0;
  for (const TraceMessage& message : trace.messages) {
    if (message.role != TraceRole::kUser) continue;
    if (message.starts_user_turn) ++turns;
    if (message.text.find("CASE-3307") != std::string::npos) {
      CHECK_FALSE(message.starts_user_turn);
      ++beside;
    }
  }
  CHECK(turns == 1);
  CHECK(beside == 1);
  CHECK(trace.messages.front().role == TraceRole::kSystem);
  CHECK(trace.messages.front().index == groundgate::kNotInList);
}

TEST_CASE("adapters count responses positions over input then output items") {
  const Trace trace =
      ById(ReadFixture("openai_responses.jsonl"), "responses-grounded");
  REQUIRE(trace.messages.size() == 5);
  CHECK(trace.messages[0].path == "instructions");
  CHECK(trace.messages[1].index == 0);
  CHECK(trace.messages[1].path == "input[0]");
  CHECK(trace.messages[4].index == 3);
  CHECK(trace.messages[4].path == "output[0]");
  CHECK(trace.messages[4].IsAnswer());
}

TEST_CASE("adapters DetectTraceFormat names a record's format from its text") {
  CHECK(groundgate::DetectTraceFormat(R"({"id": "e", "steps": []})") ==
        TraceFormat::kEvidenceFlow);
  CHECK(groundgate::DetectTraceFormat(R"({"jsonrpc": "2.0", "id": 1})") ==
        TraceFormat::kMcp);
  CHECK(groundgate::DetectTraceFormat(R"({"id": "r", "input": "q"})") ==
        TraceFormat::kOpenAiResponses);
  CHECK(groundgate::DetectTraceFormat(R"({"id": "c", "messages": []})") ==
        TraceFormat::kOpenAiChat);
  // Text that cannot be read is named openai-chat, whose reader says why.
  CHECK(groundgate::DetectTraceFormat("not json") == TraceFormat::kOpenAiChat);
  const std::string deep =
      std::string(100'000, '[') + std::string(100'000, ']');
  CHECK(groundgate::DetectTraceFormat(deep) == TraceFormat::kOpenAiChat);
}

TEST_CASE("adapters DetectTraceFormat: any message's shape decides, by rank") {
  // Each shape a message may show, as a messages list of its own.
  const std::string chat = R"({"role": "tool", "tool_call_id": "c1",
      "content": "ok"})";
  const std::string anthropic = R"({"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]})";
  const std::string responses = R"({"type": "function_call_output",
      "call_id": "c1", "output": "ok"})";
  const std::string parts = R"({"role": "user", "content": [
      {"type": "input_text", "text": "hi"}]})";
  const std::string mcp = R"({"jsonrpc": "2.0", "id": 1})";
  const auto format = [](std::initializer_list<std::string> messages) {
    std::string record = R"({"id": "x", "messages": [)";
    bool first = true;
    for (const std::string& m : messages) {
      if (!first) record += ", ";
      record += m;
      first = false;
    }
    return groundgate::DetectTraceFormat(record + "]}");
  };
  // A later message of a higher rank decides, in whatever order they come:
  // mcp, then anthropic, then responses, then chat, then responses parts.
  CHECK(format({chat, anthropic}) == TraceFormat::kAnthropicMessages);
  CHECK(format({anthropic, chat}) == TraceFormat::kAnthropicMessages);
  CHECK(format({chat, responses}) == TraceFormat::kOpenAiResponses);
  CHECK(format({responses, anthropic}) == TraceFormat::kAnthropicMessages);
  CHECK(format({anthropic, responses, mcp}) == TraceFormat::kMcp);
  CHECK(format({parts, chat}) == TraceFormat::kOpenAiChat);
  CHECK(format({chat, parts}) == TraceFormat::kOpenAiChat);
  CHECK(format({parts}) == TraceFormat::kOpenAiResponses);
  CHECK(format({parts, responses}) == TraceFormat::kOpenAiResponses);
}

TEST_CASE("adapters read a bare evidenceflow array, detected or named") {
  const std::string steps =
      R"([{"type": "user", "content": "hi"}, {"type": "assistant", )"
      R"("content": "Build B-1234."}])";
  for (TraceFormat format : {TraceFormat::kAuto, TraceFormat::kEvidenceFlow}) {
    absl::StatusOr<Trace> trace =
        ReadTraceRecord(std::string_view(steps), format);
    REQUIRE(trace.ok());
    CHECK(trace->format == TraceFormat::kEvidenceFlow);
    CHECK(trace->id.empty());
    REQUIRE(trace->messages.size() == 2);
    CHECK(trace->messages[1].path == "[1]");
  }
  // An array of anything else is no trace.
  CHECK(ErrorOf(R"([1, 2])") ==
        "expected a JSON object {\"id\", \"messages\"}, got array");
}

TEST_CASE("adapters a malformed record names the field that is wrong") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"not json", "not JSON"},
      // evidenceflow
      {R"({"id": "e", "steps": [{"type": "Plan!", "content": "x"}]})",
       "steps[0].type: unknown step type (expected user, "
       "assistant, tool_call, tool_result, retrieval, system or reasoning)"},
      {R"({"id": "e", "steps": [{"content": "x"}]})", "steps[0].type: missing"},
      {R"({"id": "e", "steps": [{"type": "user", "content": 5}]})",
       "steps[0].content: expected a string, got number"},
      {R"({"id": "e", "steps": [{"type": "tool_result", "tool": "t"}]})",
       "steps[0].content: missing"},
      {R"({"steps": []})", "id: missing"},
      // Responses
      {R"({"id": "r", "input": [{"type": "function_call", "name": "f"}]})",
       "input[0].call_id: missing"},
      {R"({"id": "r", "input": [{"type": "computer poke"}]})",
       "input[0].type: unknown item type (expected "},
      {R"({"id": "r", "output": [{"type": "message", "role": "tool",)"
       R"( "content": "x"}]})",
       "output[0].role: unknown role (expected system, developer, user or "
       "assistant)"},
      {R"({"id": "r", "input": 5})", "input: expected a string or an array"},
      // Anthropic
      {R"({"id": "a", "system": "s", "messages": [{"role": "user", "content":)"
       R"( [{"type": "tool_result"}]}]})",
       "messages[0].content[0].tool_use_id: missing"},
      {R"({"id": "a", "system": "s", "messages": [{"role": "assistant",)"
       R"( "content": [{"type": "tool_use", "id": "t"}]}]})",
       "messages[0].content[0].name: missing"},
      {R"({"id": "a", "system": "s", "messages": [{"role": "user",)"
       R"( "content": [{"type": "Hologram"}]}]})",
       "messages[0].content[0].type: unknown block type (expected "},
      {R"({"id": "a", "system": "s", "messages": [{"role": "developer",)"
       R"( "content": "x"}]})",
       "messages[0].role: unknown role (expected user or assistant)"},
      {R"({"id": "a", "system": "s", "messages": [{"role": "user", "content":)"
       R"( [{"type": "tool_result", "tool_use_id": "t", "is_error": "yes"}]}]})",
       "messages[0].content[0].is_error: expected a boolean"},
      // MCP
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 3, "result":)"
       R"( {"content": []}}]})",
       "messages[0].id: no tools/call or other request with this id before "
       "this response"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 3, "method":)"
       R"( "tools/call", "params": {}}]})",
       "messages[0].params.name: missing"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 3, "method":)"
       R"( "tools/call", "params": {"name": "f"}}, {"jsonrpc": "2.0", "id": 3,)"
       R"( "result": {"content": [{"type": "video/mp4"}]}}]})",
       "messages[1].result.content[0].type: unknown content type (expected "
       "text, resource, image, audio or resource_link)"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 3, "method":)"
       R"( "tools/call", "params": {"name": "f"}}, {"jsonrpc": "2.0", "id": 3,)"
       R"( "result": {"content": [], "isError": 1}}]})",
       "messages[1].result.isError: expected a boolean"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 1}]})",
       "messages[0]: a JSON-RPC frame needs"},
      // Chat
      {R"({"id": "c", "messages": [{"role": "tool", "tool_call_id": "x",)"
       R"( "content": "r", "is_error": "no"}]})",
       "messages[0].is_error: expected a boolean"},
  };
  ForEachCase(cases, [](const std::pair<std::string, std::string>& bad) {
    const std::string error = ErrorOf(bad.first);
    CAPTURE(error);
    CHECK(error.find(bad.second) == 0);
  });
}

TEST_CASE(
    "adapters a named format reads a record of another shape as an error") {
  const std::string chat =
      R"({"id": "c", "messages": [{"role": "tool", "tool_call_id": "x",)"
      R"( "content": "r"}]})";
  CHECK(ErrorOf(chat, TraceFormat::kAnthropicMessages) ==
        "messages[0].role: unknown role (expected user or assistant)");
  CHECK(ErrorOf(chat, TraceFormat::kEvidenceFlow) == "steps: missing");
  CHECK(ErrorOf(chat, TraceFormat::kOpenAiChat) == "<ok>");
}

TEST_CASE("adapters format names round trip and unknown names are refused") {
  for (TraceFormat format :
       {TraceFormat::kAuto, TraceFormat::kOpenAiChat,
        TraceFormat::kOpenAiResponses, TraceFormat::kAnthropicMessages,
        TraceFormat::kMcp, TraceFormat::kEvidenceFlow}) {
    CHECK(groundgate::ParseTraceFormatName(
              groundgate::TraceFormatName(format)) == format);
  }
  CHECK_FALSE(groundgate::ParseTraceFormatName("langchain").has_value());
}

TEST_CASE(
    "adapters tool-call arguments never ground a value in any format (law 3)") {
  // The value is only in the call's arguments / input / params.
  const std::vector<std::string> records = {
      R"({"id": "c", "messages": [{"role": "user", "content": "go"},)"
      R"( {"role": "assistant", "tool_calls": [{"id": "k", "function":)"
      R"( {"name": "f", "arguments": "{\"serial\": \"SN-77213\"}"}}]},)"
      R"( {"role": "tool", "tool_call_id": "k", "content": "{}"},)"
      R"( {"role": "assistant", "content": "Serial SN-77213."}]})",
      R"({"id": "r", "input": "go", "output": [{"type": "function_call",)"
      R"( "call_id": "k", "name": "f", "arguments": "{\"serial\":)"
      R"( \"SN-77213\"}"}, {"type": "function_call_output", "call_id": "k",)"
      R"( "output": "{}"}, {"type": "message", "role": "assistant",)"
      R"( "content": "Serial SN-77213."}]})",
      R"({"id": "a", "system": "s", "messages": [{"role": "user", "content":)"
      R"( "go"}, {"role": "assistant", "content": [{"type": "tool_use", "id":)"
      R"( "k", "name": "f", "input": {"serial": "SN-77213"}}]}, {"role":)"
      R"( "user", "content": [{"type": "tool_result", "tool_use_id": "k",)"
      R"( "content": "{}"}]}, {"role": "assistant", "content": "Serial)"
      R"( SN-77213."}]})",
      R"({"id": "m", "messages": [{"role": "user", "content": "go"},)"
      R"( {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params":)"
      R"( {"name": "f", "arguments": {"serial": "SN-77213"}}}, {"jsonrpc":)"
      R"( "2.0", "id": 1, "result": {"content": [{"type": "text", "text":)"
      R"( "{}"}]}}, {"role": "assistant", "content": "Serial SN-77213."}]})",
      R"({"id": "e", "steps": [{"type": "user", "content": "go"}, {"type":)"
      R"( "tool_call", "tool": "f", "content": "{\"serial\": \"SN-77213\"}"},)"
      R"( {"type": "tool_result", "tool": "f", "content": "{}"}, {"type":)"
      R"( "assistant", "content": "Serial SN-77213."}]})",
  };
  for (const std::string& line : records) {
    CAPTURE(line);
    absl::StatusOr<Trace> trace =
        ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
    REQUIRE(trace.ok());
    const Flags flags = Judge(*trace);
    REQUIRE(flags.size() == 1);
    CHECK(flags.begin()->second == std::set<std::string>{"SN-77213"});
  }
}

TEST_SUITE_END();
