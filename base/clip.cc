// base/clip.cc — ClipUtf8, ClipUtf8View and ClipWithHash.
#include "base/clip.h"

#include <cstdint>

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

namespace {

// 64-bit FNV-1a: unseeded (absl::Hash is seeded per process).
std::uint64_t StableHash(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace

std::string ClipWithHash(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::string out(ClipUtf8View(text, max_bytes - kHashSuffixBytes));
  out.push_back('~');
  static constexpr char kHex[] = "0123456789abcdef";
  const std::uint64_t hash = StableHash(text);
  for (int shift = 60; shift >= 0; shift -= 4) {
    out.push_back(kHex[(hash >> shift) & 0xF]);
  }
  return out;
}

}  // namespace groundgate::base
