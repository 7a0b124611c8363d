// tests/traces/formats_test.cc — every documented block, item and part type of
// today's APIs read as the model read it, and the recorded cassettes'
// problems pinned.
//
// Its one job: read tests/fixtures/formats/ (the ten repros found on the
// pydantic-ai cassettes, and one hand-written record per new type) through
// groundgate/trace.h in-process, and pin per record: the format detected,
// the warnings, which answers are judged, and each value's status
// (grounded, unsupported, or unverified when something could not be read,
// law 5); and run the command for its summary, its per-record notes and
// --strict.
//
// What it does NOT do: read ../shared (the fixtures are copied here), or
// test the value rules (the evidence suites do).
#include <doctest/doctest.h>

#include <cstddef>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "tests/cli_run.h"

namespace {

using groundgate::CandidateStatus;
using groundgate::Gate;
using groundgate::ReadTraceRecord;
using groundgate::ReplayTrace;
using groundgate::Trace;
using groundgate::TraceFormat;
using groundgate::TraceMessage;
using groundgate::TraceRole;
using groundgate_test::Contains;
using groundgate_test::RunGroundgate;

std::string FormatsFixture(const std::string& name) {
  return std::string(GROUNDGATE_SOURCE_DIR) + "/tests/fixtures/formats/" + name;
}

std::vector<std::string> FixtureLines(const std::string& name) {
  std::ifstream file(FormatsFixture(name));
  REQUIRE(file.good());
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// What a replay of one record gave, the values as the answers spelled them.
struct Outcome {
  TraceFormat format = TraceFormat::kAuto;
  std::size_t warnings = 0;
  std::size_t judged = 0;
  std::size_t unjudged = 0;
  std::set<std::string> flagged;     // unsupported
  std::set<std::string> unverified;  // not found in a partial corpus
  std::set<std::string> grounded;
};

Outcome Run(const Trace& trace) {
  absl::StatusOr<Gate> gate = Gate::Create({});
  REQUIRE(gate.ok());
  Outcome outcome;
  outcome.format = trace.format;
  outcome.warnings = trace.warnings.size() + trace.unlisted_warnings;
  for (const TraceMessage& message : trace.messages) {
    if (message.IsUnreadAnswer()) ++outcome.unjudged;
  }
  ReplayTrace(trace, *gate, {}, [&](const groundgate::JudgedMessage& judged) {
    ++outcome.judged;
    for (const groundgate::Candidate& c : judged.verdict.candidates) {
      const std::string value =
          judged.message.text.substr(c.start, c.end - c.start);
      if (c.status == CandidateStatus::kUnsupported) {
        outcome.flagged.insert(value);
      } else if (c.status == CandidateStatus::kUnverified) {
        outcome.unverified.insert(value);
      } else if (c.status == CandidateStatus::kGrounded) {
        outcome.grounded.insert(value);
      }
    }
  });
  return outcome;
}

Trace Read(const std::string& line) {
  absl::StatusOr<Trace> trace =
      ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
  CAPTURE(line);
  REQUIRE(trace.ok());
  return *std::move(trace);
}

// The record of block_types.jsonl with this id.
Trace ReadTyped(const std::string& id) {
  for (const std::string& line : FixtureLines("block_types.jsonl")) {
    Trace trace = Read(line);
    if (trace.id == id) return trace;
  }
  FAIL("no record " << id);
  return Trace{};
}

struct Expected {
  std::string id;
  TraceFormat format;
  std::size_t warnings;
  std::size_t judged;
  std::set<std::string> flagged;
  std::set<std::string> unverified;
  std::set<std::string> grounded;
  std::size_t unjudged = 0;
};

void CheckOutcome(const Outcome& got, const Expected& want) {
  CHECK(got.format == want.format);
  CHECK(got.warnings == want.warnings);
  CHECK(got.judged == want.judged);
  CHECK(got.flagged == want.flagged);
  CHECK(got.unverified == want.unverified);
  CHECK(got.grounded == want.grounded);
  CHECK(got.unjudged == want.unjudged);
}

// CheckOutcome of each row's record of block_types.jsonl, judged.
void CheckTypedRecords(const std::vector<Expected>& cases) {
  for (const Expected& want : cases) {
    CAPTURE(want.id);
    CheckOutcome(Run(ReadTyped(want.id)), want);
  }
}

constexpr TraceFormat kAnthropic = TraceFormat::kAnthropicMessages;
constexpr TraceFormat kResponses = TraceFormat::kOpenAiResponses;
constexpr TraceFormat kChat = TraceFormat::kOpenAiChat;

}  // namespace

TEST_SUITE_BEGIN("formats");

TEST_CASE("formats every repro of the pydantic-ai cassettes is accepted") {
  // Repro file -> what the record now gives.
  const std::vector<std::pair<std::string, Expected>> repros = {
      // A spelling the tokenizer splits (evidence/, not the adapters):
      // accepted and judged; B-55103 against "B 55103" is still flagged.
      {"01_hyphen_joined_words.jsonl", {"h", kChat, 0, 1, {"B-55103"}, {}, {}}},
      // A server tool's empty result beside the answer: judged.
      {"02_anthropic_web_search_tool_result.jsonl",
       {"ws", kAnthropic, 0, 1, {}, {}, {}}},
      // The MCP result in the same message grounds ORD-55812; WH-9999 was
      // typed.
      {"03_anthropic_mcp_tool_result_same_message.jsonl",
       {"mcp", kAnthropic, 0, 1, {"WH-9999"}, {}, {"ORD-55812"}}},
      // search_result text inside a tool_result is evidence.
      {"04_anthropic_search_result_block.jsonl",
       {"sr", kAnthropic, 0, 1, {}, {}, {"INC0041877"}}},
      // An mcp_call whose error is an object: an error result.
      {"05_responses_mcp_call_error_object.jsonl",
       {"me", kResponses, 0, 1, {}, {}, {}}},
      // file_search_call.results[].text is evidence.
      {"06_responses_file_search_results_ignored.jsonl",
       {"fs", kResponses, 0, 1, {}, {}, {"INC0041877"}}},
      // A bare evidenceflow array, detected without --format; its id is "".
      {"07_evidenceflow_bare_array.jsonl",
       {"", TraceFormat::kEvidenceFlow, 0, 1, {}, {}, {"INC0041877"}}},
      // A top-level system beside Chat-shaped messages is openai-chat.
      {"08_chat_with_top_level_system_misdetected.jsonl",
       {"sys", kChat, 0, 1, {}, {}, {"INC0041877"}}},
      // A tool_reference part names a tool.
      {"09_anthropic_tool_reference_part.jsonl",
       {"tr", kAnthropic, 0, 1, {}, {}, {}}},
      // A PDF part the model read: what is not found is unverified.
      {"10_chat_document_part_values_flagged.jsonl",
       {"doc", kChat, 0, 1, {}, {"INV-20240708"}, {"99631f"}}},
  };
  for (const auto& repro : repros) {
    const std::string& file = repro.first;
    const Expected& want = repro.second;
    CAPTURE(file);
    const std::vector<std::string> lines = FixtureLines(file);
    REQUIRE(lines.size() == 1);
    const Trace trace = Read(lines[0]);
    CHECK(trace.id == want.id);
    CheckOutcome(Run(trace), want);
  }
}

TEST_CASE("formats anthropic server tool results are evidence the model read") {
  const std::vector<Expected> cases = {
      // Titles and URLs are read; the pages are encrypted: SH-7777 may be
      // in them, so it is unverified. The text before the call is no
      // answer.
      {"a-web-search", kAnthropic, 0, 1, {}, {"SH-7777"}, {"FR-2291"}},
      // An error result grounds nothing and reads nothing.
      {"a-web-search-error", kAnthropic, 0, 1, {"TK-4411"}, {}, {}},
      {"a-web-fetch", kAnthropic, 0, 1, {"INV-58813"}, {}, {"INV-58812"}},
      {"a-code-execution", kAnthropic, 0, 1, {"51177"}, {}, {"48213"}},
      {"a-bash-code-execution", kAnthropic, 0, 1, {}, {}, {"37170"}},
      {"a-text-editor-code-execution", kAnthropic, 0, 1, {}, {}, {"PX-7731"}},
      {"a-tool-search", kAnthropic, 0, 1, {}, {}, {"lookup_rate_v2"}},
      // A server result of a type not known by name: read, with a warning.
      {"a-unknown-server-result", kAnthropic, 1, 1, {}, {}, {"AC-5521"}},
  };
  CheckTypedRecords(cases);
}

TEST_CASE("formats anthropic parts and blocks: read, unreadable or unknown") {
  const std::vector<Expected> cases = {
      // A base64 PDF and an image cannot be read: unverified, not flagged
      // (law 5).
      {"a-document-pdf", kAnthropic, 0, 1, {}, {"INV-30017"}, {}},
      {"a-image", kAnthropic, 0, 1, {}, {"ERR-4410"}, {}},
      // A document with a text source is read.
      {"a-document-text", kAnthropic, 0, 1, {}, {}, {"LT-99120"}},
      // A file handed to the container is no evidence of its own.
      {"a-container-upload", kAnthropic, 0, 1, {"BT-2024X"}, {}, {}},
      {"a-redacted-thinking",
       kAnthropic,
       0,
       1,
       {},
       {},
       {"ORD-77812", "WH-0412"}},
      {"a-thinking", kAnthropic, 0, 1, {}, {}, {"ORD-77812", "WH-0412"}},
      // An unknown part inside a tool result: a warning, and unverified.
      {"a-unknown-part", kAnthropic, 1, 1, {}, {"SC-9001"}, {}},
      // An answer of an unknown block only: a warning, and not judged.
      {"a-unknown-answer", kAnthropic, 1, 0, {}, {}, {}, 1},
      // A "system" message in the list: the app's text, exempt.
      {"a-system-message", kAnthropic, 0, 1, {}, {}, {}},
      // Compacted history: what it held is unknown.
      {"a-compaction", kAnthropic, 0, 1, {}, {"ORD-11823"}, {}},
      // Text before a call in the same message is not an answer.
      {"a-call-after-text", kAnthropic, 0, 0, {}, {}, {}},
  };
  CheckTypedRecords(cases);
}

TEST_CASE("formats responses items: built-in tools, calls and their outputs") {
  const std::vector<Expected> cases = {
      // The search's pages are not in the item.
      {"r-web-search", kResponses, 0, 1, {}, {"SH-7777"}, {}},
      {"r-code-interpreter", kResponses, 0, 1, {"42000"}, {}, {"41000"}},
      {"r-code-interpreter-image", kResponses, 0, 1, {}, {"71234"}, {}},
      // An image the model drew is nothing it read.
      {"r-image-generation", kResponses, 0, 1, {"IMG-5521"}, {}, {}},
      {"r-local-shell", kResponses, 0, 1, {}, {}, {"91234"}},
      {"r-shell", kResponses, 0, 1, {}, {}, {"71234"}},
      {"r-apply-patch", kResponses, 0, 1, {}, {}, {"PR-3321"}},
      // mcp_list_tools is the app's text; the mcp_call's output evidence.
      {"r-mcp", kResponses, 0, 1, {}, {}, {"SK-20931", "WH-0412"}},
      // Text beside an approval request is no answer.
      {"r-mcp-approval", kResponses, 0, 0, {}, {}, {}},
      // A screenshot cannot be read.
      {"r-computer", kResponses, 0, 1, {}, {"ERR-4410"}, {}},
      // A tool search the API ran, and tools the app added.
      {"r-tool-search", kResponses, 0, 1, {}, {}, {"get_rate_v9"}},
      {"r-item-reference", kResponses, 0, 1, {}, {"ORD-88231"}, {}},
      {"r-compaction", kResponses, 0, 1, {}, {"ORD-88231"}, {}},
      {"r-unknown-item", kResponses, 1, 1, {}, {"SC-9001"}, {}},
      // A refusal is the model's text: judged.
      {"r-refusal", kResponses, 0, 1, {"KY-4410"}, {}, {}},
  };
  CheckTypedRecords(cases);
}

TEST_CASE("formats chat and mcp parts of unknown types") {
  const std::vector<Expected> cases = {
      // An unknown part with text: read, and named.
      {"c-output-text-part", kChat, 1, 1, {}, {}, {"TK-1001"}},
      {"c-unknown-answer", kChat, 1, 0, {}, {}, {}, 1},
      // Chat tool messages carry text only: an image there never reached
      // the model, so nothing turns partial; it is named.
      {"c-image-in-tool-message",
       kChat,
       1,
       1,
       {"SL-0015"},
       {},
       {"UUL2104A7KQ"}},
      {"c-image-in-user-message", kChat, 0, 1, {}, {"LB-22190"}, {}},
      // "type": "message" on Chat messages and a top-level system.
      {"c-system-and-type-message", kChat, 0, 1, {}, {}, {"TK-1001"}},
      {"m-image-part", TraceFormat::kMcp, 0, 1, {}, {"GX-4471"}, {}},
      {"m-unknown-part", TraceFormat::kMcp, 1, 1, {}, {"CL-8812"}, {}},
  };
  CheckTypedRecords(cases);
}

TEST_CASE("formats an answer beside server results is judged in block order") {
  const Trace trace = ReadTyped("a-web-search");
  // The user; the text before the call with the call; its result; the
  // answer, all but the user's from message 1.
  REQUIRE(trace.messages.size() == 4);
  CHECK(trace.messages[1].tool_calls.size() == 1);
  CHECK_FALSE(trace.messages[1].IsAnswer());
  CHECK(trace.messages[2].role == TraceRole::kToolResult);
  CHECK(trace.messages[2].tool_call_id == "ws1");
  CHECK(trace.messages[2].tool_name == "web_search");
  CHECK(trace.messages[2].unreadable);
  CHECK(trace.messages[3].IsAnswer());
  CHECK(trace.messages[3].index == 1);
  // Text after the results but before another call is no answer.
  const Trace before_call = ReadTyped("a-call-after-text");
  std::size_t answers = 0;
  for (const TraceMessage& message : before_call.messages) {
    if (message.IsAnswer()) ++answers;
  }
  CHECK(answers == 0);
}

TEST_CASE("formats a warning names the field and the type, never content") {
  const Trace trace = ReadTyped("a-unknown-part");
  REQUIRE(trace.warnings.size() == 1);
  CHECK(trace.warnings[0] ==
        "messages[2].content[0].content[0].type: unknown part type "
        "\"hologram\"; not read");
  // A "type" that is no type name is malformed, and is not quoted.
  const absl::StatusOr<Trace> bad = ReadTraceRecord(
      std::string_view(R"({"id": "x", "system": "s", "messages": [{"role":)"
                       R"( "user", "content": [{"type": "Not A Type!"}]}]})"),
      TraceFormat::kAuto);
  REQUIRE_FALSE(bad.ok());
  CHECK(std::string(bad.status().message()).find("Not A Type") ==
        std::string::npos);
}

TEST_CASE(
    "formats evidenceflow, the project's own format, keeps its closed set") {
  const absl::StatusOr<Trace> trace = ReadTraceRecord(
      std::string_view(R"({"id": "e", "steps": [{"type": "user", "content":)"
                       R"( "q"}, {"type": "plan", "content": "x"}]})"),
      TraceFormat::kAuto);
  REQUIRE_FALSE(trace.ok());
  CHECK(std::string(trace.status().message())
            .find("steps[1].type: unknown step type") == 0);
}

TEST_CASE("formats warnings are bounded per record") {
  std::string parts;
  for (std::size_t i = 0; i < groundgate::kMaxTraceWarnings + 5; ++i) {
    if (i > 0) parts += ", ";
    parts += R"({"type": "sparkle"})";
  }
  const Trace trace =
      Read(R"({"id": "w", "messages": [{"role": "user", "content": [)" + parts +
           "]}]}");
  CHECK(trace.warnings.size() == groundgate::kMaxTraceWarnings);
  CHECK(trace.unlisted_warnings == 5);
}

TEST_CASE("formats raw MCP JSON-RPC frames are accepted") {
  const std::vector<std::string> lines = FixtureLines("mcp_frames.jsonl");
  REQUIRE(lines.size() == 3);
  // A bare array: a tools/call and its result.
  const Trace frames = Read(lines[0]);
  CHECK(frames.format == TraceFormat::kMcp);
  CHECK(frames.id.empty());
  REQUIRE(frames.messages.size() == 2);
  CHECK(frames.messages[1].role == TraceRole::kToolResult);
  CHECK(frames.messages[1].tool_name == "get_serial");
  CHECK(frames.messages[1].text == "SN-4410");
  // One response alone: read, its request named missing in a warning.
  const Trace response = Read(lines[1]);
  CHECK(response.format == TraceFormat::kMcp);
  REQUIRE(response.messages.size() == 1);
  CHECK(response.messages[0].tool_call_id == "7");
  CHECK(response.warnings.size() == 1);
  // One request alone.
  const Trace request = Read(lines[2]);
  REQUIRE(request.messages.size() == 1);
  CHECK(request.messages[0].tool_calls.size() == 1);
}

TEST_CASE(
    "formats check names warnings and unjudged answers, --strict exits 2") {
  const std::string file = FormatsFixture("block_types.jsonl");
  const groundgate_test::RunResult plain = RunGroundgate({"check", file});
  CHECK(plain.exit_code == 1);  // some answers are flagged
  CHECK(Contains(plain.err,
                 "block_types.jsonl:14: warning: messages[2].content[0]."
                 "content[0].type: unknown part type \"hologram\"; not read"));
  CHECK(Contains(plain.err,
                 "block_types.jsonl:15: messages[1]: answer not judged: its "
                 "content could not be read"));
  CHECK(Contains(plain.err, " malformed_lines=0 "));
  CHECK(Contains(plain.err, " warnings=8 unjudged=2\n"));
  const groundgate_test::RunResult strict =
      RunGroundgate({"check", "--strict", file});
  CHECK(strict.exit_code == 2);
  CHECK(strict.out == plain.out);
  // Nothing to warn of: --strict changes nothing, and the summary line
  // keeps its shape.
  const groundgate_test::RunResult clean =
      RunGroundgate({"check", "--strict",
                     FormatsFixture("04_anthropic_search_result_block.jsonl")});
  CHECK(clean.exit_code == 0);
  CHECK_FALSE(Contains(clean.err, "warnings="));
  CHECK(Contains(RunGroundgate({"check", "--help"}).out, "--strict"));
}

TEST_SUITE_END();
