// evidence/exempt_cache.cc — the process-wide cache of exempt texts' keys.
//
// Its one job: the definitions of exempt_cache.h (a set's size, the builder,
// the process-wide cache; the bounded map itself is text_cache.h). What it
// does NOT do: read a text (the corpus hands Get a builder that reads it
// with its own key functions).
#include "evidence/exempt_cache.h"

#include <memory>
#include <string>

namespace groundgate::evidence {

std::size_t ExemptSet::bytes() const {
  return sizeof(ExemptSet) + arena.capacity() +
         ordered.capacity() * sizeof(absl::string_view) +
         keys.capacity() * (sizeof(absl::string_view) + 1);
}

void ExemptSetBuilder::Add(std::string_view key) {
  if (key.empty()) return;
  if (seen_.emplace(key).second) ordered_.emplace_back(key);
}

std::shared_ptr<const ExemptSet> ExemptSetBuilder::Finish(
    DayShifts day_shifts, std::uint32_t days_of_month) && {
  auto set = std::make_shared<ExemptSet>();
  set->day_shifts = day_shifts;
  set->days_of_month = days_of_month;
  std::size_t total = 0;
  for (const std::string& key : ordered_) total += key.size();
  // Reserved whole first: the views below must never see it move.
  set->arena.reserve(total);
  for (const std::string& key : ordered_) set->arena.append(key);
  set->ordered.reserve(ordered_.size());
  set->keys.reserve(ordered_.size());
  std::size_t at = 0;
  for (const std::string& key : ordered_) {
    const absl::string_view view(set->arena.data() + at, key.size());
    at += key.size();
    set->ordered.push_back(view);
    set->keys.insert(view);
  }
  return set;
}

ExemptCache& ExemptCache::Process() {
  static ExemptCache* const cache = new ExemptCache();
  return *cache;
}

}  // namespace groundgate::evidence
