// evidence/quantities.cc — units, field labels, hedges and list markers
// around a number in prose.
#include "evidence/quantities.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

#include "evidence/units.h"

namespace groundgate::evidence {
namespace {

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr char Lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// A word in lower case, in a buffer of its own (these readers run at every
// number of a result). No word they compare is longer than
// kMaxLoweredBytes ("hectopascals" is 12): a longer one lowers to "", which
// matches none.
constexpr std::size_t kMaxLoweredBytes = 24;
struct LoweredWord {
  char bytes[kMaxLoweredBytes];
  std::size_t size = 0;
  std::string_view view() const { return std::string_view(bytes, size); }
};

LoweredWord LowerAscii(std::string_view s) {
  LoweredWord out;
  if (s.size() > kMaxLoweredBytes) return out;
  for (char c : s) out.bytes[out.size++] = Lower(c);
  return out;
}

// The word that ends one space before `at`, lowered, and where it begins:
// its letters, and its '.' with `dotted` ("approx."). Empty when no space
// stands right before `at`.
struct WordBefore {
  LoweredWord word;
  std::size_t start = 0;
};
WordBefore ReadWordBefore(std::string_view text, std::size_t at, bool dotted) {
  WordBefore out;
  if (at == 0 || at > text.size() || text[at - 1] != ' ') return out;
  const std::size_t end = at - 1;
  std::size_t k = end;
  while (k > 0 &&
         (IsAsciiLetter(text[k - 1]) || (dotted && text[k - 1] == '.'))) {
    --k;
  }
  out.word = LowerAscii(text.substr(k, end - k));
  out.start = k;
  return out;
}

// Spaces one may write between a number and its unit: ' ', a no-break
// space (U+00A0), a narrow no-break space (U+202F), a thin space (U+2009).
std::size_t SpaceAt(std::string_view text, std::size_t i) {
  if (i >= text.size()) return 0;
  if (text[i] == ' ') return 1;
  // The lead byte settles nearly every call before a comparison (a memcmp
  // call each, which a fuzz build also records).
  if (text[i] != '\xC2' && text[i] != '\xE2') return 0;
  if (text.substr(i, 2) == "\xC2\xA0") return 2;
  if (text.substr(i, 3) == "\xE2\x80\xAF" ||
      text.substr(i, 3) == "\xE2\x80\x89") {
    return 3;
  }
  return 0;
}

// Words after a number that make it a measurement (lowercase, sorted).
// Not counted nouns ("passengers", "bags", "issues"): those stay prose.
// Singular forms are for a hyphen ("5.5-inch", "10-meter") or a one.
constexpr std::string_view kMeasureWords[] = {
    "amps",        "assists",     "bar",          "calories",    "celsius",
    "centimeter",  "centimeters", "centimetre",   "centimetres", "cm",
    "decibels",    "deg",         "degree",       "degrees",     "fahrenheit",
    "feet",        "foot",        "frames",       "gigabytes",   "goals",
    "gram",        "grams",       "hectopascals", "hertz",       "inch",
    "inches",      "kelvin",      "kilobytes",    "kilogram",    "kilograms",
    "kilometer",   "kilometers",  "kilometre",    "kilometres",  "knots",
    "liter",       "liters",      "litre",        "litres",      "megabytes",
    "megapixel",   "megapixels",  "meter",        "meters",      "metre",
    "metres",      "mile",        "miles",        "millibars",   "millimeter",
    "millimeters", "millimetre",  "millimetres",  "ounces",      "pct",
    "per",         "percent",     "percentage",   "pixel",       "pixels",
    "points",      "pounds",      "saves",        "shots",       "terabytes",
    "volt",        "volts",       "watt",         "watts",       "years",
};

// Units of the vocabulary that are English words or single letters once
// they stand alone after a space ("3 in", "2 am", "5 s"): glued only. Days,
// weeks and months after a space are spans of a conversation ("the next 5
// days", "within 3 months"), not readings.
//
// Hours, minutes and seconds after a space are not readings either unless
// the number shows decimals: "a 60 minutes game", "the first 20 minutes",
// "within 24 hours" are a sport's rules and a conversation's spans far more
// often than data (the quintd-dev hand labels: 16 of 21 such flags were on
// values read). Glued ("4h53min") they are units.
constexpr std::string_view kGluedOnly[] = {
    "am", "b",  "c",   "d",  "day", "days", "em",   "f",   "g",
    "h",  "hr", "hrs", "in", "k",   "l",    "m",    "min", "mins",
    "mo", "nd", "pm",  "rd", "s",   "sec",  "secs", "st",  "t",
    "th", "tn", "us",  "v",  "w",   "wk",   "wks",  "x",   "y",
};

bool InSorted(std::string_view word, const std::string_view* begin,
              const std::string_view* end) {
  return std::binary_search(begin, end, word);
}

QuantityUnit UnitOfWord(std::string_view w) {
  struct Named {
    std::string_view word;
    QuantityUnit unit;
  };
  static constexpr Named kNamed[] = {
      {"%", QuantityUnit::kPercent},
      {"c", QuantityUnit::kCelsius},
      {"celsius", QuantityUnit::kCelsius},
      {"f", QuantityUnit::kFahrenheit},
      {"fahrenheit", QuantityUnit::kFahrenheit},
      {"gb", QuantityUnit::kGigabytes},
      {"gib", QuantityUnit::kGibibytes},
      {"gigabytes", QuantityUnit::kGigabytes},
      {"h", QuantityUnit::kHours},
      {"hours", QuantityUnit::kHours},
      {"hr", QuantityUnit::kHours},
      {"hrs", QuantityUnit::kHours},
      {"kb", QuantityUnit::kKilobytes},
      {"kelvin", QuantityUnit::kKelvin},
      {"kib", QuantityUnit::kKibibytes},
      {"kilobytes", QuantityUnit::kKilobytes},
      {"km/h", QuantityUnit::kKilometresPerHour},
      {"kmh", QuantityUnit::kKilometresPerHour},
      {"kph", QuantityUnit::kKilometresPerHour},
      {"m/s", QuantityUnit::kMetresPerSecond},
      {"mb", QuantityUnit::kMegabytes},
      {"megabytes", QuantityUnit::kMegabytes},
      {"mi/h", QuantityUnit::kMilesPerHour},
      {"mib", QuantityUnit::kMebibytes},
      {"min", QuantityUnit::kMinutes},
      {"mins", QuantityUnit::kMinutes},
      {"minutes", QuantityUnit::kMinutes},
      {"mph", QuantityUnit::kMilesPerHour},
      {"pct", QuantityUnit::kPercent},
      {"percent", QuantityUnit::kPercent},
      {"s", QuantityUnit::kSeconds},
      {"sec", QuantityUnit::kSeconds},
      {"seconds", QuantityUnit::kSeconds},
      {"secs", QuantityUnit::kSeconds},
      {"tb", QuantityUnit::kTerabytes},
      {"terabytes", QuantityUnit::kTerabytes},
      {"tib", QuantityUnit::kTebibytes},
  };
  const auto named = std::ranges::find(kNamed, w, &Named::word);
  return named == std::end(kNamed) ? QuantityUnit::kNone : named->unit;
}

// The degree sign (U+00B0), the masculine ordinal often typed for it
// (U+00BA), and the one-character ℃ (U+2103) and ℉ (U+2109).
std::size_t DegreeAt(std::string_view text, std::size_t i, QuantityUnit* unit) {
  // Every spelling below starts with one of these two bytes (as SpaceAt).
  if (i >= text.size() || (text[i] != '\xC2' && text[i] != '\xE2')) return 0;
  // U+2103 and U+2109 are a bare degree: the tokenizer reads them as
  // separators, so no result can be seen to name their scale, and an
  // answer's "8℉" beside a result's "C" must not be read as only a
  // conversion of it (law 1: the same text grounds itself).
  if (text.substr(i, 3) == "\xE2\x84\x83" ||
      text.substr(i, 3) == "\xE2\x84\x89") {
    *unit = QuantityUnit::kNone;
    return 3;
  }
  if (text.substr(i, 2) != "\xC2\xB0" && text.substr(i, 2) != "\xC2\xBA") {
    return 0;
  }
  std::size_t n = 2;
  *unit = QuantityUnit::kNone;  // a bare degree: an angle or a temperature
  if (i + n < text.size()) {
    const char c = Lower(text[i + n]);
    const bool alone =
        i + n + 1 >= text.size() || !IsAsciiLetter(text[i + n + 1]);
    if (alone && c == 'c') {
      *unit = QuantityUnit::kCelsius;
      ++n;
    } else if (alone && c == 'f') {
      *unit = QuantityUnit::kFahrenheit;
      ++n;
    } else if (alone && c == 'k') {
      *unit = QuantityUnit::kKelvin;
      ++n;
    }
  }
  return n;
}

// A word of ASCII letters (and '/' between letters: "m/s") at i.
std::size_t WordAt(std::string_view text, std::size_t i) {
  std::size_t k = i;
  while (k < text.size() && (IsAsciiLetter(text[k]) ||
                             (text[k] == '/' && k > i && k + 1 < text.size() &&
                              IsAsciiLetter(text[k + 1])))) {
    ++k;
  }
  return k - i;
}

// A '%' (where `percent_allowed`) or a degree sign at text[i]: sets *out
// to it and returns true.
bool TakePercentOrDegree(std::string_view text, std::size_t i,
                         bool percent_allowed, UnitAfter* out) {
  if (percent_allowed && i < text.size() && text[i] == '%') {
    out->found = true;
    out->unit = QuantityUnit::kPercent;
    out->end = i + 1;
    return true;
  }
  QuantityUnit degree = QuantityUnit::kNone;
  if (const std::size_t n = DegreeAt(text, i, &degree); n > 0) {
    out->found = true;
    out->degree = true;
    out->unit = degree;
    out->end = i + n;
    return true;
  }
  return false;
}

// A counted noun of a rate: three letters or more, and no article or
// conjunction ("cases", "tests"; not "of", "the", "and").
bool IsRateNoun(std::string_view text, std::size_t i, std::size_t n) {
  if (n < 3) return false;
  const LoweredWord lowered = LowerAscii(text.substr(i, n));
  const std::string_view word = lowered.view();
  return word != "the" && word != "and" && word != "for";
}

// A rate after a number: one or two counted nouns, then "per" and a word
// or a number ("cases per million", "new cases per million", "tests per
// 1,000", "tests per day"). `i` is where the first noun begins, `n` its
// length; returns where the rate's text ends, or 0 when none is there.
std::size_t RateEnd(std::string_view text, std::size_t i, std::size_t n) {
  for (int nouns = 0; nouns < 2; ++nouns) {
    if (!IsRateNoun(text, i, n)) return 0;
    std::size_t j = i + n;
    const std::size_t space = SpaceAt(text, j);
    if (space == 0) return 0;
    j += space;
    const std::size_t m = WordAt(text, j);
    if (m == 3 && Lower(text[j]) == 'p' && Lower(text[j + 1]) == 'e' &&
        Lower(text[j + 2]) == 'r') {
      std::size_t k = j + m;
      const std::size_t after = SpaceAt(text, k);
      if (after == 0) return 0;
      k += after;
      const std::size_t word = WordAt(text, k);
      if (word > 0) return k + word;
      std::size_t digits = k;
      while (digits < text.size() &&
             (IsDigit(text[digits]) ||
              (text[digits] == ',' && digits > k && digits + 1 < text.size() &&
               IsDigit(text[digits + 1])))) {
        ++digits;
      }
      return digits > k ? digits : 0;
    }
    if (m == 0 || (j + m < text.size() && IsDigit(text[j + m]))) return 0;
    i = j;
    n = m;
  }
  return 0;
}

// True when a comparison stands before the number that ends at
// `number_end`: "fewer than 10", "less than 200", "more than", "over",
// "under", "above", "below", "at least", "at most", "up to". A rate told
// so is a bound, no reading.
bool AfterComparison(std::string_view text, std::size_t number_end) {
  std::size_t i = number_end;
  while (i > 0 &&
         (IsDigit(text[i - 1]) || text[i - 1] == ',' || text[i - 1] == '.')) {
    --i;
  }
  const WordBefore before = ReadWordBefore(text, i, /*dotted=*/false);
  const std::string_view word = before.word.view();
  const std::size_t k = before.start;
  static constexpr std::string_view kComparisons[] = {
      "above", "below", "least", "most", "over", "than", "to", "under",
  };
  if (std::find(std::begin(kComparisons), std::end(kComparisons), word) ==
      std::end(kComparisons)) {
    return false;
  }
  if (word != "to") return true;
  // "to" bounds only after "up": "up to 500"; "from 100 to 500" is a range.
  return k >= 3 && text[k - 1] == ' ' &&
         LowerAscii(text.substr(k - 3, 2)).view() == "up" &&
         (k == 3 || !IsAsciiLetter(text[k - 4]));
}

}  // namespace

UnitAfter ReadUnitAfter(std::string_view text, std::size_t number_end) {
  UnitAfter out;
  out.end = number_end;
  if (number_end > text.size()) return out;
  std::size_t i = number_end;
  if (TakePercentOrDegree(text, i, /*percent_allowed=*/true, &out)) {
    return out;
  }
  // Glued letters: the unit vocabulary ("16MP", "2.41m/s", "3340mAh").
  if (std::size_t n = WordAt(text, i); n > 0) {
    const LoweredWord lowered = LowerAscii(text.substr(i, n));
    const std::string_view word = lowered.view();
    if (IsUnitSuffix(word)) {
      out.found = true;
      out.unit = UnitOfWord(word);  // GluedUnit, the suffix checked above
      out.end = i + n;
    }
    return out;
  }
  // One space, then a unit or a measure word; or a hyphen and one
  // ("5.5-inch", "13-megapixel"). Spans of time stay prose either way
  // ("3-day", "24-hour": kGluedOnly, and no measure word).
  std::size_t space = SpaceAt(text, i);
  const bool hyphen = space == 0 && i + 1 < text.size() && text[i] == '-' &&
                      IsAsciiLetter(text[i + 1]);
  if (hyphen) space = 1;
  if (space == 0) return out;
  i += space;
  if (TakePercentOrDegree(text, i, /*percent_allowed=*/!hyphen, &out)) {
    return out;
  }
  const std::size_t n = WordAt(text, i);
  // The letters that open a longer token ("kib" of "kib1,2") are no unit:
  // a result carries that token whole, never the unit (law 1).
  if (n == 0 || (i + n < text.size() && IsDigit(text[i + n]))) {
    return out;
  }
  const LoweredWord lowered = LowerAscii(text.substr(i, n));
  const std::string_view word = lowered.view();
  const bool measure =
      InSorted(word, std::begin(kMeasureWords), std::end(kMeasureWords));
  const bool unit =
      IsUnitSuffix(word) &&
      !InSorted(word, std::begin(kGluedOnly), std::end(kGluedOnly));
  if (!measure && !unit) {
    // A count per something is a rate, measured like a unit's value.
    if (const std::size_t rate = hyphen ? 0 : RateEnd(text, i, n);
        rate > 0 && !AfterComparison(text, number_end)) {
      out.found = true;
      out.end = rate;
    }
    return out;
  }
  out.found = true;
  out.unit = UnitOfWord(word);
  out.end = i + n;
  if (word == "degrees" || word == "degree" || word == "deg") {
    out.degree = true;
    // "28 degrees Celsius", "82 degrees F": the scale is the next word.
    const std::size_t next_space = SpaceAt(text, out.end);
    if (next_space > 0) {
      const std::size_t j = out.end + next_space;
      const std::size_t m = WordAt(text, j);
      const QuantityUnit scale =
          UnitOfWord(LowerAscii(text.substr(j, m)).view());
      if (scale == QuantityUnit::kCelsius ||
          scale == QuantityUnit::kFahrenheit ||
          scale == QuantityUnit::kKelvin) {
        out.unit = scale;
        out.end = j + m;
      }
    }
  }
  return out;
}

QuantityUnit GluedUnit(std::string_view suffix) {
  return IsUnitSuffix(suffix) ? UnitOfWord(suffix) : QuantityUnit::kNone;
}

QuantityUnit UnitNamedBy(std::string_view token) {
  if (token ==
          "\xC2\xB0"
          "c" ||
      token == "\xE2\x84\x83" || token == "celsius") {
    return QuantityUnit::kCelsius;
  }
  if (token ==
          "\xC2\xB0"
          "f" ||
      token == "\xE2\x84\x89" || token == "fahrenheit") {
    return QuantityUnit::kFahrenheit;
  }
  if (token ==
          "\xC2\xB0"
          "k" ||
      token == "kelvin") {
    return QuantityUnit::kKelvin;
  }
  const QuantityUnit unit = UnitOfWord(token);
  // A letter alone names nothing in a result ("c", "s", "h").
  if (token.size() < 2) return QuantityUnit::kNone;
  return unit;
}

bool AfterFieldLabel(std::string_view text, std::size_t number_start) {
  std::size_t i = std::min(number_start, text.size());
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' ||
                   text[i - 1] == '*' || text[i - 1] == '_')) {
    --i;
  }
  if (i == 0 || text[i - 1] != ':') return false;
  --i;
  // "**Seats:**": emphasis may close before or after the colon.
  while (i > 0 && (text[i - 1] == '*' || text[i - 1] == '_')) --i;
  if (i == 0 || IsDigit(text[i - 1])) return false;  // "14:30"
  // A letter in the label, on this line.
  for (std::size_t k = i; k > 0; --k) {
    const char c = text[k - 1];
    if (c == '\n') return false;
    if (IsAsciiLetter(c) || static_cast<unsigned char>(c) >= 0x80) return true;
    if (i - k > 64) return false;
  }
  return false;
}

bool AfterHedge(std::string_view text, std::size_t number_start) {
  std::size_t i = std::min(number_start, text.size());
  // Decoration between: "about $20", "~20".
  while (i > 0 && (text[i - 1] == '$' || text[i - 1] == '(')) --i;
  if (i > 0 && text[i - 1] == '~') return true;
  const WordBefore before = ReadWordBefore(text, i, /*dotted=*/true);
  const std::string_view word = before.word.view();
  static constexpr std::string_view kHedges[] = {
      "about",  "almost", "approx.", "approximately", "around",
      "nearly", "over",   "roughly", "some",          "under",
  };
  return std::find(std::begin(kHedges), std::end(kHedges), word) !=
         std::end(kHedges);
}

namespace {

// The joiners of a range or a score, between two numbers ("and" counts
// only after "between", which marks the first number itself).
constexpr std::string_view kRangeJoiners[] = {
    "-",
    "\xE2\x80\x93",
    "\xE2\x80\x94",
    "to",
};

// A number token at i: "$"? digit, then digits, '.', ',' and a unit or a
// sign that ends it ("30", "$30", "25°C", "30%"), then the token's end.
bool NumberTokenAt(std::string_view text, std::size_t i) {
  if (i < text.size() && text[i] == '$') ++i;
  if (i >= text.size() || !IsDigit(text[i])) return false;
  std::size_t k = i;
  while (k < text.size() &&
         (IsDigit(text[k]) || ((text[k] == '.' || text[k] == ',') &&
                               k + 1 < text.size() && IsDigit(text[k + 1])))) {
    ++k;
  }
  // A clock ("10:30", "3pm", "1 pm") is a time, not a quantity's end.
  if (k < text.size() && text[k] == ':') return false;
  std::size_t m = k + SpaceAt(text, k);
  if (m + 1 < text.size() && (Lower(text[m]) == 'a' || Lower(text[m]) == 'p') &&
      (Lower(text[m + 1]) == 'm' || text[m + 1] == '.')) {
    return false;
  }
  const UnitAfter unit = ReadUnitAfter(text, k);
  if (unit.found) k = unit.end;
  return k >= text.size() || !(IsAsciiLetter(text[k]) || IsDigit(text[k]) ||
                               text[k] == '_' || text[k] == '-');
}

// Whether the number token at `start` is the whole run [start, end).
bool NumberTokenEnds(std::string_view text, std::size_t start,
                     std::size_t end) {
  return NumberTokenAt(text.substr(0, end), start);
}

// Whether a joiner of kRangeJoiners stands at i, after any spaces, with
// `then(joiner, lead, after)` true of it: `lead` the spaces before it,
// `after` the byte past it.
template <typename Then>
bool JoinerAt(std::string_view text, std::size_t i, Then then) {
  const std::size_t lead = SpaceAt(text, i);
  const std::size_t k = i + lead;
  for (std::string_view joiner : kRangeJoiners) {
    if (text.substr(k, joiner.size()) == joiner &&
        then(joiner, lead, k + joiner.size())) {
      return true;
    }
  }
  return false;
}

// A joiner at i, then a clock: "12 to 1 pm", "10 to 10:30 am", "2-3pm".
bool JoinerThenClock(std::string_view text, std::size_t i) {
  return JoinerAt(text, i,
                  [text](std::string_view, std::size_t, std::size_t m) {
                    m += SpaceAt(text, m);
                    if (m >= text.size() || !IsDigit(text[m])) return false;
                    while (m < text.size() && IsDigit(text[m])) ++m;
                    if (m < text.size() && text[m] == ':') return true;
                    m += SpaceAt(text, m);
                    return m + 1 < text.size() &&
                           (Lower(text[m]) == 'a' || Lower(text[m]) == 'p') &&
                           (Lower(text[m + 1]) == 'm' || text[m + 1] == '.');
                  });
}

// A joiner at i (spaces around it allowed; "to" needs them), then a number.
bool JoinerThenNumber(std::string_view text, std::size_t i) {
  return JoinerAt(
      text, i,
      [text](std::string_view joiner, std::size_t lead, std::size_t m) {
        const std::size_t trail = SpaceAt(text, m);
        if (IsAsciiLetter(joiner.front()) && (lead == 0 || trail == 0)) {
          return false;
        }
        return NumberTokenAt(text, m + trail);
      });
}

// The start of the non-space run that ends at `end`.
std::size_t RunStart(std::string_view text, std::size_t end) {
  std::size_t k = end;
  while (k > 0 && text[k - 1] != ' ' && text[k - 1] != '\n' &&
         text[k - 1] != '(' && end - k < 24) {
    --k;
  }
  return k;
}

}  // namespace

bool InRangeOrScore(std::string_view text, std::size_t number_start,
                    std::size_t number_end) {
  if (number_end > text.size() || number_start > number_end) return false;
  // After: "20 to 30", "4 - 1", "26–30" (an en dash splits the token). A
  // unit may stand between: "20°C to 25°C", "20 mph to 30".
  // The first hour of a time range ("from 12 to 1 pm") is a clock's.
  if (JoinerThenClock(text, number_end)) return false;
  const UnitAfter unit = ReadUnitAfter(text, number_end);
  if (JoinerThenNumber(text, number_end) ||
      (unit.found && JoinerThenNumber(text, unit.end))) {
    return true;
  }
  // Before: "from 20", "between 20", or "20 to" before this number.
  std::size_t i = number_start;
  if (i > 0 && text[i - 1] == '$') --i;
  std::size_t k = i;
  const std::size_t space = k > 0 && text[k - 1] == ' ' ? 1 : 0;
  k -= space;
  std::size_t w = k;
  while (w > 0 && IsAsciiLetter(text[w - 1])) --w;
  const LoweredWord lowered = LowerAscii(text.substr(w, k - w));
  const std::string_view word = lowered.view();
  if (space == 1 && (word == "from" || word == "between")) return true;
  for (std::string_view joiner : kRangeJoiners) {
    if (k < joiner.size() ||
        text.substr(k - joiner.size(), joiner.size()) != joiner) {
      continue;
    }
    std::size_t before = k - joiner.size();
    const bool is_word = IsAsciiLetter(joiner.front());
    if (is_word && (space == 0 || before == 0 || text[before - 1] != ' ')) {
      continue;
    }
    if (before > 0 && text[before - 1] == ' ') --before;
    if (before == 0) continue;
    const std::size_t run = RunStart(text, before);
    if (run < before && NumberTokenAt(text, run) &&
        NumberTokenEnds(text, run, before)) {
      return true;
    }
  }
  return false;
}

bool IsListMarker(std::string_view text, std::size_t number_start,
                  std::size_t number_end) {
  if (number_end > text.size() || number_start > number_end) return false;
  std::size_t i = number_start;
  while (i > 0 &&
         (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '#')) {
    --i;
  }
  // Inline after a colon: "the following results: 1. What Are ...".
  const bool after_colon = i < number_start && i >= 1 && text[i - 1] == ':';
  if (i > 0 && text[i - 1] != '\n' && !after_colon) return false;
  std::size_t j = number_end;
  if (j < text.size() && (text[j] == '.' || text[j] == ')')) ++j;
  return j < text.size() && (text[j] == ' ' || text[j] == '\t') &&
         j > number_end;
}

}  // namespace groundgate::evidence
