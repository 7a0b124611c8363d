// tests/evidence/text_tables_test.cc — the table a text result holds.
//
// Pins the one reading of CSV, TSV and markdown tables that records.cc and
// the column totals share: the header after comments, the rows up to a
// blank line or another count of cells, a markdown rule row skipped, CSV
// quoting. It does not test records or totals (records_test.cc,
// tests/regressions_test.cc).
#include "evidence/text_tables.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::evidence {
namespace {

using Row = std::vector<std::string>;

TEST_SUITE("text tables") {
  TEST_CASE("CSV after comments, rows up to another count of cells") {
    const std::string_view text =
        "# prices\n\nitem,price\nA,\"1,210\"\nB,370\nnote: the end\n";
    const std::vector<std::string_view> lines = TextLines(text);
    const TextTable table = ReadTextTable(lines);
    CHECK(table.header == 2);
    CHECK(table.columns == Row{"item", "price"});
    REQUIRE(table.rows.size() == 2);
    CHECK(table.rows[0] == Row{"A", "1,210"});
    CHECK(table.rows[1] == Row{"B", "370"});
    CHECK(lines[table.after] == "note: the end");
  }

  TEST_CASE("a markdown table's rule row is skipped, TSV is read") {
    const TextTable markdown = ReadTextTable(TextLines(
        "| item | price |\r\n|:---|---:|\r\n| A | $210 |\r\n| B | $370 |"));
    CHECK(markdown.columns == Row{"item", "price"});
    REQUIRE(markdown.rows.size() == 2);
    CHECK(markdown.rows[1] == Row{"B", "$370"});
    const TextTable tsv = ReadTextTable(TextLines("a\tb\n1\t2\n3\t4\n"));
    CHECK(tsv.rows.size() == 2);
  }

  TEST_CASE("prose holds no table") {
    CHECK(ReadTextTable(TextLines("Just a sentence.\nAnd another."))
              .rows.empty());
    CHECK(ReadTextTable(TextLines("")).rows.empty());
  }
}

}  // namespace
}  // namespace groundgate::evidence
