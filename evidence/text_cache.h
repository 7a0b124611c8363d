// evidence/text_cache.h — a bounded, thread-safe map from an exact text to
// what reading it once yields.
//
// Its one job: TextCache<Value, Limits>, the process-wide memory behind
// ExemptCache (exempt_cache.h: a system prompt's keys) and ResultCache
// (result_cache.h: what recording a tool result did to the index). A text
// is looked up by its exact bytes; what it yields is built by the caller's
// builder, without the lock held, and handed out as an immutable shared
// value that stays valid while a shared_ptr holds it, evicted or not.
//
// What it does NOT do: read a text (the builder does), or decide what is
// worth caching beyond its limits (sizes, entries, bytes, and whether a
// text must be seen once before it is built).
//
// Limits is a struct with these fields:
//   std::size_t max_entries;      // entries held at most
//   std::size_t max_bytes;        // texts plus values (Value::bytes()) held
//   std::size_t min_text_bytes;   // a shorter text is never cached
//   std::size_t max_text_bytes;   // nor a longer one, nor one longer
//                                 // than a quarter of max_bytes
//   TextCacheAdmission admission; // when a text not held is built
//   std::size_t sightings;        // uncached texts remembered, at least 1
// and Value has `std::size_t bytes() const` (an estimate of its memory).
#ifndef GROUNDGATE_EVIDENCE_TEXT_CACHE_H_
#define GROUNDGATE_EVIDENCE_TEXT_CACHE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"

namespace groundgate::evidence {

// How many recent uncached texts a cache that builds on the second
// sighting remembers (by a hash), unless its limits say otherwise
// (`sightings`): a text seen once is read directly and never costs a copy
// or an eviction.
inline constexpr std::size_t kTextCacheSightings = 64;

// When a text the cache does not hold is built (and kept).
enum class TextCacheAdmission : std::uint8_t {
  // On its second sighting: a text seen once costs a hash, never a build.
  kSecondSighting,
  // On its first sighting while texts repeat (at least one lookup in
  // kRepeatShare of the recent ones was a hit or a second sighting), else
  // on its second: a
  // process whose texts repeat (runs of one task, one data set judged
  // again) hits from the second sighting on, and one whose texts never
  // repeat pays no build.
  kFirstSightingWhileRepeating,
};
// The share of recent lookups that must be hits or second sightings for a
// first-sighting build (one in this many), and how many recent lookups
// count (the counts are halved each time they reach it).
inline constexpr std::size_t kRepeatShare = 4;
inline constexpr std::size_t kRecentLookups = 256;

template <typename Value, typename LimitsT>
class TextCache {
 public:
  using Limits = LimitsT;
  struct Stats {
    std::size_t hits = 0;       // Get found the text
    std::size_t misses = 0;     // Get did not (first sightings included)
    std::size_t builds = 0;     // values built and offered to the cache
    std::size_t evictions = 0;  // entries dropped to stay within the limits
    std::size_t entries = 0;
    std::size_t bytes = 0;  // estimated, as counted against max_bytes
  };
  using Builder = std::function<std::shared_ptr<const Value>()>;

  TextCache() : TextCache(Limits{}) {}
  explicit TextCache(Limits limits) : limits_(limits) {}
  TextCache(const TextCache&) = delete;
  TextCache& operator=(const TextCache&) = delete;

  // The value of `text`: the cached one, or one `build` makes and the cache
  // keeps (least recently used entries go first when a limit is crossed).
  // nullptr when the text is not worth caching — shorter than
  // min_text_bytes, longer than max_text_bytes or a quarter of max_bytes, or
  // seen for the first time when the admission asks for a second sighting
  // — and the caller reads it directly. `build` runs without the lock held;
  // two threads may build one text at once, and one value wins (the
  // other's builder ran all the same).
  std::shared_ptr<const Value> Get(std::string_view text,
                                   const Builder& build) {
    if (text.size() < limits_.min_text_bytes ||
        text.size() > std::min(limits_.max_text_bytes, limits_.max_bytes / 4)) {
      return nullptr;
    }
    // Hashed before the lock is taken: threads that look up long texts at
    // once wait only for a lookup and a comparison.
    const std::uint64_t hash =
        absl::HashOf(absl::string_view(text.data(), text.size()));
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (++recent_lookups_ == kRecentLookups) {
        recent_lookups_ /= 2;
        recent_hits_ /= 2;
      }
      auto it = entries_.find(hash);
      if (it != entries_.end() && it->second.text == text) {
        ++stats_.hits;
        ++recent_hits_;
        it->second.last_use = ++tick_;
        return it->second.value;
      }
      ++stats_.misses;
      const bool repeating =
          recent_hits_ > 0 && recent_hits_ * kRepeatShare >= recent_lookups_;
      if (limits_.admission == TextCacheAdmission::kSecondSighting ||
          !repeating) {
        if (!sighted_.contains(hash)) {
          // Remembered in place of the oldest, once the ring is full.
          if (sightings_.size() < std::max<std::size_t>(limits_.sightings, 1)) {
            sightings_.push_back(hash);
          } else {
            sighted_.erase(sightings_[next_sighting_]);
            sightings_[next_sighting_] = hash;
            next_sighting_ = (next_sighting_ + 1) % sightings_.size();
          }
          sighted_.insert(hash);
          return nullptr;
        }
        // A second sighting: texts repeat, as a hit says.
        ++recent_hits_;
      }
    }
    std::shared_ptr<const Value> value = build();
    if (value == nullptr) return nullptr;
    const std::size_t bytes = text.size() + value->bytes();
    std::lock_guard<std::mutex> lock(mu_);
    ++stats_.builds;
    auto [it, inserted] = entries_.try_emplace(hash);
    if (!inserted) {
      // Another thread built it meanwhile (one value per text), or another
      // text has its hash, which keeps its place.
      if (it->second.text != text) return value;
      it->second.last_use = ++tick_;
      return it->second.value;
    }
    it->second = Entry{std::string(text), value, ++tick_, bytes};
    stats_.bytes += bytes;
    EvictLocked();
    return value;
  }

  [[nodiscard]] Stats stats() const {
    std::lock_guard<std::mutex> lock(mu_);
    Stats out = stats_;
    out.entries = entries_.size();
    return out;
  }

 private:
  struct Entry {
    std::string text;  // the exact bytes its hash stands for
    std::shared_ptr<const Value> value;
    std::uint64_t last_use = 0;
    std::size_t bytes = 0;
  };

  void EvictLocked() {
    while (!entries_.empty() && (entries_.size() > limits_.max_entries ||
                                 stats_.bytes > limits_.max_bytes)) {
      // At most max_entries + 1 entries: a scan is cheap beside reading a
      // text, and which entry goes changes no output (an evicted text is
      // read again).
      auto oldest = entries_.begin();
      for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->second.last_use < oldest->second.last_use) oldest = it;
      }
      stats_.bytes -= oldest->second.bytes;
      ++stats_.evictions;
      entries_.erase(oldest);
    }
  }

  const Limits limits_;
  mutable std::mutex mu_;
  // Every member below is guarded by mu_.
  // By the text's hash (computed outside the lock); a text whose hash
  // another holds is not cached.
  absl::flat_hash_map<std::uint64_t, Entry> entries_;
  std::uint64_t tick_ = 0;
  // The hashes of recent uncached texts: a ring, oldest replaced first,
  // and the same hashes to look up.
  std::vector<std::uint64_t> sightings_;
  std::size_t next_sighting_ = 0;
  absl::flat_hash_set<std::uint64_t> sighted_;
  Stats stats_;
  // Recent lookups, and the hits and second sightings among them, for the
  // admission.
  std::size_t recent_lookups_ = 0;
  std::size_t recent_hits_ = 0;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_TEXT_CACHE_H_
