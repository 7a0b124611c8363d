// evidence/numeric_index.cc — exact fixed-point rounding and derivation
// lookups over the numbers a turn's tool results carried.
#include "evidence/numeric_index.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <utility>

#include "absl/hash/hash.h"

namespace groundgate::evidence {
namespace {

constexpr NumericUnits Pow10(int exponent) {
  NumericUnits result = 1;
  for (int i = 0; i < exponent; ++i) result *= 10;
  return result;
}

constexpr NumericUnits kOne = Pow10(kNumericFractionDigits);
static_assert(kOne == kNumericOne);

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }

NumericUnits Abs(NumericUnits units) { return units < 0 ? -units : units; }

struct Parsed {
  NumericUnits units = 0;
  bool exact = true;
  bool negative = false;
};

// Parses a canonical number: -?\d+(\.\d+)?, no leading zeros in a
// multi-digit integer part, at most kMaxNumericIntegerDigits integer digits.
// Fraction digits past kNumericFractionDigits are dropped (truncation toward
// zero) and clear `exact` when any of them is not '0'.
std::optional<Parsed> ParseCanonical(std::string_view text) {
  Parsed parsed;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    parsed.negative = true;
    ++i;
  }
  const std::size_t int_begin = i;
  while (i < text.size() && IsDigit(text[i])) ++i;
  const std::size_t int_digits = i - int_begin;
  if (int_digits == 0 || int_digits > kMaxNumericIntegerDigits) {
    return std::nullopt;
  }
  if (int_digits > 1 && text[int_begin] == '0') return std::nullopt;
  NumericUnits whole = 0;
  for (std::size_t k = int_begin; k < i; ++k)
    whole = whole * 10 + (text[k] - '0');
  NumericUnits fraction = 0;
  int fraction_digits = 0;
  if (i < text.size()) {
    if (text[i] != '.' || i + 1 == text.size()) return std::nullopt;
    ++i;
    for (; i < text.size(); ++i) {
      if (!IsDigit(text[i])) return std::nullopt;
      if (fraction_digits < kNumericFractionDigits) {
        fraction = fraction * 10 + (text[i] - '0');
        ++fraction_digits;
      } else if (text[i] != '0') {
        parsed.exact = false;
      }
    }
  }
  fraction *= Pow10(kNumericFractionDigits - fraction_digits);
  parsed.units = whole * kOne + fraction;
  if (parsed.negative) parsed.units = -parsed.units;
  return parsed;
}

std::string FormatUnits(NumericUnits units) {
  std::string out;
  const bool negative = units < 0;
  NumericUnits magnitude = Abs(units);
  NumericUnits whole = magnitude / kOne;
  NumericUnits fraction = magnitude % kOne;
  do {
    out.push_back(static_cast<char>('0' + static_cast<int>(whole % 10)));
    whole /= 10;
  } while (whole != 0);
  if (negative) out.push_back('-');
  std::reverse(out.begin(), out.end());
  if (fraction != 0) {
    std::string digits(kNumericFractionDigits, '0');
    for (int k = kNumericFractionDigits - 1; k >= 0; --k) {
      digits[k] = static_cast<char>('0' + static_cast<int>(fraction % 10));
      fraction /= 10;
    }
    while (digits.back() == '0') digits.pop_back();
    out.push_back('.');
    out.append(digits);
  }
  return out;
}

bool IsInteger(NumericUnits units) { return units % kOne == 0; }

// 0, 1 and -1 are never operands: every number is itself plus 0 and times 1.
bool IsTrivial(NumericUnits units) {
  return units == 0 || units == kOne || units == -kOne;
}

// An amount (not a count, not trivial): may be summed, subtracted or be the
// multiplicand of a product.
bool IsAmount(NumericUnits units) {
  if (IsTrivial(units)) return false;
  return !(IsInteger(units) && Abs(units) < kMinAmount * kOne);
}

}  // namespace

std::string_view NumericOpName(NumericOp op) {
  switch (op) {
    case NumericOp::kRounded:
      return "rounded";
    case NumericOp::kSum:
      return "sum";
    case NumericOp::kDifference:
      return "difference";
    case NumericOp::kProduct:
      return "product";
    case NumericOp::kPercentOf:
      return "percent_of";
    case NumericOp::kConverted:
      return "converted";
  }
  return "unknown";
}

std::optional<NumericUnits> ExactNumericUnits(std::string_view canonical) {
  const std::optional<Parsed> parsed = ParseCanonical(canonical);
  if (!parsed.has_value() || !parsed->exact) return std::nullopt;
  return parsed->units;
}

std::size_t NumericUnitsHash::operator()(NumericUnits units) const {
  __extension__ using UnsignedUnits = unsigned __int128;
  const auto bits = static_cast<UnsignedUnits>(units);
  return absl::HashOf(static_cast<std::uint64_t>(bits),
                      static_cast<std::uint64_t>(bits >> 64));
}

void NumericIndex::Clear() {
  entries_.clear();
  exact_.clear();
  inexact_.clear();
  by_value_.clear();
  sorted_exact_.clear();
  truncated_ = false;
  prepared_ = true;
}

std::uint32_t NumericIndex::Add(std::string_view canonical_number,
                                std::uint32_t slot) {
  const std::optional<Parsed> parsed = ParseCanonical(canonical_number);
  if (!parsed) return kNotKept;
  auto& map = parsed->exact ? exact_ : inexact_;
  // Inexact values keep their sign apart: -0.0000000001 and 0.0000000001
  // both truncate to 0.
  const NumericUnits key =
      parsed->exact ? parsed->units
                    : parsed->units * 2 + (parsed->negative ? -1 : 0);
  auto it = map.find(key);
  if (it == map.end()) {
    if (entries_.size() >= kMaxNumericValues) {
      truncated_ = true;
      return kNotKept;
    }
    it = map.emplace(key, static_cast<std::uint32_t>(entries_.size())).first;
    Entry& entry = entries_.emplace_back();
    entry.units = parsed->units;
    entry.exact = parsed->exact;
    entry.negative = parsed->negative;
    if (!parsed->exact) entry.spelling = std::string(canonical_number);
    prepared_ = false;
  }
  AddAgain(it->second, slot);
  return it->second;
}

void NumericIndex::AddAgain(std::uint32_t kept, std::uint32_t slot) {
  if (kept == kNotKept) {
    // Add would meet the number again: ignored, or dropped again at the
    // ceiling (truncated() is already true then).
    return;
  }
  Entry& entry = entries_[kept];
  if (entry.occurrences != std::numeric_limits<std::uint32_t>::max()) {
    ++entry.occurrences;
  }
  auto pos = std::lower_bound(entry.slots.begin(), entry.slots.end(), slot);
  if (pos == entry.slots.end() || *pos != slot) entry.slots.insert(pos, slot);
}

void NumericIndex::Prepare() {
  if (prepared_) return;
  by_value_.resize(entries_.size());
  for (std::uint32_t i = 0; i < by_value_.size(); ++i) by_value_[i] = i;
  // Inexact values sit just beyond their truncated units (away from zero);
  // ties cannot otherwise happen, so the order is total and deterministic.
  auto key = [this](std::uint32_t i) {
    const Entry& e = entries_[i];
    const int nudge = e.exact ? 0 : (e.negative ? -1 : 1);
    return std::pair<NumericUnits, int>(e.units, nudge);
  };
  std::sort(by_value_.begin(), by_value_.end(),
            [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
  sorted_exact_.clear();
  for (std::uint32_t i : by_value_) {
    if (entries_[i].exact) sorted_exact_.emplace_back(entries_[i].units, i);
  }
  prepared_ = true;
}

const NumericIndex::Entry* NumericIndex::FindExact(NumericUnits units) const {
  auto it = exact_.find(units);
  return it == exact_.end() ? nullptr : &entries_[it->second];
}

NumericOperand NumericIndex::OperandOf(const Entry& entry) const {
  NumericOperand operand;
  operand.value = entry.exact ? FormatUnits(entry.units) : entry.spelling;
  operand.slots.assign(entry.slots.begin(), entry.slots.end());
  return operand;
}

std::optional<NumericMatch> NumericIndex::SingleMatch(
    NumericOp op, const Entry* entry) const {
  if (entry == nullptr) return std::nullopt;
  NumericMatch match;
  match.op = op;
  match.operands.push_back(OperandOf(*entry));
  return match;
}

std::uint32_t NumericIndex::OccurrencesOf(
    std::string_view canonical_number) const {
  const std::optional<Parsed> parsed = ParseCanonical(canonical_number);
  if (!parsed || !parsed->exact) return 0;
  const Entry* entry = FindExact(parsed->units);
  return entry == nullptr ? 0 : entry->occurrences;
}

bool NumericIndex::Contains(std::string_view canonical_number) const {
  const std::optional<Parsed> parsed = ParseCanonical(canonical_number);
  if (!parsed) return false;
  if (parsed->exact) return FindExact(parsed->units) != nullptr;
  for (const Entry& entry : entries_) {
    if (!entry.exact && entry.spelling == canonical_number) return true;
  }
  return false;
}

std::optional<NumericMatch> NumericIndex::FindRounded(
    std::string_view value, std::string_view step) const {
  if (!prepared_) return std::nullopt;
  const std::optional<Parsed> target = ParseCanonical(value);
  const std::optional<Parsed> unit = ParseCanonical(step);
  if (!target || !unit || !target->exact || !unit->exact) return std::nullopt;
  const NumericUnits s = unit->units;
  bool power_of_ten = false;
  for (int k = kNumericFractionDigits - kMaxStepFractionDigits;
       k <= kNumericFractionDigits + kMaxStepExponent; ++k) {
    if (s == Pow10(k)) power_of_ten = true;
  }
  if (!power_of_ten) return std::nullopt;
  const NumericUnits v = target->units;
  if (v % s != 0) return std::nullopt;
  const NumericUnits h = s / 2;  // s >= 1000 units: even

  // First entry whose units could lie in [v - h, v + h]; an inexact one's
  // true value is within one unit of its truncated units.
  auto first = std::lower_bound(by_value_.begin(), by_value_.end(), v - h - 1,
                                [this](std::uint32_t i, NumericUnits bound) {
                                  return entries_[i].units < bound;
                                });
  const Entry* best = nullptr;
  NumericUnits best_distance2 = 0;  // twice the distance, +/-1 when inexact
  for (auto it = first; it != by_value_.end(); ++it) {
    const Entry& e = entries_[*it];
    if (e.units > v + h + 1) break;
    const NumericUnits d = e.units - v;
    bool ok = false;
    NumericUnits distance2 = 0;
    if (e.exact) {
      ok = d != 0 && -h <= d && d <= h;
      distance2 = 2 * Abs(d);
    } else if (!e.negative) {  // true value in (units, units + 1)
      ok = -h <= d && d < h;
      distance2 = d >= 0 ? 2 * d + 1 : -2 * d - 1;
    } else {  // true value in (units - 1, units)
      ok = -h < d && d <= h;
      distance2 = d <= 0 ? -2 * d + 1 : 2 * d - 1;
    }
    // Ascending order: on a tie, the smaller value came first and stays.
    if (ok && (best == nullptr || distance2 < best_distance2)) {
      best = &e;
      best_distance2 = distance2;
    }
  }
  return SingleMatch(NumericOp::kRounded, best);
}

std::optional<NumericMatch> NumericIndex::FindInRange(
    NumericUnits low, NumericUnits high, NumericUnits center) const {
  if (!prepared_ || low > high) return std::nullopt;
  auto first = std::lower_bound(by_value_.begin(), by_value_.end(), low,
                                [this](std::uint32_t i, NumericUnits bound) {
                                  return entries_[i].units < bound;
                                });
  const Entry* best = nullptr;
  NumericUnits best_distance = 0;
  for (auto it = first; it != by_value_.end(); ++it) {
    const Entry& e = entries_[*it];
    if (e.units > high) break;
    const NumericUnits distance = Abs(e.units - center);
    // Ascending order: on a tie, the smaller value came first and stays.
    if (best == nullptr || distance < best_distance) {
      best = &e;
      best_distance = distance;
    }
  }
  return SingleMatch(NumericOp::kConverted, best);
}

namespace {

// The entries_ index of a quantity the caller named (DerivationScope::
// named_quantities): no entry holds it.
constexpr std::uint32_t kNamedQuantity = 0xFFFFFFFF;

// A derivation found, before it becomes a NumericMatch.
struct Candidate {
  NumericOp op = NumericOp::kSum;
  std::array<std::uint32_t, 3> entries{};  // indices into entries_
  int count = 0;
  std::array<std::uint32_t, 3> earliest_slots{};  // sorted ascending
  std::array<NumericUnits, 3> values{};           // sorted ascending
  NumericUnits named_quantity = 0;  // the quantity at kNamedQuantity
};

// Insertion sort of the first `count` (<= 3) elements; std::sort on an
// array prefix trips GCC 12's -Warray-bounds.
template <typename T>
void SortPrefix(std::array<T, 3>* items, int count) {
  for (int i = 1; i < count; ++i) {
    for (int k = i; k > 0 && (*items)[k] < (*items)[k - 1]; --k) {
      std::swap((*items)[k], (*items)[k - 1]);
    }
  }
}

bool Better(const Candidate& a, const Candidate& b) {
  if (a.count != b.count) return a.count < b.count;
  for (int i = 0; i < a.count; ++i) {
    if (a.earliest_slots[i] != b.earliest_slots[i]) {
      return a.earliest_slots[i] < b.earliest_slots[i];
    }
  }
  for (int i = 0; i < a.count; ++i) {
    if (a.values[i] != b.values[i]) return a.values[i] < b.values[i];
  }
  return static_cast<int>(a.op) < static_cast<int>(b.op);
}

// Exact values in ascending order, each with its entry's index.
using SortedUnits = std::vector<std::pair<NumericUnits, std::uint32_t>>;

// Each pair of positions i < j of `sorted` whose values add up to `t`
// (i == j - 1 included), by a two-pointer scan: O(n) sequential compares.
// visit(i, j).
template <typename Visit>
void ForEachPairSummingTo(const SortedUnits& sorted, NumericUnits t,
                          Visit&& visit) {
  for (std::size_t i = 0, j = sorted.size(); i < j;) {
    const NumericUnits sum = sorted[i].first + sorted[j - 1].first;
    if (sum < t) {
      ++i;
    } else if (sum > t) {
      --j;
    } else {
      visit(i, j - 1);
      ++i;
      --j;
    }
  }
}

// Each pair of positions low <= high of `sorted` whose values differ by
// `difference` (> 0), by a two-pointer scan. visit(low, high).
template <typename Visit>
void ForEachPairDifferingBy(const SortedUnits& sorted, NumericUnits difference,
                            Visit&& visit) {
  for (std::size_t low = 0, high = 0; high < sorted.size();) {
    const NumericUnits d = sorted[high].first - sorted[low].first;
    if (d < difference) {
      ++high;
    } else if (d > difference) {
      ++low;
    } else {
      visit(low, high);
      ++high;
    }
  }
}

// A product by a count the conversation names (`quantity`, no entry, no
// slot) of the entry `price_entry`: it sorts after every carried operand.
Candidate NamedProduct(NumericUnits quantity, std::uint32_t price_entry,
                       std::uint32_t price_slot, NumericUnits price) {
  Candidate c;
  c.op = NumericOp::kProduct;
  c.entries = {kNamedQuantity, price_entry, 0};
  c.count = 2;
  c.earliest_slots = {price_slot, kNamedQuantity, 0};
  c.values = {quantity, price, 0};
  c.named_quantity = quantity;
  SortPrefix(&c.values, c.count);
  return c;
}

}  // namespace

std::string FormatNumericUnits(NumericUnits units) {
  return FormatUnits(units);
}

std::optional<NumericMatch> NumericIndex::FindDerivation(
    std::string_view target, bool* triples_skipped,
    const DerivationScope& scope) const {
  if (triples_skipped != nullptr) *triples_skipped = false;
  if (!prepared_) return std::nullopt;
  const std::optional<Parsed> parsed = ParseCanonical(target);
  if (!parsed || !parsed->exact || parsed->units == 0) return std::nullopt;
  const NumericUnits t = parsed->units;
  const NumericUnits abs_t = Abs(t);

  // A summand, subtrahend or base: an exact amount with its share of t.
  auto is_share_amount = [&](const Entry& e) {
    return e.exact &&
           Abs(e.units) * 100 >= abs_t * scope.min_operand_share_percent &&
           IsAmount(e.units);
  };

  std::optional<Candidate> best;
  auto offer = [&](NumericOp op, std::initializer_list<const Entry*> operands) {
    Candidate c;
    c.op = op;
    for (const Entry* e : operands) {
      c.entries[c.count] = static_cast<std::uint32_t>(e - entries_.data());
      c.earliest_slots[c.count] = e->slots.front();
      c.values[c.count] = e->units;
      ++c.count;
    }
    SortPrefix(&c.earliest_slots, c.count);
    SortPrefix(&c.values, c.count);
    if (!best || Better(c, *best)) best = c;
  };

  // Two operands: two-pointer scans over the exact values in ascending
  // order, O(n) sequential compares; eligibility is checked on a hit only.
  auto entry_at = [this](std::size_t k) -> const Entry& {
    return entries_[sorted_exact_[k].second];
  };
  // a + b = t, a <= b; equal only when that value was carried twice.
  if (scope.sums) {
    ForEachPairSummingTo(sorted_exact_, t, [&](std::size_t i, std::size_t j) {
      const Entry& a = entry_at(i);
      const Entry& b = entry_at(j);
      if (is_share_amount(a) && is_share_amount(b) &&
          (i < j || a.occurrences >= 2)) {
        offer(NumericOp::kSum, {&a, &b});
      }
    });
  }
  // high - low = |t|, high after low. For t > 0 the minuend is high; for
  // t < 0 it is low (low - high = t).
  if (scope.differences) {
    ForEachPairDifferingBy(sorted_exact_, abs_t,
                           [&](std::size_t low, std::size_t high) {
                             const Entry& h = entry_at(high);
                             const Entry& l = entry_at(low);
                             if (!is_share_amount(h) || !is_share_amount(l))
                               return;
                             if (t > 0) {
                               offer(NumericOp::kDifference, {&h, &l});
                             } else {
                               offer(NumericOp::kDifference, {&l, &h});
                             }
                           });
  }
  for (int q = 2; q <= kMaxQuantity; ++q) {
    if (t % q != 0) continue;
    const bool named = ((scope.named_quantities >> q) & 1u) != 0;
    const Entry* quantity =
        scope.carried_quantities ? FindExact(q * kOne) : nullptr;
    if (quantity == nullptr && !named) continue;
    const Entry* p = FindExact(t / q);
    if (p == nullptr || !IsAmount(p->units)) continue;
    if (quantity != nullptr) {
      offer(NumericOp::kProduct, {quantity, p});
      continue;
    }
    const Candidate c =
        NamedProduct(q * kOne, static_cast<std::uint32_t>(p - entries_.data()),
                     p->slots.front(), p->units);
    if (!best || Better(c, *best)) best = c;
  }
  for (int percent = kPercentStep; percent < 100 && scope.percentages;
       percent += kPercentStep) {
    const Entry* rate = FindExact(percent * kOne);
    if (rate == nullptr || (t * 100) % percent != 0) continue;
    const Entry* base = FindExact(t * 100 / percent);
    if (base != nullptr && IsAmount(base->units)) {
      offer(NumericOp::kPercentOf, {rate, base});
    }
  }

  // Three summands, only when no two-operand answer exists.
  if (!best && scope.triples) {
    absl::InlinedVector<const Entry*, kMaxTripleOperands> summands;
    bool too_many = false;
    for (const auto& [units, i] : sorted_exact_) {
      if (Abs(units) * 100 < abs_t * kMinTripleOperandSharePercent) continue;
      const Entry& e = entries_[i];
      if (is_share_amount(e)) {
        if (summands.size() == kMaxTripleOperands) {
          too_many = true;
          break;
        }
        summands.push_back(&e);
      }
    }
    if (too_many) {
      if (triples_skipped != nullptr) *triples_skipped = true;
    } else {
      for (std::size_t i = 0; i < summands.size(); ++i) {
        const Entry* a = summands[i];
        for (std::size_t j = i; j < summands.size(); ++j) {
          const Entry* b = summands[j];
          const Entry* c = FindExact(t - a->units - b->units);
          if (c == nullptr || c->units < b->units || !is_share_amount(*c)) {
            continue;
          }
          // Each value at most as often as it was carried.
          const std::uint32_t need_a = 1 + (b == a) + (c == a);
          const std::uint32_t need_b = (b == a) ? need_a : 1 + (c == b);
          if (a->occurrences < need_a || b->occurrences < need_b) continue;
          offer(NumericOp::kSum, {a, b, c});
        }
      }
    }
  }

  if (!best) return std::nullopt;
  NumericMatch match;
  match.op = best->op;
  for (int i = 0; i < best->count; ++i) {
    if (best->entries[i] == kNamedQuantity) {
      NumericOperand named;
      named.value = FormatUnits(best->named_quantity);
      match.operands.push_back(std::move(named));
      continue;
    }
    match.operands.push_back(OperandOf(entries_[best->entries[i]]));
  }
  return match;
}

}  // namespace groundgate::evidence
