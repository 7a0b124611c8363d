// evidence/text_tables.h — the table a text result holds: CSV, TSV or a
// markdown table.
//
// Its one job: split a text result into lines and read its table (or
// count the items of its list), one
// reading shared by the records of law 11 (records.cc: a row is a record)
// and the column totals (corpus.cc: a column of amounts adds up, as a JSON
// array's does). The header is the first line that is neither blank nor a
// '#' comment and holds a separator ('|', a tab, or a comma, tried in
// that order); the rows are the lines after it, up to a blank line or one
// with another count of cells; a markdown rule row (`|---|:--:|`) is
// skipped. Cells are trimmed, and CSV quoting is read (`"1,234"`).
// A cell is a view: into the text the lines view when it is unquoted, into
// the table's own copy when it was quoted; a table is valid while that
// text is, and is moved, not copied.
//
// What it does NOT do: canonicalize a cell, decide what a column holds, or
// read a table that does not begin the text (after its comments).
//
//   std::vector<std::string_view> lines =
//   TextLines("item,price\nA,210\nB,370"); TextTable table =
//   ReadTextTable(lines);
//   // table.columns: {"item", "price"}; table.rows: 2;
//   // table.row(1): {"B", "370"}
#ifndef GROUNDGATE_EVIDENCE_TEXT_TABLES_H_
#define GROUNDGATE_EVIDENCE_TEXT_TABLES_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::evidence {

// The lines of `text`, split at '\n', a '\r' before it dropped. Views into
// `text`.
std::vector<std::string_view> TextLines(std::string_view text);

// `s` without the spaces and tabs around it.
std::string_view TrimSpaces(std::string_view s);

struct TextTable {
  std::size_t header = 0;  // the header line's index (lines.size(): none)
  std::size_t after = 0;   // the index of the first line after the rows
  std::vector<std::string_view> columns;  // the header's cells
  std::size_t rows = 0;                   // how many rows `cells` holds
  // The rows' cells, row after row, columns.size() to a row.
  std::vector<std::string_view> cells;
  // The text of each quoted cell, unquoted ("a ""b""" is `a "b"`): the
  // cells that were quoted view these.
  std::vector<std::unique_ptr<std::string>> unquoted;

  // Row `r`'s cells (r < rows).
  std::span<const std::string_view> row(std::size_t r) const;
};

// Reads the table `lines` hold. Always returns the header's place; its
// rows are empty when the header holds fewer than two cells or no
// separator. A caller reads a table only when it has two rows or more.
TextTable ReadTextTable(std::span<const std::string_view> lines);

// How many items `lines` list at their top level: lines that begin with
// "- " at the first column (a YAML sequence, a markdown bullet list). An
// item's own lines (indented, or a nested list) are not counted. 0 when
// there is no such line.
std::size_t CountListItems(std::span<const std::string_view> lines);

// The items `lines` list at their top level, as CountListItems counts
// them, each as its lines: the "- " line and the lines after it up to the
// next line that begins at the first column ("- sender: Charlie\n  body:
// hi" is one item of two lines). Empty when there is no such line.
std::vector<std::span<const std::string_view>> ListItems(
    std::span<const std::string_view> lines);

// The value of each "key: value" line of one item, as YAML writes a
// mapping: after the first ": ", trimmed, one pair of quotes around it
// dropped ("sender: Charlie" gives "Charlie"; "id_: '9'" gives "9"). A
// line without ": " (a folded continuation) gives none.
std::vector<std::string_view> ItemFieldValues(
    std::span<const std::string_view> item);

// Calls `visit(item)` with each top-level list item of a text result, as
// ListItems gives them. A JSON result (it begins with '{' or '[') lists
// none here: its objects are records (records.h).
template <typename Visit>
void ForEachTextListItem(std::string_view content, Visit&& visit) {
  if (!content.empty() && (content.front() == '{' || content.front() == '[')) {
    return;
  }
  const std::vector<std::string_view> lines = TextLines(content);
  for (const std::span<const std::string_view> item : ListItems(lines)) {
    visit(item);
  }
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_TEXT_TABLES_H_
