// evidence/extractor.h — which tokens are values, and under which keys.
//
// Its one job: read a token into its value keys (ReadToken, used by both the
// corpus and the judge, law 1) and decide which answer tokens are data
// (Extractor::Classify). The rule is conservative: a token is a candidate
// when it matches a declared shape, or carries a digit and is distinctive —
// an identifier (digits with letters or `: _ - / .`, 4+ characters) or a
// bare number of min_digits+ digits. A number with a unit is judged on its
// number alone; `N/M` of one or two digits each (`24/7`) is prose.
//
// It also reads dates and clock times (MatchDateTime): one value that may
// span several tokens (`May 22, 2024`, `2:00 PM`), with the date and time
// keys both sides use (DateTimeIndexKeys on the evidence side,
// DateTimeLookupKeys on the answer side). The keys begin with '@', which is
// leading decoration and so begins no canonical form: `@date:2024-05-22`,
// `@md:05-22` (month and day), `@ym:2024-05` (year and month),
// `@time:14:00` (and `@time:14:00:06` when the seconds are not zero). Taking
// the date or time part of an ISO timestamp is a structural decomposition
// of that value (the grammar of ISO 8601), not substring matching (law 2).
//
// Month names are read in English and, from ICU's data, in French, German,
// Spanish, Italian, Portuguese, Dutch, Swedish, Danish, Norwegian, Polish,
// Czech, Turkish and Russian, in the orders those languages write them:
// `22 mai 2024`, `22. Mai 2024`, `22 de mayo de 2024`, `mai 2024`,
// `22 maggio`, `22 мая 2024`. A name that is only an abbreviation (`set`,
// `gen`, `mag`) or also a common word (`mars`), and an English name in
// lower case (`may`), counts only in a whole date with a day and a year; a
// genitive (`maja`, `мая`) only after a day. A numeric date is read year
// first (`2024/05/22`, `2024.05.22`), or year last when a day over 12 or
// two equal numbers decide the order (`22/05/2024`, `05/22/2024`,
// `22.05.2024`).
//
// What it does NOT do: look anything up, or tokenize text (MatchDateTime
// asks the tokenizer for the tokens after the first). A numeric date whose
// day and month could trade places (`05/06/2024`) is left to the ordinary
// rule, and so is a year alone (`in 1903`). A 12-hour time written without
// AM/PM is read as 24-hour; DateTimeAlternateLookupKeys gives its other
// reading.
#ifndef GROUNDGATE_EVIDENCE_EXTRACTOR_H_
#define GROUNDGATE_EVIDENCE_EXTRACTOR_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "evidence/canonical.h"
#include "evidence/tokenizer.h"
#include "groundgate/gate.h"

namespace groundgate::evidence {

// The keys a token's value is indexed and looked up under.
struct TokenValue {
  CanonicalForm canonical;
  // When the token is a number with a unit ("4096MB"), the number's
  // canonical form ("4096"); else empty.
  std::string number_before_unit;
};

// Reads one token. Shared by the evidence side and the answer side.
TokenValue ReadToken(std::string_view token);

inline constexpr std::string_view kShapeNumber = "number";
inline constexpr std::string_view kShapeIdentifier = "identifier";

// A candidate value found in an answer token.
struct ExtractedValue {
  std::string shape;
  std::string canonical;  // the value's canonical form, as shown
  // The value's identity, looked up in the corpus: the canonical form, or
  // for hex its digits without "0x" (the corpus indexes both spellings of a
  // prefixed value, so the bare digits meet either side's spelling), or for
  // a number with a unit the number alone.
  std::string key;
  bool changed = false;          // canonicalization joined spellings
  bool declared_exempt = false;  // GateOptions exempted it
};

inline constexpr std::string_view kShapeDate = "date";
inline constexpr std::string_view kShapeTime = "time";
inline constexpr std::string_view kShapeDateTime = "datetime";

// A date, a clock time or both, read from one or more tokens.
struct DateTimeValue {
  enum class Kind {
    kDate,       // 2024-05-22, May 22, 2024, 22 May 2024, 2024/05/22
    kMonthDay,   // May 22, 22nd May (no year)
    kYearMonth,  // May 2024
    kTime,       // 14:00, 2:00 PM, 2pm, 13:25:06Z
    kDateTime,   // 2024-05-06T13:25:06, 2023-09-12 14:00:00
  };
  Kind kind = Kind::kDate;
  int year = 0;  // 0 when the text gave none
  int month = 0;
  int day = 0;
  int hour = 0;  // 24-hour clock
  int minute = 0;
  int second = 0;
  // How the hour was written: whether it may also be a 12-hour clock's.
  enum class Clock {
    kUnmarked,  // "01:00", "1:00", "2023-09-12 01:00": 1 AM or 1 PM
    kMeridiem,  // "1:00 PM", "2pm", "2 a.m.": AM/PM written
    k24Hour,    // "2024-05-06T01:00", "01:00Z", "02:15:00+1": by grammar
  };
  Clock clock = Clock::kUnmarked;  // meaningful only when there is a time
  // Byte offsets of the value in the text, decoration excluded: [start,
  // end). `end` may lie past the first token when the value spans several.
  std::size_t start = 0;
  std::size_t end = 0;
  int tokens = 1;  // how many tokens the value spans
};

// Reads the date or time that begins at token `first` of `text` (a span
// ForEachToken gave), looking at most kMaxDateTimeTokens tokens ahead.
// Returns nullopt when no date or time begins there. Never allocates, except
// that the first call in the process that meets a candidate month word
// builds the table of month names from ICU, once. Thread-safe (the table is
// a function-local static, read-only once built).
std::optional<DateTimeValue> MatchDateTime(std::string_view text,
                                           TokenSpan first);

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

class Extractor {
 public:
  // Compiles the declared shapes and exemptions once. The Status names the
  // option and the fix.
  static absl::StatusOr<std::unique_ptr<Extractor>> Create(
      const GateOptions& options);
  ~Extractor();

  // The candidate in one answer token, or nullopt when it is prose.
  // Thread-safe (const, compiled patterns only).
  std::optional<ExtractedValue> Classify(std::string_view token) const;

 private:
  struct Patterns;
  Extractor(const GateOptions& options, std::unique_ptr<Patterns> patterns);
  int min_digits_;
  std::vector<std::string> shape_names_;
  std::vector<std::string> exempt_values_;  // canonical, sorted
  std::unique_ptr<Patterns> patterns_;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_EXTRACTOR_H_
