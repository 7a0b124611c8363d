// cli/report_page.h — the HTML page `groundgate report` writes.
//
// Its one job: write one self-contained HTML file (inline style and script,
// no external asset, a Content-Security-Policy that forbids every fetch)
// showing each conversation, collapsed, with every judged answer's
// candidate values highlighted by status and reason code, their carriers on
// hover (title) and click (the carrying results light up), the per-tool
// counts and the results the answer cited nothing from, and a header with
// the totals, a legend, a flagged-only filter and per-tool totals. It is
// written as the input streams: one conversation at a time, the header
// last (placed first on screen by the style sheet), so memory is bounded by
// the largest conversation.
//
// What it does NOT do: read traces or judge (report_command.cc does, with
// the library), or fetch anything: the page works from a file, offline. It
// shows values: the report is the application's own view of its own data.
#ifndef GROUNDGATE_CLI_REPORT_PAGE_H_
#define GROUNDGATE_CLI_REPORT_PAGE_H_

#include <cstddef>
#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "groundgate/findings.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"

namespace groundgate::cli {

// A tool result's text is shown up to this many bytes: enough for any
// result a person reads, while a dump of megabytes cannot make the page
// unusable. What is cut is said, with its size.
inline constexpr std::size_t kMaxShownResultBytes = 64 * 1024;

// Default of --max-tools: the per-tool totals keep at most this many tool
// names, the first met; later names are summed into one "(other tools)"
// row. An application registers tens of tools, so 1,000 rows is every real
// tool, while a trace with a new name per call cannot grow the table (and
// the memory behind it) without end.
inline constexpr std::size_t kDefaultMaxToolRows = 1000;

// The row the tool names past the bound are summed into.
inline constexpr std::string_view kOtherToolsRow = "(other tools)";

// One judged message of a conversation, with what follows from it.
struct JudgedAnswer {
  std::size_t position = 0;  // index into Trace::messages
  Verdict verdict;
  Findings findings;
};

// The totals in the header.
struct ReportTotals {
  std::size_t files = 0;
  std::size_t conversations = 0;
  std::size_t flagged_conversations = 0;
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  std::size_t malformed_records = 0;
  std::size_t unreadable_files = 0;
  std::size_t results = 0;        // tool results shown
  std::size_t error_results = 0;  // of which errors (never evidence)
  std::size_t cited_nothing = 0;  // results an answer cited nothing from
  // Candidate values by status name, and the reason codes met.
  std::map<std::string, std::size_t> by_status;
  std::set<std::string> reasons;
};

// Per tool name, summed over judged answers (a result is counted once for
// each answer of its user turn).
struct ToolTotals {
  std::size_t results = 0;
  std::size_t values_recorded = 0;
  std::size_t values_carried = 0;
  bool carried_partial = false;  // some answer's count was withheld (law 6)
  // For the "(other tools)" row only: the tool tallies summed into it (a
  // name counts once per answer that listed it).
  std::size_t folded_tallies = 0;
};

class ReportPage {
 public:
  // The per-tool totals hold at most `max_tool_rows` names (at least 1)
  // and one "(other tools)" row.
  ReportPage(std::ostream& out, std::string title,
             std::size_t max_tool_rows = kDefaultMaxToolRows);

  // Writes the head and opens the body. Call once, first.
  void Begin();
  // Writes one conversation; `source` names its file and line.
  void AddConversation(const Trace& trace, std::string_view source,
                       const std::vector<JudgedAnswer>& answers);
  // Writes the header (totals, legend, filter, per-tool totals), the
  // script, and closes the page.
  void End(std::size_t files, std::size_t malformed_records,
           std::size_t unreadable_files);

  const ReportTotals& totals() const { return totals_; }

 private:
  // Adds one judged answer's candidates, tool tallies and results cited
  // nothing from to the totals.
  void AddToTotals(const JudgedAnswer& answer);

  std::ostream& out_;
  std::string title_;
  ReportTotals totals_;
  // Ordered by name (law 9); the header lists them in that order.
  std::map<std::string, ToolTotals> tools_;
  std::size_t max_tool_rows_;
  ToolTotals other_tools_;  // the names past max_tool_rows_, summed
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_REPORT_PAGE_H_
