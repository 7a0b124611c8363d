// tests/cli/misattributed_test.cc — the command's parts for a value read
// from another record than the one the answer names (law 11), driven with
// a verdict built by hand.
//
// Pins the report page (the value's own class and colour, its legend entry
// and total, the named record's value beside it and in its hover text, the
// answer in the flagged-only filter) and eval's flag rule (a misattributed
// value catches a label and is a false accusation outside every label,
// unless the verdict only warns). The --misattribution flag itself is
// pinned through the built command in cli_test.cc.
#include "tests/support/misattributed.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/eval_command.h"
#include "cli/report_page.h"
#include "groundgate/trace.h"

namespace groundgate::cli {
namespace {

using groundgate_test::kFlightSearch;
using groundgate_test::kMisattributedAnswer;
using groundgate_test::MisattributedVerdict;

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

TEST_SUITE("cli misattributed") {
  TEST_CASE("report marks a misattributed value and shows the named value") {
    const std::string html = Page(MisattributedVerdict());
    // Its own class and colour, in the legend too.
    CHECK(Contains(html, "--misattributed:"));
    CHECK(Contains(html, "mark.v.misattributed {"));
    CHECK(Contains(html, "<mark class=\"v misattributed\">misattributed"));
    // The value marked, and what the record the answer names holds beside
    // it, inline and on hover.
    CHECK(Contains(html,
                   "<mark class=\"v misattributed\" data-status="
                   "\"misattributed\""));
    CHECK(Contains(html,
                   ">$114</mark><span class=\"named\" title=\"the "
                   "record at $.flights[1] in call_1 (search_flights) "
                   "holds 174 at prices.economy · the value was read "
                   "from the record at $.flights[0] in call_1 "
                   "(search_flights)\">(the record holds 174)</span>"));
    CHECK(Contains(html,
                   "title=\"misattributed (canonical) · money · read "
                   "from another record than the one the answer names "
                   "· the record at $.flights[1] in call_1"));
    // Counted, and the answer is in the flagged-only filter.
    CHECK(Contains(html, "id=\"n-misattributed-values\" data-n=\"1\""));
    CHECK(Contains(html, "id=\"n-flagged\" data-n=\"1\""));
    CHECK(Contains(html, "<details class=\"conv flagged\""));
    CHECK(Contains(html, "<span class=\"chip misattributed\">"));
  }

  TEST_CASE("report shows a warned misattribution without flagging it") {
    const std::string html = Page(MisattributedVerdict(true));
    CHECK(Contains(html, "<mark class=\"v misattributed\" data-status="));
    CHECK(Contains(html, "(the record holds 174)</span>"));
    CHECK(Contains(html, "id=\"n-misattributed-values\" data-n=\"1\""));
    CHECK(Contains(html, "id=\"n-flagged\" data-n=\"0\""));
    CHECK_FALSE(Contains(html, "<details class=\"conv flagged\""));
  }

  TEST_CASE("report names an aggregate's least, greatest or day") {
    const struct {
      std::string_view aggregate;
      std::string_view named_value;
      std::string_view beside;
      std::string_view hover;
    } kRows[] = {
        {"max", "180", "(their greatest is 180)</span>",
         "the greatest prices.economy of the records the answer names is "
         "180, at the record at $.flights[1] in call_1"},
        {"day", "4.1 to 8.3", "(that day holds 4.1 to 8.3)</span>",
         "the readings of the day the answer names hold 4.1 to 8.3 at "
         "prices.economy, from the record at $.flights[1] in call_1"},
    };
    for (const auto& row : kRows) {
      CAPTURE(row.aggregate);
      Verdict verdict = MisattributedVerdict();
      verdict.candidates[1].binding->aggregate = std::string(row.aggregate);
      verdict.candidates[1].binding->named_value = std::string(row.named_value);
      const std::string html = Page(verdict);
      CHECK(Contains(html, std::string(row.beside)));
      CHECK(Contains(html, std::string(row.hover)));
    }
  }

  TEST_CASE("report escapes what a binding holds") {
    Verdict verdict = MisattributedVerdict();
    verdict.candidates[1].binding->named_value = "<b>174</b>";
    verdict.candidates[1].binding->field = "a\"b";
    const std::string html = Page(verdict);
    CHECK_FALSE(Contains(html, "<b>174</b>"));
    CHECK(Contains(html, "(the record holds &lt;b&gt;174&lt;/b&gt;)"));
    CHECK(Contains(html, "at a&quot;b"));
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
