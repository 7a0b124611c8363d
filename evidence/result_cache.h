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

#include "absl/container/flat_hash_map.h"
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
// How many results met once the cache remembers (by a hash, 8 bytes each)
// to tell a second sighting: an archive lists the runs of one task side by
// side, but one data set judged for several models may come back only
// after hundreds of others.
inline constexpr std::size_t kResultSightings = 4096;

// What a key queued into the index does (corpus.cc's carry queue): carry
// it, or mark a value the carries before it stored.
enum class QueuedOp : std::uint8_t { kCarry, kMarkPersonName, kMarkBareNumber };

// What recording one result's content did, in order, per kind of state it
// touched (the kinds touch disjoint state, so only the order within each
// kind matters). Immutable once built; shared by every corpus that
// replays it, on any thread. Written compactly (a replay is held for the
// process's life): each queued key and each number is a tag byte, a
// length and the key's bytes, in one string per kind.
class ResultReplay {
 public:
  // A leaf's value at its place, for conflicts (JsonLeafPlace's path and
  // anchor; its key is place_key(key)).
  struct Placed {
    std::uint64_t path = 0;
    std::uint64_t anchor = 0;
    std::uint64_t value = 0;
    std::uint32_t key = 0;
  };

  // Writing (while the result is read).
  void AddQueued(QueuedOp op, bool exact, bool bare_number,
                 std::string_view key);
  // A canonical number added to the numeric index.
  void AddNumber(std::string_view key);
  // One more occurrence of the number the `added`-th AddNumber added.
  void AddNumberAgain(std::uint32_t added);
  void AddPlace(std::uint64_t path, std::uint64_t anchor, std::uint64_t value,
                std::string_view key);
  // Ends the writing: gives back what the writing held beyond the replay.
  void Finish();

  // Reading (Replay). Calls queued(op, exact, bare_number, key) for each
  // queued key, in order.
  template <typename F>
  void ForEachQueued(F&& queued) const {
    std::size_t at = 0;
    while (at < queued_.size()) {
      const auto tag = static_cast<unsigned char>(queued_[at++]);
      const std::string_view key = ReadBytes(queued_, &at);
      queued(static_cast<QueuedOp>(tag & kOpMask), (tag & kExact) != 0,
             (tag & kBare) != 0, key);
    }
  }
  // Calls add(key) for each number added, and again(added) for each
  // occurrence more, in order.
  template <typename Add, typename Again>
  void ForEachNumber(Add&& add, Again&& again) const {
    std::size_t at = 0;
    while (at < numbers_.size()) {
      const auto tag = static_cast<unsigned char>(numbers_[at++]);
      if (tag == kNumberAgain) {
        again(static_cast<std::uint32_t>(ReadLength(numbers_, &at)));
      } else {
        add(ReadBytes(numbers_, &at));
      }
    }
  }
  const std::vector<Placed>& places() const { return places_; }
  std::string_view place_key(std::uint32_t i) const { return place_keys_[i]; }

  // The result's column totals (under slot 0), when it kept any.
  std::optional<ColumnTotals> columns;
  std::uint32_t counts_named = 0;  // bits OR'ed into the corpus's
  // Values met that no queued carry counts (a leaf met again replays its
  // count without carrying): added to values_seen and values_recorded.
  std::size_t uncarried_values = 0;
  std::size_t carries = 0;  // queued keys that are carries
  bool parsed_as_json = false;
  bool absence_report = false;

  // An estimate of the memory the replay holds, for the cache's budget.
  [[nodiscard]] std::size_t bytes() const;

 private:
  static constexpr unsigned char kOpMask = 0x3;
  static constexpr unsigned char kExact = 0x4;
  static constexpr unsigned char kBare = 0x8;
  static constexpr unsigned char kNumberAdd = 0;
  static constexpr unsigned char kNumberAgain = 1;

  static void WriteLength(std::size_t length, std::string* out) {
    if (length < 0x80) {
      out->push_back(static_cast<char>(length));
    } else {
      WriteLongLength(length, out);
    }
  }
  static void WriteLongLength(std::size_t length, std::string* out);
  static std::size_t ReadLength(std::string_view in, std::size_t* at) {
    std::size_t length = 0;
    for (int shift = 0;; shift += 7) {
      const auto byte = static_cast<unsigned char>(in[(*at)++]);
      length |= static_cast<std::size_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) return length;
    }
  }
  static std::string_view ReadBytes(std::string_view in, std::size_t* at) {
    const std::size_t length = ReadLength(in, at);
    const std::string_view bytes = in.substr(*at, length);
    *at += length;
    return bytes;
  }

  std::string queued_;
  std::string numbers_;
  std::vector<Placed> places_;
  std::vector<std::string> place_keys_;
  // While writing: the index of each place key in place_keys_.
  absl::flat_hash_map<std::string, std::uint32_t> place_key_index_;
};

// The bounds of one ResultCache (the process-wide one uses the defaults).
// While results repeat, a result's replay is written the first time it is
// read (at a small cost: its keys copied once more), so its second sighting
// replays it; while they do not, only on its second sighting
// (TextCacheAdmission::kFirstSightingWhileRepeating).
struct ResultCacheLimits {
  std::size_t max_entries = kMaxResultCacheEntries;
  std::size_t max_bytes = kMaxResultCacheBytes;
  std::size_t min_text_bytes = kMinCachedResultBytes;
  std::size_t max_text_bytes = kMaxCachedResultBytes;
  TextCacheAdmission admission =
      TextCacheAdmission::kFirstSightingWhileRepeating;
  std::size_t sightings = kResultSightings;
};

// A bounded map from a result's exact content to its ResultReplay
// (text_cache.h). Thread-safe, as TextCache is.
class ResultCache : public TextCache<ResultReplay, ResultCacheLimits> {
 public:
  using TextCache::TextCache;

  // The process-wide cache EvidenceCorpus::RecordToolResult uses. Never
  // destroyed (no exit-time order to get wrong).
  static ResultCache& Process();
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RESULT_CACHE_H_
