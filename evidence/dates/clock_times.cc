// evidence/dates/clock_times.cc — clock times and their marks
// (clock_times.h).
#include "evidence/dates/clock_times.h"

#include "evidence/ascii.h"
#include "evidence/dates/field_bytes.h"

namespace groundgate::evidence::dates {

bool ReadClock(std::string_view s, std::size_t* i, int* hour, int* minute,
               int* second) {
  std::size_t k = *i;
  int h = 0, m = 0, sec = 0;
  if (!ReadNumber(s, &k, 1, 2, &h)) return false;
  if (k >= s.size() || s[k] != ':') return false;
  ++k;
  if (!ReadNumber(s, &k, 2, 2, &m)) return false;
  if (k + 1 < s.size() && s[k] == ':' && ascii::IsDigit(s[k + 1])) {
    ++k;
    if (!ReadNumber(s, &k, 2, 2, &sec)) return false;
    if (k + 1 < s.size() && s[k] == '.' && ascii::IsDigit(s[k + 1])) {
      ++k;
      while (k < s.size() && ascii::IsDigit(s[k])) ++k;
    }
  }
  if (h > 23 || m > 59 || sec > 59) return false;
  *hour = h;
  *minute = m;
  *second = sec;
  *i = k;
  return true;
}

bool ReadZoneToEnd(std::string_view s, std::size_t i) {
  if (i == s.size()) return true;
  if (i + 1 == s.size() && ascii::Lower(s[i]) == 'z') return true;
  if (s[i] != '+' && s[i] != '-') return false;
  if (i + 2 == s.size() && s[i] == '+' && ascii::IsDigit(s[i + 1])) return true;
  ++i;
  int unused = 0;
  if (!ReadNumber(s, &i, 2, 2, &unused)) return false;
  if (i == s.size()) return true;
  if (s[i] == ':') ++i;
  return ReadNumber(s, &i, 2, 2, &unused) && i == s.size();
}

bool IsMeridiem(std::string_view s, bool* pm) {
  if (ascii::EqualsIgnoreCase(s, "am") || ascii::EqualsIgnoreCase(s, "a.m")) {
    *pm = false;
    return true;
  }
  if (ascii::EqualsIgnoreCase(s, "pm") || ascii::EqualsIgnoreCase(s, "p.m")) {
    *pm = true;
    return true;
  }
  return false;
}

bool ApplyMeridiem(bool pm, int* hour) {
  if (*hour < 1 || *hour > 12) return false;
  *hour = *hour % 12 + (pm ? 12 : 0);
  return true;
}

}  // namespace groundgate::evidence::dates
