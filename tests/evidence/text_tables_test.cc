// tests/evidence/text_tables_test.cc — the table a text result holds.
//
// Pins the one reading of CSV, TSV and markdown tables that records.cc and
// the column totals share: the header after comments, the rows up to a
// blank line or another count of cells, a markdown rule row skipped, CSV
// quoting. It does not test records or totals (records_test.cc,
// tests/regressions_test.cc).
#include "evidence/text_tables.h"

#include <doctest/doctest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::evidence {
namespace {

using Row = std::vector<std::string_view>;

Row RowOf(const TextTable& table, std::size_t r) {
  const std::span<const std::string_view> row = table.row(r);
  return Row(row.begin(), row.end());
}

TEST_SUITE("text tables") {
  TEST_CASE("CSV after comments, rows up to another count of cells") {
    const std::string_view text =
        "# prices\n\nitem,price\nA,\"1,210\"\nB,370\nnote: the end\n";
    const std::vector<std::string_view> lines = TextLines(text);
    TextTable table = ReadTextTable(lines);
    CHECK(table.header == 2);
    CHECK(table.columns == Row{"item", "price"});
    REQUIRE(table.rows == 2);
    CHECK(RowOf(table, 0) == Row{"A", "1,210"});
    CHECK(RowOf(table, 1) == Row{"B", "370"});
    CHECK(lines[table.after] == "note: the end");
    // An unquoted cell views the text; a quoted one the table's own copy,
    // which a move keeps where it is.
    CHECK(table.row(1)[1].data() == text.data() + text.find("370"));
    TextTable moved = std::move(table);
    CHECK(RowOf(moved, 0) == Row{"A", "1,210"});
  }

  TEST_CASE("a markdown table's rule row is skipped, TSV is read") {
    const TextTable markdown = ReadTextTable(TextLines(
        "| item | price |\r\n|:---|---:|\r\n| A | $210 |\r\n| B | $370 |"));
    CHECK(markdown.columns == Row{"item", "price"});
    REQUIRE(markdown.rows == 2);
    CHECK(RowOf(markdown, 1) == Row{"B", "$370"});
    const TextTable tsv = ReadTextTable(TextLines("a\tb\n1\t2\n3\t4\n"));
    CHECK(tsv.rows == 2);
  }

  TEST_CASE("a line without quotes reads as the same line with them") {
    // Lines with no quote are split without the quoting reader: the cells
    // must be those the quoting reader gives, spaces trimmed and empty
    // cells (a trailing separator, two in a row) kept.
    const TextTable plain = ReadTextTable(TextLines("a , b,c\n 1,,3 \nx,y,\n"));
    const TextTable quoted =
        ReadTextTable(TextLines("\"a\" , b,c\n 1,\"\",3 \nx,\"y\",\n"));
    CHECK(plain.columns == Row{"a", "b", "c"});
    REQUIRE(plain.rows == 2);
    CHECK(RowOf(plain, 0) == Row{"1", "", "3"});
    CHECK(RowOf(plain, 1) == Row{"x", "y", ""});
    CHECK(quoted.columns == plain.columns);
    CHECK(quoted.rows == plain.rows);
    CHECK(quoted.cells == plain.cells);
    // A quote inside an unquoted cell is text, on either reader.
    const TextTable inner = ReadTextTable(TextLines("a,b\n5\" pipe,2\n6,7\n"));
    REQUIRE(inner.rows == 2);
    CHECK(RowOf(inner, 0) == Row{"5\" pipe", "2"});
  }

  TEST_CASE("prose holds no table") {
    CHECK(ReadTextTable(TextLines("Just a sentence.\nAnd another.")).rows == 0);
    CHECK(ReadTextTable(TextLines("")).rows == 0);
  }
}

}  // namespace
}  // namespace groundgate::evidence
