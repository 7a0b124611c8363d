// evidence/column_totals.h — the totals of the columns a tool result's
// tables carried: the prices of one reservation's flights, added up.
//
// Its one job: while a JSON result is walked, add up each column of each
// array (the numbers at one path in the elements of one array instance:
// "flights[].price" of one reservation, "[][].prices.business" of one
// connecting itinerary of a search; a column of the CSV, TSV or markdown
// table a text result holds, text_tables.h), and keep the sums, each with the
// numbers it adds and the result that carried them, for the judge to look
// an answer's number up in. An agent that reads a reservation's flights at
// $107, $141, $108 and $109 and writes "New Total Price: $465", or prices
// an itinerary of two flights at "$580", computed a total of what one
// result laid out as one table; no line of the answer needs to say so.
//
// Where it sits: EvidenceCorpus::RecordToolResult feeds a Builder each
// number leaf that sits in an array (JsonLeafPlace::array), or each cell
// of a text table (its column's index as the path, one array), and
// finishes it into this turn's totals; BeginUserTurn moves them to the earlier
// turns' (EvidenceCorpus::FindColumnTotal looks in both); the judge's
// arithmetic rung (stages/rung_arithmetic.h) grounds an otherwise uncarried
// number by one, as derived_sum.
//
// What it does NOT do: sum across array instances (every flight of every
// itinerary of a search), across results, or a column with a count in it
// (an integer below kMinAmount: seats, bags, passengers), or a column of
// one row or of more than kMaxColumnRows; read a text result's table
// itself (text_tables.h does); or decide
// that the total was meant (like a derivation, it proves its operands
// were read in one table, not that the answer's line is that table's
// total).
//
//   ColumnTotals::Builder builder;
//   builder.Add(path, array, "107");  // per number leaf
//   ...
//   builder.FinishInto(&totals, /*slot=*/2);
//   const ColumnTotal* t = totals.Find(*ExactNumericUnits("465"));
//
// Thread safety: none needed; the corpus owns one per conversation and
// mutates it only while recording.
#ifndef GROUNDGATE_EVIDENCE_COLUMN_TOTALS_H_
#define GROUNDGATE_EVIDENCE_COLUMN_TOTALS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "evidence/numeric_index.h"

namespace groundgate::evidence {

// A column of more rows is not summed: an answer that totals a dozen line
// items writes them out (a Total line the judge checks as written), and
// every derivation lists its operands, so the explanation stays readable.
inline constexpr std::size_t kMaxColumnRows = 16;

// Column totals one ColumnTotals keeps: the first this many, in the order
// the results were recorded (first, not latest, as NumericIndex keeps its
// values; the outcome never depends on hashing). A total past it is not
// kept and sets truncated(); the judge then derives nothing from it (a
// missed total is a value not grounded, as with kMaxNumericValues).
inline constexpr std::size_t kMaxColumnTotals = 4096;

// One column's total: the rows it adds (document order) and the result
// that carried them (a slot of this turn, or from kFirstEarlierSlot up).
struct ColumnTotal {
  NumericUnits total = 0;
  std::uint32_t slot = 0;
  absl::InlinedVector<NumericUnits, 4> rows;
};

class ColumnTotals {
 public:
  // Adds up one result's columns as its leaves are walked.
  class Builder {
   public:
    // A number leaf at `path` in array instance `array` (JsonLeafPlace),
    // as the wire spells it ("107", "9.99"). One without exact units (an
    // exponent, more than kNumericFractionDigits fraction digits) makes
    // its column unsummable. O(1) amortized; a column already unsummable
    // (past kMaxColumnRows, say) does not parse its later rows, and the
    // last kRecentColumns columns are found without a hash lookup.
    void Add(std::uint64_t path, std::uint32_t array, std::string_view number);

    // Adds to `totals`, under `slot`, the total of each column of 2 to
    // kMaxColumnRows rows, every row an amount (not an integer of
    // magnitude below kMinAmount), whose total is not 0; in the order
    // the columns began. Then forgets the result.
    void FinishInto(ColumnTotals* totals, std::uint32_t slot);

   private:
    struct Column {
      NumericUnits total = 0;
      absl::InlinedVector<NumericUnits, 4> rows;
      bool summable = true;  // every row exact, an amount, at most the cap
    };
    // A column's place and its index in columns_, for the recent cache.
    struct Recent {
      std::uint64_t path = 0;
      std::uint32_t array = 0;  // 0: empty (a leaf in no array is no row)
      std::uint32_t column = 0;
    };
    static constexpr std::size_t kRecentColumns = 16;

    std::uint32_t ColumnAt(std::uint64_t path, std::uint32_t array);

    std::vector<Column> columns_;  // in the order they began
    absl::flat_hash_map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t>
        by_place_;
    // Direct-mapped by the place's hash: the columns of one array recur
    // leaf after leaf.
    std::array<Recent, kRecentColumns> recent_{};
  };

  // Forgets every total. Keeps allocated memory.
  void Clear();

  // Adds every total `other` holds, its slot plus `slot_offset` (the
  // corpus moves a turn's totals to the earlier turns' this way).
  void AddAll(const ColumnTotals& other, std::uint32_t slot_offset);

  // The first total kept equal to `total`, or nullptr.
  const ColumnTotal* Find(NumericUnits total) const;

  std::size_t size() const { return totals_.size(); }
  bool truncated() const { return truncated_; }

 private:
  void Keep(ColumnTotal total);

  std::vector<ColumnTotal> totals_;
  absl::flat_hash_map<NumericUnits, std::uint32_t, NumericUnitsHash> first_;
  bool truncated_ = false;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_COLUMN_TOTALS_H_
