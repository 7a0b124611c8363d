// stages/read_equations.h — the judge's reader of computations the answer
// writes out.
//
// Its one job: read, around a number of the answer, the arithmetic the
// answer itself states, so the arithmetic rung can check it AS WRITTEN:
//   an equation ending in the value    "$1,625 - $1,327 = $298",
//                                      "$282 (Business) - $177 (Economy) =
//                                      $105";
//   the operands in brackets after it  "totaling $199 ($100 + $99)";
//   the list a "Total" line closes     "- Certificate 1: $500" ...
//                                      "- Total from Certificates: $1,000";
//   the list an amount is an item of   "- Gift Card: $128"
//                                      "- Credit Card: $247".
// Amounts are read as written, each occurrence once (a list may repeat a
// value), to canonical numbers ("1,625.00" is "1625").
//
// Where it sits: stages/rung_arithmetic.cc asks it about each number left
// for rung 5; nothing else does.
//
// What it does NOT do: decide whether the computation grounds or refutes
// the value (the rung does), look anything up, or read prose arithmetic
// ("136 plus 109"): only operators between amounts, on one line.
#ifndef GROUNDGATE_STAGES_READ_EQUATIONS_H_
#define GROUNDGATE_STAGES_READ_EQUATIONS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "evidence/numeric_index.h"

namespace groundgate::stages {

// A list longer than this above a "Total" line is not read: a total of
// more items is rarely written out, and the bound keeps the walk short.
inline constexpr std::size_t kMaxListItems = 12;

// Operands of one written computation (kMaxListItems for a list): more are
// not read.
inline constexpr std::size_t kMaxWrittenOperands = 12;

// A computation as the answer writes it.
struct WrittenComputation {
  // kSum (only '+'), kDifference (some '-'), kProduct (only '×', 'x', '*').
  evidence::NumericOp op = evidence::NumericOp::kSum;
  // Canonical operands in the order written.
  absl::InlinedVector<std::string, 4> operands;
  // The operators between them, one fewer than the operands: '+', '-', '*'.
  absl::InlinedVector<char, 4> operators;
  // The canonical value the computation gives.
  std::string result;
  // How it reads: "1625 - 1327", "500 + 250 + 250", "2 × 174".
  std::string text;
};

// The computation the answer writes for the number spanning [start, end):
// "A op B ... = <number>" on its line (decoration such as `**` and `$`
// between), or "<number> (A op B ...)". Nullopt when there is none, when
// it mixes sums and products, or when an amount cannot be read exactly.
std::optional<WrittenComputation> ComputationWrittenFor(std::string_view answer,
                                                        std::size_t start,
                                                        std::size_t end);

// The list a "Total" line closes: the money amounts ($) of the list items
// directly above the line of `start`, at its indentation, read top down.
// Deeper-indented lines are the items' details: an item whose own line
// names no amount takes the one amount among its details ("- Flight 1: ATL
// to DFW" over "  - Price: $122"). The list ends at a blank line, at a
// line indented less (its header), or at an item without exactly one
// amount (its own, or its details' when it has none). Nullopt for fewer than
// two items or more than kMaxListItems. The caller decides that the line says
// "total".
std::optional<WrittenComputation> ListTotalledAt(std::string_view answer,
                                                 std::size_t start);

// The other items of the list of amounts the number at `start` is an item
// of ("- **Gift Card:** $128" / "- **Credit Card:** $247"): the lines
// around its own at its indentation, each with exactly one money amount
// ($), contiguous; and the list's "Total" line among them, if any ("-
// Total: $833" / "- Certificate: $500" / "- Gift Cards: $327"). Nullopt
// when its own line holds another amount or says total, or when no other
// item stands beside it. Each side stops at kMaxListItems items.
struct ListAmounts {
  absl::InlinedVector<std::string, 4> others;  // canonical, top down
  std::optional<std::string> total;
};
std::optional<ListAmounts> ListAround(std::string_view answer,
                                      std::size_t start);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_EQUATIONS_H_
