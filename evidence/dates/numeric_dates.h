// evidence/dates/numeric_dates.h — dates and their fields written in digits.
//
// Its one job: a whole numeric date (`2024-05-22`, `22.05.2024`,
// `05/22/2024`), a day (`22`, `22nd`, `1er`) and a year (`2024`), each
// checked against the calendar and the window of plausible years. It sits
// under MatchDateTime (date_time.h), which joins such fields with month
// names and times into one value. What it does NOT do: read a date whose
// day and month could trade places (`05/06/2024`: May 6 or June 5), read
// a month name (month_names.h), or read across tokens.
#ifndef GROUNDGATE_EVIDENCE_DATES_NUMERIC_DATES_H_
#define GROUNDGATE_EVIDENCE_DATES_NUMERIC_DATES_H_

#include <cstddef>
#include <string_view>

namespace groundgate::evidence::dates {

// A year outside this window is a count or an amount, not a year ("May 22,
// 1200 passengers"); it holds every booking, log or ticket date.
inline constexpr int kMinYear = 1900;
inline constexpr int kMaxYear = 2199;

// True when year/month/day is a day of the calendar within [kMinYear,
// kMaxYear]. Year 0 means "no year given": February then has 29 days.
bool ValidDate(int year, int month, int day);

// A numeric date at *i: year first ("2024-05-22", "2024/5/22",
// "2024.05.22"), or year last when the day and month cannot trade places
// ("05/22/2024", "22.05.2024", "05/05/2024"; not "05/06/2024"). Advances
// *i past it and sets the fields on success; false and nothing changed
// otherwise.
bool ReadNumericDate(std::string_view s, std::size_t* i, int* year, int* month,
                     int* day);

// "22", "22nd", "1st", "3rd", "4th", "1er" (French writes the first so):
// the whole of `s` as a day of one or two digits.
bool ReadDay(std::string_view s, int* day);

// The whole of `s` as a year of four digits within [kMinYear, kMaxYear].
bool ReadYear(std::string_view s, int* year);

}  // namespace groundgate::evidence::dates

#endif  // GROUNDGATE_EVIDENCE_DATES_NUMERIC_DATES_H_
