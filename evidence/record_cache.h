// evidence/record_cache.h — one turn's records read once per process.
//
// Its one job: remember the RecordSet (records.h) a turn's results were
// read into, by the exact results and the slots they stand at, so that a
// turn met again (the same data told again for another model, the same
// lookups in another run of one task) binds against the records read the
// first time instead of parsing and walking the results again. A RecordSet
// depends on nothing but its results' contents and slots, so a shared one
// is the set a reading would build.
//
// What it does NOT do: read results (RecordSet::Add does), or keep a turn
// whose results are shorter than kMinCachedTurnBytes or longer than
// kMaxCachedTurnBytes (text_cache.h holds the bounded map).
#ifndef GROUNDGATE_EVIDENCE_RECORD_CACHE_H_
#define GROUNDGATE_EVIDENCE_RECORD_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "evidence/records.h"
#include "evidence/text_cache.h"

namespace groundgate::evidence {

// Turns whose results hold fewer bytes are read directly: their reading
// is cheap, and the records it yields take several times the results'
// bytes, which a process whose turns rarely repeat would hold for nothing.
inline constexpr std::size_t kMinCachedTurnBytes = 2048;
// Turns whose results hold more are read directly: their records would
// crowd out many smaller turns'.
inline constexpr std::size_t kMaxCachedTurnBytes = 256 * 1024;
// At most this many turns' records are held.
inline constexpr std::size_t kMaxRecordCacheEntries = 256;
// At most this many bytes (the keys and the records, estimated) are held.
inline constexpr std::size_t kMaxRecordCacheBytes = 4 * 1024 * 1024;
// How many turns met once the cache remembers (by a hash) to tell a second
// sighting.
inline constexpr std::size_t kRecordSightings = 4096;

// The bounds of one RecordCache (the process-wide one uses the defaults).
// While turns repeat, a turn's records are kept the first time they are
// read, else on its second sighting
// (TextCacheAdmission::kFirstSightingWhileRepeating).
struct RecordCacheLimits {
  std::size_t max_entries = kMaxRecordCacheEntries;
  std::size_t max_bytes = kMaxRecordCacheBytes;
  std::size_t min_text_bytes = kMinCachedTurnBytes;
  std::size_t max_text_bytes = kMaxCachedTurnBytes;
  TextCacheAdmission admission =
      TextCacheAdmission::kFirstSightingWhileRepeating;
  std::size_t sightings = kRecordSightings;
};

// A bounded map from a turn's results (RecordCache::Key) to the finished
// RecordSet they read into. Thread-safe, as TextCache is.
class RecordCache : public TextCache<RecordSet, RecordCacheLimits> {
 public:
  using TextCache::TextCache;

  // The text a turn's results are cached under: each result's slot and
  // length, then its bytes, in order (two turns with one key hold the same
  // results at the same slots). Written into `key`, which is cleared first.
  static void Key(
      std::span<const std::pair<std::uint32_t, std::string>> contents,
      std::string* key);

  // The process-wide cache EvidenceCorpus's records use. Never destroyed
  // (no exit-time order to get wrong).
  static RecordCache& Process();
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RECORD_CACHE_H_
