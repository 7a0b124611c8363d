// stages/rung_derived_dates.h — rung 5 of the date ladder: a date moved by
// the days the user asked for.
//
// Reasons it gives:
//   derived_date  a carried (grounded) or supplied (exempt) date n days
//                 before the answer's, where the user or the application
//                 asked for n days later ("the next day", "3 days later",
//                 "tomorrow"), or n days after it for n days earlier ("the
//                 day before"); Candidate::derivation says "2024-05-18 + 1
//                 day".
//   derived_difference  a time written as hours and minutes without AM/PM
//                 ("01:30") that is the duration between two clock times
//                 the answer shows, each grounded or supplied ("from the
//                 end of the sync at 11:00 to lunch at 12:30");
//                 Candidate::derivation says "12:30 - 11:00".
//
// Where it sits: the last rung of the date ladder in stages/judge.cc, after
// the 12-hour reading of a time; the durations once the whole answer was
// read, since an answer often gives the duration before the times.
//
// What it does NOT do: move a date the user did not ask to move
// (evidence/relative_days.h reads what they asked), or by more than
// evidence::kMaxDayShift days; take a duration between times the answer
// does not show (over every time of a turn, the pairs' differences cover
// most of a day's quarter hours) unless both are one item's, or between a
// time and itself; nor take
// a time the line does not call a span for a duration: in a schedule of
// flights a planted departure was the difference of two others in 14 of
// 315 mutated dates and times of ../shared/data.
#ifndef GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_
#define GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_

#include "evidence/extractor.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"
#include "stages/read_dates.h"

namespace groundgate::stages {

// Grounds (or exempts) a date, with or without its year, as a carried (or
// supplied) date moved by the days the user asked for. The smallest shift
// wins, a later shift first.
bool GroundByDayShift(JudgeContext& context,
                      const evidence::DateTimeValue& when,
                      Candidate* candidate);

// Grounds a date, with or without its year, that completes a day a result
// named with its weekday and no month ("Saturday 18th": evidence/keys.h's
// kWeekdayDayKey) from a month of the conversation: a result carried a
// date in that month, or in the month before (a message of April 29 names
// "Saturday 4th" of May), and the date falls on that weekday. Without a
// year, the years kFirstCompletedYear..kLastCompletedYear are tried.
// Reason derived_date; Candidate::derivation says "Saturday 18 in
// 2024-05".
bool GroundByCompletedDay(JudgeContext& context,
                          const evidence::DateTimeValue& when,
                          Candidate* candidate);

// The years a date without one may be completed in: a weekday repeats
// its dates every few years, so the window is what bounds the lookups
// (about 19 per weekday).
inline constexpr int kFirstCompletedYear = 1970;
inline constexpr int kLastCompletedYear = 2100;

// Notes the clock time `read` gave, when it has one, in
// JudgeContext::shown_times for GroundDurationsBetweenShownTimes.
void NoteShownTime(JudgeContext& context, const DateTimeRead& read);

// Once the whole answer was read: grounds each unsupported time written as
// hours and minutes without AM/PM, on a line that calls it a span of time
// (stages/wording.h's SaysDuration: "1 hour (01:00)"), that is the later
// minus the earlier of two other times the answer shows, both grounded (reason
// derived_difference, carried by their carriers) or supplied (exempt).
// The unsupported time's near miss is cleared.
void GroundDurationsBetweenShownTimes(JudgeContext& context);

// Past this many clock times, an item is a schedule, not one thing that
// starts and ends: the differences of a day's many times cover most
// durations a line could tell.
inline constexpr std::size_t kMaxTimesPerItem = 4;

// Once the whole answer was read, after GroundDurationsBetweenShownTimes:
// grounds each unsupported time written as hours and minutes without
// AM/PM, on a line that calls it a span of time, that is how long one
// thing of this turn's results lasts: the later minus the earlier of two
// clock times of one record (a JSON object of a list, evidence/records.h)
// or of one item a text result lists ("- start_time: 2024-05-15 12:30:00
// ... end_time: 2024-05-15 13:30:00" lasts 01:00), an item of at most
// kMaxTimesPerItem times. Reason derived_difference, carried by that
// result; Candidate::derivation says "13:30 - 12:30". The answer need not
// show the two times: "You have 01:00 until your lunch" read the event.
void GroundDurationsWithinOneItem(JudgeContext& context);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_
