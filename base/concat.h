// base/concat.h — joining text and counts into one string.
//
// Its one job: Concat, for the layers that build messages and paths from
// std::string_view pieces. Debian's abseil has its own string_view, so
// absl::StrCat does not take std::string_view; this does.
//
// What it does NOT do: format numbers other than as decimal integers, or
// take anything but text, std::size_t and int.
#ifndef GROUNDGATE_BASE_CONCAT_H_
#define GROUNDGATE_BASE_CONCAT_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::base {

inline void AppendPart(std::string& out, std::string_view text) {
  out.append(text);
}
inline void AppendPart(std::string& out, std::size_t count) {
  out.append(std::to_string(count));
}
inline void AppendPart(std::string& out, int count) {
  out.append(std::to_string(count));
}

// The parts, in order, as one string.
template <typename... Parts>
std::string Concat(const Parts&... parts) {
  std::string out;
  (AppendPart(out, parts), ...);
  return out;
}

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_CONCAT_H_
