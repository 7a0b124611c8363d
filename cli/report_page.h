// cli/report_page.h — the HTML page `groundgate report` writes.
//
// Its one job: write one self-contained HTML file (inline style and script,
// no external asset, a Content-Security-Policy that forbids every fetch)
// that stays small and quick to open at archive size. Each conversation is
// one line of compact JSON (its messages, each judged answer's candidate
// values with status, reason, carriers, closest carried value and named
// record's value); the lines go into blocks of about a megabyte, each one
// `<script class="bodies" data-first="LINE">` element. A block is gzipped
// and written as base64 (JSON of tool results shrinks about eight times);
// the page's script inflates a block with the browser's
// DecompressionStream and builds a conversation's DOM only when it is
// opened. A page whose conversations fit in one small block stays plain
// JSON. A message met before (a system prompt, the same tool result for
// the same input) is written once and referred to after. The summary is
// one JSON index of rows (gzipped the same way once it reaches
// kMinGzippedBlockBytes), shown as a virtualised list (only the rows on
// screen are in the DOM), with a search box, facets from the records' own
// fields, sorting and a flagged-only filter; the header holds the totals,
// a legend, an inline SVG chart of flags per tool and per model, and
// per-tool totals with a flags column. It is written as the input streams:
// conversations first, the index and header last (placed first on screen
// by the style sheet); memory holds a block, the index rows (about a
// hundred bytes each, bounded by --max-conversations; at the end, their
// text) and the digests of the messages written.
//
//   ReportPage page(out, {.title = "nightly", .flagged_only = true});
//   page.Begin();
//   page.AddConversation(trace, "runs.jsonl:12", answers, &record_json);
//   page.End(files, malformed, unreadable);
//
// What it does NOT do: read traces or judge (report_command.cc does, with
// the library), or fetch anything: the page works from a file, offline. It
// shows values: the report is the application's own view of its own data.
// Not thread-safe: one page is written by one thread.
#ifndef GROUNDGATE_CLI_REPORT_PAGE_H_
#define GROUNDGATE_CLI_REPORT_PAGE_H_

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "groundgate/findings.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "nlohmann/json_fwd.hpp"

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

// Default of --max-conversations: no limit. The page of 100,000
// conversations opens in a few seconds (scripts/report-scale), so only a
// page meant to be mailed needs one.
inline constexpr std::size_t kNoConversationLimit =
    std::numeric_limits<std::size_t>::max();

// A message whose JSON is at least this long is written once and referred
// to after: shorter ones cost less than the reference's bookkeeping.
inline constexpr std::size_t kMinSharedMessageBytes = 96;

// At most this many distinct messages are remembered for sharing (a digest
// of 24 bytes each, ~50 MB at the bound); later new messages are written
// in full, so an archive past it gets a larger page, never a wrong one.
inline constexpr std::size_t kMaxSharedMessages = std::size_t{1} << 21;

// The conversations' lines are written in blocks of about this many bytes
// (a block ends after the line that reaches it). Larger blocks compress a
// little better; each conversation opened inflates its whole block (a
// megabyte inflates in a few milliseconds).
inline constexpr std::size_t kBodyBlockBytes = std::size_t{1} << 20;

// A block smaller than this stays plain JSON: compressing it saves little,
// and a small page stays readable as text.
inline constexpr std::size_t kMinGzippedBlockBytes = 64 * 1024;

// A record field is a facet while it has at most this many distinct values
// (model, domain, dataset); a field with more (an id, a path) is not one.
inline constexpr std::size_t kMaxFacetValues = 60;

// At most this many record fields are watched as facets, the first met.
inline constexpr std::size_t kMaxFacetFields = 24;

// A facet value is cut to this many bytes.
inline constexpr std::size_t kMaxFacetValueBytes = 80;

// The chart shows at most this many tools and models, the most flagged.
inline constexpr std::size_t kMaxChartBars = 12;

// A flagged conversation's index row carries its flagged values (for the
// search box) up to this many bytes.
inline constexpr std::size_t kMaxIndexedFlagBytes = 160;

// One judged message of a conversation, with what follows from it.
struct JudgedAnswer {
  std::size_t position = 0;  // index into Trace::messages
  Verdict verdict;
  Findings findings;
};

// The totals in the header.
struct ReportTotals {
  std::size_t files = 0;
  std::size_t conversations = 0;        // judged, shown or not
  std::size_t listed = 0;               // written into the page
  std::size_t left_out_unflagged = 0;   // by --flagged-only
  std::size_t left_out_past_limit = 0;  // by --max-conversations
  std::size_t left_out_flagged = 0;     // of those past the limit, flagged
  std::size_t flagged_conversations = 0;
  std::size_t judged = 0;
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  std::size_t malformed_records = 0;
  std::size_t unreadable_files = 0;
  std::size_t results = 0;          // tool results met
  std::size_t error_results = 0;    // of which errors (never evidence)
  std::size_t cited_nothing = 0;    // results an answer cited nothing from
  std::size_t shared_messages = 0;  // messages written as a reference
  std::size_t blocks = 0;           // conversation blocks written
  std::size_t gzipped_blocks = 0;   // of which gzipped
  std::size_t body_bytes = 0;       // the conversations' JSON, before gzip
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
  // Flagged answers whose turn called this tool.
  std::size_t flagged_answers = 0;
  // For the "(other tools)" row only: the tool tallies summed into it (a
  // name counts once per answer that listed it).
  std::size_t folded_tallies = 0;
};

struct ReportPageOptions {
  std::string title = "groundgate report";
  // The per-tool totals hold at most this many names (at least 1) and one
  // "(other tools)" row.
  std::size_t max_tool_rows = kDefaultMaxToolRows;
  // Only conversations with a flagged answer are written; the others are
  // counted in the totals and said to be left out.
  bool flagged_only = false;
  // At most this many conversations are written (the first met, after
  // flagged_only); later ones are judged and counted, and the page says so.
  std::size_t max_conversations = kNoConversationLimit;
  // Blocks of at least min_gzipped_block_bytes are gzipped (base64 in the
  // page); false writes every block as plain JSON, for a page read with
  // grep or by a browser without DecompressionStream.
  bool gzip_blocks = true;
  std::size_t block_bytes = kBodyBlockBytes;
  std::size_t min_gzipped_block_bytes = kMinGzippedBlockBytes;
};

class ReportPage {
 public:
  ReportPage(std::ostream& out, ReportPageOptions options);
  ReportPage(std::ostream& out, std::string title,
             std::size_t max_tool_rows = kDefaultMaxToolRows);

  // Writes the head and opens the body. Call once, first.
  void Begin();
  // Counts one conversation and, unless the options leave it out, writes
  // it; `source` names its file and line. `record`, when not null, is the
  // parsed record: its scalar fields ("model", "domain", and those of
  // "meta") become facets. Nothing is kept of `record` or `trace` after the
  // call.
  void AddConversation(const Trace& trace, std::string_view source,
                       const std::vector<JudgedAnswer>& answers,
                       const nlohmann::json* record = nullptr);
  // Writes the index, the header (totals, what was left out, legend, chart,
  // per-tool totals, the list's controls), the script, and closes the page.
  void End(std::size_t files, std::size_t malformed_records,
           std::size_t unreadable_files);

  const ReportTotals& totals() const { return totals_; }

 private:
  // One row of the summary list.
  struct IndexRow {
    std::size_t number = 0;  // the conversation's "c<number>"
    std::string trace_id;
    std::string_view format;
    std::size_t file = 0;  // index into files_
    std::size_t line = 0;
    std::size_t judged = 0;
    std::size_t flagged = 0;
    std::size_t unverified = 0;
    std::size_t misattributed = 0;
    std::string flag_values;  // the flagged values, for the search box
    // (facet field index, value index) pairs.
    std::vector<std::pair<std::uint16_t, std::uint16_t>> facets;
  };
  // What a record field's values are while it may still be a facet.
  struct FacetField {
    std::string name;
    bool dropped = false;             // more than kMaxFacetValues values
    std::vector<std::string> values;  // in order met
    std::map<std::string, std::size_t, std::less<>> value_index;
  };
  // A message written in full: the body line (the conversation's place in
  // the index) and the position it is at.
  struct SharedAt {
    std::uint32_t line = 0;
    std::uint32_t position = 0;
  };
  struct Digest {
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    std::uint64_t size = 0;
    bool operator==(const Digest&) const = default;
  };
  struct DigestHash {
    std::size_t operator()(const Digest& d) const { return d.a; }
  };

  // Adds one judged answer's candidates, tool tallies and results cited
  // nothing from to the totals.
  void AddToTotals(const JudgedAnswer& answer);
  // The record's scalar fields as (facet field, value) pairs.
  std::vector<std::pair<std::uint16_t, std::uint16_t>> FacetsOf(
      const nlohmann::json& record);
  void NoteFacet(std::string_view field, const nlohmann::json& value,
                 std::vector<std::pair<std::uint16_t, std::uint16_t>>* out);
  std::size_t FileIndex(std::string_view file);
  // The header's SVG chart of flagged answers per tool and per model.
  std::string Chart() const;
  // Writes the lines in block_ as one block element and empties it.
  void FlushBlock();
  // Writes `json` as one script element with `attributes` (its id or
  // class): gzipped, as base64 with data-gzip="1", when the options allow
  // and it is at least min_gzipped_block_bytes; else as plain JSON after
  // `plain_prefix`. True when it went out gzipped.
  bool WriteJsonScript(std::string_view attributes,
                       std::string_view plain_prefix, const std::string& json);

  std::ostream& out_;
  ReportPageOptions options_;
  ReportTotals totals_;
  // Ordered by name (law 9); the header lists them in that order.
  std::map<std::string, ToolTotals> tools_;
  ToolTotals other_tools_;  // the names past max_tool_rows, summed
  std::vector<IndexRow> rows_;
  std::vector<std::string> files_;
  std::vector<FacetField> facet_fields_;
  std::unordered_map<Digest, SharedAt, DigestHash> shared_;
  // The conversations' lines not yet written, and the line of the first.
  std::string block_;
  std::size_t block_first_line_ = 0;
  // Flagged answers per model the record names, ordered by name; at most
  // max_tool_rows names, later ones summed as "(other models)".
  std::map<std::string, std::size_t> model_flags_;
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_REPORT_PAGE_H_
