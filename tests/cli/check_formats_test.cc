// tests/cli/check_formats_test.cc — what `groundgate check` prints in each
// output format, the baseline, and the options that decide the exit code.
//
// Its one job: pin each output format (text, github, junit, sarif, and the
// JSONL line's source, schema and text) with a golden output, and check
// that each is valid for the tool that reads it: GitHub's workflow-command
// syntax by a regular expression, JUnit XML by Python's xml.etree (and
// xmllint when installed), SARIF by the members the SARIF 2.1.0 schema
// requires, checked here member by member (python3's jsonschema is not
// installed on the build machines, and there is no network to fetch the
// schema). Then law 8 in every format, a misattributed flag, the same
// output with --jobs N, the baseline's round trip, --quiet,
// --max-flag-rate, --format's two kinds of names, a repeated option, the
// input errors, the help pages and the progress line.
//
// What it does NOT do: judge values (the judge's suites do); it uses one
// planted identifier whose verdict the cli suite already pins.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/check_command.h"
#include "cli/check_output.h"
#include "cli/options.h"
#include "cli/progress_line.h"
#include "nlohmann/json.hpp"
#include "tests/cli/cli_records.h"

namespace groundgate_cli_test {
namespace {

constexpr char kPlanted[] =
    "Port fc1/3 has WWPN 20:00:00:25:b5:aa:00:2f and 41,200 CRC errors.";

// A grounded answer on line 1 and one planted identifier on line 2.
std::string TwoRecords() {
  return Line("ok", PortConversation("Port fc1/3 logged 41,200 CRC errors.")) +
         "\n" + Line("planted", PortConversation(kPlanted)) + "\n";
}

// Runs check in-process (`args` are those after "check") with `terminal`,
// as main() would on a terminal.
CliResult RunInProcess(const std::vector<std::string>& args,
                       const groundgate::cli::Terminal& terminal) {
  std::vector<std::string_view> views(args.begin(), args.end());
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  const int code =
      groundgate::cli::RunCheckCommand(views, in, out, err, terminal);
  return CliResult{code, out.str(), err.str()};
}

// Whether `program` runs here (python3, xmllint).
bool Runs(const std::string& program, const std::vector<std::string>& args) {
  return groundgate_test::RunProgram(program, args).exit_code == 0;
}

TEST_SUITE_BEGIN("cli");

TEST_CASE("cli check text output names each flag and the flagged traces") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  CliResult plain = RunCli({"check", "--format", "text", file});
  CHECK(plain.exit_code == 1);
  CHECK(plain.out ==
        file +
            ":2 planted msg 4: unsupported identifier at bytes 20-43 "
            "(closest in call_1 get_port_stats)\n"
            "groundgate: 1 flagged value in 1 of 2 judged answers; traces: "
            "planted\n");
  // Values only on opt-in (law 8): the text as written, the closest value.
  CHECK_FALSE(Contains(plain.out, "20:00:00:25:b5:aa:00:2f"));
  CliResult values =
      RunCli({"check", "--output-format=text", "--include-values", file});
  CHECK(values.out ==
        file +
            ":2 planted msg 4: unsupported identifier "
            "\"20:00:00:25:b5:aa:00:2f\" (closest: 20:00:00:25:b5:aa:00:1f "
            "in call_1 get_port_stats)\n"
            "groundgate: 1 flagged value in 1 of 2 judged answers; traces: "
            "planted\n");
  // Piped: no colour.
  CHECK_FALSE(Contains(plain.out, "\x1b["));

  ScratchDir other;
  CliResult nothing = RunCli(
      {"check", "--format", "text",
       other.Write("ok.jsonl", Line("ok", PortConversation("fc1/3.")) + "\n")});
  CHECK(nothing.exit_code == 0);
  CHECK(nothing.out == "groundgate: nothing flagged in 1 judged answer\n");
}

TEST_CASE("cli check is text on a terminal, coloured unless NO_COLOR") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  const CliResult terminal =
      RunInProcess({file}, groundgate::cli::Terminal{.out = true, .err = true});
  CHECK(terminal.exit_code == 1);
  CHECK(Contains(terminal.out, "\x1b[31munsupported\x1b[0m identifier"));
  CHECK(Contains(terminal.out, "traces: planted"));
  const CliResult no_color = RunInProcess(
      {file},
      groundgate::cli::Terminal{.out = true, .err = true, .no_color = true});
  CHECK_FALSE(Contains(no_color.out, "\x1b["));
  CHECK(Contains(no_color.out, "unsupported identifier at bytes 20-43"));
  // Not a terminal: the JSONL lines, as before.
  const CliResult piped = RunInProcess({file}, {});
  CHECK(piped.OutLines().size() == 2);
  CHECK(piped.Verdicts()[1]["action"] == "flagged");
  // A short input draws no progress line, even on a terminal.
  CHECK_FALSE(Contains(terminal.err, "\r"));
}

TEST_CASE("cli check jsonl lines say their source and schema") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  CliResult result = RunCli({"check", "--format", "jsonl", file});
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 2);
  CHECK(verdicts[0]["source"] == file + ":1");
  CHECK(verdicts[1]["source"] == file + ":2");
  CHECK(verdicts[1]["schema"] == 2);
  // Standard input is named as its diagnostics name it.
  CliResult piped = RunCli({"check", "-"}, TwoRecords());
  REQUIRE(piped.Verdicts().size() == 2);
  CHECK(piped.Verdicts()[1]["source"] == "<stdin>:2");
}

TEST_CASE(
    "cli check --include-values gives the text as written and the "
    "canonical form") {
  const std::string answer = "The flight leaves at 2:30 PM from gate B12.";
  ScratchDir dir;
  const std::string file = dir.Write(
      "t.jsonl",
      Line("time", {User("When does flight UA2041 leave?"),
                    Calls({{"call_1", "get_flight"}}),
                    NamedResult("call_1", "get_flight",
                                R"({"flight":"UA2041","departure":"14:30"})"),
                    Answer(answer)}) +
          "\n");
  CliResult result = RunCli({"check", "--include-values", file});
  std::vector<OrderedJson> verdicts = result.Verdicts();
  REQUIRE(verdicts.size() == 1);
  bool seen = false;
  for (const OrderedJson& entry : verdicts[0]["grounded"]) {
    if (entry["shape"] != "time") continue;
    seen = true;
    CHECK(entry["value"] == "14:30");
    CHECK(entry["text"] == "2:30 PM");
    const auto [start, end] = SpanOf(answer, "2:30 PM");
    CHECK(entry["start"] == start);
    CHECK(entry["end"] == end);
  }
  CHECK(seen);
  // Without the opt-in, neither.
  CliResult plain = RunCli({"check", file});
  CHECK_FALSE(Contains(plain.out, "2:30 PM"));
  CHECK_FALSE(Contains(plain.out, "\"text\""));
}

TEST_CASE("cli check github annotations follow the workflow command syntax") {
  ScratchDir dir;
  // A name that needs every property escape: ',' ':' and '%'.
  const std::string file = dir.Write("a,b:c%.jsonl", TwoRecords());
  CliResult result = RunCli({"check", "--format", "github", file});
  CHECK(result.exit_code == 1);
  std::string escaped = file;
  escaped = std::regex_replace(escaped, std::regex("%"), "%25");
  escaped = std::regex_replace(escaped, std::regex(","), "%2C");
  escaped = std::regex_replace(escaped, std::regex(":"), "%3A");
  CHECK(result.out ==
        "::error file=" + escaped +
            ",line=2,title=groundgate%3A unsupported identifier::planted msg "
            "4: unsupported identifier at bytes 20-43 (closest in call_1 "
            "get_port_stats)\n");
  // ::error followed by comma-separated key=value properties, none holding
  // a raw ',' ':' CR or LF, then "::" and a message without CR or LF.
  const std::regex annotation(
      R"(^::(error|warning|notice) (file|line|title|col|endLine|endColumn)=)"
      R"([^,:\r\n]*(,(file|line|title|col|endLine|endColumn)=[^,:\r\n]*)*)"
      R"(::[^\r\n]*$)");
  for (const std::string& line : result.OutLines()) {
    CAPTURE(line);
    CHECK(std::regex_match(line, annotation));
  }
  CHECK(groundgate::cli::EscapeGithubMessage("50% a:b,c\r\nd") ==
        "50%25 a:b,c%0D%0Ad");
  CHECK(groundgate::cli::EscapeGithubProperty("50% a:b,c\r\nd") ==
        "50%25 a%3Ab%2Cc%0D%0Ad");
}

TEST_CASE("cli check junit output is XML a standard parser reads") {
  ScratchDir dir;
  // A trace id of every XML markup character and a control character.
  const std::string odd_id = "t<&\"'>\x01";
  const std::string file =
      dir.Write("t.jsonl",
                TwoRecords() + Line(odd_id, PortConversation(kPlanted)) + "\n");
  CliResult result = RunCli({"check", "--format", "junit", file});
  CHECK(result.exit_code == 1);
  const std::string case_of_planted =
      "    <testcase classname=\"" + file +
      "\" name=\"planted msg 4\" file=\"" + file +
      "\" line=\"2\">\n"
      "      <failure type=\"unsupported\" message=\"1 value flagged: typed, "
      "not read from a tool result\">" +
      file +
      ":2 planted msg 4: unsupported identifier at bytes 20-43 (closest in "
      "call_1 get_port_stats)\n"
      "</failure>\n"
      "    </testcase>\n";
  CHECK(result.out.starts_with(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"groundgate check\" tests=\"3\" failures=\"2\" "
      "errors=\"0\" skipped=\"0\">\n"
      "  <testsuite name=\"" +
      file +
      "\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\">\n"
      "    <testcase classname=\"" +
      file + "\" name=\"ok msg 4\" file=\"" + file + "\" line=\"1\"/>\n" +
      case_of_planted));
  CHECK(Contains(result.out,
                 "name=\"t&lt;&amp;&quot;&apos;&gt;\xEF\xBF\xBD"
                 " msg 4\""));
  CHECK(result.out.ends_with("  </testsuite>\n</testsuites>\n"));

  const std::string xml = dir.Write("junit.xml", result.out);
  if (Runs("/usr/bin/python3", {"-c", "pass"})) {
    // The standard library's parser: well-formed, and the counts agree
    // with the elements.
    const groundgate_test::RunResult parsed = groundgate_test::RunProgram(
        "/usr/bin/python3",
        {"-c",
         "import sys, xml.etree.ElementTree as E\n"
         "root = E.parse(sys.argv[1]).getroot()\n"
         "assert root.tag == 'testsuites'\n"
         "cases = root.findall('testsuite/testcase')\n"
         "fails = root.findall('testsuite/testcase/failure')\n"
         "assert int(root.get('tests')) == len(cases) == 3\n"
         "assert int(root.get('failures')) == len(fails) == 2\n"
         "print(cases[2].get('name'))\n",
         xml});
    CHECK(parsed.exit_code == 0);
    CHECK(parsed.err.empty());
    CHECK(parsed.out == "t<&\"'>\xEF\xBF\xBD msg 4\n");
  } else {
    MESSAGE("python3 is not installed: the JUnit XML is not parsed");
  }
  if (Runs("/usr/bin/xmllint", {"--version"})) {
    const groundgate_test::RunResult lint =
        groundgate_test::RunProgram("/usr/bin/xmllint", {"--noout", xml});
    CHECK(lint.exit_code == 0);
    CHECK(lint.err.empty());
  }
}

// The members SARIF 2.1.0's schema requires of what check writes, checked
// one by one, with the ones this output promises besides.
void CheckSarifLog(const Json& log) {
  REQUIRE(log.is_object());
  CHECK(log["version"] == "2.1.0");  // sarifLog: version and runs required
  REQUIRE(log["runs"].is_array());
  REQUIRE(log["runs"].size() == 1);
  const Json& run = log["runs"][0];
  REQUIRE(run.contains("tool"));               // run: tool required
  const Json& driver = run["tool"]["driver"];  // tool: driver required
  REQUIRE(driver.is_object());
  CHECK(driver["name"] == "groundgate");  // toolComponent: name required
  CHECK(driver["version"].is_string());
  REQUIRE(driver["rules"].is_array());
  std::vector<std::string> rule_ids;
  for (const Json& rule : driver["rules"]) {
    REQUIRE(rule["id"].is_string());  // reportingDescriptor: id required
    rule_ids.push_back(rule["id"]);
    CHECK(rule["shortDescription"]["text"].is_string());
  }
  CHECK(std::set<std::string>(rule_ids.begin(), rule_ids.end()) ==
        std::set<std::string>{"unsupported", "misattributed"});
  REQUIRE(run["results"].is_array());
  for (const Json& result : run["results"]) {
    REQUIRE(result["message"]["text"].is_string());  // result: message
    REQUIRE(result["ruleId"].is_string());
    REQUIRE(result["ruleIndex"].is_number_unsigned());
    const std::size_t index = result["ruleIndex"];
    REQUIRE(index < rule_ids.size());
    CHECK(rule_ids[index] == result["ruleId"]);
    CHECK(std::set<std::string>{"none", "note", "warning", "error"}.contains(
        result["level"].get<std::string>()));
    REQUIRE(result["locations"].is_array());
    REQUIRE(result["locations"].size() == 1);
    const Json& physical = result["locations"][0]["physicalLocation"];
    CHECK(physical["artifactLocation"]["uri"].is_string());
    REQUIRE(physical["region"]["startLine"].is_number_integer());
    CHECK(physical["region"]["startLine"].get<int>() >= 1);  // minimum: 1
  }
}

TEST_CASE("cli check sarif output holds what SARIF 2.1.0 requires") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  CliResult result = RunCli({"check", "--format", "sarif", file});
  CHECK(result.exit_code == 1);
  const Json log = Json::parse(result.out, nullptr, false);
  REQUIRE_FALSE(log.is_discarded());
  CheckSarifLog(log);
  const Json& results = log["runs"][0]["results"];
  REQUIRE(results.size() == 1);
  // The golden result.
  CHECK(results[0] == Json::parse(R"json({
          "ruleId": "unsupported", "ruleIndex": 0, "level": "error",
          "message": {"text": "planted msg 4: unsupported identifier at bytes 20-43 (closest in call_1 get_port_stats)"},
          "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": ")json" +
                                  file + R"json("},
            "region": {"startLine": 2}}}],
          "properties": {"trace_id": "planted", "message_index": 4,
                         "shape": "identifier", "start": 20, "end": 43}})json"));
  CHECK(log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  // A path a URI must escape.
  const std::string spaced = dir.Write("my traces.jsonl", TwoRecords());
  const Json spaced_log =
      Json::parse(RunCli({"check", "--format", "sarif", spaced}).out);
  CheckSarifLog(spaced_log);
  CHECK(spaced_log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
                  ["artifactLocation"]["uri"] ==
        std::regex_replace(spaced, std::regex(" "), "%20"));
  // Nothing flagged: still a whole log, with no result.
  const Json empty = Json::parse(
      RunCli({"check", "--format", "sarif",
              dir.Write("ok.jsonl",
                        Line("ok", PortConversation("fc1/3.")) + "\n")})
          .out);
  CheckSarifLog(empty);
  CHECK(empty["runs"][0]["results"].empty());
}

TEST_CASE("cli check baseline round trip: known flags pass, new ones fail") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  const std::string baseline = dir.Path("baseline.json");
  CliResult wrote = RunCli({"check", "--write-baseline", baseline, file});
  CHECK(wrote.exit_code == 0);  // the flags written are accepted
  CHECK(Contains(wrote.err, "wrote 1 flag to the baseline " + baseline));
  const std::string written = ReadFile(baseline);
  // No value in the file (law 8): a hash of its canonical form.
  CHECK_FALSE(Contains(written, "20:00:00:25:b5:aa:00:2f"));
  const Json parsed = Json::parse(written);
  CHECK(parsed["schema"] == 1);
  REQUIRE(parsed["flags"].size() == 1);
  CHECK(parsed["flags"][0]["trace_id"] == "planted");
  CHECK(parsed["flags"][0]["message_index"] == 4);
  CHECK(parsed["flags"][0]["kind"] == "unsupported");
  CHECK(parsed["flags"][0]["value_hash"].get<std::string>().size() == 16);
  // The same flags give the same bytes.
  RunCli({"check", "--write-baseline", baseline, file});
  CHECK(ReadFile(baseline) == written);

  CliResult same =
      RunCli({"check", "--baseline", baseline, "--format", "text", file});
  CHECK(same.exit_code == 0);
  CHECK(same.out ==
        "groundgate: nothing flagged in 2 judged answers (1 known flag of "
        "the baseline not shown)\n");
  CHECK(Contains(same.Summary(), "new_flagged=0 new_flags=0 known_flags=1"));

  // The record moved down a line, and a new record flags a new value.
  const std::string moved = dir.Write(
      "moved.jsonl",
      Line("first", PortConversation("Port fc1/3.")) + "\n" + TwoRecords() +
          Line("new", PortConversation("Port fc1/3 has 41,207 CRC errors.")) +
          "\n");
  CliResult later =
      RunCli({"check", "--baseline", baseline, "--format", "text", moved});
  CHECK(later.exit_code == 1);
  CHECK(Contains(later.out, moved + ":4 new msg 4: unsupported number"));
  CHECK_FALSE(Contains(later.out, "planted msg 4"));
  CHECK(Contains(later.Summary(), "new_flagged=1 new_flags=1 known_flags=1"));
  // JSONL lines stay verdicts: the known flag's answer is still flagged.
  CliResult lines = RunCli({"check", "--baseline", baseline, moved});
  CHECK(lines.exit_code == 1);
  CHECK(lines.Verdicts()[2]["action"] == "flagged");

  // Each entry accepts one flag: the same value flagged twice under one
  // id needs two entries.
  const std::string twice = dir.Write(
      "twice.jsonl", Line("planted", PortConversation(kPlanted)) + "\n" +
                         Line("planted", PortConversation(kPlanted)) + "\n");
  CHECK(RunCli({"check", "--baseline", baseline, twice}).exit_code == 1);

  CliResult bad = RunCli({"check", "--baseline", file, file});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "--baseline " + file + ": "));
}

TEST_CASE(
    "cli no output format shows a value without --include-values "
    "(law 8)") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  for (const std::string format :
       {"text", "jsonl", "github", "junit", "sarif"}) {
    CAPTURE(format);
    CliResult plain = RunCli({"check", "--format", format, file});
    CHECK(plain.exit_code == 1);
    // Neither the planted value nor the carried one beside it.
    CHECK_FALSE(Contains(plain.out, "00:2f"));
    CHECK_FALSE(Contains(plain.out, "00:1f"));
    CHECK_FALSE(Contains(plain.err, "00:2f"));
    CliResult values =
        RunCli({"check", "--format", format, "--include-values", file});
    CHECK(Contains(values.out, "20:00:00:25:b5:aa:00:2f"));
  }
  const std::string baseline = dir.Path("baseline.json");
  RunCli({"check", "--include-values", "--write-baseline", baseline, file});
  CHECK_FALSE(Contains(ReadFile(baseline), "00:2f"));
}

TEST_CASE("cli every output format prints the same with --jobs N") {
  std::string records;
  for (int i = 0; i < 40; ++i) {
    const std::string id = "r" + std::to_string(i);
    records += Line(
        id,
        PortConversation(i % 3 == 0 ? kPlanted : "Port fc1/3 logged 41,200."));
    records += i % 7 == 0 ? "\n{broken\n" : "\n";
  }
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", records);
  const std::string baseline = dir.Path("baseline.json");
  RunCli({"check", "--write-baseline", baseline,
          dir.Write(
              "old.jsonl",
              TwoRecords() + Line("r3", PortConversation(kPlanted)) + "\n")});
  for (const std::string format :
       {"text", "jsonl", "github", "junit", "sarif"}) {
    CAPTURE(format);
    const CliResult one = RunCli(
        {"check", "--format", format, "--baseline", baseline, file, file});
    CHECK(one.exit_code == 2);  // the broken lines
    const CliResult many = RunCli({"check", "--jobs", "3", "--format", format,
                                   "--baseline", baseline, file, file});
    CHECK(many.out == one.out);
    CHECK(many.err == one.err);
    // The baseline's one entry for r3 accepts its first flag; the same
    // flag read again from the second file is new.
    CHECK(Contains(one.Summary(), "known_flags=1"));
  }
}

TEST_CASE("cli a misattributed flag names both records in every format") {
  groundgate::cli::CheckedAnswer answer;
  answer.source = "fares.jsonl";
  answer.line = 3;
  answer.trace_id = "fare-1";
  answer.message_index = 5;
  answer.action = "flagged";
  groundgate::cli::FlaggedValue flag;
  flag.kind = "misattributed";
  flag.shape = "number";
  flag.start = 30;
  flag.end = 34;
  flag.canonical = "389";
  flag.text = "$389";
  flag.named_value = "412";
  flag.named_carrier = "call_ua2041";
  flag.read_carrier = "call_dl1187";
  answer.flags.push_back(flag);
  auto print = [&](groundgate::cli::OutputFormat format, bool values) {
    std::ostringstream out;
    std::unique_ptr<groundgate::cli::CheckOutput> output =
        groundgate::cli::MakeCheckOutput(
            {.format = format, .include_values = values}, out);
    output->Answer(answer);
    output->Finish({.judged = 1, .flagged_answers = 1, .new_flags = 1});
    return out.str();
  };
  CHECK(print(groundgate::cli::OutputFormat::kText, false) ==
        "fares.jsonl:3 fare-1 msg 5: misattributed number at bytes 30-34 (the "
        "answer names the record in call_ua2041; read in call_dl1187)\n"
        "groundgate: 1 flagged value in 1 of 1 judged answer; traces: "
        "fare-1\n");
  CHECK(Contains(print(groundgate::cli::OutputFormat::kText, true),
                 "misattributed number \"$389\" (the record in call_ua2041 "
                 "holds \"412\"; read in call_dl1187)"));
  const Json sarif =
      Json::parse(print(groundgate::cli::OutputFormat::kSarif, false));
  CheckSarifLog(sarif);
  CHECK(sarif["runs"][0]["results"][0]["ruleId"] == "misattributed");
  CHECK(sarif["runs"][0]["results"][0]["ruleIndex"] == 1);
  CHECK(Contains(print(groundgate::cli::OutputFormat::kJunit, false),
                 "<failure type=\"misattributed\""));
  CHECK_FALSE(
      Contains(print(groundgate::cli::OutputFormat::kGithub, false), "389"));
}

TEST_CASE("cli the progress line redraws in place and erases itself") {
  groundgate::cli::InputCounts counts;
  counts.records = 1000;
  counts.bytes = groundgate::cli::kProgressMinBytes + 1;
  std::ostringstream err;
  groundgate::cli::ProgressLine progress("groundgate check", true, err);
  progress.BeginFile("big.jsonl");
  progress.Update(counts, 3);  // starts the clock
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  counts.records = 2000;
  counts.bytes += 1000000;
  progress.Update(counts, 7);
  CHECK(err.str().starts_with("\rgroundgate check: 2000 lines, "));
  CHECK(Contains(err.str(), " MB/s, 7 flagged\x1b[K"));
  CHECK(err.str().find('\n') == std::string::npos);
  progress.Clear();
  CHECK(err.str().ends_with("\r\x1b[K"));
  // Not a terminal, or a short input: nothing.
  std::ostringstream quiet;
  groundgate::cli::ProgressLine off("groundgate check", false, quiet);
  off.BeginFile("big.jsonl");
  off.Update(counts, 7);
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  off.Update(counts, 7);
  off.Clear();
  CHECK(quiet.str().empty());
  counts.bytes = 1000;
  std::ostringstream small;
  groundgate::cli::ProgressLine short_input("groundgate check", true, small);
  short_input.BeginFile("small.jsonl");
  short_input.Update(counts, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  short_input.Update(counts, 0);
  CHECK(small.str().empty());
}

TEST_CASE("cli check --quiet prints nothing but the summary") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  for (const std::string format : {"jsonl", "text", "sarif", "junit"}) {
    CAPTURE(format);
    CliResult quiet = RunCli({"check", "-q", "--format", format, file});
    CHECK(quiet.exit_code == 1);
    CHECK(quiet.out.empty());
    CHECK(Contains(quiet.Summary(), "judged=2 flagged=1"));
  }
}

TEST_CASE("cli check --max-flag-rate fails only above the rate") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());  // 1 of 2
  CHECK(RunCli({"check", "-q", "--max-flag-rate", "0.5", file}).exit_code == 0);
  CHECK(RunCli({"check", "-q", "--max-flag-rate=0.49", file}).exit_code == 1);
  CHECK(RunCli({"check", "-q", "--max-flag-rate", "0", file}).exit_code == 1);
  for (const std::string bad : {"1.5", "-0.1", "5%", "x"}) {
    CliResult result = RunCli({"check", "--max-flag-rate", bad, file});
    CHECK(result.exit_code == 2);
    CHECK(Contains(result.err, "--max-flag-rate: expected a rate"));
  }
}

TEST_CASE("cli check --format takes an output or a trace format's name") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  CHECK(RunCli({"check", "--format", "openai-chat", file}).Verdicts().size() ==
        2);
  CHECK(RunCli({"check", "--format", "anthropic", file}).exit_code == 2);
  CliResult both = RunCli(
      {"check", "--format", "text", "--input-format", "openai-chat", file});
  CHECK(both.exit_code == 1);
  CHECK(Contains(both.out, "planted msg 4"));
  CliResult unknown = RunCli({"check", "--format", "yaml", file});
  CHECK(unknown.exit_code == 2);
  CHECK(Contains(unknown.err,
                 "expected an output format: text, jsonl, "
                 "github, junit or sarif; or a trace format: "
                 "auto, openai-chat"));
  CliResult wrong_kind =
      RunCli({"check", "--output-format", "anthropic", file});
  CHECK(wrong_kind.exit_code == 2);
  CHECK(Contains(wrong_kind.err, "--output-format: unknown output format"));
  CliResult twice_output =
      RunCli({"check", "--format", "sarif", "--output-format", "text", file});
  CHECK(twice_output.exit_code == 2);
  CHECK(Contains(twice_output.err, "the output format was already given"));
  CliResult twice_input = RunCli(
      {"check", "--format", "mcp", "--input-format", "openai-chat", file});
  CHECK(twice_input.exit_code == 2);
  CHECK(Contains(twice_input.err, "the input format was already given"));
}

TEST_CASE("cli an option given twice is refused, not the last one kept") {
  ScratchDir dir;
  const std::string file = dir.Write("t.jsonl", TwoRecords());
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {"check", "--jobs", "2", "--jobs=3", file},
           {"check", "--min-digits", "3", "--min-digits", "3", file},
           {"eval", "--max-missed", "1", "--max-missed", "2", file},
           {"check", "--strict", "--strict", file}}) {
    CliResult result = RunCli(args);
    CHECK(result.exit_code == 2);
    CHECK(Contains(result.err, " given twice"));
  }
}

TEST_CASE("cli a file that is not JSONL stops after 20 bad lines") {
  std::string binary;
  for (int i = 0; i < 500; ++i)
    binary +=
        "\x7f"
        "ELF\x02\x01 not json\n";
  ScratchDir dir;
  const std::string file = dir.Write("a.out", binary);
  const std::string good =
      dir.Write("t.jsonl", Line("ok", PortConversation("fc1/3.")) + "\n");
  CliResult result = RunCli({"check", file, good});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err,
                 file + ": the first 20 lines are not trace records; is it a "
                        "JSONL trace file? The rest of it is not read"));
  CHECK(SplitLines(result.err).size() < 25);
  CHECK(Contains(result.Summary(),
                 "malformed_lines=20 files=2 "
                 "unreadable_files=1"));
  CHECK(result.Verdicts().size() == 1);  // the next file is still judged
}

TEST_CASE("cli records no adapter reads suggest --input-format") {
  ScratchDir dir;
  const std::string file =
      dir.Write("t.jsonl", R"({"id": "x", "conversation": []})"
                           "\n");
  CliResult result = RunCli({"check", file});
  CHECK(result.exit_code == 2);
  CHECK(Contains(result.err,
                 "1 record was not read as a trace; if they are "
                 "of one format, name it: --input-format NAME"));
  CliResult named = RunCli({"check", "--input-format", "mcp", file});
  CHECK(Contains(named.err, "is --input-format the records' format?"));
}

TEST_CASE("cli an input that judged nothing says so; --strict exits 2") {
  ScratchDir dir;
  const std::string empty = dir.Write("empty.jsonl", "");
  CliResult result = RunCli({"check", empty});
  CHECK(result.exit_code == 0);
  CHECK(Contains(result.err, "judged nothing: no record was read"));
  CHECK(Contains(result.Summary(), "judged=0"));
  CHECK(RunCli({"check", "--strict", empty}).exit_code == 2);
  const std::string no_answer = dir.Write(
      "q.jsonl", Line("q", {User("Any alerts on the array?")}) + "\n");
  CHECK(Contains(RunCli({"check", no_answer}).err,
                 "judged nothing: no record held an answer"));
}

TEST_CASE("cli check and eval help pages hold examples and the schema") {
  const std::string check_help = RunCli({"check", "--help"}).out;
  CHECK(Contains(check_help, "\nExamples:\n"));
  for (const std::string key :
       {"\"grounded\"", "\"conflicts\"", "\"near_miss_carrier\"", "\"source\"",
        "\"schema\"", "--output-format", "--input-format", "--baseline FILE",
        "--write-baseline FILE", "--max-flag-rate R", "--quiet", "NO_COLOR"}) {
    CAPTURE(key);
    CHECK(Contains(check_help, key));
  }
  CHECK(Contains(RunCli({"eval", "--help"}).out, "\nExamples:\n"));
  CHECK(Contains(RunCli({"--help"}).out, "\nExamples:\n"));
}

TEST_SUITE_END();

}  // namespace
}  // namespace groundgate_cli_test
