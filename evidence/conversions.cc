// evidence/conversions.cc — linear maps between units, exact in fixed point.
#include "evidence/conversions.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

namespace groundgate::evidence {
namespace {

enum class Dimension { kNone, kTemperature, kSpeed, kData, kShare, kTime };
using enum Dimension;

// base = (x + offset) * num / den, with offset in the unit's own fixed-point
// units. Temperature's base is the kelvin, speed's m/s, data's byte, a
// share's fraction, time's second.
struct Linear {
  Dimension dimension = Dimension::kNone;
  NumericUnits offset = 0;
  NumericUnits num = 1;
  NumericUnits den = 1;
};

constexpr NumericUnits kOne = kNumericOne;

// Each unit of QuantityUnit, in its order (grouped by dimension): how it is
// written, its map to its dimension's base and the words a result names it
// by. OtherUnitsOf lists a dimension's units in this order.
struct UnitRow {
  QuantityUnit unit;
  std::string_view symbol;
  Linear linear;
  // UnitWords; the slots past the last word are empty.
  std::array<std::string_view, 3> words;
};
constexpr UnitRow kUnits[] = {
    // K = C + 273.15
    {QuantityUnit::kCelsius,
     "\xC2\xB0"
     "C",
     {kTemperature, 27315 * kOne / 100, 1, 1},
     {"c", "celsius",
      "\xC2\xB0"
      "c"}},
    // K = (F + 459.67) * 5 / 9
    {QuantityUnit::kFahrenheit,
     "\xC2\xB0"
     "F",
     {kTemperature, 45967 * kOne / 100, 5, 9},
     {"f", "fahrenheit",
      "\xC2\xB0"
      "f"}},
    {QuantityUnit::kKelvin, "K", {kTemperature, 0, 1, 1}, {"kelvin"}},
    {QuantityUnit::kMetresPerSecond, "m/s", {kSpeed, 0, 1, 1}, {"m/s", "mps"}},
    // 1000 m / 3600 s
    {QuantityUnit::kKilometresPerHour,
     "km/h",
     {kSpeed, 0, 5, 18},
     {"km/h", "kmh", "kph"}},
    // 0.44704 m/s exactly
    {QuantityUnit::kMilesPerHour, "mph", {kSpeed, 0, 44704, 100000}, {"mph"}},
    {QuantityUnit::kKilobytes, "kB", {kData, 0, 1000, 1}, {"kb"}},
    {QuantityUnit::kMegabytes, "MB", {kData, 0, 1000000, 1}, {"mb"}},
    {QuantityUnit::kGigabytes, "GB", {kData, 0, 1000000000, 1}, {"gb"}},
    {QuantityUnit::kTerabytes, "TB", {kData, 0, 1000000000000, 1}, {"tb"}},
    {QuantityUnit::kKibibytes, "KiB", {kData, 0, 1024, 1}, {"kib"}},
    {QuantityUnit::kMebibytes, "MiB", {kData, 0, 1048576, 1}, {"mib"}},
    {QuantityUnit::kGibibytes, "GiB", {kData, 0, 1073741824, 1}, {"gib"}},
    {QuantityUnit::kTebibytes, "TiB", {kData, 0, 1099511627776, 1}, {"tib"}},
    {QuantityUnit::kPercent, "%", {kShare, 0, 1, 100}, {}},
    {QuantityUnit::kFraction, "(fraction)", {kShare, 0, 1, 1}, {}},
    {QuantityUnit::kSeconds, "s", {kTime, 0, 1, 1}, {"s", "sec", "seconds"}},
    {QuantityUnit::kMinutes, "min", {kTime, 0, 60, 1}, {"min", "minutes"}},
    {QuantityUnit::kHours, "h", {kTime, 0, 3600, 1}, {"h", "hours"}},
};

// Row i of kUnits is the unit numbered i + 1 (kNone is 0), so a unit finds
// its row without a search.
constexpr bool UnitsInEnumOrder() {
  for (std::size_t i = 0; i < std::size(kUnits); ++i) {
    if (static_cast<std::size_t>(kUnits[i].unit) != i + 1) return false;
  }
  return true;
}
static_assert(UnitsInEnumOrder(), "kUnits must follow QuantityUnit's order");

// `unit`'s row; null for kNone (and any value past the last unit).
const UnitRow* RowOf(QuantityUnit unit) {
  const auto index = static_cast<std::size_t>(unit);
  if (index == 0 || index > std::size(kUnits)) return nullptr;
  return &kUnits[index - 1];
}

Linear LinearOf(QuantityUnit unit) {
  const UnitRow* row = RowOf(unit);
  return row == nullptr ? Linear{} : row->linear;
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
  const Dimension dimension = LinearOf(unit).dimension;
  OtherUnits out;
  if (dimension == Dimension::kNone) return out;
  for (const UnitRow& row : kUnits) {
    if (row.linear.dimension == dimension && row.unit != unit) {
      out.push_back(row.unit);
    }
  }
  return out;
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

std::span<const std::string_view> UnitWords(QuantityUnit unit) {
  const UnitRow* row = RowOf(unit);
  if (row == nullptr) return {};
  const auto end = std::ranges::find(row->words, std::string_view());
  return {row->words.begin(), end};
}

std::string_view UnitSymbol(QuantityUnit unit) {
  const UnitRow* row = RowOf(unit);
  return row == nullptr ? std::string_view() : row->symbol;
}

}  // namespace groundgate::evidence
