// evidence/word_hash.h — the hash of the embedded word tables.
//
// Its one job: FNV-1a over a word's bytes, 32 bits. tools/embed_words.cc
// builds the word tables (wamerican and wbritish) with it at build time and
// evidence/names.cc looks words up with it at run time; one definition keeps
// the two in step byte for byte.
#ifndef GROUNDGATE_EVIDENCE_WORD_HASH_H_
#define GROUNDGATE_EVIDENCE_WORD_HASH_H_

#include <cstdint>
#include <string_view>

namespace groundgate::evidence {

inline std::uint32_t WordHash(std::string_view word) {
  std::uint32_t hash = 2166136261u;
  for (const char ch : word) {
    hash ^= static_cast<unsigned char>(ch);
    hash *= 16777619u;
  }
  return hash;
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_WORD_HASH_H_
