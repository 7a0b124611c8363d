// evidence/exempt_cache.cc — the process-wide cache of exempt texts' keys.
//
// Its one job: the definitions of exempt_cache.h (a set's size, the builder,
// the bounded least-recently-used map). What it does NOT do: read a text
// (the corpus hands Get a builder that reads it with its own key functions).
#include "evidence/exempt_cache.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>

#include "absl/hash/hash.h"

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

ExemptCache::ExemptCache(Limits limits) : limits_(limits) {}

ExemptCache& ExemptCache::Process() {
  static ExemptCache* const cache = new ExemptCache();
  return *cache;
}

std::shared_ptr<const ExemptSet> ExemptCache::Get(std::string_view text,
                                                  const Builder& build) {
  if (text.size() < limits_.min_text_bytes ||
      text.size() > limits_.max_bytes / 4) {
    return nullptr;
  }
  const absl::string_view key(text.data(), text.size());
  const std::uint64_t sighting = absl::HashOf(key) | 1;  // 0: an empty slot
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = entries_.find(key);
    if (it != entries_.end()) {
      ++stats_.hits;
      it->second.last_use = ++tick_;
      return it->second.set;
    }
    ++stats_.misses;
    const auto end = sightings_.end();
    if (std::find(sightings_.begin(), end, sighting) == end) {
      sightings_[next_sighting_] = sighting;
      next_sighting_ = (next_sighting_ + 1) % sightings_.size();
      return nullptr;
    }
  }
  std::shared_ptr<const ExemptSet> set = build();
  const std::size_t bytes = text.size() + set->bytes();
  std::lock_guard<std::mutex> lock(mu_);
  ++stats_.builds;
  auto [it, inserted] = entries_.try_emplace(key);
  if (!inserted) {
    // Another thread built it meanwhile: one set per text.
    it->second.last_use = ++tick_;
    return it->second.set;
  }
  it->second = Entry{set, ++tick_, bytes};
  stats_.bytes += bytes;
  EvictLocked();
  return set;
}

void ExemptCache::EvictLocked() {
  while (!entries_.empty() && (entries_.size() > limits_.max_entries ||
                               stats_.bytes > limits_.max_bytes)) {
    // At most max_entries + 1 entries: a scan is cheap, and which entry
    // goes changes no output (an evicted text is built again).
    auto oldest = entries_.begin();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second.last_use < oldest->second.last_use) oldest = it;
    }
    stats_.bytes -= oldest->second.bytes;
    ++stats_.evictions;
    entries_.erase(oldest);
  }
}

ExemptCache::Stats ExemptCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  Stats out = stats_;
  out.entries = entries_.size();
  return out;
}

}  // namespace groundgate::evidence
