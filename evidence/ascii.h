// evidence/ascii.h — ASCII byte classes and comparisons for the readers.
//
// Its one job: the byte tests the readers of numbers, dates and names
// share: digit, letter and case classes, case-insensitive comparison, a
// prefix test, and the sentence punctuation a token may end in. Inline and
// constexpr: they run on every byte a reader looks at. What it does NOT
// do: classify non-ASCII letters (unicode.h, or names.cc's Latin table),
// or allocate.
#ifndef GROUNDGATE_EVIDENCE_ASCII_H_
#define GROUNDGATE_EVIDENCE_ASCII_H_

#include <cstddef>
#include <string_view>

namespace groundgate::evidence::ascii {

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool IsLower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool IsAlpha(char c) { return IsUpper(c) || IsLower(c); }
constexpr bool IsAlnum(char c) { return IsDigit(c) || IsAlpha(c); }

// IsAlnum by a table: one load per byte, for the loops that step over runs
// of letters and digits in every text they read (the tokenizer,
// counts_named.cc).
inline constexpr struct AlnumTable {
  bool has[256] = {};
  constexpr AlnumTable() {
    for (int b = 0; b < 256; ++b) has[b] = IsAlnum(static_cast<char>(b));
  }
} kAlnumTable;
constexpr bool IsAlnumByte(char c) {
  return kAlnumTable.has[static_cast<unsigned char>(c)];
}
constexpr char Lower(char c) {
  return IsUpper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

// True when `a` equals `b` ignoring ASCII case.
inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

// True when `text` holds `lower` (no capital in it) at byte `at`, whatever
// the case of its letters. Only the text's bytes are lowercased: the
// readers call it in their scans, once per candidate place.
inline bool HoldsAtIgnoreCase(std::string_view text, std::size_t at,
                              std::string_view lower) {
  if (at > text.size() || text.size() - at < lower.size()) return false;
  for (std::size_t k = 0; k < lower.size(); ++k) {
    if (Lower(text[at + k]) != lower[k]) return false;
  }
  return true;
}

// The first byte is compared before the rest: it settles nearly every call
// the readers' table loops make, without a call to memcmp (which a fuzz
// build intercepts: such memcmp calls were a tenth of the record_judge
// fuzzer's time, tests/fuzz/README.md).
inline bool StartsWith(std::string_view s, std::string_view prefix) {
  if (prefix.empty()) return true;
  if (s.empty() || s.front() != prefix.front()) return false;
  return s.substr(0, prefix.size()) == prefix;
}

// `s` without the sentence punctuation a token may end in ("41,200."
// "cost:").
inline std::string_view TrimSentenceEnd(std::string_view s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ':')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace groundgate::evidence::ascii

#endif  // GROUNDGATE_EVIDENCE_ASCII_H_
