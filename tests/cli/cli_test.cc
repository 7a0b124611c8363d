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

#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/cli/cli_records.h"

namespace groundgate_cli_test {

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
      "trace_id",         "message_index", "action",     "candidates",
      "looked_up",        "unsupported",   "unverified", "misattributed",
      "grounded",         "carried_by",    "conflicts",  "evidence_truncated",
      "answer_truncated", "grounding",     "source",     "schema"};
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

// Of an answer, only what the gate derived in it grounds a later one: the
// confirmation that restates a computed difference without its operands
// (the shape of taubench-airline-t23-r1's, ../shared/data).
TEST_CASE(
    "cli a number an earlier answer derived grounds its restatement (law 3)") {
  CliResult result = CheckRecords(
      Line("derived",
           {User("What does the upgrade cost?"), Calls({{"call_f1", "search"}}),
            Result("call_f1",
                   R"([{"flight":"HAT072","business":282,"economy":177}])"),
            Answer("HAT072: $282 - $177 = $105 to upgrade."),
            User("Can the fee be waived?"),
            Answer("No; the difference of $105 still applies, not $150.")}) +
      "\n");
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["action"] == "grounded");
  // $105 is derived (an earlier turn's); $150 was never derived.
  CHECK(verdicts[1]["action"] == "flagged");
  REQUIRE(verdicts[1]["unsupported"].size() == 1);
  CHECK(verdicts[1]["unsupported"][0]["start"] ==
        std::string_view("No; the difference of $105 still applies, not $")
            .size());
  CHECK(verdicts[1]["grounding"]["prior_turns"] == 1);
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
       "assistant, tool or function)"},
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
  // The first kMaxListedLineErrors (20) are listed, the rest counted.
  REQUIRE(bad_lines.size() > 20);
  for (std::size_t i = 0; i < bad_lines.size(); ++i) {
    const std::string expected =
        file + ":" + std::to_string(i + 2) + ": " + bad_lines[i].second;
    CAPTURE(expected);
    CHECK(Contains(result.err, expected) == (i < 20));
  }
  CHECK(Contains(
      result.err,
      file + ": " + std::to_string(bad_lines.size() - 20) + " more bad line"));
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

TEST_CASE("cli --misattribution takes flag, warn or off in every command") {
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      Line("fare", PortConversation("Port fc1/3 logged 41,200 CRC errors.")) +
          "\n");
  const CliResult by_default = RunCli({"check", file});
  CHECK(by_default.exit_code == 0);
  for (const char* mode : {"flag", "warn", "off"}) {
    CAPTURE(mode);
    const CliResult separate =
        RunCli({"check", "--misattribution", mode, file});
    CHECK(separate.exit_code == 0);
    // The list is always there, after unverified.
    CHECK(Contains(separate.out, R"("unverified":[],"misattributed":[],)"));
    CHECK(separate.out == by_default.out);
    const CliResult joined =
        RunCli({"check", std::string("--misattribution=") + mode, file});
    CHECK(joined.out == separate.out);
    const std::string out = dir.Path("report.html");
    CHECK(RunCli({"report", "--misattribution", mode, "-o", out, file})
              .exit_code == 0);
    CHECK(
        RunCli({"eval", "--json", "--misattribution", mode, file}).exit_code ==
        0);
  }
  for (const std::string command : {"check", "report", "eval"}) {
    CAPTURE(command);
    const CliResult bad = RunCli({command, "--misattribution", "loud", file});
    CHECK(bad.exit_code == 2);
    CHECK(Contains(bad.err,
                   "--misattribution: unknown mode \"loud\" "
                   "(expected flag, warn or off)"));
    const CliResult missing = RunCli({command, file, "--misattribution"});
    CHECK(missing.exit_code == 2);
    CHECK(Contains(RunCli({command, "--help"}).out,
                   "--misattribution flag|warn|off"));
  }
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

TEST_CASE("cli check counts the answers with a misattributed value") {
  const std::string traces =
      std::string(GROUNDGATE_SOURCE_DIR) + "/examples/traces/san_fabric.jsonl";
  CliResult flagged = RunCli({"check", traces});
  CHECK(Contains(flagged.Summary(), " misattributed=1"));
  // Warned of only: counted, the answer not flagged.
  CliResult warned = RunCli({"check", "--misattribution", "warn", traces});
  CHECK(Contains(warned.Summary(), " misattributed=1"));
  CHECK(Contains(flagged.Summary(), " flagged=4 "));
  CHECK(Contains(warned.Summary(), " flagged=3 "));
  // Not bound: nothing to count, and the line keeps its shape.
  CliResult off = RunCli({"check", "--misattribution", "off", traces});
  CHECK_FALSE(Contains(off.Summary(), "misattributed="));
  // --jobs adds the counts of every thread.
  CliResult jobs = RunCli({"check", "--jobs", "2", traces});
  CHECK(jobs.Summary() == flagged.Summary());
}

TEST_CASE("cli --no-process-caches prints what the default prints") {
  // Each file three times over: its tool results, prompts and turns
  // repeat, so the default run replays and shares what the first reading
  // kept, while --no-process-caches reads every one again.
  ScratchDir dir;
  std::vector<std::string> files;
  for (const char* name : {"san_fabric.jsonl", "public_excerpts.jsonl",
                           "storage_capacity.jsonl"}) {
    std::string text = ReadFile(std::string(GROUNDGATE_SOURCE_DIR) +
                                "/examples/traces/" + name);
    REQUIRE_FALSE(text.empty());
    if (text.back() != '\n') text += '\n';
    files.push_back(dir.Write(name, text + text + text));
  }
  for (const std::string& file : files) {
    CAPTURE(file);
    const CliResult shared = RunCli({"check", "--include-values", file});
    const CliResult read =
        RunCli({"check", "--include-values", "--no-process-caches", file});
    CHECK_FALSE(shared.out.empty());
    CHECK(read.out == shared.out);
    CHECK(read.err == shared.err);
    CHECK(read.exit_code == shared.exit_code);
    const CliResult jobs = RunCli({"check", "--include-values",
                                   "--no-process-caches", "--jobs", "2", file});
    CHECK(jobs.out == shared.out);
  }
  for (const std::string command : {"check", "report", "eval"}) {
    CAPTURE(command);
    CHECK(Contains(RunCli({command, "--help"}).out, "--no-process-caches"));
  }
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
  // answer (unsupported or misattributed): the planted values, and any
  // known false accusations listed last. Nothing else in examples/traces
  // may be flagged.
  const std::set<std::tuple<std::string, int, std::string>> planted = {
      {"san-lun-map-planted", 4, "0x0014"},
      {"san-hba-wwpn-planted", 4, "21:00:00:24:ff:4c:8a:32"},
      {"san-serial-from-arguments-planted", 4, "CKM00184501234"},
      {"cap-replication-lag-planted", 4, "pgroup-ora.2418"},
      {"cap-ticket-typed-twice-planted", 4, "CHG0031337"},
      {"cap-ticket-typed-twice-planted", 6, "CHG0031337"},
      {"taubench-airline-t12-r1-planted", 8, "3FRNFE"},
      // Read, but told of another port (law 11: misattributed).
      {"san-crc-other-port-planted", 4, "5,310"},
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
    for (const char* list : {"unsupported", "misattributed"}) {
      for (const OrderedJson& value : verdict[list]) {
        const std::string& answer = answers[{id, index}];
        const std::size_t start = value["start"].get<std::size_t>();
        const std::size_t end = value["end"].get<std::size_t>();
        REQUIRE(end <= answer.size());
        flagged.insert({id, index, answer.substr(start, end - start)});
      }
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

TEST_SUITE_END();

}  // namespace groundgate_cli_test
