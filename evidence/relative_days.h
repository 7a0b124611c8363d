// evidence/relative_days.h — the day shifts a user's words ask for.
//
// Its one job: read, in text the user or the application supplied, the
// phrases that move a date by a number of days ("move it to the next day",
// "delay it by one day", "3 days later", "tomorrow"), as a set of day
// counts. The judge then accepts a date that is a carried (or supplied)
// date moved by one of those counts: the model did the date arithmetic the
// user asked for ("2024-05-19" for a carried "2024-05-18" after "shift it
// to the next day"), which is derived, not typed.
//
// What it does NOT do: read dates or look anything up. A phrase without a
// direction ("by one day", "move it back a day") counts both ways. English
// only, in any letter case.
//
//   const DayShifts shifts = DayShiftsNamed("I'd like to fly a day later.");
//   shifts.Later(1);    // true
//   shifts.Earlier(1);  // false
#ifndef GROUNDGATE_EVIDENCE_RELATIVE_DAYS_H_
#define GROUNDGATE_EVIDENCE_RELATIVE_DAYS_H_

#include <cstdint>
#include <string_view>

namespace groundgate::evidence {

// Day counts a phrase may name: a week either way, and two (a fortnight
// is "14 days").
inline constexpr int kMaxDayShift = 14;

// Day counts from 1 to kMaxDayShift, each with the direction the words
// gave it: later ("the next day", "3 days later", "tomorrow"), earlier
// ("the day before", "yesterday"), or either ("by one day", "back a day").
struct DayShifts {
  std::uint32_t later = 0;    // bit n: n days later was asked for
  std::uint32_t earlier = 0;  // bit n: n days earlier was asked for

  [[nodiscard]] bool Later(int days) const { return Bit(later, days); }
  [[nodiscard]] bool Earlier(int days) const { return Bit(earlier, days); }
  [[nodiscard]] bool Has(int days) const {
    return Later(days) || Earlier(days);
  }
  [[nodiscard]] bool empty() const { return later == 0 && earlier == 0; }
  void AddLater(int days) { Set(&later, days); }
  void AddEarlier(int days) { Set(&earlier, days); }
  void AddEither(int days) {
    AddLater(days);
    AddEarlier(days);
  }
  void Merge(DayShifts other) {
    later |= other.later;
    earlier |= other.earlier;
  }

 private:
  static bool Bit(std::uint32_t bits, int days) {
    return days >= 1 && days <= kMaxDayShift && ((bits >> days) & 1u) != 0;
  }
  static void Set(std::uint32_t* bits, int days) {
    if (days >= 1 && days <= kMaxDayShift) *bits |= 1u << days;
  }
};

// The day shifts `text` names. Phrases, each pinned in
// tests/evidence/relative_days_test.cc:
// - one day: "next day", "following day", "day after", "day before",
//   "previous day", "a day later/earlier", "by a day", "tomorrow",
//   "yesterday";
// - two days: "day after tomorrow", "day before yesterday";
// - N days, N in digits or words up to kMaxDayShift: "N day(s)"
//   followed by later, earlier, after, before, ahead, back, forward,
//   sooner, prior, or preceded by "by" ("by 2 days", "by two days");
// - a week: "a week later/earlier", "next week", "by a week" (7).
// Never fails; reads only `text`.
[[nodiscard]] DayShifts DayShiftsNamed(std::string_view text);

// The days of the month `text` names alone, as "the" and an ordinal ("the
// 6th", "the 19th", "on the 1st"): bit d for day d (1 to 31). A day with
// its month ("the 22nd of May") is a date, read by MatchDateTime; it is
// counted here too, harmlessly. Never fails; reads only `text`.
[[nodiscard]] std::uint32_t DaysOfMonthNamed(std::string_view text);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RELATIVE_DAYS_H_
