// evidence/quantities.h — what stands around a number in prose: its unit,
// a field label, a hedge, a list marker.
//
// Its one job: tell the judge whether a number of 1-3 integer digits is a
// measured quantity (a value someone read: `28 °C`, `74.66 years`, `90%`,
// `Available Seats: 54`) or prose (`3 issues`, `two passengers`, a list
// marker `2.`), and which unit it names, for the conversion rung. It reads
// only the bytes around the number; both sides of the gate read numbers with
// MatchNumber (numbers.h), this is the answer side's context.
//
// A quantity's unit is glued (`16MP`, `2.41m/s`: units.h's vocabulary) or
// follows after one space (`16 MP`, `28 degrees Celsius`, `74.66 years`,
// `7 points`): the vocabulary of units.h, measure words (`degrees`,
// `years`, `percent`, `goals`, `megapixels`...) and `°C`, `°F`, `K`, `%`.
// Counted nouns (`passengers`, `bags`, `issues`) are not units, but a count
// per something is a rate (`150 cases per million people`, `500 tests per
// day`): found, with no unit.
//
// What it does NOT do: read the number (MatchNumber does), look anything up,
// or convert (conversions.h).
#ifndef GROUNDGATE_EVIDENCE_QUANTITIES_H_
#define GROUNDGATE_EVIDENCE_QUANTITIES_H_

#include <cstddef>
#include <string_view>

namespace groundgate::evidence {

// Units the conversion rung knows, by dimension (conversions.h).
enum class QuantityUnit {
  kNone,  // no unit, or one nothing converts (points, years, MP)
  kCelsius,
  kFahrenheit,
  kKelvin,
  kMetresPerSecond,
  kKilometresPerHour,
  kMilesPerHour,
  kKilobytes,
  kMegabytes,
  kGigabytes,
  kTerabytes,
  kKibibytes,
  kMebibytes,
  kGibibytes,
  kTebibytes,
  kPercent,
  kFraction,  // a bare ratio a result carries (0.4523 for "45.2%"); no word
  kSeconds,
  kMinutes,
  kHours,
};

// What follows a number: a unit, glued, after one space, or after a hyphen.
struct UnitAfter {
  bool found = false;
  QuantityUnit unit = QuantityUnit::kNone;
  std::size_t end = 0;  // where the unit's text ends (== number end if none)
  // A degree, with or without its scale (`17°`, `17 °C`, `28 degrees`):
  // a bare one (unit kNone) may be a temperature.
  bool degree = false;
};

// The unit after the number that ends at `number_end` in `text`: glued
// (`16MP`, `2.41m/s`, `90%`, `17°C`) or after one space or a no-break
// space (`16 MP`, `28 degrees Celsius`, `17.6 °C`, `90 percent`), or after
// a hyphen when it is a measure word or a unit that may stand alone
// (`5.5-inch`, `13-megapixel`; `3-day` and `24-hour` are spans, no unit),
// or a rate after one space: one or two nouns, `per`, and a word or a
// number (`cases per million`, `new cases per 1,000`; unit kNone).
// Thread-safe (pure).
UnitAfter ReadUnitAfter(std::string_view text, std::size_t number_end);

// The unit of letters glued to a number (`mb` of `65MB`, `c` of `22C`,
// `m/s` of `2.41m/s`), as ReadUnitAfter reads them: a unit of units.h's
// vocabulary, kNone when it converts to nothing (`mah`, `k`) or is none.
// `suffix` is lowercase ASCII.
QuantityUnit GluedUnit(std::string_view suffix);

// The unit a tool result may name in a word or a token of its own (`°C`,
// `celsius`, `m/s`, `mph`, `GB`): for the conversion rung's "both sides
// name their units". `token` is a canonical (lowercase) form. kNone when
// the token is no unit the rung converts.
QuantityUnit UnitNamedBy(std::string_view token);

// True when the number that begins at `number_start` is a field's value:
// only spaces, tabs and markdown emphasis (`*`, `_`) stand between it and
// a ':' that ends a label with a letter on the same line (`Available
// Seats: 54`, `**Total Checked Bags:** 2`). A clock's ':' (a digit before
// it) is no label. Thread-safe (pure).
bool AfterFieldLabel(std::string_view text, std::size_t number_start);

// The hedge word right before the number (`about`, `around`, `roughly`,
// `nearly`, `almost`, `approximately`, `approx.`, `over`, `under`, `some`,
// `~`), case-insensitive, one space between. Thread-safe (pure).
bool AfterHedge(std::string_view text, std::size_t number_start);

// True when the number spanning [number_start, number_end) is an end of a
// range or a score written over tokens: another number token (`30`, `$30`,
// `25°C`) after `-`, `–`, `—` or ` to ` (`20 to 30`, `20 – 30`, `4 - 1`),
// or before it (`20 to 30`'s 30), or `from` / `between` before it. The
// digits that end an identifier (`...4a31 and 2`) are no number token.
// Thread-safe (pure).
bool InRangeOrScore(std::string_view text, std::size_t number_start,
                    std::size_t number_end);

// True when the number spanning [number_start, number_end) is a list
// marker: first on its line (after spaces or '#') or right after ": ",
// then '.' or ')' and a space (`1. `, `2) `, `results: 1. What`).
// Thread-safe (pure).
bool IsListMarker(std::string_view text, std::size_t number_start,
                  std::size_t number_end);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_QUANTITIES_H_
