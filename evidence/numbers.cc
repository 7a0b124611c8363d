// evidence/numbers.cc — MatchNumber: the number a token begins.
//
// A reading is assembled from plain byte checks over the caller's text: the
// in-token prefix (sign, currency), the digits with their grouping, digit
// groups in the next tokens (spaced, apostrophe and comma-decimal
// grouping), a glued suffix, then words after one space. Strings are built
// only once a reading is certain. Spelled-out numbers are read by
// spelled_numbers.h; the words after them here.
#include "evidence/numbers.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <memory>

#include "evidence/ascii.h"
#include "evidence/canonical.h"
#include "evidence/spelled_numbers.h"

namespace groundgate::evidence {
namespace {

// Digit groups one number may chain across separators ("1 234 567" is 3).
// 8 groups is 24 digits; a longer chain is a table of numbers, not one.
constexpr std::size_t kMaxChainGroups = 8;
// Digit runs inside one token: the limit canonical.cc's grouping uses.
constexpr std::size_t kMaxRuns = 64;

using ascii::EqualsIgnoreCase;
using ascii::IsAlnum;
using ascii::IsAlpha;
using ascii::IsDigit;
using ascii::IsUpper;
using ascii::StartsWith;
using ascii::TrimSentenceEnd;

struct Code {
  std::string_view text;
  std::string_view iso;
};

// Dollar signs glued before a number, longest first so "US$" wins over "$".
// "$" alone is USD: the most common reading, and a guess for CAD or AUD.
constexpr Code kDollarPrefixes[] = {
    {"US$", "USD"}, {"AU$", "AUD"}, {"CA$", "CAD"}, {"HK$", "HKD"},
    {"NZ$", "NZD"}, {"A$", "AUD"},  {"C$", "CAD"},  {"R$", "BRL"},
    {"S$", "SGD"},  {"$", "USD"},
};

// Currency symbols the tokenizer treats as separators (UTF-8). "¥" is JPY,
// the usual reading in English text (it is also CNY's sign).
constexpr Code kSymbols[] = {
    {"\xE2\x82\xAC", "EUR"},  // €
    {"\xC2\xA3", "GBP"},      // £
    {"\xC2\xA5", "JPY"},      // ¥
    {"\xE2\x82\xB9", "INR"},  // ₹
    {"\xE2\x82\xA9", "KRW"},  // ₩
    {"\xE2\x82\xBD", "RUB"},  // ₽
};

// ISO 4217 codes read before or after a number, uppercase only. Codes that
// are also English words in capitals (TRY, SAR) are left out.
constexpr std::string_view kIsoCodes[] = {
    "AED", "AUD", "BRL", "CAD", "CHF", "CNY", "DKK", "EUR", "GBP", "HKD", "INR",
    "JPY", "KRW", "MXN", "NOK", "NZD", "PLN", "RUB", "SEK", "SGD", "USD", "ZAR",
};

// Currency words after a number. "pound(s)" is left out: it is as often a
// weight.
constexpr Code kCurrencyWords[] = {
    {"dollar", "USD"}, {"dollars", "USD"}, {"euro", "EUR"}, {"euros", "EUR"},
    {"rupee", "INR"},  {"rupees", "INR"},  {"yen", "JPY"},
};

struct ScaleWord {
  std::string_view word;
  int exponent;
};
constexpr ScaleWord kScaleWords[] = {
    {"thousand", 3}, {"million", 6}, {"billion", 9}, {"trillion", 12},
    {"lakh", 5},     {"lakhs", 5},   {"crore", 7},   {"crores", 7},
};

std::string_view IsoCode(std::string_view s) {
  if (s.size() != 3 || !IsUpper(s[0]) || !IsUpper(s[1]) || !IsUpper(s[2])) {
    return {};
  }
  for (std::string_view code : kIsoCodes) {
    if (s[0] == code[0] && s == code) return code;
  }
  return {};
}

// A currency glued before the digits: a dollar prefix or an ISO code.
// Returns its length in bytes, 0 when none.
std::size_t CurrencyPrefix(std::string_view s, std::string_view* iso) {
  for (const Code& code : kDollarPrefixes) {
    if (StartsWith(s, code.text)) {
      *iso = code.iso;
      return code.text.size();
    }
  }
  if (s.size() > 3 && (IsDigit(s[3]) || s[3] == '-')) {
    const std::string_view code = IsoCode(s.substr(0, 3));
    if (!code.empty()) {
      *iso = code;
      return 3;
    }
  }
  return 0;
}

// A token that is a currency and nothing else ("USD", "US$").
std::string_view CurrencyToken(std::string_view s) {
  if (!IsoCode(s).empty()) return IsoCode(s);
  for (const Code& code : kDollarPrefixes) {
    if (s == code.text && code.text.size() > 1) return code.iso;
  }
  return {};
}

// The currency symbol that ends at text[pos] (exclusive); its length, 0
// when none.
std::size_t SymbolEndingAt(std::string_view text, std::size_t pos,
                           std::string_view* iso) {
  for (const Code& code : kSymbols) {
    if (pos >= code.text.size() &&
        StartsWith(text.substr(pos - code.text.size()), code.text)) {
      *iso = code.iso;
      return code.text.size();
    }
  }
  return 0;
}

std::size_t SymbolAt(std::string_view text, std::size_t pos,
                     std::string_view* iso) {
  for (const Code& code : kSymbols) {
    if (StartsWith(text.substr(pos), code.text)) {
      *iso = code.iso;
      return code.text.size();
    }
  }
  return 0;
}

// One space between a number and its word or symbol: ASCII, no-break
// (U+00A0) or narrow no-break (U+202F). Its length, 0 when none.
std::size_t SpaceAt(std::string_view text, std::size_t pos) {
  const std::string_view s = text.substr(pos);
  if (StartsWith(s, " ")) return 1;
  if (StartsWith(s, "\xC2\xA0")) return 2;
  if (StartsWith(s, "\xE2\x80\xAF")) return 3;
  return 0;
}

std::size_t SpaceEndingAt(std::string_view text, std::size_t pos) {
  if (pos >= 1 && text[pos - 1] == ' ') return 1;
  if (pos >= 2 && StartsWith(text.substr(pos - 2), "\xC2\xA0")) return 2;
  if (pos >= 3 && StartsWith(text.substr(pos - 3), "\xE2\x80\xAF")) return 3;
  return 0;
}

// Separators between digit groups that the tokenizer splits on.
enum class GroupSep {
  kNone,
  kAsciiSpace,
  kNbsp,
  kNarrowNbsp,
  kThinSpace,
  kApostrophe,
  kRightQuote
};

GroupSep GroupSepAt(std::string_view text, std::size_t pos,
                    std::size_t* length) {
  const std::string_view s = text.substr(pos);
  struct Spelling {
    std::string_view bytes;
    GroupSep sep;
  };
  constexpr Spelling kSeps[] = {
      {" ", GroupSep::kAsciiSpace},
      {"\xC2\xA0", GroupSep::kNbsp},
      {"\xE2\x80\xAF", GroupSep::kNarrowNbsp},
      {"\xE2\x80\x89", GroupSep::kThinSpace},
      {"'", GroupSep::kApostrophe},
      {"\xE2\x80\x99", GroupSep::kRightQuote},
  };
  const auto spelled = std::ranges::find_if(
      kSeps, [s](const Spelling& sp) { return StartsWith(s, sp.bytes); });
  if (spelled == std::end(kSeps)) {
    *length = 0;
    return GroupSep::kNone;
  }
  *length = spelled->bytes.size();
  return spelled->sep;
}

std::size_t DigitsFrom(std::string_view text, std::size_t i,
                       std::size_t limit) {
  std::size_t k = i;
  while (k < limit && IsDigit(text[k])) ++k;
  return k - i;
}

// The digits of a number: integer groups (in order) and a fraction.
struct Digits {
  std::array<std::string_view, kMaxRuns> groups;
  std::size_t count = 0;
  std::string_view fraction;
  bool single_run = false;   // one run of digits, no separator at all
  bool dot_grouped = false;  // dots group thousands ("1.234.567")
  // "41.200": read as 41.2, but the dot may group thousands (41200).
  bool dot_ambiguous = false;
  bool chained = false;  // groups joined across tokens
  std::size_t IntegerLength() const {
    std::size_t n = 0;
    for (std::size_t g = 0; g < count; ++g) n += groups[g].size();
    return n;
  }
};

bool ThousandsGroups(const std::string_view* runs, std::size_t count) {
  if (runs[0].empty() || runs[0].size() > 3) return false;
  for (std::size_t g = 1; g < count; ++g) {
    if (runs[g].size() != 3) return false;
  }
  return true;
}

// Western (1,234,567) or Indian (12,34,567) comma grouping.
bool CommaGroups(const std::string_view* runs, std::size_t count) {
  if (count == 1) return true;
  if (ThousandsGroups(runs, count)) return true;
  if (count < 3 || runs[0].size() > 2 || runs[count - 1].size() != 3) {
    return false;
  }
  for (std::size_t g = 1; g + 1 < count; ++g) {
    if (runs[g].size() != 2) return false;
  }
  return true;
}

bool IsIpv4(const std::string_view* runs, std::size_t count) {
  if (count != 4) return false;
  for (std::size_t g = 0; g < count; ++g) {
    if (runs[g].size() > 3) return false;
    int v = 0;
    for (char c : runs[g]) v = v * 10 + (c - '0');
    if (v > 255) return false;
  }
  return true;
}

// Reads the digits at text[p] (a digit) up to `limit` (the token's end):
// runs of digits joined by ',' or '.' each followed by a digit. Sets *end
// after the last digit. False when the runs are no number (1.2.3).
bool ReadTokenDigits(std::string_view text, std::size_t p, std::size_t limit,
                     Digits* d, std::size_t* end) {
  std::array<std::string_view, kMaxRuns> runs;
  std::array<char, kMaxRuns> seps{};
  std::size_t n = 0;
  std::size_t commas = 0;
  std::size_t dots = 0;
  std::size_t i = p;
  while (true) {
    const std::size_t len = DigitsFrom(text, i, limit);
    if (len == 0 || n == kMaxRuns) return false;
    runs[n++] = text.substr(i, len);
    i += len;
    if (i + 1 < limit && (text[i] == ',' || text[i] == '.') &&
        IsDigit(text[i + 1])) {
      seps[n - 1] = text[i];
      (text[i] == ',' ? commas : dots) += 1;
      ++i;
      continue;
    }
    break;
  }
  *end = i;
  const bool last_is_dot = n > 1 && seps[n - 2] == '.';
  if (dots == 0 || (dots == 1 && last_is_dot)) {
    // 41,200  1,23,456  1234.50  41.200
    const std::size_t int_count = dots == 1 ? n - 1 : n;
    if (!CommaGroups(runs.data(), int_count)) return false;
    for (std::size_t g = 0; g < int_count; ++g) d->groups[g] = runs[g];
    d->count = int_count;
    if (dots == 1) d->fraction = runs[n - 1];
    d->single_run = n == 1;
    d->dot_ambiguous = n == 2 && dots == 1 && runs[0].size() <= 3 &&
                       runs[0][0] != '0' && runs[1].size() == 3;
    return true;
  }
  const bool german = commas == 1 && seps[n - 2] == ',';
  if (commas != 0 && !german) return false;
  // 1.234.567 or 1.234,5: dots group thousands.
  const std::size_t int_count = german ? n - 1 : n;
  if (!ThousandsGroups(runs.data(), int_count) || runs[0][0] == '0') {
    return false;
  }
  if (!german && IsIpv4(runs.data(), n)) return false;
  for (std::size_t g = 0; g < int_count; ++g) d->groups[g] = runs[g];
  d->count = int_count;
  if (german) d->fraction = runs[n - 1];
  d->dot_grouped = true;
  return true;
}

// What a token holds after its digits.
struct Glued {
  enum class Kind { kNone, kPercent, kScale, kCurrency, kInvalid } kind;
  int exponent = 0;
  std::string_view iso;
};

// `rest` is what follows the digits in their token, sentence punctuation
// trimmed. `money` says a currency was read before the digits.
Glued ReadGlued(std::string_view rest, const Digits& d, bool money) {
  using Kind = Glued::Kind;
  if (rest.empty()) return {Kind::kNone};
  if (rest == "%") return {Kind::kPercent};
  const std::string_view code = IsoCode(rest);
  if (!code.empty()) return {Kind::kCurrency, 0, code};
  int exponent = 0;
  if (rest == "k" || rest == "K") {
    exponent = 3;
  } else if (rest == "M") {
    exponent = 6;
  } else if (rest == "bn" || rest == "Bn" || rest == "BN") {
    exponent = 9;
  } else if (money && (rest == "m" || rest == "mn" || rest == "MM")) {
    exponent = 6;
  } else if (money && (rest == "B" || rest == "b")) {
    exponent = 9;
  } else if (money && rest == "T") {
    exponent = 12;
  } else {
    return {Kind::kInvalid};
  }
  // Only a short bare number takes a glued scale: "41.2k", "500K", not
  // "1,200k" or "4096k".
  if (d.count != 1 || d.chained || d.dot_grouped || d.groups[0].size() > 3) {
    return {Kind::kInvalid};
  }
  // "12K" is a seat unless money or a fraction says otherwise.
  if (rest == "K" && d.groups[0].size() < 3 && d.fraction.empty() && !money) {
    return {Kind::kInvalid};
  }
  return {Kind::kScale, exponent};
}

// Whether a token that continues a number ends in something readable.
bool RestReadable(std::string_view rest) {
  rest = TrimSentenceEnd(rest);
  if (rest.empty() || rest == "%" || !IsoCode(rest).empty()) return true;
  return false;
}

// "1" followed by `exponent` zeros, or "0.0...1".
std::string PowerOfTen(int exponent) {
  if (exponent >= 0) {
    std::string s = "1";
    s.append(static_cast<std::size_t>(exponent), '0');
    return s;
  }
  std::string s = "0.";
  s.append(static_cast<std::size_t>(-exponent - 1), '0');
  s.push_back('1');
  return s;
}

// The canonical decimal of (groups, fraction) times 10^shift, computed on
// the digit string.
std::string Decimal(const std::string_view* groups, std::size_t count,
                    std::string_view fraction, int shift, bool negative) {
  std::string all;
  for (std::size_t g = 0; g < count; ++g) all.append(groups[g]);
  long point = static_cast<long>(all.size()) + shift;
  all.append(fraction);
  if (point <= 0) {
    all.insert(0, static_cast<std::size_t>(1 - point), '0');
    point = 1;
  } else if (point > static_cast<long>(all.size())) {
    all.append(static_cast<std::size_t>(point) - all.size(), '0');
  }
  std::string text;
  if (negative) text.push_back('-');
  std::string_view int_part(all.data(), static_cast<std::size_t>(point));
  if (shift != 0) {
    // A shifted number has no meaningful leading zeros ("0.5M").
    while (int_part.size() > 1 && int_part[0] == '0') int_part.remove_prefix(1);
  }
  text.append(int_part);
  if (static_cast<std::size_t>(point) < all.size()) {
    text.push_back('.');
    text.append(all, static_cast<std::size_t>(point));
  }
  std::string out;
  if (!CanonicalNumber(text, &out)) return text;  // cannot happen: digits
  return out;
}

// What was read so far: the span, the tokens and the words after.
struct Scan {
  std::string_view text;
  std::size_t start = 0;
  std::size_t end = 0;
  TokenSpan tail;  // the last token read
  int tokens = 1;
  bool sentence_end = false;  // the last token ended in '.' or ':'
  std::string_view iso;
  bool percent = false;
  bool scaled = false;
  int shift = 0;
};

// The token right after text[pos], past exactly one space, with its
// sentence punctuation trimmed. False when there is none.
bool WordAfter(std::string_view text, std::size_t pos, TokenSpan* span,
               std::string_view* word) {
  const std::size_t gap = SpaceAt(text, pos);
  if (gap == 0) return false;
  std::size_t next = pos;
  if (!internal::NextToken(text, &next, span)) return false;
  if (span->start != pos + gap) return false;
  *word = TrimSentenceEnd(text.substr(span->start, span->end - span->start));
  return !word->empty();
}

// Whether a percent or a currency follows the digits that end at `after`
// in token `tok`: "%" or a code glued, or after the token a symbol, a '%',
// a code, a currency word or "percent".
bool MoneyOrPercentFollows(std::string_view text, TokenSpan tok,
                           std::size_t after) {
  const std::string_view rest = text.substr(after, tok.end - after);
  if (rest == "%" || !IsoCode(rest).empty()) return true;
  if (!rest.empty()) return false;
  std::string_view iso;
  const std::size_t at = tok.end + SpaceAt(text, tok.end);
  if (SymbolAt(text, at, &iso) > 0) return true;
  if (at > tok.end && at < text.size() && text[at] == '%') return true;
  TokenSpan span;
  std::string_view word;
  if (!WordAfter(text, tok.end, &span, &word)) return false;
  if (!IsoCode(word).empty() || EqualsIgnoreCase(word, "percent")) {
    return true;
  }
  for (const Code& code : kCurrencyWords) {
    if (EqualsIgnoreCase(word, code.text)) return true;
  }
  return false;
}

void TakeWord(Scan* s, TokenSpan span, std::string_view word) {
  s->tail = span;
  s->tokens += 1;
  s->end = span.start + word.size();
  s->sentence_end = s->end != span.end;
}

// The words and signs after the number: a scale word, a currency, a
// percent, in that order, each after one space.
void ReadAfter(Scan* s, bool scale_word_allowed) {
  const std::string_view text = s->text;
  TokenSpan span;
  std::string_view word;
  if (s->sentence_end || s->end != s->tail.end) return;
  if (scale_word_allowed && !s->scaled && !s->percent &&
      WordAfter(text, s->tail.end, &span, &word)) {
    for (const ScaleWord& scale : kScaleWords) {
      if (EqualsIgnoreCase(word, scale.word)) {
        s->shift = scale.exponent;
        s->scaled = true;
        TakeWord(s, span, word);
        break;
      }
    }
  }
  if (s->sentence_end) return;
  if (s->iso.empty() && !s->percent) {
    // "5 €", "5€": a symbol the tokenizer dropped.
    std::size_t at = s->end;
    std::string_view iso;
    std::size_t len = SymbolAt(text, at, &iso);
    if (len == 0) {
      at += SpaceAt(text, at);
      len = at != s->end ? SymbolAt(text, at, &iso) : 0;
    }
    // A glued symbol is this number's ("5€ 10€"); a spaced one that a digit
    // follows is the next number's ("5 €10").
    const std::size_t after = at + len;
    const std::size_t digit_at = after + SpaceAt(text, after);
    if (len > 0 &&
        (at == s->end || digit_at >= text.size() || !IsDigit(text[digit_at]))) {
      s->iso = iso;
      s->end = after;
      return;
    }
    if (WordAfter(text, s->tail.end, &span, &word)) {
      iso = IsoCode(word);
      for (const Code& code : kCurrencyWords) {
        if (iso.empty() && EqualsIgnoreCase(word, code.text)) iso = code.iso;
      }
      if (!iso.empty()) {
        s->iso = iso;
        TakeWord(s, span, word);
        return;
      }
    }
  }
  if (!s->iso.empty() || s->percent || s->scaled) return;
  // "12.5 %": the '%' alone is no token.
  const std::size_t at = s->end + SpaceAt(text, s->end);
  if (at > s->end && at < text.size() && text[at] == '%' &&
      (at + 1 == text.size() || !IsAlnum(text[at + 1]))) {
    s->percent = true;
    s->shift = -2;
    s->end = at + 1;
    return;
  }
  if (!WordAfter(text, s->tail.end, &span, &word)) return;
  if (EqualsIgnoreCase(word, "percent")) {
    s->percent = true;
    s->shift = -2;
    TakeWord(s, span, word);
    return;
  }
  TokenSpan cent_span;
  std::string_view cent;
  if (word.size() == span.end - span.start && EqualsIgnoreCase(word, "per") &&
      WordAfter(text, span.end, &cent_span, &cent) &&
      EqualsIgnoreCase(cent, "cent")) {
    s->percent = true;
    s->shift = -2;
    s->tokens += 1;
    TakeWord(s, cent_span, cent);
  }
}

NumberReading Finish(const Scan& s, const std::string_view* groups,
                     std::size_t count, std::string_view fraction,
                     bool negative, int step_exponent) {
  NumberReading r;
  r.kind = s.percent       ? NumberReading::Kind::kPercent
           : s.iso.empty() ? NumberReading::Kind::kPlain
                           : NumberReading::Kind::kMoney;
  r.value = Decimal(groups, count, fraction, s.shift, negative);
  r.step = PowerOfTen(step_exponent);
  r.currency = s.iso;
  r.scaled = s.scaled;
  r.negative = negative;
  r.start = s.start;
  r.end = s.end;
  r.tokens = s.tokens;
  if (s.percent) {
    r.alternative = Decimal(groups, count, fraction, 0, negative);
    r.alternative_step = PowerOfTen(step_exponent + 2);
  }
  return r;
}

// Accounting parentheses: the negative is the alternative reading.
void ReadParentheses(std::string_view text, NumberReading* r) {
  if (!r->alternative.empty() || r->negative || r->value == "0") return;
  if (r->start == 0 || r->end >= text.size()) return;
  if (text[r->start - 1] != '(' || text[r->end] != ')') return;
  // Built by append: g++ 12 warns (-Wrestrict) on "-" + value here.
  r->alternative.reserve(r->value.size() + 1);
  r->alternative.push_back('-');
  r->alternative.append(r->value);
  r->alternative_step = r->step;
}

// Where a number begins in its token: after [+|-] [currency] [-], at the
// first digit.
struct NumberLead {
  std::size_t digits = 0;                            // the first digit
  std::size_t value_start = std::string_view::npos;  // the sign or currency
  bool negative = false;
  bool plus = false;
};

// The sign and currency before the digits in token `tok` ("+", "-", "$",
// "-$", "$-"): sets *lead, and *iso when a currency is read here (unless
// one came before the token). False when no digit follows them.
bool ReadLead(std::string_view text, TokenSpan tok, std::string_view* iso,
              NumberLead* lead) {
  const std::size_t tok_end = tok.end;
  std::size_t p = tok.start;
  if (p < tok_end && text[p] == '+') {
    lead->plus = true;
    ++p;
  }
  if (p < tok_end && text[p] == '-') {
    lead->negative = true;
    lead->value_start = p++;
  }
  if (iso->empty() && p < tok_end && !IsDigit(text[p])) {
    const std::size_t len = CurrencyPrefix(text.substr(p, tok_end - p), iso);
    if (len > 0) {
      if (lead->value_start == std::string_view::npos) lead->value_start = p;
      p += len;
    }
  }
  if (p < tok_end && text[p] == '-') {
    if (lead->negative || lead->plus) return false;
    lead->negative = true;
    if (lead->value_start == std::string_view::npos) lead->value_start = p;
    ++p;
  }
  if (p >= tok_end || !IsDigit(text[p])) return false;
  if (lead->value_start == std::string_view::npos) lead->value_start = p;
  lead->digits = p;
  return true;
}

// What the tokenizer dropped before token `tok` ("€5", "€ 5", "−6594" with
// U+2212, "-€5"): a currency symbol sets *iso, a minus makes the number
// negative; either moves lead->value_start to it.
void ReadDroppedBefore(std::string_view text, TokenSpan tok,
                       std::string_view* iso, NumberLead* lead) {
  std::size_t q = tok.start;
  if (iso->empty()) {
    std::string_view symbol_iso;
    std::size_t len = SymbolEndingAt(text, q, &symbol_iso);
    std::size_t at = q;
    if (len == 0) {
      at = q - SpaceEndingAt(text, q);
      len = at != q ? SymbolEndingAt(text, at, &symbol_iso) : 0;
    }
    // A symbol glued to a digit before it is that number's ("5€ 10").
    if (len > 0 && (at - len == 0 || !IsDigit(text[at - len - 1]))) {
      *iso = symbol_iso;
      q = at - len;
      lead->value_start = q;
    }
  }
  if (lead->negative) return;
  std::size_t minus = 0;
  if (q >= 3 && StartsWith(text.substr(q - 3, 3), "\xE2\x88\x92")) {
    minus = 3;  // U+2212
  } else if (q >= 1 && text[q - 1] == '-' && q != tok.start) {
    minus = 1;  // "-€5": the '-' alone was no token
  }
  if (minus > 0 && (q == minus || !IsAlnum(text[q - minus - 1]))) {
    lead->negative = true;
    lead->value_start = q - minus;
  }
}

// Digit groups in the tokens after the first digits, which end at *at:
// "41 200", "1'234'567.50". Extends *digits, *scan and *at over them.
// `plus`: the number began with '+' (a phone number's groups stay apart).
void JoinNextGroups(std::string_view text, TokenSpan tok, bool plus,
                    Digits* digits, Scan* scan, std::size_t* at) {
  Digits& d = *digits;
  Scan& s = *scan;
  std::size_t& pos = *at;
  if (!d.single_run || pos != tok.end || d.groups[0].size() > 3 ||
      d.groups[0][0] == '0') {
    return;
  }
  std::size_t sep_len = 0;
  const GroupSep sep = GroupSepAt(text, pos, &sep_len);
  const bool ascii_space = sep == GroupSep::kAsciiSpace;
  // An ASCII space joins only where no other number stands right before:
  // "+1 555 123" and "555 123 4567" are phone numbers.
  const bool blocked =
      ascii_space && (plus || (tok.start >= 2 && text[tok.start - 1] == ' ' &&
                               IsDigit(text[tok.start - 2])));
  const Digits before = d;
  const Scan scan_before = s;
  const std::size_t pos_before = pos;
  while (sep != GroupSep::kNone && !blocked && d.count < kMaxChainGroups) {
    std::size_t len = 0;
    if (GroupSepAt(text, pos, &len) != sep) break;
    std::size_t cursor = pos;
    TokenSpan next;
    if (!internal::NextToken(text, &cursor, &next) || next.start != pos + len ||
        DigitsFrom(text, next.start, next.end) != 3) {
      break;
    }
    std::size_t after = next.start + 3;
    std::string_view fraction;
    if (after + 1 < next.end && text[after] == '.' &&
        IsDigit(text[after + 1])) {
      const std::size_t flen = DigitsFrom(text, after + 1, next.end);
      fraction = text.substr(after + 1, flen);
      after += 1 + flen;
    }
    const std::string_view rest = text.substr(after, next.end - after);
    if (!RestReadable(rest)) break;
    d.groups[d.count++] = text.substr(next.start, 3);
    d.fraction = fraction;
    d.single_run = false;
    d.chained = true;
    s.tail = next;
    s.tokens += 1;
    pos = after;
    if (!fraction.empty() || !rest.empty()) break;
  }
  // ... nor right after: "10 200 3000" is three numbers.
  if (ascii_space && d.chained && pos == s.tail.end && pos + 1 < text.size() &&
      text[pos] == ' ' && IsDigit(text[pos + 1])) {
    d = before;
    s = scan_before;
    pos = pos_before;
  }
}

// A decimal comma after the digits, which end at *at: after grouping
// ("41.200,50", "1 234,50"); after a bare number only where money or a
// percent says so ("12,5 %", "5,50 €", "€12,50"): "1,5" alone is as often
// a list. Extends *digits, *scan and *at over it.
void ReadDecimalComma(std::string_view text, Digits* digits, Scan* scan,
                      std::size_t* at) {
  Digits& d = *digits;
  Scan& s = *scan;
  std::size_t& pos = *at;
  const bool grouped = d.dot_grouped || d.dot_ambiguous || d.chained;
  if ((d.fraction.empty() || d.dot_ambiguous) && (grouped || d.single_run) &&
      pos == s.tail.end && pos + 1 < text.size() && text[pos] == ',' &&
      IsDigit(text[pos + 1])) {
    std::size_t cursor = pos;
    TokenSpan next;
    if (internal::NextToken(text, &cursor, &next) && next.start == pos + 1) {
      const std::size_t flen = DigitsFrom(text, next.start, next.end);
      const std::size_t after = next.start + flen;
      if (RestReadable(text.substr(after, next.end - after)) &&
          (grouped || (!s.iso.empty() && flen <= 2) ||
           MoneyOrPercentFollows(text, next, after))) {
        if (d.dot_ambiguous) {
          d.groups[d.count++] = d.fraction;
          d.dot_ambiguous = false;
          d.dot_grouped = true;
        }
        d.fraction = text.substr(next.start, flen);
        d.single_run = false;
        s.tail = next;
        s.tokens += 1;
        pos = after;
      }
    }
  }
}

// Takes what the token holds after the digits (ReadGlued's reading) into
// the scan. False when it makes the token no number (5MB, 2024-05-22,
// 4XGCCM, 24/7) or names a second currency or a percent of money.
bool TakeGlued(const Glued& glued, Scan* scan) {
  Scan& s = *scan;
  switch (glued.kind) {
    case Glued::Kind::kInvalid:
      return false;  // 5MB, 2024-05-22, 4XGCCM, 24/7
    case Glued::Kind::kPercent:
      if (!s.iso.empty()) return false;
      s.percent = true;
      s.shift = -2;
      break;
    case Glued::Kind::kScale:
      s.scaled = true;
      s.shift = glued.exponent;
      break;
    case Glued::Kind::kCurrency:
      if (!s.iso.empty()) return false;
      s.iso = glued.iso;
      break;
    case Glued::Kind::kNone:
      break;
  }
  return true;
}

// The number whose digits are in token `tok`. `iso` and `start` are set
// when a currency token came before it ("USD 890"). `in_math`: `tok` is
// the inside of LaTeX math delimiters, so the '$' before it is no currency.
std::optional<NumberReading> ReadDigits(std::string_view text, TokenSpan tok,
                                        std::string_view iso, std::size_t start,
                                        int tokens, bool in_math = false) {
  const bool currency_token = !iso.empty();
  NumberLead lead;
  if (!ReadLead(text, tok, &iso, &lead)) return std::nullopt;
  if (!currency_token && !lead.plus && !in_math) {
    ReadDroppedBefore(text, tok, &iso, &lead);
  }
  if (!currency_token) start = lead.value_start;

  Digits d;
  std::size_t pos = 0;
  if (!ReadTokenDigits(text, lead.digits, tok.end, &d, &pos)) {
    return std::nullopt;
  }
  Scan s;
  s.text = text;
  s.start = start;
  s.tail = tok;
  s.tokens = tokens;
  s.iso = iso;
  JoinNextGroups(text, tok, lead.plus, &d, &s, &pos);
  ReadDecimalComma(text, &d, &s, &pos);

  // What the token holds after the digits: "%", "k", "M", "USD".
  const std::string_view rest =
      TrimSentenceEnd(text.substr(pos, s.tail.end - pos));
  s.end = pos + rest.size();
  s.sentence_end = s.end != s.tail.end;
  if (!TakeGlued(ReadGlued(rest, d, !s.iso.empty()), &s)) return std::nullopt;
  ReadAfter(&s, rest.empty());

  const int fraction_digits = static_cast<int>(d.fraction.size());
  NumberReading r = Finish(s, d.groups.data(), d.count, d.fraction,
                           lead.negative, s.shift - fraction_digits);
  if (d.dot_ambiguous && !s.scaled && !s.percent) {
    const std::string_view both[] = {d.groups[0], d.fraction};
    r.alternative = Decimal(both, 2, {}, 0, lead.negative);
    r.alternative_step = PowerOfTen(0);
  }
  ReadParentheses(text, &r);
  return r;
}

// A number spelled in words, with the currency or percent after it.
std::optional<NumberReading> ReadSpelled(std::string_view text,
                                         TokenSpan first) {
  const std::optional<SpelledCardinal> cardinal =
      ReadSpelledCardinal(text, first);
  if (!cardinal.has_value()) return std::nullopt;
  const std::string digits = std::to_string(cardinal->value);

  Scan s;
  s.text = text;
  s.start = first.start;
  s.end = cardinal->end;
  s.tail = cardinal->last;
  s.tokens = cardinal->tokens;
  s.sentence_end = cardinal->end != cardinal->last.end;
  ReadAfter(&s, /*scale_word_allowed=*/false);
  const std::string_view groups[] = {digits};
  NumberReading r = Finish(s, groups, 1, {}, /*negative=*/false,
                           cardinal->step_exponent + s.shift);
  r.spelled = true;
  return r;
}

}  // namespace

std::optional<NumberReading> MatchNumber(std::string_view text, TokenSpan first,
                                         bool read_words) {
  if (first.start >= first.end || first.end > text.size()) return std::nullopt;
  const std::string_view token =
      text.substr(first.start, first.end - first.start);
  // LaTeX math around a number ("$$0.5$$", "$12.5$", "0.$$"): a '$' after
  // the digits closes math, so the '$'s around them are its delimiters,
  // never a currency; the number inside is read.
  if (token.size() >= 2 && token.back() == '$') {
    std::size_t open = 0;
    while (open < token.size() && token[open] == '$') ++open;
    std::size_t close = token.size();
    while (close > open && token[close - 1] == '$') --close;
    if (close > open && (IsDigit(token[open]) || token[open] == '-')) {
      return ReadDigits(
          text, TokenSpan{first.start + open, first.start + close}, {}, 0, 1,
          /*in_math=*/true);
    }
  }
  const char lead = token.front();
  if (IsDigit(lead) || lead == '-' || lead == '+' || lead == '$') {
    return ReadDigits(text, first, {}, 0, 1);
  }
  if (!IsAlpha(lead)) return std::nullopt;
  if (IsUpper(lead)) {
    // "USD 890,000,000", "US$ 5": the currency is a token of its own.
    const std::string_view iso = CurrencyToken(token);
    if (!iso.empty()) {
      const std::size_t gap = SpaceAt(text, first.end);
      std::size_t cursor = first.end;
      TokenSpan next;
      if (gap == 0 || !internal::NextToken(text, &cursor, &next) ||
          next.start != first.end + gap) {
        return std::nullopt;
      }
      return ReadDigits(text, next, iso, first.start, 2);
    }
    // "EUR5", "US$5".
    std::string_view glued;
    if (std::any_of(token.begin(), token.end(), IsDigit) &&
        CurrencyPrefix(token, &glued) > 0) {
      return ReadDigits(text, first, {}, 0, 1);
    }
  }
  if (!read_words) return std::nullopt;
  return ReadSpelled(text, first);
}

}  // namespace groundgate::evidence
