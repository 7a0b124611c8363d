// tests/evidence/column_totals_test.cc — evidence::ColumnTotals: the totals of
// the columns of a tool result's tables.
//
// Its one job: pin which columns are totalled (2 to kMaxColumnRows rows of
// amounts in one array instance), which are not (a count in the column,
// one row, too many rows, a number without exact units, a total of 0),
// that totals keep their result's slot and move to the earlier turns'
// whole, and that the first kept total is the one found.
//
// What it does NOT do: walk JSON (json_walk_test.cc pins the array ids) or
// judge (rung_arithmetic_test.cc pins what a total grounds and what it must
// leave flagged).
#include "evidence/column_totals.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "evidence/corpus_internal.h"
#include "evidence/numeric_index.h"
#include "groundgate/corpus.h"
#include "tests/support/judged_cases.h"
#include "tests/support/tool_results.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::kTwoFlightReservation;
using groundgate_test::OneResultCorpus;

NumericUnits Units(std::string_view canonical) {
  const std::optional<NumericUnits> units = ExactNumericUnits(canonical);
  REQUIRE(units.has_value());
  return *units;
}

constexpr std::uint64_t kPricePath = 0x1234;
constexpr std::uint64_t kSeatsPath = 0x5678;

// Adds `numbers` to `builder` as the rows, in order, of the column at
// `path` in array instance `array`.
void AddColumn(ColumnTotals::Builder* builder, std::uint64_t path,
               std::uint32_t array,
               std::initializer_list<std::string_view> numbers) {
  for (std::string_view number : numbers) builder->Add(path, array, number);
}

TEST_SUITE("column_totals") {
  TEST_CASE("column totals: one array's column is added up, row by row") {
    ColumnTotals::Builder builder;
    ColumnTotals totals;
    AddColumn(&builder, kPricePath, /*array=*/3, {"107", "141", "108", "109"});
    builder.FinishInto(&totals, /*slot=*/2);
    REQUIRE(totals.size() == 1);
    const ColumnTotal* total = totals.Find(Units("465"));
    REQUIRE(total != nullptr);
    CHECK(total->slot == 2);
    REQUIRE(total->rows.size() == 4);
    CHECK(FormatNumericUnits(total->rows[0]) == "107");
    CHECK(FormatNumericUnits(total->rows[3]) == "109");
    // Nothing else is a total: not a part, not a one-off.
    CHECK(totals.Find(Units("466")) == nullptr);
    CHECK(totals.Find(Units("248")) == nullptr);  // 107 + 141
  }

  TEST_CASE("column totals: two arrays at one path are two columns") {
    ColumnTotals::Builder builder;
    ColumnTotals totals;
    AddColumn(&builder, kPricePath, 1, {"210", "370"});
    AddColumn(&builder, kPricePath, 9, {"497", "106"});
    builder.FinishInto(&totals, 0);
    CHECK(totals.Find(Units("580")) != nullptr);
    CHECK(totals.Find(Units("603")) != nullptr);
    CHECK(totals.Find(Units("1183")) == nullptr);  // across the arrays
    CHECK(totals.Find(Units("707")) == nullptr);
  }

  TEST_CASE("column totals: what is not totalled") {
    ColumnTotals::Builder builder;
    ColumnTotals totals;
    // A count in the column (seats, bags): not amounts.
    AddColumn(&builder, kSeatsPath, 1, {"20", "7"});
    // One row.
    AddColumn(&builder, kPricePath, 2, {"250"});
    // A number without exact units (an exponent on the wire, ten fraction
    // digits).
    AddColumn(&builder, kPricePath, 3, {"300", "1e3", "400"});
    AddColumn(&builder, kPricePath, 6, {"12.5", "0.1234567891"});
    // A total of 0 (a payment and its refund).
    AddColumn(&builder, kPricePath, 4, {"522", "-522"});
    // More rows than kMaxColumnRows.
    for (std::size_t i = 0; i <= kMaxColumnRows; ++i) {
      builder.Add(kPricePath, 5, "100");
    }
    builder.FinishInto(&totals, 0);
    CHECK(totals.size() == 0);
    CHECK_FALSE(totals.truncated());
  }

  TEST_CASE("column totals: cents and signs are exact") {
    ColumnTotals::Builder builder;
    ColumnTotals totals;
    AddColumn(&builder, kPricePath, 1, {"4420", "-3925"});
    AddColumn(&builder, kPricePath, 2,
              {"9.99", "5"});  // 5 beside 9.99: a count
    AddColumn(&builder, kPricePath, 3, {"19.99", "10.02"});
    builder.FinishInto(&totals, 0);
    CHECK(totals.Find(Units("495")) != nullptr);
    CHECK(totals.Find(Units("14.99")) == nullptr);
    CHECK(totals.Find(Units("30.01")) != nullptr);
    CHECK(totals.Find(Units("30")) == nullptr);
  }

  TEST_CASE("column totals: an earlier turn's keep their result apart") {
    ColumnTotals::Builder builder;
    ColumnTotals this_turn;
    ColumnTotals earlier;
    AddColumn(&builder, kPricePath, 1, {"94", "80"});
    builder.FinishInto(&this_turn, 1);
    earlier.AddAll(this_turn, kFirstEarlierSlot + 4);
    this_turn.Clear();
    CHECK(this_turn.Find(Units("174")) == nullptr);
    const ColumnTotal* total = earlier.Find(Units("174"));
    REQUIRE(total != nullptr);
    CHECK(total->slot == kFirstEarlierSlot + 5);
  }

  TEST_CASE("column totals: the first kept is found; past the cap, none") {
    ColumnTotals totals;
    ColumnTotals::Builder builder;
    AddColumn(&builder, kPricePath, 1, {"50", "60"});
    builder.FinishInto(&totals, 0);
    AddColumn(&builder, kPricePath, 1, {"40", "70"});
    builder.FinishInto(&totals, 1);
    REQUIRE(totals.Find(Units("110")) != nullptr);
    CHECK(totals.Find(Units("110"))->slot == 0);
    while (totals.size() < kMaxColumnTotals) {
      AddColumn(&builder, kPricePath, 1, {"11", "12"});
      builder.FinishInto(&totals, 2);
    }
    CHECK_FALSE(totals.truncated());
    AddColumn(&builder, kPricePath, 1, {"1000", "2000"});
    builder.FinishInto(&totals, 3);
    CHECK(totals.truncated());
    CHECK(totals.Find(Units("3000")) == nullptr);
  }

  // The corpus feeds the builder from its walk and keeps totals per turn.
  TEST_CASE("column totals: the corpus finds this turn's, then earlier") {
    EvidenceCorpus corpus = OneResultCorpus(
        "Change my flight.", "get_reservation_details", kTwoFlightReservation);
    const ColumnTotal* total = CorpusInternals::FindColumnTotal(corpus, "3538");
    REQUIRE(total != nullptr);
    CHECK(total->slot == 0);
    CHECK(CorpusInternals::FindColumnTotal(corpus, "3539") == nullptr);
    CHECK(CorpusInternals::FindColumnTotal(corpus, "not a number") == nullptr);
    // Text that is not JSON has no table.
    corpus.RecordToolResult("call_2", "notes", "prices 300 and 400");
    CHECK(CorpusInternals::FindColumnTotal(corpus, "700") == nullptr);
    corpus.RecordUserMessage("Go ahead.");
    total = CorpusInternals::FindColumnTotal(corpus, "3538");
    REQUIRE(total != nullptr);
    CHECK(total->slot == kFirstEarlierSlot);
    // Each earlier result keeps a slot of its own: the first turn had two
    // results, so the second turn's first result is the third earlier one.
    corpus.RecordToolResult("call_3", "get_prices",
                            R"({"rows": [{"price": 20}, {"price": 22}]})");
    corpus.RecordUserMessage("And now?");
    const ColumnTotal* second = CorpusInternals::FindColumnTotal(corpus, "42");
    REQUIRE(second != nullptr);
    CHECK(second->slot == kFirstEarlierSlot + 2);
    CHECK(CorpusInternals::FindColumnTotal(corpus, "3538")->slot ==
          kFirstEarlierSlot);
  }
}

}  // namespace
}  // namespace groundgate::evidence
