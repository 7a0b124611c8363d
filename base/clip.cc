// base/clip.cc — ClipUtf8.
#include "base/clip.h"

namespace groundgate::base {

std::string ClipUtf8(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) to a character boundary.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return std::string(text.substr(0, end));
}

}  // namespace groundgate::base
