// stages/read_scopes.h — what an answer's values are told of: its scopes,
// the days, times and records they name, and the wording around a value.
//
// Its one job: cut an answer into scopes (a list item with its sub-items, a
// sentence outside lists, and the clauses of each) and read, without any
// corpus, what the judge's binding (rung_records.h, law 11) needs from the
// text: the days ("January 5th", "2024-01-05", "Thursday") and clock times
// ("02:00", "2 PM") a scope names, whether a value is told as the least or
// the greatest of several ("a low of", "the highest gust", "ranging from 4
// to 12"), and whether it is hedged ("around 5", "over 60%"), which no rule
// of law 11 judges.
//
// What it does NOT do: look anything up, or decide that a value is
// misattributed (rung_records.cc does both).
#ifndef GROUNDGATE_STAGES_READ_SCOPES_H_
#define GROUNDGATE_STAGES_READ_SCOPES_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "evidence/ascii.h"

namespace groundgate::stages {

// A byte of a word: an ASCII letter or digit, or any byte beyond ASCII.
inline bool IsWordByte(char c) {
  return evidence::ascii::IsAlnumByte(c) ||
         static_cast<unsigned char>(c) >= 0x80;
}

struct TextSpan {
  std::size_t start = 0;  // bytes of the answer, [start, end)
  std::size_t end = 0;
  [[nodiscard]] bool Holds(std::size_t at) const {
    return at >= start && at < end;
  }
};

// The answer's scopes in order: each top-level list item with its
// sub-items and continuation lines, each table row, and each sentence of
// the text outside lists. Together they cover every non-blank line.
std::vector<TextSpan> Scopes(std::string_view answer);

// The clauses of one scope: its text cut at ';', at a line break, and at a
// comma before "while", "whereas", "but", "and", "with", "followed",
// "then" or "before"/"after", where one scope tells of two things.
std::vector<TextSpan> Clauses(std::string_view answer, TextSpan scope);

// A day the answer names: a date ("January 5th", "5 Jan 2024",
// "2024-01-05"; year 0 when not written), a weekday ("Thursday":
// weekday 0 = Monday ... 6 = Sunday, month 0), or the place of a day in
// the stretch told of ("day one", "the third day", "Day 2": ordinal 1, 3,
// 2; month 0).
struct DayMention {
  TextSpan span;
  int year = 0;
  int month = 0;
  int day = 0;
  int weekday = -1;
  int ordinal = 0;
};
std::vector<DayMention> DaysNamed(std::string_view answer);

// A clock time the answer names ("02:00", "14:30", "2 PM", "2:30 a.m."),
// as 24-hour hour and minute.
struct TimeMention {
  TextSpan span;
  int hour = 0;
  int minute = 0;
};
std::vector<TimeMention> TimesNamed(std::string_view answer);

// How the wording tells a value at [start, end) of its clause.
enum class Extreme {
  kNone,
  kLeast,     // "a low of", "the lowest", "minimum", "from X (to Y)"
  kGreatest,  // "a high of", "peak", "up to", "(from X) to Y", "maximum"
};
Extreme ExtremeOf(std::string_view answer, TextSpan clause, TextSpan value);

// How the words around a value hedge it.
enum class Hedge {
  kNone,
  // "around", "about", "approximately", "roughly", "nearly", "almost",
  // "close to", "~" just before it, or "or so" after it: near the value.
  kApproximate,
  // "over", "more than", "less than", "under", "above", "below", "some"
  // just before it, or "or more", "+" after it: a bound, not a value.
  kBound,
};
Hedge HedgeOf(std::string_view answer, TextSpan clause, TextSpan value);

// True when HedgeOf is not kNone: an approximate value or a bound.
bool Hedged(std::string_view answer, TextSpan clause, TextSpan value);

// A stretch longer than a day that the answer names without a day: a
// month ("June 2021", "in March": year 0) or a year alone ("in 2020":
// month 0). A least or greatest told there is of that stretch, not of the
// whole series.
struct Period {
  TextSpan span;
  int year = 0;
  int month = 0;
};
std::vector<Period> PeriodsNamed(std::string_view answer, TextSpan scope);

// True when the scope speaks of part of a day ("morning", "afternoon",
// "evening", "night", "overnight", "daytime"): its values are told of
// records no day or time names exactly.
bool NamesPartOfDay(std::string_view answer, TextSpan scope);

// True when the words before `value` in its clause tell each day's
// extreme, not the stretch's: "highs", "lows", "high temperatures", "low
// temperatures", "daytime", "nighttime", "overnight", "daily" ("high
// temperatures ranging from 32.77°C to 36.94°C" tells the days' highs).
bool TellsDailyExtremes(std::string_view answer, TextSpan clause,
                        TextSpan value);

// The words of `clause` before `value`, as written (views into `answer`),
// nearest last, at most `most` of them: the field words a value is told
// with ("economy fare of", "wind gusts up to"). A word the clause's start
// cuts counts from there.
std::vector<std::string_view> WordsBefore(std::string_view answer,
                                          TextSpan clause, TextSpan value,
                                          std::size_t most);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_SCOPES_H_
