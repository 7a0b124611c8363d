// evidence/tokenizer.cc — the byte scanner behind ForEachToken.
//
// ASCII bytes are classified by one table lookup each (kByteClass); only
// non-ASCII bytes decode a code point and ask ICU for its general category.
#include "evidence/tokenizer.h"

#include <array>

#include "evidence/ascii.h"
#include "evidence/unicode.h"

namespace groundgate::evidence {
namespace {

constexpr bool IsDigit(unsigned char b) { return b >= '0' && b <= '9'; }
constexpr bool IsAsciiAlnum(unsigned char b) {
  return IsDigit(b) || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}
// Punctuation that may stand inside a token (and at its ends, where the
// canonicalizer strips what is decoration).
constexpr bool IsInner(unsigned char b) {
  switch (b) {
    case ':':
    case '_':
    case '-':
    case '/':
    case '.':
    case '%':
    case '+':
    case '@':
    case '#':
    case '$':
      return true;
    default:
      return false;
  }
}

// What a byte is to the scanner, as bits: a digit or a letter (ASCII),
// punctuation that stays inside a token (IsInner), a comma, a byte that
// separates where a token would begin (a separator, ':' and ','), a
// backslash (a separator that may span a literal escape), or a byte
// beyond ASCII (decoded and classified).
enum ByteClass : unsigned char {
  kDigitByte = 1,
  kLetterByte = 2,
  kInnerByte = 4,
  kCommaByte = 8,
  kNoStartByte = 16,
  kBackslashByte = 32,
  kHighByte = 64,
};

constexpr std::array<unsigned char, 256> kByteClass = [] {
  std::array<unsigned char, 256> table{};
  for (int b = 0; b < 256; ++b) {
    const auto byte = static_cast<unsigned char>(b);
    unsigned char c = 0;
    if (byte >= 0x80) {
      c = kHighByte;
    } else if (IsDigit(byte)) {
      c = kDigitByte;
    } else if (IsAsciiAlnum(byte)) {
      c = kLetterByte;
    } else if (IsInner(byte)) {
      // A ':' never begins a token: in compact JSON (`"price":5.50`) it
      // ends a key, and the value after it stands alone.
      c = byte == ':' ? kInnerByte | kNoStartByte : kInnerByte;
    } else if (byte == ',') {
      c = kCommaByte | kNoStartByte;  // inside only between digits
    } else if (byte == '\\') {
      c = kBackslashByte;
    } else {
      c = kNoStartByte;
    }
    table[b] = c;
  }
  return table;
}();

// Length of the run of ASCII digits starting at i.
std::size_t DigitsFrom(std::string_view text, std::size_t i) {
  std::size_t k = i;
  while (k < text.size() && IsDigit(static_cast<unsigned char>(text[k]))) ++k;
  return k - i;
}

// The comma at `comma` sits between two digits and is the first comma of its
// digit run. True when the whole run is a valid grouping: western
// (1,234,567: a first group of 1-3 digits, then groups of 3) or Indian
// (1,23,45,678: a first group of 1-2, groups of 2, a last group of 3).
bool GroupingValid(std::string_view text, std::size_t comma) {
  std::size_t first = 0;
  while (first < comma &&
         IsDigit(static_cast<unsigned char>(text[comma - first - 1]))) {
    ++first;
  }
  // The first group must begin a number: digits after a joiner are the last
  // part of something else ("2020-08-02,105.379" is a CSV row of a date and
  // a value, "12:30,145" a time and a count), so their comma separates.
  // A sign ("-1,234": '-' not after a letter or digit) still begins one,
  // and so does a dot: "1.234,567" is German grouping, one number.
  const std::size_t run = comma - first;
  if (run > 0) {
    const unsigned char before = static_cast<unsigned char>(text[run - 1]);
    if (before == ':' || before == '/' || before == '_') {
      return false;
    }
    // After a decimal point the digits are a fraction, not a German
    // thousands group, unless there are three of them: "1.5,100" is a
    // JSON array's two numbers, "1.234,567" one number.
    if (before == '.' && first != 3) return false;
    if (before == '-' && run >= 2 &&
        IsAsciiAlnum(static_cast<unsigned char>(text[run - 2]))) {
      return false;
    }
  }
  // Group lengths after each comma of the run.
  std::size_t groups[64];
  std::size_t count = 0;
  std::size_t i = comma;
  while (i + 1 < text.size() && text[i] == ',' &&
         IsDigit(static_cast<unsigned char>(text[i + 1]))) {
    const std::size_t len = DigitsFrom(text, i + 1);
    if (count == 64) return false;  // absurd run: not a grouping
    groups[count++] = len;
    i += 1 + len;
  }
  bool western = first >= 1 && first <= 3;
  for (std::size_t g = 0; g < count && western; ++g) western = groups[g] == 3;
  if (western) return true;
  if (count < 2 || first < 1 || first > 2 || groups[count - 1] != 3) {
    return false;
  }
  for (std::size_t g = 0; g + 1 < count; ++g) {
    if (groups[g] != 2) return false;
  }
  return true;
}

// Hex digit value, or -1.
int HexValue(unsigned char b) {
  if (b >= '0' && b <= '9') return b - '0';
  if ((b | 0x20) >= 'a' && (b | 0x20) <= 'f') return (b | 0x20) - 'a' + 10;
  return -1;
}

// A space a model wrote as a JSON escape left literal in its text
// ("\u2009", "\u00A0" before a price: "€\u200999.99"): 6 bytes the
// separator at text[backslash] spans, so the "u2009" is not read as the
// first letters of the number after it. 1 for any other backslash.
std::size_t EscapedSpaceLength(std::string_view text, std::size_t backslash) {
  constexpr std::size_t kEscapeBytes = 6;  // a backslash, u, four hex digits
  if (backslash + kEscapeBytes > text.size() || text[backslash + 1] != 'u') {
    return 1;
  }
  int code_point = 0;
  for (std::size_t k = backslash + 2; k < backslash + kEscapeBytes; ++k) {
    const int digit = HexValue(static_cast<unsigned char>(text[k]));
    if (digit < 0) return 1;
    code_point = code_point * 16 + digit;
  }
  const bool space =
      code_point == 0x00A0 || (code_point >= 0x2000 && code_point <= 0x200A) ||
      code_point == 0x202F || code_point == 0x205F || code_point == 0x3000;
  return space ? kEscapeBytes : 1;
}

}  // namespace

namespace internal {

bool NextToken(std::string_view text, std::size_t* pos, TokenSpan* token) {
  const std::size_t n = text.size();
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t i = *pos;
  while (i < n) {
    // What cannot begin a token is stepped over a byte at a time: most
    // separators are one ASCII byte (a space, a quote, a ':' or ',').
    while (i < n && (kByteClass[bytes[i]] & kNoStartByte) != 0) ++i;
    if (i == n) break;
    if (bytes[i] == '\\') {
      i += EscapedSpaceLength(text, i);  // a separator, or a literal space
      continue;
    }
    const std::size_t start = i;
    std::size_t j = i;
    bool has_word = false;
    bool prev_digit = false;
    bool in_grouping = false;  // inside a digit run whose commas were checked
    bool spaceless = false;    // the token's word characters are spaceless
    while (j < n) {
      const unsigned char cls = kByteClass[bytes[j]];
      if ((cls & (kDigitByte | kLetterByte)) != 0) {
        if (has_word && spaceless) break;  // "の" then "fc1": a new token
        spaceless = false;
        has_word = true;
        // The whole run at once: a letter in it ends a digit grouping,
        // and the run's last byte says whether a digit came last.
        unsigned char run = cls;
        ++j;
        while (j < n) {
          const unsigned char next = kByteClass[bytes[j]];
          if ((next & (kDigitByte | kLetterByte)) == 0) break;
          run |= next;
          ++j;
        }
        prev_digit = (kByteClass[bytes[j - 1]] & kDigitByte) != 0;
        if ((run & kLetterByte) != 0) in_grouping = false;
        continue;
      }
      if ((cls & kInnerByte) != 0) {
        prev_digit = false;
        in_grouping = false;
        ++j;
        continue;
      }
      if ((cls & kCommaByte) != 0) {
        if (prev_digit && j + 1 < n &&
            (kByteClass[bytes[j + 1]] & kDigitByte) != 0 &&
            (in_grouping || GroupingValid(text, j))) {
          in_grouping = true;
          prev_digit = false;
          ++j;
          continue;
        }
        break;
      }
      if ((cls & kHighByte) == 0) break;  // a separator or a backslash
      std::size_t length = 1;
      const int cp = DecodeUtf8(text, j, &length);
      const CodePointClass code_class = ClassifyCodePoint(cp);
      if (code_class == CodePointClass::kInvisible) {
        // It shows nothing, so it neither ends the token nor changes what
        // the characters around it are: the span keeps its bytes, and the
        // token's form drops them (FoldUnicode), on both sides alike.
        j += length;
        continue;
      }
      if (code_class == CodePointClass::kWord ||
          code_class == CodePointClass::kSpacelessWord) {
        const bool this_spaceless =
            code_class == CodePointClass::kSpacelessWord;
        if (has_word && this_spaceless != spaceless) break;
        spaceless = this_spaceless;
        has_word = true;
        prev_digit = false;
        in_grouping = false;
        j += length;
        continue;
      }
      if (code_class == CodePointClass::kAsciiLike &&
          IsInner(static_cast<unsigned char>(AsciiLike(cp)))) {
        prev_digit = false;
        in_grouping = false;
        j += length;
        continue;
      }
      break;
    }
    if (j == start) {
      // A code point beyond ASCII that separates: step over all of it.
      std::size_t length = 1;
      DecodeUtf8(text, i, &length);
      i += length;
      continue;
    }
    if (has_word) {
      *token = TokenSpan{start, j};
      *pos = j;
      return true;
    }
    i = j;  // only punctuation ("--", "..."): no value in it
  }
  *pos = n;
  return false;
}

}  // namespace internal

std::vector<TokenSpan> Tokenize(std::string_view text) {
  std::vector<TokenSpan> tokens;
  ForEachToken(text, [&](TokenSpan t) {
    tokens.push_back(t);
    return true;
  });
  return tokens;
}

}  // namespace groundgate::evidence
