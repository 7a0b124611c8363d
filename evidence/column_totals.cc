// evidence/column_totals.cc — see column_totals.h.
#include "evidence/column_totals.h"

#include <utility>

namespace groundgate::evidence {
namespace {

// An integer of magnitude below kMinAmount is a count, not an amount
// (numeric_index.h): a column holding one is not totalled.
bool IsAmount(NumericUnits units) {
  const NumericUnits magnitude = units < 0 ? -units : units;
  return units % kNumericOne != 0 || magnitude >= kMinAmount * kNumericOne;
}

}  // namespace

std::uint32_t ColumnTotals::Builder::ColumnAt(std::uint64_t path,
                                              std::uint32_t array) {
  Recent& recent =
      recent_[(path ^ (std::uint64_t{array} * 0x9E3779B97F4A7C15u)) >> 60];
  if (recent.array == array && recent.path == path) return recent.column;
  const auto [it, inserted] = by_place_.try_emplace(
      std::make_pair(path, array), static_cast<std::uint32_t>(columns_.size()));
  if (inserted) columns_.emplace_back();
  recent = Recent{path, array, it->second};
  return it->second;
}

void ColumnTotals::Builder::Add(std::uint64_t path, std::uint32_t array,
                                std::string_view number) {
  Column& column = columns_[ColumnAt(path, array)];
  if (!column.summable) return;
  const std::optional<NumericUnits> units = ExactNumericUnits(number);
  if (!units.has_value() || !IsAmount(*units) ||
      column.rows.size() == kMaxColumnRows) {
    column.summable = false;
    column.rows.clear();
    return;
  }
  column.rows.push_back(*units);
  column.total += *units;
}

void ColumnTotals::Builder::FinishInto(ColumnTotals* totals,
                                       std::uint32_t slot) {
  for (Column& column : columns_) {
    if (!column.summable || column.rows.size() < 2 || column.total == 0) {
      continue;
    }
    totals->Keep(ColumnTotal{column.total, slot, std::move(column.rows)});
  }
  columns_.clear();
  by_place_.clear();
  recent_.fill(Recent{});
}

void ColumnTotals::Clear() {
  totals_.clear();
  first_.clear();
  truncated_ = false;
}

void ColumnTotals::Keep(ColumnTotal total) {
  if (totals_.size() == kMaxColumnTotals) {
    truncated_ = true;
    return;
  }
  first_.try_emplace(total.total, static_cast<std::uint32_t>(totals_.size()));
  totals_.push_back(std::move(total));
}

void ColumnTotals::AddAll(const ColumnTotals& other,
                          std::uint32_t slot_offset) {
  for (const ColumnTotal& total : other.totals_) {
    ColumnTotal moved = total;
    moved.slot += slot_offset;
    Keep(std::move(moved));
  }
  truncated_ = truncated_ || other.truncated_;
}

const ColumnTotal* ColumnTotals::Find(NumericUnits total) const {
  const auto it = first_.find(total);
  return it == first_.end() ? nullptr : &totals_[it->second];
}

}  // namespace groundgate::evidence
