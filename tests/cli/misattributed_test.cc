// tests/cli/misattributed_test.cc — the command's parts for a value read
// from another record than the one the answer names (law 11), driven with
// a verdict built by hand.
//
// Pins the report page (the value's own class and colour, its legend entry
// and total, the named record's value stored for beside it and for its
// hover text, the conversation counted flagged for the filter) and eval's flag
// rule (a misattributed value catches a label and is a false accusation outside
// every label, unless the verdict only warns). The --misattribution flag itself
// is pinned through the built command in cli_test.cc.
#include "tests/support/misattributed.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/eval_command.h"
#include "cli/report_page.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/cli/report_page_data.h"

namespace groundgate::cli {
namespace {

using groundgate_test::kFlightSearch;
using groundgate_test::kMisattributedAnswer;
using groundgate_test::MisattributedVerdict;
using groundgate_test::ReadReportPageData;
using Json = nlohmann::json;

// The conversation the hand-built verdict judged: a question, the flight
// search call_1 returned, and the answer (position 2).
Trace FlightTrace() {
  Trace trace;
  trace.id = "fare-1";
  TraceMessage user;
  user.role = TraceRole::kUser;
  user.index = 0;
  user.text = "What does HAT271 cost in economy?";
  TraceMessage result;
  result.role = TraceRole::kToolResult;
  result.index = 1;
  result.tool_call_id = "call_1";
  result.tool_name = "search_flights";
  result.text = std::string(kFlightSearch);
  TraceMessage answer;
  answer.role = TraceRole::kAssistant;
  answer.index = 2;
  answer.text = std::string(kMisattributedAnswer);
  trace.messages = {user, result, answer};
  return trace;
}

std::string Page(const Verdict& verdict) {
  std::ostringstream out;
  ReportPage page(out, "fares");
  page.Begin();
  page.AddConversation(FlightTrace(), "fares.jsonl:1",
                       {JudgedAnswer{.position = 2, .verdict = verdict}});
  page.End(1, 0, 0);
  return out.str();
}

bool Contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

// The candidate the page stores for `value` (null when there is none).
Json Stored(const std::string& html, const std::string& value) {
  for (const groundgate_test::ReportValue& v :
       groundgate_test::ReportValues(ReadReportPageData(html))) {
    if (v.text == value) return v.candidate;
  }
  return Json();
}

TEST_SUITE("cli misattributed") {
  TEST_CASE("report marks a misattributed value and shows the named value") {
    const std::string html = Page(MisattributedVerdict());
    // Its own class and colour, in the legend too.
    CHECK(Contains(html, "--misattributed:"));
    CHECK(Contains(html, "mark.v.misattributed {"));
    CHECK(Contains(html, "<mark class=\"v misattributed\">misattributed"));
    // The value stored as misattributed, with what the record the answer
    // names holds, for beside it and its hover text (the page's script
    // writes both; tests/cli/report_test.cc renders them).
    const Json c = Stored(html, "$114");
    CHECK(c["st"] == "misattributed");
    CHECK(c["rs"] == "canonical");
    CHECK(c["sh"] == "money");
    CHECK(c["bs"] == "the record holds 174");
    CHECK(c["bt"] ==
          "the record at $.flights[1] in call_1 (search_flights) holds 174 "
          "at prices.economy · the value was read from the record at "
          "$.flights[0] in call_1 (search_flights)");
    // Counted, and the conversation is in the flagged-only filter.
    CHECK(Contains(html, "id=\"n-misattributed-values\" data-n=\"1\""));
    CHECK(Contains(html, "id=\"n-flagged\" data-n=\"1\""));
    const Json row = ReadReportPageData(html).index["rows"][0];
    CHECK(row[6] == 1);  // flagged answers
    CHECK(row[8] == 1);  // misattributed values
  }

  TEST_CASE("report shows a warned misattribution without flagging it") {
    const std::string html = Page(MisattributedVerdict(true));
    const Json c = Stored(html, "$114");
    CHECK(c["st"] == "misattributed");
    CHECK(c["bs"] == "the record holds 174");
    CHECK(Contains(html, "id=\"n-misattributed-values\" data-n=\"1\""));
    CHECK(Contains(html, "id=\"n-flagged\" data-n=\"0\""));
    const Json row = ReadReportPageData(html).index["rows"][0];
    CHECK(row[6] == 0);
    CHECK(row[8] == 1);
  }

  TEST_CASE(
      "report names an aggregate's least, greatest, day, month, trend, "
      "winner or leader") {
    const struct {
      std::string_view aggregate;
      std::string_view named_value;
      std::string_view beside;
      std::string_view hover;
    } kRows[] = {
        {"max", "180", "their greatest is 180",
         "the greatest prices.economy of the records the answer names is "
         "180, at the record at $.flights[1] in call_1"},
        {"day", "4.1 to 8.3", "that day holds 4.1 to 8.3",
         "the readings of the day the answer names hold 4.1 to 8.3 at "
         "prices.economy, from the record at $.flights[1] in call_1"},
        {"month", "4.1 to 8.3", "that month holds 4.1 to 8.3",
         "the readings of the month the answer names hold 4.1 to 8.3 at "
         "prices.economy, from the record at $.flights[1] in call_1"},
        {"trend", "8.3 to 4.1", "the readings run 8.3 to 4.1",
         "the readings the dates name run 8.3 to 4.1 at prices.economy, to "
         "the record at $.flights[1] in call_1"},
        {"winner", "1-3", "the sides hold 1-3",
         "the side the answer names and the other hold 1-3 at "
         "prices.economy, at the record at $.flights[1] in call_1"},
        {"leader", "0-1", "the sides hold 0-1",
         "the side the answer names and the other hold 0-1 at "
         "prices.economy, at the record at $.flights[1] in call_1"},
    };
    for (const auto& row : kRows) {
      CAPTURE(row.aggregate);
      Verdict verdict = MisattributedVerdict();
      verdict.candidates[1].binding->aggregate = std::string(row.aggregate);
      verdict.candidates[1].binding->named_value = std::string(row.named_value);
      const Json c = Stored(Page(verdict), "$114");
      CHECK(c["bs"] == std::string(row.beside));
      CHECK(c["bt"].get<std::string>().starts_with(std::string(row.hover)));
    }
  }

  TEST_CASE("report keeps what a binding holds out of the page's markup") {
    Verdict verdict = MisattributedVerdict();
    verdict.candidates[1].binding->named_value = "<b>174</b></script>";
    verdict.candidates[1].binding->field = "a\"b";
    const std::string html = Page(verdict);
    // Inside the JSON, '<' is \u003c: no tag, and the script is not ended.
    CHECK_FALSE(Contains(html, "<b>174</b>"));
    CHECK_FALSE(Contains(html, "174</script>"));
    const Json c = Stored(html, "$114");
    CHECK(c["bs"] == "the record holds <b>174</b></script>");
    CHECK(Contains(c["bt"].get<std::string>(), "at a\"b"));
  }

  TEST_CASE("eval counts a misattributed value as a flag unless warned") {
    const Verdict flagged = MisattributedVerdict();
    CHECK_FALSE(IsEvalFlag(flagged, flagged.candidates[0]));  // grounded
    CHECK(IsEvalFlag(flagged, flagged.candidates[1]));
    const Verdict warned = MisattributedVerdict(true);
    CHECK_FALSE(IsEvalFlag(warned, warned.candidates[1]));
    Candidate typed;
    typed.status = CandidateStatus::kUnsupported;
    CHECK(IsEvalFlag(warned, typed));
    Candidate unverified;
    unverified.status = CandidateStatus::kUnverified;
    CHECK_FALSE(IsEvalFlag(flagged, unverified));
  }
}

}  // namespace
}  // namespace groundgate::cli
