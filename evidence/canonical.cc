// evidence/canonical.cc — the canonicalizer shared by evidence and answers.
#include "evidence/canonical.h"

#include <algorithm>
#include <cstddef>

#include "evidence/unicode.h"

namespace groundgate::evidence {
namespace {

// An exponent shifts the decimal point at most this far. "1e64" still
// expands; "1e400" stays as written (on both sides alike), so a hostile
// exponent cannot make a gigabyte of zeros.
constexpr int kMaxExponentShift = 64;

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x80;
  });
}

void LowercaseAscii(std::string* s) {
  for (char& c : *s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
}

bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f'); }

// Reads digits with optional grouping commas into *digits. Grouping must be
// western (1-3, then 3s) or Indian (1-2, then 2s, then a last 3).
bool ReadGroupedDigits(std::string_view text, std::size_t* i,
                       std::string* digits) {
  std::size_t groups[64];
  std::size_t count = 0;
  const std::size_t begin = *i;
  while (*i < text.size()) {
    std::size_t k = *i;
    while (k < text.size() && IsDigit(text[k])) ++k;
    const std::size_t len = k - *i;
    if (len == 0) return false;
    if (count == 64) return false;
    groups[count++] = len;
    digits->append(text.substr(*i, len));
    *i = k;
    if (*i + 1 < text.size() && text[*i] == ',' && IsDigit(text[*i + 1])) {
      ++*i;
      continue;
    }
    break;
  }
  if (count == 0) return false;
  if (count == 1) return *i > begin;
  bool western = groups[0] >= 1 && groups[0] <= 3;
  for (std::size_t g = 1; g < count && western; ++g) western = groups[g] == 3;
  if (western) return true;
  if (count < 3 || groups[0] > 2 || groups[count - 1] != 3) return false;
  for (std::size_t g = 1; g + 1 < count; ++g) {
    if (groups[g] != 2) return false;
  }
  return true;
}

}  // namespace

namespace {

// A byte-indexed membership table of one decoration set: the judge strips
// every token several times, and a table lookup costs no call.
struct ByteSet {
  bool has[256] = {};
  constexpr explicit ByteSet(std::string_view bytes) {
    for (const char c : bytes) has[static_cast<unsigned char>(c)] = true;
  }
  constexpr bool operator()(char c) const {
    return has[static_cast<unsigned char>(c)];
  }
};

constexpr ByteSet kLeading(kLeadingDecoration);
constexpr ByteSet kTrailing(kTrailingDecoration);

}  // namespace

std::string_view StripDecoration(std::string_view token) {
  while (!token.empty() && kLeading(token.front())) token.remove_prefix(1);
  while (!token.empty() && kTrailing(token.back())) token.remove_suffix(1);
  return token;
}

bool CanonicalNumber(std::string_view text, std::string* out) {
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && text[i] == '-') {
    negative = true;
    ++i;
  }
  std::string int_part;
  if (i >= text.size() || !IsDigit(text[i])) return false;
  if (!ReadGroupedDigits(text, &i, &int_part)) return false;
  std::string frac_part;
  if (i < text.size() && text[i] == '.') {
    ++i;
    const std::size_t begin = i;
    while (i < text.size() && IsDigit(text[i])) ++i;
    if (i == begin) return false;
    frac_part.assign(text.substr(begin, i - begin));
  }
  bool has_exponent = false;
  long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
      exp_negative = text[i] == '-';
      ++i;
    }
    const std::size_t begin = i;
    while (i < text.size() && IsDigit(text[i])) {
      if (exponent <= kMaxExponentShift)
        exponent = exponent * 10 + (text[i] - '0');
      ++i;
    }
    if (i == begin) return false;
    if (exponent > kMaxExponentShift) return false;
    if (exp_negative) exponent = -exponent;
    has_exponent = true;
  }
  if (i != text.size()) return false;

  if (has_exponent) {
    // Move the decimal point: digits = int_part + frac_part, the point after
    // int_part.size() + exponent digits.
    std::string all = int_part + frac_part;
    long point = static_cast<long>(int_part.size()) + exponent;
    if (point <= 0) {
      all.insert(0, static_cast<std::size_t>(1 - point), '0');
      point = 1;
    } else if (point > static_cast<long>(all.size())) {
      all.append(static_cast<std::size_t>(point) - all.size(), '0');
    }
    int_part = all.substr(0, static_cast<std::size_t>(point));
    frac_part = all.substr(static_cast<std::size_t>(point));
    // An exponent's mantissa has no meaningful leading zeros.
    const std::size_t nonzero = int_part.find_first_not_of('0');
    int_part = nonzero == std::string::npos ? "0" : int_part.substr(nonzero);
  }
  while (!frac_part.empty() && frac_part.back() == '0') frac_part.pop_back();
  const bool zero =
      int_part.find_first_not_of('0') == std::string::npos && frac_part.empty();
  out->clear();
  if (negative && !zero) out->push_back('-');
  out->append(int_part);
  if (!frac_part.empty()) {
    out->push_back('.');
    out->append(frac_part);
  }
  return true;
}

CanonicalForm Canonicalize(std::string_view token) {
  CanonicalForm result;
  const std::string_view stripped = StripDecoration(token);
  if (IsAscii(stripped)) {
    // The fast path: no ICU, one copy.
    result.form.assign(stripped);
    LowercaseAscii(&result.form);
  } else {
    // NFKC may turn fullwidth decoration into ASCII: strip once more.
    const std::string folded = FoldUnicode(stripped);
    result.form.assign(StripDecoration(folded));
    std::string lowered(stripped);
    LowercaseAscii(&lowered);
    result.changed = result.form != lowered;
  }
  std::string number;
  if (!result.form.empty() &&
      std::all_of(result.form.begin(), result.form.end(), IsDigit)) {
    result.is_number = true;  // plain digits are already canonical
  } else if (!result.form.empty() && CanonicalNumber(result.form, &number)) {
    if (number != result.form) {
      result.changed = true;
      result.form = std::move(number);
    }
    result.is_number = true;
  }
  if (result.form.size() > 2 && result.form[0] == '0' &&
      result.form[1] == 'x' &&
      std::all_of(result.form.begin() + 2, result.form.end(), IsHexDigit)) {
    result.hex_digits = result.form.substr(2);
  }
  return result;
}

int CountDigits(std::string_view form) {
  return static_cast<int>(std::count_if(form.begin(), form.end(), IsDigit));
}

}  // namespace groundgate::evidence
