// stages/rung_records.cc — law 11: values checked against the record the
// answer names (rung_records.h).
#include "stages/rung_records.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_map.h"
#include "evidence/ascii.h"
#include "evidence/conversions.h"
#include "evidence/corpus_internal.h"
#include "evidence/extractor.h"
#include "evidence/numeric_index.h"
#include "evidence/quantities.h"
#include "evidence/records.h"
#include "stages/judge_context.h"
#include "stages/read_scopes.h"
#include "stages/repeated_uses.h"

namespace groundgate::stages {
namespace {

namespace ascii = evidence::ascii;
using evidence::Record;
using evidence::RecordField;
using evidence::RecordSet;

// ---- the answer's value ----------------------------------------------------

struct Value {
  bool time = false;
  double number = 0;     // a number (a percent as its fraction)
  double tolerance = 0;  // half a unit of the last place the answer wrote
  bool percent = false;
  int hour = 0;
  int minute = 0;
  std::string code;  // a code as written ("SEA"): compared whole
};

bool Bindable(const Candidate& c) {
  if (c.status != CandidateStatus::kGrounded ||
      c.grounding != Grounding::kThisTurn) {
    return false;
  }
  switch (c.reason) {
    case MatchReason::kExact:
    case MatchReason::kCanonical:
    case MatchReason::kRespelledNumber:
    case MatchReason::kRespelledTime:
    case MatchReason::kRounded:
      break;
    case MatchReason::kConverted:
      return c.shape == "number";
    default:
      return false;
  }
  return c.shape == "number" || c.shape == kShapeMoney ||
         c.shape == kShapePercent || c.shape == "time";
}

bool GroundedDate(const Candidate& c) {
  return c.shape == "date" && c.status == CandidateStatus::kGrounded;
}

// Digits after the decimal point of the first number in `written`.
int PlacesWritten(std::string_view written) {
  const std::size_t digit = written.find_first_of("0123456789");
  if (digit == std::string_view::npos) return 0;
  std::size_t i = digit;
  while (i < written.size() &&
         (ascii::IsDigit(written[i]) || written[i] == ',')) {
    ++i;
  }
  if (i + 1 < written.size() && written[i] == '.' &&
      ascii::IsDigit(written[i + 1])) {
    int places = 0;
    for (++i; i < written.size() && ascii::IsDigit(written[i]); ++i) ++places;
    return places;
  }
  return 0;
}

// A value the ladder grounded as a conversion ("15 mph" of a reading in
// m/s; its derivation ends with the reading's unit): the interval its
// precision allows, in the reading's unit, as that unit's number and
// tolerance. Nothing when the units are not read.
std::optional<Value> ConvertedValueOf(std::string_view answer,
                                      const Candidate& c, int places) {
  const evidence::UnitAfter written = evidence::ReadUnitAfter(answer, c.end);
  const std::size_t space = c.derivation.rfind(' ');
  if (!written.found || space == std::string::npos || places > 6) {
    return std::nullopt;
  }
  const std::string_view symbol =
      std::string_view(c.derivation).substr(space + 1);
  std::optional<evidence::QuantityUnit> to;
  for (const evidence::QuantityUnit u : evidence::OtherUnitsOf(written.unit)) {
    if (evidence::UnitSymbol(u) == symbol) to = u;
  }
  const std::optional<evidence::NumericUnits> number =
      evidence::ExactNumericUnits(c.canonical);
  if (!to.has_value() || !number.has_value()) return std::nullopt;
  evidence::NumericUnits step = 1;
  for (int i = places; i < evidence::kNumericFractionDigits; ++i) step *= 10;
  const std::optional<evidence::UnitsInterval> range =
      evidence::ConvertInterval(*number, step / 2, written.unit, *to);
  if (!range.has_value()) return std::nullopt;
  const double scale = std::pow(10.0, evidence::kNumericFractionDigits);
  Value v;
  v.number = static_cast<double>(range->center) / scale;
  v.tolerance = static_cast<double>(range->high - range->low) / 2 / scale;
  return v;
}

std::optional<Value> ValueOf(std::string_view answer, const Candidate& c) {
  Value v;
  if (c.shape == "time") {
    if (c.canonical.size() < 5 || c.canonical[2] != ':') return std::nullopt;
    v.time = true;
    v.hour = std::stoi(c.canonical.substr(0, 2));
    v.minute = std::stoi(c.canonical.substr(3, 2));
    return v;
  }
  const char* begin = c.canonical.data();
  const char* end = begin + c.canonical.size();
  const auto [stop, error] = std::from_chars(begin, end, v.number);
  if (error != std::errc() || stop != end) return std::nullopt;
  if (c.end > answer.size() || c.start >= c.end) return std::nullopt;
  const int places = PlacesWritten(answer.substr(c.start, c.end - c.start));
  if (c.reason == MatchReason::kConverted) {
    return ConvertedValueOf(answer, c, places);
  }
  v.tolerance =
      0.5 * std::pow(10.0, -places) + 1e-9 * std::max(1.0, std::fabs(v.number));
  v.percent = c.shape == kShapePercent;
  if (v.percent) v.tolerance /= 100;
  return v;
}

bool TimeOf(std::string_view text, int* hour, int* minute) {
  std::string time;
  if (evidence::SplitDateTime(text, nullptr, &time)) {
    text = time;
  }
  if (text.size() < 5 || text[2] != ':' || !ascii::IsDigit(text[0]) ||
      !ascii::IsDigit(text[1]) || !ascii::IsDigit(text[3]) ||
      !ascii::IsDigit(text[4])) {
    return false;
  }
  *hour = (text[0] - '0') * 10 + (text[1] - '0');
  *minute = (text[3] - '0') * 10 + (text[4] - '0');
  return true;
}

bool Near(double a, const Value& v) {
  return std::fabs(a - v.number) <= v.tolerance;
}

bool Holds(const RecordField& field, const Value& v) {
  if (!v.code.empty()) return field.text == v.code;
  if (v.time) {
    int hour = 0;
    int minute = 0;
    return TimeOf(field.text, &hour, &minute) && hour == v.hour &&
           minute == v.minute;
  }
  if (!field.number.has_value()) return false;
  if (Near(*field.number, v)) return true;
  return v.percent && Near(*field.number / 100, v);
}

// A field that names its record (an identifier, a date or a time) is what
// the answer names the record by, not a value told of it.
bool Identifies(const Record& record, const RecordField& field) {
  if (evidence::SplitDateTime(field.text, nullptr, nullptr)) return true;
  int hour = 0;
  int minute = 0;
  if (TimeOf(field.text, &hour, &minute) && field.text.size() <= 8) {
    return false;  // a clock time of its own ("06:00:00") is a value
  }
  return std::find(record.identifiers.begin(), record.identifiers.end(),
                   field.text) != record.identifiers.end();
}

bool RecordHolds(const Record& record, const Value& v) {
  return std::any_of(record.fields.begin(), record.fields.end(),
                     [&](const RecordField& f) {
                       return Holds(f, v) && !Identifies(record, f);
                     });
}

// True when `field`, the extreme of a span of records, is `v` or within
// `slack` of it, in the field's units: a percent told of a field of
// percentage points (55.87% for 55.87) is compared at a hundredth of it.
bool NearExtreme(const RecordField& field, const Value& v, double slack) {
  if (!field.number.has_value()) return Holds(field, v);
  if (std::fabs(*field.number - v.number) <= std::max(v.tolerance, slack)) {
    return true;
  }
  return v.percent && std::fabs(*field.number / 100 - v.number) <=
                          std::max(v.tolerance, slack / 100);
}

const RecordField* FieldAt(const Record& record, std::string_view path) {
  for (const RecordField& f : record.fields) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

bool IsCode(std::string_view text) {
  return text.size() >= 2 && text.size() <= 6 &&
         std::all_of(
             text.begin(), text.end(),
             [](char c) { return ascii::IsUpper(c) || ascii::IsDigit(c); }) &&
         std::count_if(text.begin(), text.end(), ascii::IsUpper) >= 2;
}

bool SameShape(const RecordField& field, const Value& v) {
  if (!v.code.empty()) return IsCode(field.text);
  if (v.time) {
    int hour = 0;
    int minute = 0;
    return TimeOf(field.text, &hour, &minute);
  }
  return field.number.has_value();
}

// A number that also stands outside every record may be told of that (a
// top-level total). A code outside every record (a reservation's own
// destination) is no value of a record the scope names, so it does not
// excuse one told of the wrong flight.
bool LooseHolds(const RecordSet& set, const Value& v) {
  if (!v.code.empty() || v.time) return false;
  const std::vector<double>& loose = set.loose_numbers();
  auto near_any = [&](double target, double tolerance) {
    auto it = std::lower_bound(loose.begin(), loose.end(), target - tolerance);
    return it != loose.end() && *it <= target + tolerance;
  };
  if (near_any(v.number, v.tolerance)) return true;
  return v.percent && near_any(v.number * 100, v.tolerance * 100);
}

// ---- what the answer names -------------------------------------------------

struct Mention {
  TextSpan span;
  std::vector<std::uint32_t> records;
  bool day = false;  // a day (and time), not an identifier
  // After "by", "until", "since", "before", "after", "through": a bound of
  // a stretch of records, not the one record the value is told of ("By
  // 2021, it had reached 76.2").
  bool bound = false;
};

// True when the word before `at` makes a mention a bound.
bool IsBound(std::string_view answer, std::size_t at) {
  std::size_t end = at;
  while (end > 0 && (answer[end - 1] == ' ' || answer[end - 1] == '*')) --end;
  std::size_t start = end;
  while (start > 0 && ascii::IsAlpha(answer[start - 1])) --start;
  const std::string_view word = answer.substr(start, end - start);
  for (std::string_view b : {"by", "until", "till", "since", "before", "after",
                             "through", "thru", "prior"}) {
    if (ascii::EqualsIgnoreCase(word, b)) return true;
  }
  return false;
}

// The records each identifier in the answer names: runs of up to four
// words looked up whole.
void AddIdentifierMentions(std::string_view answer, const RecordSet& set,
                           std::vector<Mention>* out) {
  if (!set.HasIdentifiers()) return;  // no word names a record
  std::vector<TextSpan> words;
  words.reserve(answer.size() / 4 + 1);
  for (std::size_t i = 0; i < answer.size();) {
    while (i < answer.size() && !IsWordByte(answer[i])) ++i;
    const std::size_t start = i;
    while (i < answer.size() &&
           (IsWordByte(answer[i]) ||
            ((answer[i] == '-' || answer[i] == '_' || answer[i] == '.' ||
              answer[i] == '/') &&
             i + 1 < answer.size() && IsWordByte(answer[i + 1])))) {
      ++i;
    }
    if (i > start) words.push_back({start, i});
  }
  for (std::size_t w = 0; w < words.size(); ++w) {
    const std::string_view first =
        answer.substr(words[w].start, words[w].end - words[w].start);
    bool begins = set.BeginsAnIdentifier(first);
    if (!begins && std::any_of(first.begin(), first.end(), ascii::IsDigit)) {
      std::string lower(first);
      for (char& c : lower) c = ascii::Lower(c);
      begins = set.BeginsAnIdentifier(lower);
    }
    if (!begins) continue;
    for (std::size_t n = 1; n <= 4 && w + n <= words.size(); ++n) {
      const TextSpan span{words[w].start, words[w + n - 1].end};
      std::string key(answer.substr(span.start, span.end - span.start));
      std::span<const std::uint32_t> records = set.NamedBy(key);
      if (records.empty() &&
          std::any_of(key.begin(), key.end(), ascii::IsDigit)) {
        for (char& c : key) c = ascii::Lower(c);
        records = set.NamedBy(key);
      }
      if (!records.empty()) {
        out->push_back(
            {span, std::vector<std::uint32_t>(records.begin(), records.end()),
             false, IsBound(answer, span.start)});
      }
    }
  }
}

// A day a series has no reading of, between two readings in a row ("May
// 3, 2021" of a series read on May 2 and May 9): the answer tells of the
// readings around it, as a chart shows them, so those two are the records
// it names. None when the day lies outside the series.
void AddReadingsAround(const RecordSet& set, long day,
                       std::vector<std::uint32_t>* out) {
  for (const evidence::RecordGroup& group : set.groups()) {
    for (std::size_t i = 0; i + 1 < group.records.size(); ++i) {
      const Record& before = set.records()[group.records[i]];
      const Record& after = set.records()[group.records[i + 1]];
      if (before.month == 0 || after.month == 0) continue;
      if (before.days < day && after.days > day) {
        out->push_back(group.records[i]);
        out->push_back(group.records[i + 1]);
        break;
      }
    }
  }
}

// True when `a` and the day named next, `b`, are a weekday and a date
// written beside each other ("Tuesday, January 3", "Tuesday, the 3rd",
// "January 3 (Tuesday)"): one day, written twice.
bool WeekdayBesideDate(std::string_view answer, const DayMention& a,
                       const DayMention& b) {
  const bool weekday_first = a.weekday >= 0 && b.month != 0 && b.day != 0;
  const bool date_first = b.weekday >= 0 && a.month != 0 && a.day != 0;
  if (!weekday_first && !date_first) return false;
  if (a.span.end > b.span.start) return false;
  std::string between(answer.substr(a.span.end, b.span.start - a.span.end));
  for (char& ch : between) ch = ascii::Lower(ch);
  std::erase_if(between, [](char ch) {
    return ch == ' ' || ch == ',' || ch == '(' || ch == ')';
  });
  return between.empty() || between == "the" || between == "a";
}

// The records of a weekday: of the groups whose records span less than a
// week.
std::vector<std::uint32_t> OnWeekdayOfAWeek(const RecordSet& set, int weekday) {
  std::vector<std::uint32_t> on;
  for (std::uint32_t r : set.OnWeekday(weekday)) {
    if (set.groups()[set.records()[r].group].day_span < 7) on.push_back(r);
  }
  return on;
}

// The date written beside the weekday named[i], or null.
const DayMention* DateBeside(std::string_view answer,
                             std::span<const DayMention> named, std::size_t i) {
  if (i > 0 && WeekdayBesideDate(answer, named[i - 1], named[i])) {
    return &named[i - 1];
  }
  if (i + 1 < named.size() &&
      WeekdayBesideDate(answer, named[i], named[i + 1])) {
    return &named[i + 1];
  }
  return nullptr;
}

// False when the answer's weekdays are not the calendar's: it names a
// weekday alone that no record falls on ("On Tuesday", of readings from a
// Wednesday to a Monday), or writes beside a date a weekday that is not
// the date's. Such an answer counts its days its own way ("Tuesday" for
// the first day), so no weekday of it names a day.
bool WeekdaysAreTheCalendars(std::string_view answer, const RecordSet& set,
                             std::span<const DayMention> named) {
  for (std::size_t i = 0; i < named.size(); ++i) {
    const DayMention& m = named[i];
    if (m.weekday < 0) continue;
    const DayMention* date = DateBeside(answer, named, i);
    if (date == nullptr) {
      if (OnWeekdayOfAWeek(set, m.weekday).empty()) return false;
      continue;
    }
    for (std::uint32_t r : set.OnMonthDay(date->month, date->day)) {
      const Record& record = set.records()[r];
      if ((date->year == 0 || date->year == record.year) &&
          record.weekday >= 0 && record.weekday != m.weekday) {
        return false;
      }
    }
  }
  return true;
}

// How a binding reads the weekdays the answer names alone.
struct WeekdayReading {
  bool read = true;  // else each goes to `unread_weekdays`
  int shift = 0;     // days after the calendar's: "Tuesday" names Wednesday
};

// The records each day the answer names holds (narrowed by a clock time
// named in the same clause), per group whose records span at most a week
// for a weekday (read as `weekdays` says, else its span goes to
// `unread_weekdays`); the span of a date that holds none goes to
// `unplaced`. A weekday written beside a date names no day of its own: the
// date names it (a wrong weekday there is BindWeekdays' to judge).
// `named` is DaysNamed(answer), `scopes` Scopes(answer).
void AddDayMentions(std::string_view answer, const RecordSet& set,
                    std::span<const DayMention> named,
                    std::span<const TextSpan> scopes, WeekdayReading weekdays,
                    std::vector<Mention>* out, std::vector<TextSpan>* unplaced,
                    std::vector<TextSpan>* unread_weekdays) {
  if (named.empty()) return;
  const std::vector<TimeMention> times = TimesNamed(answer);
  for (std::size_t i = 0; i < named.size(); ++i) {
    const DayMention& m = named[i];
    if (m.weekday >= 0 && DateBeside(answer, named, i) != nullptr) continue;
    if (m.weekday >= 0 && !weekdays.read) {
      unread_weekdays->push_back(m.span);
      continue;
    }
    Mention mention;
    mention.span = m.span;
    mention.day = true;
    mention.bound = IsBound(answer, m.span.start);
    if (m.ordinal > 0) {
      // The k-th day of each group's days, in their order.
      for (const evidence::RecordGroup& group : set.groups()) {
        std::vector<long> days;
        for (std::uint32_t r : group.records) {
          const Record& record = set.records()[r];
          if (record.month == 0) continue;
          days.push_back(record.days);
        }
        std::sort(days.begin(), days.end());
        days.erase(std::unique(days.begin(), days.end()), days.end());
        if (days.size() < static_cast<std::size_t>(m.ordinal)) continue;
        const long wanted = days[m.ordinal - 1];
        for (std::uint32_t r : group.records) {
          const Record& record = set.records()[r];
          if (record.month != 0 && record.days == wanted) {
            mention.records.push_back(r);
          }
        }
      }
    } else if (m.weekday >= 0) {
      mention.records =
          OnWeekdayOfAWeek(set, (m.weekday + weekdays.shift + 7) % 7);
    } else {
      for (std::uint32_t r : set.OnMonthDay(m.month, m.day)) {
        if (m.year == 0 || m.year == set.records()[r].year) {
          mention.records.push_back(r);
        }
      }
      if (mention.records.empty() && m.year != 0) {
        AddReadingsAround(set, evidence::DaysFromCivil(m.year, m.month, m.day),
                          &mention.records);
      }
    }
    if (mention.records.empty()) {
      if (m.month != 0) unplaced->push_back(m.span);
      continue;
    }
    // A clock time in the same clause narrows the day to its records.
    for (const TextSpan& scope : scopes) {
      if (times.empty()) break;  // no clause to read
      if (!scope.Holds(m.span.start)) continue;
      for (const TextSpan& clause : Clauses(answer, scope)) {
        if (!clause.Holds(m.span.start)) continue;
        for (const TimeMention& t : times) {
          if (!clause.Holds(t.span.start)) continue;
          std::vector<std::uint32_t> at;
          for (std::uint32_t r : mention.records) {
            int hour = 0;
            int minute = 0;
            const Record& record = set.records()[r];
            if (TimeOf(record.time, &hour, &minute) && hour == t.hour &&
                minute == t.minute) {
              at.push_back(r);
            }
          }
          mention.records = std::move(at);
          mention.span.end = std::max(mention.span.end, t.span.end);
          mention.span.start = std::min(mention.span.start, t.span.start);
          break;
        }
      }
    }
    out->push_back(std::move(mention));
  }
}

// Words that place a day the records cannot: no aggregate is judged in a
// scope that holds one.
bool NamesUnplacedDay(std::string_view answer, TextSpan scope) {
  std::string text(answer.substr(scope.start, scope.end - scope.start));
  for (char& c : text) c = ascii::Lower(c);
  for (std::string_view w :
       {"today", "tomorrow", "tonight", "yesterday", "weekend", "last day",
        "final day", "next day", "following day", "same day", "early", "late",
        "later", "beginning", "end of", "start of", "middle", "mid-"}) {
    // Whole words: "next days" is no "next day".
    for (std::size_t at = text.find(w); at != std::string::npos;
         at = text.find(w, at + 1)) {
      const std::size_t end = at + w.size();
      const bool starts = at == 0 || !IsWordByte(text[at - 1]);
      const bool ends = end == text.size() || !IsWordByte(text[end]) ||
                        w.back() == '-' || w == "end of" || w == "start of";
      if (starts && ends) return true;
    }
  }
  return false;
}

// ---- field words -----------------------------------------------------------

// The words an answer tells a field with, and the key fragments each names:
// a documented, tested table (low/min/minimum...).
struct FieldWord {
  std::string_view word;
  std::string_view keys[4];
};
constexpr FieldWord kFieldWords[] = {
    {"temperature", {"temp", "", "", ""}},
    {"temperatures", {"temp", "", "", ""}},
    {"temp", {"temp", "", "", ""}},
    {"feels", {"feels", "apparent", "", ""}},
    {"feel", {"feels", "apparent", "", ""}},
    {"low", {"min", "low", "", ""}},
    {"lowest", {"min", "low", "", ""}},
    {"minimum", {"min", "low", "", ""}},
    {"high", {"max", "high", "", ""}},
    {"highest", {"max", "high", "", ""}},
    {"maximum", {"max", "high", "", ""}},
    {"gust", {"gust", "", "", ""}},
    {"gusts", {"gust", "", "", ""}},
    {"wind", {"wind", "speed", "", ""}},
    {"speed", {"speed", "", "", ""}},
    {"speeds", {"speed", "", "", ""}},
    {"pressure", {"pressure", "", "", ""}},
    {"humidity", {"humidity", "", "", ""}},
    {"cloud", {"cloud", "", "", ""}},
    {"clouds", {"cloud", "", "", ""}},
    {"cloudiness", {"cloud", "", "", ""}},
    {"rain", {"rain", "precip", "", ""}},
    {"precipitation", {"rain", "precip", "snow", ""}},
    {"snow", {"snow", "", "", ""}},
    {"economy", {"economy", "", "", ""}},
    {"business", {"business", "", "", ""}},
    {"price", {"price", "fare", "cost", "amount"}},
    {"fare", {"price", "fare", "cost", "amount"}},
    {"cost", {"price", "fare", "cost", "amount"}},
    {"seats", {"seat", "", "", ""}},
    {"score", {"score", "", "", ""}},
    {"goals", {"score", "goal", "", ""}},
    {"population", {"population", "", "", ""}},
};

bool PathNames(std::string_view path, std::string_view fragment) {
  if (fragment.size() > path.size()) return false;
  for (std::size_t i = 0; i + fragment.size() <= path.size(); ++i) {
    std::size_t k = 0;
    while (k < fragment.size() && ascii::Lower(path[i + k]) == fragment[k]) {
      ++k;
    }
    if (k == fragment.size()) return true;
  }
  return false;
}

// True when `path` is a direction in degrees ("wind.deg"), which tells no
// least or greatest.
bool IsDirection(const std::string& path) {
  return path.ends_with(".deg") || path == "deg" ||
         PathNames(path, "direction") || PathNames(path, "bearing");
}

// The field a bound names the extreme of: "main.temp" for "main.temp_min"
// or "main.temp_max" ("min_temp" and "max_temp" too); empty for any other
// path.
std::string BoundedField(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  const std::size_t at = dot == std::string_view::npos ? 0 : dot + 1;
  std::string_view last = path.substr(at);
  std::string lower(last);
  for (char& c : lower) c = ascii::Lower(c);
  const std::string_view l = lower;
  if (l.size() <= 4) return {};
  if (l.ends_with("_min") || l.ends_with("_max")) {
    last.remove_suffix(4);
  } else if (l.starts_with("min_") || l.starts_with("max_")) {
    last.remove_prefix(4);
  } else {
    return {};
  }
  return std::string(path.substr(0, at)) + std::string(last);
}

// The entry of kFieldWords that `w` is, whatever its case (each word is
// lowercase and stands once in the table); nullptr when it is none. One
// look-up, not a comparison with every entry: the binder asks it of the
// words before each value it reads.
const FieldWord* FieldWordOf(std::string_view w) {
  constexpr std::size_t kMaxFieldWordBytes = 16;
  static const absl::flat_hash_map<std::string_view, const FieldWord*>* const
      kByWord = [] {
        auto* by_word =
            new absl::flat_hash_map<std::string_view, const FieldWord*>();
        for (const FieldWord& fw : kFieldWords) {
          by_word->emplace(fw.word, &fw);
        }
        return by_word;
      }();
  if (w.size() > kMaxFieldWordBytes) return nullptr;
  char lower[kMaxFieldWordBytes];
  for (std::size_t i = 0; i < w.size(); ++i) lower[i] = ascii::Lower(w[i]);
  const auto it = kByWord->find(std::string_view(lower, w.size()));
  return it == kByWord->end() ? nullptr : it->second;
}

// The fields among `paths` the words before the value name, in the order
// of `paths`; empty when the words name none of them.
std::vector<std::string> NamedByWords(
    const std::vector<std::string>& paths,
    const std::vector<std::string_view>& words) {
  std::vector<std::string> named;
  for (std::string_view w : words) {
    const FieldWord* const fw = FieldWordOf(w);
    if (fw == nullptr) continue;
    for (const std::string& p : paths) {
      for (std::string_view k : fw->keys) {
        if (!k.empty() && PathNames(p, k) &&
            std::find(named.begin(), named.end(), p) == named.end()) {
          named.push_back(p);
        }
      }
    }
  }
  std::vector<std::string> ordered;
  for (const std::string& p : paths) {
    if (std::find(named.begin(), named.end(), p) != named.end()) {
      ordered.push_back(p);
    }
  }
  return ordered;
}

// The fields among `paths` that the most specific field word before the
// value names: the word naming the fewest of them ("feels like
// temperature of": "feels", one field, over "temperature", four), the
// nearer on a tie; empty when no word names one.
std::vector<std::string> NamedBySpecificWord(
    const std::vector<std::string>& paths,
    const std::vector<std::string_view>& words) {
  std::vector<std::string> best;
  for (auto w = words.rbegin(); w != words.rend(); ++w) {
    const std::vector<std::string> named = NamedByWords(paths, {*w});
    if (!named.empty() && (best.empty() || named.size() < best.size())) {
      best = named;
    }
  }
  return best;
}

// True when some word is a field word of the table.
bool NamesAField(const std::vector<std::string_view>& words) {
  return std::any_of(words.begin(), words.end(), [](std::string_view w) {
    return FieldWordOf(w) != nullptr;
  });
}

// A field word that also tells an extreme ("a low of 0.56", "the highest
// R"): it names a field only where the records have one it names
// ("temp_min"); in a series of one value per day it tells the value's
// place in the series, not a field.
bool TellsAnExtreme(std::string_view word) {
  for (std::string_view w :
       {"low", "lowest", "minimum", "high", "highest", "maximum"}) {
    if (ascii::EqualsIgnoreCase(word, w)) return true;
  }
  return false;
}

// The paths of a record's fields, each once.
std::vector<std::string> FieldPaths(const Record& record) {
  std::vector<std::string> paths;
  for (const RecordField& f : record.fields) {
    if (std::find(paths.begin(), paths.end(), f.path) == paths.end()) {
      paths.emplace_back(f.path);
    }
  }
  return paths;
}

// The same; all of `paths` when the words name no field; none when they
// name a field that is none of `paths` ("humidity" where the records hold
// clouds): the value is told of a field the records lack. A word that
// tells an extreme (TellsAnExtreme) names a field only when one of
// `record`'s own fields is one it names.
std::vector<std::string> NarrowByWords(
    const std::vector<std::string>& paths,
    const std::vector<std::string_view>& words, const Record& record) {
  std::vector<std::string> named = NamedByWords(paths, words);
  if (!named.empty()) return named;
  for (std::string_view w : words) {
    if (!NamesAField({w})) continue;
    if (TellsAnExtreme(w) && NamedByWords(FieldPaths(record), {w}).empty()) {
      continue;
    }
    return named;
  }
  return paths;
}

// ---- the check
// ---------------------------------------------------------------

// How near an extreme a value told as one may stand, as a share of the
// span the records cover (see BindExtreme).
constexpr double kExtremeSlack = 0.05;
// How near a value told as near ("around 7.79 m/s") must stand to the
// named record's, as a share of itself.
constexpr double kApproximateSlack = 0.05;

struct Binder {
  std::string_view answer;
  const EvidenceCorpus& corpus;
  const RecordSet& set;
  std::vector<TextSpan> scopes;
  std::vector<Mention> mentions;
  const std::vector<Candidate>& candidates;
  // Values a named day's readings hold, for the check of one reading.
  struct DayValue {
    Candidate* candidate;
    Value value;
    std::vector<std::uint32_t> day;
    TextSpan clause;
  };
  std::vector<DayValue> told_of_day;
  // The dates the answer names that no record holds ("January 1st" of
  // readings from the 3rd): a clause naming one also names a day other
  // than the one the records place.
  std::vector<TextSpan> unplaced_days;
  // The answer's weekdays when they are not the calendar's ("On Tuesday"
  // of readings from a Wednesday to a Monday): each names a day of the
  // records the answer counts its own way, so a value told there or after
  // it is told of no day read, nor of all the records.
  std::vector<TextSpan> unread_weekdays;
  // Each scope's clauses, read when first asked for (Bind and InClauseOf
  // ask for them once per value): [s] holds Clauses(answer, scopes[s]).
  mutable std::vector<std::optional<std::vector<TextSpan>>> clauses_of;
  // Each scope's SpeaksOfAll, SpeaksOfWhole, NamesPartOfDay and
  // PairsRespectively, read when first asked for (ScopeSays): -1 until
  // then.
  mutable std::vector<signed char> speaks_of_all;
  mutable std::vector<signed char> speaks_of_whole;
  mutable std::vector<signed char> names_part_of_day;
  mutable std::vector<signed char> pairs_respectively;
  // PeriodsNamed and NamesUnplacedDay of a span of the answer, read when
  // first asked for (Bind asks them of a value's scope and clause once per
  // value in it). An answer has few such spans: a list searched in order,
  // whose periods stay where they are.
  mutable std::vector<std::pair<TextSpan, std::unique_ptr<std::vector<Period>>>>
      periods_named;
  mutable std::vector<std::pair<TextSpan, bool>> names_unplaced_day;
  // Each group's NumericPaths, read when first asked for, and the same
  // without the directions (FieldsOfExtreme's).
  mutable std::vector<std::optional<std::vector<std::string>>> numeric_paths;
  mutable std::vector<std::optional<std::vector<std::string>>> extreme_paths;
  // ExtremePathsNamedBy's, by group and lowercased word (a node map:
  // the lists it hands out stay where they are).
  mutable absl::node_hash_map<std::pair<std::uint32_t, std::string>,
                              std::vector<std::string>>
      extreme_paths_named;
  // JoinedPairs, read when first asked for, and the number of candidates
  // it was read over.
  mutable std::optional<std::vector<std::pair<std::size_t, std::size_t>>>
      joined_pairs;
  mutable std::size_t joined_for = 0;

  // ExtremeOf of each value in its clause, read when first asked for (the
  // binding asks again for the same pair from several rules), keyed by
  // the clause's start and end and the value's.
  mutable absl::flat_hash_map<
      std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>, Extreme>
      extremes;

  Extreme ExtremeIn(TextSpan clause, TextSpan value) const {
    const auto [at, fresh] = extremes.try_emplace(
        std::tuple(clause.start, clause.end, value.start, value.end),
        Extreme::kNone);
    if (fresh) at->second = ExtremeOf(answer, clause, value);
    return at->second;
  }

  // What `read` says of scopes[s], kept in `said` (one entry a scope, -1
  // until read): each is read once however many values the scope holds.
  template <typename Read>
  bool ScopeSays(std::vector<signed char>& said, std::size_t s,
                 Read&& read) const {
    if (said.size() != scopes.size()) said.assign(scopes.size(), -1);
    if (said[s] < 0) said[s] = read(scopes[s]) ? 1 : 0;
    return said[s] == 1;
  }

  bool SpeaksOfWhole(std::size_t s) const {
    return ScopeSays(speaks_of_whole, s,
                     [&](TextSpan scope) { return SpeaksOfWhole(scope); });
  }

  bool PairsRespectivelyIn(std::size_t s) const {
    return ScopeSays(pairs_respectively, s,
                     [&](TextSpan scope) { return PairsRespectively(scope); });
  }

  bool NamesPartOfDayIn(std::size_t s) const {
    return ScopeSays(names_part_of_day, s, [&](TextSpan scope) {
      return NamesPartOfDay(answer, scope);
    });
  }

  const std::vector<Period>& PeriodsIn(TextSpan span) const {
    for (const auto& [known, periods] : periods_named) {
      if (known.start == span.start && known.end == span.end) return *periods;
    }
    return *periods_named
                .emplace_back(span, std::make_unique<std::vector<Period>>(
                                        PeriodsNamed(answer, span)))
                .second;
  }

  bool NamesUnplacedDayIn(TextSpan span) const {
    for (const auto& [known, names] : names_unplaced_day) {
      if (known.start == span.start && known.end == span.end) return names;
    }
    return names_unplaced_day.emplace_back(span, NamesUnplacedDay(answer, span))
        .second;
  }

  const std::vector<TextSpan>& ClausesOf(std::size_t s) const {
    if (clauses_of.size() != scopes.size()) clauses_of.resize(scopes.size());
    if (!clauses_of[s].has_value()) clauses_of[s] = Clauses(answer, scopes[s]);
    return *clauses_of[s];
  }

  // One reading told whole: in a clause that tells several values of one
  // day ("the temperature will be 21.44°C with a feels like temperature
  // of 21.68°C"), a first value only one of the day's readings holds (no
  // end of a range, no extreme) pins that reading, and a later value whose
  // words name a field of it must be that reading's (else misattributed, with
  // the pinned reading's).
  void BindReadings() {
    for (std::size_t i = 0; i < told_of_day.size(); ++i) {
      const DayValue& pin = told_of_day[i];
      // An end of a range or an extreme is told of the day, not of one
      // reading ("between 7.43 and 8.07, and a wind speed of 8.63").
      if (EndOfRange(*pin.candidate) ||
          ExtremeIn(pin.clause, {pin.candidate->start, pin.candidate->end}) !=
              Extreme::kNone) {
        continue;
      }
      const Record* pinned = nullptr;
      for (std::uint32_t r : pin.day) {
        if (!RecordHolds(set.records()[r], pin.value)) continue;
        if (pinned != nullptr) {
          pinned = nullptr;
          break;
        }
        pinned = &set.records()[r];
      }
      if (pinned == nullptr) continue;
      std::vector<std::string> paths;
      for (const RecordField& f : pinned->fields) paths.emplace_back(f.path);
      for (std::size_t j = i + 1; j < told_of_day.size(); ++j) {
        DayValue& later = told_of_day[j];
        if (later.clause.start != pin.clause.start ||
            later.candidate->status != CandidateStatus::kGrounded ||
            RecordHolds(*pinned, later.value)) {
          continue;
        }
        const TextSpan value{later.candidate->start, later.candidate->end};
        const std::vector<std::string> named = NamedBySpecificWord(
            paths, WordsBefore(answer, later.clause, value, 5));
        if (named.size() != 1) continue;
        const RecordField* held = FieldAt(*pinned, named.front());
        if (held == nullptr || !SameShape(*held, later.value)) continue;
        // Another reading (of any day) holds it there: read from that one.
        const Record* read = nullptr;
        for (std::uint32_t r : set.groups()[pinned->group].records) {
          const RecordField* f = FieldAt(set.records()[r], named.front());
          if (f != nullptr && Holds(*f, later.value)) {
            read = &set.records()[r];
            break;
          }
        }
        if (read == nullptr) continue;
        Misattribute(*later.candidate, *pinned, named.front(), held->text, read,
                     "");
      }
    }
  }

  // Marks `c` misattributed to the day's records (BindDay): the binding
  // names the day's first record and the values `field` takes over the
  // day ("4.1 to 8.3").
  void MisattributeToDay(Candidate& c, const std::vector<std::uint32_t>& day,
                         const std::string& field, const Record* read,
                         std::string_view aggregate) {
    const Record& first = set.records()[day.front()];
    double low = HUGE_VAL;
    double high = -HUGE_VAL;
    std::string low_text;
    std::string high_text;
    for (std::uint32_t r : day) {
      const RecordField* f = FieldAt(set.records()[r], field);
      if (f == nullptr || !f->number.has_value()) continue;
      if (*f->number < low) {
        low = *f->number;
        low_text = f->text;
      }
      if (*f->number > high) {
        high = *f->number;
        high_text = f->text;
      }
    }
    const RecordField* own = FieldAt(first, field);
    std::string held =
        low_text.empty()
            ? (own != nullptr ? std::string(own->text) : std::string())
        : low_text == high_text ? low_text
                                : low_text + " to " + high_text;
    Misattribute(c, first, field, held, read, aggregate);
  }

  // The record a binding names as read, among the turn's records.
  const Record* RecordAt(const RecordPlace& place) const {
    if (place.path.empty()) return nullptr;
    for (const Record& record : set.records()) {
      if (record.path == place.path && CarrierOf(record) == place.carrier) {
        return &record;
      }
    }
    return nullptr;
  }

  // Values told together were read together. In a clause that tells one
  // day several values ("On January 5th, the temperature will be 18.5°C
  // with a feels like temperature of 18.16°C"), where a value is
  // misattributed, read from a reading R of another day, a value the day
  // holds only at the precision written (18.48 for 18.5) and R holds
  // exactly as written was read from R too: it is misattributed with the
  // day's values of the field R holds it in.
  void BindTogether() {
    for (DayValue& told : told_of_day) {
      Candidate& c = *told.candidate;
      const TextSpan value{c.start, c.end};
      if (c.status != CandidateStatus::kGrounded || EndOfRange(c) ||
          told.value.time || !told.value.code.empty() ||
          ExtremeIn(told.clause, value) != Extreme::kNone) {
        continue;
      }
      const auto exactly = [&](const RecordField& f) {
        return f.number.has_value() &&
               std::fabs(*f.number - told.value.number) <=
                   1e-9 * std::max(1.0, std::fabs(told.value.number));
      };
      const bool day_holds_exactly =
          std::any_of(told.day.begin(), told.day.end(), [&](std::uint32_t r) {
            const Record& record = set.records()[r];
            return std::any_of(record.fields.begin(), record.fields.end(),
                               [&](const RecordField& f) {
                                 return exactly(f) && !Identifies(record, f);
                               });
          });
      if (day_holds_exactly) continue;
      const Record* read = nullptr;
      for (const Candidate& other : candidates) {
        if (&other == &c || other.status != CandidateStatus::kMisattributed ||
            !other.binding.has_value() || other.binding->aggregate != "day" ||
            !told.clause.Holds(other.start)) {
          continue;
        }
        read = RecordAt(other.binding->read);
        if (read != nullptr) break;
      }
      if (read == nullptr ||
          std::any_of(told.day.begin(), told.day.end(), [&](std::uint32_t r) {
            return &set.records()[r] == read;
          })) {
        continue;
      }
      const Record& first = set.records()[told.day.front()];
      std::vector<std::string> paths;
      for (const RecordField& f : read->fields) {
        if (!exactly(f) || Identifies(*read, f)) continue;
        const RecordField* own = FieldAt(first, f.path);
        if (own == nullptr || !SameShape(*own, told.value)) continue;
        if (std::find(paths.begin(), paths.end(), f.path) == paths.end()) {
          paths.emplace_back(f.path);
        }
      }
      if (paths.empty()) continue;
      const std::vector<std::string> fields = NarrowByWords(
          paths, WordsBefore(answer, told.clause, value, 4), first);
      if (fields.empty()) continue;
      MisattributeToDay(c, told.day, fields.front(), read, "day");
    }
  }

  std::string CarrierOf(const Record& record) const {
    const auto& results = corpus.results();
    return record.carrier < results.size()
               ? results[record.carrier].tool_call_id
               : std::string();
  }

  // The records of `group` named in `span`, apart from the value itself;
  // identifiers first, days when no identifier names one.
  std::vector<std::uint32_t> NamedIn(TextSpan span, TextSpan value,
                                     std::uint32_t group, bool* by_day) const {
    std::vector<std::uint32_t> by_id;
    std::vector<std::uint32_t> by_days;
    for (const Mention& m : mentions) {
      if (m.span.start < span.start || m.span.end > span.end) continue;
      if (m.span.start < value.end && value.start < m.span.end) continue;
      // A day governs what follows it in its sentence ("On January 5th,
      // X, with Y"), not a clause before it ("X to Y, with a high on
      // January 3rd"), unless it stands in the value's own clause.
      if (m.day && value.end != 0 && m.span.start > value.start &&
          !InClauseOf(value, m.span.start)) {
        continue;
      }
      for (std::uint32_t r : m.records) {
        if (set.records()[r].group != group) continue;
        if (m.bound) {
          // A stretch: every record of the group may be the one meant.
          const std::vector<std::uint32_t>& all = set.groups()[group].records;
          by_id.insert(by_id.end(), all.begin(), all.end());
          break;
        }
        std::vector<std::uint32_t>& into = m.day ? by_days : by_id;
        if (std::find(into.begin(), into.end(), r) == into.end()) {
          into.push_back(r);
        }
      }
    }
    *by_day = by_id.empty() && !by_days.empty();
    return by_id.empty() ? by_days : by_id;
  }

  // The day mention (of `group`) that follows the value in its clause
  // with only words between, at most six, the last of them "on"
  // ("0.56 cases per million people on March 29"); none when a digit,
  // a comma or another mention stands between.
  const Mention* DayJustAfter(TextSpan value, TextSpan clause,
                              std::uint32_t group) const {
    const Mention* next = nullptr;
    for (const Mention& m : mentions) {
      if (m.span.start < value.end || m.span.end > clause.end) continue;
      if (next == nullptr || m.span.start < next->span.start) next = &m;
    }
    if (next == nullptr || !next->day || next->bound) return nullptr;
    if (std::none_of(
            next->records.begin(), next->records.end(),
            [&](std::uint32_t r) { return set.records()[r].group == group; })) {
      return nullptr;
    }
    const std::string_view between =
        answer.substr(value.end, next->span.start - value.end);
    if (std::any_of(between.begin(), between.end(), [](char ch) {
          return ascii::IsDigit(ch) || ch == ',' || ch == ';' || ch == '(';
        })) {
      return nullptr;
    }
    const std::vector<std::string_view> words =
        WordsBefore(answer, {value.end, next->span.start}, next->span, 7);
    if (words.empty() || words.size() > 6 ||
        !ascii::EqualsIgnoreCase(words.back(), "on")) {
      return nullptr;
    }
    // "on Wednesday and Friday", "on March 3 to March 5": not one day;
    // "on Wednesday, January 4th": which of the two is meant is not read.
    std::size_t after = next->span.end;
    while (after < answer.size() && answer[after] == ' ') ++after;
    for (std::string_view joint :
         {"and ", "or ", "to ", "through ", "-", ","}) {
      if (!answer.substr(after).starts_with(joint)) continue;
      std::size_t then = after + joint.size();
      while (then < answer.size() && answer[then] == ' ') ++then;
      for (const Mention& m : mentions) {
        if (m.span.start == then) return nullptr;
      }
    }
    return next;
  }

  bool InClauseOf(TextSpan value, std::size_t at) const {
    for (std::size_t s = 0; s < scopes.size(); ++s) {
      if (!scopes[s].Holds(value.start)) continue;
      for (const TextSpan& clause : ClausesOf(s)) {
        if (clause.Holds(value.start)) return clause.Holds(at);
      }
    }
    return false;
  }

  // True when `span` names a weekday of an answer whose weekdays are not
  // the calendar's (unread_weekdays).
  bool UnreadWeekdayIn(TextSpan span) const {
    return std::any_of(
        unread_weekdays.begin(), unread_weekdays.end(),
        [&](const TextSpan& day) { return span.Holds(day.start); });
  }

  bool AnyNamedIn(TextSpan span, std::uint32_t group) const {
    bool by_day = false;
    return !NamedIn(span, {0, 0}, group, &by_day).empty();
  }

  // The groups whose records hold `v`.
  std::vector<std::uint32_t> GroupsHolding(const Value& v) const {
    std::vector<std::uint32_t> holding;
    if (!v.code.empty()) {
      const std::span<const std::uint32_t> with = set.WithText(v.code);
      holding.assign(with.begin(), with.end());
    } else if (v.time) {
      const std::span<const std::uint32_t> with =
          set.WithTime(v.hour, v.minute);
      holding.assign(with.begin(), with.end());
    } else {
      set.WithNumberIn(v.number - v.tolerance, v.number + v.tolerance,
                       &holding);
      if (v.percent) {
        std::vector<std::uint32_t> as_percent;
        set.WithNumberIn((v.number - v.tolerance) * 100,
                         (v.number + v.tolerance) * 100, &as_percent);
        holding.insert(holding.end(), as_percent.begin(), as_percent.end());
        std::sort(holding.begin(), holding.end());
      }
    }
    std::vector<std::uint32_t> groups;
    absl::flat_hash_set<std::uint32_t> seen;
    for (std::uint32_t r : holding) {
      const Record& record = set.records()[r];
      if (!seen.contains(record.group) && RecordHolds(record, v)) {
        seen.insert(record.group);
        groups.push_back(record.group);
      }
    }
    return groups;
  }

  void Bind(Candidate& c) {
    if (const std::optional<Value> v = ValueOf(answer, c)) Bind(c, *v);
  }

  void Bind(Candidate& c, Value v) {
    if (LooseHolds(set, v)) return;
    const std::vector<std::uint32_t> groups = GroupsHolding(v);
    if (groups.empty()) return;
    const TextSpan value{c.start, c.end};
    std::size_t s = 0;
    while (s < scopes.size() && !scopes[s].Holds(c.start)) ++s;
    if (s == scopes.size()) return;
    const TextSpan scope = scopes[s];
    TextSpan clause = scope;
    for (const TextSpan& cl : ClausesOf(s)) {
      if (cl.Holds(c.start)) clause = cl;
    }
    if (TellsATotal(clause, value) || PairsRespectivelyIn(s)) return;
    // A bound ("over 500") is no value of a record, nor a round value told
    // as near ("around 22 degrees"). A value written to a decimal place
    // and told as near ("around 7.79 m/s") was read from a record: it is
    // judged: written to one place, within a twentieth of itself or two
    // units of that place; to more, within two units of its last place
    // (a value read to the hundredth was read from one reading).
    switch (HedgeOf(answer, clause, value)) {
      case Hedge::kNone:
        break;
      case Hedge::kBound:
        return;
      case Hedge::kApproximate:
        if (v.time || !v.code.empty() ||
            PlacesWritten(answer.substr(c.start, c.end - c.start)) == 0) {
          return;
        }
        v.tolerance =
            PlacesWritten(answer.substr(c.start, c.end - c.start)) >= 2
                ? v.tolerance * 4
                : std::max(v.tolerance * 4,
                           std::fabs(v.number) * kApproximateSlack);
        break;
    }
    // The group the scope tells of: of the groups holding the value, the
    // one whose records it names (its clause first); with one group, that.
    std::uint32_t group = groups.front();
    bool by_day = false;
    bool day_just_after = false;  // the day written just after the value
    std::vector<std::uint32_t> named;
    if (groups.size() > 1) {
      // Each group the scope names one record of must give one verdict:
      // the same record repeated in several results or itineraries
      // ("HAT110" in each one-stop option) holds the same values.
      std::vector<std::uint32_t> tellers;
      for (TextSpan span : {clause, scope}) {
        for (std::uint32_t g : groups) {
          bool day = false;
          std::vector<std::uint32_t> in = NamedIn(span, value, g, &day);
          if (in.empty()) continue;
          if (in.size() != 1) return;
          tellers.push_back(in.front());
        }
        if (!tellers.empty()) break;
      }
      if (tellers.empty()) return;
      std::optional<Candidate> first;
      for (std::uint32_t r : tellers) {
        Candidate trial = c;
        BindOne(trial, v, set.records()[r], clause, value);
        if (trial.status != CandidateStatus::kMisattributed) return;
        if (first.has_value() &&
            (first->binding->field != trial.binding->field ||
             first->binding->named_value != trial.binding->named_value)) {
          return;
        }
        if (!first.has_value()) first = std::move(trial);
      }
      c = std::move(*first);
      return;
    } else {
      named = NamedIn(clause, value, group, &by_day);
      if (named.empty()) named = NamedIn(scope, value, group, &by_day);
      // Of several days the clause names, the one written just after the
      // value ("from 2.26 on March 20, 2020, to 0.56 on November 5").
      if (named.size() > 1) {
        if (const Mention* day = DayJustAfter(value, clause, group)) {
          named.clear();
          for (std::uint32_t r : day->records) {
            if (set.records()[r].group == group) named.push_back(r);
          }
          by_day = true;
          day_just_after = true;
        }
      }
    }
    if (named.size() == 1) {
      BindOne(c, v, set.records()[named.front()], clause, value);
      return;
    }
    // One day of several records: the value must be one of theirs.
    if (by_day && named.size() > 1 &&
        (day_just_after || OneDayIn(clause, scope))) {
      BindDay(c, v, named, clause, value);
      return;
    }
    // A month the value's clause names ("1043 cases per million in August
    // 2020"): one of its readings must hold the value.
    if (named.empty() && ExtremeIn(clause, value) == Extreme::kNone &&
        !EndOfRange(c)) {
      const std::vector<std::uint32_t> month = MonthNamedIn(clause, group);
      if (!month.empty()) {
        BindDay(c, v, month, clause, value, "month");
        return;
      }
    }
    // A day named in an earlier sentence of the paragraph still holds
    // ("On January 5th, the temperature will be 5.67°C. The wind speed
    // will be 2.1 m/s."), unless this sentence speaks of the whole stretch
    // or tells a range or an extreme, which people tell of the stretch.
    if (named.empty() && !SpeaksOfAll(s) &&
        ExtremeIn(clause, value) == Extreme::kNone && !EndOfRange(c)) {
      for (std::size_t back = s; back > 0; --back) {
        const TextSpan earlier = scopes[back - 1];
        if (answer.substr(earlier.end, scopes[back].start - earlier.end)
                .find("\n\n") != std::string_view::npos) {
          break;  // another paragraph
        }
        bool day = false;
        std::vector<std::uint32_t> then = NamedIn(earlier, {0, 0}, group, &day);
        if (then.empty()) {
          if (SpeaksOfAll(back - 1) || UnreadWeekdayIn(earlier)) break;
          continue;
        }
        if (day && then.size() > 1 && OneDayIn(earlier, earlier)) {
          BindDay(c, v, then, clause, value);
        }
        return;
      }
    }
    const Extreme extreme = ExtremeIn(clause, value);
    // A day it cannot place, named before the value or in its clause ("The
    // final day will bring clear skies, with a high of 14.11°C"), tells
    // what the value is of; one in a later clause ("from 4.95°C to
    // 12.86°C, with snow on the last day") tells of something else.
    if (extreme == Extreme::kNone || NamesPartOfDayIn(s) ||
        NamesUnplacedDayIn({scope.start, clause.end}) ||
        UnreadWeekdayIn({scope.start, clause.end})) {
      return;
    }
    // A range of the days' highs or lows is not the stretch's least and
    // greatest.
    if (EndOfRange(c) && TellsDailyExtremes(answer, clause, value)) return;
    const bool backward = EndOfRange(c) && RangeRunsBackward(c, extreme);
    bool placed = false;  // below: a peak placed in a month
    auto bind = [&](Candidate& target,
                    const std::vector<std::uint32_t>& records) {
      if (backward) {
        BindRangeRun(target, v, group, records, extreme, clause);
      } else {
        BindExtreme(target, v, group, records, extreme, clause, placed);
      }
    };
    // Several records together: all of the group, when neither the
    // sentence nor the one before names any record of it, nor a stretch
    // of them ("in June 2021"). A stretch of days the sentence, or the one
    // before, opens with ("From January 3rd to January 7th, ...") tells of
    // its records.
    std::optional<std::vector<std::uint32_t>> stretch;
    // One day the sentence before opens with, in the same paragraph, when
    // this one speaks of no other ("On January 5th, ... . Gusts will reach
    // up to 4.39 m/s."): the value is told of that day, unless it is the
    // extreme of all the records. A sentence before that names only a
    // weekday not read ("On Tuesday, ..." in an answer whose weekdays are
    // its own) leaves what the value is of unread.
    std::vector<std::uint32_t> day_before;
    if (!named.empty()) {
      stretch = StretchNamedIn(scope, value, group);
      if (!stretch.has_value()) return;
    } else if (s > 0 && !AnyNamedIn(scopes[s - 1], group) &&
               UnreadWeekdayIn(scopes[s - 1]) && !SpeaksOfWhole(s) &&
               !SpeaksOfAll(s)) {
      return;
    } else if (s > 0 && AnyNamedIn(scopes[s - 1], group)) {
      stretch = StretchNamedIn(scopes[s - 1], {0, 0}, group);
      if (!stretch.has_value()) {
        const TextSpan earlier = scopes[s - 1];
        bool day = false;
        day_before = NamedIn(earlier, {0, 0}, group, &day);
        if (SpeaksOfWhole(s)) {
          day_before.clear();  // of every record, as with no day before
        } else if (!day || day_before.size() < 2 ||
                   !OneDayIn(earlier, earlier) || !OpensWithADay(earlier) ||
                   SpeaksOfAll(s) ||
                   answer.substr(earlier.end, scope.start - earlier.end)
                           .find("\n\n") != std::string_view::npos) {
          return;
        }
      }
    }
    // A stretch the sentence names ("in June 2021") narrows them to its
    // records; two stretches ("from March 2020 to May 2021") are not read.
    // Unless the value's clause names one, with its year, after the value
    // ("until March 2020, after which it rose, reaching a peak of 1688.77
    // in August 2021"): that one is the value's.
    std::vector<Period> periods = PeriodsIn(scope);
    if (periods.size() > 1) {
      periods = PeriodsIn(clause);
      // A month with no year ("in April", after "from February 2020")
      // takes its year from the others: not read.
      if (periods.size() != 1 || periods[0].span.start < value.end ||
          periods[0].year == 0) {
        return;
      }
    }
    // A month with no year ("the highest reading in April") that the
    // records hold in more than one year names none of them.
    if (periods.size() == 1 && periods[0].month != 0 && periods[0].year == 0) {
      int year = 0;
      for (std::uint32_t r : set.groups()[group].records) {
        const Record& record = set.records()[r];
        if (record.month != periods[0].month) continue;
        if (year != 0 && record.year != year) return;
        year = record.year;
      }
    }
    // A peak told as placed in a month ("a peak of 55.87% in September
    // 2022") is a peak there: the greatest of that month and the months
    // beside it, not only of its own readings.
    placed = periods.size() == 1 && periods[0].month != 0 &&
             periods[0].year != 0 && periods[0].span.start >= value.end &&
             !EndOfRange(c);
    const int placed_month =
        placed ? periods[0].year * 12 + periods[0].month - 1 : 0;
    std::vector<std::uint32_t> over;
    for (std::uint32_t r : set.groups()[group].records) {
      const Record& record = set.records()[r];
      if (placed) {
        if (record.month != 0 &&
            std::abs(record.year * 12 + record.month - 1 - placed_month) <= 1) {
          over.push_back(r);
        }
      } else if (periods.empty() ||
                 (record.month != 0 &&
                  (periods[0].year == 0 || periods[0].year == record.year) &&
                  (periods[0].month == 0 ||
                   periods[0].month == record.month))) {
        over.push_back(r);
      }
    }
    if (!day_before.empty()) {
      Candidate of_all = c;
      bind(of_all, over);
      if (of_all.status == CandidateStatus::kMisattributed) {
        BindDay(c, v, day_before, clause, value);
      }
      return;
    }
    if (!stretch.has_value()) {
      bind(c, over);
      return;
    }
    // Over the stretch, unless the value is the extreme of all the records
    // (the stretch named loosely, or the records' days another zone's).
    Candidate of_all = c;
    bind(of_all, over);
    if (of_all.status != CandidateStatus::kMisattributed) return;
    std::erase_if(over, [&](std::uint32_t r) {
      return std::find(stretch->begin(), stretch->end(), r) == stretch->end();
    });
    bind(c, over);
  }

  // "ranging from 6.42°C to 3.07°C": a range told backward tells the
  // readings from the first to the last. Its first end must be the first
  // reading's value or the greatest, its last end the last reading's or
  // the least, of a field the words name (or a series' one field of
  // numbers), over `over` in their order; a reading beside either end
  // counts too (a day's readings may be another zone's). Else the end is
  // misattributed, with the end reading's own value. With `edged`, the
  // first and last of `over` are such readings beside a day: the extremes
  // are read both with and without them ("between 2.98 and 1.36" for a
  // day's least and greatest, told in either order).
  void BindRangeRun(Candidate& c, const Value& written, std::uint32_t group,
                    const std::vector<std::uint32_t>& over, Extreme extreme,
                    TextSpan clause, bool edged = false) {
    if (over.size() < 3 || written.time) return;
    Value v = written;
    v.tolerance *= 2;
    const Record* read = nullptr;
    const std::vector<std::string> fields =
        FieldsTold(PathsHolding(v, set.groups()[group].records, &read), group,
                   FieldWordsOf(c, clause, 8));
    if (fields.empty()) return;
    // The first end ("from 6.42") is read as kLeast, the last as kGreatest.
    const bool first_end = extreme == Extreme::kLeast;
    const Record* end_record = nullptr;
    const RecordField* end_field = nullptr;
    for (const std::string& path : fields) {
      std::vector<std::pair<const Record*, const RecordField*>> run;
      double low = HUGE_VAL;
      double high = -HUGE_VAL;
      for (std::uint32_t r : over) {
        const RecordField* f = FieldAt(set.records()[r], path);
        if (f == nullptr || !f->number.has_value()) continue;
        run.emplace_back(&set.records()[r], f);
        low = std::min(low, *f->number);
        high = std::max(high, *f->number);
      }
      if (run.size() < 3) continue;
      const double slack = (high - low) * kExtremeSlack;
      const std::size_t at = first_end ? 0 : run.size() - 1;
      const std::size_t beside = first_end ? 1 : run.size() - 2;
      if (NearExtreme(*run[at].second, v, slack) ||
          NearExtreme(*run[beside].second, v, slack)) {
        return;
      }
      // Its greatest (the first end) or least (the last), of the day alone
      // too.
      using Reading = std::pair<const Record*, const RecordField*>;
      auto greater = [&](const Reading& a, const Reading& b) {
        const double x = *a.second->number;
        const double y = *b.second->number;
        return first_end ? x < y : x > y;
      };
      if (NearExtreme(
              *std::max_element(run.begin(), run.end(), greater)->second, v,
              slack)) {
        return;
      }
      if (edged && run.size() > 2 &&
          NearExtreme(*std::max_element(run.begin() + 1, run.end() - 1, greater)
                           ->second,
                      v, slack)) {
        return;
      }
      if (end_record == nullptr) {
        end_record = run[at].first;
        end_field = run[at].second;
      }
    }
    if (end_record == nullptr) return;
    Misattribute(c, *end_record, fields.front(), end_field->text, read, "");
  }

  // The records of `group` in the one month and year `clause` names ("in
  // August 2020", "as of May 2021"), when it names no other period and the
  // month is no bound ("by May 2021", "since"); empty otherwise, or when
  // fewer than two records fall in it.
  std::vector<std::uint32_t> MonthNamedIn(TextSpan clause,
                                          std::uint32_t group) const {
    const std::vector<Period>& periods = PeriodsIn(clause);
    if (periods.size() != 1 || periods[0].month == 0 || periods[0].year == 0 ||
        IsBound(answer, periods[0].span.start)) {
      return {};
    }
    std::vector<std::uint32_t> in;
    for (std::uint32_t r : set.groups()[group].records) {
      const Record& record = set.records()[r];
      if (record.year == periods[0].year && record.month == periods[0].month) {
        in.push_back(r);
      }
    }
    if (in.size() < 2) return {};
    return in;
  }

  // The records of `group` from the first to the last day of a stretch
  // `span` names ("from January 3rd to January 7th", "between the 4th and
  // the 6th"), when the two days are all it names of the group, apart
  // from the value; nullopt otherwise.
  std::optional<std::vector<std::uint32_t>> StretchNamedIn(
      TextSpan span, TextSpan value, std::uint32_t group) const {
    std::vector<const Mention*> ends;
    for (const Mention& m : mentions) {
      if (m.span.start < span.start || m.span.end > span.end) continue;
      if (m.span.start < value.end && value.start < m.span.end) continue;
      if (std::none_of(m.records.begin(), m.records.end(),
                       [&](std::uint32_t r) {
                         return set.records()[r].group == group;
                       })) {
        continue;
      }
      if (!m.day || m.bound || ends.size() == 2) return std::nullopt;
      ends.push_back(&m);
    }
    if (ends.size() != 2 || ends[0]->span.end > ends[1]->span.start) {
      return std::nullopt;
    }
    std::string between(answer.substr(ends[0]->span.end,
                                      ends[1]->span.start - ends[0]->span.end));
    for (char& ch : between) ch = ascii::Lower(ch);
    std::erase_if(between, [](char ch) { return ch == ' ' || ch == ','; });
    if (between != "to" && between != "until" && between != "through" &&
        between != "and" && between != "-" && between != "\xE2\x80\x93" &&
        between != "tothe" && between != "andthe") {
      return std::nullopt;
    }
    std::size_t before = ends[0]->span.start;
    while (before > span.start && answer[before - 1] == ' ') --before;
    std::size_t word = before;
    while (word > span.start && ascii::IsAlpha(answer[word - 1])) --word;
    std::string_view opener = answer.substr(word, before - word);
    if (ascii::EqualsIgnoreCase(opener, "the")) {
      before = word;
      while (before > span.start && answer[before - 1] == ' ') --before;
      word = before;
      while (word > span.start && ascii::IsAlpha(answer[word - 1])) --word;
      opener = answer.substr(word, before - word);
    }
    if (!ascii::EqualsIgnoreCase(opener, "from") &&
        !ascii::EqualsIgnoreCase(opener, "between")) {
      return std::nullopt;
    }
    auto day_of = [&](std::uint32_t r) {
      const Record& record = set.records()[r];
      return record.days;
    };
    long first = LONG_MAX;
    long last = LONG_MIN;
    for (std::uint32_t r : ends[0]->records) {
      if (set.records()[r].group == group) first = std::min(first, day_of(r));
    }
    for (std::uint32_t r : ends[1]->records) {
      if (set.records()[r].group == group) last = std::max(last, day_of(r));
    }
    if (first > last) return std::nullopt;
    std::vector<std::uint32_t> within;
    for (std::uint32_t r : set.groups()[group].records) {
      const Record& record = set.records()[r];
      if (record.month != 0 && day_of(r) >= first && day_of(r) <= last) {
        within.push_back(r);
      }
    }
    return within;
  }

  // True when `first` and `second`, in that order, are the two ends of a
  // range ("1011 hPa to 1015 hPa", "5-8 m/s"): the unit after the first
  // end, then a joiner, then the second.
  bool JoinedAsRange(const Candidate& first, const Candidate& second) const {
    if (second.start < first.end || second.start - first.end > 16 ||
        first.shape != second.shape) {
      return false;
    }
    std::string between(answer.substr(first.end, second.start - first.end));
    for (char& ch : between) ch = ascii::Lower(ch);
    for (std::string_view joiner : {" to ", "-", "\xE2\x80\x93", " and "}) {
      const std::size_t at = between.find(joiner);
      if (at == std::string::npos) continue;
      const std::string tail = between.substr(at + joiner.size());
      if (tail.find_first_not_of(" $") == std::string::npos) return true;
    }
    return false;
  }

  // True when the value and a neighbouring value of its shape are the two
  // ends of a range. Read once per candidate of the answer (a value is
  // asked about again and again, and each asking compares it with every
  // other value).
  bool EndOfRange(const Candidate& c) const {
    const std::optional<std::size_t> k = IndexOf(c);
    if (!k.has_value()) {
      return std::any_of(
          candidates.begin(), candidates.end(), [&](const Candidate& o) {
            return &o != &c && (JoinedAsRange(o, c) || JoinedAsRange(c, o));
          });
    }
    const auto& pairs = JoinedPairs();
    return std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) {
      return p.first == *k || p.second == *k;
    });
  }

  // The index of `c` in `candidates`, when it is one of them.
  std::optional<std::size_t> IndexOf(const Candidate& c) const {
    const std::less<const Candidate*> before;
    if (before(&c, candidates.data()) ||
        !before(&c, candidates.data() + candidates.size())) {
      return std::nullopt;
    }
    return static_cast<std::size_t>(&c - candidates.data());
  }

  // Every (first, second) of candidate indices with JoinedAsRange(first,
  // second), in the order of `first`, then of `second`: read once per
  // answer (each value is asked about again and again, and each asking
  // would compare it with every other value).
  const std::vector<std::pair<std::size_t, std::size_t>>& JoinedPairs() const {
    if (!joined_pairs.has_value() || joined_for != candidates.size()) {
      joined_pairs.emplace();
      joined_for = candidates.size();
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        for (std::size_t j = 0; j < candidates.size(); ++j) {
          if (i != j && JoinedAsRange(candidates[i], candidates[j])) {
            joined_pairs->emplace_back(i, j);
          }
        }
      }
    }
    return *joined_pairs;
  }

  // The first `most` words after the value in its clause.
  std::vector<std::string_view> WordsAfter(const Candidate& c, TextSpan clause,
                                           std::size_t most) const {
    if (c.end >= clause.end) return {};
    std::vector<std::string_view> words = WordsBefore(
        answer, {c.end, clause.end}, {clause.end, clause.end}, SIZE_MAX);
    if (words.size() > most) words.resize(most);
    return words;
  }

  // The words that tell the field of `value`: those before it in its
  // clause, or, for the second end of a range, those before the first
  // ("wind speeds will vary from 1.36 m/s to 14.3 m/s").
  std::vector<std::string_view> FieldWordsOf(const Candidate& c,
                                             TextSpan clause,
                                             std::size_t most) const {
    TextSpan value{c.start, c.end};
    if (const std::optional<std::size_t> k = IndexOf(c)) {
      for (const auto& [first, second] : JoinedPairs()) {
        const Candidate& o = candidates[first];
        if (second == *k && o.start >= clause.start) {
          value = {o.start, o.end};
          break;
        }
      }
      return WordsBefore(answer, clause, value, most);
    }
    for (const Candidate& o : candidates) {
      if (&o != &c && o.start >= clause.start && JoinedAsRange(o, c)) {
        value = {o.start, o.end};
        break;
      }
    }
    return WordsBefore(answer, clause, value, most);
  }

  // True when a day is named in `scope` before any value of it: the
  // sentence is about that day ("On January 5th, ...", "The weather will
  // be cloudy on January 6th, with ..."), not one that places an extreme
  // on a day ("..., with a low of 2.1 on January 5th").
  bool OpensWithADay(TextSpan scope) const {
    std::size_t day = scope.end;
    for (const Mention& m : mentions) {
      if (m.day && scope.Holds(m.span.start)) {
        day = std::min(day, m.span.start);
      }
    }
    return day != scope.end &&
           std::none_of(candidates.begin(), candidates.end(),
                        [&](const Candidate& c) {
                          return c.start >= scope.start && c.start < day &&
                                 c.shape != "date";
                        });
  }

  // True when `clause`, or else `scope`, names exactly one day (one no
  // record holds counts: "15.48°C on January 1st and 12.64°C on January
  // 4th" names two).
  bool OneDayIn(TextSpan clause, TextSpan scope) const {
    auto days = [&](TextSpan span) {
      std::size_t n = 0;
      for (const Mention& m : mentions) {
        if (m.day && span.Holds(m.span.start)) ++n;
      }
      for (const std::vector<TextSpan>* list :
           {&unplaced_days, &unread_weekdays}) {
        for (const TextSpan& day : *list) {
          if (span.Holds(day.start)) ++n;
        }
      }
      return n;
    };
    const std::size_t in_clause = days(clause);
    return in_clause == 1 || (in_clause == 0 && days(scope) == 1);
  }

  // A sentence about the whole stretch, not the day before it.
  // The words are read at the start of a word, a hyphened one whole: the
  // "all" of "rainfall" or "all-sky", or the "days" of "holidays", is none.
  // Of scopes[s], it is read once per scope (Bind asks it of a sentence
  // once per value in it, and of the sentences before).
  bool SpeaksOfAll(std::size_t s) const {
    return ScopeSays(speaks_of_all, s,
                     [&](TextSpan scope) { return SpeaksOfAll(scope); });
  }
  bool SpeaksOfAll(TextSpan scope) const {
    static constexpr std::string_view kPhrases[] = {
        " overall",   " days",      " week",     " period",    " each day",
        " every day", " daily",     " forecast", " generally", " in general",
        " the rest",  " remaining", " all "};
    // The scope as the phrases are matched against it: a letter lowercased,
    // a hyphen kept, any other byte a space, with a space before and after
    // (position q of that text; '\0' past its end).
    const std::string_view text =
        answer.substr(scope.start, scope.end - scope.start);
    const auto at = [&](std::size_t q) -> char {
      if (q == 0 || q == text.size() + 1) return ' ';
      if (q > text.size() + 1) return '\0';
      const char ch = text[q - 1];
      return ascii::IsAlpha(ch) || ch == '-' ? ascii::Lower(ch) : ' ';
    };
    // Every phrase opens with a space and a letter: it can begin only where
    // a space is followed by a letter.
    for (std::size_t p = 0; p <= text.size(); ++p) {
      if (at(p) != ' ') continue;
      const char next = at(p + 1);
      if (next == ' ' || next == '-') continue;
      for (std::string_view w : kPhrases) {
        if (w[1] != next) continue;
        std::size_t k = 2;
        while (k < w.size() && at(p + k) == w[k]) ++k;
        if (k == w.size()) return true;
      }
    }
    return false;
  }

  // Whether a sentence tells of the whole stretch in words no earlier
  // sentence's day can narrow: "throughout the forecast period", "over
  // the entire week", "over the next five days", "overall". "Throughout
  // the day" and "over the next 24 hours" tell of one day;
  // words of what is left ("the rest", "remaining") tell of part of it.
  bool SpeaksOfWhole(TextSpan scope) const {
    std::string text(" ");
    text.append(answer.substr(scope.start, scope.end - scope.start));
    for (char& ch : text) ch = ascii::IsAlpha(ch) ? ascii::Lower(ch) : ' ';
    for (std::string_view w :
         {" rest ", " remaining ", " later ", " following "}) {
      if (text.find(w) != std::string::npos) return false;
    }
    if (text.find(" overall ") != std::string::npos) return true;
    for (std::string_view w :
         {" throughout ", " entire ", " whole ", " over ", " during "}) {
      for (std::size_t at = text.find(w); at != std::string::npos;
           at = text.find(w, at + 1)) {
        std::string_view next = std::string_view(text).substr(at + w.size());
        for (std::string_view article :
             {"the ", "this ", "entire ", "whole "}) {
          if (next.substr(0, article.size()) == article) {
            next.remove_prefix(article.size());
          }
        }
        for (std::string_view whole : {"forecast ", "period ", "week "}) {
          if (next.substr(0, whole.size()) == whole) return true;
        }
        if (NextDays(next)) return true;
      }
    }
    return false;
  }

  // "next five days", "coming week", "next 5 days" (the digits are
  // spaces here): days or a week ahead; "next 24 hours" is part of a day.
  static bool NextDays(std::string_view text) {
    for (std::string_view ahead : {"next ", "coming "}) {
      if (text.substr(0, ahead.size()) != ahead) continue;
      text.remove_prefix(ahead.size());
      while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
      for (std::string_view count : {"few ", "several ", "two ", "three ",
                                     "four ", "five ", "six ", "seven "}) {
        if (text.substr(0, count.size()) == count) {
          text.remove_prefix(count.size());
        }
      }
      return text.substr(0, 4) == "days" || text.substr(0, 4) == "week";
    }
    return false;
  }

  // A value told of one day's records (or one month's: `aggregate`
  // "month"): one of them must hold it, in a field of its shape. When none
  // does and a record of another day does, in a field the day's records
  // hold, it is misattributed; the binding names the day's first record,
  // and the values that field takes over the day ("4.1 to 8.3").
  void BindDay(Candidate& c, const Value& v,
               const std::vector<std::uint32_t>& day, TextSpan clause,
               TextSpan value, std::string_view aggregate = "day") {
    for (std::uint32_t r : day) {
      if (RecordHolds(set.records()[r], v)) {
        told_of_day.push_back({&c, v, day, clause});
        BindDayExtreme(c, v, day, clause, value);
        return;
      }
    }
    const Record& first = set.records()[day.front()];
    const Record* read = nullptr;
    // The fields any of the day's readings holds: rain stands only in the
    // readings it fell in.
    const std::vector<std::string> paths = FieldsOthersHold(day, v, &read);
    if (paths.empty()) return;
    std::vector<std::string> fields =
        NarrowByWords(paths, WordsBefore(answer, clause, value, 4), first);
    if (fields.empty()) {
      // "The pressure will reach a high of 1012 hPa": a word of an
      // extreme near the value names no field the value is of; a field
      // word farther back in the clause, that names one, tells it.
      std::vector<std::string_view> farther =
          WordsBefore(answer, clause, value, 8);
      std::erase_if(farther, TellsAnExtreme);
      fields = NamedByWords(paths, farther);
    }
    if (fields.empty()) return;
    const std::string& field = fields.front();
    // The readings just before and after count too: a month's (the
    // reading dated May 30 may average the week into June), and a day's
    // extreme or end of a range, which the reader takes over a day-long
    // window that another zone shifts. One reading told plainly of a day
    // ("On January 4th, the temperature will be 26.83°C") is one of the
    // day's own, as the records date them.
    std::vector<std::uint32_t> around = day;
    const bool over_a_window = aggregate != "day" ||
                               ExtremeIn(clause, value) != Extreme::kNone ||
                               EndOfRange(c);
    const std::vector<std::uint32_t>& all = set.groups()[first.group].records;
    const auto first_at = std::find(all.begin(), all.end(), day.front());
    const auto last_at = std::find(all.begin(), all.end(), day.back());
    if (over_a_window && first_at != all.begin() && first_at != all.end()) {
      around.push_back(*(first_at - 1));
    }
    if (over_a_window && last_at != all.end() && last_at + 1 != all.end()) {
      around.push_back(*(last_at + 1));
    }
    for (std::uint32_t r : around) {
      const RecordField* f = FieldAt(set.records()[r], field);
      if (f != nullptr && Holds(*f, v)) {
        // A reading beside the day holds it: told as the day's high or
        // low, it must still be the extreme of a day-long window.
        BindDayExtreme(c, v, day, clause, value, around);
        return;
      }
    }
    MisattributeToDay(c, day, field, read, aggregate);
  }

  // Minutes since the epoch of a record's day and time; nullopt when the
  // record has no time of day.
  std::optional<long> MinuteOf(const Record& record) const {
    int hour = 0;
    int minute = 0;
    if (record.month == 0 || !TimeOf(record.time, &hour, &minute)) {
      return std::nullopt;
    }
    return record.days * 1440 + hour * 60 + minute;
  }

  // "a high of 8.04°C on January 5th", "temperatures ranging from 5.31°C
  // to 9.42°C on January 4th": an extreme of one day's readings, in the
  // field the words name. The day is the reader's, and the readings' zone
  // may be another: the value stands when it is the extreme of any
  // day-long window that starts within half a day of the day's midnight
  // (a whole unit of the last written place either way, as BindExtreme
  // reads). One reading's own temp_max is no day's high: in a forecast
  // it bounds that reading alone. Else the value is misattributed, with
  // the day's own extreme. `holders` are the records the value is read
  // in (the day's, or the day's with the reading before and after it).
  void BindDayExtreme(Candidate& c, const Value& written,
                      const std::vector<std::uint32_t>& day, TextSpan clause,
                      TextSpan value,
                      std::span<const std::uint32_t> holders = {}) {
    if (holders.empty()) holders = day;
    const Extreme extreme = ExtremeIn(clause, value);
    if (extreme == Extreme::kNone || written.time || !written.code.empty() ||
        day.size() < 2) {
      return;
    }
    for (std::size_t s = 0; s < scopes.size(); ++s) {
      if (scopes[s].Holds(value.start) && NamesPartOfDayIn(s)) return;
    }
    const std::vector<std::uint32_t>& all =
        set.groups()[set.records()[day.front()].group].records;
    if (EndOfRange(c) && RangeRunsBackward(c, extreme)) {
      // The day's readings, with the one before and the one after it.
      std::vector<std::uint32_t> run;
      const auto first_at = std::find(all.begin(), all.end(), day.front());
      const auto last_at = std::find(all.begin(), all.end(), day.back());
      if (first_at == all.end() || last_at == all.end()) return;
      run.assign(first_at == all.begin() ? first_at : first_at - 1,
                 last_at + 1 == all.end() ? all.end() : last_at + 2);
      BindRangeRun(c, written, set.records()[day.front()].group, run, extreme,
                   clause, /*edged=*/true);
      return;
    }
    Value v = written;
    v.tolerance *= 2;
    const Record* read = nullptr;
    const std::vector<std::string_view> words = FieldWordsOf(c, clause, 8);
    std::vector<std::string> fields = FieldsOfExtreme(
        PathsHolding(v, holders, &read), WordsAfter(c, clause, 4),
        set.records()[day.front()].group, words, v);
    if (fields.empty()) return;
    // A field the named ones bound counts only its extreme as written.
    const std::size_t named =
        AddBoundedFields(fields, set.records()[day.front()].group);
    const bool least = extreme == Extreme::kLeast;
    const std::optional<long> first = MinuteOf(set.records()[day.front()]);
    if (!first.has_value()) return;
    const long midnight = *first - *first % 1440;
    struct Extremum {
      const Record* record = nullptr;
      const RecordField* field = nullptr;
    };
    // Each reading's time, read once for every window.
    std::vector<std::optional<long>> minutes;
    minutes.reserve(all.size());
    for (std::uint32_t r : all) minutes.push_back(MinuteOf(set.records()[r]));
    Extremum own;
    for (long shift = -12 * 60; shift <= 12 * 60; shift += 60) {
      for (std::size_t p = 0; p < fields.size(); ++p) {
        const std::string& path = fields[p];
        Extremum e;
        double low = HUGE_VAL;
        double high = -HUGE_VAL;
        std::size_t n = 0;
        for (std::size_t i = 0; i < all.size(); ++i) {
          const std::uint32_t r = all[i];
          const std::optional<long>& at = minutes[i];
          if (!at.has_value() || *at < midnight + shift ||
              *at >= midnight + shift + 1440) {
            continue;
          }
          const RecordField* f = FieldAt(set.records()[r], path);
          if (f == nullptr || !f->number.has_value()) continue;
          ++n;
          low = std::min(low, *f->number);
          high = std::max(high, *f->number);
          if (e.field == nullptr || (least ? *f->number < *e.field->number
                                           : *f->number > *e.field->number)) {
            e = {&set.records()[r], f};
          }
        }
        if (n < 2) continue;
        const double slack = p < named ? (high - low) * kExtremeSlack : 0;
        if (NearExtreme(*e.field, v, slack)) return;
        if (shift == 0 && path == fields.front()) own = e;
      }
    }
    if (own.field == nullptr) return;
    Misattribute(c, *own.record, fields.front(), own.field->text, read,
                 least ? "min" : "max");
  }

  // "0.0244% and 0.0247% on June 21 and 22, respectively": values paired
  // with records in order, which this rung does not read.
  bool PairsRespectively(TextSpan scope) const {
    std::string text(answer.substr(scope.start, scope.end - scope.start));
    for (char& ch : text) ch = ascii::Lower(ch);
    return text.find("respectively") != std::string::npos;
  }

  // "Total Price: $243", "combined", "in all": a value told as a sum of
  // records is no one record's field, whatever record's field it equals.
  bool TellsATotal(TextSpan clause, TextSpan value) const {
    for (std::string_view w : WordsBefore(answer, clause, value, 4)) {
      for (std::string_view cue :
           {"total", "totals", "sum", "combined", "altogether", "overall",
            "all", "average", "mean", "difference", "together"}) {
        if (ascii::EqualsIgnoreCase(w, cue)) return true;
      }
    }
    return false;
  }

  // "ranging from 9 to 7", "from 4.24 to -0.72": the two ends of a range
  // told from the first to the last, not from least to greatest; no
  // extreme is claimed.
  bool RangeRunsBackward(const Candidate& c, Extreme extreme) const {
    const Candidate* other = nullptr;
    for (const Candidate& o : candidates) {
      if (&o == &c || o.shape != c.shape) continue;
      if (extreme == Extreme::kLeast && o.start >= c.end &&
          (other == nullptr || o.start < other->start)) {
        other = &o;
      }
      if (extreme == Extreme::kGreatest && o.end <= c.start &&
          (other == nullptr || o.start > other->start)) {
        other = &o;
      }
    }
    if (other == nullptr) return false;
    double a = 0;
    double b = 0;
    if (std::from_chars(c.canonical.data(),
                        c.canonical.data() + c.canonical.size(), a)
                .ec != std::errc() ||
        std::from_chars(other->canonical.data(),
                        other->canonical.data() + other->canonical.size(), b)
                .ec != std::errc()) {
      return false;
    }
    return extreme == Extreme::kLeast ? b < a : b > a;
  }

  // The fields in which `records` hold `v` (never one that identifies
  // its record), in the records' order; `*read` is the first record
  // holding it.
  std::vector<std::string> PathsHolding(const Value& v,
                                        std::span<const std::uint32_t> records,
                                        const Record** read) const {
    std::vector<std::string> paths;
    for (std::uint32_t r : records) {
      for (const RecordField& f : set.records()[r].fields) {
        if (!Holds(f, v) || Identifies(set.records()[r], f)) continue;
        if (std::find(paths.begin(), paths.end(), f.path) == paths.end()) {
          paths.emplace_back(f.path);
        }
        if (*read == nullptr) *read = &set.records()[r];
      }
    }
    return paths;
  }

  // The fields of numbers the records of `group` hold, never one
  // identifying its record, in the records' order; read once per group.
  const std::vector<std::string>& NumericPaths(std::uint32_t group) const {
    if (numeric_paths.size() != set.groups().size()) {
      numeric_paths.resize(set.groups().size());
    }
    std::optional<std::vector<std::string>>& paths = numeric_paths[group];
    if (paths.has_value()) return *paths;
    paths.emplace();
    // A set interns its paths (one view per distinct path): a path met
    // before is passed over by its address, without comparing its text.
    absl::flat_hash_set<const char*> met;
    for (std::uint32_t r : set.groups()[group].records) {
      const Record& record = set.records()[r];
      for (const RecordField& f : record.fields) {
        if (!f.number.has_value() || met.contains(f.path.data()) ||
            Identifies(record, f)) {
          continue;
        }
        if (std::find(paths->begin(), paths->end(), f.path) == paths->end()) {
          paths->emplace_back(f.path);
        }
        met.insert(f.path.data());
      }
    }
    return *paths;
  }

  // NumericPaths without the directions (a field of degrees has no
  // extreme); read once per group.
  const std::vector<std::string>& ExtremePaths(std::uint32_t group) const {
    if (extreme_paths.size() != set.groups().size()) {
      extreme_paths.resize(set.groups().size());
    }
    std::optional<std::vector<std::string>>& paths = extreme_paths[group];
    if (!paths.has_value()) {
      paths = NumericPaths(group);
      std::erase_if(*paths, IsDirection);
    }
    return *paths;
  }

  // NamedByWords(ExtremePaths(group), {word}), read once per group and
  // word (each value of an answer asks again for the words before it).
  const std::vector<std::string>& ExtremePathsNamedBy(
      std::uint32_t group, std::string_view word) const {
    std::string lower(word);
    for (char& c : lower) c = ascii::Lower(c);
    auto [it, fresh] = extreme_paths_named.try_emplace(
        std::make_pair(group, std::move(lower)));
    if (fresh) it->second = NamedByWords(ExtremePaths(group), {word});
    return it->second;
  }

  // True when `v` lies within the span `path` takes over `records`, or
  // within that span again beyond either end: a value of the field's
  // scale and unit, not one of another field told beside it.
  bool OnTheScaleOf(std::string_view path,
                    const std::vector<std::uint32_t>& records,
                    const Value& v) const {
    double low = HUGE_VAL;
    double high = -HUGE_VAL;
    for (std::uint32_t r : records) {
      const RecordField* f = FieldAt(set.records()[r], path);
      if (f == nullptr || !f->number.has_value()) continue;
      low = std::min(low, *f->number);
      high = std::max(high, *f->number);
    }
    if (low > high || v.percent) return false;
    const double span = high - low;
    return v.number >= low - span && v.number <= high + span;
  }

  // Of `paths`, those the words name (NamedByWords); a series with one
  // field of numbers (a CSV's "value") needs no word.
  std::vector<std::string> FieldsTold(
      const std::vector<std::string>& paths, std::uint32_t group,
      const std::vector<std::string_view>& words) const {
    std::vector<std::string> fields = NamedByWords(paths, words);
    if (fields.empty() && paths.size() == 1 &&
        SoleNumericField(set.groups()[group]) == paths.front()) {
      fields = paths;
    }
    return fields;
  }

  // The fields an extreme is told of: of `paths` (the fields holding
  // `v`), those the words name (FieldsTold). But a field word nearer the
  // value and more specific than any word naming one of `paths` ("wind
  // speeds from 1.36 to 14.3 m/s" where 14.3 is a gust and "wind" names
  // gusts too; "a low of 12" where 12 is a feels-like) tells the value of
  // the fields it names, of those on whose scale `v` lies, unless a word
  // just after the value names one of `paths` ("a high of 0.2 mm of
  // snow"). A direction (a field of degrees) has no extreme.
  std::vector<std::string> FieldsOfExtreme(
      const std::vector<std::string>& paths,
      const std::vector<std::string_view>& after, std::uint32_t group,
      const std::vector<std::string_view>& words, const Value& v) const {
    if (paths.empty()) return {};
    const std::vector<std::uint32_t>& records = set.groups()[group].records;
    const std::vector<std::string>& all = ExtremePaths(group);
    auto holds_one = [&](const std::vector<std::string>& named) {
      return std::any_of(named.begin(), named.end(), [&](const std::string& p) {
        return std::find(paths.begin(), paths.end(), p) != paths.end();
      });
    };
    std::vector<std::string> told;
    for (auto w = words.rbegin(); w != words.rend(); ++w) {
      const std::vector<std::string>& named = ExtremePathsNamedBy(group, *w);
      if (named.empty()) continue;
      const bool holding = holds_one(named);
      if (holding && (told.empty() || named.size() <= told.size())) {
        told.clear();
        break;
      }
      if (!holding && (told.empty() || named.size() < told.size())) {
        told = named;
      }
    }
    if (told.empty() || holds_one(NamedByWords(all, after))) {
      std::vector<std::string> fields = FieldsTold(paths, group, words);
      std::erase_if(fields, IsDirection);
      return fields;
    }
    std::erase_if(told, [&](const std::string& p) {
      return !OnTheScaleOf(p, records, v);
    });
    return told;
  }

  // Appends to `fields` the fields they bound (BoundedField) that the
  // records of `group` hold: a low is also the least of the field its
  // bound bounds ("a low of 3.56 on January 3rd" of readings whose temp
  // runs 3.56 to 4.12 and whose temp_min falls to 3.28). Returns how many
  // fields were named before them.
  std::size_t AddBoundedFields(std::vector<std::string>& fields,
                               std::uint32_t group) const {
    const std::vector<std::string>& all = NumericPaths(group);
    const std::size_t named = fields.size();
    for (std::size_t i = 0; i < named; ++i) {
      std::string bounded = BoundedField(fields[i]);
      if (!bounded.empty() &&
          std::find(all.begin(), all.end(), bounded) != all.end() &&
          std::find(fields.begin(), fields.end(), bounded) == fields.end()) {
        fields.push_back(std::move(bounded));
      }
    }
    return named;
  }

  // The one field of numbers the records of `group` hold, none of them
  // identifying ("value" of a date,value series); empty when there are
  // more or none.
  std::string_view SoleNumericField(const evidence::RecordGroup& group) const {
    std::string_view sole;
    for (std::uint32_t r : group.records) {
      const Record& record = set.records()[r];
      for (const RecordField& f : record.fields) {
        if (!f.number.has_value() || Identifies(record, f)) continue;
        if (!sole.empty() && sole != f.path) return {};
        sole = f.path;
      }
    }
    return sole;
  }

  std::uint32_t RecordIndex(const Record& record) const {
    return static_cast<std::uint32_t>(&record - set.records().data());
  }

  // The records of `group`, in their order, that may hold `v` (Holds) in
  // some field: for a number, only those the set's index of numbers finds
  // near it (bounds widened past any rounding of Holds's own arithmetic,
  // so that none is missed, kept in `*near_value`); for a code or a clock
  // time, all of them.
  std::span<const std::uint32_t> MayHold(
      const Value& v, std::uint32_t group,
      std::vector<std::uint32_t>* near_value) const {
    const std::vector<std::uint32_t>& all = set.groups()[group].records;
    if (!v.code.empty() || v.time) return all;
    const auto near = [&](double center, double tolerance) {
      const double margin = 1e-9 * (std::fabs(center) + tolerance);
      std::vector<std::uint32_t> found;
      set.WithNumberIn(center - tolerance - margin, center + tolerance + margin,
                       &found);
      return found;
    };
    std::vector<std::uint32_t> found = near(v.number, v.tolerance);
    if (v.percent) {
      const std::vector<std::uint32_t> as_percent =
          near(v.number * 100, v.tolerance * 100);
      found.insert(found.end(), as_percent.begin(), as_percent.end());
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
    }
    std::erase_if(found, [&](std::uint32_t r) {
      return set.records()[r].group != group;
    });
    *near_value = std::move(found);
    return *near_value;
  }

  // The fields in which records of the `owners`' group other than the
  // owners hold `v` (never a field that identifies them), which one of the
  // owners holds with a value of `v`'s shape; `*read` is the first such
  // record.
  std::vector<std::string> FieldsOthersHold(
      const std::vector<std::uint32_t>& owners, const Value& v,
      const Record** read) const {
    std::vector<std::string> paths;
    const std::uint32_t group = set.records()[owners.front()].group;
    std::vector<std::uint32_t> near_value;
    for (std::uint32_t r : MayHold(v, group, &near_value)) {
      if (std::find(owners.begin(), owners.end(), r) != owners.end()) {
        continue;
      }
      const Record& other = set.records()[r];
      for (const RecordField& f : other.fields) {
        if (!Holds(f, v) || Identifies(other, f)) continue;
        if (std::none_of(owners.begin(), owners.end(), [&](std::uint32_t o) {
              const RecordField* held = FieldAt(set.records()[o], f.path);
              return held != nullptr && SameShape(*held, v);
            })) {
          continue;
        }
        if (std::find(paths.begin(), paths.end(), f.path) == paths.end()) {
          paths.emplace_back(f.path);
        }
        if (*read == nullptr) *read = &other;
      }
    }
    return paths;
  }

  void BindOne(Candidate& c, const Value& v, const Record& named,
               TextSpan clause, TextSpan value) {
    if (RecordHolds(named, v)) return;
    // The fields in which a sibling holds the value, that `named` holds.
    const Record* read = nullptr;
    const std::vector<std::string> paths =
        FieldsOthersHold({RecordIndex(named)}, v, &read);
    if (paths.empty()) return;
    const std::vector<std::string> fields =
        NarrowByWords(paths, WordsBefore(answer, clause, value, 4), named);
    if (fields.empty()) return;
    // Like with like (FieldsOthersHold): the named record's own value there
    // is of the value's shape; "4.0, A2DP" is no other value of "GPS".
    const RecordField* held = FieldAt(named, fields.front());
    for (std::uint32_t r : set.groups()[named.group].records) {
      const RecordField* f = FieldAt(set.records()[r], fields.front());
      if (f != nullptr && Holds(*f, v)) {
        read = &set.records()[r];
        break;
      }
    }
    Misattribute(c, named, fields.front(), held->text, read, "");
  }

  // With `placed` (a peak told as placed in a month), a value another
  // reading holds as written is that reading's, however near the extreme.
  void BindExtreme(Candidate& c, const Value& written, std::uint32_t group,
                   const std::vector<std::uint32_t>& over, Extreme extreme,
                   TextSpan clause, bool placed = false) {
    if (over.size() < 2 || written.time) return;
    // An extreme is told loosely ("up to 16" for 16.61): a whole unit of
    // the last place written either way.
    Value v = written;
    v.tolerance *= 2;
    const Record* read = nullptr;
    // Only a field the words name is judged ("temperatures ranging from",
    // "gusts up to"): a range of directions or ids claims no extreme.
    const std::vector<std::string_view> words = FieldWordsOf(c, clause, 8);
    std::vector<std::string> fields =
        FieldsOfExtreme(PathsHolding(v, set.groups()[group].records, &read),
                        WordsAfter(c, clause, 4), group, words, v);
    if (fields.empty()) return;
    // A field the named ones bound counts only its extreme as written.
    const std::size_t named = AddBoundedFields(fields, group);
    const bool least = extreme == Extreme::kLeast;
    struct Extremum {
      const Record* record = nullptr;
      const RecordField* field = nullptr;
    };
    std::vector<Extremum> extremes(fields.size());
    for (std::size_t p = 0; p < fields.size(); ++p) {
      double low = HUGE_VAL;
      double high = -HUGE_VAL;
      for (std::uint32_t r : over) {
        const RecordField* f = FieldAt(set.records()[r], fields[p]);
        if (f == nullptr || !f->number.has_value()) continue;
        low = std::min(low, *f->number);
        high = std::max(high, *f->number);
        Extremum& e = extremes[p];
        if (e.field == nullptr || (least ? *f->number < *e.field->number
                                         : *f->number > *e.field->number)) {
          e = {&set.records()[r], f};
        }
      }
      if (extremes[p].field == nullptr) continue;
      // The extreme, or near it: within a twentieth of the span the records
      // cover ("from 0.64 m/s" for a least of 0.6 over 0.6 to 4.65), as
      // people read a range. A peak placed in a month, told as another
      // reading holds it ("a peak of 1688.77 in August 2021", where
      // August's greatest is 1701.4), was read from that one.
      const double slack =
          p >= named ||
                  (placed && !Holds(*extremes[p].field, written) &&
                   std::any_of(over.begin(), over.end(),
                               [&](std::uint32_t r) {
                                 const RecordField* f =
                                     FieldAt(set.records()[r], fields[p]);
                                 return f != nullptr && Holds(*f, written);
                               }))
              ? 0
              : (high - low) * kExtremeSlack;
      if (NearExtreme(*extremes[p].field, v, slack)) return;
    }
    if (extremes.front().field == nullptr) return;
    Misattribute(c, *extremes.front().record, fields.front(),
                 extremes.front().field->text, read, least ? "min" : "max");
  }

  void Misattribute(Candidate& c, const Record& named, std::string_view field,
                    std::string_view held, const Record* read,
                    std::string_view aggregate) {
    Binding binding;
    binding.named = {CarrierOf(named), named.path};
    binding.field = std::string(field);
    binding.named_value = std::string(held);
    if (read != nullptr) binding.read = {CarrierOf(*read), read->path};
    binding.aggregate = std::string(aggregate);
    c.status = CandidateStatus::kMisattributed;
    c.binding = std::move(binding);
  }
};

// The field a record's day stands in ("dt_txt", a CSV's "date"), as the
// record wrote it; nullptr when none does.
const RecordField* DayField(const Record& record) {
  if (record.day.empty()) return nullptr;
  for (const RecordField& f : record.fields) {
    if (f.text.substr(0, std::min(f.text.size(), record.day.size())) ==
        record.day) {
      return &f;
    }
  }
  return nullptr;
}

// ---- the stretch a series covers -------------------------------------------

// A date candidate's canonical form read: "2021-07-15", "2021-07" (a month;
// day 0). False for any other form.
bool DateOf(std::string_view canonical, int* year, int* month, int* day) {
  auto number = [&](std::size_t at, std::size_t n, int* out) {
    if (at + n > canonical.size()) return false;
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (!ascii::IsDigit(canonical[i])) return false;
      v = v * 10 + (canonical[i] - '0');
    }
    *out = v;
    return true;
  };
  *day = 0;
  if (canonical.size() != 7 && canonical.size() != 10) return false;
  if (!number(0, 4, year) || canonical[4] != '-' || !number(5, 2, month)) {
    return false;
  }
  if (canonical.size() == 10) {
    return canonical[7] == '-' && number(8, 2, day);
  }
  return true;
}

// True when the record's day is the date, at the precision the date was
// written (a month names every day of it).
bool OnDate(const Record& record, int year, int month, int day) {
  return record.month != 0 && record.year == year && record.month == month &&
         (day == 0 || record.mday == day);
}

// True when `text` holds `word` whole (lowercase, ASCII).
bool HoldsWord(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !IsWordByte(text[at - 1])) &&
        (end == text.size() || !IsWordByte(text[end]))) {
      return true;
    }
  }
  return false;
}

// A sentence that tells what a data set covers: it names the data ("the
// chart shows", "the data covers") and no change within it ("rose",
// "a peak", "stable"), which people tell of part of the stretch.
bool TellsTheCoverage(std::string_view answer, TextSpan scope) {
  std::string text(answer.substr(scope.start, scope.end - scope.start));
  for (char& ch : text) ch = ascii::Lower(ch);
  bool names_data = false;
  for (std::string_view noun : {"chart", "graph", "data", "dataset", "series",
                                "table", "plot", "figure"}) {
    names_data |= HoldsWord(text, noun);
  }
  if (!names_data) return false;
  for (std::string_view change :
       {"increas", "decreas", "rise",    "rising", "rose",   "fall",
        "fell",    "drop",    "peak",    "grew",   "grow",   "declin",
        "jump",    "spike",   "surg",    "remain", "stable", "fluctuat",
        "steady",  "steadi",  "gradual", "sharp",  "trend",  "high",
        "low",     "reach",   "wave",    "level",  "stay"}) {
    if (text.find(change) != std::string::npos) return false;
  }
  return true;
}

// How many days a series may run past the closing date of a range told of
// it: its last reading or two spill into the next month ("to December
// 2022" for a series that ends on January 2nd, 2023).
constexpr long kEndSlackDays = 7;

// "The chart shows the positive rate in Armenia from February 2020 to May
// 2022": a range of dates that opens on the first day of one group of
// records (a series' first row), in a sentence that tells what the data
// covers, tells the whole series; its closing date must be the series'
// last day, at the precision written. Else it is misattributed ("max":
// the series' latest day, named by its last record). A range that opens
// elsewhere, or a sentence that tells a change ("a sharp rise from March
// to July"), is a part of the stretch, which this rule does not judge.
void BindStretchEnds(std::string_view answer, const RecordSet& set,
                     Binder& binder, Verdict* verdict) {
  std::vector<Candidate>& candidates = verdict->candidates;
  for (std::size_t i = 0; i + 1 < candidates.size(); ++i) {
    const Candidate& open = candidates[i];
    Candidate& close = candidates[i + 1];
    if (open.shape != "date" || close.shape != "date" ||
        open.status != CandidateStatus::kGrounded ||
        close.status != CandidateStatus::kGrounded ||
        close.grounding != Grounding::kThisTurn || open.end > close.start) {
      continue;
    }
    // "from X to Y", "from X, to Y", "between X and Y", "X through Y".
    std::string between(answer.substr(open.end, close.start - open.end));
    for (char& ch : between) ch = ascii::Lower(ch);
    std::erase_if(between, [](char ch) { return ch == ' ' || ch == ','; });
    if (between != "to" && between != "until" && between != "through" &&
        between != "and") {
      continue;
    }
    std::size_t before = open.start;
    while (before > 0 && answer[before - 1] == ' ') --before;
    std::size_t word = before;
    while (word > 0 && ascii::IsAlpha(answer[word - 1])) --word;
    const std::string_view opener = answer.substr(word, before - word);
    if (!ascii::EqualsIgnoreCase(opener, "from") &&
        !ascii::EqualsIgnoreCase(opener, "between")) {
      continue;
    }
    // Scopes are in answer order: the one holding the range is a search.
    const auto after_scope = std::upper_bound(
        binder.scopes.begin(), binder.scopes.end(), open.start,
        [](std::size_t at, const TextSpan& sc) { return at < sc.start; });
    if (after_scope == binder.scopes.begin()) continue;
    const TextSpan& scope = *(after_scope - 1);
    if (!scope.Holds(open.start) || !scope.Holds(close.start) ||
        !TellsTheCoverage(answer, scope)) {
      continue;
    }
    int oy = 0, om = 0, od = 0, cy = 0, cm = 0, cd = 0;
    if (!DateOf(open.canonical, &oy, &om, &od) ||
        !DateOf(close.canonical, &cy, &cm, &cd)) {
      continue;
    }
    // The one group whose first record the range opens on.
    const Record* last = nullptr;
    const evidence::RecordGroup* opened = nullptr;
    bool several = false;
    for (const evidence::RecordGroup& group : set.groups()) {
      const Record* lo = nullptr;
      const Record* hi = nullptr;
      auto day_of = [](const Record& r) { return r.days; };
      for (std::uint32_t r : group.records) {
        const Record& record = set.records()[r];
        if (record.month == 0) continue;
        if (lo == nullptr || day_of(record) < day_of(*lo)) lo = &record;
        if (hi == nullptr || day_of(record) > day_of(*hi)) hi = &record;
      }
      if (lo == nullptr || lo == hi || !OnDate(*lo, oy, om, od)) continue;
      several = opened != nullptr;
      opened = &group;
      last = hi;
    }
    if (opened == nullptr || several || OnDate(*last, cy, cm, cd)) continue;
    // The last day of the closing date's period (a month's last day).
    long close_end = 0;
    if (cd != 0) {
      close_end = evidence::DaysFromCivil(cy, cm, cd);
    } else {
      close_end = evidence::DaysFromCivil(cm == 12 ? cy + 1 : cy,
                                          cm == 12 ? 1 : cm + 1, 1) -
                  1;
    }
    const long last_day = last->days;
    if (close_end < last_day && last_day - close_end <= kEndSlackDays) continue;
    // The field the series' days stand in, as its last record wrote it.
    const RecordField* field = DayField(*last);
    if (field == nullptr) continue;
    const Record* read = nullptr;
    for (std::uint32_t r : opened->records) {
      if (OnDate(set.records()[r], cy, cm, cd)) {
        read = &set.records()[r];
        break;
      }
    }
    binder.Misattribute(close, *last, field->path, last->day, read, "max");
  }
}

// ---- the day of an extreme -------------------------------------------------

// The words that tell a least or greatest reading, without a range:
// "the lowest", "a peak", "a high" ("relatively low" tells no reading,
// nor does "at least").
bool CuesAnExtreme(std::string_view answer, TextSpan clause, TextSpan value) {
  const std::vector<std::string_view> words =
      WordsBefore(answer, clause, value, 6);
  for (std::size_t i = 0; i < words.size(); ++i) {
    for (std::string_view cue :
         {"lowest", "minimum", "coldest", "highest", "maximum", "peak",
          "peaked", "peaking", "warmest", "hottest", "strongest"}) {
      if (ascii::EqualsIgnoreCase(words[i], cue)) return true;
    }
    if (i > 0 && (ascii::EqualsIgnoreCase(words[i], "low") ||
                  ascii::EqualsIgnoreCase(words[i], "high"))) {
      for (std::string_view article : {"a", "the", "its", "their"}) {
        if (ascii::EqualsIgnoreCase(words[i - 1], article)) return true;
      }
    }
  }
  return false;
}

// True when the words tell one extreme of several: an article before the
// cue ("a peak", "a low of"), a plural cue ("peaks", "highs"), or a verb
// ("peaked", which a narrative of waves tells of each wave).
bool IndefiniteExtreme(const std::vector<std::string_view>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    for (std::string_view plural :
         {"peaks", "highs", "lows", "peaked", "peaking"}) {
      if (ascii::EqualsIgnoreCase(words[i], plural)) return true;
    }
    if (i == 0) continue;
    for (std::string_view cue : {"peak", "high", "low"}) {
      if (ascii::EqualsIgnoreCase(words[i], cue) &&
          (ascii::EqualsIgnoreCase(words[i - 1], "a") ||
           ascii::EqualsIgnoreCase(words[i - 1], "an"))) {
        return true;
      }
    }
  }
  return false;
}

// True when only a joiner of a range stands between the dates `first`
// and `second`, in that order: "to", "until", "through", "and" (with
// `dashes`, "-" and "–" too); spaces and commas aside.
bool JoinsDates(std::string_view answer, const Candidate& first,
                const Candidate& second, bool dashes) {
  if (second.start < first.end) return false;
  std::string between(answer.substr(first.end, second.start - first.end));
  for (char& ch : between) ch = ascii::Lower(ch);
  std::erase_if(between, [](char ch) { return ch == ' ' || ch == ','; });
  return between == "to" || between == "until" || between == "through" ||
         between == "and" ||
         (dashes && (between == "-" || between == "\xE2\x80\x93"));
}

// True when `c` and another date are the two ends of a range ("from March
// 2020 to June 2020", "between May 1 and May 9").
bool EndsARangeOfDates(std::string_view answer,
                       const std::vector<Candidate>& candidates,
                       const Candidate& c) {
  return std::any_of(candidates.begin(), candidates.end(),
                     [&](const Candidate& o) {
                       return &o != &c && o.shape == "date" &&
                              (JoinsDates(answer, o, c, true) ||
                               JoinsDates(answer, c, o, true));
                     });
}

// True when the answer may need the records for what the ladder did not
// ground: with `dates`, a word that tells a least or greatest reading
// (CuesAnExtreme's) or a weekday (BindExtremeDays, BindWeekdays); a noun
// CountsIn reads ("goals", "points", "runs"), or a winner (BindWinners:
// "won", "victory", "in favor of"). In any case, in one pass: a
// cheap test before the records are read.
bool MayNeedTheRecords(std::string_view answer, bool dates) {
  std::string lower(answer);
  for (char& ch : lower) ch = ascii::Lower(ch);
  for (std::string_view noun :
       {"goal", "point", " run", " won", "win", "victor", " beat", "defeated",
        "favor of", "favour of", " lost"}) {
    if (lower.find(noun) != std::string::npos) return true;
  }
  if (!dates) return false;
  for (std::string_view cue :
       {"lowest", "minimum", "coldest", "highest", "maximum", "peak", "warmest",
        "hottest", "strongest", " low", " high", "day"}) {
    if (lower.find(cue) != std::string::npos) return true;
  }
  return false;
}

// "with the lowest temperature expected on January 5th at 20:00", "the
// highest R value was recorded in May 2020": a day (with its time) or a
// month told as where the least or greatest reading of a field the words
// name falls, no value standing between the cue and the date. A reading
// that holds that extreme over all of its group's readings must be one
// of the day's, or the reading just before or after them (the reader's
// day may be another zone's), or fall in the month or the three days
// beside it. Else the date is misattributed ("min" or "max": the binding
// names the reading holding the extreme, and its day).
void BindExtremeDays(std::string_view answer, const RecordSet& set,
                     Binder& binder, Verdict* verdict) {
  for (Candidate& c : verdict->candidates) {
    if (c.shape != "date" || c.status != CandidateStatus::kGrounded ||
        c.grounding != Grounding::kThisTurn) {
      continue;
    }
    const auto after_scope = std::upper_bound(
        binder.scopes.begin(), binder.scopes.end(), c.start,
        [](std::size_t at, const TextSpan& sc) { return at < sc.start; });
    if (after_scope == binder.scopes.begin()) continue;
    const TextSpan scope = *(after_scope - 1);
    if (!scope.Holds(c.start)) continue;
    TextSpan clause = scope;
    for (const TextSpan& cl : binder.ClausesOf(static_cast<std::size_t>(
             after_scope - 1 - binder.scopes.begin()))) {
      if (cl.Holds(c.start)) clause = cl;
    }
    const TextSpan value{c.start, c.end};
    const Extreme extreme = binder.ExtremeIn(clause, value);
    if (extreme == Extreme::kNone || !CuesAnExtreme(answer, clause, value) ||
        EndsARangeOfDates(answer, verdict->candidates, c)) {
      continue;
    }
    // "a peak around January 2021": a hedged date stands a month wider.
    const long slack_days = Hedged(answer, clause, value) ? 31 : 3;
    const bool least = extreme == Extreme::kLeast;
    // The readings the date names: a day's (narrowed by its time), or a
    // month's.
    std::vector<std::uint32_t> named;
    bool month = false;
    for (const Mention& m : binder.mentions) {
      if (m.day && !m.bound && m.span.start < c.end && c.start < m.span.end) {
        named.insert(named.end(), m.records.begin(), m.records.end());
      }
    }
    int year = 0;
    int month_of_year = 0;
    int mday = 0;
    if (named.empty() && DateOf(c.canonical, &year, &month_of_year, &mday) &&
        mday == 0) {
      month = true;
      for (std::uint32_t r = 0; r < set.records().size(); ++r) {
        if (set.records()[r].year == year &&
            set.records()[r].month == month_of_year) {
          named.push_back(r);
        }
      }
    }
    if (named.empty()) continue;
    // The one group the named readings belong to.
    const std::uint32_t group = set.records()[named.front()].group;
    if (std::any_of(named.begin(), named.end(), [&](std::uint32_t r) {
          return set.records()[r].group != group;
        })) {
      continue;
    }
    const std::vector<std::uint32_t>& all = set.groups()[group].records;
    if (all.size() < 3) continue;
    std::vector<std::string> paths;
    for (std::uint32_t r : all) {
      for (const RecordField& f : set.records()[r].fields) {
        if (!f.number.has_value() || Identifies(set.records()[r], f)) continue;
        if (std::find(paths.begin(), paths.end(), f.path) == paths.end()) {
          paths.emplace_back(f.path);
        }
      }
    }
    std::vector<std::string> fields =
        NamedByWords(paths, WordsBefore(answer, clause, value, 6));
    if (fields.empty() && paths.size() == 1) fields = paths;
    if (fields.empty()) continue;
    // The named readings and those beside them.
    auto day_of = [&](std::uint32_t r) {
      const Record& record = set.records()[r];
      return record.days;
    };
    std::vector<std::uint32_t> around;
    // The first and last day the date names.
    long period_first = day_of(named.front());
    long period_last = period_first;
    if (month) {
      const long first = evidence::DaysFromCivil(year, month_of_year, 1);
      const long next = evidence::DaysFromCivil(
          month_of_year == 12 ? year + 1 : year,
          month_of_year == 12 ? 1 : month_of_year + 1, 1);
      period_first = first;
      period_last = next - 1;
      for (std::uint32_t r : all) {
        if (set.records()[r].month != 0 && day_of(r) >= first - slack_days &&
            day_of(r) < next + slack_days) {
          around.push_back(r);
        }
      }
    } else {
      const long first = day_of(named.front());
      for (std::size_t i = 0; i < all.size(); ++i) {
        const bool in =
            std::find(named.begin(), named.end(), all[i]) != named.end() ||
            (slack_days > 3 && set.records()[all[i]].month != 0 &&
             std::abs(day_of(all[i]) - first) <= slack_days);
        const bool beside =
            (i > 0 && std::find(named.begin(), named.end(), all[i - 1]) !=
                          named.end()) ||
            (i + 1 < all.size() &&
             std::find(named.begin(), named.end(), all[i + 1]) != named.end());
        if (in || beside) around.push_back(all[i]);
      }
    }
    // "a peak in April 2020", "peaks in November 2021", "peaked in": one
    // of several, the extreme of the named readings and a month either
    // side of them; "the peak", "the highest": the extreme of all.
    std::vector<std::uint32_t> over = all;
    if (IndefiniteExtreme(WordsBefore(answer, clause, value, 6))) {
      std::erase_if(over, [&](std::uint32_t r) {
        return set.records()[r].month == 0 || day_of(r) < period_first - 31 ||
               day_of(r) > period_last + 31;
      });
    }
    const Record* holder = nullptr;
    bool stands = false;
    for (const std::string& path : fields) {
      std::optional<double> extremum;
      for (std::uint32_t r : over) {
        const RecordField* f = FieldAt(set.records()[r], path);
        if (f == nullptr || !f->number.has_value()) continue;
        if (!extremum.has_value() ||
            (least ? *f->number < *extremum : *f->number > *extremum)) {
          extremum = *f->number;
        }
      }
      if (!extremum.has_value()) continue;
      for (std::uint32_t r : over) {
        const RecordField* f = FieldAt(set.records()[r], path);
        if (f == nullptr || !f->number.has_value() || *f->number != *extremum) {
          continue;
        }
        if (std::find(around.begin(), around.end(), r) != around.end()) {
          stands = true;
        }
        if (holder == nullptr) holder = &set.records()[r];
      }
    }
    if (stands || holder == nullptr) continue;
    const RecordField* day_field = DayField(*holder);
    if (day_field == nullptr) continue;
    binder.Misattribute(c, *holder, day_field->path, holder->day,
                        &set.records()[named.front()], least ? "min" : "max");
  }
}

// ---- a change told between two dates --------------------------------------

// What a word tells of a change: +1 a rise ("increased", "a sharp
// rise"), -1 a fall ("declined", "a drop"), 2 a wavering ("fluctuated",
// "remained stable"), 0 nothing.
int ChangeWord(std::string_view w) {
  std::string word(w);
  for (char& ch : word) ch = ascii::Lower(ch);
  for (std::string_view stem : {"increas", "rise", "rising", "rose", "grew",
                                "grow", "climb", "surg", "jump", "upward"}) {
    if (word.starts_with(stem)) return 1;
  }
  for (std::string_view stem : {"decreas", "declin", "fall", "fell", "drop",
                                "dip", "downward", "shrank", "shrink"}) {
    if (word.starts_with(stem)) return -1;
  }
  for (std::string_view stem :
       {"fluctuat", "stable", "remain", "stay", "flat", "plateau", "vari"}) {
    if (word.starts_with(stem)) return 2;
  }
  return 0;
}

// Days since the epoch of a dated record's day.
long DayOf(const Record& record) { return record.days; }

// The reading a date names in `group`: for a day, the one on it or the
// nearest within three days; for a month, its first reading (`opening`)
// or its last. Null when none.
const Record* ReadingAt(const RecordSet& set, std::uint32_t group,
                        std::string_view canonical, bool opening) {
  int year = 0;
  int month = 0;
  int mday = 0;
  if (canonical.starts_with("--") && canonical.size() == 7) {
    // "--02-25": a day of the month in no year the answer writes
    if (!DateOf(std::string("2000") + std::string(canonical.substr(1)), &year,
                &month, &mday)) {
      return nullptr;
    }
    year = 0;
  } else if (!DateOf(canonical, &year, &month, &mday)) {
    return nullptr;
  }
  const Record* best = nullptr;
  long best_distance = 0;
  std::optional<int> only_year;
  for (std::uint32_t r : set.groups()[group].records) {
    const Record& record = set.records()[r];
    if (record.month == 0) continue;
    if (year == 0) {
      // A yearless day names the group's day only when its days are all
      // of one year.
      if (only_year.has_value() && *only_year != record.year) return nullptr;
      only_year = record.year;
    }
    const int y = year == 0 ? record.year : year;
    const long day = DayOf(record);
    if (mday == 0) {
      if (record.year != y || record.month != month) continue;
      if (best == nullptr ||
          (opening ? day < DayOf(*best) : day > DayOf(*best))) {
        best = &record;
      }
      continue;
    }
    const long distance =
        std::labs(day - evidence::DaysFromCivil(y, month, mday));
    if (distance <= 3 && (best == nullptr || distance < best_distance)) {
      best = &record;
      best_distance = distance;
    }
  }
  return best;
}

// One range of dates told with a rise (`direction` 1) or a fall (-1).
void BindTrend(std::string_view answer, const RecordSet& set, Binder& binder,
               const Candidate& open, Candidate& close, TextSpan scope,
               int direction) {
  // The one group of dated readings both dates name, and its field.
  for (std::uint32_t g = 0; g < set.groups().size(); ++g) {
    const Record* from = ReadingAt(set, g, open.canonical, true);
    const Record* to = ReadingAt(set, g, close.canonical, false);
    if (from == nullptr || to == nullptr || from == to) continue;
    std::string field(binder.SoleNumericField(set.groups()[g]));
    if (field.empty()) {
      const std::vector<std::string> named = NamedByWords(
          binder.NumericPaths(g),
          WordsBefore(answer, scope, {scope.end, scope.end}, SIZE_MAX));
      if (named.size() != 1) continue;
      field = named.front();
    }
    const RecordField* a = FieldAt(*from, field);
    const RecordField* b = FieldAt(*to, field);
    if (a == nullptr || b == nullptr || !a->number.has_value() ||
        !b->number.has_value()) {
      continue;
    }
    const bool contradicts =
        direction > 0 ? *b->number < *a->number : *b->number > *a->number;
    if (contradicts) {
      binder.Misattribute(close, *to, field,
                          std::string(a->text) + " to " + std::string(b->text),
                          from, "trend");
    }
    return;
  }
}

// "a steady increase from March 2020 to July 2020", "From May 5 to May 11,
// the number of cases increased": a clause that tells one rise or fall
// between two dates of a range, of a field the words name (or a series'
// one field of numbers), where the reading the closing date names holds
// less (a rise) or more (a fall) than the one the opening date names (a
// month's first reading, its last). The closing date is misattributed
// (aggregate "trend": the binding names the closing reading and the two
// values, "0.0361 to 0.0355", and the opening reading as read).
void BindTrends(std::string_view answer, const RecordSet& set, Binder& binder,
                Verdict* verdict) {
  std::vector<Candidate>& candidates = verdict->candidates;
  // The ranges of dates of each sentence: the indices of their two ends.
  struct Range {
    std::size_t open;
    std::size_t close;
    int rises = 0;
    int falls = 0;
    bool wavers = false;
  };
  for (const TextSpan& scope : binder.scopes) {
    std::vector<Range> ranges;
    for (std::size_t i = 0; i + 1 < candidates.size(); ++i) {
      const Candidate& open = candidates[i];
      const Candidate& close = candidates[i + 1];
      if (open.shape != "date" || close.shape != "date" ||
          open.status != CandidateStatus::kGrounded ||
          close.status != CandidateStatus::kGrounded ||
          !scope.Holds(open.start) || !scope.Holds(close.start)) {
        continue;
      }
      if (JoinsDates(answer, open, close, false)) ranges.push_back({i, i + 1});
    }
    if (ranges.empty()) continue;
    // Each word of change tells of the range nearest it ("From A to B,
    // cases increased, and then decreased from C to D").
    for (std::string_view w :
         WordsBefore(answer, scope, {scope.end, scope.end}, SIZE_MAX)) {
      const int change = ChangeWord(w);
      if (change == 0) continue;
      const std::size_t at = static_cast<std::size_t>(w.data() - answer.data());
      Range* nearest = nullptr;
      std::size_t best = SIZE_MAX;
      for (Range& r : ranges) {
        const std::size_t from = candidates[r.open].start;
        const std::size_t to = candidates[r.close].end;
        const std::size_t distance = at < from ? from - at
                                     : at > to ? at - to
                                               : 0;
        if (distance < best) {
          best = distance;
          nearest = &r;
        }
      }
      if (change == 1) ++nearest->rises;
      if (change == -1) ++nearest->falls;
      if (change == 2) nearest->wavers = true;
    }
    for (const Range& r : ranges) {
      if (r.wavers || (r.rises > 0) == (r.falls > 0)) continue;
      BindTrend(answer, set, binder, candidates[r.open], candidates[r.close],
                scope, r.rises > 0 ? 1 : -1);
    }
  }
}

// ---- a weekday told with a date -------------------------------------------

// "Tuesday, January 3", "Tuesday, the 3rd", "January 3 (Tuesday)": a
// weekday written beside a date must be that date's weekday in the year
// of the readings that hold the date. Else the date is misattributed: the
// binding names the date's first reading, its day and weekday. `days` is
// DaysNamed(answer).
void BindWeekdays(std::string_view answer, const RecordSet& set,
                  std::span<const DayMention> days, Binder& binder,
                  Verdict* verdict) {
  static constexpr std::string_view kWeekdays[7] = {
      "Monday", "Tuesday",  "Wednesday", "Thursday",
      "Friday", "Saturday", "Sunday"};
  for (std::size_t i = 0; i + 1 < days.size(); ++i) {
    const DayMention& a = days[i];
    const DayMention& b = days[i + 1];
    if (!WeekdayBesideDate(answer, a, b)) continue;
    const bool weekday_first = a.weekday >= 0;
    const DayMention& date = weekday_first ? b : a;
    const int weekday = weekday_first ? a.weekday : b.weekday;
    // The readings of that date, all of one year.
    const Record* first = nullptr;
    bool years_agree = true;
    for (const Record& record : set.records()) {
      if (record.month != date.month || record.mday != date.day ||
          (date.year != 0 && record.year != date.year)) {
        continue;
      }
      if (first == nullptr) {
        first = &record;
      } else if (record.year != first->year) {
        years_agree = false;
      }
    }
    if (first == nullptr || !years_agree || first->weekday < 0 ||
        first->weekday == weekday) {
      continue;
    }
    const RecordField* day_field = DayField(*first);
    if (day_field == nullptr) continue;
    for (Candidate& c : verdict->candidates) {
      if (c.shape != "date" || c.status != CandidateStatus::kGrounded ||
          c.grounding != Grounding::kThisTurn || c.start >= date.span.end ||
          date.span.start >= c.end) {
        continue;
      }
      binder.Misattribute(
          c, *first, day_field->path,
          first->day + ", a " + std::string(kWeekdays[first->weekday]), first,
          "");
      break;
    }
  }
}

// ---- the parts of a whole --------------------------------------------------

// The words of `within`: runs of word bytes (read_scopes.h), in order.
std::vector<TextSpan> WordSpans(std::string_view answer, TextSpan within) {
  std::vector<TextSpan> words;
  for (std::size_t i = within.start; i < within.end;) {
    while (i < within.end && !IsWordByte(answer[i])) ++i;
    const std::size_t start = i;
    while (i < within.end && IsWordByte(answer[i])) ++i;
    if (i > start) words.push_back({start, i});
  }
  return words;
}

// The place an ordinal word gives ("second", "2nd": 2), or 0.
int OrdinalOf(std::string_view word) {
  static constexpr std::string_view kOrdinals[] = {
      "first", "second",  "third",  "fourth", "fifth",
      "sixth", "seventh", "eighth", "ninth",  "tenth"};
  for (std::size_t i = 0; i < std::size(kOrdinals); ++i) {
    if (ascii::EqualsIgnoreCase(word, kOrdinals[i])) {
      return static_cast<int>(i) + 1;
    }
  }
  if (word.size() < 3 || word.size() > 4 || !ascii::IsDigit(word[0])) return 0;
  const std::string_view suffix = word.substr(word.size() - 2);
  for (std::string_view s : {"st", "nd", "rd", "th"}) {
    if (ascii::EqualsIgnoreCase(suffix, s)) {
      int n = 0;
      for (char c : word.substr(0, word.size() - 2)) {
        if (!ascii::IsDigit(c)) return 0;
        n = n * 10 + (c - '0');
      }
      return n;
    }
  }
  return 0;
}

// "the second period": a part the answer names, by a stem the results
// number parts with.
struct PartMention {
  TextSpan span;
  std::string stem;
  int index = 0;
};

// A score the answer writes, "2-0" or "1 – 1": two counts of one to three
// digits joined by a hyphen or an en dash.
struct WrittenScore {
  TextSpan span;
  TextSpan first;
  double a = 0;
  double b = 0;
};

std::vector<WrittenScore> ScoresIn(std::string_view answer) {
  std::vector<WrittenScore> scores;
  auto digits_at = [&](std::size_t i) {
    std::size_t end = i;
    while (end < answer.size() && ascii::IsDigit(answer[end])) ++end;
    return end;
  };
  auto value_of = [&](std::size_t from, std::size_t to) {
    double v = 0;
    for (std::size_t i = from; i < to; ++i) v = v * 10 + (answer[i] - '0');
    return v;
  };
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (!ascii::IsDigit(answer[i]) ||
        (i > 0 && (IsWordByte(answer[i - 1]) || answer[i - 1] == '-' ||
                   answer[i - 1] == '.' || answer[i - 1] == ':' ||
                   answer[i - 1] == '/'))) {
      continue;
    }
    const std::size_t a_end = digits_at(i);
    std::size_t j = a_end;
    while (j < answer.size() && answer[j] == ' ') ++j;
    std::size_t joiner = 0;
    if (j < answer.size() && answer[j] == '-') {
      joiner = 1;
    } else if (answer.substr(j, 3) == "\xE2\x80\x93") {
      joiner = 3;
    }
    if (joiner == 0) {
      i = a_end;
      continue;
    }
    std::size_t k = j + joiner;
    while (k < answer.size() && answer[k] == ' ') ++k;
    const std::size_t b_end = digits_at(k);
    if (a_end - i > 3 || b_end == k || b_end - k > 3 ||
        (b_end < answer.size() &&
         (IsWordByte(answer[b_end]) || answer[b_end] == '-' ||
          answer[b_end] == '/' ||
          (answer[b_end] == '.' && b_end + 1 < answer.size() &&
           ascii::IsDigit(answer[b_end + 1]))))) {
      i = a_end;
      continue;
    }
    scores.push_back(
        {{i, b_end}, {i, a_end}, value_of(i, a_end), value_of(k, b_end)});
    i = b_end;
  }
  return scores;
}

// True when the words between a score and a part's name join two tellings
// ("the first period ending 1-1, the second period ending 2-0", "3-0 at
// the end of the second period and 5-3 at the end of the third"): the
// part is then another score's.
bool JoinsTwoTellings(std::string_view between) {
  std::string text(between);
  for (char& c : text) c = ascii::Lower(c);
  for (std::string_view joiner :
       {",", ";", ":", "(", ")", " and ", " but ", " while ", " whereas "}) {
    if (text.find(joiner) != std::string::npos) return true;
  }
  return false;
}

// A count of goals, points or runs the answer writes: "3 goals", "two
// goals", "three unanswered goals", "a goal".
struct WrittenCount {
  TextSpan span;    // the count and its noun
  TextSpan number;  // the count as written
  double n = 0;
};

// The value of a count word ("two": 2, "a": 1, "no": 0), or -1.
int CountWordValue(std::string_view word) {
  static constexpr std::pair<std::string_view, int> kWords[] = {
      {"no", 0},    {"zero", 0},  {"a", 1},    {"an", 1},   {"one", 1},
      {"two", 2},   {"three", 3}, {"four", 4}, {"five", 5}, {"six", 6},
      {"seven", 7}, {"eight", 8}, {"nine", 9}, {"ten", 10}};
  for (const auto& [name, value] : kWords) {
    if (ascii::EqualsIgnoreCase(word, name)) return value;
  }
  if (word.empty() || word.size() > 2 ||
      !std::all_of(word.begin(), word.end(), ascii::IsDigit)) {
    return -1;
  }
  return std::stoi(std::string(word));
}

std::vector<WrittenCount> CountsIn(std::string_view answer,
                                   const std::vector<TextSpan>& words) {
  std::vector<WrittenCount> counts;
  auto text = [&](std::size_t i) {
    return answer.substr(words[i].start, words[i].end - words[i].start);
  };
  for (std::size_t i = 1; i < words.size(); ++i) {
    bool noun = false;
    for (std::string_view n :
         {"goal", "goals", "point", "points", "run", "runs"}) {
      noun = noun || ascii::EqualsIgnoreCase(text(i), n);
    }
    if (!noun) continue;
    // The count just before the noun, or before one word of its own
    // ("three unanswered goals").
    std::size_t at = i - 1;
    int value = CountWordValue(text(at));
    if (value < 0 && at > 0 && ascii::IsAlpha(text(at).front())) {
      --at;
      value = CountWordValue(text(at));
      // "a single goal" is one goal; "a second goal" is no count.
      const bool article = ascii::EqualsIgnoreCase(text(at), "a") ||
                           ascii::EqualsIgnoreCase(text(at), "an");
      if (article && !ascii::EqualsIgnoreCase(text(at + 1), "single")) {
        value = -1;
      }
    }
    if (value < 0) continue;
    // "Neither side scored a goal", "without a goal": no count is told.
    bool negated = false;
    for (std::size_t k = at > 3 ? at - 3 : 0; k < at; ++k) {
      for (std::string_view no : {"neither", "nor", "not", "no", "never",
                                  "without", "didn", "failed", "t"}) {
        negated = negated || ascii::EqualsIgnoreCase(text(k), no);
      }
    }
    if (negated) continue;
    counts.push_back({{words[at].start, words[i].end}, words[at], value * 1.0});
  }
  return counts;
}

// A score or count the answer wrote at `span`, told of the wrong thing:
// the number the ladder read at `at` becomes misattributed when it was
// grounded, else the span is added to `found` as a new candidate (once).
void MisattributeWritten(TextSpan span, std::size_t at, std::string canonical,
                         Binding binding, Verdict* verdict,
                         std::vector<Candidate>* found) {
  auto read =
      std::find_if(verdict->candidates.begin(), verdict->candidates.end(),
                   [&](const Candidate& c) { return c.start == at; });
  if (read != verdict->candidates.end()) {
    if (read->status == CandidateStatus::kGrounded) {
      read->status = CandidateStatus::kMisattributed;
      read->binding = std::move(binding);
    }
    return;
  }
  for (const Candidate& c : *found) {
    if (c.start == span.start) return;
  }
  Candidate c;
  c.start = span.start;
  c.end = span.end;
  c.shape = std::string(evidence::kShapeNumber);
  c.canonical = std::move(canonical);
  c.status = CandidateStatus::kMisattributed;
  c.grounding = Grounding::kThisTurn;
  c.reason = MatchReason::kNone;
  if (!binding.named.carrier.empty()) {
    c.carriers.push_back(binding.named.carrier);
  }
  c.binding = std::move(binding);
  found->push_back(std::move(c));
}

// Adds the new candidates of `found` to the verdict, in answer order.
void InsertFound(std::vector<Candidate> found, Verdict* verdict) {
  for (Candidate& c : found) {
    auto at = std::find_if(
        verdict->candidates.begin(), verdict->candidates.end(),
        [&](const Candidate& other) { return other.start > c.start; });
    verdict->candidates.insert(at, std::move(c));
    ++verdict->looked_up;
  }
}

// ---- the sides of a contest ------------------------------------------------

// One side of a contest named in the answer: a name of it ("Los Angeles
// Kings", "Kings"), the last word of one ("the Kings"), or its word
// before "team" or "side" ("the home team").
struct SideMention {
  TextSpan span;
  int side = 0;  // 0: SidePair's first, 1: its second
};

// True when `answer` holds `name` at `at`, whole words, ASCII letters
// compared without case.
bool NameAt(std::string_view answer, std::size_t at, std::string_view name) {
  if (at + name.size() > answer.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (ascii::Lower(answer[at + i]) != ascii::Lower(name[i])) return false;
  }
  const std::size_t end = at + name.size();
  return (at == 0 || !IsWordByte(answer[at - 1])) &&
         (end == answer.size() || !IsWordByte(answer[end]));
}

// The mentions of the two sides of `pair`, in answer order; a span both
// sides' names match, or one inside a longer mention, is left out.
std::vector<SideMention> SidesNamed(std::string_view answer,
                                    const evidence::SidePair& pair) {
  std::vector<SideMention> found;
  // NameAt at every place of the answer, asked only where a search of the
  // lowercased answer finds the lowercased name (ASCII letters folded, as
  // NameAt compares).
  std::string lower(answer);
  for (char& c : lower) c = ascii::Lower(c);
  std::string lower_name;
  auto add = [&](std::string_view name, int side) {
    if (name.size() < 2) return;
    lower_name.assign(name);
    for (char& c : lower_name) c = ascii::Lower(c);
    for (std::size_t at = lower.find(lower_name); at != std::string::npos;
         at = lower.find(lower_name, at + 1)) {
      if (NameAt(answer, at, name)) {
        found.push_back({{at, at + name.size()}, side});
      }
    }
  };
  for (const std::string& name : pair.first_names) add(name, 0);
  for (const std::string& name : pair.second_names) add(name, 1);
  // The last word of a name of several ("the Hurricanes" of "Lethbridge
  // Hurricanes"), when no name of the other side holds it.
  auto last_words = [&](const std::vector<std::string>& names,
                        const std::vector<std::string>& others, int side) {
    for (const std::string& name : names) {
      const std::size_t space = name.rfind(' ');
      if (space == std::string::npos || name.size() - space - 1 < 4) continue;
      const std::string_view last = std::string_view(name).substr(space + 1);
      const bool shared =
          std::any_of(others.begin(), others.end(), [&](const std::string& o) {
            for (std::size_t at = 0; at + last.size() <= o.size(); ++at) {
              if (NameAt(o, at, last)) return true;
            }
            return false;
          });
      if (!shared) add(last, side);
    }
  };
  last_words(pair.first_names, pair.second_names, 0);
  last_words(pair.second_names, pair.first_names, 1);
  for (int side = 0; side < 2; ++side) {
    const std::string& word = side == 0 ? pair.first_word : pair.second_word;
    if (word.empty()) continue;
    for (std::string_view noun : {" team", " side"}) {
      add(word + std::string(noun), side);
    }
  }
  // Longest first at each start; then drop what overlaps a kept mention,
  // and a span both sides matched.
  std::sort(found.begin(), found.end(),
            [](const SideMention& a, const SideMention& b) {
              return a.span.start != b.span.start ? a.span.start < b.span.start
                                                  : a.span.end > b.span.end;
            });
  std::vector<SideMention> kept;
  for (const SideMention& m : found) {
    if (!kept.empty() && m.span.start < kept.back().span.end) {
      if (m.span.start == kept.back().span.start &&
          m.span.end == kept.back().span.end && m.side != kept.back().side) {
        kept.back().side = -1;  // both sides' name
      }
      continue;
    }
    kept.push_back(m);
  }
  std::erase_if(kept, [](const SideMention& m) { return m.side < 0; });
  return kept;
}

// The side a score of a part is told in favour of, when the words name
// one: "the second period ended 0-1 in favor of the home team", "ending in
// a 3-0 lead for Samara", "the first period saw Västervik leading 0-1",
// "HPK ... securing a 1-0 lead". The words are those between the scores
// beside it in its clause. After the score, "in favor of" or "lead for"
// ("leading", "led", "lead" or "ahead", then "for" or "to"): the side
// named next. "Leading", "led", "lead" or "ahead" alone, before the score
// or after it: the side named earlier in the sentence, when only that
// side is named there. Nothing when the clause holds a negation, a hypothesis
// or a tie, a lead cut or lost ("Y cut the lead to 2-1"), or when no side is
// plain.
struct Leader {
  std::optional<int> side;  // 0: the pair's first, 1: its second
};
Leader LeaderNamed(std::string_view answer, const std::vector<TextSpan>& scopes,
                   const RecordSet& set, const evidence::PartPair& part,
                   const std::vector<WrittenScore>& scores, std::size_t k) {
  const evidence::SidePair* pair = nullptr;
  for (const evidence::SidePair& p : set.side_pairs()) {
    if (p.carrier == part.carrier && p.first_path == part.first_path &&
        p.second_path == part.second_path) {
      pair = &p;
    }
  }
  if (pair == nullptr) return {};
  const WrittenScore& score = scores[k];
  const auto scope = std::find_if(
      scopes.begin(), scopes.end(),
      [&](const TextSpan& sc) { return sc.Holds(score.span.start); });
  if (scope == scopes.end()) return {};
  TextSpan clause = *scope;
  for (const TextSpan& cl : Clauses(answer, *scope)) {
    if (cl.Holds(score.span.start)) clause = cl;
  }
  // This score's words: from the score before it in the clause to the
  // score after it.
  TextSpan own = clause;
  if (k > 0 && clause.Holds(scores[k - 1].span.start)) {
    own.start = scores[k - 1].span.end;
  }
  if (k + 1 < scores.size() && clause.Holds(scores[k + 1].span.start)) {
    own.end = scores[k + 1].span.start;
  }
  std::string lower(" ");
  lower.append(answer.substr(own.start, own.end - own.start));
  lower.push_back(' ');
  for (char& ch : lower) ch = ascii::Lower(ch);
  for (std::string_view word : {" not ", "n't", " never ", " nearly ",
                                " almost ", " would ", " tie", " level"}) {
    if (lower.find(word) != std::string::npos) return {};
  }
  // A lead the side named cuts or loses is the other's: "Y cut the lead
  // to 2-1", "X lost the lead"; which side leads is not plain.
  for (std::string_view word :
       {" cut", " narrow", " trim", " reduc", " halv", " clos", " lost ",
        " lose", " blew ", " blow", " surrender", " relinquish", " gave ",
        " give", " erase", " overc", " overturn", " chase", " trail"}) {
    if (lower.find(word) != std::string::npos) return {};
  }
  const std::vector<SideMention> sides = SidesNamed(answer, *pair);
  auto named_after = [&](std::size_t at) -> Leader {
    for (const SideMention& m : sides) {
      if (m.span.start >= at && own.Holds(m.span.start)) return {m.side};
    }
    return {};
  };
  const std::vector<TextSpan> words = WordSpans(answer, own);
  auto text = [&](std::size_t w) {
    return answer.substr(words[w].start, words[w].end - words[w].start);
  };
  for (std::size_t w = 0; w < words.size(); ++w) {
    const bool after_score = words[w].start >= score.span.end;
    if (ascii::EqualsIgnoreCase(text(w), "favor") ||
        ascii::EqualsIgnoreCase(text(w), "favour")) {
      if (!after_score) continue;  // the score before's
      return named_after(words[w].end);
    }
    bool lead = false;
    for (std::string_view cue : {"leading", "led", "lead", "ahead"}) {
      lead |= ascii::EqualsIgnoreCase(text(w), cue);
    }
    if (!lead) continue;
    if (w + 1 < words.size() && (ascii::EqualsIgnoreCase(text(w + 1), "for") ||
                                 ascii::EqualsIgnoreCase(text(w + 1), "to"))) {
      if (!after_score) continue;
      return named_after(words[w + 1].end);
    }
    std::optional<int> named;
    for (const SideMention& m : sides) {
      if (m.span.end > words[w].start || !scope->Holds(m.span.start)) continue;
      if (named.has_value() && *named != m.side) return {};  // both named
      named = m.side;
    }
    return {named};
  }
  return {};
}

// "The second period ended 2-0", "leading 3-0 at the end of the second
// period": a score told of the k-th part of a whole whose parts two
// sibling objects number ("homeScore" and "awayScore", each with
// "period1".."period3": evidence::PartPair) is the pair they hold for that
// part, or the pair of their sums up to it (the score at its end), in
// either order (the answer may name either side first). Else the score is
// misattributed: the binding names the first sibling, the part's key and
// the pair the results hold. The part is the one the nearest such words
// in the score's clause name; a clause that names none, a part no pair
// numbers, or parts of more than one pair of siblings are not judged.
void BindPartScores(std::string_view answer, const EvidenceCorpus& corpus,
                    const RecordSet& set, const std::vector<TextSpan>& scopes,
                    Verdict* verdict) {
  const std::vector<evidence::PartPair>& pairs = set.part_pairs();
  if (pairs.empty()) return;
  // The pairs by stem, each stem's in the results' order.
  absl::flat_hash_map<std::string, std::vector<const evidence::PartPair*>>
      by_stem;
  for (const evidence::PartPair& p : pairs) by_stem[p.stem].push_back(&p);
  // The part words, in answer order: an ordinal and a stem some pair
  // numbers.
  std::vector<PartMention> parts;
  const std::vector<TextSpan> words = WordSpans(answer, {0, answer.size()});
  for (std::size_t w = 0; w + 1 < words.size(); ++w) {
    const int index =
        OrdinalOf(answer.substr(words[w].start, words[w].end - words[w].start));
    if (index == 0) continue;
    std::string stem(answer.substr(words[w + 1].start,
                                   words[w + 1].end - words[w + 1].start));
    for (char& c : stem) c = ascii::Lower(c);
    if (!by_stem.contains(stem)) continue;
    parts.push_back({{words[w].start, words[w + 1].end}, stem, index});
  }
  if (parts.empty()) return;
  // The part a span of the answer tells of: the nearest part words on
  // either side, in its clause, with no joiner between ("2-0, and the
  // second period"); nullptr when there is none.
  auto part_of = [&](TextSpan told) -> const PartMention* {
    // Scopes and parts are in answer order: each lookup is a search.
    const auto after_scope = std::upper_bound(
        scopes.begin(), scopes.end(), told.start,
        [](std::size_t at, const TextSpan& sc) { return at < sc.start; });
    if (after_scope == scopes.begin() ||
        !(after_scope - 1)->Holds(told.start)) {
      return nullptr;
    }
    const TextSpan scope = *(after_scope - 1);
    TextSpan clause = scope;
    for (const TextSpan& cl : Clauses(answer, scope)) {
      if (cl.Holds(told.start)) clause = cl;
    }
    // The nearest part on each side: a farther one on that side has the
    // nearer one's words between it and the span.
    const auto next = std::upper_bound(
        parts.begin(), parts.end(), told.start,
        [](std::size_t at, const PartMention& p) { return at < p.span.start; });
    const PartMention* part = nullptr;
    std::size_t nearest = std::string_view::npos;
    auto consider = [&](const PartMention& p) {
      if (!clause.Holds(p.span.start)) return;
      const bool after = p.span.start > told.start;
      if (!after && p.span.end > told.start) return;
      const std::size_t distance =
          after ? p.span.start - told.end : told.start - p.span.end;
      if (JoinsTwoTellings(
              answer.substr(after ? told.end : p.span.end, distance))) {
        return;
      }
      if (distance < nearest) {
        nearest = distance;
        part = &p;
      }
    };
    if (next != parts.begin()) consider(*(next - 1));
    if (next != parts.end()) consider(*next);
    if (part != nullptr || next == parts.begin()) return part;
    // "In the second period, HC Tambov scored 3 goals": a part that opens
    // the sentence, the nearest before the span, tells of the sentence.
    const PartMention& opening = *(next - 1);
    if (!scope.Holds(opening.span.start)) return part;
    std::string lead(
        answer.substr(scope.start, opening.span.start - scope.start));
    for (char& ch : lead) ch = ascii::Lower(ch);
    std::erase_if(lead, [](char ch) { return ch == ' '; });
    if (lead == "in" || lead == "inthe" || lead == "duringthe" ||
        lead == "by" || lead == "bytheendofthe" || lead == "attheendofthe" ||
        lead == "afterthe") {
      part = &opening;
    }
    return part;
  };
  // The one pair of siblings that numbers `part`, and the sums of their
  // parts up to it; nullptr when none or several do.
  struct Numbered {
    const evidence::PartPair* own = nullptr;
    double sum_first = 0;
    double sum_second = 0;
  };
  auto numbered = [&](const PartMention& part) {
    Numbered n;
    const std::vector<const evidence::PartPair*>& stem_pairs =
        by_stem.at(part.stem);
    bool several = false;
    for (const evidence::PartPair* p : stem_pairs) {
      if (p->index != part.index) continue;
      several |= n.own != nullptr;
      n.own = p;
    }
    if (n.own == nullptr || several) return Numbered{};
    for (const evidence::PartPair* p : stem_pairs) {
      if (p->index <= n.own->index && p->carrier == n.own->carrier &&
          p->first_path == n.own->first_path &&
          p->second_path == n.own->second_path) {
        n.sum_first += p->first;
        n.sum_second += p->second;
      }
    }
    return n;
  };
  const auto& results = corpus.results();
  auto binding_of = [&](const evidence::PartPair& own) {
    Binding binding;
    binding.named = {own.carrier < results.size()
                         ? results[own.carrier].tool_call_id
                         : std::string(),
                     own.first_path};
    binding.field = own.stem + std::to_string(own.index);
    char held[48];
    std::snprintf(held, sizeof held, "%g-%g", own.first, own.second);
    binding.named_value = held;
    return binding;
  };
  std::vector<Candidate> found;
  auto misattribute = [&](TextSpan span, std::size_t at, std::string canonical,
                          Binding binding) {
    MisattributeWritten(span, at, std::move(canonical), std::move(binding),
                        verdict, &found);
  };
  const std::vector<WrittenScore> scores = ScoresIn(answer);
  for (std::size_t k = 0; k < scores.size(); ++k) {
    const WrittenScore& score = scores[k];
    const PartMention* part = part_of(score.span);
    if (part == nullptr) continue;
    const Numbered n = numbered(*part);
    if (n.own == nullptr) continue;
    auto is = [&](double x, double y) {
      return (score.a == x && score.b == y) || (score.a == y && score.b == x);
    };
    if (is(n.own->first, n.own->second) || is(n.sum_first, n.sum_second)) {
      // The side the words say leads the part must lead it, in the part's
      // own goals or in the sums up to it, whichever the score is.
      const Leader leader = LeaderNamed(answer, scopes, set, *n.own, scores, k);
      if (!leader.side.has_value()) continue;
      auto leads = [&](double first, double second) {
        return is(first, second) &&
               (*leader.side == 0 ? first > second : second > first);
      };
      if (leads(n.own->first, n.own->second) ||
          leads(n.sum_first, n.sum_second)) {
        continue;
      }
      Binding binding = binding_of(*n.own);
      const bool first = *leader.side == 0;
      binding.named.path = first ? n.own->first_path : n.own->second_path;
      char held[48];
      std::snprintf(held, sizeof held, "%g-%g",
                    first ? n.own->first : n.own->second,
                    first ? n.own->second : n.own->first);
      binding.named_value = held;
      binding.aggregate = "leader";
      misattribute(score.span, score.first.start,
                   std::string(answer.substr(
                       score.first.start, score.first.end - score.first.start)),
                   std::move(binding));
      continue;
    }
    misattribute(score.span, score.first.start,
                 std::string(answer.substr(
                     score.first.start, score.first.end - score.first.start)),
                 binding_of(*n.own));
  }
  // "scored 3 goals in the second period": a count told of a part is one
  // side's value for it, or the two sides' together.
  for (const WrittenCount& count : CountsIn(answer, words)) {
    const PartMention* part = part_of(count.span);
    if (part == nullptr) continue;
    const Numbered n = numbered(*part);
    if (n.own == nullptr) continue;
    if (count.n == n.own->first || count.n == n.own->second ||
        count.n == n.own->first + n.own->second) {
      continue;
    }
    misattribute(count.span, count.number.start,
                 std::to_string(static_cast<long>(count.n)),
                 binding_of(*n.own));
  }
  InsertFound(std::move(found), verdict);
}

// ---- the winner of a contest ----------------------------------------------

// What a word tells of the side it is said of: +1 a win ("won",
// "victory"), -1 a loss ("lost"), 0 nothing.
int OutcomeWord(std::string_view w) {
  for (std::string_view win :
       {"won", "win", "wins", "winning", "victory", "victorious", "beat",
        "beats", "defeated", "defeating", "triumphed", "favor", "favour"}) {
    if (ascii::EqualsIgnoreCase(w, win)) return 1;
  }
  for (std::string_view loss : {"lost", "loses", "losing"}) {
    if (ascii::EqualsIgnoreCase(w, loss)) return -1;
  }
  return 0;
}

// Words that make a clause tell of no whole contest's outcome: a part of
// it, overtime, a negation or a hypothesis.
bool TellsNoOutcome(std::string_view clause,
                    const std::vector<evidence::PartPair>& parts) {
  std::string lower(" ");
  lower.append(clause);
  lower.push_back(' ');
  for (char& ch : lower) ch = ascii::Lower(ch);
  for (const evidence::PartPair& p : parts) {
    if (lower.find(p.stem) != std::string::npos) return true;
  }
  for (std::string_view word :
       {"overtime", "shootout", "shoot-out", " not ", "n't", " never ",
        " failed ", " without ", " nearly ", " almost ", " would "}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

// "HC 19 Humenne won the game with a score of 1-3", "the final score was
// 5-4 in favor of the Islanders", "Tingsryd lost 3-2": a score told in a
// clause that names one side of a contest (SidePair: its name, or "the
// home team") as its winner or loser. The side named before the word of
// the outcome wins or loses ("X won", "X emerged victorious", "X lost");
// after "in favor of", "a victory for" and "won by" the side named after
// it wins. When the totals the results hold say otherwise, the score is
// misattributed (aggregate "winner": the binding names the side the
// answer named, its total first). A clause that tells of a part ("the
// second period"), of overtime, or with a negation is not judged, nor is
// a tie.
void BindWinners(std::string_view answer, const EvidenceCorpus& corpus,
                 const RecordSet& set, const std::vector<TextSpan>& scopes,
                 Verdict* verdict) {
  const std::vector<evidence::SidePair>& pairs = set.side_pairs();
  if (pairs.empty()) return;
  const std::vector<WrittenScore> scores = ScoresIn(answer);
  if (scores.empty()) return;
  const auto& results = corpus.results();
  std::vector<Candidate> found;
  for (const evidence::SidePair& pair : pairs) {
    if (pair.first_total == pair.second_total) continue;
    const std::vector<SideMention> sides = SidesNamed(answer, pair);
    if (sides.empty()) continue;
    for (const WrittenScore& score : scores) {
      const auto scope = std::find_if(
          scopes.begin(), scopes.end(),
          [&](const TextSpan& sc) { return sc.Holds(score.span.start); });
      if (scope == scopes.end()) continue;
      TextSpan clause = *scope;
      for (const TextSpan& cl : Clauses(answer, *scope)) {
        if (cl.Holds(score.span.start)) clause = cl;
      }
      if (TellsNoOutcome(answer.substr(clause.start, clause.end - clause.start),
                         set.part_pairs())) {
        continue;
      }
      // The words of the clause, and the nearest word of an outcome: before
      // the score, else after it.
      const std::vector<TextSpan> words = WordSpans(answer, clause);
      auto text = [&](std::size_t w) {
        return answer.substr(words[w].start, words[w].end - words[w].start);
      };
      std::optional<std::size_t> cue;
      for (std::size_t w = 0; w < words.size(); ++w) {
        if (OutcomeWord(text(w)) == 0) continue;
        if (words[w].start < score.span.start) {
          cue = w;
        } else if (!cue.has_value()) {
          cue = w;
          break;
        }
      }
      if (!cue.has_value()) continue;
      const int outcome = OutcomeWord(text(*cue));
      // The side written after the word: "in favor of X", "a victory for
      // X", "won by X".
      const bool named_after =
          ascii::EqualsIgnoreCase(text(*cue), "favor") ||
          ascii::EqualsIgnoreCase(text(*cue), "favour") ||
          (*cue + 1 < words.size() &&
           (ascii::EqualsIgnoreCase(text(*cue + 1), "for") ||
            ascii::EqualsIgnoreCase(text(*cue + 1), "by")));
      if (named_after && outcome < 0) continue;  // "lost by": a margin
      const SideMention* named = nullptr;
      for (const SideMention& m : sides) {
        if (named_after) {
          if (m.span.start >= words[*cue].end && clause.Holds(m.span.start)) {
            named = &m;
            break;
          }
        } else if (m.span.end <= words[*cue].start &&
                   scope->Holds(m.span.start)) {
          named = &m;
        }
      }
      if (named == nullptr) continue;
      const double own =
          named->side == 0 ? pair.first_total : pair.second_total;
      const double other =
          named->side == 0 ? pair.second_total : pair.first_total;
      if (outcome > 0 ? own > other : own < other) continue;
      Binding binding;
      binding.named = {pair.carrier < results.size()
                           ? results[pair.carrier].tool_call_id
                           : std::string(),
                       named->side == 0 ? pair.first_path : pair.second_path};
      binding.field = pair.total_key;
      char held[48];
      std::snprintf(held, sizeof held, "%g-%g", own, other);
      binding.named_value = held;
      binding.aggregate = "winner";
      MisattributeWritten(
          score.span, score.first.start,
          std::string(answer.substr(score.first.start,
                                    score.first.end - score.first.start)),
          std::move(binding), verdict, &found);
    }
  }
  InsertFound(std::move(found), verdict);
}

bool IsCodeByte(char c) { return ascii::IsUpper(c) || ascii::IsDigit(c); }

// The codes of the answer that some record holds as a whole field: runs of
// two to six capitals and digits, with two capitals or more ("SEA",
// "B737"), standing alone, that no candidate covers, at each use. A code is no
// value the ladder reads (most are general knowledge: an airport, a currency),
// so one told of the wrong record is added to the verdict only when it is
// misattributed: "HAT069 from JFK to SFO" where HAT069 flies to SEA.
// True when the text between two values restates the first in another
// unit: the first's unit (or none), then an opening parenthesis ("5.03°C
// (", "5.03 degrees Celsius ("), with no digit or clause mark between.
bool OpensARestatement(std::string_view between) {
  while (!between.empty() && between.back() == ' ') between.remove_suffix(1);
  if (between.empty() || between.back() != '(') return false;
  between.remove_suffix(1);
  if (between.size() > 24) return false;
  return std::none_of(between.begin(), between.end(), [](char ch) {
    return ascii::IsDigit(ch) || ch == ',' || ch == ';' || ch == '.' ||
           ch == '(' || ch == ')';
  });
}

bool GroundedConversion(const Candidate& c) {
  return c.status == CandidateStatus::kGrounded &&
         c.reason == MatchReason::kConverted;
}

// "a high of 5.03°C (41°F)": a value the ladder grounded as a conversion,
// written in parentheses just after a misattributed value, restates it in
// another unit; it is told of the same record, and misattributed with the
// same binding (whose named value is in the record's unit). Each use of a
// converted value is judged at its own place.
void BindRestatements(std::string_view answer, Verdict* verdict) {
  std::vector<std::size_t> origin;
  SplitRepeatedUses(answer, GroundedConversion, &verdict->candidates, &origin);
  std::vector<Candidate>& candidates = verdict->candidates;
  for (std::size_t i = 0; i + 1 < candidates.size(); ++i) {
    const Candidate& value = candidates[i];
    Candidate& restated = candidates[i + 1];
    if (value.status != CandidateStatus::kMisattributed ||
        !value.binding.has_value() || !GroundedConversion(restated) ||
        value.end > restated.start || restated.end > answer.size() ||
        !OpensARestatement(
            answer.substr(value.end, restated.start - value.end))) {
      continue;
    }
    const std::size_t close = answer.find(')', restated.end);
    if (close == std::string_view::npos || close - restated.end > 24) continue;
    restated.status = CandidateStatus::kMisattributed;
    restated.reason = MatchReason::kNone;
    restated.binding = value.binding;
  }
  FoldRepeatedUses(origin, verdict);
}

void BindCodes(std::string_view answer, Binder& binder, Verdict* verdict) {
  std::vector<Candidate> found;
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < answer.size();) {
    if (!IsCodeByte(answer[i]) ||
        (i > 0 && (IsWordByte(answer[i - 1]) || answer[i - 1] == '-' ||
                   answer[i - 1] == '_'))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < answer.size() && IsCodeByte(answer[end])) ++end;
    const std::string_view token = answer.substr(i, end - i);
    const std::size_t start = i;
    i = end;
    if (token.size() < 2 || token.size() > 6 ||
        std::count_if(token.begin(), token.end(), ascii::IsUpper) < 2 ||
        (end < answer.size() && (IsWordByte(answer[end]) ||
                                 answer[end] == '-' || answer[end] == '_'))) {
      continue;
    }
    // Each use is tried (the first may stand where no record is named);
    // a code is one candidate, at its first misattributed use.
    if (std::find(seen.begin(), seen.end(), token) != seen.end()) continue;
    const bool covered = std::any_of(
        verdict->candidates.begin(), verdict->candidates.end(),
        [&](const Candidate& c) { return c.start < end && start < c.end; });
    if (covered) continue;
    Value v;
    v.code = std::string(token);
    Candidate c;
    c.start = start;
    c.end = end;
    c.shape = std::string(kShapeCode);
    c.canonical = v.code;
    for (char& ch : c.canonical) ch = ascii::Lower(ch);
    c.status = CandidateStatus::kGrounded;
    c.grounding = Grounding::kThisTurn;
    c.reason = MatchReason::kExact;
    binder.Bind(c, v);
    if (c.status != CandidateStatus::kMisattributed) continue;
    seen.emplace_back(token);
    c.reason = MatchReason::kNone;
    if (!c.binding->read.carrier.empty()) {
      c.carriers.push_back(c.binding->read.carrier);
    }
    found.push_back(std::move(c));
  }
  InsertFound(std::move(found), verdict);
}

// One binding of the answer's values (BindRecords), its weekdays read as
// `weekdays` says.
void BindOnce(std::string_view answer, const EvidenceCorpus& corpus,
              const RecordSet& set, std::span<const DayMention> days,
              WeekdayReading weekdays, Verdict* verdict) {
  std::vector<std::size_t> origin;
  SplitRepeatedUses(answer, Bindable, &verdict->candidates, &origin);
  Binder binder{answer, corpus, set, Scopes(answer), {}, verdict->candidates};
  AddIdentifierMentions(answer, set, &binder.mentions);
  AddDayMentions(answer, set, days, binder.scopes, weekdays, &binder.mentions,
                 &binder.unplaced_days, &binder.unread_weekdays);
  for (std::size_t i = 0; i < verdict->candidates.size(); ++i) {
    Candidate& c = verdict->candidates[i];
    if (!Bindable(c)) continue;
    // "2.14°C (36°F)": a conversion written in parentheses just after a
    // value restates it; it is judged with it (BindRestatements), not as
    // a reading of its own.
    const Candidate* before = i > 0 ? &verdict->candidates[i - 1] : nullptr;
    if (c.reason == MatchReason::kConverted && before != nullptr &&
        before->end <= c.start &&
        OpensARestatement(answer.substr(before->end, c.start - before->end))) {
      continue;
    }
    binder.Bind(c);
  }
  binder.BindReadings();
  binder.BindTogether();
  // The readings' pointers into the candidates end here: folding moves them.
  binder.told_of_day.clear();
  FoldRepeatedUses(origin, verdict);
  // A date the answer writes again is judged at each use too ("from
  // September 2020 to July 2021" in each sentence that tells the span).
  std::vector<std::size_t> date_origin;
  SplitRepeatedUses(answer, GroundedDate, &verdict->candidates, &date_origin);
  BindStretchEnds(answer, set, binder, verdict);
  BindExtremeDays(answer, set, binder, verdict);
  BindTrends(answer, set, binder, verdict);
  BindWeekdays(answer, set, days, binder, verdict);
  FoldRepeatedUses(date_origin, verdict);
  BindPartScores(answer, corpus, set, binder.scopes, verdict);
  BindWinners(answer, corpus, set, binder.scopes, verdict);
  BindCodes(answer, binder, verdict);
  BindRestatements(answer, verdict);
}

}  // namespace

void BindRecords(std::string_view answer, const EvidenceCorpus& corpus,
                 Verdict* verdict) {
  if (corpus.truncated() || verdict->evidence_truncated) return;
  if (corpus.results().empty()) return;
  // Nothing to bind: no value the ladder grounded this turn, no two dates
  // in a row (a range), no code, and no word MayNeedTheRecords reads.
  const bool codes =
      std::adjacent_find(answer.begin(), answer.end(), [](char a, char b) {
        return ascii::IsUpper(a) && ascii::IsUpper(b);
      }) != answer.end();
  const auto grounded_date = [](const Candidate& c) {
    return c.shape == "date" && c.status == CandidateStatus::kGrounded;
  };
  const bool ranges =
      std::adjacent_find(verdict->candidates.begin(), verdict->candidates.end(),
                         [&](const Candidate& a, const Candidate& b) {
                           return grounded_date(a) && grounded_date(b);
                         }) != verdict->candidates.end();
  if (!codes && !ranges &&
      std::none_of(verdict->candidates.begin(), verdict->candidates.end(),
                   Bindable) &&
      !MayNeedTheRecords(
          answer, std::any_of(verdict->candidates.begin(),
                              verdict->candidates.end(), grounded_date))) {
    return;
  }
  const RecordSet& set = CorpusInternals::records(corpus);
  if (!set.complete() || (set.groups().empty() && set.part_pairs().empty())) {
    return;
  }
  const std::vector<DayMention> days = DaysNamed(answer);
  if (WeekdaysAreTheCalendars(answer, set, days)) {
    BindOnce(answer, corpus, set, days, {}, verdict);
    return;
  }
  // Weekdays the answer counts its own way: a value told on one is
  // misattributed only when it is under each reading of them (the
  // calendar's, a day later, a day earlier); else it is judged as if the
  // weekday named no day read.
  const Verdict unjudged = *verdict;
  BindOnce(answer, corpus, set, days, {.read = false}, verdict);
  const auto misattributed_at = [](const Verdict& v, const Candidate& c) {
    return std::find_if(v.candidates.begin(), v.candidates.end(),
                        [&](const Candidate& o) {
                          return o.start == c.start && o.end == c.end &&
                                 o.status == CandidateStatus::kMisattributed;
                        });
  };
  // The candidates only a reading of the weekdays may accuse: first the
  // calendar's accusations, then those each other reading keeps (each
  // reading is bound only while some remain).
  Verdict calendar = unjudged;
  BindOnce(answer, corpus, set, days, {.read = true, .shift = 0}, &calendar);
  std::vector<std::size_t> accused;  // indices into verdict->candidates
  for (std::size_t i = 0; i < verdict->candidates.size(); ++i) {
    const Candidate& c = verdict->candidates[i];
    if (c.status != CandidateStatus::kMisattributed &&
        misattributed_at(calendar, c) != calendar.candidates.end()) {
      accused.push_back(i);
    }
  }
  for (const int shift : {1, -1}) {
    if (accused.empty()) return;
    Verdict reading = unjudged;
    BindOnce(answer, corpus, set, days, {.read = true, .shift = shift},
             &reading);
    std::erase_if(accused, [&](std::size_t i) {
      return misattributed_at(reading, verdict->candidates[i]) ==
             reading.candidates.end();
    });
  }
  // Each accused value takes the calendar's judgement. Its later uses that
  // the unread binding folded into it (judged alike there) the calendar
  // lists one by one: they are listed again, as the calendar judged them,
  // or as the unread binding did where the calendar alone accuses them.
  std::vector<Candidate> uses;
  const auto listed = [](const std::vector<Candidate>& list,
                         const Candidate& c) {
    return std::any_of(list.begin(), list.end(), [&](const Candidate& o) {
      return o.start == c.start && o.end == c.end;
    });
  };
  for (std::size_t i : accused) {
    const Candidate unread = verdict->candidates[i];
    verdict->candidates[i] = *misattributed_at(calendar, unread);
    for (const Candidate& o : calendar.candidates) {
      if (o.start <= unread.start || o.canonical != unread.canonical ||
          o.shape != unread.shape || listed(verdict->candidates, o) ||
          listed(uses, o)) {
        continue;
      }
      Candidate use = o;
      if (use.status == CandidateStatus::kMisattributed) {
        use = unread;
        use.start = o.start;
        use.end = o.end;
        use.occurrences = 1;
      }
      uses.push_back(std::move(use));
      ++verdict->looked_up;
    }
  }
  for (Candidate& use : uses) {
    const auto at =
        std::find_if(verdict->candidates.begin(), verdict->candidates.end(),
                     [&](const Candidate& c) { return c.start > use.start; });
    verdict->candidates.insert(at, std::move(use));
  }
}

}  // namespace groundgate::stages
