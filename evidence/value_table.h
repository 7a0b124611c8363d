// evidence/value_table.h — the corpus's distinct values and their entries.
//
// Its one job: ValueTable, the hash table from a canonical value to its
// ValueEntry (the turn that carried it, its carrier list, what it was seen
// as), with the bytes of long keys in a KeyArena. It sits under
// EvidenceCorpus (corpus.cc), which carries keys into it and looks them up.
// What it does NOT do: decide what is carried (record_keys.h), bound its
// size (the corpus's ceiling, kMaxIndexTokens), remove a value, or iterate
// (nothing reads it in hash order: law 9).
#ifndef GROUNDGATE_EVIDENCE_VALUE_TABLE_H_
#define GROUNDGATE_EVIDENCE_VALUE_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "evidence/table_slots.h"

namespace groundgate::evidence {

// The bytes of the long keys of the corpus's distinct values (see
// StoredValue), in blocks that never move. Nothing is freed before the
// corpus.
class KeyArena {
 public:
  // A copy of `key` that lives as long as the arena.
  const char* Store(std::string_view key);

 private:
  static constexpr std::size_t kBlockBytes = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::vector<std::unique_ptr<char[]>> large_;
  std::size_t used_ = 0;  // bytes taken in blocks_.back()
};

// No spill block: the list fits in ValueEntry::inline_slots.
constexpr std::uint32_t kNoSpill = 0xFFFFFFFF;

// Most values are carried by one or two results of a turn, so two carrier
// slots live in the entry (24 bytes in all: with its key, an entry fits
// one cache line) and a longer list moves to a spill block of the turn.
struct ValueEntry {
  std::uint32_t latest_turn = 0;
  // The turn (plus one) the carrier list belongs to; 0 = no list yet.
  std::uint32_t carriers_turn = 0;
  std::uint32_t spill = kNoSpill;  // index into Index::spill, this turn
  std::uint32_t inline_slots[2] = {0, 0};
  std::uint8_t carrier_count = 0;
  bool carriers_cut = false;
  // Some result spelled the value exactly as its canonical form.
  bool exact_spelling_seen = false;
  // Some result carried it as a word of a person's name (Evidence).
  bool person_name = false;
  // Some result carried it as a number standing alone (Evidence).
  bool bare_number = false;
};

// A key up to this long is kept inside its entry ("41200",
// "@date:2024-05-06", a WWN); a longer one (a short leaf read whole) in the
// arena. 32 makes an entry 64 bytes: a lookup that finds its value reads
// one cache line, the key compare included.
constexpr std::size_t kInlineKeyBytes = 32;

// One distinct value: its entry and its key, on a cache line of its own.
struct alignas(64) StoredValue {
  ValueEntry entry;
  std::uint32_t key_size = 0;
  union {
    char inline_key[kInlineKeyBytes];
    const char* arena_key;
  };

  std::string_view key() const {
    return std::string_view(
        key_size <= kInlineKeyBytes ? inline_key : arena_key, key_size);
  }
};
static_assert(sizeof(StoredValue) == 64);

// The corpus's distinct values: open addressing over 8-byte slots (a
// hash's low 32 bits and an entry's number), entries in blocks that never
// move. A lookup reads a slot, then the one entry whose hash matched;
// growing moves only the slots (their hash says where each goes), never an
// entry or a key. Not an absl::flat_hash_map<string_view, ValueEntry> with
// its keys in an arena: there a lookup reads the slot, then the key's bytes
// elsewhere, and each growth hashes every key again.
class ValueTable {
 public:
  // Where Locate left a key: its entry, or the slot it would take.
  struct Place {
    StoredValue* found = nullptr;
    std::size_t slot = 0;
    std::uint32_t hash = 0;
  };

  std::uint32_t Hash(std::string_view key) const {
    return static_cast<std::uint32_t>(KeyHash(key, seed_));
  }

  Place Locate(std::string_view key) const { return Locate(key, Hash(key)); }

  // REQUIRES: hash == Hash(key).
  Place Locate(std::string_view key, std::uint32_t hash) const {
    Place place;
    place.hash = hash;
    if (slots_.empty()) return place;
    std::size_t i = place.hash & mask_;
    while (true) {
      const Slot& slot = slots_[i];
      if (slot.entry == 0) break;
      if (slot.hash == place.hash) {
        StoredValue& value = At(slot.entry - 1);
        if (value.key() == key) {
          place.found = &value;
          return place;
        }
      }
      i = (i + 1) & mask_;
    }
    place.slot = i;
    return place;
  }

  StoredValue* Find(std::string_view key) const { return Locate(key).found; }

  // Adds `key` where Locate left it. REQUIRES: place.found == nullptr, and
  // no Insert since that Locate.
  StoredValue& Insert(const Place& place, std::string_view key) {
    const std::size_t at =
        SlotForNew(&slots_, &mask_, size_, place.slot, place.hash);
    if ((size_ & (kBlockEntries - 1)) == 0) {
      blocks_.push_back(std::make_unique<StoredValue[]>(kBlockEntries));
    }
    StoredValue& value = At(size_);
    value.key_size = static_cast<std::uint32_t>(key.size());
    if (key.size() <= kInlineKeyBytes) {
      std::memcpy(value.inline_key, key.data(), key.size());
    } else {
      value.arena_key = long_keys_.Store(key);
    }
    ++size_;
    slots_[at] = Slot{place.hash, static_cast<std::uint32_t>(size_)};
    return value;
  }

  std::size_t size() const { return size_; }

  // Asks the memory for the slot a key of this hash is looked for first.
  void PrefetchSlot(std::uint32_t hash) const {
    PrefetchTableSlot(slots_, mask_, hash);
  }

 private:
  using Slot = TableSlot;  // entry: the entry's number plus one
  static constexpr std::size_t kBlockEntries = 1024;

  StoredValue& At(std::size_t n) const {
    return blocks_[n / kBlockEntries][n % kBlockEntries];
  }

  std::uint64_t seed_ = KeyHashSeed();  // read once, then hot
  std::vector<Slot> slots_;             // a power of two, at most half full
  std::size_t mask_ = 0;
  std::vector<std::unique_ptr<StoredValue[]>> blocks_;
  std::size_t size_ = 0;
  KeyArena long_keys_;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_VALUE_TABLE_H_
