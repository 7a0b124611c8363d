// evidence/units.cc — the unit vocabulary and the number+unit split.
#include "evidence/units.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace groundgate::evidence {
namespace {

// Units and suffixes that may be glued to a number. Sorted for binary
// search (kept sorted by hand; a test checks it). Each entry is something real
// answers write after a number; a run of letters that is not here makes the
// token an identifier ("4xgccm").
constexpr std::string_view kUnits[] = {
    "am",   "b",    "bn",   "bps",  "c",    "cc",   "cm",  "d",    "day",
    "days", "db",   "dpi",  "eb",   "eib",  "em",   "f",   "fps",  "ft",
    "ft/s", "g",    "gb",   "gbit", "gbps", "ghz",  "gib", "gw",   "h",
    "hpa",  "hr",   "hrs",  "hz",   "in",   "iops", "k",   "kb",   "kbit",
    "kbps", "kg",   "khz",  "kib",  "km",   "km/h", "kmh", "kph",  "kw",
    "kwh",  "l",    "lb",   "lbs",  "m",    "m/s",  "mah", "mb",   "mbar",
    "mbit", "mbps", "mg",   "mhz",  "mi",   "mi/h", "mib", "min",  "mins",
    "ml",   "mm",   "mn",   "mo",   "mp",   "mph",  "mpx", "ms",   "mw",
    "mwh",  "nd",   "nits", "nm",   "ns",   "oz",   "pb",  "pib",  "pm",
    "ppi",  "pt",   "px",   "rd",   "rpm",  "s",    "sec", "secs", "st",
    "t",    "tb",   "tbps", "th",   "tib",  "tn",   "us",  "v",    "w",
    "wh",   "wk",   "wks",  "x",    "y",    "yd",   "yr",  "yrs",
};

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool IsLower(char c) { return c >= 'a' && c <= 'z'; }

}  // namespace

bool IsUnitSuffix(std::string_view suffix) {
  return std::binary_search(std::begin(kUnits), std::end(kUnits), suffix);
}

std::string_view NumberBeforeUnit(std::string_view form) {
  // The number: digits with ',' and '.' inside, optionally after a '-'.
  std::size_t i = 0;
  if (i < form.size() && form[i] == '-') ++i;
  const std::size_t digits_begin = i;
  while (i < form.size() &&
         (IsDigit(form[i]) || form[i] == ',' || form[i] == '.')) {
    ++i;
  }
  if (i == digits_begin || !IsDigit(form[i - 1]) || i == form.size()) {
    return {};
  }
  const std::string_view number = form.substr(0, i);
  std::string_view rest = form.substr(i);
  // A unit of two words over a slash ("2.41m/s", "30km/h").
  if (rest.find('/') != std::string_view::npos && IsUnitSuffix(rest)) {
    return number;
  }
  if (rest.front() == '-' || rest.front() == '/') {
    // "48-port", "3-day", "20/month": a word of letters after a joiner.
    rest.remove_prefix(1);
    if (rest.size() < 2 || !std::all_of(rest.begin(), rest.end(), IsLower)) {
      return {};
    }
    return number;
  }
  if (!std::all_of(rest.begin(), rest.end(), IsLower)) return {};
  return IsUnitSuffix(rest) ? number : std::string_view{};
}

}  // namespace groundgate::evidence
