// tests/cli/report_test.cc — `groundgate report` writes a page a browser shows
// right, at any size.
//
// Its one job: run the built command on the example traces, the adapter
// fixtures and generated archives, and check the page: self-contained (no
// external asset, a policy that forbids fetches), every judged value
// stored with its status, the totals equal to what `groundgate check`
// counts, what --flagged-only and --max-conversations leave out said, a
// repeated message stored once, the size per conversation pinned both
// ways; then render it in headless Chromium (Debian's `chromium`, installed
// by scripts/setup) and read the DOM after the page's script ran: the
// planted value is marked, its closest carried value highlighted in its
// result, a deep link opens its conversation with the flagged answer in
// view, only the opened conversation and the list rows on screen are
// drawn, search, facets and sorting narrow and order the list, the chart
// is there. Without chromium the render checks are skipped with a message.
//
// What it does NOT do: judge pixels, time the page (scripts/report-scale
// does, at 453 MB), or need the network: the browser runs with networking
// features off on a file: URL.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli/report_page.h"
#include "groundgate/corpus.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/cli/report_page_data.h"
#include "tests/cli_run.h"

namespace {

using groundgate_test::AdapterFixture;
using groundgate_test::Contains;
using groundgate_test::CountStored;
using groundgate_test::Lines;
using groundgate_test::ReadFile;
using groundgate_test::ReadReportPageData;
using groundgate_test::ReportMessages;
using groundgate_test::ReportPageData;
using groundgate_test::ReportValue;
using groundgate_test::ReportValues;
using groundgate_test::RunGroundgate;
using groundgate_test::RunProgram;
using groundgate_test::RunResult;
using groundgate_test::ScratchDir;
using groundgate_test::StoredAs;
using Json = nlohmann::json;

// How long one headless render may take before the test gives up on it.
constexpr char kRenderTimeoutSeconds[] = "120";
// The virtual time a render may run the page's timers and promises for
// before the DOM is dumped (virtual: an idle page is dumped at once).
constexpr char kVirtualTimeBudgetMs[] = "30000";

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

// True when `value` appears marked with `status` in a rendered DOM.
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

// Renders `page` in headless Chromium with the address's `fragment`
// ("#open=c3") and returns the DOM after the page's script ran
// (RunResult::out).
RunResult Render(const std::string& chromium, const ScratchDir& dir,
                 const std::string& page, const std::string& fragment) {
  return RunProgram(
      "/usr/bin/timeout",
      {kRenderTimeoutSeconds, chromium, "--headless", "--no-sandbox",
       "--disable-gpu", "--disable-quic", "--no-first-run",
       "--disable-background-networking", "--disable-component-update",
       "--disable-sync", "--user-data-dir=" + dir.Path("profile"),
       // The DOM is dumped once the page is idle: after a gzipped block is
       // inflated and its conversation drawn, not at the load event.
       "--virtual-time-budget=" + std::string(kVirtualTimeBudgetMs),
       "--dump-dom", "file://" + page + fragment});
}

// `n` generated conversations, numbered from `first`, each with its own
// values: a port question, one get_port_stats result, and an answer that
// reads it, or (every fifth) types a count no result carried (50000 + i).
// The records name a model (model-a, -b, -c by i % 3), a domain (storage,
// network by i % 2) and meta.dataset (ds0 to ds3 by i % 4), and a
// meta.run of their own (too many values to be a facet).
std::string GeneratedTraces(int n, int first = 0) {
  std::string out;
  for (int i = first; i < first + n; ++i) {
    const std::string port = "fc1/" + std::to_string(i % 48);
    const std::string sw = "sw-" + std::to_string(i);
    const std::string day =
        (1 + i % 28 < 10 ? "0" : "") + std::to_string(1 + i % 28);
    const Json result = {{"port", port},
                         {"switch", sw},
                         {"crc_errors", 1000 + i},
                         {"last_seen", "2024-05-" + day + "T10:00:00Z"},
                         {"speed_gbps", 32}};
    const std::string answer =
        i % 5 == 0 ? "Port " + port + " on " + sw + " shows " +
                         std::to_string(50000 + i) + " CRC errors."
                   : "Port " + port + " on " + sw + " shows " +
                         std::to_string(1000 + i) +
                         " CRC errors, last seen 2024-05-" + day + ".";
    const std::string call = "call_" + std::to_string(i);
    const Json record = {
        {"id", "gen-" + std::to_string(i)},
        {"model", std::string("model-") + "abc"[i % 3]},
        {"domain", i % 2 == 0 ? "storage" : "network"},
        {"meta", {{"dataset", "ds" + std::to_string(i % 4)}, {"run", i}}},
        {"messages",
         Json::array(
             {{{"role", "user"},
               {"content",
                "How many CRC errors on " + port + " of " + sw + "?"}},
              {{"role", "assistant"},
               {"content", nullptr},
               {"tool_calls", Json::array({{{"id", call},
                                            {"type", "function"},
                                            {"function",
                                             {{"name", "get_port_stats"},
                                              {"arguments", "{}"}}}}})}},
              {{"role", "tool"},
               {"tool_call_id", call},
               {"content", result.dump()}},
              {{"role", "assistant"}, {"content", answer}}})}};
    out += record.dump() + "\n";
  }
  return out;
}

// The size of the page `groundgate report` writes for `traces`.
std::size_t PageSize(ScratchDir& dir, const std::string& traces,
                     const std::vector<std::string>& flags = {}) {
  const std::string input = dir.Write("size.jsonl", traces);
  const std::string page = dir.Path("size.html");
  std::vector<std::string> args = {"report", "-o", page};
  args.insert(args.end(), flags.begin(), flags.end());
  args.push_back(input);
  REQUIRE(RunGroundgate(args).exit_code == 0);
  return ReadFile(page).size();
}

// The conversation numbers of the list rows drawn in a rendered DOM, in
// order.
std::vector<std::string> DrawnRows(const std::string& dom) {
  std::vector<std::string> rows;
  const std::string key = "<div class=\"row ";
  for (std::size_t at = dom.find(key); at != std::string::npos;
       at = dom.find(key, at + 1)) {
    const std::size_t n = dom.find("data-n=\"", at);
    if (n == std::string::npos) break;
    rows.push_back(dom.substr(n + 8, dom.find('"', n + 8) - n - 8));
  }
  return rows;
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
  CHECK(Total(html, "n-conversations") == "16");
  CHECK(Total(html, "n-listed") == "16");

  // Each conversation is one JSON body and one index row; the page's
  // script draws it only when it is opened, so no value is marked in the
  // HTML as written.
  const ReportPageData data = ReadReportPageData(html);
  CHECK(data.bodies.size() == 16);
  CHECK(data.index["rows"].size() == 16);
  CHECK_FALSE(Contains(html, "<mark class=\"v unsupported\" data-status"));
  CHECK(CountStored(data, "unsupported") == check.unsupported_values);
  CHECK(StoredAs(data, "3FRNFE", "unsupported"));
  CHECK(StoredAs(data, "CHG0031337", "unsupported"));
  CHECK(StoredAs(data, "3FRNFB", "grounded"));
  CHECK(StoredAs(data, "5,310", "misattributed"));
  CHECK(Contains(html, "results an answer cited nothing from"));
  CHECK_FALSE(Contains(html, "unused"));
  CHECK_FALSE(Contains(html, "id=\"left-out\""));  // nothing was left out
  CHECK(Contains(result.err, "groundgate report: conversations=16"));
  CHECK_FALSE(Contains(result.err, "listed="));
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
  const ReportPageData data = ReadReportPageData(html);
  std::vector<std::string> formats;
  for (const Json& row : data.index["rows"]) {
    formats.push_back(row[2].get<std::string>());
  }
  for (const char* format : {"openai-chat", "openai-responses", "anthropic",
                             "mcp", "evidenceflow"}) {
    CAPTURE(format);
    CHECK(std::find(formats.begin(), formats.end(), format) != formats.end());
  }
  CHECK(Contains(html, "error result: not evidence"));
  CHECK(StoredAs(data, "TCK-88231", "unsupported"));
  CHECK(StoredAs(data, "WH-0417", "unsupported"));  // a judged reasoning item
  CHECK(StoredAs(data, "TS-88120", "grounded"));
}

// One conversation: a total computed from two carried prices, a total a
// later result of the same tool contradicted, and an order id one digit
// off a carried one.
constexpr char kHoverTrace[] =
    R"({"id":"hover-1","messages":[)"
    R"({"role":"user","content":"What do I owe, and which order?"},)"
    R"({"role":"assistant","content":null,"tool_calls":[)"
    R"({"id":"call_1","type":"function","function":{"name":"get_order","arguments":"{}"}},)"
    R"({"id":"call_2","type":"function","function":{"name":"get_order","arguments":"{}"}}]},)"
    R"({"role":"tool","tool_call_id":"call_1","content":"{\"order_id\": \"ORD-77120\", \"total\": 4310, \"fee\": 1679, \"price\": 1859}"},)"
    R"({"role":"tool","tool_call_id":"call_2","content":"{\"order_id\": \"ORD-77120\", \"total\": 4420}"},)"
    R"({"role":"assistant","content":"Order ORD-77121 shows a total of 4310; together 1679 + 1859 = 3538."}]})"
    "\n";

TEST_CASE("report stores how a value was derived, conflicted or missed") {
  ScratchDir dir;
  const std::string trace = dir.Write("hover.jsonl", kHoverTrace);
  const std::string page = dir.Path("hover.html");
  RunResult result = RunGroundgate({"report", "-o", page, trace});
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const ReportPageData data = ReadReportPageData(ReadFile(page));
  REQUIRE(data.bodies.count(1) == 1);
  CHECK(data.bodies.at(1)["n"]["call_1"] == "get_order");
  bool near_miss = false, derived = false, conflict = false;
  for (const ReportValue& v : ReportValues(data)) {
    CAPTURE(v.candidate.dump());
    if (v.text == "ORD-77121") {
      CHECK(v.candidate["st"] == "unsupported");
      // The closest carried value and the result it is in.
      CHECK(v.candidate["nc"] == "call_1");
      CHECK(v.candidate["nm"] == "ord-77120");
      near_miss = true;
    }
    if (v.text == "3538") {
      CHECK(v.candidate["rs"] == "derived_sum");
      CHECK(v.candidate["d"] == "1679 + 1859");
      derived = true;
    }
    if (v.text == "4310") {
      CHECK(v.candidate["cf"] == Json::array({"call_1", "call_2"}));
      conflict = true;
    }
  }
  CHECK(near_miss);
  CHECK(derived);
  CHECK(conflict);
}

TEST_CASE("report help says the page shows values and why") {
  RunResult help = RunGroundgate({"report", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(Contains(help.out, "SHOWS VALUES"));
  CHECK(Contains(help.out, "application's own view"));
  CHECK(Contains(help.out, "--flagged-only"));
  CHECK(Contains(help.out, "--max-conversations N"));
  CHECK(Contains(help.out, "#open=c41"));
  RunResult none = RunGroundgate({"report", "-o", "x.html"});
  CHECK(none.exit_code == 2);
  CHECK(Contains(none.err, "usage"));
  RunResult zero = RunGroundgate(
      {"report", "--max-conversations", "0", "-o", "x.html", "x.jsonl"});
  CHECK(zero.exit_code == 2);
  CHECK(Contains(zero.err, "--max-conversations"));
}

TEST_CASE(
    "report --flagged-only lists the flagged conversations and says "
    "what it left out") {
  const std::vector<std::string> files = ExampleTraces();
  ScratchDir dir;
  const std::string page = dir.Path("flagged.html");
  std::vector<std::string> args = {"report", "--flagged-only", "-o", page};
  args.insert(args.end(), files.begin(), files.end());
  RunResult result = RunGroundgate(args);
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  const ReportPageData data = ReadReportPageData(html);
  CHECK(data.bodies.size() == 7);
  REQUIRE(data.index["rows"].size() == 7);
  for (const Json& row : data.index["rows"]) CHECK(row[6].get<int>() > 0);
  // The totals still count every conversation judged.
  CHECK(Total(html, "n-conversations") == "16");
  CHECK(Total(html, "n-listed") == "7");
  CHECK(Total(html, "n-flagged-conversations") == "7");
  CHECK(Contains(html, "data-unflagged=\"9\""));
  CHECK(Contains(html,
                 "Left out by --flagged-only: 9 conversations with no "
                 "flagged answer."));
  CHECK(Contains(result.err, "conversations=16"));
  CHECK(Contains(result.err, "listed=7"));
}

TEST_CASE("report --max-conversations lists the first N and counts the rest") {
  const std::vector<std::string> files = ExampleTraces();
  ScratchDir dir;
  const std::string page = dir.Path("first.html");
  std::vector<std::string> args = {"report", "--max-conversations", "3", "-o",
                                   page};
  args.insert(args.end(), files.begin(), files.end());
  RunResult result = RunGroundgate(args);
  CAPTURE(result.err);
  CHECK(result.exit_code == 0);
  const std::string html = ReadFile(page);
  const ReportPageData data = ReadReportPageData(html);
  REQUIRE(data.index["rows"].size() == 3);
  CHECK(data.index["rows"][2][0] == 3);
  CHECK(Total(html, "n-conversations") == "16");
  CHECK(Total(html, "n-flagged-conversations") == "7");
  // None of the first three is flagged: all seven flagged ones are past it.
  CHECK(Contains(html,
                 "Left out past --max-conversations 3: 13 conversations (7 "
                 "of them flagged)."));
  // With --flagged-only the limit counts the flagged ones.
  args.insert(args.begin() + 1, "--flagged-only");
  REQUIRE(RunGroundgate(args).exit_code == 0);
  const ReportPageData flagged = ReadReportPageData(ReadFile(page));
  REQUIRE(flagged.index["rows"].size() == 3);
  for (const Json& row : flagged.index["rows"]) CHECK(row[6].get<int>() > 0);
}

TEST_CASE("report stores a message met before once and refers to it") {
  ScratchDir dir;
  // The same conversation under 40 ids: every message after the first
  // copy's is a reference; a page of 40 copies costs little more than one.
  std::string one = kHoverTrace;
  std::string forty;
  for (int i = 0; i < 40; ++i) {
    std::string copy = one;
    copy.replace(copy.find("hover-1"), 7, "hover-" + std::to_string(i));
    forty += copy;
  }
  const std::size_t one_page = PageSize(dir, one);
  const std::size_t forty_pages = PageSize(dir, forty);
  CAPTURE(one_page);
  CAPTURE(forty_pages);
  CHECK(forty_pages < one_page + 39 * 400);
  const std::string html = ReadFile(dir.Path("size.html"));
  const ReportPageData data = ReadReportPageData(html);
  REQUIRE(data.bodies.size() == 40);
  // Every copy reads the same: the references lead to the full messages.
  const std::vector<Json> first = ReportMessages(data, 1);
  const std::vector<Json> last = ReportMessages(data, 40);
  CHECK(first == last);
  CHECK(data.bodies.at(40)["m"][4].is_array());  // the answer, referred to
  CHECK(CountStored(data, "unsupported") == 40);
}

// Pins the page's cost per conversation both ways, on generated
// conversations of which no two share a message. The page that drew every
// conversation in HTML cost 2,950 bytes per conversation of this input
// (628 bytes of JSONL each); the JSON page costs about 1,090. Above the
// upper bound the page has grown back toward the HTML one; below the lower
// one it no longer holds each conversation's texts and verdict.
TEST_CASE(
    "report page stored as plain JSON (--no-gzip) grows linearly with "
    "conversations, far below the HTML-drawn page") {
  ScratchDir dir;
  const std::vector<std::string> plain = {"--no-gzip"};
  const std::size_t two_hundred = PageSize(dir, GeneratedTraces(200), plain);
  const std::size_t four_hundred = PageSize(dir, GeneratedTraces(400), plain);
  const std::size_t eight_hundred = PageSize(dir, GeneratedTraces(800), plain);
  CAPTURE(two_hundred);
  CAPTURE(four_hundred);
  CAPTURE(eight_hundred);
  const double per_conversation =
      static_cast<double>(four_hundred - two_hundred) / 200.0;
  const double per_conversation_after =
      static_cast<double>(eight_hundred - four_hundred) / 400.0;
  CAPTURE(per_conversation);
  CAPTURE(per_conversation_after);
  // Linear: the 400 after the first 400 cost what the 200 after 200 did.
  CHECK(per_conversation_after > per_conversation * 0.9);
  CHECK(per_conversation_after < per_conversation * 1.1);
  CHECK(per_conversation < 1400.0);  // under half the HTML page's 2,950
  CHECK(per_conversation > 700.0);   // more than the conversation's texts
}

// The same generated conversations with the page's default, gzipped
// blocks: a conversation costs a fraction of its plain JSON. These
// conversations differ in a few values only, so they compress far better
// than real ones (the data's traces: about 8x; scripts/report-scale).
TEST_CASE("report page in gzipped blocks costs a fraction of the plain one") {
  ScratchDir dir;
  const std::string traces = GeneratedTraces(3000);
  const std::size_t plain = PageSize(dir, traces, {"--no-gzip"});
  const ReportPageData plain_data =
      ReadReportPageData(ReadFile(dir.Path("size.html")));
  const std::size_t gzipped = PageSize(dir, traces);
  const ReportPageData gzipped_data =
      ReadReportPageData(ReadFile(dir.Path("size.html")));
  CAPTURE(plain);
  CAPTURE(gzipped);
  // 3 MB of conversations in blocks of about a megabyte, gzipped or not.
  CHECK(plain_data.blocks >= 3);
  CHECK(plain_data.gzipped_blocks == 0);
  CHECK(gzipped_data.blocks == plain_data.blocks);
  CHECK(gzipped_data.gzipped_blocks == gzipped_data.blocks);
  // Both read back as the same conversations.
  CHECK(gzipped_data.bodies == plain_data.bodies);
  CHECK(gzipped_data.index == plain_data.index);
  const double per_conversation = static_cast<double>(gzipped) / 3000.0;
  CAPTURE(per_conversation);
  CHECK(per_conversation < 130.0);  // an eighth of the plain ~1,050
  CHECK(per_conversation > 65.0);   // the index row and the body, gzipped
}

// A conversation built by hand for ReportPage: a system prompt shared by
// all (written once, referred to after), a question, a result and an
// answer of its own.
groundgate::Trace SharedPromptTrace(int i) {
  groundgate::Trace trace;
  trace.id = "shared-" + std::to_string(i);
  auto add = [&](groundgate::TraceRole role, std::string text) {
    groundgate::TraceMessage m;
    m.role = role;
    m.index = trace.messages.size();
    m.text = std::move(text);
    trace.messages.push_back(std::move(m));
  };
  add(groundgate::TraceRole::kSystem,
      "You are the storage fabric assistant. Answer from the tools' results "
      "only, quote port names exactly, and say when a switch is unknown.");
  add(groundgate::TraceRole::kUser,
      "How many CRC errors on port fc1/" + std::to_string(i) + "?");
  add(groundgate::TraceRole::kToolResult,
      "{\"port\": \"fc1/" + std::to_string(i) +
          "\", \"crc_errors\": " + std::to_string(7000 + i * 13) + "}");
  trace.messages.back().tool_call_id = "call_" + std::to_string(i);
  trace.messages.back().tool_name = "get_port_stats";
  add(groundgate::TraceRole::kAssistant,
      "Port fc1/" + std::to_string(i) + " shows " +
          std::to_string(7000 + i * 13) + " CRC errors.");
  return trace;
}

std::string SharedPromptPage(std::size_t conversations, bool gzip) {
  std::ostringstream out;
  groundgate::cli::ReportPage page(
      out, groundgate::cli::ReportPageOptions{.title = "blocks",
                                              .gzip_blocks = gzip,
                                              .block_bytes = 2048,
                                              .min_gzipped_block_bytes = 1024});
  page.Begin();
  for (std::size_t i = 1; i <= conversations; ++i) {
    page.AddConversation(SharedPromptTrace(static_cast<int>(i)),
                         "shared.jsonl:" + std::to_string(i), {});
  }
  page.End(1, 0, 0);
  CHECK(page.totals().shared_messages == conversations - 1);
  return out.str();
}

TEST_CASE(
    "report blocks: each starts at the line it names, a message referred "
    "to in an earlier block reads back, a small last block stays plain") {
  const std::string gzipped = SharedPromptPage(100, true);
  const std::string plain = SharedPromptPage(100, false);
  const ReportPageData data = ReadReportPageData(gzipped);
  const ReportPageData plain_data = ReadReportPageData(plain);
  CAPTURE(data.blocks);
  CHECK(data.blocks > 5);
  CHECK(data.blocks == plain_data.blocks);
  CHECK(plain_data.gzipped_blocks == 0);
  // Every block of 2 KiB or more is gzipped; only the last can be smaller.
  CHECK(data.gzipped_blocks >= data.blocks - 1);
  CHECK(data.bodies == plain_data.bodies);
  // The last conversation's system prompt is a reference into the first
  // block, and reads back whole.
  CHECK(data.bodies.at(100)["m"][0].is_array());
  CHECK(data.bodies.at(100)["m"][0][0] == 0);
  const std::vector<Json> last = ReportMessages(data, 100);
  REQUIRE(last.size() == 4);
  CHECK(last[0] == ReportMessages(data, 1)[0]);
  // Two conversations: one block under the gzip threshold, plain.
  const ReportPageData small = ReadReportPageData(SharedPromptPage(2, true));
  CHECK(small.blocks == 1);
  CHECK(small.gzipped_blocks == 0);
}

TEST_CASE(
    "report in chromium: the flagged value marked, its closest "
    "carried value highlighted, the misattributed one explained") {
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

  // #flagged turns the flagged-only filter on as the page loads; #open
  // draws the sixteen conversations.
  std::string open = "#flagged&open=";
  for (int i = 1; i <= 16; ++i) {
    open += (i > 1 ? "," : "") + std::string("c") + std::to_string(i);
  }
  RunResult render = Render(chromium, dir, page, open);
  CAPTURE(render.err);
  REQUIRE(render.exit_code == 0);
  const std::string& dom = render.out;
  REQUIRE(Contains(dom, "data-ready=\"1\""));  // the page's script ran

  CHECK(Count(dom, "<article class=\"conv ") == 16);
  CHECK(Marked(dom, "3FRNFE", "unsupported"));
  CHECK(Marked(dom, "0x0014", "unsupported"));
  CHECK(Total(dom, "n-flagged") == std::to_string(check.flagged));
  CHECK(Total(dom, "n-judged") == std::to_string(check.judged));
  CHECK(Count(dom, "data-status=\"unsupported\"") == check.unsupported_values);
  // The filter: the list shows the flagged conversations only. Seven: the
  // six with a typed value (not taubench-airline-t12-r1: the date of a
  // timestamp grounds its respelling), and san-crc-other-port-planted,
  // whose value is misattributed.
  CHECK(Contains(dom, "showing 7 of 16 conversations"));
  CHECK(Count(dom, "<div class=\"row flagged") == 7);  // open ones: is-open
  CHECK(Count(dom, "<div class=\"row grounded") == 0);
  CHECK(Total(dom, "n-flagged-conversations") == "7");
  // The misattributed value, with what the record the answer names holds
  // beside it.
  CHECK(Marked(dom, "5,310", "misattributed"));
  CHECK(Contains(dom, "5,310</mark><span class=\"named\""));
  CHECK(Contains(dom, ">(the record holds "));
  // The planted booking code: the closest carried value beside it, as the
  // result wrote it, and highlighted inside that result.
  CHECK(Contains(dom, "(closest: 3FRNFB in call_"));
  CHECK(Contains(dom, ">closest carried: 3FRNFB in call_"));  // its table
  CHECK(Contains(dom, "get_user_details)</span>"));
  CHECK(Contains(dom, "<mark class=\"near\" data-near=\"3frnfb\""));
  CHECK(Contains(dom, "3FRNFB</mark>"));
  CHECK(Contains(dom, ">CHG0031336</mark>"));
  // The hover text the script writes from the stored fields.
  CHECK(Contains(dom,
                 "title=\"unsupported · identifier · no tool result of this "
                 "conversation carried it: typed, not read · the closest "
                 "carried value is in call_"));
}

TEST_CASE(
    "report in chromium: hover text says how a value was derived, "
    "conflicted or missed") {
  const std::string chromium = FindChromium();
  if (chromium.empty()) {
    MESSAGE("chromium is not installed: skipping the headless render check");
    return;
  }
  ScratchDir dir;
  const std::string trace = dir.Write("hover.jsonl", kHoverTrace);
  const std::string page = dir.Path("hover.html");
  REQUIRE(RunGroundgate({"report", "-o", page, trace}).exit_code == 0);
  RunResult render = Render(chromium, dir, page, "#open=c1");
  REQUIRE(render.exit_code == 0);
  const std::string& dom = render.out;
  CHECK(Marked(dom, "ORD-77121", "unsupported"));
  CHECK(Contains(dom, "the closest carried value is in call_1"));
  CHECK(Contains(dom, "(closest: ORD-77120 in call_1 get_order)"));
  CHECK(Contains(dom, "<mark class=\"near\" data-near=\"ord-77120\""));
  CHECK(Marked(dom, "3538", "grounded"));
  CHECK(Contains(
      dom,
      "(derived_sum) · number · carried by call_1 (get_order) · 1679 + 1859"));
  CHECK(Marked(dom, "4310", "grounded"));
  CHECK(Contains(dom,
                 "results disagree: call_2 carried another value at "
                 "the same place as call_1"));
}

TEST_CASE(
    "report in chromium: a deep link opens one conversation, drawn "
    "from its data, with the flagged answer in view; the list draws "
    "only the rows on screen") {
  const std::string chromium = FindChromium();
  if (chromium.empty()) {
    MESSAGE("chromium is not installed: skipping the headless render check");
    return;
  }
  ScratchDir dir;
  const std::string trace = dir.Write("many.jsonl", GeneratedTraces(3000));
  const std::string page = dir.Path("many.html");
  REQUIRE(RunGroundgate({"report", "-o", page, trace}).exit_code == 0);
  const std::string html = ReadFile(page);
  // Written, not drawn: 3,000 bodies in gzipped blocks, no conversation's
  // markup.
  const ReportPageData data = ReadReportPageData(html);
  CHECK(data.bodies.size() == 3000);
  CHECK(data.gzipped_blocks >= 3);
  CHECK(Contains(html, "id=\"index\" data-gzip=\"1\""));
  CHECK_FALSE(Contains(html, "<article"));
  CHECK_FALSE(Contains(html, "<li class=\"msg"));

  // c2501 is gen-2500: every fifth types its count, so it is flagged.
  RunResult render = Render(chromium, dir, page, "#open=c2501");
  CAPTURE(render.err);
  REQUIRE(render.exit_code == 0);
  const std::string& dom = render.out;
  REQUIRE(Contains(dom, "data-ready=\"1\""));
  CHECK(Contains(dom, "data-opened=\"1\""));
  CHECK(Contains(dom, "showing 3000 of 3000 conversations"));
  // Only the rows in view and a margin are in the DOM.
  const std::vector<std::string> rows = DrawnRows(dom);
  CAPTURE(rows.size());
  CHECK(rows.size() >= 10);
  CHECK(rows.size() < 100);
  // One conversation drawn: the one the link named, its answer the target.
  CHECK(Count(dom, "<article class=\"conv ") == 1);
  CHECK(Contains(dom, "<article class=\"conv flagged\" id=\"c2501\""));
  CHECK(Count(dom, "<li class=\"msg ") == 4);
  CHECK(Contains(dom, "<li class=\"msg answer judged flagged target\""));
  CHECK(Marked(dom, "52500", "unsupported"));
  CHECK(Marked(dom, "sw-2500", "grounded"));
  CHECK(Contains(dom, "<details class=\"verdict\" open=\"\">"));
  // The chart is there, in the page's own SVG.
  CHECK(Contains(dom, "<svg class=\"chart\""));
}

TEST_CASE(
    "report in chromium: a conversation in a gzipped block opens with the "
    "message it refers to in another block; a block that cannot be "
    "inflated says so") {
  const std::string chromium = FindChromium();
  if (chromium.empty()) {
    MESSAGE("chromium is not installed: skipping the headless render check");
    return;
  }
  ScratchDir dir;
  const std::string html = SharedPromptPage(100, true);
  const std::string page = dir.Write("blocks.html", html);
  RunResult render = Render(chromium, dir, page, "#open=c100,c1");
  CAPTURE(render.err);
  REQUIRE(render.exit_code == 0);
  REQUIRE(Contains(render.out, "data-opened=\"1\""));
  CHECK(Count(render.out, "<article class=\"conv ") == 2);
  CHECK(Contains(render.out, "id=\"c100\""));
  CHECK(Contains(render.out, "Port fc1/100 shows 8300 CRC errors."));
  // The system prompt, written once in the first block.
  CHECK(Count(render.out, "You are the storage fabric assistant.") == 2);

  // The last gzipped block's base64 replaced by bytes that are not gzip:
  // its conversation says it cannot be read; the others still open.
  std::string broken = html;
  const std::size_t last =
      broken.rfind("data-gzip=\"1\">", broken.find("id=\"index\""));
  REQUIRE(last != std::string::npos);
  const std::size_t text = last + std::string("data-gzip=\"1\">").size();
  broken.replace(text, broken.find("</script>", text) - text, "AAAAAAAA");
  const std::string broken_page = dir.Write("broken.html", broken);
  const std::size_t last_line =
      std::stoul(broken.substr(broken.rfind("data-first=\"", last) + 12));
  const std::string victim = "c" + std::to_string(last_line + 1);
  render = Render(chromium, dir, broken_page, "#open=" + victim + ",c1");
  REQUIRE(render.exit_code == 0);
  REQUIRE(Contains(render.out, "data-opened=\"1\""));
  CHECK(Contains(render.out, victim + " cannot be read: "));
  CHECK(Contains(render.out, "Port fc1/1 shows 7013 CRC errors."));

  // A gzipped index that cannot be inflated: the list says so.
  std::string no_index = html;
  const std::size_t index = no_index.find("id=\"index\" data-gzip=\"1\">");
  REQUIRE(index != std::string::npos);
  const std::size_t index_text =
      index + std::string("id=\"index\" data-gzip=\"1\">").size();
  no_index.replace(index_text,
                   no_index.find("</script>", index_text) - index_text,
                   "AAAAAAAA");
  render = Render(chromium, dir, dir.Write("no-index.html", no_index), "");
  REQUIRE(render.exit_code == 0);
  CHECK(Contains(render.out, "the list cannot be read: "));
  CHECK_FALSE(Contains(render.out, "data-ready=\"1\""));
}

TEST_CASE(
    "report in chromium: search, facets and sorting narrow and order "
    "the list") {
  const std::string chromium = FindChromium();
  if (chromium.empty()) {
    MESSAGE("chromium is not installed: skipping the headless render check");
    return;
  }
  ScratchDir dir;
  const std::string trace = dir.Write("facets.jsonl", GeneratedTraces(300));
  const std::string page = dir.Path("facets.html");
  REQUIRE(RunGroundgate({"report", "-o", page, trace}).exit_code == 0);
  const ReportPageData data = ReadReportPageData(ReadFile(page));
  // The records' own fields: model, domain and meta.dataset are facets,
  // meta.run (300 values) is not.
  std::vector<std::string> facets;
  for (const Json& field : data.index["facets"]) {
    if (!field.is_null()) facets.push_back(field["name"].get<std::string>());
  }
  CHECK(std::find(facets.begin(), facets.end(), "model") != facets.end());
  CHECK(std::find(facets.begin(), facets.end(), "domain") != facets.end());
  CHECK(std::find(facets.begin(), facets.end(), "meta.dataset") !=
        facets.end());
  CHECK(std::find(facets.begin(), facets.end(), "meta.run") == facets.end());

  // model-b is i % 3 == 1, network i % 2 == 1: i % 6 == 1, 50 of 300. Most
  // flagged first: those with i % 5 == 0 too (i % 30 == 25), 10 of them.
  RunResult faceted = Render(chromium, dir, page,
                             "#facet=model=model-b&facet=domain=network&"
                             "sort=flags");
  CAPTURE(faceted.err);
  REQUIRE(faceted.exit_code == 0);
  CHECK(Contains(faceted.out, "showing 50 of 300 conversations"));
  CHECK(Contains(faceted.out, "<option value=\"1\">model-b (100)</option>"));
  const std::vector<std::string> rows = DrawnRows(faceted.out);
  REQUIRE(rows.size() >= 11);
  // c26 is gen-25, the first flagged one of the facet; then c56 (gen-55).
  CHECK(rows[0] == "26");
  CHECK(rows[1] == "56");
  CHECK(Count(faceted.out, "<div class=\"row flagged\"") == 10);

  // The search box matches ids, files, fields and flagged values: "gen-12"
  // is gen-12 and gen-120 to gen-129; 50250 is the value gen-250 typed.
  RunResult by_id = Render(chromium, dir, page, "#q=gen-12");
  REQUIRE(by_id.exit_code == 0);
  CHECK(Contains(by_id.out, "showing 11 of 300 conversations"));
  RunResult by_value = Render(chromium, dir, page, "#q=50250&sort=id");
  REQUIRE(by_value.exit_code == 0);
  CHECK(Contains(by_value.out, "showing 1 of 300 conversations"));
  CHECK(DrawnRows(by_value.out) == std::vector<std::string>{"251"});
}

TEST_CASE(
    "report charts flagged answers per tool and per model, and counts "
    "them in the per-tool table") {
  ScratchDir dir;
  const std::string trace = dir.Write("chart.jsonl", GeneratedTraces(300));
  const std::string page = dir.Path("chart.html");
  REQUIRE(RunGroundgate({"report", "-o", page, trace}).exit_code == 0);
  const std::string html = ReadFile(page);
  // One SVG, inline, with no script of its own.
  CHECK(Count(html, "<svg class=\"chart\"") == 1);
  CHECK_FALSE(Contains(html, "<svg class=\"chart\" src"));
  // 60 flagged answers (i % 5 == 0), all of get_port_stats; 20 per model.
  CHECK(Contains(html,
                 "<g class=\"bar\" data-label=\"get_port_stats\" "
                 "data-n=\"60\">"));
  for (const char* model : {"model-a", "model-b", "model-c"}) {
    CAPTURE(model);
    CHECK(Contains(html, std::string("<g class=\"bar\" data-label=\"") + model +
                             "\" data-n=\"20\">"));
  }
  CHECK(Contains(html, "<th>flagged answers</th>"));
  CHECK(Contains(html, "<td class=\"n flags\">60</td>"));
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
  CHECK(Contains(html, "\"c\":\"" + bounded + "\""));
  CHECK(StoredAs(ReadReportPageData(html), "fc1/3", "grounded"));
}

TEST_SUITE_END();
