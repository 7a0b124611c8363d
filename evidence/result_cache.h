// evidence/result_cache.h — a tool result recorded once per process.
//
// Its one job: remember what recording a tool result's exact content did
// to a corpus's index, as a ResultReplay, so that content met again (the
// same lookup in another run of the same task, the same data in another
// conversation) is replayed into the next corpus instead of being parsed,
// tokenized and canonicalized again. A replay is the sequence of the
// index's own operations in the order the reading made them: the keys
// carried and the marks queued with them, the numbers added, the places
// noted for conflicts, the column totals, the counts named. Each is
// applied through the very function the reading called, so the ceiling,
// the carrier caps, the conflicts and the counts come out the same as a
// reading into that corpus would make them, whatever it held before.
//
// What it does NOT do: read a result (corpus.cc records the replay while it
// reads one), or keep a result longer than kMaxCachedResultBytes or shorter
// than kMinCachedResultBytes (text_cache.h holds the bounded map).
#ifndef GROUNDGATE_EVIDENCE_RESULT_CACHE_H_
#define GROUNDGATE_EVIDENCE_RESULT_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/column_totals.h"
#include "evidence/text_cache.h"

namespace groundgate::evidence {

// A result shorter than this is read directly: hashing and looking it up
// would cost about as much as reading it.
inline constexpr std::size_t kMinCachedResultBytes = 128;
// A longer result is read directly: its replay would crowd out many
// smaller ones, and one that long rarely repeats whole.
inline constexpr std::size_t kMaxCachedResultBytes = 64 * 1024;
// At most this many results are held.
inline constexpr std::size_t kMaxResultCacheEntries = 1024;
// At most this many bytes (contents and replays, estimated) are held.
inline constexpr std::size_t kMaxResultCacheBytes = 4 * 1024 * 1024;

// What a key queued into the index does (corpus.cc's carry queue): carry
// it, or mark a value the carries before it stored.
enum class QueuedOp : std::uint8_t { kCarry, kMarkPersonName, kMarkBareNumber };

// What recording one result's content did, in order, per kind of state it
// touched (the kinds touch disjoint state, so only the order within each
// kind matters). Immutable once built; shared by every corpus that
// replays it, on any thread.
struct ResultReplay {
  // A key queued: its bytes in `arena` at [at, at + size).
  struct Queued {
    std::uint32_t at = 0;
    std::uint32_t size = 0;
    QueuedOp op = QueuedOp::kCarry;
    bool exact = false;
    bool bare_number = false;
  };
  // A number added to the numeric index: a canonical number (its bytes in
  // `arena`) or, when `again` is set, one more occurrence of the number
  // the `again`-th addition added.
  struct Number {
    std::uint32_t at = 0;
    std::uint32_t size = 0;
    std::optional<std::uint32_t> again;
  };
  // A leaf's value at its place, for conflicts (JsonLeafPlace's path,
  // anchor and key; the key's bytes in `arena`).
  struct Placed {
    std::uint64_t path = 0;
    std::uint64_t anchor = 0;
    std::uint64_t value = 0;
    std::uint32_t key_at = 0;
    std::uint32_t key_size = 0;
  };

  std::vector<Queued> queued;
  std::vector<Number> numbers;
  std::vector<Placed> places;
  // The result's columns, as they stood before FinishInto, when it had any.
  std::optional<ColumnTotals::Builder> columns;
  std::uint32_t counts_named = 0;  // bits OR'ed into the corpus's
  // Values met that no queued carry counts (a leaf met again replays its
  // count without carrying): added to values_seen and values_recorded.
  std::size_t uncarried_values = 0;
  bool parsed_as_json = false;
  bool absence_report = false;
  std::string arena;

  std::string_view Bytes(std::uint32_t at, std::uint32_t size) const {
    return std::string_view(arena).substr(at, size);
  }
  // Appends `bytes` to the arena; returns where they start.
  std::uint32_t Keep(std::string_view bytes) {
    const auto at = static_cast<std::uint32_t>(arena.size());
    arena.append(bytes);
    return at;
  }
  // An estimate of the memory the replay holds, for the cache's budget.
  [[nodiscard]] std::size_t bytes() const {
    return sizeof(ResultReplay) + arena.capacity() +
           queued.capacity() * sizeof(Queued) +
           numbers.capacity() * sizeof(Number) +
           places.capacity() * sizeof(Placed) +
           (columns.has_value() ? kColumnsEstimateBytes : 0);
  }

 private:
  // A result's column builder, roughly: a few columns of a few rows.
  static constexpr std::size_t kColumnsEstimateBytes = 1024;
};

// The bounds of one ResultCache (the process-wide one uses the defaults).
// A result is built on its first sighting: the replay is written while the
// result is read, at a small cost, and the second sighting replays it.
struct ResultCacheLimits {
  std::size_t max_entries = kMaxResultCacheEntries;
  std::size_t max_bytes = kMaxResultCacheBytes;
  std::size_t min_text_bytes = kMinCachedResultBytes;
  std::size_t max_text_bytes = kMaxCachedResultBytes;
  bool build_on_first_sighting = true;
};

// A bounded map from a result's exact content to its ResultReplay
// (text_cache.h). Thread-safe, as TextCache is.
class ResultCache : public TextCache<ResultReplay, ResultCacheLimits> {
 public:
  using TextCache::TextCache;

  // The process-wide cache EvidenceCorpus::RecordToolResult uses. Never
  // destroyed (no exit-time order to get wrong).
  static ResultCache& Process() {
    static ResultCache* const cache = new ResultCache();
    return *cache;
  }
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RESULT_CACHE_H_
