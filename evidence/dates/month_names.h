// evidence/dates/month_names.h — month names in fourteen languages.
//
// Its one job: a word read as a month (MonthWordOf), with where it may
// stand in a date: capitalized English names on a fast path without a
// table, and the names ICU gives for English, French, German, Spanish,
// Italian, Portuguese, Dutch, Swedish, Danish, Norwegian, Polish, Czech,
// Turkish and Russian (wide and abbreviated, format and standalone) from
// one table built at first use. It sits under MatchDateTime
// (date_time.h). What it does NOT do: read the day or year around the
// name, or read weekday names.
#ifndef GROUNDGATE_EVIDENCE_DATES_MONTH_NAMES_H_
#define GROUNDGATE_EVIDENCE_DATES_MONTH_NAMES_H_

#include <cstdint>
#include <string_view>

namespace groundgate::evidence::dates {

// Where a month name may stand. A name that is only an abbreviation, or is
// also a common word, needs a whole date around it.
enum class MonthUse : std::uint8_t {
  kFullDate,  // "22 set 2024" (Italian), never "set 2024" or "gen 4"
  kAfterDay,  // "22 maja", "22 мая" (a genitive), never "maja 2024"
  kAnyOrder,  // "22 mai", "mai 2024", "Mai 22", "May 22"
};

// A word read as a month name; month 0 when it is none.
struct MonthWord {
  int month = 0;
  MonthUse use = MonthUse::kFullDate;
  bool abbreviated = false;  // "févr", "Sept": a '.' may follow it
  bool from_table = false;   // not the English capitalized fast path
};

// A capitalized English name first (the fast path), then the table of
// every listed locale's names; month 0 when `s` is none. Never allocates,
// except that the first call in the process that reaches the table builds
// it from ICU, once. Thread-safe (a function-local static, read-only once
// built).
MonthWord MonthWordOf(std::string_view s);

// The fast path alone: the month of a capitalized English name or
// abbreviation ("May", "Sept", "DECEMBER"), or 0 for any other word (the
// table is not read). MonthWordOf(s) reads that month, not from the table,
// exactly when this is not 0. Thread-safe; never allocates.
int CapitalizedEnglishMonth(std::string_view s);

}  // namespace groundgate::evidence::dates

#endif  // GROUNDGATE_EVIDENCE_DATES_MONTH_NAMES_H_
