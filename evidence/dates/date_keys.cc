// evidence/dates/date_keys.cc — a read date or time as text (date_keys.h).
#include "evidence/dates/date_keys.h"

#include <algorithm>
#include <initializer_list>
#include <string>

#include "absl/strings/str_cat.h"

namespace groundgate::evidence {
namespace {

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

// One field of a key: its value, zero-padded to `width` digits.
struct PaddedField {
  int value;
  int width;
};

// `fields`, each padded, joined by `separator`: "2024-05-22", "14:00".
std::string JoinPadded(std::initializer_list<PaddedField> fields,
                       char separator) {
  std::string out;
  out.reserve(10);
  for (const PaddedField& field : fields) {
    if (&field != fields.begin()) out.push_back(separator);
    AppendPadded(field.value, field.width, &out);
  }
  return out;
}

std::string FormatDate(int year, int month, int day) {
  return JoinPadded({{year, 4}, {month, 2}, {day, 2}}, '-');
}

std::string FormatMonthDay(int month, int day) {
  return JoinPadded({{month, 2}, {day, 2}}, '-');
}

std::string FormatYearMonth(int year, int month) {
  return JoinPadded({{year, 4}, {month, 2}}, '-');
}

std::string FormatTime(int hour, int minute, int second, bool seconds) {
  if (!seconds) return JoinPadded({{hour, 2}, {minute, 2}}, ':');
  return JoinPadded({{hour, 2}, {minute, 2}, {second, 2}}, ':');
}

constexpr char kDateKey[] = "@date:";
constexpr char kMonthDayKey[] = "@md:";
constexpr char kYearMonthKey[] = "@ym:";
constexpr char kTimeKey[] = "@time:";

}  // namespace

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

}  // namespace groundgate::evidence
