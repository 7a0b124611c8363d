// evidence/dates/numeric_dates.cc — dates and their fields written in
// digits (numeric_dates.h).
#include "evidence/dates/numeric_dates.h"

#include "evidence/ascii.h"
#include "evidence/dates/field_bytes.h"

namespace groundgate::evidence::dates {

namespace {

bool IsLeapYear(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

}  // namespace

bool ValidDate(int year, int month, int day) {
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  if (year != 0 && (year < kMinYear || year > kMaxYear)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  if (month == 2 && year != 0 && !IsLeapYear(year)) return day <= 28;
  return day <= kDays[month - 1];
}

bool ReadNumericDate(std::string_view s, std::size_t* i, int* year, int* month,
                     int* day) {
  std::size_t k = *i;
  int a = 0, b = 0, c = 0;
  if (!ReadNumber(s, &k, 1, 4, &a)) return false;
  const std::size_t a_digits = k - *i;
  if (k >= s.size()) return false;
  const char sep = s[k];
  if (sep != '-' && sep != '/' && sep != '.') return false;
  ++k;
  if (!ReadNumber(s, &k, 1, 2, &b)) return false;
  if (k >= s.size() || s[k] != sep) return false;
  ++k;
  const std::size_t c_begin = k;
  if (!ReadNumber(s, &k, 1, 4, &c)) return false;
  const std::size_t c_digits = k - c_begin;
  if (a_digits == 4 && c_digits <= 2) {
    *year = a;
    *month = b;
    *day = c;
  } else if (a_digits <= 2 && c_digits == 4) {
    *year = c;
    if (a > 12 && b <= 12) {
      *day = a;
      *month = b;
    } else if ((b > 12 && a <= 12) || a == b) {
      *month = a;
      *day = b;
    } else {
      return false;  // 05/06/2024: May 6 or June 5
    }
  } else {
    return false;
  }
  if (!ValidDate(*year, *month, *day)) return false;
  *i = k;
  return true;
}

bool ReadDay(std::string_view s, int* day) {
  std::size_t i = 0;
  if (!ReadNumber(s, &i, 1, 2, day)) return false;
  const std::string_view suffix = s.substr(i);
  return suffix.empty() || ascii::EqualsIgnoreCase(suffix, "st") ||
         ascii::EqualsIgnoreCase(suffix, "nd") ||
         ascii::EqualsIgnoreCase(suffix, "rd") ||
         ascii::EqualsIgnoreCase(suffix, "th") ||
         (*day == 1 && ascii::EqualsIgnoreCase(suffix, "er"));
}

bool ReadYear(std::string_view s, int* year) {
  std::size_t i = 0;
  return s.size() == 4 && ReadNumber(s, &i, 4, 4, year) && *year >= kMinYear &&
         *year <= kMaxYear;
}

}  // namespace groundgate::evidence::dates
