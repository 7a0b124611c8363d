// tests/hostile_input_test.cc — records and replies written to hurt the
// reader: nesting deep enough to exhaust a stack, and field values that
// must not be copied into an error message.
//
// Its one job: pin that every trace format and the OpenAI reply reader
// refuse a value nested past their limit with an error naming the field
// (and go on reading the next line), and that no error message quotes what
// a record's author wrote in a field.
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
#include "groundgate/agent.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace {

using groundgate::kMaxTraceJsonDepth;
using groundgate::ReadTraceRecord;
using groundgate::Trace;
using groundgate::TraceFormat;

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
  for (const auto& [line, expected] : cases) {
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
nlohmann::json ReplyWithArguments(int levels) {
  const std::string text =
      R"({"choices": [{"message": {"role": "assistant", "tool_calls":)"
      R"( [{"id": "c", "function": {"name": "f", "arguments": )" +
      NestedArrays(levels) + "}}]}}]}";
  absl::StatusOr<nlohmann::json> reply = groundgate::ParseJsonText(text);
  REQUIRE(reply.ok());
  return *std::move(reply);
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
       "assistant or tool)"},
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
  for (const auto& [line, expected] : cases) {
    CAPTURE(line);
    const std::string error = ErrorOf(line);
    CAPTURE(error);
    CHECK(error.find(expected) == 0);
    CHECK(error.find(kSecret) == std::string::npos);
  }
}

}  // namespace
