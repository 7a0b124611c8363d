// evidence/numeric_index.h — the numbers one user turn's tool results
// carried, as exact fixed-point values, for the judge's two second looks.
//
// Its one job: when an answer's number is not carried in its own spelling,
// answer two questions exactly (no double anywhere):
//   FindRounded     is it a carried number rounded to the precision the
//                   answer shows?  "51.94" from 51.9433, "1200000" (1.2M)
//                   from 1234567, "250" from 249.99.
//   FindDerivation  is it one small, named computation over carried
//                   numbers?  1679 + 1859 = 3538, 2787 - 243 = 2544,
//                   3 * 129.5 = 388.5, 10% of 2500 = 250.
// Each answer names the operands and the result slots that carried them.
//
// Where it sits: the judge fills one index per user turn (or per answer:
// see "Scope" below) with every number a tool result carried, calls
// Prepare(), then asks. It does not decide what an answer token is, which
// status a match earns, or whether the computation was the right one: a
// derivation proves the operands were read, not that the arithmetic was
// meant.
//
// Scope, measured (tests/evidence/numeric_index_test.cc, tau-bench airline
// traces): over a whole turn's numbers (tens to hundreds of integer prices,
// seat and bag counts) pair sums and differences cover so much of the integers
// that a one-digit mutation of a carried price is "derived" about a third of
// the time or more (all 79 mutations of one 144-number turn). Over only the
// grounded numbers the answer itself shows ("$105 + $190 = $295"), 32 of
// 429 (7.5%), while 24 of 24 real computed amounts still match. Fill the
// index with the narrowest operand set the judge can justify, and treat a
// derivation as weaker evidence than a read value.
//
//   NumericIndex index;
//   index.Add("1679", /*slot=*/2);
//   index.Add("1859", /*slot=*/2);
//   index.Add("51.9433", /*slot=*/3);
//   index.Prepare();
//   index.FindDerivation("3538");      // kSum {1679 @2, 1859 @2}
//   index.FindRounded("51.94", "0.01");  // kRounded {51.9433 @3}
//
// Thread safety: Add, Clear and Prepare mutate and need exclusive access;
// after Prepare, the const methods are safe for concurrent use by several
// threads (they read only). Mutate only between judgements.
#ifndef GROUNDGATE_EVIDENCE_NUMERIC_INDEX_H_
#define GROUNDGATE_EVIDENCE_NUMERIC_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"

namespace groundgate::evidence {

// A fixed-point decimal: value = units * 10^-kNumericFractionDigits.
// `__extension__` keeps -Wpedantic quiet about the GCC/Clang builtin.
__extension__ using NumericUnits = __int128;

// Fraction digits held exactly. A carried number with more (a division's
// 0.8333333333) is truncated to this many and marked inexact: it can still
// be rounded to (steps have at most kMaxStepFractionDigits), never an
// operand of a derivation. Nine keeps nanosecond-ish and 6-decimal
// currency/rate values exact with room below a rounding step.
inline constexpr int kNumericFractionDigits = 9;

// Integer digits a number may have; longer ones (account numbers, hashes
// spelled as digits) are not quantities anyone computes with, and the
// limit keeps every sum, product and percentage inside 128 bits.
inline constexpr int kMaxNumericIntegerDigits = 24;

// Rounding steps are powers of ten from 10^-6 to 10^kMaxStepExponent:
// finer than an answer ever shows money or rates, coarse enough for "1.2B".
inline constexpr int kMaxStepFractionDigits = 6;
inline constexpr int kMaxStepExponent = 15;

// Distinct values the index keeps: the first this many of a turn, in Add
// order. First, not most recent, so a late 1 MB result cannot evict the
// prices the turn began with, and the outcome never depends on hashing.
// 4096 keeps the worst derivation miss (two O(n) scans) near 20 us and a
// rounding lookup near 1 us (tests/bench/numeric_index_bench.cc). Hitting
// it sets truncated().
inline constexpr std::size_t kMaxNumericValues = 4096;

// Slots from here up are results of earlier user turns: the corpus files
// an earlier turn's column totals (evidence/column_totals.h) under
// kFirstEarlierSlot plus a running count of earlier results, so each keeps
// its result apart. No result of this turn has one.
inline constexpr std::uint32_t kFirstEarlierSlot = 0x80000000;

// Triples (a + b + c) are searched only when at most this many carried
// values are eligible summands for the target: the search is O(m^2) hash
// probes (64^2 / 2 = 2048), and above that size three-term sums cover
// nearly every integer in range, so a match would mean nothing anyway.
inline constexpr std::size_t kMaxTripleOperands = 64;

// A summand or a subtrahend must be at least this share (percent) of the
// target's magnitude. Accidental sums lean on a small operand
// (1679 = 1671 + 8); real totals and refunds rarely do, but a refund can
// (2787 - 243 = 2544: 243 is 9.6% of it). Measured on the airline answers:
// 2% and 5% derive the same 32 of 429 planted mutations; 10% derives 23 but
// loses both refunds of 2544. 5% is the largest share that keeps them.
inline constexpr int kMinOperandSharePercent = 5;

// Each of three summands must be at least this share (percent) of the
// target. Measured on the airline answers: at 5% triples made a third of
// all accidental derivations (32 of 92) for 2 real ones; at 15%, 6, and
// both real totals (177 + 146 + 180 = 503) still match.
inline constexpr int kMinTripleOperandSharePercent = 15;

// An integer below this is a count (seats, bags, passengers, nights), not
// an amount: it is never a summand, a subtrahend or the multiplicand p of
// q * p. It may be the quantity q. Non-integers (9.99) are amounts.
inline constexpr int kMinAmount = 10;

// A product q * p takes q from carried integers in [2, kMaxQuantity]:
// passengers, nights, bags. Larger multipliers would make most targets a
// multiple of something carried.
inline constexpr int kMaxQuantity = 12;

// A percentage p% of a takes p from carried integers in [5, 95] that are
// multiples of this step: discounts, taxes and fees as people write them.
// Any integer percent multiplies the accidental rate by five for no real
// case seen in the traces. (100% of a is a itself: carried, not derived.)
inline constexpr int kPercentStep = 5;

// How a match was made.
enum class NumericOp {
  kRounded,     // operands[0] rounded to the target's precision
  kSum,         // operands[0] + operands[1] (+ operands[2])
  kDifference,  // operands[0] - operands[1]
  kProduct,     // operands[0] (a quantity 2..12) * operands[1]
  kPercentOf,   // operands[0] (percent) % of operands[1]
  kConverted,   // operands[0] in another unit (FindInRange's caller says which)
};

// A hash of NumericUnits for absl's tables (which hash no __int128).
struct NumericUnitsHash {
  std::size_t operator()(NumericUnits units) const;
};

// "rounded", "sum", "difference", "product", "percent_of", "converted".
std::string_view NumericOpName(NumericOp op);

// The exact fixed-point units of a canonical number (-?\d+(\.\d+)?, at
// most kMaxNumericIntegerDigits integer and kNumericFractionDigits fraction
// digits); nullopt otherwise. For callers that compute an interval to ask
// FindInRange about (the judge's unit conversions).
std::optional<NumericUnits> ExactNumericUnits(std::string_view canonical);

// One in the index's fixed point: 10^kNumericFractionDigits units.
inline constexpr NumericUnits kNumericOne = 1000000000;

// The canonical spelling of `units` ("1625", "-0.5"): the inverse of
// ExactNumericUnits. For callers that compute a value themselves (the
// judge's equations as the answer writes them).
std::string FormatNumericUnits(NumericUnits units);

// Which computations FindDerivation may name. The default is every one,
// with quantities taken from the carried integers; a caller that searches
// a wide operand set (a whole conversation) narrows it to the computations
// its wording names ("Total" is a sum, "remaining" a difference) and to the
// counts the conversation names ("two passengers").
struct DerivationScope {
  bool sums = true;         // a + b
  bool differences = true;  // a - b
  bool triples = true;      // a + b + c
  bool percentages = true;  // p% of a
  // q * p with q a carried integer in [2, kMaxQuantity].
  bool carried_quantities = true;
  // q * p with q in [2, kMaxQuantity] when bit q is set, carried or not: a
  // count the conversation names.
  std::uint32_t named_quantities = 0;
  // The share of the target each summand or subtrahend must be, at least.
  int min_operand_share_percent = kMinOperandSharePercent;
};

// One operand of a match: its canonical spelling and every result slot
// that carried it (ascending, each once).
struct NumericOperand {
  std::string value;
  std::vector<std::uint32_t> slots;
};

struct NumericMatch {
  NumericOp op = NumericOp::kRounded;
  std::vector<NumericOperand> operands;  // in the order NumericOp describes
};

class NumericIndex {
 public:
  NumericIndex() = default;
  NumericIndex(const NumericIndex&) = default;
  NumericIndex& operator=(const NumericIndex&) = default;
  NumericIndex(NumericIndex&&) = default;
  NumericIndex& operator=(NumericIndex&&) = default;

  // Forgets every value (a new user turn). Keeps allocated memory.
  void Clear();

  // Records that result `slot` carried `canonical_number` (a canonical form
  // with is_number: -?\d+(\.\d+)?). O(1) amortized: a hash probe and, for a
  // new value, an append. Ignores, without error, what it cannot represent:
  // anything else, a number with more than kMaxNumericIntegerDigits integer
  // digits, and a number with leading zeros ("007", "02134": codes, not
  // quantities; "0.5" is fine). A new value beyond kMaxNumericValues is
  // dropped and sets truncated(); new slots of kept values still count.
  // Invalidates Prepare(). Returns which value counted it, for AddAgain;
  // kNotKept when none did (ignored or dropped).
  std::uint32_t Add(std::string_view canonical_number, std::uint32_t slot);

  // What Add returns when it kept no value for a number.
  static constexpr std::uint32_t kNotKept = 0xFFFFFFFF;

  // Exactly what Add would do with the same number again, without reading
  // it again (the corpus replays a repeated leaf's numbers): counts one more
  // occurrence of value `kept` in result `slot`. kNotKept does nothing, as
  // Add does with a number it ignored or dropped (the index only grows until
  // Clear). REQUIRES: `kept` was returned by Add since the last Clear.
  void AddAgain(std::uint32_t kept, std::uint32_t slot);

  // Sorts the values for the lookups. Call once after the last Add and
  // before any Find*; O(n log n). Idempotent.
  void Prepare();

  // Distinct values held.
  std::size_t size() const { return entries_.size(); }
  // True when Add dropped a new value at kMaxNumericValues.
  bool truncated() const { return truncated_; }
  bool prepared() const { return prepared_; }

  // True when `canonical_number` is held exactly (in any spelling the
  // canonicalizer gives it).
  bool Contains(std::string_view canonical_number) const;

  // How many times Add and AddAgain counted `canonical_number` (saturating;
  // 0 when it is not held exactly). A derivation that uses a value twice
  // needs it counted twice.
  std::uint32_t OccurrencesOf(std::string_view canonical_number) const;

  // Looks for a carried x that shows more precision than `value` and rounds
  // to it at `step`: |x - value| <= step / 2 and x != value. Both ends of
  // the interval count, so half-up, half-down and half-even rounders all
  // match; truncation (249.99 -> "249") does not: accepting it would double
  // the interval a fabrication can fall into. Because `value` is a multiple
  // of `step`, any such x has a non-zero digit below the step: rounding
  // needs x to have more digits than the answer shows ("1234567" grounds
  // "1200000" at step 100000, "1200000" never grounds "1234567").
  // Returns the closest x (ties: the smaller), as kRounded with one operand.
  // Returns nullopt when nothing rounds, when `value` or `step` is not a
  // canonical number, when `step` is not a power of ten in
  // [10^-kMaxStepFractionDigits, 10^kMaxStepExponent], when `value` is not
  // a multiple of `step`, or when the index is not prepared.
  std::optional<NumericMatch> FindRounded(std::string_view value,
                                          std::string_view step) const;

  // Looks for `target` as one computation over carried values, in this
  // order of preference: two operands (a + b, a - b, q * p, p% of a) before
  // three (a + b + c); then the operands' earliest slots (ascending, compared
  // as sorted lists); then the operand values; then the NumericOp order. The
  // answer is the same whatever the insertion or hash order.
  //
  // Operands are distinct values; a value carried at two places (two
  // payments of 250) may appear twice in a sum; a value carried once may
  // not (a doubled amount is q * p with a carried quantity 2). Never used:
  // 0, 1 and -1; inexact values (more than kNumericFractionDigits fraction
  // digits). The rules are the constants above. A target of 0 is never
  // derived. Exactness makes integer operands unable to yield cents.
  //
  // Work: O(n) two-pointer scans for sums and differences (n <=
  // kMaxNumericValues), 30 hash probes for products and percentages, O(m^2)
  // hash probes for triples when m <= kMaxTripleOperands eligible summands;
  // otherwise the triple search is skipped and `*triples_skipped` (when given)
  // is set. Returns nullopt when nothing matches, when `target` is not a
  // canonical number, or when the index is not prepared.
  // `scope` limits the computations tried (a named quantity q is the
  // operand "q", with no slot).
  std::optional<NumericMatch> FindDerivation(
      std::string_view target, bool* triples_skipped = nullptr,
      const DerivationScope& scope = {}) const;

  // Looks for a carried x with low <= x <= high (units), the closest to
  // `center` (ties: the smaller), as kConverted with one operand: the
  // judge's conversion rung maps the interval an answer's number stands for
  // in its unit ("63.6 °F": [63.55, 63.65]) into a carried unit's and asks
  // here. An inexact value counts when its truncated units lie inside.
  // Returns nullopt when nothing lies inside, when low > high, or when the
  // index is not prepared. O(log n + k) for k values inside.
  std::optional<NumericMatch> FindInRange(NumericUnits low, NumericUnits high,
                                          NumericUnits center) const;

 private:
  struct Entry {
    NumericUnits units = 0;
    bool exact = true;      // no non-zero digit was dropped below 10^-9
    bool negative = false;  // the sign, also when `units` truncated to 0
    std::uint32_t occurrences = 0;                // Add calls, saturating
    absl::InlinedVector<std::uint32_t, 2> slots;  // ascending, each once
    std::string spelling;  // the canonical form, kept only when inexact
  };
  const Entry* FindExact(NumericUnits units) const;
  NumericOperand OperandOf(const Entry& entry) const;
  // A match by `op` of the one operand `entry`; nullopt when it is null.
  std::optional<NumericMatch> SingleMatch(NumericOp op,
                                          const Entry* entry) const;

  std::vector<Entry> entries_;  // Add order
  // Exact values only (inexact ones never meet a parsed target exactly).
  absl::flat_hash_map<NumericUnits, std::uint32_t, NumericUnitsHash> exact_;
  // Inexact values by their truncated units.
  absl::flat_hash_map<NumericUnits, std::uint32_t, NumericUnitsHash> inexact_;
  std::vector<std::uint32_t> by_value_;  // entries_ indices, ascending units
  // The exact values ascending, with their entries_ index: the two-pointer
  // scans read this contiguously.
  std::vector<std::pair<NumericUnits, std::uint32_t>> sorted_exact_;
  bool truncated_ = false;
  bool prepared_ = true;  // an empty index is prepared
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_NUMERIC_INDEX_H_
