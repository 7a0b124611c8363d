// evidence/extractor.cc — the conservative rule for what is data, and the
// grammar of dates and clock times.
#include "evidence/extractor.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "evidence/unicode.h"
#include "evidence/units.h"

namespace groundgate::evidence {
namespace {

bool IsLetterByte(char c) {
  const auto b = static_cast<unsigned char>(c);
  return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b >= 0x80;
}

bool IsIdentifierMark(char c) {
  return c == ':' || c == '_' || c == '-' || c == '/' || c == '.';
}

// Code points in UTF-8 text (continuation bytes do not count).
std::size_t CodePoints(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// "24/7", "9/11", "1/2": one or two digits each side of a slash is prose (a
// schedule, a fraction), not a value.
bool IsShortRatio(std::string_view form) {
  const std::size_t slash = form.find('/');
  if (slash == std::string_view::npos) return false;
  const std::string_view a = form.substr(0, slash);
  const std::string_view b = form.substr(slash + 1);
  auto short_digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 2 &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
  };
  return short_digits(a) && short_digits(b);
}

// --- dates and times -------------------------------------------------------

// A date reads at most this many tokens: "22 de mayo de 2024" is five,
// "22nd of May 2024" four; an ISO date with its time and "PM" ("2023-09-12
// 2:00 PM") is three.
constexpr int kMaxDateTimeTokens = 5;
// A year outside this window is a count or an amount, not a year ("May 22,
// 1200 passengers"); it holds every booking, log or ticket date.
constexpr int kMinYear = 1900;
constexpr int kMaxYear = 2199;
// Between two tokens of one date or time stand at most this many bytes of
// spaces, commas and dots ("May 22, 2024", "Sep. 12"); more (a line break,
// a table cell) ends the value.
constexpr std::size_t kMaxDateGapBytes = 3;

bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }

char LowerAscii(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// True when `s` equals `lower` ignoring ASCII case.
bool EqualsLower(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (LowerAscii(s[i]) != lower[i]) return false;
  }
  return true;
}

// Reads min_digits..max_digits ASCII digits at *i, and no more: a longer run
// is not this number. Advances *i on success.
bool ReadNumber(std::string_view s, std::size_t* i, std::size_t min_digits,
                std::size_t max_digits, int* out) {
  std::size_t k = *i;
  int value = 0;
  while (k < s.size() && IsAsciiDigit(s[k])) {
    if (k - *i == max_digits) return false;
    value = value * 10 + (s[k] - '0');
    ++k;
  }
  if (k - *i < min_digits) return false;
  *i = k;
  *out = value;
  return true;
}

bool IsLeapYear(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// year 0 means "no year given": February then has 29 days.
bool ValidDate(int year, int month, int day) {
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  if (year != 0 && (year < kMinYear || year > kMaxYear)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  if (month == 2 && year != 0 && !IsLeapYear(year)) return day <= 28;
  return day <= kDays[month - 1];
}

// A numeric date at *i: year first ("2024-05-22", "2024/5/22",
// "2024.05.22"), or year last when the day and month cannot trade places
// ("05/22/2024", "22.05.2024", "05/05/2024"; not "05/06/2024").
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

// A clock time at *i: "14:00", "9:05", "13:25:06", "13:25:06.250".
bool ReadClock(std::string_view s, std::size_t* i, int* hour, int* minute,
               int* second) {
  std::size_t k = *i;
  int h = 0, m = 0, sec = 0;
  if (!ReadNumber(s, &k, 1, 2, &h)) return false;
  if (k >= s.size() || s[k] != ':') return false;
  ++k;
  if (!ReadNumber(s, &k, 2, 2, &m)) return false;
  if (k + 1 < s.size() && s[k] == ':' && IsAsciiDigit(s[k + 1])) {
    ++k;
    if (!ReadNumber(s, &k, 2, 2, &sec)) return false;
    if (k + 1 < s.size() && s[k] == '.' && IsAsciiDigit(s[k + 1])) {
      ++k;
      while (k < s.size() && IsAsciiDigit(s[k])) ++k;
    }
  }
  if (h > 23 || m > 59 || sec > 59) return false;
  *hour = h;
  *minute = m;
  *second = sec;
  *i = k;
  return true;
}

// A time zone that ends the token: "z", "+05:00", "-0500", "+05"; or a day
// offset of one digit, as schedules write an arrival the next day
// ("02:00:00+1"): the clock time is still 02:00.
bool ReadZoneToEnd(std::string_view s, std::size_t i) {
  if (i == s.size()) return true;
  if (i + 1 == s.size() && LowerAscii(s[i]) == 'z') return true;
  if (s[i] != '+' && s[i] != '-') return false;
  if (i + 2 == s.size() && s[i] == '+' && IsAsciiDigit(s[i + 1])) return true;
  ++i;
  int unused = 0;
  if (!ReadNumber(s, &i, 2, 2, &unused)) return false;
  if (i == s.size()) return true;
  if (s[i] == ':') ++i;
  return ReadNumber(s, &i, 2, 2, &unused) && i == s.size();
}

// "am", "pm", "a.m", "p.m" (the final dot is decoration): sets *pm.
bool IsMeridiem(std::string_view s, bool* pm) {
  if (EqualsLower(s, "am") || EqualsLower(s, "a.m")) {
    *pm = false;
    return true;
  }
  if (EqualsLower(s, "pm") || EqualsLower(s, "p.m")) {
    *pm = true;
    return true;
  }
  return false;
}

// 12-hour to 24-hour: 12 AM is 0, 12 PM is 12. False for an hour outside
// 1..12 ("14:00 PM" is not a time).
bool ApplyMeridiem(bool pm, int* hour) {
  if (*hour < 1 || *hour > 12) return false;
  *hour = *hour % 12 + (pm ? 12 : 0);
  return true;
}

// "22", "22nd", "1st", "3rd", "4th", "1er" (French writes the first so).
bool ReadDay(std::string_view s, int* day) {
  std::size_t i = 0;
  if (!ReadNumber(s, &i, 1, 2, day)) return false;
  const std::string_view suffix = s.substr(i);
  return suffix.empty() || EqualsLower(suffix, "st") ||
         EqualsLower(suffix, "nd") || EqualsLower(suffix, "rd") ||
         EqualsLower(suffix, "th") || (*day == 1 && EqualsLower(suffix, "er"));
}

bool ReadYear(std::string_view s, int* year) {
  std::size_t i = 0;
  return s.size() == 4 && ReadNumber(s, &i, 4, 4, year) && *year >= kMinYear &&
         *year <= kMaxYear;
}

// Where a month name may stand. A name that is only an abbreviation, or is
// also a common word, needs a whole date around it.
enum class MonthUse : std::uint8_t {
  kFullDate,  // "22 set 2024" (Italian), never "set 2024" or "gen 4"
  kAfterDay,  // "22 maja", "22 мая" (a genitive), never "maja 2024"
  kAnyOrder,  // "22 mai", "mai 2024", "Mai 22", "May 22"
};

// A word read as a month name; month 0 when it is none.
struct MonthWord {
  int month = 0;
  MonthUse use = MonthUse::kFullDate;
  bool abbreviated = false;  // "févr", "Sept": a '.' may follow it
  bool from_table = false;   // not the English capitalized fast path
};

struct EnglishMonth {
  std::string_view name;
  int month;
  bool abbreviated;
};
constexpr EnglishMonth kEnglishMonths[] = {
    {"january", 1, false},   {"jan", 1, true},        {"february", 2, false},
    {"feb", 2, true},        {"march", 3, false},     {"mar", 3, true},
    {"april", 4, false},     {"apr", 4, true},        {"may", 5, false},
    {"june", 6, false},      {"jun", 6, true},        {"july", 7, false},
    {"jul", 7, true},        {"august", 8, false},    {"aug", 8, true},
    {"september", 9, false}, {"sept", 9, true},       {"sep", 9, true},
    {"october", 10, false},  {"oct", 10, true},       {"november", 11, false},
    {"nov", 11, true},       {"december", 12, false}, {"dec", 12, true},
};

// An English month name or abbreviation in any case, or nullptr.
const EnglishMonth* FindEnglishMonth(std::string_view s) {
  if (s.size() < 3 || s.size() > 9) return nullptr;
  for (const EnglishMonth& m : kEnglishMonths) {
    if (EqualsLower(s, m.name)) return &m;
  }
  return nullptr;
}

// An English month name or abbreviation, capitalized ("May", "Sep",
// "Sept", "september" is not: a capital keeps "may" the verb out). The fast
// path: no table lookup.
const EnglishMonth* MonthOf(std::string_view s) {
  if (s.empty() || s[0] < 'A' || s[0] > 'Z') return nullptr;
  return FindEnglishMonth(s);
}

// The locales whose month names are read, from ICU. English is read on its
// own fast path (MonthOf) when capitalized; its lowercase spellings come
// from this table and need a whole date ("2 may 2024", never "may 3").
constexpr const char* kMonthLocales[] = {"en", "fr", "de", "es", "it",
                                         "pt", "nl", "sv", "da", "nb",
                                         "pl", "cs", "tr", "ru"};
// Wide month names that are also a common word in these languages or in
// English: read only in a whole date ("Mars 2020" is a rover).
constexpr std::string_view kCommonWordMonths[] = {"mars"};
// The longest month name key in bytes: "października" is 15, an upper-case
// Cyrillic "СЕНТЯБРЯ" 16; a longer word is no month and needs no lookup.
constexpr std::size_t kMaxMonthNameBytes = 24;
// The shortest: "mai", "maj", "мая" (Cyrillic letters are two bytes).
constexpr std::size_t kMinMonthNameBytes = 3;

// Month names keyed by the name without its trailing '.', ASCII letters
// lowered (other letters are stored in each case ICU gives them).
using MonthTable = absl::flat_hash_map<std::string, MonthWord>;

std::unique_ptr<MonthTable> BuildMonthTable() {
  auto table = std::make_unique<MonthTable>();
  std::set<std::string> conflicting;  // one spelling, two months
  for (const char* locale : kMonthLocales) {
    for (const LocaleMonthName& name : LocaleMonthNames(locale)) {
      std::string key = name.utf8;
      while (!key.empty() && key.back() == '.') key.pop_back();
      if (key.size() < kMinMonthNameBytes || key.size() > kMaxMonthNameBytes ||
          std::any_of(key.begin(), key.end(), IsAsciiDigit)) {
        continue;
      }
      for (char& c : key) c = LowerAscii(c);
      MonthWord word;
      word.month = name.month;
      word.abbreviated = name.abbreviated;
      word.from_table = true;
      word.use = name.abbreviated   ? MonthUse::kFullDate
                 : name.format_only ? MonthUse::kAfterDay
                                    : MonthUse::kAnyOrder;
      auto [it, inserted] = table->try_emplace(key, word);
      if (inserted) continue;
      if (it->second.month != word.month) {
        conflicting.insert(key);
        continue;
      }
      it->second.use = std::max(it->second.use, word.use);
      it->second.abbreviated &= word.abbreviated;  // a wide name wins
    }
  }
  for (const std::string& key : conflicting) table->erase(key);
  for (auto& [key, word] : *table) {
    if (FindEnglishMonth(key) != nullptr) word.use = MonthUse::kFullDate;
  }
  for (const std::string_view key : kCommonWordMonths) {
    if (auto it = table->find(absl::string_view(key.data(), key.size()));
        it != table->end()) {
      it->second.use = MonthUse::kFullDate;
    }
  }
  return table;
}

// Built once, at first use; never destroyed (a thread may still read it
// while the process exits).
const MonthTable& Months() {
  static const MonthTable* const kTable = BuildMonthTable().release();
  return *kTable;
}

// A month name of any listed locale. Never allocates: the key is lowered
// into a stack buffer.
MonthWord TableMonthOf(std::string_view s) {
  if (s.size() < kMinMonthNameBytes || s.size() > kMaxMonthNameBytes) {
    return MonthWord{};
  }
  char lowered[kMaxMonthNameBytes];
  for (std::size_t i = 0; i < s.size(); ++i) lowered[i] = LowerAscii(s[i]);
  const MonthTable& table = Months();
  const auto it = table.find(absl::string_view(lowered, s.size()));
  return it == table.end() ? MonthWord{} : it->second;
}

// A capitalized English name first (the fast path), then the table.
MonthWord MonthWordOf(std::string_view s) {
  if (const EnglishMonth* m = MonthOf(s)) {
    return MonthWord{m->month, MonthUse::kAnyOrder, m->abbreviated, false};
  }
  return TableMonthOf(s);
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
  if (gap.empty() || gap.size() > kMaxDateGapBytes) return false;
  return std::all_of(gap.begin(), gap.end(), [&](char c) {
    return allowed.find(c) != std::string_view::npos;
  });
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
    if (LowerAscii(s[i]) != 't') return false;
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
  if (!dotted_day &&
      (EqualsLower(next.value, "of") || IsDateConnector(next.value))) {
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
  if (i == first.end || i >= text.size()) return false;
  if (IsAsciiDigit(text[i])) return true;
  if (text[i] != 'd') return false;  // no memcmp for most tokens
  const std::string_view rest = text.substr(i);
  return rest.starts_with("de ") || rest.starts_with("del ");
}

// Writes `value` in decimal, zero-padded to `width` digits ("%0*d"
// without printf: a date's keys are built for every date a result or an
// answer holds), at `out`; returns the end. At most 11 bytes.
char* WritePadded(int value, int width, char* out) {
  unsigned magnitude = static_cast<unsigned>(value);
  if (value < 0) {
    *out++ = '-';
    magnitude = 0u - magnitude;
    --width;
  }
  char digits[12];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude > 0);
  for (int i = count; i < width; ++i) *out++ = '0';
  while (count > 0) *out++ = digits[--count];
  return out;
}

void AppendPadded(int value, int width, std::string* out) {
  char buffer[16];
  out->append(buffer, WritePadded(value, width, buffer));
}

std::string FormatDate(int year, int month, int day) {
  std::string out;
  out.reserve(10);
  AppendPadded(year, 4, &out);
  out.push_back('-');
  AppendPadded(month, 2, &out);
  out.push_back('-');
  AppendPadded(day, 2, &out);
  return out;
}

std::string FormatMonthDay(int month, int day) {
  std::string out;
  AppendPadded(month, 2, &out);
  out.push_back('-');
  AppendPadded(day, 2, &out);
  return out;
}

std::string FormatYearMonth(int year, int month) {
  std::string out;
  AppendPadded(year, 4, &out);
  out.push_back('-');
  AppendPadded(month, 2, &out);
  return out;
}

std::string FormatTime(int hour, int minute, int second, bool seconds) {
  std::string out;
  AppendPadded(hour, 2, &out);
  out.push_back(':');
  AppendPadded(minute, 2, &out);
  if (seconds) {
    out.push_back(':');
    AppendPadded(second, 2, &out);
  }
  return out;
}

constexpr char kDateKey[] = "@date:";
constexpr char kMonthDayKey[] = "@md:";
constexpr char kYearMonthKey[] = "@ym:";
constexpr char kTimeKey[] = "@time:";

}  // namespace

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

std::optional<DateTimeValue> MatchDateTime(std::string_view text,
                                           TokenSpan first) {
  DateToken t0 = MakeDateToken(text, first);
  if (t0.value.empty()) return std::nullopt;
  const char lead = t0.value.front();
  if (IsLetterByte(lead)) {
    if (!DigitOrConnectorFollows(text, t0)) return std::nullopt;
    const MonthWord month = MonthWordOf(t0.value);
    if (month.month == 0) return std::nullopt;
    return MonthFirst(text, t0, month);
  }
  if (!IsAsciiDigit(lead)) return std::nullopt;

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

std::string_view DateTimeShape(const DateTimeValue& value) {
  switch (value.kind) {
    case DateTimeValue::Kind::kTime:
      return kShapeTime;
    case DateTimeValue::Kind::kDateTime:
      return kShapeDateTime;
    case DateTimeValue::Kind::kDate:
    case DateTimeValue::Kind::kMonthDay:
    case DateTimeValue::Kind::kYearMonth:
      break;
  }
  return kShapeDate;
}

std::string DateTimeCanonical(const DateTimeValue& v) {
  const bool seconds = v.second != 0;
  switch (v.kind) {
    case DateTimeValue::Kind::kDate:
      return FormatDate(v.year, v.month, v.day);
    case DateTimeValue::Kind::kMonthDay:
      return absl::StrCat("--", FormatMonthDay(v.month, v.day));
    case DateTimeValue::Kind::kYearMonth:
      return FormatYearMonth(v.year, v.month);
    case DateTimeValue::Kind::kTime:
      return FormatTime(v.hour, v.minute, v.second, seconds);
    case DateTimeValue::Kind::kDateTime:
      return absl::StrCat(FormatDate(v.year, v.month, v.day), "t",
                          FormatTime(v.hour, v.minute, v.second, seconds));
  }
  return std::string();
}

void DateTimeKeys::Add(
    std::string_view prefix, char separator,
    std::initializer_list<std::pair<int, int>> numbers_and_widths) {
  char* out = bytes_ + (count_ == 0 ? 0 : ends_[count_ - 1]);
  out = std::copy(prefix.begin(), prefix.end(), out);
  bool first = true;
  for (const auto& [value, width] : numbers_and_widths) {
    if (!first) *out++ = separator;
    first = false;
    out = WritePadded(value, width, out);
  }
  ends_[count_] = static_cast<std::uint8_t>(out - bytes_);
  ++count_;
}

DateTimeKeys DateTimeIndexKeys(const DateTimeValue& v) {
  DateTimeKeys keys;
  const bool has_date = v.kind == DateTimeValue::Kind::kDate ||
                        v.kind == DateTimeValue::Kind::kDateTime;
  const bool has_time = v.kind == DateTimeValue::Kind::kTime ||
                        v.kind == DateTimeValue::Kind::kDateTime;
  if (has_date) {
    keys.Add(kDateKey, '-', {{v.year, 4}, {v.month, 2}, {v.day, 2}});
  }
  if (has_date || v.kind == DateTimeValue::Kind::kMonthDay) {
    keys.Add(kMonthDayKey, '-', {{v.month, 2}, {v.day, 2}});
  }
  if (has_date || v.kind == DateTimeValue::Kind::kYearMonth) {
    keys.Add(kYearMonthKey, '-', {{v.year, 4}, {v.month, 2}});
  }
  if (has_time) {
    keys.Add(kTimeKey, ':', {{v.hour, 2}, {v.minute, 2}});
    if (v.second != 0) {
      keys.Add(kTimeKey, ':', {{v.hour, 2}, {v.minute, 2}, {v.second, 2}});
    }
  }
  return keys;
}

absl::InlinedVector<std::string, 2> DateTimeLookupKeys(const DateTimeValue& v) {
  absl::InlinedVector<std::string, 2> keys;
  const bool seconds = v.second != 0;
  switch (v.kind) {
    case DateTimeValue::Kind::kDate:
      keys.push_back(
          absl::StrCat(kDateKey, FormatDate(v.year, v.month, v.day)));
      break;
    case DateTimeValue::Kind::kMonthDay:
      keys.push_back(
          absl::StrCat(kMonthDayKey, FormatMonthDay(v.month, v.day)));
      break;
    case DateTimeValue::Kind::kYearMonth:
      keys.push_back(
          absl::StrCat(kYearMonthKey, FormatYearMonth(v.year, v.month)));
      break;
    case DateTimeValue::Kind::kTime:
      keys.push_back(absl::StrCat(
          kTimeKey, FormatTime(v.hour, v.minute, v.second, seconds)));
      break;
    case DateTimeValue::Kind::kDateTime:
      keys.push_back(
          absl::StrCat(kDateKey, FormatDate(v.year, v.month, v.day)));
      keys.push_back(absl::StrCat(
          kTimeKey, FormatTime(v.hour, v.minute, v.second, seconds)));
      break;
  }
  return keys;
}

absl::InlinedVector<std::string, 2> DateTimeAlternateLookupKeys(
    const DateTimeValue& v) {
  const bool has_time = v.kind == DateTimeValue::Kind::kTime ||
                        v.kind == DateTimeValue::Kind::kDateTime;
  if (!has_time || v.clock != DateTimeValue::Clock::kUnmarked || v.hour < 1 ||
      v.hour > 12) {
    return {};
  }
  DateTimeValue twelve_hours_on = v;
  twelve_hours_on.hour = (v.hour + 12) % 24;  // 12:30 -> 00:30
  return DateTimeLookupKeys(twelve_hours_on);
}

TokenValue ReadToken(std::string_view token) {
  TokenValue value;
  value.canonical = Canonicalize(token);
  if (!value.canonical.is_number && !value.canonical.form.empty()) {
    const std::string_view number = NumberBeforeUnit(value.canonical.form);
    if (!number.empty()) {
      CanonicalNumber(number, &value.number_before_unit);
    }
  }
  return value;
}

struct Extractor::Patterns {
  std::unique_ptr<RE2::Set> shapes;  // null when none were declared
  std::unique_ptr<RE2::Set> exempt;  // null when none were declared
};

absl::StatusOr<std::unique_ptr<Extractor>> Extractor::Create(
    const GateOptions& options) {
  if (options.min_digits < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "GateOptions.min_digits is ", options.min_digits,
        "; it must be at least 1 (the default, 4, keeps \"3 issues\" prose)"));
  }
  RE2::Options re_options;
  re_options.set_log_errors(false);
  auto patterns = std::make_unique<Patterns>();
  if (!options.shapes.empty()) {
    patterns->shapes = std::make_unique<RE2::Set>(re_options, RE2::ANCHOR_BOTH);
    std::set<std::string> names;
    for (std::size_t i = 0; i < options.shapes.size(); ++i) {
      const DeclaredShape& shape = options.shapes[i];
      if (shape.name.empty()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.shapes[", i,
            "] has an empty name; give every declared shape a unique name"));
      }
      if (shape.name == kShapeNumber || shape.name == kShapeIdentifier) {
        return absl::InvalidArgumentError(
            absl::StrCat("GateOptions.shapes[", i, "] is named \"", shape.name,
                         "\", a built-in shape; choose another name"));
      }
      if (!names.insert(shape.name).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("GateOptions.shapes[", i, "] repeats the name \"",
                         shape.name, "\"; shape names must be unique"));
      }
      std::string error;
      if (patterns->shapes->Add(shape.pattern, &error) < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.shapes[", i, "] (\"", shape.name,
            "\") has a pattern RE2 rejects: ", error,
            "; fix the pattern (RE2 syntax, matched against a whole token)"));
      }
    }
    if (!patterns->shapes->Compile()) {
      return absl::ResourceExhaustedError(
          "GateOptions.shapes: the patterns together exceed RE2's memory "
          "budget; declare fewer or simpler shapes");
    }
  }
  for (std::size_t i = 0; i < options.exempt_values.size(); ++i) {
    if (Canonicalize(options.exempt_values[i]).form.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("GateOptions.exempt_values[", i,
                       "] is empty after canonicalization; remove it"));
    }
  }
  if (!options.exempt_patterns.empty()) {
    patterns->exempt = std::make_unique<RE2::Set>(re_options, RE2::ANCHOR_BOTH);
    for (std::size_t i = 0; i < options.exempt_patterns.size(); ++i) {
      std::string error;
      if (patterns->exempt->Add(options.exempt_patterns[i], &error) < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.exempt_patterns[", i, "] is a pattern RE2 rejects: ",
            error, "; fix the pattern (RE2 syntax, whole token)"));
      }
    }
    if (!patterns->exempt->Compile()) {
      return absl::ResourceExhaustedError(
          "GateOptions.exempt_patterns: the patterns together exceed RE2's "
          "memory budget; declare fewer or simpler patterns");
    }
  }
  return std::unique_ptr<Extractor>(
      new Extractor(options, std::move(patterns)));
}

Extractor::Extractor(const GateOptions& options,
                     std::unique_ptr<Patterns> patterns)
    : min_digits_(options.min_digits), patterns_(std::move(patterns)) {
  for (const DeclaredShape& shape : options.shapes) {
    shape_names_.push_back(shape.name);
  }
  for (const std::string& value : options.exempt_values) {
    const TokenValue read = ReadToken(value);
    exempt_values_.push_back(read.canonical.form);
    if (!read.canonical.hex_digits.empty()) {
      exempt_values_.push_back(read.canonical.hex_digits);
    }
    if (!read.number_before_unit.empty()) {
      exempt_values_.push_back(read.number_before_unit);
    }
  }
  std::sort(exempt_values_.begin(), exempt_values_.end());
}

Extractor::~Extractor() = default;

namespace {

// "mid-2021", "early-2020", "late-1999": the year; "1990s", "mid-90s",
// "'90s": a decade.
struct YearPhrase {
  std::string_view year;  // empty when the form is no part of a year
  bool decade = false;
};

YearPhrase ReadYearPhrase(std::string_view form) {
  YearPhrase out;
  for (std::string_view prefix : {"mid-", "early-", "late-"}) {
    // The first byte settles most tokens without a memcmp call.
    if (form.empty() || form.front() != prefix.front()) continue;
    if (form.substr(0, prefix.size()) == prefix) {
      form.remove_prefix(prefix.size());
      int year = 0;
      if (ReadYear(form, &year)) out.year = form;
      break;
    }
  }
  if (form.size() >= 3 && form.back() == 's' && form[form.size() - 2] == '0') {
    const std::string_view digits = form.substr(0, form.size() - 1);
    if ((digits.size() == 2 || digits.size() == 4) &&
        std::all_of(digits.begin(), digits.end(), IsAsciiDigit)) {
      out.decade = true;
    }
  }
  return out;
}

}  // namespace

std::optional<ExtractedValue> Extractor::Classify(
    std::string_view token) const {
  const std::string_view stripped = StripDecoration(token);
  if (stripped.empty()) return std::nullopt;
  // Without declared shapes, a token of ASCII bytes and no digit is no
  // value: say so before canonicalizing (most of an answer's words). A
  // non-ASCII byte may fold to a digit ("\uFF11"), so it takes the long way.
  if (patterns_->shapes == nullptr &&
      std::none_of(stripped.begin(), stripped.end(), [](char c) {
        return IsAsciiDigit(c) || static_cast<unsigned char>(c) >= 0x80;
      })) {
    return std::nullopt;
  }
  const re2::StringPiece piece(stripped.data(), stripped.size());

  int declared = -1;
  if (patterns_->shapes != nullptr) {
    std::vector<int> matches;
    if (patterns_->shapes->Match(piece, &matches) && !matches.empty()) {
      declared = *std::min_element(matches.begin(), matches.end());
    }
  }

  TokenValue read = ReadToken(token);
  const CanonicalForm& canonical = read.canonical;
  if (canonical.form.empty()) return std::nullopt;

  ExtractedValue value;
  value.canonical = canonical.form;
  value.key =
      canonical.hex_digits.empty() ? canonical.form : canonical.hex_digits;
  value.changed = canonical.changed;
  if (declared >= 0) {
    value.shape = shape_names_[static_cast<std::size_t>(declared)];
  } else {
    if (CountDigits(canonical.form) == 0) return std::nullopt;
    // A part of a period: "mid-2021" holds the year 2021; a decade
    // ("1990s", "mid-90s") is a span of years, prose.
    const YearPhrase period = ReadYearPhrase(canonical.form);
    if (period.decade) return std::nullopt;
    if (!period.year.empty()) {
      if (CountDigits(period.year) < min_digits_) return std::nullopt;
      value.shape = kShapeNumber;
      value.canonical = std::string(period.year);
      value.key = value.canonical;
      value.changed = true;
    }
  }
  if (declared < 0 && value.shape.empty()) {
    if (!read.number_before_unit.empty()) {
      // "4096MB", "48-port": judged on the number alone.
      if (CountDigits(read.number_before_unit) < min_digits_) {
        return std::nullopt;
      }
      value.shape = kShapeNumber;
      value.canonical = read.number_before_unit;
      value.key = read.number_before_unit;
      value.changed = true;
    } else if (canonical.is_number) {
      if (CountDigits(canonical.form) < min_digits_) return std::nullopt;
      value.shape = kShapeNumber;
    } else {
      if (IsShortRatio(canonical.form)) return std::nullopt;
      const bool distinctive = std::any_of(
          canonical.form.begin(), canonical.form.end(),
          [](char c) { return IsLetterByte(c) || IsIdentifierMark(c); });
      if (!distinctive || CodePoints(canonical.form) < 4) return std::nullopt;
      value.shape = kShapeIdentifier;
    }
  }

  if (std::binary_search(exempt_values_.begin(), exempt_values_.end(),
                         value.key) ||
      std::binary_search(exempt_values_.begin(), exempt_values_.end(),
                         value.canonical)) {
    value.declared_exempt = true;
  } else if (patterns_->exempt != nullptr &&
             patterns_->exempt->Match(piece, nullptr)) {
    value.declared_exempt = true;
  }
  return value;
}

}  // namespace groundgate::evidence
