// evidence/corpus.cc — the index behind EvidenceCorpus.
//
// Its one job: EvidenceCorpus (include/groundgate/corpus.h). Values go
// into one ValueTable (value_table.h), each carried through a short queue
// that overlaps the table's cache misses; the keys each value is carried
// under come from record_keys.h; a tool result is read leaf by leaf
// (ResultRecorder), repeated leaves replayed from a LeafMemo
// (leaf_memo.h). Carrier lists are cleared lazily: an entry remembers the
// turn its list belongs to, so BeginUserTurn() costs what this turn's
// column totals are (they join the earlier turns', at most
// kMaxColumnTotals), however large the index is.
// A result the process read before is replayed from the ResultCache
// (result_cache.h): while a result is read, Enqueue, ResultRecorder's
// AddNumber, AddNumberAgain and PlaceLeaf, and its column totals write
// down what the reading does, and Index::Replay does it again.
// What it does NOT do: decide what a key is (record_keys.h), judge an
// answer (stages/), or hold the caches across corpora (exempt_cache.h,
// result_cache.h).
#include "groundgate/corpus.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "base/clip.h"
#include "evidence/canonical.h"
#include "evidence/column_totals.h"
#include "evidence/corpus_internal.h"
#include "evidence/counts_named.h"
#include "evidence/exempt_cache.h"
#include "evidence/json_walk.h"
#include "evidence/keys.h"
#include "evidence/leaf_memo.h"
#include "evidence/names.h"
#include "evidence/numeric_index.h"
#include "evidence/record_cache.h"
#include "evidence/record_keys.h"
#include "evidence/records.h"
#include "evidence/relative_days.h"
#include "evidence/result_cache.h"
#include "evidence/text_tables.h"
#include "evidence/tokenizer.h"
#include "evidence/value_table.h"

namespace groundgate {
namespace {

using evidence::kNoSpill;
using evidence::LeafMemo;
using evidence::MemoLookahead;
using evidence::StoredValue;
using evidence::ValueEntry;
using evidence::ValueTable;

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

static_assert(kMaxToolCallIdBytes > kBoundedSuffixBytes &&
              kMaxRecordedToolNameBytes > kBoundedSuffixBytes &&
              kBoundedSuffixBytes == base::kHashSuffixBytes);

}  // namespace

std::string BoundedToolCallId(std::string_view id) {
  return base::ClipWithHash(id, kMaxToolCallIdBytes);
}

std::string BoundedToolName(std::string_view name) {
  return base::ClipWithHash(name, kMaxRecordedToolNameBytes);
}

// A corpus attaches at most this many shared exempt sets (exempt_cache.h);
// IsExempt probes each. A conversation has a system prompt or two; past
// this, sets' keys are copied into the corpus's own table instead.
constexpr std::size_t kMaxSharedExemptSets = 8;

// One turn's results are kept for its records up to this many bytes
// (evidence/records.h); a turn past it binds no value (law 11).
constexpr std::size_t kMaxRecordedContentBytes = 8u << 20;

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
  // This turn's results as recorded (by slot), read as records
  // (evidence/records.h) when the judge first binds a value (law 11): a
  // copy costs far less than the walk, and a turn whose answer names no
  // record never pays for the records. Past kMaxRecordedContentBytes the
  // copies are dropped and the records are incomplete.
  std::vector<std::pair<std::uint32_t, std::string>> contents;
  std::size_t content_bytes = 0;
  bool contents_cut = false;
  // Numbers earlier answers derived, by canonical form
  // (RecordJudgedAnswer), at most kMaxEarlierDerivations.
  absl::flat_hash_map<std::string, EarlierDerivation> derived;
  mutable std::mutex records_mutex;
  // This turn's records, read or shared with the process's RecordCache.
  mutable std::shared_ptr<const evidence::RecordSet> records;

  void KeepContent(std::uint32_t slot, std::string_view content) {
    records.reset();
    if (contents_cut) return;
    if (content_bytes + content.size() > kMaxRecordedContentBytes) {
      contents_cut = true;
      contents.clear();
      contents.shrink_to_fit();
      return;
    }
    content_bytes += content.size();
    contents.emplace_back(slot, std::string(content));
  }

  const evidence::RecordSet& Records() const {
    std::lock_guard<std::mutex> lock(records_mutex);
    if (records != nullptr) return *records;
    auto read = [this] {
      auto set = std::make_shared<evidence::RecordSet>();
      if (contents_cut) set->MarkIncomplete();
      for (const auto& [slot, content] : contents) set->Add(slot, content);
      set->Finish();
      return std::shared_ptr<const evidence::RecordSet>(std::move(set));
    };
    // A turn this process read before shares its records (record_cache.h).
    // A turn past the cache's bound is not copied into a key it would turn
    // away.
    if (options.process_caches && !contents_cut &&
        content_bytes <= evidence::kMaxCachedTurnBytes) {
      std::string key;
      evidence::RecordCache::Key(contents, &key);
      records = evidence::RecordCache::Process().Get(key, read);
    }
    if (records == nullptr) records = read();
    return *records;
  }

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
  // another (the table outgrows the caches: 116k values of a 5 MiB result).
  // Asking for the entry too, halfway, measures no faster.
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
  using Op = evidence::QueuedOp;
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
    if (replay_log != nullptr)
      replay_log->AddQueued(op, exact, bare_number, key);
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
  // The slot of result `id` (bounded) this turn; a result met for the first
  // time is added with its tool's name, which becomes exempt: the
  // application named its tools, so an answer that names one ("I called
  // GetUserToken") states what the app supplied, not what it made up.
  std::uint32_t ResultSlot(std::string id, std::string_view tool_name) {
    auto [slot_it, inserted] = result_slots.try_emplace(
        id, static_cast<std::uint32_t>(results.size()));
    if (inserted) {
      std::string name = BoundedToolName(tool_name);
      tool_names.insert(evidence::Canonicalize(name).form);
      results.push_back(RecordedResult{std::move(id), std::move(name), 0});
    }
    return slot_it->second;
  }

  // While a result is read for the process's ResultCache: where its
  // operations on the index are written down (evidence/result_cache.h).
  evidence::ResultReplay* replay_log = nullptr;

  // Does to the index, for result `slot`, what reading the content
  // `replay` was written from did: each operation through the function
  // the reading called, in the order it called them.
  void Replay(const evidence::ResultReplay& replay, std::uint32_t slot,
              RecordOutcome* out) {
    replay.ForEachQueued(
        [&](Op op, bool exact, bool bare_number, std::string_view key) {
          if (op == Op::kCarry) {
            Carry(key, exact, slot, out, bare_number);
          } else {
            Enqueue(key, false, 0, op);
          }
        });
    out->values_seen += replay.uncarried_values;
    results[slot].values_recorded += replay.uncarried_values;
    std::vector<std::uint32_t> kept;  // by addition, what Add returned
    replay.ForEachNumber(
        [&](std::string_view key) { kept.push_back(numbers.Add(key, slot)); },
        [&](std::uint32_t added) { numbers.AddAgain(kept[added], slot); });
    for (const evidence::ResultReplay::Placed& placed : replay.places()) {
      evidence::JsonLeafPlace place;
      place.path = placed.path;
      place.anchor = placed.anchor;
      place.key = replay.place_key(placed.key);
      Place(place, placed.value, slot);
    }
    if (replay.columns.has_value()) columns.AddAll(*replay.columns, slot);
    counts_named |= replay.counts_named;
  }

  class ResultRecorder;
};

// Records one tool result into the index, leaf by leaf as WalkJson meets
// them (or as text, when the result is no JSON): each leaf's keys carried
// into the result's slot, its place for conflicts, the columns of its
// tables, the lists under a noun of what is counted, people's names.
//
// Within one result, a short leaf met again (an object key of every
// element of an array, a status, a unit) carries exactly what it carried
// the first time: the same keys into the same slot, which changes nothing
// in the index but the counts (values_seen, values_recorded) and the
// numbers' occurrences. So the second time only those are replayed.
// Number leaves and text leaves (keys and strings, read alike) are
// memoized apart. So are the tokens of prose (a text leaf of several
// tokens, a text result): a word met again carries the keys it carried
// the first time; only its date and number readings, which depend on
// the words around it, are read again. The memo's views point into the
// walk's buffers, which stay valid until WalkJson returns (or into the
// result's text): a recorder lives for one RecordToolResult.
class EvidenceCorpus::Index::ResultRecorder {
 public:
  ResultRecorder(Index& index, std::uint32_t slot, RecordOutcome* outcome)
      : index_(index), slot_(slot), outcome_(outcome), log_(index.replay_log) {}

  // WalkJson's `ahead`: the memo outgrows the caches on a large result, so
  // each leaf's memo hash is computed kJsonLookahead leaves early and its
  // slot asked of the memory then.
  void Ahead(evidence::JsonLeafKind kind, std::string_view leaf) {
    std::uint32_t hash = 0;
    if (leaf.size() <= evidence::kMaxMemoLeafBytes) {
      hash = memo_.Hash(kind == evidence::JsonLeafKind::kNumber
                            ? LeafMemo::Kind::kNumber
                            : LeafMemo::Kind::kText,
                        leaf);
      memo_.PrefetchSlot(hash);
    }
    memo_ahead_.Push(hash);
  }

  // WalkJson's `visit`: one key or leaf at its place.
  void Visit(evidence::JsonLeafKind kind, std::string_view leaf,
             const evidence::JsonLeafPlace& place) {
    const bool number = kind == evidence::JsonLeafKind::kNumber;
    const bool is_key = kind == evidence::JsonLeafKind::kKey;
    const LeafMemo::Kind memo_kind =
        number ? LeafMemo::Kind::kNumber : LeafMemo::Kind::kText;
    const LeafMemo::Place memo_place =
        memo_.Find(memo_kind, leaf, memo_ahead_.Next());
    if (is_key) ClassifyKey(leaf, memo_place.found);
    const std::uint64_t identity =
        memo_place.found != nullptr
            ? Replay(*memo_place.found)
            : ReadAfresh(kind, leaf, memo_kind, memo_place);
    if (!is_key && leaf.size() <= kMaxPlacedLeafBytes) {
      PlaceLeaf(place, identity);
    }
    if (number && place.array != 0) {
      columns_.Add(place.path, place.array, leaf);
    }
    CountListElement(place, is_key);
    // A key leaf is the key itself (its place is its object's).
    if (is_key) {
      NoteKey(leaf, place);
      return;
    }
    if (kind == evidence::JsonLeafKind::kString &&
        leaf.size() <= evidence::kMaxPersonNameBytes) {
      MarkIfPersonName(leaf, place);
    }
  }

  // After the walk: the names whose object's email came after them.
  void MarkPendingNames() {
    for (const auto& [object, name] : names_pending_) {
      if (objects_with_email_.contains(object)) index_.MarkPersonName(name);
    }
  }

  // After the walk of a JSON result that is no absence report: its column
  // totals, and the lengths of its lists under a noun of what is counted.
  void AddTablesAndLists() {
    FinishColumns();
    std::uint32_t counts = 0;
    for (const auto& [array, list] : counted_lists_) {
      if (list.elements >= 2 && list.elements <= evidence::kMaxNamedCount) {
        counts |= std::uint32_t{1} << list.elements;
      }
    }
    index_.counts_named |= counts;
    if (log_ != nullptr) log_->counts_named |= counts;
  }

  // A result that is no JSON: the keys of its text.
  void ReadText(std::string_view content) {
    memo_ = LeafMemo();  // its views were into the walk's buffers
    evidence::ForEachTextKey(
        content,
        [&](std::string_view key, bool exact) {
          index_.Carry(key, exact, slot_, outcome_);
          if (LooksLikeCanonicalNumber(key)) AddNumber(key);
        },
        [&](std::string_view token) {
          CarryTokenKeys(token, nullptr, /*leaf_numbers=*/false);
        },
        [&](std::string_view number) { index_.MarkBareNumber(number); });
    const std::vector<std::string_view> lines = evidence::TextLines(content);
    AddTextTableColumns(lines);
    CarryListCount(lines);
  }

 private:
  // The number of items a text result lists, one a line, as a key of its
  // own (keys.h's kCountKey): an answer's "4 members" for four names.
  void CarryListCount(std::span<const std::string_view> lines) {
    const std::size_t items = evidence::CountListItems(lines);
    if (items == 0 || items > evidence::kMaxListedCount) return;
    index_.Carry(
        evidence::DerivedKey(evidence::kCountKey, std::to_string(items)),
        /*exact=*/false, slot_, outcome_);
  }

  // The column totals of the table a text result holds (CSV, TSV, a
  // markdown table: text_tables.h), as a JSON result's: each column one
  // array of rows. A cell is read as its canonical number ("$210",
  // "1,234"); a cell that is none makes its column unsummable.
  void AddTextTableColumns(std::span<const std::string_view> lines) {
    const evidence::TextTable table = evidence::ReadTextTable(lines);
    if (table.rows < 2) return;
    constexpr std::uint32_t kTableArray = 1;  // one table: one array
    for (std::size_t r = 0; r < table.rows; ++r) {
      const std::span<const std::string_view> row = table.row(r);
      for (std::size_t c = 0; c < row.size(); ++c) {
        const evidence::CanonicalForm cell = evidence::Canonicalize(row[c]);
        columns_.Add(c, kTableArray, cell.is_number ? cell.form : "-");
      }
    }
    FinishColumns();
  }

  // Adds the result's column totals to the corpus's (and to the replay
  // being written, under slot 0: AddAll keeps the same totals, and
  // truncates the same way, as FinishInto straight into the corpus's).
  void FinishColumns() {
    if (log_ == nullptr) {
      columns_.FinishInto(&index_.columns, slot_);
      return;
    }
    evidence::ColumnTotals kept;
    columns_.FinishInto(&kept, 0);
    index_.columns.AddAll(kept, slot_);
    if (kept.size() > 0 || kept.truncated()) log_->columns = std::move(kept);
  }

  // Adds canonical number `key` to the numeric index for this result.
  // Returns the addition's number, which AddNumberAgain takes (the memo
  // keeps it): what Add returned depends on the corpus, and a replay into
  // another corpus must count the same addition again.
  std::uint32_t AddNumber(std::string_view key) {
    kept_.push_back(index_.numbers.Add(key, slot_));
    if (log_ != nullptr) log_->AddNumber(key);
    return static_cast<std::uint32_t>(kept_.size() - 1);
  }
  // One more occurrence of the number addition `added` (AddNumber's) added.
  void AddNumberAgain(std::uint32_t added) {
    index_.numbers.AddAgain(kept_[added], slot_);
    if (log_ != nullptr) log_->AddNumberAgain(added);
  }

  // Notes a leaf's value at its place, for conflicts.
  void PlaceLeaf(const evidence::JsonLeafPlace& place, std::uint64_t identity) {
    index_.Place(place, identity, slot_);
    if (log_ != nullptr && identity != 0 &&
        place.anchor != evidence::kNoAnchor) {
      log_->AddPlace(place.path, place.anchor, identity, place.key);
    }
  }

  // A list under a noun of what is counted ("passengers"): elements met
  // so far, and the object of the last one.
  struct CountedList {
    std::uint32_t elements = 0;
    std::uint32_t last_object = 0;
  };
  // The noun keys remembered (noun_keys_): the latest this many.
  static constexpr std::size_t kMaxNounKeys = 8;

  // A key leaf: its class as a person's key and whether it names what is
  // counted, from the memo when it was met as a key before.
  void ClassifyKey(std::string_view leaf, LeafMemo::Effect* known) {
    last_key_ = leaf;
    if (known != nullptr && known->person_key_known) {
      last_key_class_ = known->person_key;
      last_key_counts_ = known->count_noun;
      return;
    }
    last_key_class_ = evidence::ClassifyPersonNameKey(leaf);
    last_key_counts_ = evidence::IsCountNoun(leaf);
    if (known != nullptr) {
      known->person_key = last_key_class_;
      known->count_noun = last_key_counts_;
      known->person_key_known = true;
    }
  }

  // A leaf met before in this result: its counts and numbers again.
  // Returns its identity.
  std::uint64_t Replay(const LeafMemo::Effect& known) {
    outcome_->values_seen += known.keys;
    index_.results[slot_].values_recorded += known.keys;
    for (std::uint32_t n = known.numbers_begin; n < known.numbers_end; ++n) {
      AddNumberAgain(memo_.number(n));
    }
    return known.identity;
  }

  // A leaf met for the first time in this result: carries its keys and
  // remembers their effect when the memo admits it. Returns its identity
  // (the hash of the key that stands for the whole leaf; 0 when none does).
  std::uint64_t ReadAfresh(evidence::JsonLeafKind kind, std::string_view leaf,
                           LeafMemo::Kind memo_kind,
                           const LeafMemo::Place& memo_place) {
    const bool is_key = kind == evidence::JsonLeafKind::kKey;
    std::uint64_t identity = 0;
    LeafMemo::Effect effect;
    const bool memoizable = memo_.Admits(leaf);
    const std::size_t remembered_before = memo_.remembered();
    effect.numbers_begin = memo_.numbers_size();
    auto carry_noted = [&](std::string_view key, bool exact,
                           bool bare_number = false) {
      if (key.empty()) return;
      ++effect.keys;
      index_.Carry(key, exact, slot_, outcome_, bare_number);
      if (LooksLikeCanonicalNumber(key)) {
        const std::uint32_t added = AddNumber(key);
        if (memoizable) memo_.AddNumber(added);
      }
    };
    if (kind == evidence::JsonLeafKind::kNumber) {
      bool first_key = true;
      // A JSON number stands alone: its canonical form (the first key) is
      // a bare number.
      evidence::ForEachKey(leaf, [&](std::string_view key, bool exact) {
        if (first_key) identity = evidence::ValueHash(key);
        carry_noted(key, exact, /*bare_number=*/first_key);
        first_key = false;
      });
    } else {
      evidence::ForEachLeafKey(
          leaf, carry_noted, &identity,
          [&](std::string_view token) {
            CarryTokenKeys(token, &effect, memoizable);
          },
          [&](std::string_view number) { index_.MarkBareNumber(number); });
    }
    effect.identity = identity;
    effect.numbers_end = memo_.numbers_size();
    effect.person_key_known = is_key;
    effect.count_noun = is_key && last_key_counts_;
    effect.person_key =
        is_key ? last_key_class_ : evidence::PersonNameKey::kNone;
    // Its tokens may have been remembered since memo_place was found.
    if (memoizable && memo_.Admits(leaf)) {
      memo_.Remember(memo_.remembered() == remembered_before
                         ? memo_place
                         : memo_.Find(memo_kind, leaf, memo_place.hash),
                     memo_kind, leaf, effect);
    }
    return identity;
  }

  // ForEachKey's keys of one token of prose, read the first time this
  // result meets the token and replayed after. `leaf` is the effect of the
  // leaf being remembered (its keys and numbers count these too), or null.
  void CarryTokenKeys(std::string_view token, LeafMemo::Effect* leaf,
                      bool leaf_numbers) {
    const std::uint32_t hash = memo_.Hash(LeafMemo::Kind::kToken, token);
    const LeafMemo::Place place =
        memo_.Find(LeafMemo::Kind::kToken, token, hash);
    if (place.found != nullptr) {
      const LeafMemo::Effect known = *place.found;
      outcome_->values_seen += known.keys;
      index_.results[slot_].values_recorded += known.keys;
      if (leaf != nullptr) leaf->keys += known.keys;
      for (std::uint32_t n = known.numbers_begin; n < known.numbers_end; ++n) {
        const std::uint32_t added = memo_.number(n);
        AddNumberAgain(added);
        if (leaf_numbers) memo_.AddNumber(added);
      }
      return;
    }
    const bool remember = memo_.Admits(token);
    LeafMemo::Effect effect;
    effect.numbers_begin = memo_.numbers_size();
    evidence::ForEachKey(token, [&](std::string_view key, bool exact) {
      if (key.empty()) return;
      ++effect.keys;
      if (leaf != nullptr) ++leaf->keys;
      index_.Carry(key, exact, slot_, outcome_);
      if (LooksLikeCanonicalNumber(key)) {
        const std::uint32_t added = AddNumber(key);
        if (remember || leaf_numbers) memo_.AddNumber(added);
      }
    });
    effect.numbers_end = memo_.numbers_size();
    if (remember) {
      memo_.Remember(place, LeafMemo::Kind::kToken, token, effect);
    }
  }

  // A leaf in a list under a noun of what is counted: one element more
  // (the keys of an element object count once for their object; a scalar
  // element is its own leaf). A list's elements carry the very view of the
  // key that holds it (JsonLeafPlace::key), so a leaf is in such a list
  // when its place's key is one of noun_keys_.
  void CountListElement(const evidence::JsonLeafPlace& place, bool is_key) {
    if (place.array == 0 || noun_keys_.empty() ||
        std::find(noun_keys_.begin(), noun_keys_.end(), place.key.data()) ==
            noun_keys_.end()) {
      return;
    }
    CountedList& list = counted_lists_[place.array];
    if (!is_key) {
      ++list.elements;
    } else if (place.object != list.last_object) {
      ++list.elements;
      list.last_object = place.object;
    }
  }

  // A key leaf, once its place is noted: a noun of what is counted joins
  // noun_keys_; an email address's key marks its object as holding one.
  void NoteKey(std::string_view leaf, const evidence::JsonLeafPlace& place) {
    if (last_key_counts_) {
      if (noun_keys_.size() == kMaxNounKeys)
        noun_keys_.erase(noun_keys_.begin());
      noun_keys_.push_back(leaf.data());
    }
    if (last_key_class_ == evidence::PersonNameKey::kEmail) {
      objects_with_email_.insert(place.object);
    }
  }

  // People's names: a string leaf under a person's key is marked as it is
  // met; under a bare "name", once its object is known to hold an email
  // address too (copied, as the walk's views end with it, when the email
  // comes later).
  void MarkIfPersonName(std::string_view leaf,
                        const evidence::JsonLeafPlace& place) {
    // A value's key is most often the key leaf just met: the very same
    // bytes (the walk's view of the key), so the same class.
    const bool key_just_met = place.key.data() == last_key_.data() &&
                              place.key.size() == last_key_.size();
    switch (key_just_met ? last_key_class_
                         : evidence::ClassifyPersonNameKey(place.key)) {
      case evidence::PersonNameKey::kPerson:
        index_.MarkPersonName(leaf);
        break;
      case evidence::PersonNameKey::kBareName:
        if (objects_with_email_.contains(place.object)) {
          index_.MarkPersonName(leaf);
        } else {
          names_pending_.emplace_back(place.object, std::string(leaf));
        }
        break;
      case evidence::PersonNameKey::kNone:
      case evidence::PersonNameKey::kEmail:
        break;
    }
  }

  Index& index_;
  const std::uint32_t slot_;
  RecordOutcome* const outcome_;
  evidence::ResultReplay* const log_;  // the replay being written, or null
  // By number addition (AddNumber), what the numeric index's Add returned.
  std::vector<std::uint32_t> kept_;
  LeafMemo memo_;
  MemoLookahead memo_ahead_;
  evidence::ColumnTotals::Builder columns_;
  absl::flat_hash_set<std::uint32_t> objects_with_email_;
  std::vector<std::pair<std::uint32_t, std::string>> names_pending_;
  // The last key leaf visited, its class, and whether it names what is
  // counted.
  std::string_view last_key_;
  evidence::PersonNameKey last_key_class_ = evidence::PersonNameKey::kNone;
  bool last_key_counts_ = false;
  // The lists under a noun of what is counted, by array id, and the keys
  // met so far that are such a noun, by their text's address.
  absl::flat_hash_map<std::uint32_t, CountedList> counted_lists_;
  absl::InlinedVector<const char*, kMaxNounKeys> noun_keys_;
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
  // This turn's column totals move to the earlier ones under slots past
  // every earlier result's, counted before the turn's results are cleared.
  index_->earlier_columns.AddAll(
      index_->columns, evidence::kFirstEarlierSlot + index_->earlier_results);
  index_->earlier_results += static_cast<std::uint32_t>(index_->results.size());
  index_->results.clear();
  index_->result_slots.clear();
  index_->spill.clear();
  index_->places.clear();
  index_->conflicts.clear();
  index_->numbers.Clear();
  index_->columns.Clear();
  index_->contents.clear();
  index_->content_bytes = 0;
  index_->contents_cut = false;
  index_->records.reset();
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
  const std::uint32_t slot = index.ResultSlot(std::move(id), tool_name);
  bool parsed = false;
  bool absence_report = false;
  bool read = false;
  // Reads the content into the index, writing down what it does to it
  // when `log` is not null.
  auto read_content = [&](evidence::ResultReplay* log) {
    read = true;
    index.replay_log = log;
    struct StopLogging {
      Index& index;
      ~StopLogging() { index.replay_log = nullptr; }
    } stop_logging{index};
    Index::ResultRecorder recorder(index, slot, &outcome);
    const evidence::JsonWalkResult walked = evidence::WalkJson(
        content,
        [&](evidence::JsonLeafKind kind, std::string_view leaf) {
          recorder.Ahead(kind, leaf);
        },
        [&](evidence::JsonLeafKind kind, std::string_view leaf,
            const evidence::JsonLeafPlace& place) {
          recorder.Visit(kind, leaf, place);
        });
    recorder.MarkPendingNames();
    if (walked.parsed && !walked.absence_report) recorder.AddTablesAndLists();
    if (!walked.parsed) recorder.ReadText(content);
    parsed = walked.parsed;
    absence_report = walked.absence_report;
    if (log == nullptr) return;
    log->parsed_as_json = parsed;
    log->absence_report = absence_report;
    log->uncarried_values = outcome.values_seen - log->carries;
    log->Finish();
  };
  // Content this process recorded before is replayed (result_cache.h).
  const std::shared_ptr<const evidence::ResultReplay> replay =
      !index.options.process_caches
          ? nullptr
          : evidence::ResultCache::Process().Get(content, [&] {
              auto log = std::make_shared<evidence::ResultReplay>();
              read_content(log.get());
              return std::shared_ptr<const evidence::ResultReplay>(
                  std::move(log));
            });
  if (!read && replay != nullptr) {
    index.Replay(*replay, slot, &outcome);
    parsed = replay->parsed_as_json;
    absence_report = replay->absence_report;
  } else if (!read) {
    read_content(nullptr);
  }
  if (!absence_report) index.KeepContent(slot, content);
  index.FlushCarries();
  index.numbers.Prepare();
  outcome.parsed_as_json = parsed;
  outcome.absence_report = absence_report;
  outcome.truncated = index.truncated;
  return outcome;
}

void EvidenceCorpus::RecordExempt(std::string_view text) {
  Index& index = *index_;
  const std::shared_ptr<const evidence::ExemptSet> set =
      !index.options.process_caches
          ? nullptr
          : evidence::ExemptCache::Process().Get(text, [text] {
              evidence::ExemptSetBuilder builder;
              evidence::ForEachExemptTextKey(
                  text, [&](std::string_view key, bool) { builder.Add(key); });
              return std::move(builder).Finish(
                  evidence::DayShiftsNamed(text),
                  evidence::DaysOfMonthNamed(text));
            });
  if (set == nullptr) {
    // Not cached (short, huge, or seen once so far): the per-key path.
    index.day_shifts.Merge(evidence::DayShiftsNamed(text));
    index.days_of_month |= evidence::DaysOfMonthNamed(text);
    evidence::ForEachExemptTextKey(
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
  auto it = index_->conflicts.find(evidence::ValueHash(canonical));
  if (it == index_->conflicts.end()) return {};
  return it->second;
}

bool EvidenceCorpus::IsExempt(std::string_view canonical) const {
  return index_->HoldsExempt(canonical) ||
         index_->tool_names.contains(AbslView(canonical));
}

const std::vector<RecordedResult>& EvidenceCorpus::results() const {
  return index_->results;
}

void EvidenceCorpus::MarkPartial() { index_->truncated = true; }

void EvidenceCorpus::RecordJudgedAnswer(const Verdict& verdict) {
  Index& index = *index_;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kGrounded ||
        (c.reason != MatchReason::kDerivedSum &&
         c.reason != MatchReason::kDerivedDifference &&
         c.reason != MatchReason::kDerivedProduct &&
         c.reason != MatchReason::kDerivedPercent)) {
      continue;
    }
    if (index.derived.contains(c.canonical)) continue;
    if (index.derived.size() >= kMaxEarlierDerivations) return;
    EarlierDerivation& earlier = index.derived[c.canonical];
    earlier.reason = c.reason;
    earlier.derivation = c.derivation;
    earlier.carried = c.grounding != Grounding::kNone;
    earlier.turn = index.turn;
    earlier.this_turn = c.grounding == Grounding::kThisTurn;
    earlier.cut = c.carriers_cut;
    // A carrier this turn no longer holds (a verdict of an earlier turn)
    // makes the value an earlier turn's.
    for (const std::string& id : c.carriers) {
      const auto slot = index.result_slots.find(id);
      if (slot == index.result_slots.end()) {
        earlier.this_turn = false;
        break;
      }
      earlier.slots.push_back(slot->second);
    }
    if (!earlier.this_turn) earlier.slots.clear();
    std::sort(earlier.slots.begin(), earlier.slots.end());
  }
}

bool EvidenceCorpus::truncated() const { return index_->truncated; }

std::uint32_t EvidenceCorpus::user_turn() const { return index_->turn; }

std::size_t EvidenceCorpus::indexed_values() const {
  return index_->values.size() + index_->ExemptCount();
}

const evidence::DayShifts& CorpusInternals::day_shifts(
    const EvidenceCorpus& corpus) {
  return corpus.index_->day_shifts;
}

std::uint32_t CorpusInternals::days_of_month_named(
    const EvidenceCorpus& corpus) {
  return corpus.index_->days_of_month;
}

const evidence::NumericIndex& CorpusInternals::numbers_this_turn(
    const EvidenceCorpus& corpus) {
  return corpus.index_->numbers;
}

const evidence::ColumnTotal* CorpusInternals::FindColumnTotal(
    const EvidenceCorpus& corpus, std::string_view canonical_number) {
  const std::optional<evidence::NumericUnits> units =
      evidence::ExactNumericUnits(canonical_number);
  if (!units.has_value()) return nullptr;
  if (const evidence::ColumnTotal* total =
          corpus.index_->columns.Find(*units)) {
    return total;
  }
  return corpus.index_->earlier_columns.Find(*units);
}

std::uint32_t CorpusInternals::counts_named(const EvidenceCorpus& corpus) {
  return corpus.index_->counts_named;
}

const evidence::RecordSet& CorpusInternals::records(
    const EvidenceCorpus& corpus) {
  return corpus.index_->Records();
}

std::span<const std::pair<std::uint32_t, std::string>>
CorpusInternals::contents_this_turn(const EvidenceCorpus& corpus) {
  return corpus.index_->contents;
}

bool CorpusInternals::contents_whole(const EvidenceCorpus& corpus) {
  return !corpus.index_->contents_cut;
}

const EarlierDerivation* CorpusInternals::FindEarlierDerivation(
    const EvidenceCorpus& corpus, std::string_view canonical) {
  const auto found = corpus.index_->derived.find(
      absl::string_view(canonical.data(), canonical.size()));
  return found == corpus.index_->derived.end() ? nullptr : &found->second;
}

}  // namespace groundgate
