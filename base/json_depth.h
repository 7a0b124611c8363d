// base/json_depth.h — how deep JSON text nests, before it is parsed.
//
// Its one job: say whether text, read as JSON, opens more than a given
// number of arrays or objects inside one another, by a scan (brackets inside
// strings do not count). Whatever parses untrusted JSON into a DOM that is
// later walked or dumped recursively (tool-call arguments, a model's reply)
// asks first, so a hostile input never reaches a recursion deep enough to
// exhaust the stack.
//
// What it does NOT do: validate the JSON. Text that does not parse is the
// parser's to reject; the scan stops as soon as the limit is passed.
//
//   if (groundgate::base::JsonNestsDeeperThan(arguments, 64)) {
//     return absl::InvalidArgumentError("arguments nest deeper than 64");
//   }
//
// Thread safety: a pure function. Inline, so groundgate_net (a library of
// its own, which sees only groundgate's exported API in a shared build)
// uses it too.
#ifndef GROUNDGATE_BASE_JSON_DEPTH_H_
#define GROUNDGATE_BASE_JSON_DEPTH_H_

#include <string_view>

namespace groundgate::base {

// True when `text` opens more than `limit` arrays or objects inside one
// another. O(n) over the bytes up to the point it passes the limit.
[[nodiscard]] inline bool JsonNestsDeeperThan(std::string_view text,
                                              int limit) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_JSON_DEPTH_H_
