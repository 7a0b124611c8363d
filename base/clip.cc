// base/clip.cc — ClipUtf8 and ClipUtf8View.
#include "base/clip.h"

namespace groundgate::base {

std::string ClipUtf8(std::string_view text, std::size_t max_bytes) {
  return std::string(ClipUtf8View(text, max_bytes));
}

std::string_view ClipUtf8View(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) to a character boundary.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return text.substr(0, end);
}

}  // namespace groundgate::base
