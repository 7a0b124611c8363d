// evidence/exempt_cache.h — exempt text indexed once per process.
//
// Its one job: remember what an exempt text (a system prompt, application
// context) yields — its distinct keys in first-occurrence order, the day
// shifts and the days of the month it names — so that a text every
// conversation repeats is tokenized and canonicalized once per process, not
// once per conversation. It sits behind EvidenceCorpus::RecordExempt: the
// corpus attaches the shared, immutable ExemptSet instead of copying its
// keys (corpus.cc decides when attaching keeps the ceiling's semantics).
//
// What it does NOT do: decide what a key is (corpus.cc builds the sets with
// record_keys.h, the very functions of its own per-key path), count against a
// corpus's ceiling, or cache short or huge texts (kMinCachedExemptBytes,
// ExemptCache::Limits::max_bytes). Its definitions: exempt_cache.cc.
#ifndef GROUNDGATE_EVIDENCE_EXEMPT_CACHE_H_
#define GROUNDGATE_EVIDENCE_EXEMPT_CACHE_H_

#include <array>
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
#include "absl/strings/string_view.h"
#include "evidence/relative_days.h"
#include "evidence/text_cache.h"

namespace groundgate::evidence {

// A text shorter than this is indexed directly: a user's short message is
// cheaper to read than to hash, look up and keep. 256 bytes is a long
// sentence; a system prompt is kilobytes.
inline constexpr std::size_t kMinCachedExemptBytes = 256;

// At most this many texts are held: a process judges conversations of a
// handful of applications, each with one or two system prompts.
inline constexpr std::size_t kMaxExemptCacheEntries = 32;

// At most this many bytes (texts, their keys and the tables over them,
// estimated) are held: 4 MiB bounds the cache whatever the input. A text
// larger than a quarter of it is never cached.
inline constexpr std::size_t kMaxExemptCacheBytes = 4 * 1024 * 1024;

// What one exempt text yields. Immutable once built; shared by every corpus
// that recorded the text, on any thread.
struct ExemptSet {
  // The distinct non-empty keys, in the order of their first occurrence in
  // the text: replaying them through the per-key path is the per-key path
  // over the text (a repeated key changes nothing there).
  std::vector<absl::string_view> ordered;
  absl::flat_hash_set<absl::string_view> keys;  // the same keys, to look up
  DayShifts day_shifts;
  std::uint32_t days_of_month = 0;  // bit d: day d named alone
  std::string arena;                // the bytes `ordered` and `keys` view

  [[nodiscard]] bool Contains(std::string_view key) const {
    return keys.contains(absl::string_view(key.data(), key.size()));
  }
  // An estimate of the memory the set holds, for the cache's budget.
  [[nodiscard]] std::size_t bytes() const;
};

// Collects one text's keys, in text order, into an ExemptSet.
class ExemptSetBuilder {
 public:
  // One key occurrence; empty keys and repeats are ignored.
  void Add(std::string_view key);
  // The set: the keys added, plus what the text names of days.
  [[nodiscard]] std::shared_ptr<const ExemptSet> Finish(
      DayShifts day_shifts, std::uint32_t days_of_month) &&;

 private:
  absl::flat_hash_set<std::string> seen_;
  std::vector<std::string> ordered_;
};

// The bounds of one ExemptCache (the process-wide one uses the defaults).
// A text is built on its second sighting (text_cache.h): a long user
// message seen once is indexed directly and never costs a copy.
struct ExemptCacheLimits {
  std::size_t max_entries = kMaxExemptCacheEntries;
  std::size_t max_bytes = kMaxExemptCacheBytes;
  std::size_t min_text_bytes = kMinCachedExemptBytes;
  // No bound of its own: TextCache caps a text at a quarter of max_bytes.
  std::size_t max_text_bytes = kMaxExemptCacheBytes;
  TextCacheAdmission admission = TextCacheAdmission::kSecondSighting;
  std::size_t sightings = kTextCacheSightings;
};

// A bounded map from an exact text to its ExemptSet (text_cache.h).
// Thread-safe: every method may be called from any thread; the sets it
// hands out are immutable and stay valid while a shared_ptr holds them,
// evicted or not.
class ExemptCache : public TextCache<ExemptSet, ExemptCacheLimits> {
 public:
  using TextCache::TextCache;

  // The process-wide cache EvidenceCorpus::RecordExempt uses. Never
  // destroyed (no exit-time order to get wrong).
  static ExemptCache& Process();
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_EXEMPT_CACHE_H_
