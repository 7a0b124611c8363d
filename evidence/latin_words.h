// evidence/latin_words.h — the letters of words in Latin script.
//
// Its one job: what the readers of names and digitless identifiers need
// of a word's letters: ASCII classes, the case of a Latin letter (ASCII,
// Latin-1 Supplement, Latin Extended-A), and LowerWord, a word lowercased
// into a stack buffer with the fold tools/embed_words.cc applied to the
// word list, so it can be looked up there. Inline: they run on every word
// of an answer. What it does NOT do: classify letters of other scripts
// (names in them are not read), or allocate.
#ifndef GROUNDGATE_EVIDENCE_LATIN_WORDS_H_
#define GROUNDGATE_EVIDENCE_LATIN_WORDS_H_

#include <array>
#include <cstddef>
#include <string_view>

#include "evidence/unicode.h"

namespace groundgate::evidence::latin {

// A word longer than this is not a name word and not looked up: the longest
// entry of the list is 23 bytes; names of 40+ letters are not names.
inline constexpr std::size_t kMaxWordBytes = 48;

constexpr bool IsAsciiDigit(unsigned char b) { return b >= '0' && b <= '9'; }
constexpr bool IsAsciiUpper(unsigned char b) { return b >= 'A' && b <= 'Z'; }
constexpr bool IsAsciiLower(unsigned char b) { return b >= 'a' && b <= 'z'; }
constexpr bool IsAsciiLetter(unsigned char b) {
  return IsAsciiUpper(b) || IsAsciiLower(b);
}

enum class LetterCase { kNotLetter, kUpper, kLower };

// The case of a Latin letter: ASCII, Latin-1 Supplement, Latin Extended-A.
// Any other code point is not a letter here (names in other scripts are not
// read).
inline LetterCase CaseOf(int cp) {
  if (cp < 0x80) {
    if (IsAsciiUpper(static_cast<unsigned char>(cp))) return LetterCase::kUpper;
    if (IsAsciiLower(static_cast<unsigned char>(cp))) return LetterCase::kLower;
    return LetterCase::kNotLetter;
  }
  if (cp >= 0xC0 && cp <= 0xDE) {
    return cp == 0xD7 ? LetterCase::kNotLetter : LetterCase::kUpper;
  }
  if (cp >= 0xDF && cp <= 0xFF) {
    return cp == 0xF7 ? LetterCase::kNotLetter : LetterCase::kLower;
  }
  if (cp < 0x100 || cp > 0x17F) return LetterCase::kNotLetter;
  // Latin Extended-A pairs capitals with small letters; the parity of the
  // pairs flips at U+0139 and again at U+0179.
  if (cp == 0x130 || cp == 0x178) return LetterCase::kUpper;
  if (cp == 0x131 || cp == 0x138 || cp == 0x149 || cp == 0x17F) {
    return LetterCase::kLower;
  }
  const bool odd = (cp & 1) != 0;
  if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) {
    return odd ? LetterCase::kUpper : LetterCase::kLower;
  }
  return odd ? LetterCase::kLower : LetterCase::kUpper;
}

// The code point at text[pos] and its length; -1 for an invalid byte.
inline int CodePointAt(std::string_view text, std::size_t pos,
                       std::size_t* length) {
  const auto b = static_cast<unsigned char>(text[pos]);
  if (b < 0x80) {
    *length = 1;
    return b;
  }
  return DecodeUtf8(text, pos, length);
}

inline void AppendUtf8(int cp, char* out, std::size_t* n) {
  if (cp < 0x80) {
    out[(*n)++] = static_cast<char>(cp);
  } else {  // the Latin letters here are all below U+0800
    out[(*n)++] = static_cast<char>(0xC0 | (cp >> 6));
    out[(*n)++] = static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A word lowercased into a stack buffer with the fold the generator applied
// to the list (ASCII and Latin letters). False when the word does not fit.
class LowerWord {
 public:
  explicit LowerWord(std::string_view word) {
    for (std::size_t i = 0; i < word.size();) {
      std::size_t length = 1;
      int cp = CodePointAt(word, i, &length);
      if (cp < 0) cp = 0xFFFD;  // copied as its bytes below, never a letter
      if (cp >= 0x80 && CaseOf(cp) == LetterCase::kUpper) {
        if (cp < 0x100) {
          cp += 0x20;
        } else if (cp == 0x130) {
          cp = 'i';
        } else if (cp == 0x178) {
          cp = 0xFF;
        } else {
          cp += 1;
        }
      }
      if (cp < 0x80 || (cp < 0x800 && CaseOf(cp) != LetterCase::kNotLetter)) {
        if (size_ + 2 > kMaxWordBytes) {
          ok_ = false;
          return;
        }
        if (cp < 0x80 && IsAsciiUpper(static_cast<unsigned char>(cp))) {
          cp += 'a' - 'A';
        }
        AppendUtf8(cp, buffer_.data(), &size_);
      } else {  // other code points are copied as they are
        if (size_ + length > kMaxWordBytes) {
          ok_ = false;
          return;
        }
        for (std::size_t k = 0; k < length; ++k) buffer_[size_++] = word[i + k];
      }
      i += length;
    }
  }
  bool ok() const { return ok_; }
  std::string_view view() const { return {buffer_.data(), size_}; }

 private:
  std::array<char, kMaxWordBytes> buffer_{};
  std::size_t size_ = 0;
  bool ok_ = true;
};

}  // namespace groundgate::evidence::latin

#endif  // GROUNDGATE_EVIDENCE_LATIN_WORDS_H_
