// tests/cli/cli_test.cc — `groundgate check` end to end.
//
// Its one job: run the built `groundgate` binary (GROUNDGATE_CLI_PATH) on
// trace files written to a temporary directory and assert on what a user
// sees: the JSON verdict lines on stdout, the diagnostics and summary on
// stderr, and the exit code. The laws appear here as the command shows them.
//
// What it does NOT do: test the judge's value rules in depth (the evidence
// and judge suites do), or call the cli/ code in-process: every case forks
// the real binary, as a user or a batch job would run it.
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

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

using groundgate_test::Contains;
using groundgate_test::ForEachCase;
using groundgate_test::ReadFile;
using groundgate_test::ScratchDir;

std::vector<std::string> SplitLines(const std::string& text) {
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
CliResult RunCli(const std::vector<std::string>& args,
                 const std::string& stdin_text = "") {
  groundgate_test::RunResult run =
      groundgate_test::RunGroundgate(args, stdin_text);
  return CliResult{run.exit_code, std::move(run.out), std::move(run.err)};
}

// `groundgate check` on one file holding `records` as written (a record a
// line, each ending in a newline), in a scratch directory of its own.
CliResult CheckRecords(const std::string& records) {
  ScratchDir dir;
  return RunCli({"check", dir.Write("t.jsonl", records)});
}

// --- building traces: OpenAI Chat Completions messages ----------------------

Json System(const std::string& text) {
  return {{"role", "system"}, {"content", text}};
}
Json Developer(const std::string& text) {
  return {{"role", "developer"}, {"content", text}};
}
Json User(const std::string& text) {
  return {{"role", "user"}, {"content", text}};
}
Json Answer(const std::string& text) {
  return {{"role", "assistant"}, {"content", text}};
}

struct Call {
  std::string id;
  std::string function;
  std::string arguments = "{}";
};

Json Calls(const std::vector<Call>& calls, Json content = nullptr) {
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
Json Result(const std::string& call_id, Json content) {
  return {{"role", "tool"},
          {"tool_call_id", call_id},
          {"content", std::move(content)}};
}
Json NamedResult(const std::string& call_id, const std::string& name,
                 Json content) {
  Json message = Result(call_id, std::move(content));
  message["name"] = name;
  return message;
}

// One JSONL line: {"id", "messages"}.
std::string Line(const std::string& id, const std::vector<Json>& messages) {
  return Json{{"id", id}, {"messages", messages}}.dump();
}

// The port-statistics turn most cases share.
constexpr char kPortStats[] =
    R"({"switch":"sw-core-01","port":"fc1/3",)"
    R"("wwpn":"20:00:00:25:b5:aa:00:1f","crc_errors":41200})";

std::vector<Json> PortConversation(const std::string& answer) {
  return {System("You are the storage operations assistant."),
          User("Why is the link to the array flapping?"),
          Calls({{"call_1", "get_port_stats"}}),
          NamedResult("call_1", "get_port_stats", kPortStats), Answer(answer)};
}

// The [start, end) byte span of `needle` in `text`.
std::pair<std::size_t, std::size_t> SpanOf(const std::string& text,
                                           const std::string& needle) {
  const std::size_t start = text.find(needle);
  REQUIRE(start != std::string::npos);
  return {start, start + needle.size()};
}

}  // namespace

TEST_SUITE_BEGIN("cli");

TEST_CASE("cli an answer whose values were all read is grounded and exits 0") {
  CliResult result = CheckRecords(
      Line("port-ok", PortConversation("Port fc1/3 on sw-core-01 (WWPN "
                                       "20:00:00:25:b5:aa:00:1f) logged 41,200 "
                                       "CRC errors.")) +
      "\n");
  CHECK(result.exit_code == 0);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  const OrderedJson& verdict = verdicts[0];
  CHECK(verdict["trace_id"] == "port-ok");
  CHECK(verdict["message_index"] == 4);
  CHECK(verdict["action"] == "grounded");
  CHECK(verdict["candidates"] == 4);
  CHECK(verdict["unsupported"].empty());
  REQUIRE(verdict["carried_by"].size() == 1);
  CHECK(verdict["carried_by"][0]["tool_call_id"] == "call_1");
  CHECK(verdict["carried_by"][0]["tool_name"] == "get_port_stats");
  CHECK(verdict["carried_by"][0]["values"] == 4);
  CHECK(verdict["grounding"]["this_turn"] == 4);
}

TEST_CASE("cli a planted value is flagged with its byte span and exits 1") {
  const std::string answer =
      "Port fc1/3 has WWPN 20:00:00:25:b5:aa:00:2f and 41,200 CRC errors.";
  CliResult result =
      CheckRecords(Line("planted", PortConversation(answer)) + "\n");
  CHECK(result.exit_code == 1);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["action"] == "flagged");
  REQUIRE(verdicts[0]["unsupported"].size() == 1);
  const OrderedJson& unsupported = verdicts[0]["unsupported"][0];
  const auto [start, end] = SpanOf(answer, "20:00:00:25:b5:aa:00:2f");
  CHECK(unsupported["shape"] == "identifier");
  CHECK(unsupported["start"] == start);
  CHECK(unsupported["end"] == end);
  CHECK(Contains(result.Summary(), "flagged=1"));
}

TEST_CASE("cli values are printed only with --include-values (law 8)") {
  const std::string planted = "20:00:00:25:b5:aa:00:2f";
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      Line("law8", PortConversation("The HBA is " + planted + ".")) + "\n");

  CliResult plain = RunCli({"check", file});
  CHECK(plain.exit_code == 1);
  CHECK_FALSE(Contains(plain.out, planted));
  CHECK_FALSE(Contains(plain.err, planted));
  std::vector<OrderedJson> verdicts = plain.Verdicts();
  REQUIRE(verdicts.size() == 1);
  REQUIRE(verdicts[0]["unsupported"].size() == 1);
  CHECK_FALSE(verdicts[0]["unsupported"][0].contains("value"));

  CliResult opted_in = RunCli({"check", "--include-values", file});
  CHECK(opted_in.exit_code == 1);
  verdicts = opted_in.Verdicts();
  REQUIRE(verdicts.size() == 1);
  REQUIRE(verdicts[0]["unsupported"].size() == 1);
  CHECK(verdicts[0]["unsupported"][0]["value"] == planted);
}

TEST_CASE("cli keys are trace_id and message_index then the verdict in order") {
  CliResult result =
      CheckRecords(Line("order", PortConversation("Port fc1/3.")) + "\n");
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  std::vector<std::string> keys;
  for (auto it = verdicts[0].begin(); it != verdicts[0].end(); ++it) {
    keys.push_back(it.key());
  }
  const std::vector<std::string> expected = {
      "trace_id",   "message_index",      "action",
      "candidates", "looked_up",          "unsupported",
      "unverified", "grounded",           "carried_by",
      "conflicts",  "evidence_truncated", "answer_truncated",
      "grounding"};
  CHECK(keys == expected);
  // One compact line: no indentation, no spaces after separators.
  CHECK_FALSE(Contains(result.out, "\": "));
  CHECK(result.OutLines().size() == 1);
}

TEST_CASE("cli tool-call arguments do not ground an answer (law 3)") {
  CliResult result = CheckRecords(
      Line("args", {User("Any alerts on the array in rack B4?"),
                    Calls({{"call_u1", "get_array_alerts",
                            R"({"serial":"CKM00184501234"})"}}),
                    Result("call_u1", R"({"alerts":[]})"),
                    Answer("Array CKM00184501234 has no alerts.")}) +
      "\n");
  CHECK(result.exit_code == 1);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["action"] == "flagged");
  CHECK(verdicts[0]["unsupported"].size() == 1);
}

TEST_CASE("cli an earlier answer never grounds a later one (law 3)") {
  CliResult result = CheckRecords(
      Line("self",
           {User("Open a change to grow the volume."),
            Calls({{"call_t1", "create_change"}}),
            Result("call_t1", R"({"change":"CHG0031336"})"),
            Answer("Opened CHG0031337."), User("What was the number again?"),
            Answer("It is CHG0031337.")}) +
      "\n");
  CHECK(result.exit_code == 1);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["message_index"] == 3);
  CHECK(verdicts[0]["action"] == "flagged");
  CHECK(verdicts[1]["message_index"] == 5);
  CHECK(verdicts[1]["action"] == "flagged");
}

TEST_CASE("cli system and developer and user text exempt a value (law 4)") {
  CliResult result =
      CheckRecords(Line("exempt", {System("Site code DC2-77A."),
                                   Developer("Escalation queue STOR-OPS-7."),
                                   User("Log it under INC0048213."),
                                   Answer("Logged INC0048213 for DC2-77A in "
                                          "STOR-OPS-7.")}) +
                   "\n");
  CHECK(result.exit_code == 0);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["action"] == "grounded");
  CHECK(verdicts[0]["candidates"] == 3);
  CHECK(verdicts[0]["looked_up"] == 0);
}

TEST_CASE("cli a correction frame is not exempt and starts no turn (law 4)") {
  const std::string frame =
      "[evidence check] Your answer used CHG0031337, which no tool result "
      "carried. Revise it.";
  CliResult result = CheckRecords(
      Line("frame",
           {User("Open a change."), Calls({{"call_t1", "create_change"}}),
            Result("call_t1", R"({"change":"CHG0031336"})"),
            Answer("Opened CHG0031337."), User(frame),
            Answer("Opened CHG0031337 (CHG0031336).")}) +
      "\n");
  CHECK(result.exit_code == 1);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  const OrderedJson& revised = verdicts[1];
  CHECK(revised["message_index"] == 5);
  // The frame quoted CHG0031337, yet it stays unsupported.
  CHECK(revised["action"] == "flagged");
  CHECK(revised["unsupported"].size() == 1);
  // No user turn began: the change's result still carries this turn.
  REQUIRE(revised["carried_by"].size() == 1);
  CHECK(revised["carried_by"][0]["tool_call_id"] == "call_t1");
  CHECK(revised["grounding"]["this_turn"] == 1);
}

TEST_CASE("cli a value read in an earlier turn names no carrier (law 7)") {
  CliResult result = CheckRecords(
      Line("turns",
           {User("Which serial does the SFP on fc2/14 have?"),
            Calls({{"call_p9", "get_sfp"}}),
            Result("call_p9", R"({"sfp_serial":"UUL2104A7KQ"})"),
            Answer("The SFP serial is UUL2104A7KQ."),
            User("Thanks. Remind me of it?"), Answer("It was UUL2104A7KQ.")}) +
      "\n");
  CHECK(result.exit_code == 0);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["grounding"]["this_turn"] == 1);
  CHECK(verdicts[0]["carried_by"].size() == 1);
  CHECK(verdicts[1]["action"] == "grounded");
  CHECK(verdicts[1]["grounding"]["this_turn"] == 0);
  CHECK(verdicts[1]["grounding"]["prior_turns"] == 1);
  CHECK(verdicts[1]["carried_by"].is_array());
  CHECK(verdicts[1]["carried_by"].empty());
}

TEST_CASE("cli text beside tool calls is neither judged nor evidence") {
  CliResult result = CheckRecords(
      Line("beside", {User("Any alerts on the Unity array?"),
                      Calls({{"call_u1", "get_array_alerts"}},
                            "Looking up array CKM00184501234 now."),
                      Result("call_u1", R"({"alerts":[]})"),
                      Answer("Array CKM00184501234 has no alerts.")}) +
      "\n");
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["message_index"] == 3);
  CHECK(verdicts[0]["action"] == "flagged");
  CHECK(result.exit_code == 1);
}

TEST_CASE("cli content given as text parts is joined with newlines and read") {
  const Json tool_parts = Json::array(
      {{{"type", "text"}, {"text", "sfp_serial UUL2104A7KQ"}},
       {{"type", "image_url"}, {"image_url", {{"url", "http://x/y.png"}}}},
       {{"type", "text"}, {"text", "port fc2/14"}}});
  const Json answer_parts =
      Json::array({{{"type", "text"}, {"text", "SFP UUL2104A7KQ"}},
                   {{"type", "text"}, {"text", "sits in fc2/15."}}});
  CliResult result = CheckRecords(
      Line("parts", {User("Where is the SFP?"), Calls({{"call_s1", "get_sfp"}}),
                     Result("call_s1", tool_parts),
                     Json{{"role", "assistant"}, {"content", answer_parts}}}) +
      "\n");
  CHECK(result.exit_code == 1);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["candidates"] == 2);
  REQUIRE(verdicts[0]["unsupported"].size() == 1);
  const auto [start, end] =
      SpanOf("SFP UUL2104A7KQ\nsits in fc2/15.", "fc2/15");
  CHECK(verdicts[0]["unsupported"][0]["start"] == start);
  CHECK(verdicts[0]["unsupported"][0]["end"] == end);
}

TEST_CASE("cli empty and whitespace-only answers are not judged") {
  CliResult result = CheckRecords(
      Line("empty", {User("Hello?"), Answer(""), Answer("  \n\t "),
                     Json{{"role", "assistant"}, {"content", nullptr}},
                     Json{{"role", "assistant"}}}) +
      "\n");
  CHECK(result.exit_code == 0);
  CHECK(result.out.empty());
  CHECK(Contains(result.Summary(), "conversations=1 judged=0 flagged=0"));
}

TEST_CASE("cli a tool message without a name takes the name of its call") {
  CliResult result = CheckRecords(
      Line("names",
           {User("Serial and port?"),
            Calls({{"call_a", "get_sfp"}, {"call_b", "get_port"}}),
            Result("call_a", R"({"sfp_serial":"UUL2104A7KQ"})"),
            NamedResult("call_b", "port_lookup_v2", R"({"port":"fc2/14"})"),
            Answer("SFP UUL2104A7KQ is in fc2/14.")}) +
      "\n");
  CHECK(result.exit_code == 0);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  const OrderedJson& carried_by = verdicts[0]["carried_by"];
  REQUIRE(carried_by.size() == 2);
  CHECK(carried_by[0]["tool_call_id"] == "call_a");
  CHECK(carried_by[0]["tool_name"] == "get_sfp");
  CHECK(carried_by[1]["tool_call_id"] == "call_b");
  CHECK(carried_by[1]["tool_name"] == "port_lookup_v2");
}

TEST_CASE("cli malformed lines are reported by file and line and skipped") {
  // Line 1 and the last line are good; every line between is wrong in
  // exactly one way, and the message must say which.
  const std::string good_first =
      Line("good-first", PortConversation("Port fc1/3."));
  const std::string good_last =
      Line("good-last", PortConversation("Port fc1/3 on sw-core-01."));
  const std::vector<std::pair<std::string, std::string>> bad_lines = {
      {"this is not json", "not JSON"},
      {R"({"id": "cut", "messages": [{"role": "us)", "not JSON"},
      {"[1, 2]", "expected a JSON object"},
      {R"({"messages": []})", "id: missing"},
      {R"({"id": 7, "messages": []})", "id: expected a string, got number"},
      {R"({"id": "x"})", "messages: missing"},
      {R"({"id": "x", "messages": {}})", "messages: expected an array"},
      {R"({"id": "x", "messages": [{"content": "hi"}]})",
       "messages[0].role: missing"},
      {R"({"id": "x", "messages": [{"role": "bot", "content": "hi"}]})",
       "messages[0].role: unknown role (expected system, developer, user, "
       "assistant or tool)"},
      {R"({"id": "x", "messages": [{"role": 3, "content": "hi"}]})",
       "messages[0].role: expected a string"},
      {R"({"id": "x", "messages": [{"role": "user", "content": 5}]})",
       "messages[0].content: expected"},
      {R"({"id": "x", "messages": [{"role": "user"}]})",
       "messages[0].content: missing"},
      {R"({"id": "x", "messages": ["hi"]})", "messages[0]: expected an object"},
      {R"({"id": "x", "messages": [{"role": "user", "content": "a"},)"
       R"( {"role": "tool", "content": "b"}]})",
       "messages[1].tool_call_id: missing"},
      {R"({"id": "x", "messages": [{"role": "tool", "tool_call_id": 9,)"
       R"( "content": "b"}]})",
       "messages[0].tool_call_id: expected a string"},
      {R"({"id": "x", "messages": [{"role": "tool", "tool_call_id": "c",)"
       R"( "name": 5, "content": "b"}]})",
       "messages[0].name: expected a string"},
      {R"({"id": "x", "messages": [{"role": "assistant", "tool_calls":)"
       R"( [{"function": {"name": "f"}}]}]})",
       "messages[0].tool_calls[0].id: missing"},
      {R"({"id": "x", "messages": [{"role": "assistant", "tool_calls":)"
       R"( [{"id": "c", "function": {"name": 3}}]}]})",
       "messages[0].tool_calls[0].function.name: expected a string"},
      {R"({"id": "x", "messages": [{"role": "assistant", "tool_calls":)"
       R"( {"id": "c"}}]})",
       "messages[0].tool_calls: expected an array"},
      {R"({"id": "x", "messages": [{"role": "assistant", "content":)"
       R"( [{"type": "text"}]}]})",
       "messages[0].content[0].text: missing"},
      {R"({"id": "x", "messages": [{"role": "assistant", "content":)"
       R"( [{"text": "hi"}]}]})",
       "messages[0].content[0].type: missing"},
  };
  std::string text = good_first + "\n";
  for (const auto& [line, what] : bad_lines) text += line + "\n";
  text += good_last + "\n";
  ScratchDir dir;
  const std::string file = dir.Write("mixed.jsonl", text);

  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 2);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["trace_id"] == "good-first");
  CHECK(verdicts[1]["trace_id"] == "good-last");
  for (std::size_t i = 0; i < bad_lines.size(); ++i) {
    const std::string expected =
        file + ":" + std::to_string(i + 2) + ": " + bad_lines[i].second;
    CAPTURE(expected);
    CHECK(Contains(result.err, expected));
  }
  CHECK(Contains(result.Summary(),
                 "malformed_lines=" + std::to_string(bad_lines.size())));
}

TEST_CASE("cli a malformed line exits 2 even when an answer was flagged") {
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      Line("flagged", PortConversation("WWPN 20:00:00:25:b5:aa:00:2f.")) +
          "\n{not json\n");
  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 2);
  CHECK(result.OutLines().size() == 1);
  CHECK(Contains(result.err, file + ":2: not JSON"));
}

TEST_CASE("cli blank lines and CRLF and a byte order mark are accepted") {
  const std::string first = Line("crlf-1", PortConversation("Port fc1/3."));
  const std::string second = Line("crlf-2", PortConversation("fc1/3 ok."));
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      "\xEF\xBB\xBF" + first + "\r\n\r\n   \n" + second);  // no final newline
  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 0);
  CHECK(result.err.find("malformed_lines=0") != std::string::npos);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["trace_id"] == "crlf-1");
  CHECK(verdicts[1]["trace_id"] == "crlf-2");
}

TEST_CASE("cli an unreadable file is named and the other files are checked") {
  ScratchDir dir;
  const std::string missing = dir.Path("missing.jsonl");
  const std::string good = dir.Write(
      "good.jsonl", Line("good", PortConversation("Port fc1/3.")) + "\n");
  CliResult result = RunCli({"check", missing, good, dir.Path("")});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err, "cannot open " + missing));
  CHECK(Contains(result.err, "is a directory"));
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["trace_id"] == "good");
  CHECK(Contains(result.Summary(), "files=1 unreadable_files=2"));
}

TEST_CASE("cli a dash reads standard input") {
  const std::string input =
      Line("stdin-1", PortConversation("Port fc1/3.")) + "\nnope\n";
  CliResult result = RunCli({"check", "-"}, input);
  CHECK(result.exit_code == 2);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["trace_id"] == "stdin-1");
  CHECK(Contains(result.err, "<stdin>:2: not JSON"));

  CliResult clean =
      RunCli({"check", "-"}, Line("stdin-2", PortConversation("fc1/3.")));
  CHECK(clean.exit_code == 0);
  CHECK(clean.OutLines().size() == 1);
}

TEST_CASE("cli an unknown option or command or no FILE exits 2 with usage") {
  const std::vector<std::vector<std::string>> cases = {
      {"check", "--bogus", "x.jsonl"},
      {"check"},
      {"check", "--include-values"},
      {"check", "--shapes"},
      {"frobnicate"},
      {},
  };
  for (const std::vector<std::string>& args : cases) {
    CliResult result = RunCli(args);
    CAPTURE(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(Contains(result.err, "usage"));
  }
}

TEST_CASE("cli --min-digits must be an integer of at least 1") {
  ScratchDir dir;
  const std::string file =
      dir.Write("t.jsonl", Line("d", PortConversation("Port fc1/3.")) + "\n");
  const std::vector<std::vector<std::string>> bad = {
      {"--min-digits", "four"}, {"--min-digits", "4x"},
      {"--min-digits="},        {"--min-digits", "0"},
      {"--min-digits", "-2"},   {"--min-digits", "99999999999999999999"},
  };
  for (std::vector<std::string> args : bad) {
    args.insert(args.begin(), "check");
    args.push_back(file);
    CliResult result = RunCli(args);
    CAPTURE(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK((Contains(result.err, "min-digits") ||
           Contains(result.err, "min_digits")));
  }
  CliResult missing_value = RunCli({"check", file, "--min-digits"});
  CHECK(missing_value.exit_code == 2);
}

TEST_CASE("cli --min-digits sets how many digits make a bare number a value") {
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      Line("digits", PortConversation("Port fc1/3 logged 555 CRC errors.")) +
          "\n");
  CliResult by_default = RunCli({"check", file});
  CHECK(by_default.exit_code == 0);
  CliResult three = RunCli({"check", "--min-digits", "3", file});
  CHECK(three.exit_code == 1);
  CliResult three_eq = RunCli({"check", "--min-digits=3", file});
  CHECK(three_eq.exit_code == 1);
  CHECK(three.out == three_eq.out);
}

TEST_CASE("cli --shapes declares shapes and exempt values and patterns") {
  ScratchDir dir;
  const std::string shapes = dir.Write("shapes.json", R"json({
    "shapes": [{"name": "hostname", "pattern": "[a-z]+-(primary|replica)"}],
    "exempt_values": ["fc9/99"],
    "exempt_patterns": ["INC[0-9]{7}"]
  })json");
  const std::string answer =
      "db-primary replicates to db-replica over fc9/99 (INC0000042).";
  const std::string file = dir.Write(
      "t.jsonl",
      Line("shapes",
           {User("Which hosts?"), Calls({{"call_h", "list_hosts"}}),
            Result("call_h", R"({"host":"db-primary"})"), Answer(answer)}) +
          "\n");
  CliResult without = RunCli({"check", file});
  CHECK(without.exit_code == 1);  // fc9/99 and INC0000042 are typed

  CliResult with = RunCli({"check", "--shapes", shapes, file});
  CHECK(with.exit_code == 1);
  std::vector<OrderedJson> verdicts = with.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["candidates"] == 4);
  CHECK(verdicts[0]["looked_up"] == 2);
  REQUIRE(verdicts[0]["unsupported"].size() == 1);
  const OrderedJson& unsupported = verdicts[0]["unsupported"][0];
  CHECK(unsupported["shape"] == "hostname");
  CHECK(unsupported["start"] == SpanOf(answer, "db-replica").first);
}

TEST_CASE("cli a bad --shapes file exits 2 and names the problem") {
  ScratchDir dir;
  const std::string file =
      dir.Write("t.jsonl", Line("s", PortConversation("Port fc1/3.")) + "\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{nope", "not JSON"},
      {"[]", "expected an object"},
      {R"({"shape": []})", "unknown key \"shape\""},
      {R"({"shapes": {}})", "shapes: expected an array"},
      {R"({"shapes": [{"name": "x"}]})", "shapes[0].pattern: missing"},
      {R"({"shapes": [{"name": "x", "pattern": 5}]})",
       "shapes[0].pattern: expected a string"},
      {R"({"shapes": [{"name": "x", "pattern": "a", "flags": "i"}]})",
       "unknown key \"flags\""},
      {R"({"exempt_values": [1]})", "exempt_values[0]: expected a string"},
      {R"({"exempt_patterns": "x"})", "exempt_patterns: expected an array"},
      // Gate::Create's own checks, printed as it words them.
      {R"({"shapes": [{"name": "x", "pattern": "(("}]})", "shapes[0]"},
      {R"({"shapes": [{"name": "x", "pattern": "a"},)"
       R"( {"name": "x", "pattern": "b"}]})",
       "shapes[1]"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string shapes =
        dir.Write("shapes" + std::to_string(i) + ".json", cases[i].first);
    CliResult result = RunCli({"check", "--shapes", shapes, file});
    CAPTURE(cases[i].first);
    CAPTURE(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(Contains(result.err, cases[i].second));
  }
  CliResult missing =
      RunCli({"check", "--shapes", dir.Path("absent.json"), file});
  CHECK(missing.exit_code == 2);
  CHECK(Contains(missing.err, "absent.json"));
}

TEST_CASE("cli the summary counts conversations answers lines and files") {
  ScratchDir dir;
  const std::string first = dir.Write(
      "a.jsonl",
      Line("a1", PortConversation("Port fc1/3.")) + "\n" +
          Line("a2", PortConversation("WWPN 20:00:00:25:b5:aa:00:2f.")) + "\n" +
          "garbage\n");
  const std::string second =
      dir.Write("b.jsonl", Line("b1", {User("Hi"), Answer("Hello."),
                                       Answer("Ticket CHG0031337 is open.")}) +
                               "\n");
  CliResult result = RunCli({"check", first, second});
  CHECK(result.exit_code == 2);
  CHECK(result.Summary() ==
        "groundgate check: conversations=3 judged=4 flagged=2 unverified=0 "
        "malformed_lines=1 files=2 unreadable_files=0");
}

TEST_CASE("cli a truncated corpus accuses no one and exits 0 (law 5)") {
  // One tool result with more distinct values than the index holds.
  std::string dump;
  for (std::size_t i = 0; i <= groundgate::kMaxIndexTokens; ++i) {
    dump += "v" + std::to_string(i) + " ";
  }
  CliResult result =
      CheckRecords(Line("huge", {User("Dump it."), Calls({{"call_d", "dump"}}),
                                 Result("call_d", dump),
                                 Answer("Host ab-9999-zz holds v100.")}) +
                   "\n");
  CHECK(result.exit_code == 0);
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["action"] == "unverified");
  CHECK(verdicts[0]["evidence_truncated"] == true);
  CHECK(verdicts[0]["unsupported"].empty());
  CHECK(verdicts[0]["carried_by"].is_null());
  CHECK(Contains(result.Summary(), "flagged=0 unverified=1"));
}

TEST_CASE("cli help and version print to stdout and exit 0") {
  CliResult help = RunCli({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(Contains(help.out, "check"));
  CliResult check_help = RunCli({"check", "--help"});
  CHECK(check_help.exit_code == 0);
  CHECK(Contains(check_help.out, "--include-values"));
  CHECK(Contains(check_help.out, "--min-digits"));
  CHECK(Contains(check_help.out, "--shapes"));
  CliResult version = RunCli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("groundgate ", 0) == 0);
}

TEST_CASE("cli the same input gives byte-identical output (law 9)") {
  const std::string traces =
      std::string(GROUNDGATE_SOURCE_DIR) + "/examples/traces/san_fabric.jsonl";
  CliResult first = RunCli({"check", "--include-values", traces});
  CliResult second = RunCli({"check", "--include-values", traces});
  CHECK_FALSE(first.out.empty());
  CHECK(first.out == second.out);
  CHECK(first.err == second.err);
}

TEST_CASE("cli in the example traces exactly the planted values are flagged") {
  // Each entry: trace id, message index, the flagged spelling in the
  // answer: the planted values, and any known false accusations listed
  // last. Nothing else in examples/traces may be flagged.
  const std::set<std::tuple<std::string, int, std::string>> planted = {
      {"san-lun-map-planted", 4, "0x0014"},
      {"san-hba-wwpn-planted", 4, "21:00:00:24:ff:4c:8a:32"},
      {"san-serial-from-arguments-planted", 4, "CKM00184501234"},
      {"cap-replication-lag-planted", 4, "pgroup-ora.2418"},
      {"cap-ticket-typed-twice-planted", 4, "CHG0031337"},
      {"cap-ticket-typed-twice-planted", 6, "CHG0031337"},
      {"taubench-airline-t12-r1-planted", 8, "3FRNFE"},
      // No known false accusation is left: "2024-05-06", the date part of
      // the tool's "2024-05-06T13:25:06", is grounded as respelled_date.
  };
  const std::filesystem::path dir =
      std::filesystem::path(GROUNDGATE_SOURCE_DIR) / "examples" / "traces";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".jsonl") {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 3);

  // The answers themselves, to read each flagged span back.
  std::map<std::pair<std::string, int>, std::string> answers;
  for (const std::string& file : files) {
    for (const std::string& line : SplitLines(ReadFile(file))) {
      Json trace = Json::parse(line, nullptr, false);
      REQUIRE(trace.is_object());
      const std::string id = trace["id"].get<std::string>();
      const Json& messages = trace["messages"];
      for (std::size_t i = 0; i < messages.size(); ++i) {
        const Json& content = messages[i].value("content", Json());
        if (content.is_string()) {
          answers[{id, static_cast<int>(i)}] = content.get<std::string>();
        } else if (content.is_array()) {
          std::string joined;
          for (const Json& part : content) {
            if (part.value("type", "") != "text") continue;
            if (!joined.empty()) joined += "\n";
            joined += part.value("text", "");
          }
          answers[{id, static_cast<int>(i)}] = joined;
        }
      }
    }
  }

  std::vector<std::string> args = {"check"};
  args.insert(args.end(), files.begin(), files.end());
  CliResult result = RunCli(args);
  CHECK(result.exit_code == 1);
  CHECK(Contains(result.Summary(), "malformed_lines=0"));

  std::set<std::tuple<std::string, int, std::string>> flagged;
  for (const OrderedJson& verdict : result.Verdicts()) {
    CHECK(verdict["action"] != "unverified");
    const std::string id = verdict["trace_id"].get<std::string>();
    const int index = verdict["message_index"].get<int>();
    for (const OrderedJson& value : verdict["unsupported"]) {
      const std::string& answer = answers[{id, index}];
      const std::size_t start = value["start"].get<std::size_t>();
      const std::size_t end = value["end"].get<std::size_t>();
      REQUIRE(end <= answer.size());
      flagged.insert({id, index, answer.substr(start, end - start)});
    }
  }
  // Listed, so a failure shows which value was missed or wrongly flagged.
  std::string wrongly_flagged;
  std::string missed;
  for (const auto& [id, index, value] : flagged) {
    if (!planted.contains({id, index, value})) {
      wrongly_flagged += id + "#" + std::to_string(index) + " " + value + "; ";
    }
  }
  for (const auto& [id, index, value] : planted) {
    if (!flagged.contains({id, index, value})) {
      missed += id + "#" + std::to_string(index) + " " + value + "; ";
    }
  }
  CHECK(wrongly_flagged == "");
  CHECK(missed == "");
}

// --- trace formats ------------------------------------------------------

namespace {

std::string AdapterFixturePath(const std::string& name) {
  return std::string(GROUNDGATE_SOURCE_DIR) + "/tests/fixtures/adapters/" +
         name;
}

}  // namespace

TEST_CASE("cli every trace format is detected and judged by check") {
  // fixture -> trace ids whose answer is flagged, and those unverified.
  // anthropic-error-and-thinking's result holds an image the gate cannot
  // read: the value no readable result carried is unverified, not
  // unsupported (law 5).
  struct Case {
    std::string fixture;
    std::set<std::string> flagged;
    std::set<std::string> unverified;
  };
  const std::vector<Case> cases = {
      {"openai_chat.jsonl", {"chat-error-results"}, {}},
      {"openai_responses.jsonl", {"responses-planted"}, {}},
      {"anthropic_messages.jsonl", {}, {"anthropic-error-and-thinking"}},
      {"mcp.jsonl", {"mcp-errors"}, {}},
      {"evidenceflow.jsonl", {"ef-reasoning-and-error"}, {}},
  };
  ForEachCase(cases, [&](const Case& expected) {
    CAPTURE(expected.fixture);
    CliResult result = RunCli({"check", AdapterFixturePath(expected.fixture)});
    CAPTURE(result.err);
    CHECK(result.exit_code == (expected.flagged.empty() ? 0 : 1));
    CHECK(Contains(result.Summary(), "malformed_lines=0"));
    std::set<std::string> flagged;
    std::set<std::string> unverified;
    for (const OrderedJson& verdict : result.Verdicts()) {
      CHECK_FALSE(verdict.contains("judged"));
      const std::string id = verdict["trace_id"].get<std::string>();
      if (verdict["action"] == "flagged") flagged.insert(id);
      if (verdict["action"] == "unverified") unverified.insert(id);
    }
    CHECK(flagged == expected.flagged);
    CHECK(unverified == expected.unverified);
  });
}

TEST_CASE("cli --judge-intermediate judges reasoning and says so") {
  CliResult plain = RunCli({"check", AdapterFixturePath("evidenceflow.jsonl")});
  CliResult with = RunCli({"check", "--judge-intermediate",
                           AdapterFixturePath("evidenceflow.jsonl")});
  CHECK(with.OutLines().size() == plain.OutLines().size() + 1);
  bool reasoning = false;
  for (const OrderedJson& verdict : with.Verdicts()) {
    if (verdict.contains("judged")) {
      CHECK(verdict["judged"] == "reasoning");
      CHECK(verdict["message_index"] == 1);
      CHECK(verdict["action"] == "flagged");
      reasoning = true;
    }
  }
  CHECK(reasoning);
}

TEST_CASE(
    "cli --format names the format and a record of another shape is named") {
  const std::string chat = AdapterFixturePath("openai_chat.jsonl");
  CliResult named = RunCli({"check", "--format", "openai-chat", chat});
  CHECK(named.exit_code == 1);
  CliResult wrong = RunCli({"check", "--format=evidenceflow", chat});
  CHECK(wrong.exit_code == 2);
  CHECK(Contains(wrong.err, chat + ":1: steps: missing"));
  CHECK(Contains(wrong.err, chat + ":2: steps: missing"));
  CliResult unknown = RunCli({"check", "--format", "langchain", chat});
  CHECK(unknown.exit_code == 2);
  CHECK(Contains(unknown.err, "--format: unknown format \"langchain\""));
}

TEST_CASE("cli an unknown step type is named by file line and field") {
  const std::string good =
      R"({"id": "ok", "steps": [{"type": "user", "content": "Build?"},)"
      R"( {"type": "tool_result", "tool": "ci", "content": "build B-55103"},)"
      R"( {"type": "assistant", "content": "Build B-55103."}]})";
  const std::string bad =
      R"({"id": "bad", "steps": [{"type": "user", "content": "Build?"},)"
      R"( {"type": "plan", "content": "guess"}]})";
  ScratchDir dir;
  const std::string file = dir.Write("steps.jsonl", bad + "\n" + good + "\n");
  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err, file + ":1: steps[1].type: unknown step type "
                                    "(expected user, assistant,"));
  CHECK_FALSE(Contains(result.err, "\"plan\""));
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["trace_id"] == "ok");
  CHECK(verdicts[0]["action"] == "grounded");
}

TEST_CASE("cli help lists the report and eval commands and every format") {
  CliResult help = RunCli({"--help"});
  CHECK(Contains(help.out, "report"));
  CHECK(Contains(help.out, "eval"));
  CliResult check_help = RunCli({"check", "--help"});
  for (const char* format : {"openai-chat", "openai-responses", "anthropic",
                             "mcp", "evidenceflow", "--judge-intermediate"}) {
    CHECK(Contains(check_help.out, format));
  }
}

TEST_CASE("cli a megabyte tool-call id and tool name print in bounded form") {
  const std::string long_id = "call_" + std::string(1 << 20, 'i');
  const std::string long_name = "get_" + std::string(1 << 20, 'n');
  ScratchDir dir;
  const std::string file = dir.Write(
      "huge_id.jsonl",
      Line("huge", {User("Which port?"), Calls({{long_id, long_name}}),
                    NamedResult(long_id, long_name, kPortStats),
                    Answer("Port fc1/3 has 41201 CRC errors.")}) +
          "\n");
  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 1);  // 41201 is one digit from 41200
  // The line names the result by its bounded id, never the megabyte.
  CHECK(result.out.size() < 4096);
  const std::string bounded = groundgate::BoundedToolCallId(long_id);
  CHECK(bounded.size() <= groundgate::kMaxToolCallIdBytes);
  CHECK(Contains(result.out, "\"" + bounded + "\""));
}

TEST_CASE("cli a write error on standard output exits 2 and says why") {
  ScratchDir dir;
  const std::string file =
      dir.Write("ok.jsonl", Line("ok", PortConversation("fc1/3.")) + "\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", file},  {"eval", file},      {"eval", "--json", file},
      {"report", file}, {"check", "--help"}, {"--version"}};
  for (const std::vector<std::string>& args : commands) {
    CAPTURE(args.front());
    groundgate_test::RunResult run =
        groundgate_test::RunGroundgate(args, "", "/dev/full");
    CHECK(run.exit_code == 2);
    CHECK(Contains(run.err,
                   "cannot write to standard output: No space left on "
                   "device"));
  }
  groundgate_test::RunResult check =
      groundgate_test::RunGroundgate({"check", file}, "", "/dev/full");
  CHECK(Contains(check.err,
                 "groundgate check: cannot write to standard "
                 "output: No space left on device\n"));
}

TEST_CASE("cli a write error on the report's -o file exits 2 and names it") {
  ScratchDir dir;
  const std::string file =
      dir.Write("ok.jsonl", Line("ok", PortConversation("fc1/3.")) + "\n");
  CliResult result = RunCli({"report", "-o", "/dev/full", file});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err,
                 "groundgate report: cannot write to /dev/full: "
                 "No space left on device"));
}

TEST_CASE("cli a line longer than --max-line-bytes is named and skipped") {
  ScratchDir dir;
  const std::string short_line = Line("short", PortConversation("fc1/3."));
  const std::string long_line =
      Line("long", PortConversation("fc1/3." + std::string(2000, ' ')));
  const std::string file =
      dir.Write("long.jsonl", long_line + "\n" + short_line + "\n");
  const std::string limit = std::to_string(short_line.size() + 10);
  CliResult result = RunCli({"check", "--max-line-bytes", limit, file});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err, file + ":1: line longer than " + limit +
                                 " bytes (" + std::to_string(long_line.size()) +
                                 "); skipped"));
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  CHECK(verdicts[0]["trace_id"] == "short");
  CHECK(Contains(result.Summary(), "malformed_lines=1"));
  // The default reads both.
  CliResult whole = RunCli({"check", file});
  CHECK(whole.exit_code == 0);
  CHECK(whole.Verdicts().size() == 2);
  CliResult zero = RunCli({"check", "--max-line-bytes=0", file});
  CHECK(zero.exit_code == 2);
  CHECK(Contains(zero.err, "--max-line-bytes: expected a whole number"));
  CliResult help = RunCli({"check", "--help"});
  CHECK(Contains(help.out, "--max-line-bytes N"));
}

TEST_CASE("cli --jobs N prints what one thread prints, byte for byte") {
  // Grounded and flagged answers, malformed and blank lines, a record
  // without an id ("id: missing"), and a line over --max-line-bytes, in
  // one file: every job count prints the same stdout, the same stderr and
  // the same code.
  std::string content;
  for (int i = 0; i < 150; ++i) {
    const std::string id = "jobs-" + std::to_string(i);
    switch (i % 6) {
      case 0:
        content += Line(id, PortConversation("fc1/3 logged 41,200 errors."));
        break;
      case 1:
        content += Line(id, PortConversation("fc1/3 logged 98,765 errors."));
        break;
      case 2:
        content += "{\"id\": \"broken-" + std::to_string(i) + "\", ";
        break;
      case 3:
        content += "   ";
        break;
      case 4:
        content += Json{{"messages", PortConversation("Port fc1/3.")}}.dump();
        break;
      default:
        content +=
            Line(id, PortConversation("fc1/3." + std::string(3000, ' ')));
        break;
    }
    content += "\n";
  }
  ScratchDir dir;
  const std::string file = dir.Write("jobs.jsonl", content);
  const std::vector<std::string> common = {"check", "--include-values",
                                           "--max-line-bytes", "2500"};
  std::vector<std::string> one = common;
  one.insert(one.end(), {"--jobs", "1", file, file});
  const CliResult serial = RunCli(one);
  CHECK(serial.exit_code == 2);  // the malformed lines
  CHECK(serial.Verdicts().size() == 2 * 50);
  CHECK(
      Contains(serial.Summary(), "malformed_lines=" + std::to_string(2 * 75)));
  for (const std::string jobs : {"2", "3", "8", "256"}) {
    CAPTURE(jobs);
    std::vector<std::string> many = common;
    many.insert(many.end(), {"--jobs=" + jobs, file, file});
    const CliResult parallel = RunCli(many);
    CHECK(parallel.exit_code == serial.exit_code);
    CHECK(parallel.out == serial.out);
    CHECK(parallel.err == serial.err);
  }
}

TEST_CASE("cli --jobs must be a whole number from 1 to 256") {
  ScratchDir dir;
  const std::string file =
      dir.Write("t.jsonl", Line("t", PortConversation("Port fc1/3.")) + "\n");
  for (const std::string bad : {"0", "-1", "two", "", "257"}) {
    CAPTURE(bad);
    const CliResult result = RunCli({"check", "--jobs=" + bad, file});
    CHECK(result.exit_code == 2);
    CHECK(Contains(result.err, "--jobs"));
    CHECK(result.out.empty());
  }
  CHECK(RunCli({"check", "--jobs", "4", file}).exit_code == 0);
  CHECK(Contains(RunCli({"check", "--help"}).out, "--jobs N"));
}

TEST_CASE("cli lines are read whole across the reader's 64 KiB chunks") {
  // Lines of many lengths, so their ends fall on every side of a chunk
  // boundary, one line of 300 KB, and a last line without '\n'.
  std::string content;
  std::size_t records = 0;
  for (std::size_t pad = 0; content.size() < (std::size_t{3} << 17); ++pad) {
    content += Line("pad-" + std::to_string(pad),
                    PortConversation("fc1/3." + std::string(pad * 97, ' '))) +
               "\n";
    ++records;
  }
  content +=
      Line("huge", PortConversation("fc1/3." + std::string(300'000, ' '))) +
      "\n";
  content += Line("last", PortConversation("fc1/3 logged 98,765 errors."));
  records += 2;
  ScratchDir dir;
  const std::string file = dir.Write("chunks.jsonl", content);
  for (const std::string jobs : {"1", "2"}) {
    const CliResult result = RunCli({"check", "--jobs", jobs, file});
    CHECK(result.exit_code == 1);
    const std::vector<OrderedJson> verdicts = result.Verdicts();
    REQUIRE(verdicts.size() == records);
    CHECK(verdicts.back()["trace_id"] == "last");
    CHECK(verdicts.back()["action"] == "flagged");
    CHECK(verdicts[records - 2]["trace_id"] == "huge");
  }
  // The limit is inclusive: a line of exactly N bytes is read, N + 1 not.
  const std::string line = Line("exact", PortConversation("fc1/3."));
  const std::string exact = dir.Write("exact.jsonl", line + "\n");
  CHECK(
      RunCli({"check", "--max-line-bytes", std::to_string(line.size()), exact})
          .exit_code == 0);
  CHECK(RunCli({"check", "--max-line-bytes", std::to_string(line.size() - 1),
                exact})
            .exit_code == 2);
}

TEST_SUITE_END();
