// tests/hostile_input_test.cc — records and replies written to hurt the
// reader: nesting deep enough to exhaust a stack, and field values that
// must not be copied into an error message.
//
// Its one job: pin that every trace format and the OpenAI reply reader
// refuse a value nested past their limit with an error naming the field
// (and go on reading the next line), that no error message quotes what a
// record's author wrote in a field, and that a zero-width character or
// soft hyphen inside a value hides it from neither side of the judge.
//
// What it does NOT do: run the command (the cli suite owns that), or test
// the well-formed reading of each format (adapters_test.cc).
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "evidence/tokenizer.h"
#include "groundgate/agent.h"
#include "groundgate/corpus.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "nlohmann/json.hpp"
#include "tests/default_gate.h"
#include "tests/support/cases.h"
#include "traces/trace_json.h"

namespace {

using groundgate::kMaxTraceJsonDepth;
using groundgate::ReadTraceRecord;
using groundgate::Trace;
using groundgate::TraceFormat;
using groundgate_test::ForEachCase;

// A hostile input's depth: far past any limit, and deep enough that a
// recursive walk of it overflows the stack.
constexpr int kHostileDepth = 100000;

// `levels` arrays inside one another around a number.
std::string NestedArrays(int levels) {
  return std::string(static_cast<std::size_t>(levels), '[') + "1" +
         std::string(static_cast<std::size_t>(levels), ']');
}

// `levels` objects inside one another, each under the key `key`.
std::string NestedObjects(int levels, std::string_view key) {
  std::string text;
  for (int i = 0; i < levels; ++i) {
    text += "{\"";
    text += key;
    text += "\": ";
  }
  text += "1";
  text.append(static_cast<std::size_t>(levels), '}');
  return text;
}

std::string ErrorOf(std::string_view line,
                    TraceFormat format = TraceFormat::kAuto) {
  absl::StatusOr<Trace> trace = ReadTraceRecord(line, format);
  if (trace.ok()) return "<ok>";
  CHECK(trace.status().code() == absl::StatusCode::kInvalidArgument);
  return std::string(trace.status().message());
}

std::string TooDeep(std::string_view path) {
  return std::string(path) + ": nests deeper than " +
         std::to_string(kMaxTraceJsonDepth);
}

TEST_CASE(
    "hostile 100k-deep nesting in each format is an error naming the "
    "field") {
  const std::string arrays = NestedArrays(kHostileDepth);
  const std::string objects = NestedObjects(kHostileDepth, "a");
  const std::vector<std::pair<std::string, std::string>> cases = {
      // evidenceflow: a result step's content is dumped as the result.
      {R"({"id": "e", "steps": [{"type": "user", "content": "Build?"},)"
       R"( {"type": "tool_call", "tool": "ci"},)"
       R"( {"type": "tool_result", "tool": "ci", "content": )" +
           objects + "}]}",
       TooDeep("steps[2].content")},
      {R"({"id": "e", "steps": [{"type": "tool_result", "tool": "ci",)"
       R"( "content": )" +
           arrays + "}]}",
       TooDeep("steps[0].content[0]")},
      // MCP: structuredContent is dumped as a second result.
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 1, "method":)"
       R"( "tools/call", "params": {"name": "f"}}, {"jsonrpc": "2.0", "id": 1,)"
       R"( "result": {"content": [], "structuredContent": )" +
           objects + "}}]}",
       TooDeep("messages[1].result.structuredContent")},
      {R"({"id": "m", "messages": [{"role": "tool", "tool_call_id": "c",)"
       R"( "content": {"content": [], "structuredContent": )" +
           objects + "}}]}",
       TooDeep("messages[0].content.structuredContent")},
      // Tool-call arguments, in every format that can carry them as JSON.
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 1, "method":)"
       R"( "tools/call", "params": {"name": "f", "arguments": )" +
           objects + "}}]}",
       TooDeep("messages[0].params.arguments")},
      {R"({"id": "c", "messages": [{"role": "assistant", "tool_calls": [{"id":)"
       R"( "c1", "function": {"name": "f", "arguments": )" +
           objects + "}}]}]}",
       TooDeep("messages[0].tool_calls[0].function.arguments")},
      {R"({"id": "a", "system": "s", "messages": [{"role": "assistant",)"
       R"( "content": [{"type": "tool_use", "id": "t", "name": "f", "input": )" +
           objects + "}]}]}",
       TooDeep("messages[0].content[0].input")},
      {R"({"id": "r", "output": [{"type": "function_call", "call_id": "c",)"
       R"( "name": "f", "arguments": )" +
           arrays + "}]}",
       TooDeep("output[0].arguments[0]")},
      // Anywhere else in the record, too.
      {R"({"id": "x", "metadata": )" + arrays + R"(, "messages": []})",
       TooDeep("record")},
  };
  // No structured bindings where CAPTURE names them: clang 14 cannot
  // capture a binding in the lambda CAPTURE makes.
  for (const auto& deep : cases) {
    const std::string& line = deep.first;
    const std::string& expected = deep.second;
    CAPTURE(expected);
    CHECK(ErrorOf(line) == expected);
  }
}

TEST_CASE(
    "hostile nesting is refused from one level past the limit, not at "
    "it") {
  // The record, steps and step are three levels; the content adds the rest.
  auto record = [](int content_levels) {
    return R"({"id": "e", "steps": [{"type": "tool_result", "tool": "ci",)"
           R"( "content": )" +
           NestedArrays(content_levels) + "}]}";
  };
  CHECK(ErrorOf(record(kMaxTraceJsonDepth - 3)) == "<ok>");
  CHECK(ErrorOf(record(kMaxTraceJsonDepth - 2)) ==
        TooDeep("steps[0].content[0]"));
}

TEST_CASE("hostile nesting names no key the record's author chose") {
  const std::string line =
      R"({"id": "e", "steps": [{"type": "tool_result", "tool": "ci",)"
      R"( "content": )" +
      NestedObjects(kHostileDepth, "sk-live-4242") + "}]}";
  const std::string error = ErrorOf(line);
  CHECK(error == TooDeep("steps[0].content"));
  CHECK(error.find("sk-live") == std::string::npos);
}

TEST_CASE("hostile a deep line between two good lines spoils only itself") {
  const std::string good_first =
      R"({"id": "one", "steps": [{"type": "user", "content": "Build?"},)"
      R"( {"type": "tool_result", "tool": "ci", "content": "B-55103"},)"
      R"( {"type": "assistant", "content": "Build B-55103."}]})";
  const std::string deep =
      R"({"id": "deep", "steps": [{"type": "user", "content": "Build?"},)"
      R"( {"type": "tool_result", "tool": "ci", "content": )" +
      NestedObjects(kHostileDepth, "build") + "}]}";
  const std::string good_last =
      R"({"id": "three", "steps": [{"type": "user", "content": "Port?"},)"
      R"( {"type": "tool_result", "tool": "p", "content": {"port": "fc1/3"}},)"
      R"( {"type": "assistant", "content": "Port fc1/3."}]})";
  const std::string jsonl = good_first + "\n" + deep + "\n" + good_last + "\n";

  std::vector<std::string> read;
  std::string_view rest = jsonl;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end + 1);
    absl::StatusOr<Trace> trace = ReadTraceRecord(line, TraceFormat::kAuto);
    read.push_back(trace.ok() ? trace->id
                              : std::string(trace.status().message()));
  }
  REQUIRE(read.size() == 3);
  CHECK(read[0] == "one");
  CHECK(read[1] == TooDeep("steps[1].content"));
  CHECK(read[2] == "three");
}

TEST_CASE("hostile a parsed record is checked too, not only a line") {
  const absl::StatusOr<nlohmann::json> record = groundgate::ParseJsonText(
      R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 1, "method":)"
      R"( "tools/call", "params": {"name": "f"}}, {"jsonrpc": "2.0", "id": 1,)"
      R"( "result": {"structuredContent": )" +
      NestedArrays(kHostileDepth) + "}}]}");
  REQUIRE(record.ok());
  for (TraceFormat format :
       {TraceFormat::kAuto, TraceFormat::kMcp, TraceFormat::kEvidenceFlow}) {
    absl::StatusOr<Trace> trace = ReadTraceRecord(*record, format);
    REQUIRE_FALSE(trace.ok());
    CHECK(trace.status().message() ==
          TooDeep("messages[1].result.structuredContent[0]"));
  }
}

// A reply whose only call has `arguments` as JSON nested `levels` deep.
std::string ReplyWithArguments(int levels) {
  return R"({"choices": [{"message": {"role": "assistant", "tool_calls":)"
         R"( [{"id": "c", "function": {"name": "f", "arguments": )" +
         NestedArrays(levels) + "}}]}}]}";
}

TEST_CASE(
    "hostile 100k-deep tool-call arguments in a model reply are an "
    "error") {
  const absl::StatusOr<groundgate::ModelReply> reply =
      groundgate::ModelReplyFromOpenAiJson(ReplyWithArguments(kHostileDepth));
  REQUIRE_FALSE(reply.ok());
  CHECK(reply.status().code() == absl::StatusCode::kInvalidArgument);
  CHECK(reply.status().message() ==
        "OpenAI response: tool_calls[0].function.arguments nest deeper than " +
            std::to_string(groundgate::kMaxToolArgumentDepth));
}

TEST_CASE("hostile tool-call arguments at the depth limit are still read") {
  const absl::StatusOr<groundgate::ModelReply> at_limit =
      groundgate::ModelReplyFromOpenAiJson(
          ReplyWithArguments(groundgate::kMaxToolArgumentDepth));
  REQUIRE(at_limit.ok());
  REQUIRE(at_limit->tool_calls.size() == 1);
  CHECK(at_limit->tool_calls[0].arguments ==
        NestedArrays(groundgate::kMaxToolArgumentDepth));
  CHECK_FALSE(groundgate::ModelReplyFromOpenAiJson(
                  ReplyWithArguments(groundgate::kMaxToolArgumentDepth + 1))
                  .ok());
}

TEST_CASE(
    "hostile error messages name the field and the expected set, never "
    "the field's content") {
  constexpr std::string_view kSecret = "sk-live-4242abcd";
  const std::string secret(kSecret);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"id": "c", "messages": [{"role": ")" + secret +
           R"(", "content": "hi"}]})",
       "messages[0].role: unknown role (expected system, developer, user, "
       "assistant, tool or function)"},
      {R"({"id": "a", "system": "s", "messages": [{"role": ")" + secret +
           R"(", "content": "x"}]})",
       "messages[0].role: unknown role (expected user or assistant)"},
      {R"({"id": "a", "system": "s", "messages": [{"role": "user",)"
       R"( "content": [{"type": ")" +
           secret + R"("}]}]})",
       "messages[0].content[0].type: unknown block type (expected "},
      {R"({"id": "a", "system": "s", "messages": [{"role": "user",)"
       R"( "content": [{"type": "tool_result", "tool_use_id": "t", "content":)"
       R"( [{"type": ")" +
           secret + R"("}]}]}]})",
       "messages[0].content[0].content[0].type: unknown part type (expected "
       "text, image, document or search_result)"},
      {R"({"id": "r", "input": [{"type": ")" + secret + R"("}]})",
       "input[0].type: unknown item type (expected "},
      {R"({"id": "r", "output": [{"type": "message", "role": ")" + secret +
           R"(", "content": "x"}]})",
       "output[0].role: unknown role (expected system, developer, user or "
       "assistant)"},
      {R"({"id": "e", "steps": [{"type": ")" + secret +
           R"(", "content": "x"}]})",
       "steps[0].type: unknown step type (expected user, assistant, "
       "tool_call, tool_result, retrieval, system or reasoning)"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": ")" + secret +
           R"(", "result": {"content": []}}]})",
       "messages[0].id: no tools/call or other request with this id before "
       "this response"},
      {R"({"id": "m", "messages": [{"jsonrpc": "2.0", "id": 3, "method":)"
       R"( "tools/call", "params": {"name": "f"}}, {"jsonrpc": "2.0", "id": 3,)"
       R"( "result": {"content": [{"type": ")" +
           secret + R"("}]}}]})",
       "messages[1].result.content[0].type: unknown content type (expected "
       "text, resource, image, audio or resource_link)"},
  };
  ForEachCase(cases, [&](const std::pair<std::string, std::string>& quoting) {
    const std::string error = ErrorOf(quoting.first);
    CAPTURE(error);
    CHECK(error.find(quoting.second) == 0);
    CHECK(error.find(kSecret) == std::string::npos);
  });
}

// The characters that show nothing, each as UTF-8.
const std::vector<std::pair<std::string, std::string>>& InvisibleCharacters() {
  static const auto* const characters =
      new std::vector<std::pair<std::string, std::string>>{
          {"U+200B zero-width space", "\u200B"},
          {"U+200C zero-width non-joiner", "\u200C"},
          {"U+200D zero-width joiner", "\u200D"},
          {"U+2060 word joiner", "\u2060"},
          {"U+FEFF zero-width no-break space", "\uFEFF"},
          {"U+00AD soft hyphen", "\u00AD"},
      };
  return *characters;
}

// The one candidate of judging `answer` against one tool result.
groundgate::Candidate JudgeOne(std::string_view result,
                               std::string_view answer) {
  groundgate::EvidenceCorpus corpus;
  corpus.RecordUserMessage("How many errors did the log show?");
  corpus.RecordToolResult("call_1", "log_stats", result);
  const groundgate::Verdict verdict =
      groundgate_test::DefaultGate().Judge(answer, corpus);
  REQUIRE(verdict.candidates.size() == 1);
  return verdict.candidates[0];
}

TEST_CASE(
    "hostile a zero-width character inside an answer value does not "
    "hide it from the check") {
  ForEachCase(InvisibleCharacters(), [](const auto& character) {
    const std::string& invisible = character.second;
    const std::string answer = "The log shows 98" + invisible + "765 errors.";
    const std::size_t start = answer.find("98");
    const std::size_t end = answer.find(" errors");
    // Flagged beside another number, grounded by its own.
    const std::pair<std::string_view, groundgate::CandidateStatus> results[] = {
        {R"({"errors": 12345})", groundgate::CandidateStatus::kUnsupported},
        {R"({"errors": 98765})", groundgate::CandidateStatus::kGrounded},
    };
    for (const auto& result : results) {
      CAPTURE(result.first);
      const groundgate::Candidate candidate = JudgeOne(result.first, answer);
      CHECK(candidate.canonical == "98765");
      CHECK(candidate.status == result.second);
      // The span is the answer's own bytes, the invisible ones included.
      CHECK(candidate.start == start);
      CHECK(candidate.end == end);
      CHECK(answer.substr(candidate.start, candidate.end - candidate.start) ==
            "98" + invisible + "765");
    }
  });
}

TEST_CASE(
    "hostile a zero-width character inside a tool result value still "
    "grounds the plain value") {
  ForEachCase(InvisibleCharacters(), [](const auto& character) {
    const std::string& invisible = character.second;
    const std::string json_result =
        R"({"errors": "98)" + invisible + R"(765"})";
    const std::string text_result = "errors: 98" + invisible + "765 today";
    for (const std::string& result : {json_result, text_result}) {
      CAPTURE(result);
      const groundgate::Candidate plain =
          JudgeOne(result, "The log shows 98765 errors.");
      CHECK(plain.canonical == "98765");
      CHECK(plain.status == groundgate::CandidateStatus::kGrounded);
    }
    // An identifier too: "BLD-4471" hidden as "BLD-44<invisible>71".
    const groundgate::Candidate identifier = JudgeOne(
        R"({"build": "BLD-44)" + invisible + R"(71"})", "Build BLD-4471 ran.");
    CHECK(identifier.canonical == "bld-4471");
    CHECK(identifier.status == groundgate::CandidateStatus::kGrounded);
  });
}

TEST_CASE("hostile a zero-width character joins a token and only then") {
  using groundgate::evidence::Tokenize;
  using groundgate::evidence::TokenSpan;
  auto spans = [](std::string_view text) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (const TokenSpan& span : Tokenize(text)) {
      out.emplace_back(span.start, span.end);
    }
    return out;
  };
  using Spans = std::vector<std::pair<std::size_t, std::size_t>>;
  // "98" ZWJ "765": one token of all 8 bytes.
  CHECK(spans("98\u200D765 errors") == Spans{{0, 8}, {9, 15}});
  // Alone between spaces it is no token at all.
  CHECK(spans("a \u200B b") == Spans{{0, 1}, {6, 7}});
  // Text without one tokenizes as before.
  CHECK(spans("Port fc1/3 logged 41,200 errors.") ==
        Spans{{0, 4}, {5, 10}, {11, 17}, {18, 24}, {25, 32}});
  // A visible separator still separates: an en dash, a no-break space.
  CHECK(spans("98\u2013765") == Spans{{0, 2}, {5, 8}});
  CHECK(spans("98\u00A0765") == Spans{{0, 2}, {4, 7}});
}

}  // namespace
