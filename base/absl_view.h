// base/absl_view.h — crossing between std::string_view and Debian
// abseil's own absl::string_view.
//
// Its one job: the two conversions. Debian 12's abseil is built without
// ABSL_USES_STD_STRING_VIEW, so absl::StrCat, absl::Status::message() and
// the hash maps speak a different string_view type than the public API.
//
// What it does NOT do: copy. Both are views of the same bytes.
#ifndef GROUNDGATE_BASE_ABSL_VIEW_H_
#define GROUNDGATE_BASE_ABSL_VIEW_H_

#include <string_view>

#include "absl/strings/string_view.h"

namespace groundgate::base {

inline absl::string_view AbslView(std::string_view s) {
  return absl::string_view(s.data(), s.size());
}

inline std::string_view StdView(absl::string_view s) {
  return std::string_view(s.data(), s.size());
}

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_ABSL_VIEW_H_
