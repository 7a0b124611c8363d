// evidence/corpus.cc — the index behind EvidenceCorpus.
//
// One hash table (ValueTable) from canonical value to its entry, looked up
// through a short queue that overlaps its cache misses. Carrier lists are
// cleared lazily: an entry remembers the turn its list belongs to, so
// BeginUserTurn() costs what this turn's column totals are (they join the
// earlier turns', at most kMaxColumnTotals), however large the index is.
// Dates and clock times in string leaves and text are indexed under their
// date and time keys too ("@date:2024-05-06", "@md:05-06", "@ym:2024-05",
// "@time:13:25", "@time:13:25:06"; see evidence/extractor.h): no canonical
// form begins with '@', so these keys never meet an ordinary token.
#include "groundgate/corpus.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"
#include "evidence/canonical.h"
#include "evidence/column_totals.h"
#include "evidence/conversions.h"
#include "evidence/counts_named.h"
#include "evidence/exempt_cache.h"
#include "evidence/extractor.h"
#include "evidence/json_walk.h"
#include "evidence/keys.h"
#include "evidence/names.h"
#include "evidence/numbers.h"
#include "evidence/numeric_index.h"
#include "evidence/quantities.h"
#include "evidence/relative_days.h"
#include "evidence/tokenizer.h"
#include "evidence/units.h"

namespace groundgate {
namespace {

// A JSON string leaf is also indexed whole (as one value) when it is at most
// this long: names and codes with spaces ("Julian Hester", "(555) 123-4567")
// are short; a paragraph is only indexed as its tokens.
constexpr std::size_t kMaxWholeLeafBytes = 256;

// Conflicts are looked for among scalar leaves up to this long (a status, a
// price, a name; not a paragraph), at most kMaxPlacesPerTurn places a turn
// (a bound on memory: a huge result stops adding places, it does not slow
// down), at most kMaxConflictsPerValue notes per value.
constexpr std::size_t kMaxPlacedLeafBytes = 64;
constexpr std::size_t kMaxPlacesPerTurn = 1 << 16;
constexpr std::size_t kMaxConflictsPerValue = 4;

absl::string_view AbslView(std::string_view s) {
  return absl::string_view(s.data(), s.size());
}

// A canonical number is -?\d+(\.\d+)?; a cheap test on its first bytes is
// enough to skip words and '@' keys (NumericIndex::Add checks the rest).
bool LooksLikeCanonicalNumber(std::string_view key) {
  if (!key.empty() && key.front() == '-') key.remove_prefix(1);
  return !key.empty() && key.front() >= '0' && key.front() <= '9' &&
         key.back() >= '0' && key.back() <= '9';
}

// The bytes of the long keys of the corpus's distinct values (see
// StoredValue), in blocks that never move. Nothing is freed before the
// corpus.
class KeyArena {
 public:
  const char* Store(std::string_view key) {
    if (key.size() > kBlockBytes / 4) {
      // A long key gets a block of its own; the current block stays open.
      large_.push_back(std::make_unique<char[]>(key.size()));
      std::copy(key.begin(), key.end(), large_.back().get());
      return large_.back().get();
    }
    if (blocks_.empty() || used_ + key.size() > kBlockBytes) {
      blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
      used_ = 0;
    }
    char* at = blocks_.back().get() + used_;
    std::copy(key.begin(), key.end(), at);
    used_ += key.size();
    return at;
  }

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

// The process's seed. A function's static, not a namespace-scope
// constant: a corpus filled by another translation unit's static
// initializer must hash with the same seed as every later lookup. The
// tables copy it once (a static's guard on every hash cost 1.5% of
// record's instructions).
std::uint64_t KeyHashSeed() {
  static const std::uint64_t seed =
      absl::HashOf(std::uint64_t{0x9e3779b97f4a7c15ULL});
  return seed;
}

inline std::uint64_t KeyHash(std::string_view key,
                             std::uint64_t seed = KeyHashSeed()) {
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

// A slot of the open-addressing tables below (ValueTable, LeafMemo): a
// 32-bit hash and the number of what it holds, plus one (0: empty).
struct TableSlot {
  std::uint32_t hash = 0;
  std::uint32_t entry = 0;
};

// Doubles `slots` (to kInitialTableSlots when empty) and places each held
// slot again by linear probing from its hash; `*mask` becomes the new size
// minus one. Only the slots move: what they number stays where it is.
constexpr std::size_t kInitialTableSlots = 64;
void GrowTableSlots(std::vector<TableSlot>* slots, std::size_t* mask) {
  std::vector<TableSlot> old = std::move(*slots);
  slots->assign(old.empty() ? kInitialTableSlots : old.size() * 2, TableSlot{});
  *mask = slots->size() - 1;
  for (const TableSlot& slot : old) {
    if (slot.entry == 0) continue;
    std::size_t i = slot.hash & *mask;
    while ((*slots)[i].entry != 0) i = (i + 1) & *mask;
    (*slots)[i] = slot;
  }
}

// The corpus's distinct values: open addressing over 8-byte slots (a
// hash's low 32 bits and an entry's number), entries in blocks that never
// move. A lookup reads a slot, then the one entry whose hash matched;
// growing moves only the slots (their hash says where each goes), never an
// entry or a key. Replaces an absl::flat_hash_map<string_view, ValueEntry>
// whose keys lived in an arena: a lookup read the slot, then the key's
// bytes elsewhere, and each growth hashed every key again (issue 12).
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
    std::size_t at = place.slot;
    if ((size_ + 1) * 2 > slots_.size()) {
      Grow();
      at = place.hash & mask_;
      while (slots_[at].entry != 0) at = (at + 1) & mask_;
    }
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
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash & mask_]);
  }

 private:
  using Slot = TableSlot;  // entry: the entry's number plus one
  static constexpr std::size_t kBlockEntries = 1024;

  StoredValue& At(std::size_t n) const {
    return blocks_[n / kBlockEntries][n % kBlockEntries];
  }

  void Grow() { GrowTableSlots(&slots_, &mask_); }

  std::uint64_t seed_ = KeyHashSeed();  // read once, then hot
  std::vector<Slot> slots_;             // a power of two, at most half full
  std::size_t mask_ = 0;
  std::vector<std::unique_ptr<StoredValue[]>> blocks_;
  std::size_t size_ = 0;
  KeyArena long_keys_;
};

// 64-bit FNV-1a: unseeded, so a bounded id is the same in every process
// and in every output (absl::Hash is seeded per process).
std::uint64_t StableHash(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

// `text` itself when at most `max_bytes`; else a prefix cut on a UTF-8
// boundary, '~' and the hash of the whole text (see BoundedToolCallId).
std::string Bounded(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t keep = max_bytes - kBoundedSuffixBytes;
  // Never end inside a character: back off over continuation bytes
  // (10xxxxxx) to the lead byte, and leave the lead byte out too.
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) {
    --keep;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(text.substr(0, keep));
  out.push_back('~');
  const std::uint64_t hash = StableHash(text);
  for (int shift = 60; shift >= 0; shift -= 4) {
    out.push_back(kHex[(hash >> shift) & 0xF]);
  }
  return out;
}

static_assert(kMaxToolCallIdBytes > kBoundedSuffixBytes &&
              kMaxRecordedToolNameBytes > kBoundedSuffixBytes);

}  // namespace

std::string BoundedToolCallId(std::string_view id) {
  return Bounded(id, kMaxToolCallIdBytes);
}

std::string BoundedToolName(std::string_view name) {
  return Bounded(name, kMaxRecordedToolNameBytes);
}

// What RecordToolResult replays for a short leaf it met before in the same
// result (see there), and for a token of prose it met before in the same
// result. Bounded: leaves and tokens up to kMaxMemoLeafBytes, at most
// kMaxMemoLeaves of them per result; past that, they are read as usual.
// The bounds keep the memo's memory a few megabytes whatever the result,
// and a leaf longer than a short value rarely repeats.
constexpr std::size_t kMaxMemoLeafBytes = 64;
constexpr std::size_t kMaxMemoLeaves = 1 << 16;

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
    evidence::PersonNameKey person_key = evidence::PersonNameKey::kNone;
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
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash & mask_]);
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
    std::size_t at = place.slot;
    if ((leaves_.size() + 1) * 2 > slots_.size()) {
      Grow();
      at = place.hash & mask_;
      while (slots_[at].entry != 0) at = (at + 1) & mask_;
    }
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

  void Grow() { GrowTableSlots(&slots_, &mask_); }

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
  static constexpr std::size_t kRing = 2 * evidence::kJsonLookahead;
  static_assert((kRing & (kRing - 1)) == 0);
  std::array<std::uint32_t, kRing> hashes_{};
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
};

// An email local part longer than this is no one's name (RFC 5321: 64).
constexpr std::size_t kMaxEmailLocalBytes = 64;
// A word of a local part shorter than this ("j" of "j.doe") names no one.
constexpr std::size_t kMinEmailNameBytes = 2;
// A corpus attaches at most this many shared exempt sets (exempt_cache.h);
// IsExempt probes each. A conversation has a system prompt or two; past
// this, sets' keys are copied into the corpus's own table instead.
constexpr std::size_t kMaxSharedExemptSets = 8;

struct EvidenceCorpus::Index {
  explicit Index(CorpusOptions o) : options(o) {}

  CorpusOptions options;
  ValueTable values;
  absl::flat_hash_set<std::string> exempt;
  // Exempt texts indexed once per process (evidence/exempt_cache.h): sets
  // shared with other corpora, each attached once, and how many of their
  // keys no earlier set or `exempt` held (what they add to the ceiling's
  // count).
  std::vector<std::shared_ptr<const evidence::ExemptSet>> shared_exempt;
  std::size_t shared_exempt_distinct = 0;
  std::vector<RecordedResult> results;  // this turn's, in first-record order
  absl::flat_hash_map<std::string, std::uint32_t> result_slots;
  // Carrier lists longer than two, for this turn only (cleared with it).
  std::vector<std::array<std::uint32_t, kMaxCarriers>> spill;
  std::uint32_t turn = 0;
  bool truncated = false;
  // The names of the tools the application let the model call, canonical:
  // exempt, and not counted against the ceiling (there are few).
  absl::flat_hash_set<std::string> tool_names;
  // The numbers this turn's results carried, for rounding and arithmetic.
  evidence::NumericIndex numbers;
  // The totals of the columns of this turn's results' tables, and of
  // earlier turns' (evidence/column_totals.h).
  evidence::ColumnTotals columns;
  evidence::ColumnTotals earlier_columns;
  std::uint32_t earlier_results = 0;  // results of earlier user turns
  // Counts the user named with their noun ("two passengers"), and the
  // lengths of the lists results carried under such a noun ("passengers":
  // three elements): bit q.
  std::uint32_t counts_named = 0;
  // Day shifts the user or the app asked for, this conversation.
  evidence::DayShifts day_shifts;
  // Days of the month the user or the app named alone ("the 6th"): bit d.
  std::uint32_t days_of_month = 0;

  std::uint32_t* CarrierData(ValueEntry& entry) {
    return entry.spill == kNoSpill ? entry.inline_slots
                                   : spill[entry.spill].data();
  }

  bool HoldsExempt(std::string_view key) const {
    if (exempt.contains(AbslView(key))) return true;
    for (const auto& set : shared_exempt) {
      if (set->Contains(key)) return true;
    }
    return false;
  }

  std::size_t ExemptCount() const {
    return exempt.size() + shared_exempt_distinct;
  }

  void AddExempt(std::string_view key) {
    if (key.empty() || HoldsExempt(key)) return;
    if (Full()) {
      truncated = true;
      return;
    }
    exempt.emplace(key);
  }

  bool Full() const {
    return values.size() + ExemptCount() >= options.max_index_tokens;
  }

  // Records what a cached exempt text yields, with the per-key path's
  // result: the same keys exempt, the same count against the ceiling, the
  // same truncated() flag. When every new key fits under the ceiling the
  // shared set is attached as it is (no key copied); else — or when this
  // corpus already holds kMaxSharedExemptSets sets, so IsExempt stays a few
  // probes — its keys are replayed in text order through AddExempt, which
  // is what the per-key path over the text does (a repeat adds nothing), so
  // what gets in below the ceiling never depends on hash order.
  void AttachExempt(const std::shared_ptr<const evidence::ExemptSet>& set) {
    day_shifts.Merge(set->day_shifts);
    days_of_month |= set->days_of_month;
    for (const auto& held : shared_exempt) {
      if (held == set) return;  // every key already exempt
    }
    std::size_t fresh = set->ordered.size();
    if (!exempt.empty() || !shared_exempt.empty()) {
      fresh = 0;
      for (const absl::string_view key : set->ordered) {
        if (!HoldsExempt(std::string_view(key.data(), key.size()))) ++fresh;
      }
    }
    if (fresh == 0) return;  // the per-key path would add nothing either
    if (shared_exempt.size() < kMaxSharedExemptSets &&
        values.size() + ExemptCount() + fresh <= options.max_index_tokens) {
      shared_exempt.push_back(set);
      shared_exempt_distinct += fresh;
      return;
    }
    for (const absl::string_view key : set->ordered) {
      AddExempt(std::string_view(key.data(), key.size()));
    }
  }

  // Carries go through a short queue: a key's slot is asked of the memory
  // when it is queued and looked up kCarryLookahead carries later, so many
  // of the table's cache misses are in flight at once instead of one after
  // another (the table outgrows the caches: 116k values of a 5 MiB result;
  // issue 12). Asking for the entry too, halfway, measured no faster.
  // The queue is carried out in order, and marking a person's name is
  // queued with the carries, so the ceiling lets in the same keys and a
  // mark finds what the carries before it stored. Whatever reads the table
  // or the outcome otherwise calls FlushCarries first.
  // 32 carries span a few leaves' work: longer than a miss takes to come
  // back from memory, short enough that the queue stays in L1.
  static constexpr std::size_t kCarryLookahead = 32;
  // A queued key up to this long is copied inline (all but ~4% of the 5
  // MiB fixture's keys); a longer one into the item's reused string.
  static constexpr std::size_t kQueuedKeyBytes = 32;
  // What a queued item does: carry its key, or mark a value the carries
  // before it stored (a word of a person's name; a number a result wrote
  // alone, found so only once the words after it were read).
  enum class Op : std::uint8_t { kCarry, kMarkPersonName, kMarkBareNumber };
  struct QueuedCarry {
    // The key: in `bytes` up to kQueuedKeyBytes (most keys), else in
    // `long_key` (whose capacity the next long key queued here reuses).
    char bytes[kQueuedKeyBytes];
    std::string long_key;
    std::uint32_t size = 0;
    std::uint32_t hash = 0;
    std::uint32_t slot = 0;
    bool exact = false;
    Op op = Op::kCarry;
    bool bare_number = false;  // a carry of a number standing alone

    std::string_view key() const {
      return std::string_view(size <= kQueuedKeyBytes ? bytes : long_key.data(),
                              size);
    }
  };
  std::array<QueuedCarry, kCarryLookahead> queue;
  std::size_t queue_head = 0;  // the oldest queued carry
  std::size_t queue_count = 0;
  RecordOutcome* queue_outcome = nullptr;  // the outcome the queue reports to

  // Records that result `slot` carried canonical value `key` (now or, at
  // the latest, at the next FlushCarries); `bare_number`: as a number that
  // stands alone (a JSON number, say).
  void Carry(std::string_view key, bool exact, std::uint32_t slot,
             RecordOutcome* out, bool bare_number = false) {
    if (key.empty()) return;
    ++out->values_seen;
    ++results[slot].values_recorded;
    if (queue_outcome != out) {
      FlushCarries();
      queue_outcome = out;
    }
    Enqueue(key, exact, slot, Op::kCarry, bare_number);
  }

  // Marks `number`, which the carries before stored, as written alone.
  void MarkBareNumber(std::string_view number) {
    if (!number.empty()) Enqueue(number, false, 0, Op::kMarkBareNumber);
  }

  void Enqueue(std::string_view key, bool exact, std::uint32_t slot, Op op,
               bool bare_number = false) {
    if (queue_count == kCarryLookahead) CarryOldest();
    QueuedCarry& next = queue[(queue_head + queue_count) % kCarryLookahead];
    next.size = static_cast<std::uint32_t>(key.size());
    if (key.size() <= kQueuedKeyBytes) {
      std::memcpy(next.bytes, key.data(), key.size());
    } else {
      next.long_key.assign(key);
    }
    next.hash = values.Hash(key);
    next.slot = slot;
    next.exact = exact;
    next.op = op;
    next.bare_number = bare_number;
    ++queue_count;
    values.PrefetchSlot(next.hash);
  }

  void CarryOldest() {
    const QueuedCarry& oldest = queue[queue_head];
    if (oldest.op == Op::kCarry) {
      CarryNow(oldest.key(), oldest.hash, oldest.exact, oldest.slot,
               queue_outcome, oldest.bare_number);
    } else {
      // A mark: of a value the ceiling kept out, nothing.
      StoredValue* const held = values.Locate(oldest.key(), oldest.hash).found;
      if (held != nullptr) {
        (oldest.op == Op::kMarkPersonName ? held->entry.person_name
                                          : held->entry.bare_number) = true;
      }
    }
    queue_head = (queue_head + 1) % kCarryLookahead;
    --queue_count;
  }

  // Carries out every queued carry, oldest first.
  void FlushCarries() {
    while (queue_count > 0) CarryOldest();
    queue_outcome = nullptr;
  }

  // REQUIRES: key is not empty, hash == values.Hash(key).
  void CarryNow(std::string_view key, std::uint32_t hash, bool exact,
                std::uint32_t slot, RecordOutcome* out, bool bare_number) {
    const ValueTable::Place place = values.Locate(key, hash);
    StoredValue* value = place.found;
    if (value == nullptr) {
      if (Full()) {
        truncated = true;
        return;
      }
      value = &values.Insert(place, key);
      ++out->values_new;
    }
    ValueEntry& entry = value->entry;
    entry.latest_turn = turn;
    entry.exact_spelling_seen |= exact;
    entry.bare_number |= bare_number;
    if (entry.carriers_turn != turn + 1) {
      entry.carrier_count = 0;
      entry.carriers_cut = false;
      entry.spill = kNoSpill;
      entry.carriers_turn = turn + 1;
    }
    // Wire order is slot order: keep the list sorted, each slot once.
    std::uint32_t* begin = CarrierData(entry);
    std::uint32_t* end = begin + entry.carrier_count;
    std::uint32_t* pos = std::lower_bound(begin, end, slot);
    if (pos != end && *pos == slot) return;
    if (entry.carrier_count >= kMaxCarriers) {
      entry.carriers_cut = true;  // law 6: the list is no longer whole
      return;
    }
    if (entry.spill == kNoSpill &&
        entry.carrier_count == std::size(entry.inline_slots)) {
      entry.spill = static_cast<std::uint32_t>(spill.size());
      spill.emplace_back();
      std::copy(begin, end, spill.back().begin());
      const std::ptrdiff_t offset = pos - begin;
      begin = spill.back().data();
      end = begin + entry.carrier_count;
      pos = begin + offset;
    }
    std::copy_backward(pos, end, end + 1);
    *pos = slot;
    ++entry.carrier_count;
  }

  template <typename Sink>
  static void ForEachKey(std::string_view token, Sink&& sink) {
    const evidence::TokenValue value = evidence::ReadToken(token);
    sink(value.canonical.form, !value.canonical.changed);
    if (!value.canonical.hex_digits.empty()) {
      sink(value.canonical.hex_digits, false);
    }
    if (!value.number_before_unit.empty()) {
      sink(value.number_before_unit, false);
      // The unit glued to it ("°f" of "8°F", "mph" of "30mph"): a result
      // that writes it names the unit, for the conversion rung, as one
      // that writes it apart ("8 °F") does (law 1).
      std::string_view unit =
          std::string_view(value.canonical.form)
              .substr(evidence::NumberBeforeUnit(value.canonical.form).size());
      if (!unit.empty() && (unit.front() == '-' || unit.front() == '/')) {
        unit.remove_prefix(1);
      }
      if (!unit.empty()) sink(unit, false);
      // And the number under the unit's dimension ("@dim:data:65" of
      // "65MB"): the judge's check of an answer's "65 MB" against a "65"
      // the results wrote only beside other units.
      const std::string_view dimension =
          unit == "\xC2\xB0"
              ? std::string_view("temperature")
              : evidence::DimensionName(evidence::GluedUnit(unit));
      if (!dimension.empty()) {
        sink(evidence::DimensionKey(dimension, value.number_before_unit),
             false);
      }
    }
    ForEachIdentifierPartKey(value.canonical.form, value.canonical.is_number,
                             sink);
    ForEachEmailNameKey(value.canonical.form, sink);
    ForEachGluedNumberKey(value.canonical.form, sink);
    // The kind of a joined name without digits ("@kind:-lll"): the judge
    // reads such names in an answer only where a result carried their kind.
    if (const std::string kind = evidence::DigitlessKindKey(token);
        !kind.empty()) {
      sink(kind, false);
    }
    // The unit of a span of time ("@span:day" for "7-day"): the judge reads
    // such spans in an answer only where a result carried one.
    if (const std::string span = evidence::SpanKindKey(token); !span.empty()) {
      sink(span, false);
    }
  }

  // The numbers of a token that glues several readings together, each
  // with its unit: "720p@30fps" (a resolution at a frame rate), "4x1.6ghz"
  // (cores times a clock), "32gb/64gb" (storage options), "2x2.4": each
  // number is a key of its own, as if the result had written them apart
  // ("30 fps", "1.6 GHz"), and so is a resolution whole ("720p", which an
  // answer reads as an identifier). A delimited field, never a substring
  // (law 2): each part is a whole number, or a number and a unit of
  // units.h, or a resolution's "p".
  template <typename Sink>
  static void ForEachGluedNumberKey(std::string_view form, Sink&& sink) {
    auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    if (form.size() < 3 || !is_digit(form.front())) return;
    auto joiner = [](char c) { return c == '@' || c == 'x' || c == '/'; };
    // Quick no: no joiner before a digit.
    bool any = false;
    for (std::size_t i = 1; i + 1 < form.size() && !any; ++i) {
      any = joiner(form[i]) && is_digit(form[i + 1]);
    }
    if (!any) return;
    absl::InlinedVector<std::string_view, 4> numbers;
    absl::InlinedVector<std::string_view, 4> resolutions;
    // The dimension of the units the parts name (a slash list shares its
    // unit: "128/256gb"); empty when none, or when they name two.
    std::string_view dimension;
    bool dimensions_agree = true;
    std::size_t i = 0;
    while (i < form.size()) {
      const std::size_t start = i;
      while (i < form.size() &&
             (is_digit(form[i]) || (form[i] == '.' && i + 1 < form.size() &&
                                    is_digit(form[i + 1]) && i > start))) {
        ++i;
      }
      if (i == start) return;
      const std::size_t digits_end = i;
      // Letters of a unit ("p", "fps", "ghz", "gb"), but a lone 'x' between
      // digits is the joiner.
      while (i < form.size() && form[i] >= 'a' && form[i] <= 'z' &&
             !(form[i] == 'x' && i + 1 < form.size() && is_digit(form[i + 1]) &&
               i == digits_end)) {
        ++i;
      }
      const std::string_view unit = form.substr(digits_end, i - digits_end);
      if (!unit.empty() && unit != "p" && !evidence::IsUnitSuffix(unit)) return;
      if (const std::string_view named =
              evidence::DimensionName(evidence::GluedUnit(unit));
          !named.empty()) {
        dimensions_agree =
            dimensions_agree && (dimension.empty() || dimension == named);
        dimension = named;
      }
      numbers.push_back(form.substr(start, digits_end - start));
      if (unit == "p") resolutions.push_back(form.substr(start, i - start));
      if (numbers.size() > 8) return;
      if (i == form.size()) break;
      if (!joiner(form[i])) return;
      ++i;
    }
    if (numbers.size() < 2) return;
    for (std::string_view number : numbers) {
      std::string canonical;
      if (!evidence::CanonicalNumber(number, &canonical)) continue;
      sink(canonical, false);
      if (!dimension.empty() && dimensions_agree) {
        sink(evidence::DimensionKey(dimension, canonical), false);
      }
    }
    for (std::string_view resolution : resolutions) sink(resolution, false);
  }

  // An email address's local part names its owner ("mia.li@",
  // "hotel-dealz@", "dasherservice@"): its words of letters, and the
  // local part itself when it is letters only, are keys, so "Mia Li",
  // "Hotel Dealz" and "DasherService" read from a sender count as read.
  // A delimited field, never a substring (law 2); parts with digits are
  // identifier parts (ForEachIdentifierPartKey).
  template <typename Sink>
  static void ForEachEmailNameKey(std::string_view form, Sink&& sink) {
    const std::size_t at = form.find('@');
    if (at == 0 || at == std::string_view::npos || at > kMaxEmailLocalBytes ||
        form.find('@', at + 1) != std::string_view::npos ||
        form.find('.', at + 1) == std::string_view::npos) {
      return;
    }
    const std::string_view local = form.substr(0, at);
    auto letters = [](std::string_view part) {
      return std::all_of(part.begin(), part.end(),
                         [](char c) { return c >= 'a' && c <= 'z'; });
    };
    if (letters(local)) {
      sink(local, false);
      return;
    }
    std::size_t begin = 0;
    while (begin <= local.size()) {
      std::size_t end = begin;
      while (end < local.size() && local[end] != '.' && local[end] != '-' &&
             local[end] != '_' && local[end] != '+') {
        ++end;
      }
      const std::string_view part = local.substr(begin, end - begin);
      if (part.size() >= kMinEmailNameBytes && letters(part)) sink(part, false);
      begin = end + 1;
    }
  }

  // An identifier's delimited parts that hold a digit ("7504069" of
  // "certificate_7504069", under "@part:7504069") and the last four digits
  // of a trailing run of at least kMinTailRunDigits ("@tail:1784" of
  // "4111111111111784"): the answer writes "certificate 7504069" or "card
  // ending in 1784". A part is a whole delimited field, never a substring
  // (law 2).
  template <typename Sink>
  static void ForEachIdentifierPartKey(std::string_view form, bool is_number,
                                       Sink&& sink) {
    // The delimiters "_-./:#", by a switch: this runs on every token of
    // every result, and a set lookup per byte costs a call.
    auto delimiter = [](char c) {
      switch (c) {
        case '_':
        case '-':
        case '.':
        case '/':
        case ':':
        case '#':
          return true;
        default:
          return false;
      }
    };
    const bool has_delimiter = std::any_of(form.begin(), form.end(), delimiter);
    std::size_t run = 0;  // trailing digits
    while (run < form.size() && form[form.size() - 1 - run] >= '0' &&
           form[form.size() - 1 - run] <= '9') {
      ++run;
    }
    if (run >= evidence::kMinTailRunDigits) {
      sink(evidence::DerivedKey(
               evidence::kTailKey,
               form.substr(form.size() - evidence::kTailDigits)),
           false);
    }
    // A number's "." is its decimal point, not a delimiter.
    if (!has_delimiter || is_number) return;
    std::size_t begin = 0;
    while (begin <= form.size()) {
      std::size_t end = begin;
      while (end < form.size() && !delimiter(form[end])) ++end;
      const std::string_view part = form.substr(begin, end - begin);
      if (part.size() >= evidence::kMinPartBytes && part.size() < form.size() &&
          std::any_of(part.begin(), part.end(),
                      [](char c) { return c >= '0' && c <= '9'; })) {
        sink(evidence::DerivedKey(evidence::kPartKey, part), false);
      }
      begin = end + 1;
    }
  }

  // A date or clock time that begins at `span` (`2024-05-06T13:25:06`,
  // `14:00:00`, `May 22, 2024`), under its date and time keys as well: the
  // judge reads the answer with the same MatchDateTime (law 1). The date
  // part of a timestamp is a structural decomposition, not a substring (law
  // 2). Every token is tried, those inside a value already read too: the
  // judge's readers may consume the tokens before a date otherwise and
  // start a reading inside it (`1,2 024,8 May 7`: a result reads `8 May`,
  // an answer reads the number `2 024,8`, then `May 7`).
  template <typename Sink>
  static void ForEachDateTimeKey(std::string_view text,
                                 evidence::TokenSpan span, Sink&& sink) {
    const std::optional<evidence::DateTimeValue> when =
        evidence::MatchDateTime(text, span);
    if (!when.has_value()) return;
    for (const std::string_view key : evidence::DateTimeIndexKeys(*when)) {
      sink(key, false);
    }
    // The year of a whole date: "in 1903" from "1903-04-21".
    if (when->year != 0 && when->month != 0 && when->day != 0) {
      sink(evidence::DerivedKey(evidence::kYearKey, std::to_string(when->year)),
           false);
    }
    // The month of a date with a day: "the 6th" of the user is in it.
    if (when->month >= 1 && when->month <= 12 && when->day != 0) {
      sink(evidence::MonthKey(when->month), false);
    }
  }

  // A number people write in another form than its canonical one: money
  // ("$1.2M"), a percent ("12%" is also the ratio 0.12), a grouping of
  // another locale ("41 200"), a number in words. Its value is a key too:
  // the judge reads the answer with the same MatchNumber (law 1).
  // A plain number is also read with what follows it, as the judge reads
  // an answer's (quantities.h's ReadUnitAfter): under its unit's dimension
  // ("@dim:temperature:17" of "17 °C" or "17°"), or, with no unit,
  // handed to `mark_bare` (Evidence::bare_number).
  template <typename Sink, typename MarkBare>
  static void ForEachNumberKey(std::string_view text, evidence::TokenSpan span,
                               Sink&& sink, MarkBare&& mark_bare) {
    bool digit = false;
    for (std::size_t i = span.start; i < span.end && !digit; ++i) {
      digit = text[i] >= '0' && text[i] <= '9';
    }
    // A currency code before its amount ("USD 890") starts a reading too.
    const bool code =
        span.end - span.start == 3 &&
        std::all_of(text.begin() + static_cast<std::ptrdiff_t>(span.start),
                    text.begin() + static_cast<std::ptrdiff_t>(span.end),
                    [](char c) { return c >= 'A' && c <= 'Z'; });
    if (!digit && !code) return;
    const std::optional<evidence::NumberReading> reading =
        evidence::MatchNumber(text, span);
    if (!reading.has_value()) return;
    // Whenever the reading says more than the token's own canonical form:
    // a kind, a scale, several tokens, or a sign before the token ("−6594"
    // with U+2212, which the tokenizer leaves out).
    if (reading->kind != evidence::NumberReading::Kind::kPlain ||
        reading->scaled || reading->tokens > 1 || reading->start < span.start) {
      sink(reading->value, false);
    }
    if (reading->kind != evidence::NumberReading::Kind::kPlain ||
        reading->scaled) {
      return;
    }
    const evidence::UnitAfter unit =
        evidence::ReadUnitAfter(text, reading->end);
    if (!unit.found) {
      mark_bare(reading->value);
      return;
    }
    const std::string_view dimension =
        unit.unit == evidence::QuantityUnit::kNone && unit.degree
            ? std::string_view("temperature")
            : evidence::DimensionName(unit.unit);
    if (!dimension.empty()) {
      sink(evidence::DimensionKey(dimension, reading->value), false);
    }
    if (unit.unit != evidence::QuantityUnit::kNone) {
      sink(evidence::DerivedKey(evidence::kUnitKey,
                                evidence::UnitSymbol(unit.unit)),
           false);
    }
  }

  // Text: the keys of each token (TokenKeys carries ForEachKey's keys of
  // one token, as it is or from a memo), and its date and number readings.
  template <typename Sink, typename TokenKeys, typename MarkBare>
  static void ForEachTextKey(std::string_view text, Sink&& sink,
                             TokenKeys&& token_keys, MarkBare&& mark_bare) {
    evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
      token_keys(text.substr(span.start, span.end - span.start));
      ForEachDateTimeKey(text, span, sink);
      ForEachNumberKey(text, span, sink, mark_bare);
      return true;
    });
  }

  // Text the user or the application supplied: its keys, and the parts of
  // what they typed that are identifiers of their own — an email address's
  // local part ("sophia_silva_7557" of "sophia_silva_7557@example.com": a
  // user id spelled as the mailbox) and a URL's path segments ("abc_123" of
  // "https://example.com/users/abc_123"). Only here, never for a tool
  // result: what a result carries is a value read whole (law 2), what the
  // user typed is theirs in every delimited field of it.
  template <typename Sink>
  static void ForEachExemptTextKey(std::string_view text, Sink&& sink) {
    ForEachTextKey(
        text, sink, [&](std::string_view token) { ForEachKey(token, sink); },
        [](std::string_view) {});
    evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
      const std::string_view token =
          text.substr(span.start, span.end - span.start);
      // Only an address or a URL has parts the user typed: skip the rest
      // before the canonicalizer.
      if (token.find('@') == std::string_view::npos &&
          token.find("://") == std::string_view::npos) {
        return true;
      }
      const evidence::CanonicalForm form = evidence::Canonicalize(token);
      ForEachUserTypedPart(form.form, [&](std::string_view part) {
        sink(evidence::Canonicalize(part).form, false);
      });
      return true;
    });
  }

  // The local part of an email address (before its one '@', with a '.'
  // after it) and the path segments of an http(s) URL, each at least
  // kMinPartBytes long.
  template <typename Visit>
  static void ForEachUserTypedPart(std::string_view form, Visit&& visit) {
    const std::size_t at = form.find('@');
    if (at != std::string_view::npos && at != 0 && at <= kMaxEmailLocalBytes &&
        form.find('@', at + 1) == std::string_view::npos &&
        form.find('.', at + 1) != std::string_view::npos &&
        form.find('/') == std::string_view::npos) {
      if (at >= evidence::kMinPartBytes) visit(form.substr(0, at));
      return;
    }
    for (const std::string_view scheme : {"https://", "http://"}) {
      if (!form.starts_with(scheme)) continue;
      std::string_view rest = form.substr(scheme.size());
      const std::size_t slash = rest.find('/');
      if (slash == std::string_view::npos) return;
      rest.remove_prefix(slash + 1);  // the host is not a path segment
      while (!rest.empty()) {
        const std::size_t end = std::min(rest.find('/'), rest.size());
        const std::string_view segment = rest.substr(0, end);
        if (segment.size() >= evidence::kMinPartBytes) visit(segment);
        rest.remove_prefix(std::min(end + 1, rest.size()));
      }
      return;
    }
  }

  // A string leaf or key: its tokens, and the whole leaf when it is short
  // and more than one token. ForEachKey's keys of a token of a leaf of
  // several are TokenKeys's to carry (as ForEachTextKey's).
  // *identity receives the hash of the key that stands for the whole leaf
  // (its one token, or the whole short leaf); 0 when none does.
  template <typename Sink, typename TokenKeys, typename MarkBare>
  static void ForEachLeafKey(std::string_view leaf, Sink&& sink,
                             std::uint64_t* identity, TokenKeys&& token_keys,
                             MarkBare&& mark_bare) {
    bool single = false;
    std::size_t count = 0;
    *identity = 0;
    evidence::ForEachToken(leaf, [&](evidence::TokenSpan span) {
      ++count;
      single = count == 1 && span.start == 0 && span.end == leaf.size();
      const std::string_view token =
          leaf.substr(span.start, span.end - span.start);
      if (single) {
        bool first_key = true;
        ForEachKey(token, [&](std::string_view key, bool exact) {
          if (first_key) *identity = ValueHash(key);
          first_key = false;
          sink(key, exact);
        });
      } else {
        token_keys(token);
      }
      ForEachDateTimeKey(leaf, span, sink);
      ForEachNumberKey(leaf, span, sink, mark_bare);
      return true;
    });
    if (!single && count > 0 && leaf.size() <= kMaxWholeLeafBytes) {
      const evidence::CanonicalForm whole = evidence::Canonicalize(leaf);
      *identity = ValueHash(whole.form);
      sink(whole.form, !whole.changed);
    }
  }

  // Marks the words of a person's name a result carried (Evidence::
  // person_name): each token as the corpus indexed it ("o'neil" as "o" and
  // "neil"). A word the ceiling kept out stays unmarked.
  // Queued with the carries (see Carry), so it marks what they stored.
  void MarkPersonName(std::string_view leaf) {
    if (leaf.size() > evidence::kMaxPersonNameBytes) return;
    evidence::ForEachToken(leaf, [&](evidence::TokenSpan span) {
      const evidence::TokenValue value =
          evidence::ReadToken(leaf.substr(span.start, span.end - span.start));
      if (!value.canonical.form.empty()) {
        Enqueue(value.canonical.form, false, 0, Op::kMarkPersonName);
      }
      return true;
    });
  }

  static std::uint64_t ValueHash(std::string_view key) {
    return KeyHash(key) | 1;  // never 0: 0 is "none"
  }

  // Conflicts: the first value this turn's results carried at each place
  // (a JSON path and the entity it describes), and the values another
  // result of the same tool contradicted there.
  struct PlaceFirst {
    std::uint32_t slot;
    std::uint64_t value;
  };
  absl::flat_hash_map<std::pair<std::uint64_t, std::uint64_t>, PlaceFirst>
      places;
  absl::flat_hash_map<std::uint64_t, std::vector<ConflictingPlace>> conflicts;

  void NoteConflict(std::uint64_t value, std::string_view key,
                    std::uint32_t slot, std::uint32_t other_slot) {
    std::vector<ConflictingPlace>& notes = conflicts[value];
    if (notes.size() >= kMaxConflictsPerValue) return;
    for (const ConflictingPlace& note : notes) {
      if (note.carrier == slot && note.other_carrier == other_slot &&
          note.key == key) {
        return;
      }
    }
    notes.push_back({std::string(key), slot, other_slot});
  }

  // Records that result `slot` carried `value` at `place`; notes a conflict
  // when another result of the same tool carried a different value at the
  // same place.
  void Place(const evidence::JsonLeafPlace& place, std::uint64_t value,
             std::uint32_t slot) {
    if (value == 0 || place.anchor == evidence::kNoAnchor) return;
    if (places.size() >= kMaxPlacesPerTurn) return;
    auto [it, inserted] = places.try_emplace(
        std::make_pair(place.path, place.anchor), PlaceFirst{slot, value});
    if (inserted) return;
    const PlaceFirst first = it->second;
    if (first.slot == slot || first.value == value) return;
    if (results[first.slot].tool_name != results[slot].tool_name) return;
    NoteConflict(value, place.key, slot, first.slot);
    NoteConflict(first.value, place.key, first.slot, slot);
  }
};

EvidenceCorpus::EvidenceCorpus(CorpusOptions options)
    : index_(std::make_unique<Index>(options)) {
  if (index_->options.max_index_tokens == 0) {
    index_->options.max_index_tokens = 1;
  }
}
EvidenceCorpus::~EvidenceCorpus() = default;
EvidenceCorpus::EvidenceCorpus(EvidenceCorpus&&) noexcept = default;
EvidenceCorpus& EvidenceCorpus::operator=(EvidenceCorpus&&) noexcept = default;

void EvidenceCorpus::BeginUserTurn() {
  ++index_->turn;
  index_->results.clear();
  index_->result_slots.clear();
  index_->spill.clear();
  index_->places.clear();
  index_->conflicts.clear();
  index_->earlier_columns.AddAll(
      index_->columns, evidence::kFirstEarlierSlot + index_->earlier_results);
  index_->earlier_results += static_cast<std::uint32_t>(index_->results.size());
  index_->numbers.Clear();
  index_->columns.Clear();
}

RecordOutcome EvidenceCorpus::RecordToolResult(std::string_view tool_call_id,
                                               std::string_view tool_name,
                                               std::string_view content) {
  Index& index = *index_;
  RecordOutcome outcome;
  // Bounded once, here: every carrier list, near miss and verdict copies
  // these strings, never the caller's.
  std::string id = BoundedToolCallId(tool_call_id);
  outcome.id_clipped = id.size() != tool_call_id.size();
  outcome.name_clipped = tool_name.size() > kMaxRecordedToolNameBytes;
  auto [slot_it, inserted] = index.result_slots.try_emplace(
      id, static_cast<std::uint32_t>(index.results.size()));
  if (inserted) {
    std::string name = BoundedToolName(tool_name);
    // The application named its tools: an answer that names one ("I called
    // GetUserToken") states what the app supplied, not what it made up.
    index.tool_names.insert(evidence::Canonicalize(name).form);
    index.results.push_back(RecordedResult{std::move(id), std::move(name), 0});
  }
  const std::uint32_t slot = slot_it->second;
  auto carry = [&](std::string_view key, bool exact) {
    index.Carry(key, exact, slot, &outcome);
    if (LooksLikeCanonicalNumber(key)) index.numbers.Add(key, slot);
  };

  // Within one result, a short leaf met again (an object key of every
  // element of an array, a status, a unit) carries exactly what it carried
  // the first time: the same keys into the same slot, which changes nothing
  // in the index but the counts (values_seen, values_recorded) and the
  // numbers' occurrences. So the second time only those are replayed.
  // Number leaves and text leaves (keys and strings, read alike) are
  // memoized apart. So are the tokens of prose (a text leaf of several
  // tokens, a text result): a word met again carries the keys it carried
  // the first time; only its date and number readings, which depend on
  // the words around it, are read again. The views point into the walk's
  // buffers, which stay valid until WalkJson returns (or into `content`).
  LeafMemo memo;
  // A number a result wrote with no unit after it (ForEachNumberKey).
  auto mark_bare = [&](std::string_view number) {
    index.MarkBareNumber(number);
  };
  // ForEachKey's keys of one token of prose, read the first time this
  // result meets the token and replayed after. `leaf` is the effect of the
  // leaf being remembered (its keys and numbers count these too), or null.
  auto carry_token_keys = [&](std::string_view token, LeafMemo::Effect* leaf,
                              bool leaf_numbers) {
    const std::uint32_t hash = memo.Hash(LeafMemo::Kind::kToken, token);
    const LeafMemo::Place place =
        memo.Find(LeafMemo::Kind::kToken, token, hash);
    if (place.found != nullptr) {
      const LeafMemo::Effect known = *place.found;
      outcome.values_seen += known.keys;
      index.results[slot].values_recorded += known.keys;
      if (leaf != nullptr) leaf->keys += known.keys;
      for (std::uint32_t n = known.numbers_begin; n < known.numbers_end; ++n) {
        const std::uint32_t kept = memo.number(n);
        index.numbers.AddAgain(kept, slot);
        if (leaf_numbers) memo.AddNumber(kept);
      }
      return;
    }
    const bool remember = memo.Admits(token);
    LeafMemo::Effect effect;
    effect.numbers_begin = memo.numbers_size();
    Index::ForEachKey(token, [&](std::string_view key, bool exact) {
      if (key.empty()) return;
      ++effect.keys;
      if (leaf != nullptr) ++leaf->keys;
      index.Carry(key, exact, slot, &outcome);
      if (LooksLikeCanonicalNumber(key)) {
        const std::uint32_t kept = index.numbers.Add(key, slot);
        if (remember || leaf_numbers) memo.AddNumber(kept);
      }
    });
    effect.numbers_end = memo.numbers_size();
    if (remember) {
      memo.Remember(place, LeafMemo::Kind::kToken, token, effect);
    }
  };
  // People's names: a leaf under a person's key is marked as it is met; a
  // bare "name" once its object is known to hold an email address too
  // (copied, as the walk's views end with it, when the email comes later).
  absl::flat_hash_set<std::uint32_t> objects_with_email;
  std::vector<std::pair<std::uint32_t, std::string>> names_pending;
  // The last key leaf visited, its class, and whether it names what is
  // counted.
  std::string_view last_key;
  evidence::PersonNameKey last_key_class = evidence::PersonNameKey::kNone;
  bool last_key_counts = false;

  // The memo outgrows the caches on a large result: each leaf's memo hash
  // is computed kJsonLookahead leaves early (WalkJson's `ahead`) and its
  // slot asked of the memory then.
  MemoLookahead memo_ahead;
  // The columns of the result's tables, added up as they are met.
  evidence::ColumnTotals::Builder columns;
  // The lists under a noun of what is counted ("passengers"), by array id:
  // elements met so far, and the object of the last one. An element
  // object's keys have the list's key as theirs; a scalar element is its
  // own leaf. The last key asked about is remembered (the elements of one
  // list share its view).
  struct CountedList {
    std::uint32_t elements = 0;
    std::uint32_t last_object = 0;
  };
  absl::flat_hash_map<std::uint32_t, CountedList> counted_lists;
  // The keys met so far that are such a noun, by their text's address:
  // a list's elements carry the very view of the key that holds it
  // (JsonLeafPlace::key), so a leaf is in such a list when its place's key
  // is one of these. The latest kMaxNounKeys only.
  constexpr std::size_t kMaxNounKeys = 8;
  absl::InlinedVector<const char*, kMaxNounKeys> noun_keys;
  auto ahead = [&](evidence::JsonLeafKind kind, std::string_view leaf) {
    std::uint32_t hash = 0;
    if (leaf.size() <= kMaxMemoLeafBytes) {
      hash = memo.Hash(kind == evidence::JsonLeafKind::kNumber
                           ? LeafMemo::Kind::kNumber
                           : LeafMemo::Kind::kText,
                       leaf);
      memo.PrefetchSlot(hash);
    }
    memo_ahead.Push(hash);
  };

  const evidence::JsonWalkResult walked = evidence::WalkJson(
      content, ahead,
      [&](evidence::JsonLeafKind kind, std::string_view leaf,
          const evidence::JsonLeafPlace& place) {
        std::uint64_t identity = 0;
        const bool number = kind == evidence::JsonLeafKind::kNumber;
        const LeafMemo::Kind memo_kind =
            number ? LeafMemo::Kind::kNumber : LeafMemo::Kind::kText;
        const LeafMemo::Place memo_place =
            memo.Find(memo_kind, leaf, memo_ahead.Next());
        LeafMemo::Effect* const known = memo_place.found;
        const bool is_key = kind == evidence::JsonLeafKind::kKey;
        if (is_key) {
          last_key = leaf;
          if (known != nullptr && known->person_key_known) {
            last_key_class = known->person_key;
            last_key_counts = known->count_noun;
          } else {
            last_key_class = evidence::ClassifyPersonNameKey(leaf);
            last_key_counts = evidence::IsCountNoun(leaf);
            if (known != nullptr) {
              known->person_key = last_key_class;
              known->count_noun = last_key_counts;
              known->person_key_known = true;
            }
          }
        }
        if (known != nullptr) {
          identity = known->identity;
          outcome.values_seen += known->keys;
          index.results[slot].values_recorded += known->keys;
          for (std::uint32_t n = known->numbers_begin; n < known->numbers_end;
               ++n) {
            index.numbers.AddAgain(memo.number(n), slot);
          }
        } else {
          LeafMemo::Effect effect;
          const bool memoizable = memo.Admits(leaf);
          const std::size_t remembered_before = memo.remembered();
          effect.numbers_begin = memo.numbers_size();
          auto carry_noted = [&](std::string_view key, bool exact,
                                 bool bare_number = false) {
            if (key.empty()) return;
            ++effect.keys;
            index.Carry(key, exact, slot, &outcome, bare_number);
            if (LooksLikeCanonicalNumber(key)) {
              const std::uint32_t kept = index.numbers.Add(key, slot);
              if (memoizable) memo.AddNumber(kept);
            }
          };
          if (number) {
            bool first_key = true;
            // A JSON number stands alone: its canonical form (the first
            // key) is a bare number.
            Index::ForEachKey(leaf, [&](std::string_view key, bool exact) {
              if (first_key) identity = Index::ValueHash(key);
              carry_noted(key, exact, /*bare_number=*/first_key);
              first_key = false;
            });
          } else {
            Index::ForEachLeafKey(
                leaf, carry_noted, &identity,
                [&](std::string_view token) {
                  carry_token_keys(token, &effect, memoizable);
                },
                mark_bare);
          }
          effect.identity = identity;
          effect.numbers_end = memo.numbers_size();
          effect.person_key_known = is_key;
          effect.count_noun = is_key && last_key_counts;
          effect.person_key =
              is_key ? last_key_class : evidence::PersonNameKey::kNone;
          // Its tokens may have been remembered since memo_place was found.
          if (memoizable && memo.Admits(leaf)) {
            memo.Remember(memo.remembered() == remembered_before
                              ? memo_place
                              : memo.Find(memo_kind, leaf, memo_place.hash),
                          memo_kind, leaf, effect);
          }
        }
        if (!is_key && leaf.size() <= kMaxPlacedLeafBytes) {
          index.Place(place, identity, slot);
        }
        if (number && place.array != 0) {
          columns.Add(place.path, place.array, leaf);
        }
        if (place.array != 0 && !noun_keys.empty() &&
            std::find(noun_keys.begin(), noun_keys.end(), place.key.data()) !=
                noun_keys.end()) {
          CountedList& list = counted_lists[place.array];
          if (!is_key) {
            ++list.elements;
          } else if (place.object != list.last_object) {
            ++list.elements;
            list.last_object = place.object;
          }
        }
        if (is_key && last_key_counts) {
          if (noun_keys.size() == kMaxNounKeys)
            noun_keys.erase(noun_keys.begin());
          noun_keys.push_back(leaf.data());
        }
        // A key leaf is the key itself (its place is its object's).
        if (is_key) {
          if (last_key_class == evidence::PersonNameKey::kEmail) {
            objects_with_email.insert(place.object);
          }
          return;
        }
        if (kind != evidence::JsonLeafKind::kString ||
            leaf.size() > evidence::kMaxPersonNameBytes) {
          return;
        }
        // A value's key is most often the key leaf just met: the very same
        // bytes (the walk's view of the key), so the same class.
        const bool key_just_met = place.key.data() == last_key.data() &&
                                  place.key.size() == last_key.size();
        switch (key_just_met ? last_key_class
                             : evidence::ClassifyPersonNameKey(place.key)) {
          case evidence::PersonNameKey::kPerson:
            index.MarkPersonName(leaf);
            break;
          case evidence::PersonNameKey::kBareName:
            if (objects_with_email.contains(place.object)) {
              index.MarkPersonName(leaf);
            } else {
              names_pending.emplace_back(place.object, std::string(leaf));
            }
            break;
          case evidence::PersonNameKey::kNone:
          case evidence::PersonNameKey::kEmail:
            break;
        }
      });
  for (const auto& [object, name] : names_pending) {
    if (objects_with_email.contains(object)) index.MarkPersonName(name);
  }
  if (walked.parsed && !walked.absence_report) {
    columns.FinishInto(&index.columns, slot);
    for (const auto& [array, list] : counted_lists) {
      if (list.elements >= 2 && list.elements <= evidence::kMaxNamedCount) {
        index.counts_named |= std::uint32_t{1} << list.elements;
      }
    }
  }
  if (!walked.parsed) {
    memo = LeafMemo();  // its views were into the walk's buffers
    Index::ForEachTextKey(
        content, carry,
        [&](std::string_view token) {
          carry_token_keys(token, nullptr, /*leaf_numbers=*/false);
        },
        mark_bare);
  }
  index.FlushCarries();
  index.numbers.Prepare();
  outcome.parsed_as_json = walked.parsed;
  outcome.absence_report = walked.absence_report;
  outcome.truncated = index.truncated;
  return outcome;
}

void EvidenceCorpus::RecordExempt(std::string_view text) {
  Index& index = *index_;
  const std::shared_ptr<const evidence::ExemptSet> set =
      evidence::ExemptCache::Process().Get(text, [text] {
        evidence::ExemptSetBuilder builder;
        Index::ForEachExemptTextKey(
            text, [&](std::string_view key, bool) { builder.Add(key); });
        return std::move(builder).Finish(evidence::DayShiftsNamed(text),
                                         evidence::DaysOfMonthNamed(text));
      });
  if (set == nullptr) {
    // Not cached (short, huge, or seen once so far): the per-key path.
    index.day_shifts.Merge(evidence::DayShiftsNamed(text));
    index.days_of_month |= evidence::DaysOfMonthNamed(text);
    Index::ForEachExemptTextKey(
        text, [&](std::string_view key, bool) { index.AddExempt(key); });
    return;
  }
  index.AttachExempt(set);
}

bool EvidenceCorpus::RecordUserMessage(std::string_view text) {
  if (text.substr(0, kCorrectionFramePrefix.size()) == kCorrectionFramePrefix) {
    return false;  // the library's own words: not exempt, not a boundary
  }
  BeginUserTurn();
  RecordExempt(text);
  index_->counts_named |= evidence::CountsNamed(text);
  return true;
}

Evidence EvidenceCorpus::Lookup(std::string_view canonical) const {
  Evidence evidence;
  const StoredValue* const value = index_->values.Find(canonical);
  if (value == nullptr) return evidence;
  const ValueEntry& entry = value->entry;
  evidence.carried = true;
  evidence.latest_turn = entry.latest_turn;
  evidence.exact_spelling_seen = entry.exact_spelling_seen;
  evidence.person_name = entry.person_name;
  evidence.bare_number = entry.bare_number;
  if (entry.carriers_turn == index_->turn + 1) {
    evidence.carried_this_turn = true;
    evidence.carriers = std::span<const std::uint32_t>(
        entry.spill == kNoSpill ? entry.inline_slots
                                : index_->spill[entry.spill].data(),
        entry.carrier_count);
    evidence.carriers_cut = entry.carriers_cut;
  }
  return evidence;
}

std::span<const ConflictingPlace> EvidenceCorpus::ConflictsOf(
    std::string_view canonical) const {
  auto it = index_->conflicts.find(Index::ValueHash(canonical));
  if (it == index_->conflicts.end()) return {};
  return it->second;
}

const evidence::DayShifts& EvidenceCorpus::day_shifts() const {
  return index_->day_shifts;
}

std::uint32_t EvidenceCorpus::days_of_month_named() const {
  return index_->days_of_month;
}

const evidence::ColumnTotal* EvidenceCorpus::FindColumnTotal(
    std::string_view canonical_number) const {
  const std::optional<evidence::NumericUnits> units =
      evidence::ExactNumericUnits(canonical_number);
  if (!units.has_value()) return nullptr;
  if (const evidence::ColumnTotal* total = index_->columns.Find(*units)) {
    return total;
  }
  return index_->earlier_columns.Find(*units);
}

const evidence::NumericIndex& EvidenceCorpus::numbers_this_turn() const {
  return index_->numbers;
}

bool EvidenceCorpus::IsExempt(std::string_view canonical) const {
  return index_->HoldsExempt(canonical) ||
         index_->tool_names.contains(AbslView(canonical));
}

std::uint32_t EvidenceCorpus::counts_named() const {
  return index_->counts_named;
}

const std::vector<RecordedResult>& EvidenceCorpus::results() const {
  return index_->results;
}

void EvidenceCorpus::MarkPartial() { index_->truncated = true; }

bool EvidenceCorpus::truncated() const { return index_->truncated; }

std::uint32_t EvidenceCorpus::user_turn() const { return index_->turn; }

std::size_t EvidenceCorpus::indexed_values() const {
  return index_->values.size() + index_->ExemptCount();
}

}  // namespace groundgate

// The exempt cache (evidence/exempt_cache.h), here beside the key functions
// its sets are built with.
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
