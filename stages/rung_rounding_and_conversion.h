// stages/rung_rounding_and_conversion.h — rung 4 of the judge's ladder: a
// carried number shown to fewer places.
//
// Reasons it gives (status grounded):
//   rounded  the answer showed a number this turn's results carried at the
//            precision it wrote ("51.94" for 51.9433, "1.2M" for 1234567);
//            Candidate::derivation says "~ 51.9433".
//
// Where it sits: in the number ladder of stages/judge.cc, after the
// structural respellings (rung 3) and before arithmetic (rung 5). Unit
// conversions of a carried quantity (°C/°F, MB/GB; issue 10) go here too.
//
// What it does NOT do: round a number read in an earlier user turn, or
// one the user supplied (evidence::NumericIndex of this turn only).
#ifndef GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_
#define GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_

#include "evidence/numbers.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Grounds a number (rounded) when this turn's results carried a number
// that rounds to its value at its step, or to its other reading at that
// reading's step.
bool GroundByRounding(JudgeContext& context,
                      const evidence::NumberReading& reading,
                      Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_
