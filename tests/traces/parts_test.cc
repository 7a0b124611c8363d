// tests/traces/parts_test.cc — every part of a real trace that carries an
// answer or a result is read.
//
// Its one job: pin, one inline record per part, that the adapters read what
// the APIs put there: an answer given as an audio transcript or a refusal,
// MCP resource links and embedded resources' URIs, an image inside an
// Anthropic document (unreadable), encrypted members of an evidenceflow
// result (unreadable), citations and annotations (evidence of the result
// they cite, named in carried_by), the legacy Chat function message, and
// warnings and parse errors that name a field or a position, never the
// record's content.
//
// What it does NOT do: read the fixtures of tests/fixtures/ (adapters_test
// and formats_test do), or test the value rules (the evidence suites do).
#include <doctest/doctest.h>

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
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

// What a replay of one record gave, the values as the answers spelled them.
struct Outcome {
  std::size_t judged = 0;
  std::size_t unjudged = 0;          // answers IsUnreadAnswer
  std::set<std::string> flagged;     // unsupported
  std::set<std::string> unverified;  // not found in a partial corpus
  std::set<std::string> grounded;
  // The last judged answer's carried_by: (tool_call_id, tool_name) in
  // order; nullopt when it was null (law 6).
  std::optional<std::vector<std::pair<std::string, std::string>>> carried_by;
};

Trace Read(std::string_view line) {
  absl::StatusOr<Trace> trace = ReadTraceRecord(line, TraceFormat::kAuto);
  CAPTURE(line);
  REQUIRE(trace.ok());
  return *std::move(trace);
}

Outcome Run(const Trace& trace) {
  absl::StatusOr<Gate> gate = Gate::Create({});
  REQUIRE(gate.ok());
  Outcome outcome;
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
    outcome.carried_by.reset();
    if (judged.verdict.answer_carriers.has_value()) {
      outcome.carried_by.emplace();
      for (const groundgate::AnswerCarrier& carrier :
           *judged.verdict.answer_carriers) {
        outcome.carried_by->emplace_back(carrier.tool_call_id,
                                         carrier.tool_name);
      }
    }
  });
  return outcome;
}

Outcome Run(std::string_view line) { return Run(Read(line)); }

using Set = std::set<std::string>;

}  // namespace

TEST_SUITE_BEGIN("parts");

// --- answers as audio and refusals -----------------------------------------

TEST_CASE("parts a chat answer given as an audio transcript is judged") {
  const std::string line =
      R"({"id": "a", "messages": [{"role": "user", "content": "My order?"},)"
      R"( {"role": "assistant", "content": null, "audio": {"id": "audio_1",)"
      R"( "transcript": "Your order ORD-9999 has shipped."}}]})";
  const Trace trace = Read(line);
  REQUIRE(trace.messages.size() == 2);
  CHECK(trace.messages[1].IsAnswer());
  CHECK(trace.messages[1].text == "Your order ORD-9999 has shipped.");
  const Outcome outcome = Run(trace);
  CHECK(outcome.judged == 1);
  CHECK(outcome.flagged == Set{"ORD-9999"});
}

TEST_CASE("parts a chat audio answer without its transcript is not judged") {
  // A request's history keeps only the audio's id: nothing of the answer
  // can be read, and the command counts it as unjudged.
  const Outcome outcome = Run(
      R"({"id": "a", "messages": [{"role": "user", "content": "Hi"},)"
      R"( {"role": "assistant", "content": null, "audio": {"id": "a1"}}]})");
  CHECK(outcome.judged == 0);
  CHECK(outcome.unjudged == 1);
}

TEST_CASE("parts empty audio and function_call members change nothing") {
  // Some OpenAI-compatible APIs send these beside every text answer.
  const Trace trace = Read(
      R"({"id": "s", "messages": [{"role": "user", "content": "Weather?"},)"
      R"( {"role": "assistant", "content": "Sunny, ORD-9999.", "audio":)"
      R"( {"data": "", "expires_at": 0, "id": "", "transcript": ""},)"
      R"( "function_call": {"arguments": "", "name": ""}, "refusal": "",)"
      R"( "tool_calls": null}]})");
  REQUIRE(trace.messages.size() == 2);
  CHECK(trace.messages[1].IsAnswer());
  CHECK_FALSE(trace.messages[1].unreadable);
  CHECK(trace.messages[1].text == "Sunny, ORD-9999.");
  CHECK(Run(trace).flagged == Set{"ORD-9999"});
}

TEST_CASE("parts a refusal is the answer's text in chat and responses") {
  // Chat: the message's "refusal" field beside null content; Responses: a
  // refusal content part. Both are what the user sees.
  const std::vector<std::string> lines = {
      R"({"id": "c", "messages": [{"role": "user", "content": "Status?"},)"
      R"( {"role": "assistant", "content": null, "refusal":)"
      R"( "I cannot discuss order ORD-9999."}]})",
      R"({"id": "r", "input": "Status?", "output": [{"type": "message",)"
      R"( "id": "m1", "role": "assistant", "content": [{"type": "refusal",)"
      R"( "refusal": "I cannot discuss order ORD-9999."}]}]})",
  };
  for (const std::string& line : lines) {
    CAPTURE(line);
    const Outcome outcome = Run(line);
    CHECK(outcome.judged == 1);
    CHECK(outcome.flagged == Set{"ORD-9999"});
  }
}

TEST_CASE("parts check exits 1 on a fabricated value in a transcript") {
  groundgate_test::ScratchDir dir;
  const std::string file = dir.Write(
      "audio.jsonl",
      R"({"id": "a", "messages": [{"role": "user", "content": "My order?"},)"
      R"( {"role": "assistant", "content": null, "audio": {"id": "audio_1",)"
      R"( "transcript": "Your order ORD-9999 has shipped."}}]})"
      "\n"
      R"({"id": "b", "messages": [{"role": "user", "content": "Hi"},)"
      R"( {"role": "assistant", "content": null, "refusal": "No: ORD-9999."}]})"
      "\n");
  const groundgate_test::RunResult run = RunGroundgate({"check", file});
  CHECK(run.exit_code == 1);
  CHECK(Contains(run.err, " judged=2 flagged=2 "));
  // Audio with no transcript is named, and counted as not judged.
  const std::string unread = dir.Write(
      "unread.jsonl",
      R"({"id": "u", "messages": [{"role": "user", "content": "Hi"},)"
      R"( {"role": "assistant", "content": null, "audio": {"id": "a1"}}]})"
      "\n");
  const groundgate_test::RunResult strict =
      RunGroundgate({"check", "--strict", unread});
  CHECK(strict.exit_code == 2);
  CHECK(Contains(strict.err, "unread.jsonl:1: messages[1]: answer not judged"));
  CHECK(Contains(strict.err, " unjudged=1\n"));
}

// --- MCP resources -----------------------------------------------------------

TEST_CASE("parts an mcp resource_link and a resource's uri are the result") {
  const std::string line =
      R"({"id": "m", "messages": [{"role": "user", "content": "docs?"},)"
      R"( {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params":)"
      R"( {"name": "find_docs", "arguments": {}}}, {"jsonrpc": "2.0",)"
      R"( "id": 1, "result": {"content": [{"type": "resource_link", "uri":)"
      R"( "file:///srv/RB-4410.md", "name": "RB-4410", "title": "Runbook",)"
      R"( "description": "Restart steps for SVC-8812"}, {"type": "resource",)"
      R"( "resource": {"uri": "file:///srv/KB-2231.md", "text": "a note"}}]}},)"
      R"( {"role": "assistant", "content": "See RB-4410 for SVC-8812, and)"
      R"( file:///srv/KB-2231.md; not SVC-0001."}]})";
  const Trace trace = Read(line);
  CHECK(trace.warnings.empty());
  REQUIRE(trace.messages.size() == 4);
  CHECK_FALSE(trace.messages[2].unreadable);
  const Outcome outcome = Run(trace);
  CHECK(outcome.judged == 1);
  // SVC-0001 is still typed: the corpus is whole, so it is flagged.
  CHECK(outcome.flagged == Set{"SVC-0001"});
  CHECK(outcome.grounded ==
        Set{"RB-4410", "SVC-8812", "file:///srv/KB-2231.md"});
}

TEST_CASE("parts an mcp blob resource is unreadable, its uri read") {
  const Outcome outcome = Run(
      R"({"id": "m", "messages": [{"role": "user", "content": "the scan?"},)"
      R"( {"role": "assistant", "content": null, "tool_calls": [{"id": "c1",)"
      R"( "type": "function", "function": {"name": "scan", "arguments":)"
      R"( "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content":)"
      R"( {"content": [{"type": "resource", "resource": {"uri":)"
      R"( "file:///scans/SC-1200.pdf", "blob": "JVBERi0x"}}]}},)"
      R"( {"role": "assistant", "content": "file:///scans/SC-1200.pdf shows)"
      R"( part PN-7781."}]})");
  CHECK(outcome.grounded == Set{"file:///scans/SC-1200.pdf"});
  CHECK(outcome.unverified == Set{"PN-7781"});
  CHECK(outcome.flagged.empty());
}

// --- unreadable content ------------------------------------------------------

TEST_CASE("parts an image in an anthropic document's content is unreadable") {
  // The document's text is read; the value the model read off the image
  // may be in it: unverified, not flagged (law 5). Both in a tool result
  // and as a block the user supplied.
  const std::vector<std::string> lines = {
      R"({"id": "d", "messages": [{"role": "user", "content": "Invoice?"},)"
      R"( {"role": "assistant", "content": [{"type": "tool_use", "id": "t1",)"
      R"( "name": "fetch", "input": {}}]}, {"role": "user", "content":)"
      R"( [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type":)"
      R"( "document", "source": {"type": "content", "content": [{"type":)"
      R"( "text", "text": "Invoice INV-2024-77"}, {"type": "image", "source":)"
      R"( {"type": "base64", "media_type": "image/png", "data": "iVBO"}}]}}]}]},)"
      R"( {"role": "assistant", "content": "INV-2024-77 totals TOT-88123."}]})",
      R"({"id": "d", "system": "s", "messages": [{"role": "user", "content":)"
      R"( [{"type": "document", "source": {"type": "content", "content": [{"type":)"
      R"( "text", "text": "Invoice INV-2024-77"}, {"type": "image", "source":)"
      R"( {"type": "base64", "media_type": "image/png", "data": "iVBO"}}]}},)"
      R"( {"type": "text", "text": "Total?"}]}, {"role": "assistant",)"
      R"( "content": "INV-2024-77 totals TOT-88123."}]})",
  };
  for (const std::string& line : lines) {
    CAPTURE(line);
    const Outcome outcome = Run(line);
    CHECK(outcome.judged == 1);
    CHECK(outcome.flagged.empty());
    CHECK(outcome.unverified == Set{"TOT-88123"});
  }
}

TEST_CASE(
    "parts evidenceflow encrypted_content is unreadable, as anthropic's") {
  // The same web search, as Anthropic records it and as an evidenceflow
  // step holds it: in both the pages are encrypted, so a value not in the
  // titles and URLs is unverified, never flagged.
  const std::string anthropic =
      R"({"id": "a", "messages": [{"role": "user", "content": "Forecast?"},)"
      R"( {"role": "assistant", "content": [{"type": "server_tool_use", "id":)"
      R"( "ws1", "name": "web_search", "input": {"query": "forecast"}},)"
      R"( {"type": "web_search_tool_result", "tool_use_id": "ws1", "content":)"
      R"( [{"type": "web_search_result", "url": "https://w.example/f",)"
      R"( "title": "Forecast FR-2291", "encrypted_content": "EqABCgYIBx"}]},)"
      R"( {"type": "text", "text": "FR-2291 says SH-7777."}]}]})";
  const std::vector<std::string> evidenceflow = {
      // The result as a JSON value.
      R"({"id": "e", "steps": [{"type": "user", "content": "Forecast?"},)"
      R"( {"type": "tool_call", "tool": "web_search", "id": "ws1"}, {"type":)"
      R"( "tool_result", "tool": "web_search", "tool_call_id": "ws1",)"
      R"( "content": [{"type": "web_search_result", "url":)"
      R"( "https://w.example/f", "title": "Forecast FR-2291",)"
      R"( "encrypted_content": "EqABCgYIBx"}]}, {"type": "assistant",)"
      R"( "content": "FR-2291 says SH-7777."}]})",
      // The same as JSON text.
      R"({"id": "e", "steps": [{"type": "user", "content": "Forecast?"},)"
      R"( {"type": "tool_call", "tool": "web_search", "id": "ws1"}, {"type":)"
      R"( "retrieval", "source": "web_search", "tool_call_id": "ws1",)"
      R"( "content": "[{\"url\": \"https://w.example/f\", \"title\":)"
      R"( \"Forecast FR-2291\", \"encrypted_content\": \"EqABCgYIBx\"}]"}, {"type":)"
      R"( "assistant", "content": "FR-2291 says SH-7777."}]})",
  };
  const Outcome want = Run(anthropic);
  CHECK(want.unverified == Set{"SH-7777"});
  CHECK(want.grounded == Set{"FR-2291"});
  for (const std::string& line : evidenceflow) {
    CAPTURE(line);
    const Trace trace = Read(line);
    REQUIRE(trace.messages.size() == 4);
    CHECK(trace.messages[2].unreadable);
    CHECK(trace.messages[2].text.find("EqABCgYIBx") == std::string::npos);
    const Outcome got = Run(trace);
    CHECK(got.flagged == want.flagged);
    CHECK(got.unverified == want.unverified);
    CHECK(got.grounded == want.grounded);
  }
  // A tool's own "signature" or "source" is its data, not an opaque member.
  const Trace own = Read(
      R"({"id": "e", "steps": [{"type": "tool_result", "tool": "sign",)"
      R"( "content": {"signature": "SIG-4410", "source": {"id": "SRC-1"}}}]})");
  REQUIRE(own.messages.size() == 1);
  CHECK_FALSE(own.messages[0].unreadable);
  CHECK(own.messages[0].text.find("SIG-4410") != std::string::npos);
}

// --- citations and annotations ---------------------------------------------

using Carriers = std::vector<std::pair<std::string, std::string>>;

// The tool results a trace holds for citations: (path, tool_call_id,
// tool_name).
std::vector<std::tuple<std::string, std::string, std::string>> CitationResults(
    const Trace& trace) {
  std::vector<std::tuple<std::string, std::string, std::string>> out;
  for (const TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult &&
        (Contains(message.path, ".citations[") ||
         Contains(message.path, ".annotations["))) {
      out.emplace_back(message.path, message.tool_call_id, message.tool_name);
    }
  }
  return out;
}

using CitationList =
    std::vector<std::tuple<std::string, std::string, std::string>>;

TEST_CASE("parts an anthropic citation grounds what the cited page says") {
  // The pages are encrypted; the cited text is what the API quotes of one.
  // It is recorded as the text of the web search that returned the page.
  const Trace trace = Read(
      R"({"id": "w", "messages": [{"role": "user", "content": "Forecast?"},)"
      R"( {"role": "assistant", "content": [{"type": "server_tool_use", "id":)"
      R"( "ws1", "name": "web_search", "input": {"query": "forecast"}},)"
      R"( {"type": "web_search_tool_result", "tool_use_id": "ws1", "content":)"
      R"( [{"type": "web_search_result", "url": "https://w.example/f",)"
      R"( "title": "Forecast", "encrypted_content": "EqABCgYIBx"}]}, {"type":)"
      R"( "text", "text": "Highs near 73F, station WX-7781", "citations":)"
      R"( [{"type": "web_search_result_location", "cited_text": "High 73F.)"
      R"( Station WX-7781.", "url": "https://w.example/f", "title":)"
      R"( "Forecast", "encrypted_index": "Eo8B"}]}, {"type": "text", "text":)"
      R"( ", and gauge GA-1100."}]}]})");
  CHECK(CitationResults(trace) ==
        CitationList{
            {"messages[1].content[2].citations[0]", "ws1", "web_search"}});
  const Outcome outcome = Run(trace);
  CHECK(outcome.judged == 1);
  CHECK(outcome.grounded == Set{"WX-7781"});
  CHECK(outcome.unverified == Set{"GA-1100"});
  CHECK_FALSE(outcome.carried_by.has_value());  // the corpus is partial
}

TEST_CASE("parts carried_by names the result a citation cites") {
  // A search result in a tool result, cited by its index: the cited text
  // is that result's, and carried_by names it alone.
  const Outcome found = Run(
      R"({"id": "s", "messages": [{"role": "user", "content": "Reset?"},)"
      R"( {"role": "assistant", "content": [{"type": "tool_use", "id": "t1",)"
      R"( "name": "kb", "input": {}}]}, {"role": "user", "content": [{"type":)"
      R"( "tool_result", "tool_use_id": "t1", "content": [{"type":)"
      R"( "search_result", "source": "kb://reset", "title": "Reset",)"
      R"( "content": [{"type": "text", "text": "Use code RC-5521."}]}]}]},)"
      R"( {"role": "assistant", "content": [{"type": "text", "text": "Use)"
      R"( RC-5521.", "citations": [{"type": "search_result_location",)"
      R"( "cited_text": "Use code RC-5521.", "search_result_index": 0,)"
      R"( "source": "kb://reset", "title": "Reset", "start_block_index": 0,)"
      R"( "end_block_index": 0}]}]}]})");
  CHECK(found.grounded == Set{"RC-5521"});
  CHECK(found.carried_by == Carriers{{"t1", "kb"}});
  // A cited page the record does not hold (its search was in a history
  // cut off): the citation is a result of its own, named by its path.
  const Outcome synthetic = Run(
      R"({"id": "c", "messages": [{"role": "user", "content": "Forecast?"},)"
      R"( {"role": "assistant", "content": [{"type": "text", "text": "Station)"
      R"( WX-7781 reads 73F; WX-0000 is down.", "citations": [{"type":)"
      R"( "web_search_result_location", "cited_text": "Station WX-7781:)"
      R"( 73F", "url": "https://w.example/f", "title": "Forecast"}]}]}]})");
  CHECK(synthetic.grounded == Set{"WX-7781"});
  CHECK(synthetic.flagged == Set{"WX-0000"});
  CHECK(synthetic.carried_by ==
        Carriers{{"messages[1].content[0].citations[0]", "citation"}});
}

TEST_CASE("parts a responses annotation is the text of the result it cites") {
  const std::string line =
      R"({"id": "r", "input": "Forecast and the runbook?", "output": [{"type":)"
      R"( "web_search_call", "id": "ws_1", "status": "completed", "action":)"
      R"( {"type": "search", "query": "forecast", "sources": [{"type": "url",)"
      R"( "url": "https://w.example/f"}]}}, {"type": "file_search_call", "id":)"
      R"( "fs_1", "status": "completed", "queries": ["runbook"], "results":)"
      R"( [{"file_id": "file-RB4410", "filename": "RB-4410.md", "text":)"
      R"( "restart"}]}, {"type": "message", "id": "m1", "role": "assistant",)"
      R"( "content": [{"type": "output_text", "text": "See Forecast WX-7781)"
      R"( and RB-4410.md.", "annotations": [{"type": "url_citation", "url":)"
      R"( "https://w.example/f", "title": "Forecast WX-7781", "start_index":)"
      R"( 4, "end_index": 20}, {"type": "file_citation", "file_id":)"
      R"( "file-RB4410", "filename": "RB-4410.md", "index": 25}, {"type":)"
      R"( "url_citation", "url": "https://other.example/p", "title": "Other",)"
      R"( "start_index": 0, "end_index": 3}]}]}]})";
  const Trace trace = Read(line);
  CHECK(CitationResults(trace) ==
        CitationList{
            {"output[2].content[0].annotations[0]", "ws_1", "web_search"},
            {"output[2].content[0].annotations[1]", "fs_1", "file_search"},
            {"output[2].content[0].annotations[2]",
             "output[2].content[0].annotations[2]", "citation"}});
  // The citations come right before their answer, which is still one.
  REQUIRE_FALSE(trace.messages.empty());
  CHECK(trace.messages.back().IsAnswer());
  const Outcome outcome = Run(trace);
  CHECK(outcome.grounded == Set{"WX-7781", "RB-4410.md"});
  CHECK(outcome.flagged.empty());
  CHECK(outcome.unverified.empty());
}

TEST_CASE("parts a citation beside a call keeps the text beside it") {
  // Text and a function call in one response: the text is not an answer,
  // with or without the citation the API attached to it.
  const Trace trace = Read(
      R"({"id": "r", "input": "Hi", "output": [{"type": "function_call",)"
      R"( "call_id": "c1", "name": "lookup", "arguments": "{}"}, {"type":)"
      R"( "message", "role": "assistant", "content": [{"type": "output_text",)"
      R"( "text": "Checking WX-7781.", "annotations": [{"type":)"
      R"( "url_citation", "url": "https://w.example/f", "title": "WX-7781"}]}]}]})");
  REQUIRE(trace.messages.size() == 4);
  CHECK(trace.messages[2].role == TraceRole::kToolResult);
  CHECK(trace.messages[3].beside_tool_calls);
  CHECK(Run(trace).judged == 0);
}

TEST_CASE("parts check's carried_by names a citation") {
  groundgate_test::ScratchDir dir;
  const std::string file = dir.Write(
      "cited.jsonl",
      R"({"id": "c", "messages": [{"role": "user", "content": "Forecast?"},)"
      R"( {"role": "assistant", "content": [{"type": "text", "text": "Station)"
      R"( WX-7781 reads 73F.", "citations": [{"type":)"
      R"( "web_search_result_location", "cited_text": "Station WX-7781:)"
      R"( 73F", "url": "https://w.example/f", "title": "Forecast"}]}]}]})"
      "\n");
  const groundgate_test::RunResult run = RunGroundgate({"check", file});
  CHECK(run.exit_code == 0);
  CHECK(Contains(run.out, R"("carried_by":[{"tool_call_id":)"
                          R"("messages[1].content[0].citations[0]",)"
                          R"("tool_name":"citation","values":1,"only":1}])"));
}

// --- the legacy function message ------------------------------------------

TEST_CASE("parts a legacy chat function message is a tool result") {
  const std::string line =
      R"({"id": "f", "messages": [{"role": "user", "content": "Where is)"
      R"( ORD-1?"}, {"role": "assistant", "content": null, "function_call":)"
      R"( {"name": "get_order", "arguments": "{\"id\": \"ORD-1\"}"}},)"
      R"( {"role": "function", "name": "get_order", "content":)"
      R"( "{\"id\": \"ORD-1\", \"tracking\": \"TRK-55231\"}"}, {"role":)"
      R"( "assistant", "content": "Tracking TRK-55231, carrier CAR-7777."}]})";
  const Trace trace = Read(line);
  CHECK(trace.format == TraceFormat::kOpenAiChat);
  CHECK(trace.warnings.empty());
  REQUIRE(trace.messages.size() == 4);
  REQUIRE(trace.messages[1].tool_calls.size() == 1);
  CHECK(trace.messages[1].tool_calls[0].id == "messages[1].function_call");
  CHECK(trace.messages[1].tool_calls[0].name == "get_order");
  CHECK(trace.messages[2].role == TraceRole::kToolResult);
  CHECK(trace.messages[2].tool_call_id == "messages[1].function_call");
  CHECK(trace.messages[2].tool_name == "get_order");
  const Outcome outcome = Run(trace);
  CHECK(outcome.flagged == Set{"CAR-7777"});
  CHECK(outcome.grounded == Set{"TRK-55231"});
  CHECK(outcome.carried_by ==
        Carriers{{"messages[1].function_call", "get_order"}});
  // With no call before it, a function message is named by its path; a
  // top-level system beside it does not make the record Anthropic.
  const Trace alone =
      Read(R"({"id": "g", "system": "s", "messages": [{"role": "function",)"
           R"( "name": "get_x", "content": "X-1234"}]})");
  CHECK(alone.format == TraceFormat::kOpenAiChat);
  REQUIRE(alone.messages.size() == 2);
  CHECK(alone.messages[1].tool_call_id == "messages[0]");
  CHECK(alone.messages[1].tool_name == "get_x");
}

// --- warnings and errors quote nothing --------------------------------------

TEST_CASE("parts a warning names an unknown type's length, not a token") {
  // A "type" of the right characters that is no word: a pasted key, say.
  const std::string key = "sk_live_4f9a0c77d1e2_tool_result";
  const Trace user = Read(
      R"({"id": "k", "messages": [{"role": "user", "content": [{"type": ")" +
      key + R"("}]}]})");
  REQUIRE(user.warnings.size() == 1);
  CHECK(user.warnings[0] ==
        "messages[0].content[0].type: unknown block type (32 chars); not read");
  // The same type as a server result (it ends in _tool_result).
  const Trace server = Read(
      R"({"id": "k", "messages": [{"role": "user", "content": "q"}, {"role":)"
      R"( "assistant", "content": [{"type": ")" +
      key + R"(", "tool_use_id": "t1", "content": []}]}]})");
  REQUIRE(server.warnings.size() == 1);
  CHECK(server.warnings[0] ==
        "messages[1].content[0].type: unknown block type (32 chars); read as "
        "a server tool's result");
  // Nor is a long run of letters.
  const Trace letters =
      Read(R"({"id": "k", "messages": [{"role": "user", "content": [{"type":)"
           R"( "tok_qwhzkplmvbnrtyxcsd"}]}]})");
  REQUIRE(letters.warnings.size() == 1);
  CHECK(letters.warnings[0] ==
        "messages[0].content[0].type: unknown part type (22 chars); not read");
  // A type of words is still quoted: it is what the reader should learn.
  const Trace word =
      Read(R"({"id": "k", "messages": [{"role": "user", "content": [{"type":)"
           R"( "hologram"}]}]})");
  REQUIRE(word.warnings.size() == 1);
  CHECK(word.warnings[0] ==
        "messages[0].content[0].type: unknown part type \"hologram\"; not "
        "read");
}

TEST_CASE("parts a number that overflows is named by its position") {
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {R"({"id": "x", "n": 1e999, "messages": []})", 22},
      {R"({"id": "x", "n": )" + std::string(5u << 20, '7') +
           R"(, "messages": []})",
       (5u << 20) + 17},
  };
  for (const auto& entry : cases) {
    const std::string& line = entry.first;
    const absl::StatusOr<Trace> trace =
        ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
    REQUIRE_FALSE(trace.ok());
    const std::string message(trace.status().message());
    CHECK(message == "not JSON: number overflow (at byte " +
                         std::to_string(entry.second) + ")");
  }
  // The command prints the same, a line of stderr, not the literal.
  groundgate_test::ScratchDir dir;
  const std::string file = dir.Write(
      "big.jsonl", R"({"id": "x", "n": )" + std::string(5u << 20, '7') +
                       R"(, "messages": []})" + "\n");
  const groundgate_test::RunResult run =
      RunGroundgate({"check", "--max-line-bytes", "8000000", file});
  CHECK(run.exit_code != 0);
  CHECK(Contains(run.err, "big.jsonl:1: not JSON: number overflow (at byte "));
  CHECK(run.err.size() < 1000);
}

TEST_SUITE_END();
