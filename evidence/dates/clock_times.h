// evidence/dates/clock_times.h — clock times and their marks.
//
// Its one job: a clock time (`14:00`, `9:05`, `13:25:06.250`), the zone or
// day offset that may end its token (`Z`, `+05:00`, `+1`), and AM/PM
// (`pm`, `a.m`) with the 12-hour to 24-hour rule. It sits under
// MatchDateTime (date_time.h). What it does NOT do: decide whether an
// unmarked `01:00` is 1 AM or 1 PM (the value keeps Clock::kUnmarked and
// date_keys.h gives the other reading), or read an hour alone (`2pm` is
// joined in date_time.cc).
#ifndef GROUNDGATE_EVIDENCE_DATES_CLOCK_TIMES_H_
#define GROUNDGATE_EVIDENCE_DATES_CLOCK_TIMES_H_

#include <cstddef>
#include <string_view>

namespace groundgate::evidence::dates {

// A clock time at *i: "14:00", "9:05", "13:25:06", "13:25:06.250".
// Advances *i past it and sets the fields on success.
bool ReadClock(std::string_view s, std::size_t* i, int* hour, int* minute,
               int* second);

// True when s[i..] is empty or a time zone that ends the token: "z",
// "+05:00", "-0500", "+05"; or a day offset of one digit, as schedules
// write an arrival the next day ("02:00:00+1"): the clock time is still
// 02:00.
bool ReadZoneToEnd(std::string_view s, std::size_t i);

// "am", "pm", "a.m", "p.m" (the final dot is decoration): sets *pm.
bool IsMeridiem(std::string_view s, bool* pm);

// 12-hour to 24-hour: 12 AM is 0, 12 PM is 12. False for an hour outside
// 1..12 ("14:00 PM" is not a time).
bool ApplyMeridiem(bool pm, int* hour);

}  // namespace groundgate::evidence::dates

#endif  // GROUNDGATE_EVIDENCE_DATES_CLOCK_TIMES_H_
