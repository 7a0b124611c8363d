// evidence/dates/date_keys.h — a read date or time as text: its shape, its
// canonical form and its keys.
//
// Its one job: what both sides agree a DateTimeValue is called. The keys
// begin with '@', which is leading decoration and so begins no canonical
// form: `@date:2024-05-22`, `@md:05-22` (month and day), `@ym:2024-05`
// (year and month), `@time:14:00` (and `@time:14:00:06` when the seconds
// are not zero). The corpus indexes a result's date under
// DateTimeIndexKeys; the judge looks an answer's up by DateTimeLookupKeys,
// then, for a time written without AM/PM, by DateTimeAlternateLookupKeys.
// What it does NOT do: read text (date_time.h) or look anything up.
#ifndef GROUNDGATE_EVIDENCE_DATES_DATE_KEYS_H_
#define GROUNDGATE_EVIDENCE_DATES_DATE_KEYS_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "evidence/dates/date_time.h"

namespace groundgate::evidence {

// A date or time's shape: kShapeDate, kShapeTime or kShapeDateTime.
std::string_view DateTimeShape(const DateTimeValue& value);

// Its canonical form as shown in a verdict: "2024-05-22", "--05-22" (no
// year), "2024-05", "14:00", "14:00:06", "2024-05-06t13:25:06".
std::string DateTimeCanonical(const DateTimeValue& value);

// The keys of one date or time (DateTimeIndexKeys), in one inline buffer:
// a result's every timestamp yields up to five, and building them allocates
// nothing. Iterates as views into itself, valid while it lives.
class DateTimeKeys {
 public:
  static constexpr std::size_t kMaxKeys = 5;
  // A prefix and three numbers of up to 11 characters each ("-2147483648")
  // with their separators: 6 + 3 * 11 + 2 = 41.
  static constexpr std::size_t kMaxKeyBytes = 48;

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string_view;
    Iterator() = default;
    Iterator(const DateTimeKeys* keys, std::size_t i) : keys_(keys), i_(i) {}
    std::string_view operator*() const { return (*keys_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++i_;
      return before;
    }
    bool operator==(const Iterator& other) const { return i_ == other.i_; }

   private:
    const DateTimeKeys* keys_ = nullptr;
    std::size_t i_ = 0;
  };

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::string_view operator[](std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(bytes_ + begin, ends_[i] - begin);
  }
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, count_); }

  // Appends a key: `prefix`, then each number zero-padded to its width,
  // `separator` between them ("@date:" 2024 4, 5 2, 22 2 with '-').
  // REQUIRES: size() < kMaxKeys, at most three numbers, prefix at most 6
  // bytes.
  void Add(std::string_view prefix, char separator,
           std::initializer_list<std::pair<int, int>> numbers_and_widths);

 private:
  char bytes_[kMaxKeys * kMaxKeyBytes];
  std::uint8_t ends_[kMaxKeys] = {};
  std::uint8_t count_ = 0;
};

// Evidence side: every key a carried date or time is indexed under (its
// date, month-day and year-month keys; its minute key, and its second key
// when the seconds are not zero).
DateTimeKeys DateTimeIndexKeys(const DateTimeValue& value);

// Answer side: the keys that must all be carried for the value to count as
// read: one, or two for a date with a time (its date and its time).
absl::InlinedVector<std::string, 2> DateTimeLookupKeys(
    const DateTimeValue& value);

// Answer side, the other reading of a time written without AM/PM: the keys
// of the same value twelve hours on ("01:00" and "1:00" -> 13:00, "11:59"
// -> 23:59, "12:30" -> 00:30, the midnight hour of a 12-hour clock), in
// DateTimeLookupKeys' order (a date with a time keeps its date key). Empty
// when the value has no time, its clock is not Clock::kUnmarked (AM/PM
// written, or 24-hour by grammar), or its hour is 0 or 13..23 (only a
// 24-hour clock writes those). For a judge to try only when the ordinary
// keys are not all carried: "01:00" in an answer for a result's
// "13:00:00". Thread-safe (pure).
absl::InlinedVector<std::string, 2> DateTimeAlternateLookupKeys(
    const DateTimeValue& value);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_DATES_DATE_KEYS_H_
