// evidence/json_walk.cc — simdjson On-Demand over one tool result.
//
// On-Demand is lazy: a syntax error can surface after part of the document
// was visited. So the walk first collects every key and leaf (as views into
// the padded copy and the parser's string buffer) and hands them to the
// visitor only once the whole document proved to be JSON. A result is
// either walked whole or read whole as text: never half of each. A document
// of more leaves than half its size in bytes would hold ([1,1,1,...] is a
// leaf per two bytes, 48 bytes each) is walked twice instead: once to
// prove it, once visiting as it goes, so memory stays a small multiple of
// the document whatever its shape.
#include "evidence/json_walk.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "groundgate/corpus.h"

namespace groundgate::evidence {
namespace {

namespace od = simdjson::ondemand;

// A key or leaf as the walk collected it, in 48 bytes (its text and a
// JsonLeafPlace take 56): a 5 MiB result holds ~370,000 of them. Sizes fit
// 32 bits: simdjson reads no document of 4 GiB or more. The kind shares a
// word with the size of the place's key, which keeps 30 bits: the place
// of a value under a key of 1 GiB or more names the key's first
// kMaxPlaceKeyBytes (the key itself is visited whole, as its own leaf).
class Leaf {
 public:
  Leaf(JsonLeafKind kind, std::string_view text, const JsonLeafPlace& place)
      : text_(text.data()),
        key_(place.key.data()),
        path_(place.path),
        anchor_(place.anchor),
        text_size_(static_cast<std::uint32_t>(text.size())),
        key_size_and_kind_(static_cast<std::uint32_t>(std::min<std::size_t>(
                               place.key.size(), kMaxPlaceKeyBytes)) |
                           (static_cast<std::uint32_t>(kind) << kKindShift)),
        object_(place.object),
        array_(place.array) {}

  JsonLeafKind kind() const {
    return static_cast<JsonLeafKind>(key_size_and_kind_ >> kKindShift);
  }
  std::string_view text() const { return {text_, text_size_}; }
  JsonLeafPlace place() const {
    return {path_, anchor_,
            std::string_view(key_, key_size_and_kind_ & kMaxPlaceKeyBytes),
            object_, array_};
  }

 private:
  static constexpr int kKindShift = 30;
  static constexpr std::uint32_t kMaxPlaceKeyBytes = (1u << kKindShift) - 1;

  const char* text_;
  const char* key_;
  std::uint64_t path_;
  std::uint64_t anchor_;
  std::uint32_t text_size_;
  std::uint32_t key_size_and_kind_;
  std::uint32_t object_;
  std::uint32_t array_;
};
static_assert(sizeof(Leaf) <= 48);
static_assert(static_cast<int>(JsonLeafKind::kNumber) < 4,
              "the kind has two bits in Leaf");
using Leaves = std::vector<Leaf>;

using AheadFn = std::function<void(JsonLeafKind, std::string_view)>;
using VisitFn =
    std::function<void(JsonLeafKind, std::string_view, const JsonLeafPlace&)>;

// Where the walk puts each key and leaf it meets, in document order.
// Collecting, it keeps them in a list, at most `max_kept` of them; past
// that it only counts (overflowed()), so a document of millions of tiny
// leaves never holds 48 bytes for each. Streaming, it hands each one on at
// once: to `ahead` as it arrives, and to `visit` kJsonLookahead leaves
// later (Finish visits the last ones), the order VisitAll keeps.
class LeafSink {
 public:
  LeafSink(Leaves* kept, std::size_t max_kept)
      : kept_(kept), max_kept_(max_kept) {}
  LeafSink(const AheadFn& ahead, const VisitFn& visit)
      : ahead_(&ahead),
        visit_(&visit),
        window_(kWindow, Leaf(JsonLeafKind::kKey, {}, {})) {}

  void push_back(const Leaf& leaf) {
    const std::size_t index = count_++;
    last_ = leaf;
    if (kept_ != nullptr) {
      if (kept_->size() == max_kept_) {
        overflowed_ = true;
        return;
      }
      // Grown by doubling, but never past max_kept_.
      if (kept_->size() == kept_->capacity()) {
        kept_->reserve(std::min(
            max_kept_, std::max<std::size_t>(64, 2 * kept_->capacity())));
      }
      kept_->push_back(leaf);
      return;
    }
    if (*ahead_) (*ahead_)(leaf.kind(), leaf.text());
    window_[index % kWindow] = leaf;
    if (index >= kJsonLookahead) Visit(index - kJsonLookahead);
  }

  // Streaming: visits the leaves still in the window, in order.
  void Finish() {
    if (kept_ != nullptr) return;
    const std::size_t first =
        count_ > kJsonLookahead ? count_ - kJsonLookahead : 0;
    for (std::size_t i = first; i < count_; ++i) Visit(i);
  }

  std::size_t size() const { return count_; }
  const Leaf& back() const { return last_; }
  bool overflowed() const { return overflowed_; }

 private:
  Leaves* kept_ = nullptr;
  std::size_t max_kept_ = 0;
  bool overflowed_ = false;
  const AheadFn* ahead_ = nullptr;
  const VisitFn* visit_ = nullptr;
  // Leaf i sits in slot i % kWindow until it is visited.
  static constexpr std::size_t kWindow = kJsonLookahead + 1;
  Leaves window_;
  std::size_t count_ = 0;  // leaves met so far

  void Visit(std::size_t index) const {
    const Leaf& due = window_[index % kWindow];
    (*visit_)(due.kind(), due.text(), due.place());
  }
  Leaf last_{JsonLeafKind::kKey, {}, {}};
};

// The hash of a place: a fixed function (no seed), so a path's hash is the
// same in every process (law 9). Eight bytes at a time, each folded in by a
// 64x64->128-bit multiply (the high and low halves XORed), with the length
// first: a byte at a time (FNV-1a) would put a multiply's latency on every
// byte of every key of a result.
constexpr std::uint64_t kRootHash = 14695981039346656037ull;
constexpr std::uint64_t kMixLength = 0x9e3779b97f4a7c15ull;
constexpr std::uint64_t kMixWord = 0xa0761d6478bd642full;
constexpr std::uint64_t kMixTail = 0xe7037ed1a0b428dbull;

__extension__ using WideProduct = unsigned __int128;

inline std::uint64_t Fold(std::uint64_t a, std::uint64_t b) {
  const WideProduct product = static_cast<WideProduct>(a) * b;
  return static_cast<std::uint64_t>(product) ^
         static_cast<std::uint64_t>(product >> 64);
}

std::uint64_t Load8(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

std::uint64_t Load4(const char* p) {
  std::uint32_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

// The last word may overlap the one before: the length, folded in first,
// tells "abcdefghi" from "abcdefgh" + "hi".
inline std::uint64_t MixBytes(std::uint64_t hash, std::string_view bytes) {
  const char* p = bytes.data();
  const std::size_t n = bytes.size();
  hash = Fold(hash ^ n, kMixLength);
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      hash = Fold(hash ^ Load8(p + i), kMixWord);
    }
    return Fold(hash ^ Load8(p + n - 8), kMixTail);
  }
  std::uint64_t tail = 0;
  if (n >= 4) {
    tail = (Load4(p) << 32) | Load4(p + n - 4);
  } else if (n > 0) {
    tail = (std::uint64_t{static_cast<unsigned char>(p[0])} << 16) |
           (std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) |
           static_cast<unsigned char>(p[n - 1]);
  }
  return Fold(hash ^ tail, kMixTail);
}

// A child's place: the parent's path extended by a key (".key") or by an
// array index ("[i]"); the separators keep {"a":{"b":1}} and {"a.b":1}
// apart.
JsonLeafPlace FieldPlace(const JsonLeafPlace& parent, std::string_view key) {
  return {MixBytes(MixBytes(parent.path, "."), key), parent.anchor, key,
          parent.object, parent.array};
}
// Array elements share one path ("flights[].price"): which element is meant
// is the anchor's job, which array the element is of `array`'s.
JsonLeafPlace ElementPlace(const JsonLeafPlace& parent, std::uint32_t array) {
  return {MixBytes(parent.path, "[]"), parent.anchor, parent.key, parent.object,
          array};
}

// raw_json_token() keeps the whitespace that follows a number.
std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\n' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

simdjson::error_code WalkValue(od::value value, std::size_t depth,
                               const JsonLeafPlace& place, LeafSink* leaves);

simdjson::error_code WalkObject(od::object object, std::size_t depth,
                                const JsonLeafPlace& place, LeafSink* leaves) {
  JsonLeafPlace field_parent = place;
  // The leaves pushed so far, plus one: an object pushes its first key
  // before any object it holds begins, so no two non-empty objects share it.
  field_parent.object = static_cast<std::uint32_t>(leaves->size()) + 1;
  bool first = true;
  for (auto field_result : object) {
    od::field field;
    if (auto error = std::move(field_result).get(field)) return error;
    std::string_view key;
    if (auto error = field.unescaped_key().get(key)) return error;
    leaves->push_back({JsonLeafKind::kKey, key, field_parent});
    const std::size_t before = leaves->size();
    JsonLeafPlace field_place = FieldPlace(field_parent, key);
    // The first member names the entity: it has no anchor of its own.
    if (first) field_place.anchor = kNoAnchor;
    if (auto error = WalkValue(field.value(), depth + 1, field_place, leaves)) {
      return error;
    }
    // The object's first member, when it is a scalar, names the entity the
    // later members describe ("reservation_id": "ABC123").
    if (first && leaves->size() == before + 1 &&
        leaves->back().kind() != JsonLeafKind::kKey) {
      field_parent.anchor = MixBytes(
          MixBytes(place.anchor == kNoAnchor ? kRootHash : place.anchor, "="),
          leaves->back().text());
    }
    first = false;
  }
  return simdjson::SUCCESS;
}

simdjson::error_code WalkArray(od::array array, std::size_t depth,
                               const JsonLeafPlace& place, LeafSink* leaves) {
  // The array's id is the index its first leaf will have, plus one. An
  // array nested first in another ([[1, 2], [3]]) starts at the same
  // index, but its leaves' paths have one "[]" more, so no leaf of either
  // shares both path and id with one of the other; an empty array holds
  // no leaf to be confused.
  const JsonLeafPlace element_place =
      ElementPlace(place, static_cast<std::uint32_t>(leaves->size()) + 1);
  for (auto element_result : array) {
    od::value element;
    if (auto error = std::move(element_result).get(element)) return error;
    if (auto error = WalkValue(element, depth + 1, element_place, leaves)) {
      return error;
    }
  }
  return simdjson::SUCCESS;
}

simdjson::error_code WalkValue(od::value value, std::size_t depth,
                               const JsonLeafPlace& place, LeafSink* leaves) {
  if (depth > kMaxJsonDepth) return simdjson::DEPTH_ERROR;
  od::json_type type;
  if (auto error = value.type().get(type)) return error;
  switch (type) {
    case od::json_type::object: {
      od::object object;
      if (auto error = value.get_object().get(object)) return error;
      return WalkObject(object, depth, place, leaves);
    }
    case od::json_type::array: {
      od::array array;
      if (auto error = value.get_array().get(array)) return error;
      return WalkArray(array, depth, place, leaves);
    }
    case od::json_type::number: {
      // Validate the number, then keep its exact digits from the wire.
      od::number number;
      std::string_view raw = TrimRight(value.raw_json_token());
      if (auto error = value.get_number().get(number)) return error;
      leaves->push_back({JsonLeafKind::kNumber, raw, place});
      return simdjson::SUCCESS;
    }
    case od::json_type::string: {
      std::string_view text;
      if (auto error = value.get_string().get(text)) return error;
      leaves->push_back({JsonLeafKind::kString, text, place});
      return simdjson::SUCCESS;
    }
    case od::json_type::boolean: {
      bool flag;
      return value.get_bool().get(flag);
    }
    case od::json_type::null: {
      bool is_null = false;
      if (auto error = value.is_null().get(is_null)) return error;
      return is_null ? simdjson::SUCCESS : simdjson::INCORRECT_TYPE;
    }
  }
  return simdjson::INCORRECT_TYPE;
}

// Walks the root. A scalar document (a bare "string" or 42) has no value
// to take, so it is read through the document itself.
simdjson::error_code WalkRoot(od::document& doc, LeafSink* leaves) {
  od::json_type type;
  if (auto error = doc.type().get(type)) return error;
  switch (type) {
    case od::json_type::object:
    case od::json_type::array: {
      od::value root;
      if (auto error = doc.get_value().get(root)) return error;
      return WalkValue(root, 1, JsonLeafPlace{kRootHash, kRootHash, {}, 0, 0},
                       leaves);
    }
    case od::json_type::number: {
      std::string_view raw;
      if (auto error = doc.raw_json_token().get(raw)) return error;
      od::number number;
      if (auto error = doc.get_number().get(number)) return error;
      leaves->push_back({JsonLeafKind::kNumber,
                         TrimRight(raw),
                         {kRootHash, kNoAnchor, {}, 0, 0}});
      return simdjson::SUCCESS;
    }
    case od::json_type::string: {
      std::string_view text;
      if (auto error = doc.get_string().get(text)) return error;
      leaves->push_back(
          {JsonLeafKind::kString, text, {kRootHash, kNoAnchor, {}, 0, 0}});
      return simdjson::SUCCESS;
    }
    case od::json_type::boolean: {
      bool flag;
      return doc.get_bool().get(flag);
    }
    case od::json_type::null:
      // simdjson 3.0's document::is_null() does not consume the atom, so
      // the end-of-document check would see it as trailing content; the
      // caller accepts a bare root null by its text instead.
      return simdjson::INCORRECT_TYPE;
  }
  return simdjson::INCORRECT_TYPE;
}

// The coverage lists of an absence report: every leaf of "checked" and
// "not_checked" under kAbsenceKey. Anything else in the result is ignored.
simdjson::error_code WalkAbsence(od::document& doc, bool* is_absence,
                                 LeafSink* leaves) {
  *is_absence = false;
  od::object root;
  if (doc.get_object().get(root) != simdjson::SUCCESS) {
    return simdjson::SUCCESS;  // not an object: not the convention
  }
  od::value report_value;
  if (root.find_field_unordered(kAbsenceKey).get(report_value) !=
      simdjson::SUCCESS) {
    return simdjson::SUCCESS;
  }
  od::object report;
  if (report_value.get_object().get(report) != simdjson::SUCCESS) {
    return simdjson::SUCCESS;
  }
  *is_absence = true;
  for (auto field_result : report) {
    od::field field;
    if (auto error = std::move(field_result).get(field)) return error;
    std::string_view key;
    if (auto error = field.unescaped_key().get(key)) return error;
    Leaves none;
    LeafSink discarded(&none, 0);
    LeafSink* target =
        (key == "checked" || key == "not_checked") ? leaves : &discarded;
    const JsonLeafPlace place = FieldPlace(
        FieldPlace({kRootHash, kRootHash, {}, 0, 0}, kAbsenceKey), key);
    if (auto error = WalkValue(field.value(), 3, place, target)) return error;
  }
  return simdjson::SUCCESS;
}

// The scratch memory of a walk, kept by its thread for the next walk: the
// padded copy of the content and the leaf list. A large result's copy and
// list (~28 MiB for a 5 MiB inventory), allocated and faulted in anew for
// each walk, would cost more than the walk itself; the
// thread's simdjson parser keeps its own buffers the same way. A walk
// inside a visitor (nested) has scratch of its own, so the outer walk's
// leaves stay put. What a walk needed past kMaxRetainedScratchBytes is
// given back when it ends: a thread keeps at most that much (64 MiB: about
// what the parser itself keeps after a 10 MiB document).
constexpr std::size_t kMaxRetainedScratchBytes = std::size_t{64} << 20;

// A walk keeps its leaves in a list of at most max(kMinKeptLeafBytes, half
// the document's size) bytes; a document with more walks twice (LeafSink).
// 24 MiB holds the ~370,000 leaves of a 5 MiB inventory.
constexpr std::size_t kMinKeptLeafBytes = std::size_t{24} << 20;

// Documents up to this long share their thread's parser; a longer one has
// a parser of its own for the walk (the parser holds ~5 bytes per byte).
constexpr std::size_t kMaxThreadParserBytes = std::size_t{8} << 20;

struct WalkScratch {
  std::unique_ptr<char[]> padded;
  std::size_t padded_capacity = 0;
  Leaves leaves;
  bool in_use = false;

  // `content` copied with simdjson's zeroed padding after it.
  simdjson::padded_string_view Pad(std::string_view content) {
    const std::size_t needed = content.size() + simdjson::SIMDJSON_PADDING;
    if (padded_capacity < needed) {
      padded = std::make_unique_for_overwrite<char[]>(needed);
      padded_capacity = needed;
    }
    std::copy(content.begin(), content.end(), padded.get());
    std::fill_n(padded.get() + content.size(), simdjson::SIMDJSON_PADDING,
                '\0');
    return simdjson::padded_string_view(padded.get(), content.size(),
                                        padded_capacity);
  }

  std::size_t bytes() const {
    return padded_capacity + leaves.capacity() * sizeof(Leaf);
  }
};

// Marks a scratch in use for one walk; on leaving, empties it and gives
// back what exceeds kMaxRetainedScratchBytes.
class ScratchInUse {
 public:
  explicit ScratchInUse(WalkScratch& scratch) : scratch(scratch) {
    scratch.in_use = true;
  }
  ~ScratchInUse() {
    scratch.leaves.clear();
    if (scratch.bytes() > kMaxRetainedScratchBytes) {
      scratch.leaves = Leaves();
      scratch.padded.reset();
      scratch.padded_capacity = 0;
    }
    scratch.in_use = false;
  }
  ScratchInUse(const ScratchInUse&) = delete;
  ScratchInUse& operator=(const ScratchInUse&) = delete;

  WalkScratch& scratch;
};

// Hands `leaves` to `visit` in order, and each kJsonLookahead leaves
// earlier to `ahead` (when there is one).
void VisitAll(const Leaves& leaves,
              const std::function<void(JsonLeafKind, std::string_view)>& ahead,
              const std::function<void(JsonLeafKind, std::string_view,
                                       const JsonLeafPlace&)>& visit) {
  const std::size_t n = leaves.size();
  if (ahead) {
    for (std::size_t i = 0; i < std::min(kJsonLookahead, n); ++i) {
      ahead(leaves[i].kind(), leaves[i].text());
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (ahead && i + kJsonLookahead < n) {
      const Leaf& later = leaves[i + kJsonLookahead];
      ahead(later.kind(), later.text());
    }
    visit(leaves[i].kind(), leaves[i].text(), leaves[i].place());
  }
}

bool AtEnd(od::document& doc) {
  return doc.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

}  // namespace

bool MayBeJson(std::string_view content) {
  // A JSON document starts (after whitespace) with one of these.
  const std::size_t first = content.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  const char c = content[first];
  return c == '{' || c == '[' || c == '"' || c == '-' ||
         (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n';
}

JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view)>& visit) {
  return WalkJson(content, [&](JsonLeafKind kind, std::string_view text,
                               const JsonLeafPlace&) { visit(kind, text); });
}

JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view,
                             const JsonLeafPlace&)>& visit) {
  return WalkJson(content, nullptr, visit);
}

JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view)>& ahead,
    const std::function<void(JsonLeafKind, std::string_view,
                             const JsonLeafPlace&)>& visit) {
  JsonWalkResult result;
  // Quick reject: plain text never pays for a parse.
  if (!MayBeJson(content)) return result;
  std::string_view trimmed =
      content.substr(content.find_first_not_of(" \t\r\n"));
  while (!trimmed.empty() &&
         (trimmed.back() == ' ' || trimmed.back() == '\t' ||
          trimmed.back() == '\n' || trimmed.back() == '\r')) {
    trimmed.remove_suffix(1);
  }
  if (trimmed == "null") {
    result.parsed = true;  // one document, nothing in it
    return result;
  }
  // One parser per thread: its buffers are reused across results, and
  // distinct threads never share one. A document longer than
  // kMaxThreadParserBytes has a parser of its own, given back on return,
  // so a thread never keeps four times the longest result it met.
  thread_local od::parser thread_parser;
  std::optional<od::parser> own_parser;
  od::parser& parser = content.size() > kMaxThreadParserBytes
                           ? own_parser.emplace()
                           : thread_parser;
  thread_local WalkScratch thread_scratch;
  WalkScratch nested_scratch;
  ScratchInUse in_use(thread_scratch.in_use ? nested_scratch : thread_scratch);
  const simdjson::padded_string_view padded = in_use.scratch.Pad(content);
  Leaves& leaves = in_use.scratch.leaves;
  // The list holds at most half the document's size in leaves (and never
  // less than kMinKeptLeafBytes of them).
  const std::size_t max_kept =
      std::max(kMinKeptLeafBytes, content.size() / 2) / sizeof(Leaf);
  LeafSink kept(&leaves, max_kept);

  {
    od::document doc;
    if (parser.iterate(padded).get(doc) != simdjson::SUCCESS) return result;
    if (WalkRoot(doc, &kept) != simdjson::SUCCESS) return result;
    if (!AtEnd(doc)) return result;  // trailing content: not one document
  }
  // The whole document is JSON. An absence report (rare: checked by a
  // substring first) is walked a second time for its coverage lists only.
  if (content.find(kAbsenceKey) != std::string_view::npos) {
    Leaves coverage;
    LeafSink coverage_sink(&coverage, max_kept);
    od::document doc;
    bool is_absence = false;
    if (parser.iterate(padded).get(doc) == simdjson::SUCCESS &&
        WalkAbsence(doc, &is_absence, &coverage_sink) == simdjson::SUCCESS &&
        is_absence && !coverage_sink.overflowed()) {
      VisitAll(coverage, ahead, visit);
      result.parsed = true;
      result.absence_report = true;
      return result;
    }
    // Not the convention after all (say, the key sits deeper): the first
    // walk's leaves are still valid only if nothing re-used the parser's
    // string buffer, so walk once more for them.
    leaves.clear();
    kept = LeafSink(&leaves, max_kept);
    if (parser.iterate(padded).get(doc) != simdjson::SUCCESS ||
        WalkRoot(doc, &kept) != simdjson::SUCCESS) {
      return result;
    }
  }
  if (!kept.overflowed()) {
    VisitAll(leaves, ahead, visit);
    result.parsed = true;
    return result;
  }
  // More leaves than the list holds: the document proved to be JSON, so
  // walk it once more and visit each leaf as it is met. This walk has a
  // parser no nested walk of a visitor touches (the document's own, when it
  // has one, else a new one), and its views stay valid
  // until the end (On-Demand appends every unescaped string to one buffer).
  leaves = Leaves();
  od::parser& streaming_parser =
      own_parser ? *own_parser : own_parser.emplace();
  od::document doc;
  LeafSink streamed(ahead, visit);
  if (streaming_parser.iterate(padded).get(doc) != simdjson::SUCCESS ||
      WalkRoot(doc, &streamed) != simdjson::SUCCESS) {
    return result;  // not reached: the same text walked whole above
  }
  streamed.Finish();
  result.parsed = true;
  return result;
}

}  // namespace groundgate::evidence
