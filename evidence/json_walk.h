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

// Walks `content` if it is one complete JSON document. The visitor sees each
// key and leaf in document order; views are valid only during the call.
JsonWalkResult WalkJson(
    std::string_view content,
    const std::function<void(JsonLeafKind, std::string_view)>& visit);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_JSON_WALK_H_
