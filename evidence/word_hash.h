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

// A slot of an embedded word table holds its word whole: the word's offset
// in the table's blob (the low kWordOffsetBits bits), its length (the next
// kWordLengthBits) and the top bits of its hash (the rest), so that a probe
// reads the blob only for a word of the same length and hash tag, and
// never an offsets array (one cache miss a look-up instead of three). 0 is
// an empty slot: no word is empty. tools/embed_words.cc fails on a table
// past these bounds.
inline constexpr unsigned kWordOffsetBits = 20;  // blobs up to 1 MiB
inline constexpr unsigned kWordLengthBits = 5;   // words up to 31 bytes
inline constexpr unsigned kWordTagShift = kWordOffsetBits + kWordLengthBits;

inline std::uint32_t WordSlot(std::uint32_t offset, std::uint32_t length,
                              std::uint32_t hash) {
  return offset | (length << kWordOffsetBits) |
         (hash >> kWordTagShift << kWordTagShift);
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_WORD_HASH_H_
