// stages/rung_rounding_and_conversion.h — rung 4 of the judge's ladder: a
// carried number shown to fewer places.
//
// Reasons it gives (status grounded):
//   rounded    the answer showed a number this turn's results carried at the
//              precision it wrote ("51.94" for 51.9433, "1.2M" for 1234567,
//              "45%" for 0.4523, "about 20" for 19.3); Candidate::derivation
//              says "~ 51.9433".
//   converted  the answer named a unit ("63.6 °F", "11 mph", "2 GiB") and a
//              number this turn's results carried is the same quantity in
//              another unit of that dimension, at the precision the answer
//              wrote, where the results name that unit ("°C", "m/s");
//              Candidate::derivation says "17.58 °C".
//
// Where it sits: in the number ladder of stages/judge.cc, after the
// structural respellings (rung 3) and before arithmetic (rung 5).
//
// What it does NOT do: round a number read in an earlier user turn, or
// one the user supplied (evidence::NumericIndex of this turn only).
#ifndef GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_
#define GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_

#include "evidence/numbers.h"
#include "evidence/quantities.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Grounds a number (rounded) when this turn's results carried a number
// that rounds to its value at its step, or to its other reading at that
// reading's step.
bool GroundByRounding(JudgeContext& context,
                      const evidence::NumberReading& reading,
                      Candidate* candidate);

// True when the answer's number names `unit`, the results never name it,
// and they name another unit of its dimension ("18 mph" where the results
// give m/s): the number can only be a conversion, and its own digits
// found among other readings (a temperature of 17.58) ground nothing.
bool OnlyConvertible(const JudgeContext& context, evidence::QuantityUnit unit);

// True when the answer writes a plain number with a unit the conversions
// know ("65 MB", "65MB", "18 °C"; not a percent) and the results carried
// that number, but never alone and never with a unit of that dimension:
// only beside other units ("65K colors", "$65", "65 g", "18 km/h"). Its
// digits then ground nothing: only a rounding of another carried number, a
// conversion, or the user's own number can (Evidence::bare_number and the
// "@dim:" keys, evidence/keys.h).
bool CarriedOnlyInOtherUnits(const JudgeContext& context,
                             const evidence::NumberReading& reading,
                             evidence::QuantityUnit unit);

// Grounds a number (converted) written with a unit the conversions know
// (`unit`) when this turn's results carried the same quantity in another
// unit of its dimension that they name somewhere (a token "c" or "celsius",
// "m/s", "gb"; a bare fraction for a percent needs no name), within half
// the answer's step.
bool GroundByConversion(JudgeContext& context,
                        const evidence::NumberReading& reading,
                        evidence::QuantityUnit unit, Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_ROUNDING_AND_CONVERSION_H_
