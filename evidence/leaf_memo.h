// evidence/leaf_memo.h — what one tool result's repeated leaves carried.
//
// Its one job: LeafMemo, the table from a short leaf (or a word of prose)
// met in a result to the Effect its first reading had (how many keys it
// carried, which numbers, its identity for conflicts, its key's class), so
// that EvidenceCorpus::RecordToolResult replays the counts of a leaf met
// again instead of reading it again; and MemoLookahead, the hashes of the
// leaves WalkJson's `ahead` saw, so each slot is prefetched early. It lives
// for one result: its views point into the walk's buffers.
// What it does NOT do: carry keys (the corpus does, with record_keys.h), or
// remember the date and number readings of a word of prose (they depend on
// the words around it).
#ifndef GROUNDGATE_EVIDENCE_LEAF_MEMO_H_
#define GROUNDGATE_EVIDENCE_LEAF_MEMO_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "evidence/json_walk.h"
#include "evidence/names.h"
#include "evidence/table_slots.h"

namespace groundgate::evidence {

// What RecordToolResult replays for a short leaf it met before in the same
// result (see there), and for a token of prose it met before in the same
// result. Bounded: leaves and tokens up to kMaxMemoLeafBytes, at most
// kMaxMemoLeaves of them per result; past that, they are read as usual.
// The bounds keep the memo's memory a few megabytes whatever the result,
// and a leaf longer than a short value rarely repeats.
inline constexpr std::size_t kMaxMemoLeafBytes = 64;
inline constexpr std::size_t kMaxMemoLeaves = 1 << 16;

class LeafMemo {
 public:
  // What is remembered: a number leaf, a text leaf (a key or a string), or
  // one token of a text leaf or a text result that holds more than one (its
  // ForEachKey keys only: the date and number readings around it depend on
  // its neighbours and are read each time).
  enum class Kind : std::uint8_t { kText = 0, kNumber = 1, kToken = 2 };

  struct Effect {
    std::uint64_t identity = 0;  // the leaf's identity for conflicts
    std::uint32_t keys = 0;      // non-empty keys carried, with repeats
    // The canonical numbers among them, as NumericIndex::Add kept them
    // (number(i) for i in [begin, end)), whose occurrences it counts.
    std::uint32_t numbers_begin = 0;
    std::uint32_t numbers_end = 0;
    // ClassifyPersonNameKey and IsCountNoun of the leaf, once it was met
    // as a key.
    bool person_key_known = false;
    bool count_noun = false;
    PersonNameKey person_key = PersonNameKey::kNone;
  };

  // Where Find left a leaf, for Remember.
  struct Place {
    Effect* found = nullptr;
    std::size_t slot = 0;
    std::uint32_t hash = 0;
  };

  // The hash Find takes: each kind apart.
  std::uint32_t Hash(Kind kind, std::string_view leaf) const {
    return static_cast<std::uint32_t>(KeyHash(leaf, seed_)) ^
           static_cast<std::uint32_t>(kind);
  }

  // Looks `leaf` up among those of its kind. Open addressing over 8-byte
  // slots, as ValueTable (one hash per leaf, no key compared unless its
  // 32-bit hash, size and kind match).
  // REQUIRES: hash == Hash(kind, leaf) when leaf is at most
  // kMaxMemoLeafBytes long.
  Place Find(Kind kind, std::string_view leaf, std::uint32_t hash) {
    Place place;
    if (leaf.size() > kMaxMemoLeafBytes) return place;
    place.hash = hash;
    if (slots_.empty()) return place;
    std::size_t i = place.hash & mask_;
    for (; slots_[i].entry != 0; i = (i + 1) & mask_) {
      if (slots_[i].hash != place.hash) continue;
      Leaf& known = leaves_[slots_[i].entry - 1];
      if (known.kind == kind && known.size == leaf.size() &&
          std::equal(leaf.begin(), leaf.end(), known.data)) {
        place.found = &known.effect;
        return place;
      }
    }
    place.slot = i;
    return place;
  }
  // Asks the memory for the slot a leaf of this hash is looked for first.
  void PrefetchSlot(std::uint32_t hash) const {
    PrefetchTableSlot(slots_, mask_, hash);
  }
  // True when a leaf not found may be remembered.
  bool Admits(std::string_view leaf) const {
    return leaf.size() <= kMaxMemoLeafBytes && leaves_.size() < kMaxMemoLeaves;
  }
  // REQUIRES: Admits(leaf), `place` is what Find(kind, leaf) returned (it
  // found nothing), and nothing was remembered since (remembered() is
  // what it was then).
  void Remember(const Place& place, Kind kind, std::string_view leaf,
                const Effect& effect) {
    const std::size_t at =
        SlotForNew(&slots_, &mask_, leaves_.size(), place.slot, place.hash);
    leaves_.push_back(Leaf{leaf.data(), static_cast<std::uint32_t>(leaf.size()),
                           kind, effect});
    slots_[at] = Slot{place.hash, static_cast<std::uint32_t>(leaves_.size())};
  }
  // How many leaves and tokens are remembered.
  std::size_t remembered() const { return leaves_.size(); }
  // What NumericIndex::Add returned for a number the leaf carried.
  void AddNumber(std::uint32_t kept) { numbers_.push_back(kept); }
  std::uint32_t numbers_size() const {
    return static_cast<std::uint32_t>(numbers_.size());
  }
  std::uint32_t number(std::uint32_t i) const { return numbers_[i]; }

 private:
  using Slot = TableSlot;  // entry: the leaf's number plus one
  // A leaf remembered: a view into the walk's buffers.
  struct Leaf {
    const char* data;
    std::uint32_t size;
    Kind kind;
    Effect effect;
  };

  std::uint64_t seed_ = KeyHashSeed();  // read once, then hot
  std::vector<Slot> slots_;             // a power of two, at most half full
  std::size_t mask_ = 0;
  std::vector<Leaf> leaves_;
  std::vector<std::uint32_t> numbers_;
};

// The memo hashes of the leaves WalkJson's `ahead` has seen and its
// `visit` not yet, oldest first.
class MemoLookahead {
 public:
  void Push(std::uint32_t hash) { hashes_[tail_++ % kRing] = hash; }
  // The oldest hash: the leaf `visit` sees now.
  std::uint32_t Next() { return hashes_[head_++ % kRing]; }

 private:
  static constexpr std::size_t kRing = 2 * kJsonLookahead;
  static_assert((kRing & (kRing - 1)) == 0);
  std::array<std::uint32_t, kRing> hashes_{};
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_LEAF_MEMO_H_
