// evidence/record_keys.h — the keys a value is carried under.
//
// Its one job: from a token, a leaf or a text, every key the corpus indexes
// it under and the judge looks up: its canonical form, the number before a
// glued unit and the unit, a thousands 'k' as its value ("65000" of
// "65K colors"), identifier parts ("@part:"), last digits
// ("@tail:"), an email's name words, the numbers of a glued reading
// ("720p@30fps"), the kind of a joined name ("@kind:"), a span's unit
// ("@span:"), the values a '+' joins ("ORD-1042" of "ORD-1042+ADD"), date
// and time keys (extractor.h's MatchDateTime), number
// readings (numbers.h's MatchNumber) with their dimension ("@dim:").
// Each reader hands its keys to a sink (`sink(key, exact)`, exact when the
// text spelled the key as it is), in the order the index takes them: the
// ceiling lets in keys in that order. They sit between the readers of
// evidence/ and EvidenceCorpus (corpus.cc), which carries the keys.
// What it does NOT do: store anything, count, or look anything up. The
// per-token readers are templates over the sink: they run on every token
// of every result and the sink is inlined (declared inline: GCC inlines a
// function so declared more readily).
#ifndef GROUNDGATE_EVIDENCE_RECORD_KEYS_H_
#define GROUNDGATE_EVIDENCE_RECORD_KEYS_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "absl/functional/function_ref.h"
#include "evidence/canonical.h"
#include "evidence/conversions.h"
#include "evidence/extractor.h"
#include "evidence/keys.h"
#include "evidence/names.h"
#include "evidence/numbers.h"
#include "evidence/quantities.h"
#include "evidence/table_slots.h"
#include "evidence/tokenizer.h"
#include "evidence/units.h"

namespace groundgate::evidence {

// A JSON string leaf is also indexed whole (as one value) when it is at most
// this long: names and codes with spaces ("Julian Hester", "(555) 123-4567")
// are short; a paragraph is only indexed as its tokens.
inline constexpr std::size_t kMaxWholeLeafBytes = 256;
// An email local part longer than this is no one's name (RFC 5321: 64).
inline constexpr std::size_t kMaxEmailLocalBytes = 64;
// A word of a local part shorter than this ("j" of "j.doe") names no one.
inline constexpr std::size_t kMinEmailNameBytes = 2;
// A domain's name shorter than this ("co" of "mail.co.uk") is a registry's
// level, not a mail service's name.
inline constexpr std::size_t kMinDomainNameBytes = 3;

// The identity of a value for conflicts (ForEachLeafKey's *identity): its
// key's hash, never 0 (0 is "none").
inline std::uint64_t ValueHash(std::string_view key) {
  return KeyHash(key) | 1;
}

// The length of the local part of an email address in `form` (the bytes
// before its one '@', at most kMaxEmailLocalBytes, with a '.' after the
// '@'); 0 when `form` is no such address.
inline std::size_t EmailLocalPartBytes(std::string_view form) {
  const std::size_t at = form.find('@');
  if (at == std::string_view::npos || at > kMaxEmailLocalBytes ||
      form.find('@', at + 1) != std::string_view::npos ||
      form.find('.', at + 1) == std::string_view::npos) {
    return 0;
  }
  return at;
}

// The numbers of a token that glues several readings together, each
// with its unit: "720p@30fps" (a resolution at a frame rate), "4x1.6ghz"
// (cores times a clock), "32gb/64gb" (storage options), "2x2.4": each
// number is a key of its own, as if the result had written them apart
// ("30 fps", "1.6 GHz"), and so is a resolution whole ("720p", which an
// answer reads as an identifier). A delimited field, never a substring
// (law 2): each part is a whole number, or a number and a unit of
// units.h, or a resolution's "p".
template <typename Sink>
inline void ForEachGluedNumberKey(std::string_view form, Sink&& sink) {
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  if (form.size() < 3 || !is_digit(form.front())) return;
  auto joiner = [](char c) { return c == '@' || c == 'x' || c == '/'; };
  // Quick no: no joiner before a digit.
  bool any = false;
  for (std::size_t i = 1; i + 1 < form.size() && !any; ++i) {
    any = joiner(form[i]) && is_digit(form[i + 1]);
  }
  if (!any) return;
  absl::InlinedVector<std::string_view, 4> numbers;
  absl::InlinedVector<std::string_view, 4> resolutions;
  // The dimension of the units the parts name (a slash list shares its
  // unit: "128/256gb"); empty when none, or when they name two.
  std::string_view dimension;
  bool dimensions_agree = true;
  std::size_t i = 0;
  while (i < form.size()) {
    const std::size_t start = i;
    while (i < form.size() &&
           (is_digit(form[i]) || (form[i] == '.' && i + 1 < form.size() &&
                                  is_digit(form[i + 1]) && i > start))) {
      ++i;
    }
    if (i == start) return;
    const std::size_t digits_end = i;
    // Letters of a unit ("p", "fps", "ghz", "gb"), but a lone 'x' between
    // digits is the joiner.
    while (i < form.size() && form[i] >= 'a' && form[i] <= 'z' &&
           !(form[i] == 'x' && i + 1 < form.size() && is_digit(form[i + 1]) &&
             i == digits_end)) {
      ++i;
    }
    const std::string_view unit = form.substr(digits_end, i - digits_end);
    if (!unit.empty() && unit != "p" && !IsUnitSuffix(unit)) return;
    if (const std::string_view named = DimensionName(GluedUnit(unit));
        !named.empty()) {
      dimensions_agree =
          dimensions_agree && (dimension.empty() || dimension == named);
      dimension = named;
    }
    numbers.push_back(form.substr(start, digits_end - start));
    if (unit == "p") resolutions.push_back(form.substr(start, i - start));
    if (numbers.size() > 8) return;
    if (i == form.size()) break;
    if (!joiner(form[i])) return;
    ++i;
  }
  if (numbers.size() < 2) return;
  for (std::string_view number : numbers) {
    std::string canonical;
    if (!CanonicalNumber(number, &canonical)) continue;
    sink(canonical, false);
    if (!dimension.empty() && dimensions_agree) {
      sink(DimensionKey(dimension, canonical), false);
    }
  }
  for (std::string_view resolution : resolutions) sink(resolution, false);
}

// An email address's local part names its owner ("mia.li@",
// "hotel-dealz@", "dasherservice@"): its words of letters, and the
// local part itself when it is letters only, are keys, so "Mia Li",
// "Hotel Dealz" and "DasherService" read from a sender count as read.
// Its domain's name, the label before the top-level one, names the service
// the mailbox is at ("gmail" of "@gmail.com": "a Gmail address"). A
// delimited field, never a substring (law 2); parts with digits are
// identifier parts (ForEachIdentifierPartKey).
template <typename Sink>
inline void ForEachEmailNameKey(std::string_view form, Sink&& sink) {
  const std::size_t at = EmailLocalPartBytes(form);
  if (at == 0) return;
  const std::string_view local = form.substr(0, at);
  auto letters = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(),
                       [](char c) { return c >= 'a' && c <= 'z'; });
  };
  const std::string_view domain = form.substr(at + 1);
  if (const std::size_t last_dot = domain.rfind('.');
      last_dot != std::string_view::npos && last_dot > 0) {
    const std::size_t dot = domain.rfind('.', last_dot - 1);
    const std::size_t begin = dot == std::string_view::npos ? 0 : dot + 1;
    const std::string_view name = domain.substr(begin, last_dot - begin);
    if (name.size() >= kMinDomainNameBytes && letters(name)) sink(name, false);
  }
  if (letters(local)) {
    sink(local, false);
    return;
  }
  std::size_t begin = 0;
  while (begin <= local.size()) {
    std::size_t end = begin;
    while (end < local.size() && local[end] != '.' && local[end] != '-' &&
           local[end] != '_' && local[end] != '+') {
      ++end;
    }
    const std::string_view part = local.substr(begin, end - begin);
    if (part.size() >= kMinEmailNameBytes && letters(part)) sink(part, false);
    begin = end + 1;
  }
}

// An identifier's delimited parts that hold a digit ("7504069" of
// "certificate_7504069", under "@part:7504069"), the last segment of a
// path ("report_2024.csv" of "/mnt/data/report_2024.csv": a file's name),
// and the last four digits of a trailing run of at least kMinTailRunDigits
// ("@tail:1784" of "4111111111111784"): the answer writes "certificate
// 7504069", "I saved report_2024.csv" or "card ending in 1784". A part is
// a whole delimited field, never a substring (law 2).
template <typename Sink>
inline void ForEachIdentifierPartKey(std::string_view form, bool is_number,
                                     Sink&& sink) {
  // The delimiters "_-./:#", by a switch: this runs on every token of
  // every result, and a set lookup per byte costs a call.
  auto delimiter = [](char c) {
    switch (c) {
      case '_':
      case '-':
      case '.':
      case '/':
      case ':':
      case '#':
        return true;
      default:
        return false;
    }
  };
  const bool has_delimiter = std::any_of(form.begin(), form.end(), delimiter);
  std::size_t run = 0;  // trailing digits
  while (run < form.size() && form[form.size() - 1 - run] >= '0' &&
         form[form.size() - 1 - run] <= '9') {
    ++run;
  }
  if (run >= kMinTailRunDigits) {
    sink(DerivedKey(kTailKey, form.substr(form.size() - kTailDigits)), false);
  }
  // A number's "." is its decimal point, not a delimiter.
  if (!has_delimiter || is_number) return;
  // The last segment of a path, whatever it holds ("report.csv").
  if (const std::size_t slash = form.rfind('/');
      slash != std::string_view::npos && slash + 1 < form.size() &&
      form.size() - slash - 1 >= kMinPartBytes) {
    sink(DerivedKey(kPartKey, form.substr(slash + 1)), false);
  }
  std::size_t begin = 0;
  while (begin <= form.size()) {
    std::size_t end = begin;
    while (end < form.size() && !delimiter(form[end])) ++end;
    const std::string_view part = form.substr(begin, end - begin);
    if (part.size() >= kMinPartBytes && part.size() < form.size() &&
        std::any_of(part.begin(), part.end(),
                    [](char c) { return c >= '0' && c <= '9'; })) {
      sink(DerivedKey(kPartKey, part), false);
    }
    begin = end + 1;
  }
}

// A word ForEachOwnKey reads without ReadToken: ASCII letters only, at
// most this long ("Seattle", "want": most tokens of prose and of a
// result's text).
inline constexpr std::size_t kMaxPlainWordBytes = 64;

// True when `token` is such a word. Its one key is then its lowercase form,
// exact: Canonicalize strips no letter and reads no number in it, and it
// has no digit, joiner, '@' or unit for the readers of ForEachReadKey.
inline bool IsPlainWord(std::string_view token) {
  if (token.empty() || token.size() > kMaxPlainWordBytes) return false;
  for (const char c : token) {
    if (static_cast<unsigned char>((c | 0x20) - 'a') > 'z' - 'a') return false;
  }
  return true;
}

// The keys of one token by reading it (ReadToken): its canonical form
// (exact when the token spelled it so), its hex digits, the number before
// a glued unit with the unit and its dimension key, then the derived keys
// above, its kind and its span.
template <typename Sink>
inline void ForEachReadKey(std::string_view token, Sink&& sink) {
  const TokenValue value = ReadToken(token);
  sink(value.canonical.form, !value.canonical.changed);
  if (!value.canonical.hex_digits.empty()) {
    sink(value.canonical.hex_digits, false);
  }
  if (!value.number_before_unit.empty()) {
    sink(value.number_before_unit, false);
    // The unit glued to it ("°f" of "8°F", "mph" of "30mph"): a result
    // that writes it names the unit, for the conversion rung, as one
    // that writes it apart ("8 °F") does (law 1).
    std::string_view unit =
        std::string_view(value.canonical.form)
            .substr(NumberBeforeUnit(value.canonical.form).size());
    if (!unit.empty() && (unit.front() == '-' || unit.front() == '/')) {
      unit.remove_prefix(1);
    }
    if (!unit.empty()) sink(unit, false);
    // A thousands 'k' is also its value ("65000" of "65K colors"): the
    // answer side reads a capital K after one or two digits as a seat
    // ("12K") and keeps the token, but a result holds every reading its
    // text may have, so an answer's "65,000 colors" finds it (law 1).
    if (unit == "k") {
      const std::string_view form = value.canonical.form;
      if (const std::optional<NumberReading> thousands =
              MatchNumber(form, TokenSpan{0, form.size()}, false);
          thousands.has_value() && thousands->scaled) {
        sink(thousands->value, false);
      }
    }
    // And the number under the unit's dimension ("@dim:data:65" of
    // "65MB"): the judge's check of an answer's "65 MB" against a "65"
    // the results wrote only beside other units.
    const std::string_view dimension = unit == "\xC2\xB0"
                                           ? std::string_view("temperature")
                                           : DimensionName(GluedUnit(unit));
    if (!dimension.empty()) {
      sink(DimensionKey(dimension, value.number_before_unit), false);
    }
  }
  ForEachIdentifierPartKey(value.canonical.form, value.canonical.is_number,
                           sink);
  ForEachEmailNameKey(value.canonical.form, sink);
  ForEachGluedNumberKey(value.canonical.form, sink);
  // The kind of a joined name without digits ("@kind:-lll"): the judge
  // reads such names in an answer only where a result carried their kind.
  if (const std::string kind = DigitlessKindKey(token); !kind.empty()) {
    sink(kind, false);
  }
  // The unit of a span of time ("@span:day" for "7-day"): the judge reads
  // such spans in an answer only where a result carried one.
  if (const std::string span = SpanKindKey(token); !span.empty()) {
    sink(span, false);
  }
}

// The keys of one token: ForEachReadKey's, with a plain word's one key
// written directly (its lowercase form, exact).
template <typename Sink>
inline void ForEachOwnKey(std::string_view token, Sink&& sink) {
  if (IsPlainWord(token)) {
    char lower[kMaxPlainWordBytes];
    for (std::size_t i = 0; i < token.size(); ++i) {
      lower[i] = static_cast<char>(token[i] | 0x20);
    }
    sink(std::string_view(lower, token.size()), true);
    return;
  }
  ForEachReadKey(token, sink);
}

// The values a '+' joins in one token ("ORD-1042+ADD": an order and an
// add-on): each is carried under its own keys as well, as if the result
// had written them apart. A '+' joins only between a letter or digit and a
// letter: before a digit it is a time zone ("13:25:06+02:00") or an
// exponent ("1e+5"), and at the end it says "or more" (decoration,
// canonical.h). Not in an email address or a URL, whose '+' is part of a
// name or a query. A delimited field, never a substring (law 2).
template <typename Sink>
inline void ForEachJoinedValueKey(std::string_view token, Sink&& sink) {
  std::size_t plus = token.find('+');
  if (plus == std::string_view::npos ||
      token.find('@') != std::string_view::npos ||
      token.find("://") != std::string_view::npos) {
    return;
  }
  auto alnum = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
  };
  auto letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  std::size_t begin = 0;
  bool joined = false;
  while (plus != std::string_view::npos) {
    if (plus > begin && alnum(token[plus - 1]) && plus + 1 < token.size() &&
        letter(token[plus + 1])) {
      ForEachOwnKey(token.substr(begin, plus - begin), sink);
      begin = plus + 1;
      joined = true;
    }
    plus = token.find('+', plus + 1);
  }
  if (joined) ForEachOwnKey(token.substr(begin), sink);
}

// The keys of one token (ForEachOwnKey), and of each value a '+' in it
// joins (ForEachJoinedValueKey).
template <typename Sink>
inline void ForEachKey(std::string_view token, Sink&& sink) {
  ForEachOwnKey(token, sink);
  ForEachJoinedValueKey(token, sink);
}

// A date or clock time that begins at `span` (`2024-05-06T13:25:06`,
// `14:00:00`, `May 22, 2024`), under its date and time keys as well: the
// judge reads the answer with the same MatchDateTime (law 1). The date
// part of a timestamp is a structural decomposition, not a substring (law
// 2). Every token is tried, those inside a value already read too: the
// judge's readers may consume the tokens before a date otherwise and
// start a reading inside it (`1,2 024,8 May 7`: a result reads `8 May`,
// an answer reads the number `2 024,8`, then `May 7`).
template <typename Sink>
inline void ForEachDateTimeKey(std::string_view text, TokenSpan span,
                               Sink&& sink) {
  const std::optional<DateTimeValue> when = MatchDateTime(text, span);
  if (!when.has_value()) {
    // "Saturday 18th": the day with its weekday, for the judge to complete
    // from the conversation's months.
    if (const std::optional<WeekdayDay> named = MatchWeekdayDay(text, span)) {
      sink(DerivedKey(kWeekdayDayKey, std::to_string(named->weekday) + "-" +
                                          std::to_string(named->day)),
           false);
    }
    return;
  }
  for (const std::string_view key : DateTimeIndexKeys(*when)) {
    sink(key, false);
  }
  // The year of a whole date: "in 1903" from "1903-04-21".
  if (when->year != 0 && when->month != 0 && when->day != 0) {
    sink(DerivedKey(kYearKey, std::to_string(when->year)), false);
  }
  // The month of a date with a day: "the 6th" of the user is in it.
  if (when->month >= 1 && when->month <= 12 && when->day != 0) {
    sink(MonthKey(when->month), false);
  }
}

// A number people write in another form than its canonical one: money
// ("$1.2M"), a percent ("12%" is also the ratio 0.12), a grouping of
// another locale ("41 200"), a number in words. Its value is a key too:
// the judge reads the answer with the same MatchNumber (law 1).
// A plain number is also read with what follows it, as the judge reads
// an answer's (quantities.h's ReadUnitAfter): under its unit's dimension
// ("@dim:temperature:17" of "17 °C" or "17°"), or, with no unit,
// handed to `mark_bare` (Evidence::bare_number).
template <typename Sink, typename MarkBare>
inline void ForEachNumberKey(std::string_view text, TokenSpan span, Sink&& sink,
                             MarkBare&& mark_bare) {
  bool digit = false;
  for (std::size_t i = span.start; i < span.end && !digit; ++i) {
    digit = text[i] >= '0' && text[i] <= '9';
  }
  // A currency code before its amount ("USD 890") starts a reading too.
  const bool code =
      span.end - span.start == 3 &&
      std::all_of(text.begin() + static_cast<std::ptrdiff_t>(span.start),
                  text.begin() + static_cast<std::ptrdiff_t>(span.end),
                  [](char c) { return c >= 'A' && c <= 'Z'; });
  if (!digit && !code) return;
  const std::optional<NumberReading> reading = MatchNumber(text, span);
  if (!reading.has_value()) return;
  // Whenever the reading says more than the token's own canonical form:
  // a kind, a scale, several tokens, or a sign before the token ("−6594"
  // with U+2212, which the tokenizer leaves out).
  if (reading->kind != NumberReading::Kind::kPlain || reading->scaled ||
      reading->tokens > 1 || reading->start < span.start) {
    sink(reading->value, false);
  }
  if (reading->kind != NumberReading::Kind::kPlain || reading->scaled) {
    return;
  }
  const UnitAfter unit = ReadUnitAfter(text, reading->end);
  if (!unit.found) {
    mark_bare(reading->value);
    return;
  }
  const std::string_view dimension =
      unit.unit == QuantityUnit::kNone && unit.degree
          ? std::string_view("temperature")
          : DimensionName(unit.unit);
  if (!dimension.empty()) {
    sink(DimensionKey(dimension, reading->value), false);
  }
  if (unit.unit != QuantityUnit::kNone) {
    sink(DerivedKey(kUnitKey, UnitSymbol(unit.unit)), false);
  }
}

// Text: the keys of each token (TokenKeys carries ForEachKey's keys of
// one token, as it is or from a memo), and its date and number readings.
template <typename Sink, typename TokenKeys, typename MarkBare>
inline void ForEachTextKey(std::string_view text, Sink&& sink,
                           TokenKeys&& token_keys, MarkBare&& mark_bare) {
  ForEachToken(text, [&](TokenSpan span) {
    token_keys(text.substr(span.start, span.end - span.start));
    ForEachDateTimeKey(text, span, sink);
    ForEachNumberKey(text, span, sink, mark_bare);
    return true;
  });
}

// A string leaf or key: its tokens, and the whole leaf when it is short
// and more than one token. ForEachKey's keys of a token of a leaf of
// several are TokenKeys's to carry (as ForEachTextKey's).
// *identity receives the hash of the key that stands for the whole leaf
// (its one token, or the whole short leaf); 0 when none does.
template <typename Sink, typename TokenKeys, typename MarkBare>
inline void ForEachLeafKey(std::string_view leaf, Sink&& sink,
                           std::uint64_t* identity, TokenKeys&& token_keys,
                           MarkBare&& mark_bare) {
  bool single = false;
  std::size_t count = 0;
  *identity = 0;
  ForEachToken(leaf, [&](TokenSpan span) {
    ++count;
    single = count == 1 && span.start == 0 && span.end == leaf.size();
    const std::string_view token =
        leaf.substr(span.start, span.end - span.start);
    if (single) {
      bool first_key = true;
      ForEachKey(token, [&](std::string_view key, bool exact) {
        if (first_key) *identity = ValueHash(key);
        first_key = false;
        sink(key, exact);
      });
    } else {
      token_keys(token);
    }
    ForEachDateTimeKey(leaf, span, sink);
    ForEachNumberKey(leaf, span, sink, mark_bare);
    return true;
  });
  if (!single && count > 0 && leaf.size() <= kMaxWholeLeafBytes) {
    const CanonicalForm whole = Canonicalize(leaf);
    *identity = ValueHash(whole.form);
    sink(whole.form, !whole.changed);
  }
}

// What ForEachExemptTextKey hands its keys to.
using KeySink = absl::FunctionRef<void(std::string_view key, bool exact)>;

// Text the user or the application supplied: its keys, and the parts of
// what they typed that are identifiers of their own — an email address's
// local part ("sophia_silva_7557" of "sophia_silva_7557@example.com": a
// user id spelled as the mailbox) and a URL's path segments ("abc_123" of
// "https://example.com/users/abc_123"), and a value glued to the next
// sentence with no space after the full stop ("www.our-company.com" of
// "www.our-company.com.They"). Only here, never for a tool
// result: what a result carries is a value read whole (law 2), what the
// user typed is theirs in every delimited field of it.
void ForEachExemptTextKey(std::string_view text, KeySink sink);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RECORD_KEYS_H_
