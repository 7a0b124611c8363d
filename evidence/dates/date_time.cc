// evidence/dates/date_time.cc — the grammar of dates and clock times over
// tokens (date_time.h).
#include "evidence/dates/date_time.h"

#include <algorithm>

#include "evidence/ascii.h"
#include "evidence/canonical.h"
#include "evidence/dates/clock_times.h"
#include "evidence/dates/field_bytes.h"
#include "evidence/dates/month_names.h"
#include "evidence/dates/numeric_dates.h"

namespace groundgate::evidence {
namespace {

using dates::ApplyMeridiem;
using dates::IsLetterByte;
using dates::IsMeridiem;
using dates::MonthUse;
using dates::MonthWord;
using dates::MonthWordOf;
using dates::ReadClock;
using dates::ReadDay;
using dates::ReadNumber;
using dates::ReadNumericDate;
using dates::ReadYear;
using dates::ReadZoneToEnd;
using dates::ValidDate;

// A date reads at most this many tokens: "22 de mayo de 2024" is five,
// "22nd of May 2024" four; an ISO date with its time and "PM" ("2023-09-12
// 2:00 PM") is three.
constexpr int kMaxDateTimeTokens = 5;
// Between two tokens of one date or time stand at most this many bytes of
// spaces, commas and dots ("May 22, 2024", "Sep. 12"); more (a table cell,
// a blank line) ends the value.
constexpr std::size_t kMaxDateGapBytes = 3;
// A line wrapped inside a sentence still joins a date: one line break
// followed by indentation ("on June\n    10th 2024", as YAML and quoted
// mail fold their lines). The indentation is bounded so that a break
// between two blocks of a document is not read as a wrap.
constexpr std::size_t kMaxWrapIndentBytes = 16;

// Where a line wrap in `gap` begins and ends: [*wrap_start, *wrap_end)
// covers one "\n" (or "\r\n") and the indentation after it, which must
// be at least one space and at most kMaxWrapIndentBytes. A gap with no
// line break gives an empty wrap; false when the gap has a break that is
// no wrap (no indentation, too deep, or a second break).
bool FindLineWrap(std::string_view gap, std::size_t* wrap_start,
                  std::size_t* wrap_end) {
  const std::size_t nl = gap.find('\n');
  if (nl == std::string_view::npos) {
    *wrap_start = *wrap_end = gap.size();
    return true;
  }
  *wrap_start = nl > 0 && gap[nl - 1] == '\r' ? nl - 1 : nl;
  std::size_t after = nl + 1;
  while (after < gap.size() && gap[after] == ' ') ++after;
  const std::size_t indent = after - (nl + 1);
  if (indent == 0 || indent > kMaxWrapIndentBytes) return false;
  *wrap_end = after;
  return gap.find('\n', after) == std::string_view::npos;
}

// "de", "del": Spanish and Portuguese join a day, a month and a year with
// them ("22 de mayo de 2024").
bool IsDateConnector(std::string_view s) { return s == "de" || s == "del"; }

// One token of a date, decoration stripped, with its offsets in the text.
struct DateToken {
  TokenSpan span;
  std::string_view value;  // the token without decoration
  std::size_t start = 0;   // offsets of `value` in the text
  std::size_t end = 0;
};

DateToken MakeDateToken(std::string_view text, TokenSpan span) {
  DateToken t;
  t.span = span;
  const std::string_view token = text.substr(span.start, span.end - span.start);
  t.value = StripDecoration(token);
  t.start =
      span.start + static_cast<std::size_t>(t.value.data() - token.data());
  t.end = t.start + t.value.size();
  return t;
}

// The token after `prev`, when only a short gap of `allowed` bytes separates
// their values.
bool NextDateToken(std::string_view text, const DateToken& prev,
                   std::string_view allowed, DateToken* next) {
  std::size_t pos = prev.span.end;
  TokenSpan span;
  if (!internal::NextToken(text, &pos, &span)) return false;
  *next = MakeDateToken(text, span);
  if (next->value.empty() || next->start < prev.end) return false;
  const std::string_view gap = text.substr(prev.end, next->start - prev.end);
  std::size_t wrap_start = 0;
  std::size_t wrap_end = 0;
  if (gap.empty() || !FindLineWrap(gap, &wrap_start, &wrap_end)) return false;
  // A wrap stands for one space between two words.
  const bool wrapped = wrap_end > wrap_start;
  if (gap.size() - (wrap_end - wrap_start) > kMaxDateGapBytes) return false;
  if (wrapped && allowed.find(' ') == std::string_view::npos) return false;
  auto allowed_byte = [&](char c) {
    return allowed.find(c) != std::string_view::npos;
  };
  return std::all_of(gap.begin(), gap.begin() + wrap_start, allowed_byte) &&
         std::all_of(gap.begin() + wrap_end, gap.end(), allowed_byte);
}

// One token read whole as a date, a time or a timestamp. *open_clock is set
// when a following "PM" may still apply (a time written without one).
bool ReadDateTimeToken(std::string_view s, DateTimeValue* v, bool* open_clock) {
  *open_clock = false;
  std::size_t i = 0;
  if (ReadNumericDate(s, &i, &v->year, &v->month, &v->day)) {
    if (i == s.size()) {
      v->kind = DateTimeValue::Kind::kDate;
      return true;
    }
    if (ascii::Lower(s[i]) != 't') return false;
    ++i;
    if (!ReadClock(s, &i, &v->hour, &v->minute, &v->second)) return false;
    if (!ReadZoneToEnd(s, i)) return false;
    v->kind = DateTimeValue::Kind::kDateTime;
    v->clock = DateTimeValue::Clock::k24Hour;
    return true;
  }
  // "2015-07": ISO 8601's year and month, nothing after it.
  i = 0;
  if (ReadYear(s.substr(0, std::min<std::size_t>(s.size(), 4)), &v->year) &&
      s.size() == 7 && s[4] == '-') {
    i = 5;
    int month = 0;
    if (ReadNumber(s, &i, 2, 2, &month) && i == s.size() && month >= 1 &&
        month <= 12) {
      v->month = month;
      v->kind = DateTimeValue::Kind::kYearMonth;
      return true;
    }
  }
  v->year = 0;
  i = 0;
  bool pm = false;
  v->kind = DateTimeValue::Kind::kTime;
  if (ReadClock(s, &i, &v->hour, &v->minute, &v->second)) {
    if (i == s.size()) {
      v->clock = DateTimeValue::Clock::kUnmarked;
      *open_clock = true;
      return true;
    }
    if (IsMeridiem(s.substr(i), &pm)) {
      v->clock = DateTimeValue::Clock::kMeridiem;
      return ApplyMeridiem(pm, &v->hour);
    }
    v->clock = DateTimeValue::Clock::k24Hour;  // "13:25:06Z", "02:15:00+1"
    return ReadZoneToEnd(s, i);
  }
  i = 0;
  // "2pm": an hour alone is a time only with its meridiem.
  if (ReadNumber(s, &i, 1, 2, &v->hour) && i < s.size() &&
      IsMeridiem(s.substr(i), &pm)) {
    v->minute = 0;
    v->second = 0;
    v->clock = DateTimeValue::Clock::kMeridiem;
    return ApplyMeridiem(pm, &v->hour);
  }
  return false;
}

// A following "PM" / "a.m." turns an open clock into a 12-hour time.
void TakeMeridiem(std::string_view text, DateToken* last, DateTimeValue* v) {
  DateToken next;
  bool pm = false;
  int hour = v->hour;
  if (v->tokens < kMaxDateTimeTokens &&
      NextDateToken(text, *last, " ", &next) && IsMeridiem(next.value, &pm) &&
      ApplyMeridiem(pm, &hour)) {
    v->hour = hour;
    v->clock = DateTimeValue::Clock::kMeridiem;
    v->end = next.end;
    ++v->tokens;
    *last = next;
  }
}

// "May 22", "May 22nd, 2024", "May 2024", "mayo de 2024", from the month
// token on.
std::optional<DateTimeValue> MonthFirst(std::string_view text,
                                        const DateToken& first,
                                        const MonthWord& month) {
  DateToken second;
  if (!NextDateToken(text, first, " .,", &second)) return std::nullopt;
  const bool any_order = month.use == MonthUse::kAnyOrder;
  DateTimeValue v;
  v.month = month.month;
  v.start = first.start;
  if (IsDateConnector(second.value)) {
    DateToken year_token;
    if (!any_order || !NextDateToken(text, second, " ", &year_token) ||
        !ReadYear(year_token.value, &v.year)) {
      return std::nullopt;
    }
    v.kind = DateTimeValue::Kind::kYearMonth;
    v.end = year_token.end;
    v.tokens = 3;
    return v;
  }
  if (ReadYear(second.value, &v.year)) {
    // "févr. 2024", "Okt. 2024": an abbreviation written with its dot
    // stands before a year ("set 2024" may be the verb and does not).
    const bool dotted_abbreviation =
        month.abbreviated && second.start > first.end && text[first.end] == '.';
    if (!any_order && !dotted_abbreviation) return std::nullopt;
    v.kind = DateTimeValue::Kind::kYearMonth;
    v.end = second.end;
    v.tokens = 2;
    return v;
  }
  if (!ReadDay(second.value, &v.day)) return std::nullopt;
  v.kind = DateTimeValue::Kind::kMonthDay;
  v.end = second.end;
  v.tokens = 2;
  DateToken third;
  int year = 0;
  if (NextDateToken(text, second, " ,", &third) &&
      ReadYear(third.value, &year) && ValidDate(year, v.month, v.day)) {
    v.kind = DateTimeValue::Kind::kDate;
    v.year = year;
    v.end = third.end;
    v.tokens = 3;
  }
  if (!any_order && v.kind != DateTimeValue::Kind::kDate) return std::nullopt;
  if (!ValidDate(v.year, v.month, v.day)) return std::nullopt;
  return v;
}

// "22 May", "22nd of May 2024", "22. Mai 2024", "22 de mayo de 2024", from
// the day token on.
std::optional<DateTimeValue> DayFirst(std::string_view text,
                                      const DateToken& first, int day) {
  DateToken next;
  if (!NextDateToken(text, first, " .", &next)) return std::nullopt;
  // German writes the day with a dot: "22. Mai".
  const bool dotted_day =
      text.substr(first.end, next.start - first.end).find('.') !=
      std::string_view::npos;
  DateTimeValue v;
  v.start = first.start;
  v.day = day;
  v.tokens = 2;
  if (!dotted_day && (ascii::EqualsIgnoreCase(next.value, "of") ||
                      IsDateConnector(next.value))) {
    const DateToken connector = next;
    if (!NextDateToken(text, connector, " ", &next)) return std::nullopt;
    v.tokens = 3;
  }
  const MonthWord month = MonthWordOf(next.value);
  if (month.month == 0) return std::nullopt;
  v.month = month.month;
  v.kind = DateTimeValue::Kind::kMonthDay;
  v.end = next.end;
  // The year: "22 févr. 2024", "22 May, 2024", "22 de mayo de 2024". A
  // '.' may end an abbreviation or a name ICU also abbreviates ("mai." in
  // Portuguese), never a capitalized English name ("22 May. 2024 was ...").
  DateToken year_token;
  int year = 0;
  if (NextDateToken(text, next,
                    month.abbreviated || month.from_table ? " .," : " ,",
                    &year_token)) {
    int year_tokens = 1;
    if (IsDateConnector(year_token.value)) {
      const DateToken connector = year_token;
      if (!NextDateToken(text, connector, " ", &year_token)) {
        year_token = DateToken{};
      }
      year_tokens = 2;
    }
    if (v.tokens + year_tokens <= kMaxDateTimeTokens &&
        ReadYear(year_token.value, &year) && ValidDate(year, v.month, day)) {
      v.kind = DateTimeValue::Kind::kDate;
      v.year = year;
      v.end = year_token.end;
      v.tokens += year_tokens;
    }
  }
  const bool whole_date = v.kind == DateTimeValue::Kind::kDate;
  if (month.use == MonthUse::kFullDate && !whole_date) return std::nullopt;
  // "Step 2. May I ...": a dotted day before an English name needs its year.
  if (dotted_day && !month.from_table && !whole_date) return std::nullopt;
  if (!ValidDate(v.year, v.month, v.day)) return std::nullopt;
  return v;
}

// True when a month-first date could begin at `first`: a number (a day or a
// year) or "de" follows within a short gap. Keeps the month-name lookup off
// the path of every other word.
bool DigitOrConnectorFollows(std::string_view text, const DateToken& first) {
  std::size_t i = first.end;
  const std::size_t limit = std::min(text.size(), i + kMaxDateGapBytes + 1);
  while (i < limit && (text[i] == ' ' || text[i] == '.' || text[i] == ',')) {
    ++i;
  }
  // A line wrap ("June\n    10th"): its break and indentation.
  if (i < text.size() && (text[i] == '\n' || text[i] == '\r')) {
    if (text[i] == '\r') ++i;
    if (i >= text.size() || text[i] != '\n') return false;
    const std::size_t indent_start = ++i;
    const std::size_t indent_limit =
        std::min(text.size(), i + kMaxWrapIndentBytes + 1);
    while (i < indent_limit && text[i] == ' ') ++i;
    if (i == indent_start || i - indent_start > kMaxWrapIndentBytes) {
      return false;
    }
  }
  if (i == first.end || i >= text.size()) return false;
  if (ascii::IsDigit(text[i])) return true;
  if (text[i] != 'd') return false;  // no memcmp for most tokens
  const std::string_view rest = text.substr(i);
  return rest.starts_with("de ") || rest.starts_with("del ");
}

// A year, then a month a year may stand beside ("2013, September",
// "2013 September"), then maybe the day ("2021, March 29"): one value.
std::optional<DateTimeValue> YearFirst(std::string_view text,
                                       const DateToken& first) {
  DateTimeValue v;
  if (!ReadYear(first.value, &v.year)) return std::nullopt;
  DateToken month_token;
  if (!NextDateToken(text, first, " ,", &month_token)) return std::nullopt;
  const MonthWord month = MonthWordOf(month_token.value);
  if (month.month == 0 || month.use != MonthUse::kAnyOrder) {
    return std::nullopt;
  }
  v.month = month.month;
  v.kind = DateTimeValue::Kind::kYearMonth;
  v.start = first.start;
  v.end = month_token.end;
  v.tokens = 2;
  DateToken day_token;
  int day = 0;
  if (NextDateToken(text, month_token, " ", &day_token) &&
      ReadDay(day_token.value, &day) && ValidDate(v.year, v.month, day)) {
    v.day = day;
    v.kind = DateTimeValue::Kind::kDate;
    v.end = day_token.end;
    v.tokens = 3;
  }
  return v;
}

}  // namespace

std::optional<WeekdayDay> MatchWeekdayDay(std::string_view text,
                                          TokenSpan first) {
  const DateToken t0 = MakeDateToken(text, first);
  const std::string_view w = t0.value;
  // Most tokens fail here: a weekday is 6-9 letters ending in "day".
  if (w.size() < 6 || w.size() > 9 || w[0] < 'A' || w[0] > 'Z' ||
      !w.ends_with("day")) {
    return std::nullopt;
  }
  static constexpr std::string_view kWeekdays[] = {
      "Monday", "Tuesday",  "Wednesday", "Thursday",
      "Friday", "Saturday", "Sunday"};
  WeekdayDay found;
  for (int i = 0; i < 7; ++i) {
    if (w == kWeekdays[i]) found.weekday = i + 1;
  }
  if (found.weekday == 0) return std::nullopt;
  DateToken next;
  if (!NextDateToken(text, t0, " ,", &next)) return std::nullopt;
  if (next.value == "the" && !NextDateToken(text, next, " ", &next)) {
    return std::nullopt;
  }
  if (!ReadDay(next.value, &found.day)) return std::nullopt;
  return found;
}

std::optional<DateTimeValue> MatchDateTime(std::string_view text,
                                           TokenSpan first) {
  DateToken t0 = MakeDateToken(text, first);
  if (t0.value.empty()) return std::nullopt;
  const char lead = t0.value.front();
  if (IsLetterByte(lead)) {
    // "mid-April 2020": the month, after the part of it the prefix names.
    if (t0.value.size() > 4 &&
        ascii::EqualsIgnoreCase(t0.value.substr(0, 4), "mid-")) {
      t0.value.remove_prefix(4);
      t0.start += 4;
    }
    if (!DigitOrConnectorFollows(text, t0)) return std::nullopt;
    const MonthWord month = MonthWordOf(t0.value);
    if (month.month == 0) return std::nullopt;
    return MonthFirst(text, t0, month);
  }
  if (!ascii::IsDigit(lead)) return std::nullopt;

  DateTimeValue v;
  v.start = t0.start;
  v.end = t0.end;
  bool open_clock = false;
  if (ReadDateTimeToken(t0.value, &v, &open_clock)) {
    DateToken last = t0;
    if (open_clock) {
      TakeMeridiem(text, &last, &v);
    } else if (v.kind == DateTimeValue::Kind::kDate) {
      // "2023-09-12 14:00:00": a numeric date and its time, one value.
      DateToken next;
      DateTimeValue time;
      bool time_open = false;
      if (NextDateToken(text, t0, " ", &next) && next.start == t0.end + 1 &&
          ReadDateTimeToken(next.value, &time, &time_open) &&
          time.kind == DateTimeValue::Kind::kTime) {
        v.kind = DateTimeValue::Kind::kDateTime;
        v.hour = time.hour;
        v.minute = time.minute;
        v.second = time.second;
        v.clock = time.clock;
        v.end = next.end;
        v.tokens = 2;
        last = next;
        if (time_open) TakeMeridiem(text, &last, &v);
      }
    }
    return v;
  }
  // A year before its month, as some data writes it: "2013, September",
  // "2021, March 29" (gsmarena's "Announced").
  if (std::optional<DateTimeValue> year_first = YearFirst(text, t0)) {
    return year_first;
  }
  // A bare number: an hour before "PM", or a day before a month.
  int number = 0;
  std::size_t i = 0;
  if (ReadNumber(t0.value, &i, 1, 2, &number) && i == t0.value.size()) {
    DateToken next;
    bool pm = false;
    int hour = number;
    if (NextDateToken(text, t0, " ", &next) && IsMeridiem(next.value, &pm) &&
        ApplyMeridiem(pm, &hour)) {
      v.kind = DateTimeValue::Kind::kTime;
      v.hour = hour;
      v.clock = DateTimeValue::Clock::kMeridiem;
      v.end = next.end;
      v.tokens = 2;
      return v;
    }
  }
  int day = 0;
  if (ReadDay(t0.value, &day)) return DayFirst(text, t0, day);
  return std::nullopt;
}

}  // namespace groundgate::evidence
