// tests/cli/report_test.cc — `groundgate report` writes a page a browser shows
// right.
//
// Its one job: run the built command on the example traces and the adapter
// fixtures and check the page: self-contained (no external asset, a policy
// that forbids fetches), every judged value marked by status, the totals
// equal to what `groundgate check` counts; then render it in headless
// Chromium (Debian's `chromium`, installed by scripts/setup) and read the
// DOM after the page's script ran: the planted value is marked, the
// flagged-only filter shows the flagged conversations, the counts are
// right. Without chromium the render check is skipped with a message.
//
// What it does NOT do: judge pixels, or need the network: the browser runs
// with networking features off on a file: URL.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "groundgate/corpus.h"
#include "nlohmann/json.hpp"
#include "tests/cli_run.h"

namespace {

using groundgate_test::AdapterFixture;
using groundgate_test::Contains;
using groundgate_test::Lines;
using groundgate_test::ReadFile;
using groundgate_test::RunGroundgate;
using groundgate_test::RunProgram;
using groundgate_test::RunResult;
using groundgate_test::ScratchDir;
using Json = nlohmann::json;

// How long one headless render may take before the test gives up on it.
constexpr char kRenderTimeoutSeconds[] = "120";

std::vector<std::string> ExampleTraces() {
  const std::string dir =
      std::string(GROUNDGATE_SOURCE_DIR) + "/examples/traces";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".jsonl") {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::size_t Count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

// The value of `data-n` of the total with this id.
std::string Total(const std::string& html, const std::string& id) {
  const std::string key = "id=\"" + id + "\" data-n=\"";
  const std::size_t at = html.find(key);
  if (at == std::string::npos) return "<absent>";
  const std::size_t start = at + key.size();
  return html.substr(start, html.find('"', start) - start);
}

// True when `value` appears marked with `status` in the page.
bool Marked(const std::string& html, const std::string& value,
            const std::string& status) {
  const std::string close = ">" + value + "</mark>";
  for (std::size_t at = html.find(close); at != std::string::npos;
       at = html.find(close, at + 1)) {
    const std::size_t open = html.rfind("<mark", at);
    if (open == std::string::npos) continue;
    const std::string tag = html.substr(open, at - open);
    if (Contains(tag, "data-status=\"" + status + "\"")) return true;
  }
  return false;
}

struct CheckTotals {
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unsupported_values = 0;
};

CheckTotals CheckCounts(const std::vector<std::string>& files) {
  std::vector<std::string> args = {"check"};
  args.insert(args.end(), files.begin(), files.end());
  RunResult result = RunGroundgate(args);
  REQUIRE(result.exit_code != 2);
  CheckTotals totals;
  for (const std::string& line : Lines(result.out)) {
    const Json verdict = Json::parse(line, nullptr, false);
    REQUIRE(verdict.is_object());
    ++totals.judged;
    if (verdict["action"] == "flagged") ++totals.flagged;
    totals.unsupported_values += verdict["unsupported"].size();
  }
  return totals;
}

// The chromium binary on PATH, or "" when there is none.
std::string FindChromium() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string paths = path;
  std::size_t start = 0;
  while (start <= paths.size()) {
    std::size_t end = paths.find(':', start);
    if (end == std::string::npos) end = paths.size();
    for (const char* name : {"chromium", "chromium-browser"}) {
      const std::filesystem::path candidate =
          std::filesystem::path(paths.substr(start, end - start)) / name;
      std::error_code ec;
      if (std::filesystem::is_regular_file(candidate, ec)) {
        return candidate.string();
      }
    }
    start = end + 1;
  }
  return "";
}

}  // namespace

TEST_SUITE_BEGIN("report");

TEST_CASE("report writes one self-contained page whose totals match check") {
  const std::vector<std::string> files = ExampleTraces();
  REQUIRE(files.size() >= 3);
  ScratchDir dir;
  const std::string page = dir.Path("report.html");
  std::vector<std::string> args = {"report", "-o", page};
  args.insert(args.end(), files.begin(), files.end());
  RunResult result = RunGroundgate(args);
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  REQUIRE_FALSE(html.empty());

  // Nothing outside the page: no linked style, script, image or font, and
  // a policy that forbids any fetch.
  CHECK(Contains(html, "default-src 'none'"));
  CHECK_FALSE(Contains(html, "<link"));
  CHECK_FALSE(Contains(html, " src="));
  CHECK_FALSE(Contains(html, "@import"));
  CHECK_FALSE(Contains(html, "url("));

  const CheckTotals check = CheckCounts(files);
  CHECK(Total(html, "n-judged") == std::to_string(check.judged));
  CHECK(Total(html, "n-flagged") == std::to_string(check.flagged));
  CHECK(Total(html, "n-unsupported-values") ==
        std::to_string(check.unsupported_values));
  CHECK(Count(html, "data-status=\"unsupported\"") == check.unsupported_values);
  CHECK(Total(html, "n-conversations") == "16");

  // Collapsed by default; the planted values are marked unsupported, a
  // read value grounded, with its carrier for hover and click.
  CHECK(Count(html, "<details class=\"conv") == 16);
  CHECK_FALSE(Contains(html, "<details class=\"conv\" open"));
  CHECK(Marked(html, "3FRNFE", "unsupported"));
  CHECK(Marked(html, "CHG0031337", "unsupported"));
  CHECK(Marked(html, "3FRNFB", "grounded"));
  CHECK(Marked(html, "5,310", "misattributed"));
  CHECK(Contains(html, "results an answer cited nothing from"));
  CHECK_FALSE(Contains(html, "unused"));
  CHECK(Contains(result.err, "groundgate report: conversations=16"));
}

TEST_CASE("report shows every trace format and error results as not evidence") {
  ScratchDir dir;
  const std::string page = dir.Path("formats.html");
  RunResult result = RunGroundgate({"report", "--judge-intermediate", "-o",
                                    page, AdapterFixture("openai_chat.jsonl"),
                                    AdapterFixture("openai_responses.jsonl"),
                                    AdapterFixture("anthropic_messages.jsonl"),
                                    AdapterFixture("mcp.jsonl"),
                                    AdapterFixture("evidenceflow.jsonl")});
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  CHECK(Total(html, "n-conversations") == "11");
  for (const char* format : {"openai-chat", "openai-responses", "anthropic",
                             "mcp", "evidenceflow"}) {
    CAPTURE(format);
    CHECK(Contains(html, std::string(format) + " · "));
  }
  CHECK(Contains(html, "error result: not evidence"));
  CHECK(Marked(html, "TCK-88231", "unsupported"));
  CHECK(Marked(html, "WH-0417", "unsupported"));  // a judged reasoning item
  CHECK(Marked(html, "TS-88120", "grounded"));
}

TEST_CASE(
    "report hover text says how a value was derived, conflicted or missed") {
  ScratchDir dir;
  // One conversation: a total computed from two carried prices, a total a
  // later result of the same tool contradicted, and an order id one digit
  // off a carried one.
  const std::string trace = dir.Write(
      "hover.jsonl",
      R"({"id":"hover-1","messages":[)"
      R"({"role":"user","content":"What do I owe, and which order?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[)"
      R"({"id":"call_1","type":"function","function":{"name":"get_order","arguments":"{}"}},)"
      R"({"id":"call_2","type":"function","function":{"name":"get_order","arguments":"{}"}}]},)"
      R"({"role":"tool","tool_call_id":"call_1","content":"{\"order_id\": \"ORD-77120\", \"total\": 4310, \"fee\": 1679, \"price\": 1859}"},)"
      R"({"role":"tool","tool_call_id":"call_2","content":"{\"order_id\": \"ORD-77120\", \"total\": 4420}"},)"
      R"({"role":"assistant","content":"Order ORD-77121 shows a total of 4310; together 1679 + 1859 = 3538."}]})"
      "\n");
  const std::string page = dir.Path("hover.html");
  RunResult result = RunGroundgate({"report", "-o", page, trace});
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  CHECK(Marked(html, "ORD-77121", "unsupported"));
  CHECK(Contains(html, "the closest carried value is in call_1"));
  CHECK(Marked(html, "3538", "grounded"));
  CHECK(Contains(
      html,
      "(derived_sum) · number · carried by call_1 (get_order) · 1679 + 1859"));
  CHECK(Marked(html, "4310", "grounded"));
  CHECK(Contains(html,
                 "results disagree: call_2 carried another value at "
                 "the same place as call_1"));
}

TEST_CASE("report help says the page shows values and why") {
  RunResult help = RunGroundgate({"report", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(Contains(help.out, "SHOWS VALUES"));
  CHECK(Contains(help.out, "application's own view"));
  RunResult none = RunGroundgate({"report", "-o", "x.html"});
  CHECK(none.exit_code == 2);
  CHECK(Contains(none.err, "usage"));
}

TEST_CASE("report renders in headless chromium with the flagged value marked") {
  const std::string chromium = FindChromium();
  if (chromium.empty()) {
    MESSAGE(
        "chromium is not installed (scripts/setup installs it): "
        "skipping the headless render check");
    return;
  }
  const std::vector<std::string> files = ExampleTraces();
  ScratchDir dir;
  const std::string page = dir.Path("report.html");
  std::vector<std::string> args = {"report", "-o", page};
  args.insert(args.end(), files.begin(), files.end());
  REQUIRE(RunGroundgate(args).exit_code == 0);
  const CheckTotals check = CheckCounts(files);

  // #flagged turns the flagged-only filter on as the page loads.
  RunResult render = RunProgram(
      "/usr/bin/timeout",
      {kRenderTimeoutSeconds, chromium, "--headless", "--no-sandbox",
       "--disable-gpu", "--disable-quic", "--no-first-run",
       "--disable-background-networking", "--disable-component-update",
       "--disable-sync", "--user-data-dir=" + dir.Path("profile"), "--dump-dom",
       "file://" + page + "#flagged"});
  CAPTURE(render.err);
  REQUIRE(render.exit_code == 0);
  const std::string& dom = render.out;
  REQUIRE(Contains(dom, "data-ready=\"1\""));  // the page's script ran

  CHECK(Marked(dom, "3FRNFE", "unsupported"));
  CHECK(Marked(dom, "0x0014", "unsupported"));
  CHECK(Total(dom, "n-flagged") == std::to_string(check.flagged));
  CHECK(Total(dom, "n-judged") == std::to_string(check.judged));
  CHECK(Count(dom, "data-status=\"unsupported\"") == check.unsupported_values);
  // The filter: the script counted the flagged conversations it shows.
  const std::size_t flagged_conversations =
      Count(dom, "<details class=\"conv flagged\"");
  // Seven: the six with a typed value (not taubench-airline-t12-r1: the
  // date of a timestamp grounds its respelling), and
  // san-crc-other-port-planted, whose value is misattributed.
  CHECK(flagged_conversations == 7);
  CHECK(Contains(dom, "showing 7 of 16 conversations"));
  CHECK(Total(dom, "n-flagged-conversations") == "7");
  CHECK(Marked(dom, "5,310", "misattributed"));
}

TEST_CASE("report --max-tools sums the tool names past N as (other tools)") {
  ScratchDir dir;
  std::string calls;
  std::string results;
  for (const char* name : {"get_a", "get_b", "get_c", "get_d"}) {
    const std::string id = std::string("call_") + name;
    calls += std::string(calls.empty() ? "" : ",") + R"({"id":")" + id +
             R"(","type":"function","function":{"name":")" + name +
             R"(","arguments":"{}"}})";
    results += R"({"role":"tool","tool_call_id":")" + id +
               R"(","content":"{\"port\": \"fc1/3\"}"},)";
  }
  const std::string trace = dir.Write(
      "tools.jsonl",
      R"({"id":"tools-1","messages":[{"role":"user","content":"Port?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[)" +
          calls + "]}," + results +
          R"({"role":"assistant","content":"Port fc1/3 is down."}]})" + "\n");
  const std::string page = dir.Path("tools.html");
  RunResult result =
      RunGroundgate({"report", "--max-tools", "2", "-o", page, trace});
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  CHECK(Contains(html, "<tr data-tool=\"get_a\">"));
  CHECK(Contains(html, "<tr data-tool=\"get_b\">"));
  CHECK_FALSE(Contains(html, "<tr data-tool=\"get_c\">"));
  CHECK_FALSE(Contains(html, "<tr data-tool=\"get_d\">"));
  CHECK(Contains(html, "<tr data-tool=\"(other tools)\">"));
  CHECK(Contains(html, "names past the first 2, 2 tallies"));
  // Without the option every name has its row.
  RunResult whole = RunGroundgate({"report", "-o", page, trace});
  CHECK(whole.exit_code == 0);
  CHECK(Contains(ReadFile(page), "<tr data-tool=\"get_d\">"));
  CHECK_FALSE(Contains(ReadFile(page), "(other tools)"));
}

TEST_CASE("report names a megabyte tool-call id by its bounded form") {
  ScratchDir dir;
  const std::string long_id = "call_" + std::string(1 << 20, 'i');
  const std::string trace = dir.Write(
      "long_id.jsonl",
      R"({"id":"long-1","messages":[{"role":"user","content":"Port?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[{"id":")" +
          long_id +
          R"(","type":"function","function":{"name":"get_port","arguments":"{}"}}]},)"
          R"({"role":"tool","tool_call_id":")" +
          long_id + R"(","content":"{\"port\": \"fc1/3\"}"},)" +
          R"({"role":"assistant","content":"Port fc1/3 is down."}]})" + "\n");
  const std::string page = dir.Path("long_id.html");
  RunResult result = RunGroundgate({"report", "-o", page, trace});
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  CHECK(html.size() < 200'000);
  const std::string bounded = groundgate::BoundedToolCallId(long_id);
  CHECK(Contains(html, "data-call=\"" + bounded + "\""));
  CHECK(Marked(html, "fc1/3", "grounded"));
}

TEST_SUITE_END();
