// evidence/dates/date_time.h — dates and clock times over tokens.
//
// Its one job: MatchDateTime, the grammar that reads one date, clock time
// or both from the token it begins at, across up to kMaxDateTimeTokens
// tokens (`May 22, 2024`, `22 de mayo de 2024`, `2023-09-12 2:00 PM`,
// `2021, March 29`), into a DateTimeValue. Taking the date or time part of
// an ISO timestamp follows ISO 8601's structure, never a substring (law
// 2). Both sides read with it: the corpus indexes a result's dates under
// their keys (date_keys.h), the judge reads an answer's (law 1).
//
// Month names are read in English and, from ICU's data, in French, German,
// Spanish, Italian, Portuguese, Dutch, Swedish, Danish, Norwegian, Polish,
// Czech, Turkish and Russian, in the orders those languages write them:
// `22 mai 2024`, `22. Mai 2024`, `22 de mayo de 2024`, `mai 2024`,
// `22 maggio`, `22 мая 2024`. A name that is only an abbreviation (`set`,
// `gen`, `mag`) or also a common word (`mars`), and an English name in
// lower case (`may`), counts only in a whole date with a day and a year; a
// genitive (`maja`, `мая`) only after a day (month_names.h). A numeric
// date is read year first (`2024/05/22`, `2024.05.22`), or year last when
// a day over 12 or two equal numbers decide the order (`22/05/2024`,
// `05/22/2024`, `22.05.2024`; numeric_dates.h).
//
// What it does NOT do: look anything up, build keys (date_keys.h), or
// tokenize text (it asks the tokenizer for the tokens after the first). A
// numeric date whose day and month could trade places (`05/06/2024`) is
// left to the ordinary rule, and so is a year alone (`in 1903`). A 12-hour
// time written without AM/PM is read as 24-hour (Clock::kUnmarked).
#ifndef GROUNDGATE_EVIDENCE_DATES_DATE_TIME_H_
#define GROUNDGATE_EVIDENCE_DATES_DATE_TIME_H_

#include <cstddef>
#include <optional>
#include <string_view>

#include "evidence/tokenizer.h"

namespace groundgate::evidence {

inline constexpr std::string_view kShapeDate = "date";
inline constexpr std::string_view kShapeTime = "time";
inline constexpr std::string_view kShapeDateTime = "datetime";

// A date, a clock time or both, read from one or more tokens.
struct DateTimeValue {
  enum class Kind {
    kDate,       // 2024-05-22, May 22, 2024, 22 May 2024, 2024/05/22
    kMonthDay,   // May 22, 22nd May (no year)
    kYearMonth,  // May 2024
    kTime,       // 14:00, 2:00 PM, 2pm, 13:25:06Z
    kDateTime,   // 2024-05-06T13:25:06, 2023-09-12 14:00:00
  };
  Kind kind = Kind::kDate;
  int year = 0;  // 0 when the text gave none
  int month = 0;
  int day = 0;
  int hour = 0;  // 24-hour clock
  int minute = 0;
  int second = 0;
  // How the hour was written: whether it may also be a 12-hour clock's.
  enum class Clock {
    kUnmarked,  // "01:00", "1:00", "2023-09-12 01:00": 1 AM or 1 PM
    kMeridiem,  // "1:00 PM", "2pm", "2 a.m.": AM/PM written
    k24Hour,    // "2024-05-06T01:00", "01:00Z", "02:15:00+1": by grammar
  };
  Clock clock = Clock::kUnmarked;  // meaningful only when there is a time
  // Byte offsets of the value in the text, decoration excluded: [start,
  // end). `end` may lie past the first token when the value spans several.
  std::size_t start = 0;
  std::size_t end = 0;
  int tokens = 1;  // how many tokens the value spans
};

// Reads the date or time that begins at token `first` of `text` (a span
// ForEachToken gave), looking at most kMaxDateTimeTokens tokens ahead.
// Returns nullopt when no date or time begins there. Never allocates, except
// that the first call in the process that meets a candidate month word
// builds the table of month names from ICU, once. Thread-safe (the table is
// a function-local static, read-only once built).
std::optional<DateTimeValue> MatchDateTime(std::string_view text,
                                           TokenSpan first);

// A day of the month named with its weekday and no month: "Saturday
// 18th", "Saturday, the 18th" (mail and chat name the coming days so).
struct WeekdayDay {
  int weekday = 0;  // ISO: Monday 1 .. Sunday 7
  int day = 0;      // 1..31
};

// Reads a weekday and a day that begin at token `first` of `text`: an
// English weekday's full name, capitalized, then the day (`18th`, `18`)
// after a space or ", ", with "the " allowed between. Nullopt otherwise.
// Never allocates; thread-safe.
std::optional<WeekdayDay> MatchWeekdayDay(std::string_view text,
                                          TokenSpan first);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_DATES_DATE_TIME_H_
