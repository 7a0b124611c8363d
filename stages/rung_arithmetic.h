// stages/rung_arithmetic.h — rung 5 of the judge's ladder: bounded
// arithmetic over carried numbers.
//
// Reasons it gives (status grounded; Candidate::derivation says how):
//   derived_sum         "1679 + 1859";
//   derived_difference  "282 - 177";
//   derived_product     "3 * 129.5";
//   derived_percent     "10% of 2500";
//   rounded             ... when the nearest derivation is a rounding.
//
// Where it sits: the last rung of the number ladder in stages/judge.cc,
// climbed once the whole answer was read (the numbers it defers wait in
// JudgeContext::deferred), and only with GateOptions::arithmetic.
//
// What it does NOT do: search every number of a turn for any value: over
// every number of a turn, sums of two cover so many integers that a
// mistyped price would pass as "derived" (evidence/numeric_index.h has the
// measurement). Its operands are the numbers the answer itself shows; all
// of a turn's numbers only for a value its line calls computed ("Total").
#ifndef GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_
#define GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_

#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Chained derivations: an answer that shows its work rarely nests deeper.
inline constexpr int kMaxDerivationRounds = 3;

// Grounds each deferred number that one small computation over the
// answer's own grounded numbers gives ("$105 + $190 = $295"), settling it
// (JudgeContext::Finish) and marking it kDone; a derived value is an
// operand of the next round ("$282 - $177 = $105", then "$105 + $263 =
// $368"), for at most kMaxDerivationRounds rounds.
void GroundByShownArithmetic(JudgeContext& context);

// Grounds a deferred number whose line calls it computed ("Total Price:
// $255") by one small computation over any of this turn's numbers, shown
// or not.
bool GroundByComputedLine(JudgeContext& context, Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_
