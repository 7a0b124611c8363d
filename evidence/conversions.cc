// evidence/conversions.cc — linear maps between units, exact in fixed point.
#include "evidence/conversions.h"

#include <array>
#include <optional>
#include <string_view>

namespace groundgate::evidence {
namespace {

enum class Dimension { kNone, kTemperature, kSpeed, kData, kShare, kTime };

// base = (x + offset) * num / den, with offset in the unit's own fixed-point
// units. Temperature's base is the kelvin, speed's m/s, data's byte, a
// share's fraction, time's second.
struct Linear {
  Dimension dimension = Dimension::kNone;
  NumericUnits offset = 0;
  NumericUnits num = 1;
  NumericUnits den = 1;
};

Linear LinearOf(QuantityUnit unit) {
  constexpr NumericUnits kOne = kNumericOne;
  switch (unit) {
    case QuantityUnit::kCelsius:  // K = C + 273.15
      return {Dimension::kTemperature, 27315 * kOne / 100, 1, 1};
    case QuantityUnit::kFahrenheit:  // K = (F + 459.67) * 5 / 9
      return {Dimension::kTemperature, 45967 * kOne / 100, 5, 9};
    case QuantityUnit::kKelvin:
      return {Dimension::kTemperature, 0, 1, 1};
    case QuantityUnit::kMetresPerSecond:
      return {Dimension::kSpeed, 0, 1, 1};
    case QuantityUnit::kKilometresPerHour:  // 1000 m / 3600 s
      return {Dimension::kSpeed, 0, 5, 18};
    case QuantityUnit::kMilesPerHour:  // 0.44704 m/s exactly
      return {Dimension::kSpeed, 0, 44704, 100000};
    case QuantityUnit::kKilobytes:
      return {Dimension::kData, 0, 1000, 1};
    case QuantityUnit::kMegabytes:
      return {Dimension::kData, 0, 1000000, 1};
    case QuantityUnit::kGigabytes:
      return {Dimension::kData, 0, 1000000000, 1};
    case QuantityUnit::kTerabytes:
      return {Dimension::kData, 0, 1000000000000, 1};
    case QuantityUnit::kKibibytes:
      return {Dimension::kData, 0, 1024, 1};
    case QuantityUnit::kMebibytes:
      return {Dimension::kData, 0, 1048576, 1};
    case QuantityUnit::kGibibytes:
      return {Dimension::kData, 0, 1073741824, 1};
    case QuantityUnit::kTebibytes:
      return {Dimension::kData, 0, 1099511627776, 1};
    case QuantityUnit::kPercent:
      return {Dimension::kShare, 0, 1, 100};
    case QuantityUnit::kFraction:
      return {Dimension::kShare, 0, 1, 1};
    case QuantityUnit::kSeconds:
      return {Dimension::kTime, 0, 1, 1};
    case QuantityUnit::kMinutes:
      return {Dimension::kTime, 0, 60, 1};
    case QuantityUnit::kHours:
      return {Dimension::kTime, 0, 3600, 1};
    case QuantityUnit::kNone:
      break;
  }
  return {};
}

// floor(a / b) and ceil(a / b) for b > 0.
NumericUnits FloorDiv(NumericUnits a, NumericUnits b) {
  NumericUnits q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}
NumericUnits CeilDiv(NumericUnits a, NumericUnits b) {
  NumericUnits q = a / b;
  if ((a % b != 0) && (a > 0)) ++q;
  return q;
}

constexpr QuantityUnit kTemperatures[] = {
    QuantityUnit::kCelsius, QuantityUnit::kFahrenheit, QuantityUnit::kKelvin};
constexpr QuantityUnit kSpeeds[] = {QuantityUnit::kMetresPerSecond,
                                    QuantityUnit::kKilometresPerHour,
                                    QuantityUnit::kMilesPerHour};
constexpr QuantityUnit kData[] = {
    QuantityUnit::kKilobytes, QuantityUnit::kMegabytes,
    QuantityUnit::kGigabytes, QuantityUnit::kTerabytes,
    QuantityUnit::kKibibytes, QuantityUnit::kMebibytes,
    QuantityUnit::kGibibytes, QuantityUnit::kTebibytes};
constexpr QuantityUnit kShares[] = {QuantityUnit::kPercent,
                                    QuantityUnit::kFraction};
constexpr QuantityUnit kTimes[] = {
    QuantityUnit::kSeconds, QuantityUnit::kMinutes, QuantityUnit::kHours};

template <std::size_t N>
OtherUnits Others(const QuantityUnit (&all)[N], QuantityUnit unit) {
  OtherUnits out;
  for (QuantityUnit u : all) {
    if (u != unit) out.push_back(u);
  }
  return out;
}

}  // namespace

std::string_view DimensionName(QuantityUnit unit) {
  switch (LinearOf(unit).dimension) {
    case Dimension::kTemperature:
      return "temperature";
    case Dimension::kSpeed:
      return "speed";
    case Dimension::kData:
      return "data";
    case Dimension::kShare:
      return "share";
    case Dimension::kTime:
      return "time";
    case Dimension::kNone:
      break;
  }
  return {};
}

OtherUnits OtherUnitsOf(QuantityUnit unit) {
  switch (LinearOf(unit).dimension) {
    case Dimension::kTemperature:
      return Others(kTemperatures, unit);
    case Dimension::kSpeed:
      return Others(kSpeeds, unit);
    case Dimension::kData:
      return Others(kData, unit);
    case Dimension::kShare:
      return Others(kShares, unit);
    case Dimension::kTime:
      return Others(kTimes, unit);
    case Dimension::kNone:
      break;
  }
  return {};
}

std::optional<UnitsInterval> ConvertInterval(NumericUnits value,
                                             NumericUnits half_width,
                                             QuantityUnit from,
                                             QuantityUnit to) {
  const Linear a = LinearOf(from);
  const Linear b = LinearOf(to);
  if (a.dimension == Dimension::kNone || a.dimension != b.dimension ||
      from == to) {
    return std::nullopt;
  }
  constexpr NumericUnits kLimit =
      static_cast<NumericUnits>(1000000000000000) * kNumericOne;
  if (value > kLimit || value < -kLimit || half_width < 0 ||
      half_width > kLimit) {
    return std::nullopt;
  }
  // y = (x + a.offset) * a.num * b.den / (a.den * b.num) - b.offset:
  // increasing in x, so the ends map to the ends.
  const NumericUnits num = a.num * b.den;
  const NumericUnits den = a.den * b.num;
  UnitsInterval out;
  out.low = FloorDiv((value - half_width + a.offset) * num, den) - b.offset - 1;
  out.high = CeilDiv((value + half_width + a.offset) * num, den) - b.offset + 1;
  out.center = FloorDiv((value + a.offset) * num, den) - b.offset;
  return out;
}

std::string_view UnitSymbol(QuantityUnit unit) {
  switch (unit) {
    case QuantityUnit::kCelsius:
      return "\xC2\xB0"
             "C";
    case QuantityUnit::kFahrenheit:
      return "\xC2\xB0"
             "F";
    case QuantityUnit::kKelvin:
      return "K";
    case QuantityUnit::kMetresPerSecond:
      return "m/s";
    case QuantityUnit::kKilometresPerHour:
      return "km/h";
    case QuantityUnit::kMilesPerHour:
      return "mph";
    case QuantityUnit::kKilobytes:
      return "kB";
    case QuantityUnit::kMegabytes:
      return "MB";
    case QuantityUnit::kGigabytes:
      return "GB";
    case QuantityUnit::kTerabytes:
      return "TB";
    case QuantityUnit::kKibibytes:
      return "KiB";
    case QuantityUnit::kMebibytes:
      return "MiB";
    case QuantityUnit::kGibibytes:
      return "GiB";
    case QuantityUnit::kTebibytes:
      return "TiB";
    case QuantityUnit::kPercent:
      return "%";
    case QuantityUnit::kFraction:
      return "(fraction)";
    case QuantityUnit::kSeconds:
      return "s";
    case QuantityUnit::kMinutes:
      return "min";
    case QuantityUnit::kHours:
      return "h";
    case QuantityUnit::kNone:
      break;
  }
  return "";
}

}  // namespace groundgate::evidence
