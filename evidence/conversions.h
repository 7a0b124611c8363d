// evidence/conversions.h — the interval an answer's number stands for, in
// another unit of the same dimension.
//
// Its one job: for the judge's conversion rung, map "63.6 °F" (the interval
// [63.55, 63.65] its precision allows) to the interval of Celsius values
// that would be written so ([17.527..., 17.583...]), exactly, in the
// numeric index's fixed point, so NumericIndex::FindInRange can look for a
// carried reading there. Dimensions: temperature (°C, °F, K), speed (m/s,
// km/h, mph), data (kB, MB, GB, TB and KiB, MiB, GiB, TiB), a share
// (percent and a bare fraction) and time (s, min, h).
//
// What it does NOT do: decide which units a conversation names (the judge
// does, from what the results carried), or round: the caller gives the
// interval's half-width.
#ifndef GROUNDGATE_EVIDENCE_CONVERSIONS_H_
#define GROUNDGATE_EVIDENCE_CONVERSIONS_H_

#include <optional>
#include <span>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "evidence/numeric_index.h"
#include "evidence/quantities.h"

namespace groundgate::evidence {

// An interval of values, in the numeric index's fixed point (units of
// 10^-kNumericFractionDigits), ends included, and the value its center maps
// to.
struct UnitsInterval {
  NumericUnits low = 0;
  NumericUnits high = 0;
  NumericUnits center = 0;
};

// The other units of `unit`'s dimension, in a fixed order; empty for kNone
// and for units nothing converts.
using OtherUnits = absl::InlinedVector<QuantityUnit, 8>;
OtherUnits OtherUnitsOf(QuantityUnit unit);

// [value - half_width, value + half_width] in `from`, as values in `to`
// (rounded outward by one unit, so the ends a person would round to are
// inside). nullopt when the units are not of one dimension, when either is
// kNone, or when |value| is past 10^15 (the products stay inside 128 bits).
std::optional<UnitsInterval> ConvertInterval(NumericUnits value,
                                             NumericUnits half_width,
                                             QuantityUnit from,
                                             QuantityUnit to);

// The name of `unit`'s dimension: "temperature", "speed", "data",
// "share" or "time"; "" for kNone and for units nothing converts.
std::string_view DimensionName(QuantityUnit unit);

// How a unit is written in a derivation ("°C", "km/h", "%"); "" for kNone.
std::string_view UnitSymbol(QuantityUnit unit);

// The words beside its symbol a tool result may name `unit` by, as the
// corpus keys them: "c", "celsius", "°c" for kCelsius; "kb" for
// kKilobytes. None for kNone, kPercent and kFraction. The span views static
// storage.
std::span<const std::string_view> UnitWords(QuantityUnit unit);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_CONVERSIONS_H_
