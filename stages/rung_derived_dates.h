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
//
// Where it sits: the last rung of the date ladder in stages/judge.cc, after
// the 12-hour reading of a time.
//
// What it does NOT do: move a date the user did not ask to move
// (evidence/relative_days.h reads what they asked), or by more than
// evidence::kMaxDayShift days.
#ifndef GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_
#define GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_

#include "evidence/extractor.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Grounds (or exempts) a date, with or without its year, as a carried (or
// supplied) date moved by the days the user asked for. The smallest shift
// wins, a later shift first.
bool GroundByDayShift(JudgeContext& context,
                      const evidence::DateTimeValue& when,
                      Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_DERIVED_DATES_H_
