// evidence/corpus.cc — the index behind EvidenceCorpus.
//
// One hash map from canonical value to its entry. Carrier lists are cleared
// lazily: an entry remembers the turn its list belongs to, so
// BeginUserTurn() is O(1) however large the index is. Dates and clock times
// in string leaves and text are indexed under their date and time keys too
// ("@date:2024-05-06", "@md:05-06", "@ym:2024-05", "@time:13:25",
// "@time:13:25:06"; see evidence/extractor.h): no canonical form begins
// with '@', so these keys never meet an ordinary token.
#include "groundgate/corpus.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "evidence/extractor.h"
#include "evidence/json_walk.h"
#include "evidence/tokenizer.h"

namespace groundgate {
namespace {

// A JSON string leaf is also indexed whole (as one value) when it is at most
// this long: names and codes with spaces ("Julian Hester", "(555) 123-4567")
// are short; a paragraph is only indexed as its tokens.
constexpr std::size_t kMaxWholeLeafBytes = 256;

absl::string_view AbslView(std::string_view s) {
  return absl::string_view(s.data(), s.size());
}

// No spill block: the list fits in ValueEntry::inline_slots.
constexpr std::uint32_t kNoSpill = 0xFFFFFFFF;

// Most values are carried by one or two results of a turn, so two carrier
// slots live in the entry (24 bytes in all: the hash table stays small and
// cache-friendly) and a longer list moves to a spill block of the turn.
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
};

}  // namespace

struct EvidenceCorpus::Index {
  explicit Index(CorpusOptions o) : options(o) {}

  CorpusOptions options;
  absl::flat_hash_map<std::string, ValueEntry> values;
  absl::flat_hash_set<std::string> exempt;
  std::vector<RecordedResult> results;  // this turn's, in first-record order
  absl::flat_hash_map<std::string, std::uint32_t> result_slots;
  // Carrier lists longer than two, for this turn only (cleared with it).
  std::vector<std::array<std::uint32_t, kMaxCarriers>> spill;
  std::uint32_t turn = 0;
  bool truncated = false;

  std::uint32_t* CarrierData(ValueEntry& entry) {
    return entry.spill == kNoSpill ? entry.inline_slots
                                   : spill[entry.spill].data();
  }

  bool Full() const {
    return values.size() + exempt.size() >= options.max_index_tokens;
  }

  // Records that result `slot` carried canonical value `key`.
  void Carry(std::string_view key, bool exact, std::uint32_t slot,
             RecordOutcome* out) {
    if (key.empty()) return;
    ++out->values_seen;
    ++results[slot].values_recorded;
    auto it = values.find(AbslView(key));
    if (it == values.end()) {
      if (Full()) {
        truncated = true;
        return;
      }
      it = values.emplace(std::string(key), ValueEntry{}).first;
      ++out->values_new;
    }
    ValueEntry& entry = it->second;
    entry.latest_turn = turn;
    entry.exact_spelling_seen |= exact;
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
    if (!value.number_before_unit.empty())
      sink(value.number_before_unit, false);
  }

  // A date or clock time that begins at `span` (`2024-05-06T13:25:06`,
  // `14:00:00`, `May 22, 2024`), under its date and time keys as well: the
  // judge reads the answer with the same MatchDateTime (law 1). The date
  // part of a timestamp is a structural decomposition, not a substring (law
  // 2). *until skips the tokens of a value already read.
  template <typename Sink>
  static void ForEachDateTimeKey(std::string_view text,
                                 evidence::TokenSpan span, std::size_t* until,
                                 Sink&& sink) {
    if (span.start < *until) return;
    const std::optional<evidence::DateTimeValue> when =
        evidence::MatchDateTime(text, span);
    if (!when.has_value()) return;
    *until = when->end;
    for (const std::string& key : evidence::DateTimeIndexKeys(*when)) {
      sink(key, false);
    }
  }

  template <typename Sink>
  static void ForEachTextKey(std::string_view text, Sink&& sink) {
    std::size_t date_until = 0;
    evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
      ForEachKey(text.substr(span.start, span.end - span.start), sink);
      ForEachDateTimeKey(text, span, &date_until, sink);
      return true;
    });
  }

  // A string leaf or key: its tokens, and the whole leaf when it is short
  // and more than one token.
  template <typename Sink>
  static void ForEachLeafKey(std::string_view leaf, Sink&& sink) {
    bool single = false;
    std::size_t count = 0;
    std::size_t date_until = 0;
    evidence::ForEachToken(leaf, [&](evidence::TokenSpan span) {
      ++count;
      single = count == 1 && span.start == 0 && span.end == leaf.size();
      ForEachKey(leaf.substr(span.start, span.end - span.start), sink);
      ForEachDateTimeKey(leaf, span, &date_until, sink);
      return true;
    });
    if (!single && count > 0 && leaf.size() <= kMaxWholeLeafBytes) {
      const evidence::CanonicalForm whole = evidence::Canonicalize(leaf);
      sink(whole.form, !whole.changed);
    }
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
}

RecordOutcome EvidenceCorpus::RecordToolResult(std::string_view tool_call_id,
                                               std::string_view tool_name,
                                               std::string_view content) {
  Index& index = *index_;
  RecordOutcome outcome;
  auto [slot_it, inserted] = index.result_slots.try_emplace(
      AbslView(tool_call_id), static_cast<std::uint32_t>(index.results.size()));
  if (inserted) {
    index.results.push_back(
        RecordedResult{std::string(tool_call_id), std::string(tool_name), 0});
  }
  const std::uint32_t slot = slot_it->second;
  auto carry = [&](std::string_view key, bool exact) {
    index.Carry(key, exact, slot, &outcome);
  };

  const evidence::JsonWalkResult walked = evidence::WalkJson(
      content, [&](evidence::JsonLeafKind kind, std::string_view leaf) {
        if (kind == evidence::JsonLeafKind::kNumber) {
          Index::ForEachKey(leaf, carry);
        } else {
          Index::ForEachLeafKey(leaf, carry);
        }
      });
  if (!walked.parsed) Index::ForEachTextKey(content, carry);
  outcome.parsed_as_json = walked.parsed;
  outcome.absence_report = walked.absence_report;
  outcome.truncated = index.truncated;
  return outcome;
}

void EvidenceCorpus::RecordExempt(std::string_view text) {
  Index& index = *index_;
  Index::ForEachTextKey(text, [&](std::string_view key, bool) {
    if (key.empty() || index.exempt.contains(AbslView(key))) return;
    if (index.Full()) {
      index.truncated = true;
      return;
    }
    index.exempt.emplace(key);
  });
}

bool EvidenceCorpus::RecordUserMessage(std::string_view text) {
  if (text.substr(0, kCorrectionFramePrefix.size()) == kCorrectionFramePrefix) {
    return false;  // the library's own words: not exempt, not a boundary
  }
  BeginUserTurn();
  RecordExempt(text);
  return true;
}

Evidence EvidenceCorpus::Lookup(std::string_view canonical) const {
  Evidence evidence;
  auto it = index_->values.find(AbslView(canonical));
  if (it == index_->values.end()) return evidence;
  const ValueEntry& entry = it->second;
  evidence.carried = true;
  evidence.latest_turn = entry.latest_turn;
  evidence.exact_spelling_seen = entry.exact_spelling_seen;
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

bool EvidenceCorpus::IsExempt(std::string_view canonical) const {
  return index_->exempt.contains(AbslView(canonical));
}

const std::vector<RecordedResult>& EvidenceCorpus::results() const {
  return index_->results;
}

bool EvidenceCorpus::truncated() const { return index_->truncated; }

std::uint32_t EvidenceCorpus::user_turn() const { return index_->turn; }

std::size_t EvidenceCorpus::indexed_values() const {
  return index_->values.size() + index_->exempt.size();
}

}  // namespace groundgate
