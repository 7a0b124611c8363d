// evidence/dates/field_bytes.h — the bytes of a date's or a time's fields.
//
// Its one job: the byte tests every date and time reader shares beyond
// ascii.h: a letter's byte, and a number of a bounded count of digits
// (ReadNumber). Inline: they run on every token a date may begin at. What
// it does NOT do: know what a field means (a day, an hour: numeric_dates.h,
// clock_times.h) or read Unicode digits (a date is read in ASCII digits).
#ifndef GROUNDGATE_EVIDENCE_DATES_FIELD_BYTES_H_
#define GROUNDGATE_EVIDENCE_DATES_FIELD_BYTES_H_

#include <cstddef>
#include <string_view>

#include "evidence/ascii.h"

namespace groundgate::evidence::dates {

// A byte that may be part of a letter: ASCII letters, and every byte of a
// non-ASCII character.
inline bool IsLetterByte(char c) {
  const auto b = static_cast<unsigned char>(c);
  return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b >= 0x80;
}

// Reads min_digits..max_digits ASCII digits at *i, and no more: a longer run
// is not this number. Advances *i on success.
inline bool ReadNumber(std::string_view s, std::size_t* i,
                       std::size_t min_digits, std::size_t max_digits,
                       int* out) {
  std::size_t k = *i;
  int value = 0;
  while (k < s.size() && ascii::IsDigit(s[k])) {
    if (k - *i == max_digits) return false;
    value = value * 10 + (s[k] - '0');
    ++k;
  }
  if (k - *i < min_digits) return false;
  *i = k;
  *out = value;
  return true;
}

}  // namespace groundgate::evidence::dates

#endif  // GROUNDGATE_EVIDENCE_DATES_FIELD_BYTES_H_
