// evidence/table_slots.h — the hash and the slots of the corpus's
// open-addressing tables.
//
// Its one job: what ValueTable (value_table.h) and LeafMemo (leaf_memo.h)
// share: KeyHash, an inline multiply-fold seeded once per process, and
// TableSlot, an 8-byte slot (a 32-bit hash and the number of what it holds)
// probed linearly. What it does NOT do: hold keys or entries (each table
// keeps its own, in places that never move), or shrink.
#ifndef GROUNDGATE_EVIDENCE_TABLE_SLOTS_H_
#define GROUNDGATE_EVIDENCE_TABLE_SLOTS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/hash/hash.h"

namespace groundgate::evidence {

// The hash of a key for ValueTable: wyhash's multiply-fold over 8-byte
// words, inline (most keys are 4 to 24 bytes: two loads and two
// multiplies). Seeded per process, as absl::Hash is, so a tool result
// cannot be built to collide; nothing ever iterates the table, so no output
// depends on the seed (law 9).
__extension__ using WideProduct = unsigned __int128;

inline std::uint64_t MultiplyFold(std::uint64_t a, std::uint64_t b) {
  const WideProduct product = static_cast<WideProduct>(a) * b;
  return static_cast<std::uint64_t>(product) ^
         static_cast<std::uint64_t>(product >> 64);
}

inline std::uint64_t Load8(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

inline std::uint64_t Load4(const char* p) {
  std::uint32_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

// The process's seed. A function's static (inline: one for the whole
// program), not a namespace-scope constant: a corpus filled by another
// translation unit's static initializer must hash with the same seed as every
// later lookup. The tables copy it once (a static's guard on every hash
// costs 1.5% of record's instructions).
inline std::uint64_t KeyHashSeed() {
  static const std::uint64_t seed =
      absl::HashOf(std::uint64_t{0x9e3779b97f4a7c15ULL});
  return seed;
}

// Always inlined: it runs for every key carried and every leaf met, and
// GCC keeps an inline function with external linkage that several tables
// call out of line (a call per key on record's hottest path).
ABSL_ATTRIBUTE_ALWAYS_INLINE inline std::uint64_t KeyHash(
    std::string_view key, std::uint64_t seed = KeyHashSeed()) {
  constexpr std::uint64_t kP0 = 0xa0761d6478bd642fULL;
  constexpr std::uint64_t kP1 = 0xe7037ed1a0b428dbULL;
  constexpr std::uint64_t kP2 = 0x8ebc6af09c88c6e3ULL;
  const char* p = key.data();
  const std::size_t n = key.size();
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  if (n <= 16) {
    if (n >= 8) {
      a = Load8(p);
      b = Load8(p + n - 8);
    } else if (n >= 4) {
      a = Load4(p);
      b = Load4(p + n - 4);
    } else if (n > 0) {
      a = (std::uint64_t{static_cast<unsigned char>(p[0])} << 16) |
          (std::uint64_t{static_cast<unsigned char>(p[n >> 1])} << 8) |
          static_cast<unsigned char>(p[n - 1]);
    }
  } else {
    std::size_t i = 0;
    for (; i + 16 < n; i += 16) {
      seed = MultiplyFold(Load8(p + i) ^ kP1, Load8(p + i + 8) ^ seed);
    }
    a = Load8(p + n - 16);
    b = Load8(p + n - 8);
  }
  return MultiplyFold(kP1 ^ n, MultiplyFold(a ^ kP1, b ^ seed ^ kP0) ^ kP2);
}

// A slot of the open-addressing tables (ValueTable, LeafMemo): a
// 32-bit hash and the number of what it holds, plus one (0: empty).
struct TableSlot {
  std::uint32_t hash = 0;
  std::uint32_t entry = 0;
};

// Doubles `slots` (to kInitialTableSlots when empty) and places each held
// slot again by linear probing from its hash; `*mask` becomes the new size
// minus one. Only the slots move: what they number stays where it is.
inline constexpr std::size_t kInitialTableSlots = 64;
void GrowTableSlots(std::vector<TableSlot>* slots, std::size_t* mask);

// The slot a key new to a table of `held` entries takes: `slot`, where the
// probe for it ended, or, when one more entry would fill the table past
// half, the first free slot from `hash` after GrowTableSlots.
inline std::size_t SlotForNew(std::vector<TableSlot>* slots, std::size_t* mask,
                              std::size_t held, std::size_t slot,
                              std::uint32_t hash) {
  if ((held + 1) * 2 <= slots->size()) return slot;
  GrowTableSlots(slots, mask);
  std::size_t at = hash & *mask;
  while ((*slots)[at].entry != 0) at = (at + 1) & *mask;
  return at;
}

// Asks the memory for the slot a key of this hash is looked for first.
inline void PrefetchTableSlot(const std::vector<TableSlot>& slots,
                              std::size_t mask, std::uint32_t hash) {
  if (!slots.empty()) __builtin_prefetch(&slots[hash & mask]);
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_TABLE_SLOTS_H_
