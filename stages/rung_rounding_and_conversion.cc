// stages/rung_rounding_and_conversion.cc — rung 4: a carried number shown
// to fewer places.
//
// What it does NOT do: widen the precision the answer wrote.
#include "stages/rung_rounding_and_conversion.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "evidence/conversions.h"
#include "evidence/corpus_internal.h"
#include "evidence/keys.h"
#include "evidence/numeric_index.h"

namespace groundgate::stages {
namespace {

// Whether a result of the conversation names `unit` in a token of its own:
// the JSON "units": {"temp": "°C"} of a weather API, a "speed (m/s)"
// header; or after a number, as the answer's unit is read ("7°K": the
// "@unit:" key). A bare fraction needs no name.
bool ResultsName(const EvidenceCorpus& corpus, evidence::QuantityUnit unit) {
  using evidence::QuantityUnit;
  if (unit != QuantityUnit::kNone &&
      corpus
          .Lookup(evidence::DerivedKey(evidence::kUnitKey,
                                       evidence::UnitSymbol(unit)))
          .carried) {
    return true;
  }
  if (unit == QuantityUnit::kFraction) return true;
  return std::ranges::any_of(
      evidence::UnitWords(unit),
      [&](std::string_view word) { return corpus.Lookup(word).carried; });
}

}  // namespace

bool GroundByRounding(JudgeContext& context,
                      const evidence::NumberReading& reading,
                      Candidate* candidate) {
  const evidence::NumericIndex& numbers =
      CorpusInternals::numbers_this_turn(context.corpus);
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

bool OnlyConvertible(const JudgeContext& context, evidence::QuantityUnit unit) {
  if (unit == evidence::QuantityUnit::kNone ||
      unit == evidence::QuantityUnit::kPercent ||
      ResultsName(context.corpus, unit)) {
    return false;
  }
  for (const evidence::QuantityUnit other : evidence::OtherUnitsOf(unit)) {
    if (other != evidence::QuantityUnit::kFraction &&
        ResultsName(context.corpus, other)) {
      return true;
    }
  }
  return false;
}

bool CarriedOnlyInOtherUnits(const JudgeContext& context,
                             const evidence::NumberReading& reading,
                             evidence::QuantityUnit unit) {
  const std::string_view dimension = evidence::DimensionName(unit);
  if (dimension.empty() || unit == evidence::QuantityUnit::kPercent ||
      unit == evidence::QuantityUnit::kFraction ||
      reading.kind != evidence::NumberReading::Kind::kPlain || reading.scaled) {
    return false;
  }
  const Evidence found = context.corpus.Lookup(reading.value);
  return found.carried && !found.bare_number &&
         !context.corpus
              .Lookup(evidence::DimensionKey(dimension, reading.value))
              .carried;
}

bool GroundByConversion(JudgeContext& context,
                        const evidence::NumberReading& reading,
                        evidence::QuantityUnit unit, Candidate* candidate) {
  // A percent's value is its ratio already ("45%" is 0.45): rounding to
  // it is the FindRounded above.
  if (unit == evidence::QuantityUnit::kNone ||
      unit == evidence::QuantityUnit::kPercent) {
    return false;
  }
  const std::optional<evidence::NumericUnits> value =
      evidence::ExactNumericUnits(reading.value);
  const std::optional<evidence::NumericUnits> step =
      evidence::ExactNumericUnits(reading.step);
  if (!value.has_value() || !step.has_value()) return false;
  const evidence::NumericIndex& numbers =
      CorpusInternals::numbers_this_turn(context.corpus);
  for (const evidence::QuantityUnit to : evidence::OtherUnitsOf(unit)) {
    if (!ResultsName(context.corpus, to)) continue;
    const std::optional<evidence::UnitsInterval> range =
        evidence::ConvertInterval(*value, *step / 2, unit, to);
    if (!range.has_value()) continue;
    std::optional<evidence::NumericMatch> match =
        numbers.FindInRange(range->low, range->high, range->center);
    if (!match.has_value()) continue;
    context.GroundByMatch(*match, MatchReason::kConverted, candidate);
    candidate->derivation.append(" ").append(evidence::UnitSymbol(to));
    return true;
  }
  return false;
}

}  // namespace groundgate::stages
