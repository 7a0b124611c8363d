// evidence/keys.h — the derived keys both sides agree on.
//
// Its one job: name the '@' keys under which the corpus indexes a value's
// parts and the judge looks them up. No canonical form begins with '@' (it
// is leading decoration), so a derived key never meets an ordinary token.
// The date and time keys ("@date:", "@md:", "@ym:", "@time:") live with the
// date reader in extractor.h.
//
// What it does NOT do: decide when a derived key may ground a value (the
// judge does, each with its own reason code).
#ifndef GROUNDGATE_EVIDENCE_KEYS_H_
#define GROUNDGATE_EVIDENCE_KEYS_H_

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::evidence {

// A delimited part of an identifier that holds a digit: "@part:7504069" of
// "certificate_7504069". Reason identifier_part.
inline constexpr std::string_view kPartKey = "@part:";
// Parts shorter than this are not indexed: "v2" of "api-v2" or "05" of a
// date would make short numbers grounded by accident.
inline constexpr std::size_t kMinPartBytes = 3;

// The last kTailDigits digits of a run of at least kMinTailRunDigits digits
// that ends a carried token: "@tail:1784" of "4111111111111784" or
// "card_99451784". Looked up only when the answer's wording asks for it
// ("ending in 1784", "last four digits 1784"). Reason identifier_part.
inline constexpr std::string_view kTailKey = "@tail:";
inline constexpr std::size_t kTailDigits = 4;
inline constexpr std::size_t kMinTailRunDigits = 6;

// The year of a whole carried date: "@y:1903" of "1903-04-21". An answer
// that writes "in 1903" read the date's year. Reason respelled_date.
inline constexpr std::string_view kYearKey = "@y:";

// The month of a carried or supplied date, two digits: "@m:05" of
// "2024-05-18" or "May 22nd". An answer's "May 6th" where the user named
// "the 6th" alone takes its month from it. Reason respelled_date (exempt).
inline constexpr std::string_view kMonthKey = "@m:";

// A number a result wrote with a unit the conversion rung knows, under the
// unit's dimension: "@dim:data:65" for "65 MB" or "65MB", "@dim:temperature:20"
// for "20 °C" or a bare "20°". With Evidence::bare_number (a result wrote the
// number alone), it tells the judge whether an answer's "65MB" can be the
// "65" of "65K colors": not when the results wrote 65 only beside other
// units (conversions.h's DimensionName).
inline constexpr std::string_view kDimensionKey = "@dim:";

// A unit the conversions know that a result wrote after a number, as
// quantities.h's ReadUnitAfter reads it ("@unit:K" of "7°K", "@unit:m/s"
// of "2 m/s"; conversions.h's UnitSymbol): the conversion rung's "the
// results name this unit" reads the answer's units with the same reader.
inline constexpr std::string_view kUnitKey = "@unit:";

// How many items a result lists one a line ("- Alice\n- Bob" is
// "@count:2"): an answer's "2 members" counted them. Reason counted.
inline constexpr std::string_view kCountKey = "@count:";
// Lists longer than this are not counted: a count the answer states is
// what a reader can check by eye, and a long list's length read as a
// small number's evidence would ground mistyped counts by accident.
inline constexpr std::size_t kMaxListedCount = 50;

// A day of the month a result named with its weekday and no month:
// "@wdd:6-18" of "Saturday 18th" (ISO weekday, then the day). An answer's
// "May 18th" completed it from a date of the conversation in May 2024 (or
// April), when May 18, 2024 is a Saturday. Reason derived_date.
inline constexpr std::string_view kWeekdayDayKey = "@wdd:";

// A derived key: its prefix, then the value ("@part:" + "7504069").
inline std::string DerivedKey(std::string_view prefix, std::string_view rest) {
  std::string key;
  key.reserve(prefix.size() + rest.size());
  key.append(prefix).append(rest);
  return key;
}

// "@dim:data:65": `number` (canonical) under `dimension` (non-empty).
inline std::string DimensionKey(std::string_view dimension,
                                std::string_view number) {
  std::string key;
  key.reserve(kDimensionKey.size() + dimension.size() + 1 + number.size());
  key.append(kDimensionKey).append(dimension).push_back(':');
  key.append(number);
  return key;
}

// "@m:05" for May.
inline std::string MonthKey(int month) {
  const char digits[] = {static_cast<char>('0' + month / 10),
                         static_cast<char>('0' + month % 10)};
  return DerivedKey(kMonthKey, std::string_view(digits, 2));
}

// The kind of a name without digits whose parts are joined: the joiners,
// then each part's case ('l' lower, 't' Title, 'u' UPPER, 'm' mixed):
// "@kind:-lll" for "esxi-host-alpha", "@kind:_ll" for "gift_card";
// "@kind:email" and "@kind:url" for an address. The corpus indexes the kind
// of every such token a result carried; the judge reads a digitless
// identifier in an answer only where the conversation carried one of its
// kind ("GPS-enabled" and "mid-January" are prose beside "Wi-Fi").
inline constexpr std::string_view kKindKey = "@kind:";
// Parts past this make the kind "m" (a sentence joined by dashes).
inline constexpr std::size_t kMaxKindParts = 8;

// The kind key of `token` (decoration stripped by the caller or not: a
// leading or trailing joiner is ignored), or "" when it has a digit, no
// joiner, or no letter.
inline std::string DigitlessKindKey(std::string_view token) {
  auto is_joiner = [](char c) {
    return c == '-' || c == '_' || c == '.' || c == ':' || c == '/';
  };
  while (!token.empty() &&
         !((token.front() | 0x20) >= 'a' && (token.front() | 0x20) <= 'z')) {
    token.remove_prefix(1);
  }
  while (!token.empty() &&
         !((token.back() | 0x20) >= 'a' && (token.back() | 0x20) <= 'z')) {
    token.remove_suffix(1);
  }
  if (token.empty()) return {};
  bool joined = false;
  for (const char c : token) {
    if (c >= '0' && c <= '9') return {};
    joined = joined || is_joiner(c) || c == '@';
  }
  if (!joined) return {};
  if (token.find("://") != std::string_view::npos) {
    return DerivedKey(kKindKey, "url");
  }
  const std::size_t at = token.find('@');
  if (at != std::string_view::npos) {
    return token.find('.', at) == std::string_view::npos
               ? std::string()
               : DerivedKey(kKindKey, "email");
  }
  std::string joiners;
  std::string cases;
  std::size_t i = 0;
  while (i < token.size()) {
    std::size_t j = i;
    bool lower = false, upper = false, other = false;
    while (j < token.size() && !is_joiner(token[j])) {
      const char c = token[j];
      lower = lower || (c >= 'a' && c <= 'z');
      upper = upper || (c >= 'A' && c <= 'Z');
      other = other || static_cast<unsigned char>(c) >= 0x80;
      ++j;
    }
    const bool title =
        j > i && token[i] >= 'A' && token[i] <= 'Z' && lower &&
        std::all_of(token.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                    token.begin() + static_cast<std::ptrdiff_t>(j),
                    [](char c) { return !(c >= 'A' && c <= 'Z'); });
    cases.push_back(other || (lower && upper && !title) ? 'm'
                    : title                             ? 't'
                    : upper                             ? 'u'
                                                        : 'l');
    if (j < token.size() && joiners.find(token[j]) == std::string::npos) {
      joiners.push_back(token[j]);
    }
    i = j + 1;
  }
  if (cases.size() > kMaxKindParts) cases = "m";
  std::sort(joiners.begin(), joiners.end());
  return DerivedKey(kKindKey, joiners + cases);
}

// The unit of a span of time written as a number, a hyphen and the unit
// ("7-day", "24-hour", "12-month"): "@span:day". Such a span is prose in an
// answer ("a 3-day trip") unless the conversation's results carried one of
// its unit ("Daily cases, 7-day rolling average"); there an "8-day rolling
// average" is a value no result holds. The corpus indexes the unit of
// every span a result carried; the judge reads a span in an answer as a
// value only where it finds the key carried.
inline constexpr std::string_view kSpanKey = "@span:";

// The span key of `token` (decoration around it ignored), or "" when it is
// no number-hyphen-unit span of time.
inline std::string SpanKindKey(std::string_view token) {
  while (!token.empty() && !(token.front() >= '0' && token.front() <= '9')) {
    if (token.front() != '(' && token.front() != '*' && token.front() != '"') {
      return {};
    }
    token.remove_prefix(1);
  }
  while (!token.empty() &&
         !((token.back() | 0x20) >= 'a' && (token.back() | 0x20) <= 'z')) {
    token.remove_suffix(1);
  }
  std::size_t i = 0;
  while (i < token.size() &&
         ((token[i] >= '0' && token[i] <= '9') || token[i] == '.')) {
    ++i;
  }
  if (i == 0 || i + 1 >= token.size() || token[i] != '-') return {};
  std::string unit;
  for (const char c : token.substr(i + 1)) {
    const char lower = static_cast<char>(c | 0x20);
    if (!(lower >= 'a' && lower <= 'z')) return {};
    unit.push_back(lower);
  }
  if (unit.size() > 1 && unit.back() == 's') unit.pop_back();
  static constexpr std::string_view kUnits[] = {
      "second", "minute", "hour", "day", "night", "week", "month", "year"};
  for (const std::string_view known : kUnits) {
    if (unit == known) return DerivedKey(kSpanKey, known);
  }
  return {};
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_KEYS_H_
