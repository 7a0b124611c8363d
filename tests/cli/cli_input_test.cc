// tests/cli/cli_input_test.cc — `groundgate check` over every trace format
// and input that tests its limits.
//
// Its one job: run the built `groundgate` binary on the adapter fixtures of
// every trace format, on unknown step types, on megabyte ids, lines past
// --max-line-bytes and lines across the reader's chunks, on write errors,
// and with --jobs, and assert on what a user sees (stdout, stderr, exit
// code).
//
// What it does NOT do: test the verdict's rules (cli_test.cc shows the
// laws as the command prints them) or the adapters in-process
// (tests/traces/adapters_test.cc).
#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/jsonl_input.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/cli/cli_records.h"

namespace groundgate_cli_test {

TEST_SUITE_BEGIN("cli");

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
  // With several threads, reading stops at the first failed write too: the
  // lines in flight are finished and dropped, and it says so once.
  std::string many;
  for (int i = 0; i < 400; ++i) {
    many += Line("w" + std::to_string(i),
                 PortConversation("fc1/3 logged 41,200 errors.")) +
            "\n";
  }
  const std::string many_file = dir.Write("many.jsonl", many);
  for (const char* jobs : {"2", "8"}) {
    CAPTURE(jobs);
    const groundgate_test::RunResult run = groundgate_test::RunGroundgate(
        {"check", "--jobs", jobs, many_file}, "", "/dev/full");
    CHECK(run.exit_code == 2);
    const std::string said = "cannot write to standard output";
    const std::size_t first = run.err.find(said);
    REQUIRE(first != std::string::npos);
    CHECK(run.err.find(said, first + 1) == std::string::npos);
  }
}

TEST_CASE("cli a long trace id is bounded in every line, alike in each") {
  // A 1 MB id on a record of 200 answers: each line carries a 128-byte
  // prefix-and-hash, not the megabyte (the output stays small, and lines
  // go out as each answer is judged).
  ScratchDir dir;
  std::vector<Json> messages = PortConversation("Port fc1/3 logged 41200.");
  for (int i = 0; i < 199; ++i) {
    messages.push_back(User("And now?"));
    messages.push_back(Answer("Still 41200 on fc1/3."));
  }
  const std::string long_id(1 << 20, 'q');
  const std::string file =
      dir.Write("long.jsonl", Line(long_id, messages) + "\n");
  for (const char* jobs : {"1", "2"}) {
    CliResult result = RunCli({"check", "--jobs", jobs, file});
    CAPTURE(jobs);
    CHECK(result.exit_code == 0);
    CHECK(result.out.size() < 200 * 1024);
    std::istringstream lines(result.out);
    std::string line;
    std::set<std::string> ids;
    std::size_t count = 0;
    while (std::getline(lines, line)) {
      ids.insert(Json::parse(line)["trace_id"].get<std::string>());
      ++count;
    }
    CHECK(count == 200);
    REQUIRE(ids.size() == 1);
    CHECK(ids.begin()->size() == groundgate::kMaxTraceIdBytes);
    CHECK(ids.begin()->starts_with(std::string(64, 'q')));
  }
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

TEST_CASE(
    "cli --jobs reads a line past the kept buffer's size, and the "
    "short lines after it in its slot, as one thread does") {
  // Line buffers up to kKeptLineBufferBytes are kept for the next line of
  // their slot; a longer one is given back. Records of both sizes, and
  // blank lines, pass through every slot of the window more than once.
  std::string content;
  for (int i = 0; i < 100; ++i) {
    const std::string id = "kept-" + std::to_string(i);
    if (i % 7 == 3) {
      content += "\n";
      continue;
    }
    const std::string padding(
        i % 5 == 1 ? groundgate::cli::kKeptLineBufferBytes + 4096 : 10, ' ');
    content +=
        Line(id, PortConversation("fc1/3 logged " +
                                  std::string(i % 2 ? "41,200" : "9,876") +
                                  " errors." + padding)) +
        "\n";
  }
  ScratchDir dir;
  const std::string file = dir.Write("kept.jsonl", content);
  const CliResult serial = RunCli({"check", "--jobs", "1", file});
  CHECK(serial.Verdicts().size() == 100 - 14);
  for (const std::string jobs : {"2", "3"}) {
    CAPTURE(jobs);
    const CliResult parallel = RunCli({"check", "--jobs", jobs, file});
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

}  // namespace groundgate_cli_test
