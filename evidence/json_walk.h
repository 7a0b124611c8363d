// evidence/json_walk.h — a tool result's JSON, walked structurally.
//
// Its one job: parse a tool result with simdjson and hand every key and
// every leaf to a visitor: strings as their unescaped text, numbers as the
// exact digits of the wire (never through a double), booleans and null
// skipped. It also recognises the absence convention (kAbsenceKey).
//
// What it does NOT do: index, canonicalize or tokenize (the corpus does);
// read non-JSON (the caller falls back to text when this returns false).
#ifndef GROUNDGATE_EVIDENCE_JSON_WALK_H_
#define GROUNDGATE_EVIDENCE_JSON_WALK_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace groundgate::evidence {

// Deeper nesting than this is not walked structurally: the whole result is
// read as text instead (law 10: no stack overflow, no silent loss).
inline constexpr std::size_t kMaxJsonDepth = 256;

enum class JsonLeafKind { kKey, kString, kNumber };

struct JsonWalkResult {
  bool parsed = false;          // false: not JSON (or too deep); read as text
  bool absence_report = false;  // only the coverage lists were visited
};

inline constexpr std::uint64_t kNoAnchor = 0;

// Where a leaf sits in its document.
struct JsonLeafPlace {
  // A fixed hash (the same in every process) of the keys from the root,
  // array elements all alike: "reservation.status" in two results of one
  // shape hashes alike, and so do "flights[].price" of every flight. A
  // key's place is its object's.
  std::uint64_t path = 0;
  // Which entity the leaf describes: a fixed hash of the first scalar
  // member of each enclosing object, from the root down ("flight_number":
  // "HAT072" for the flight's "price"). Two leaves with the same path and
  // anchor speak of the same thing. kNoAnchor for an object's first member
  // (it names the entity) and for a scalar document.
  std::uint64_t anchor = 0;
  // The innermost field name ("status"; for an array element, the field
  // that holds the array); empty at the root.
  std::string_view key;
  // Which object the leaf is a member of: an id unique among the non-empty
  // objects of one walk, 0 outside any object. A key's object is the one
  // it is a key of, as for its value, so a visitor can tell which members
  // stand side by side ("name" beside "email").
  std::uint32_t object = 0;
  // Which array instance holds the leaf's element: one id for every leaf
  // of the innermost array around it, 0 outside any array. Leaves with the
  // same path and array are one column of one table ("flights[].price" of
  // one reservation's flights, not of every reservation of a list): the
  // corpus sums such columns (ColumnTotals). Ids are unique among the
  // arrays that hold a leaf at that path.
  std::uint32_t array = 0;
};

// Whether `content` may be a JSON document: its first byte past JSON's
// whitespace may begin a value. Text that cannot ("# country: ...",
// "date,value", prose) is never parsed: WalkJson and the records
// (records.h) read it as text at once.
bool MayBeJson(std::string_view content);

// Walks `content` if it is one complete JSON document. The visitor sees each
// key and leaf in document order, and only once the whole document proved
// to be JSON (a document is walked whole or not at all). The views stay
// valid until WalkJson returns, so a visitor may keep them across its calls
// (the corpus memoizes repeated leaves by them); a visitor that itself
// calls WalkJson on the same thread ends them. Memory: the padded copy and
// simdjson's index (up to ~6 bytes per byte, for text that is all
// punctuation), plus at most half the document's size (or 24 MiB) in
// collected leaves; a document with more leaves than that is walked twice,
// visiting as it goes the second time.
JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view)>& visit);

// The same walk, with each leaf's place in the document.
JsonWalkResult WalkJson(std::string_view content,
                        const std::function<void(JsonLeafKind, std::string_view,
                                                 const JsonLeafPlace&)>& visit);

// How many leaves ahead of `visit` the `ahead` of the next WalkJson runs:
// 16 leaves are a few microseconds of a visitor's work, longer than a miss
// takes to come back from memory.
inline constexpr std::size_t kJsonLookahead = 16;

// The same walk with a look ahead: `ahead` sees every key and leaf that
// `visit` will see, in the same order, each before `visit` does and at
// most kJsonLookahead leaves before. A visitor that keeps a table too
// large for the caches asks the memory there for what it will touch (the
// corpus's memo of repeated leaves), so the misses overlap.
JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view)>& ahead,
    const std::function<void(JsonLeafKind, std::string_view,
                             const JsonLeafPlace&)>& visit);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_JSON_WALK_H_
