// stages/rung_rounding_and_conversion.cc — rung 4: a carried number shown
// to fewer places.
//
// What it does NOT do: widen the precision the answer wrote.
#include "stages/rung_rounding_and_conversion.h"

#include <optional>

#include "evidence/numeric_index.h"

namespace groundgate::stages {

bool GroundByRounding(JudgeContext& context,
                      const evidence::NumberReading& reading,
                      Candidate* candidate) {
  const evidence::NumericIndex& numbers = context.corpus.numbers_this_turn();
  if (std::optional<evidence::NumericMatch> rounded =
          numbers.FindRounded(reading.value, reading.step)) {
    context.GroundByMatch(*rounded, MatchReason::kRounded, candidate);
    return true;
  }
  if (!reading.alternative.empty() && !reading.alternative_step.empty()) {
    if (std::optional<evidence::NumericMatch> rounded = numbers.FindRounded(
            reading.alternative, reading.alternative_step)) {
      context.GroundByMatch(*rounded, MatchReason::kRounded, candidate);
      return true;
    }
  }
  return false;
}

}  // namespace groundgate::stages
