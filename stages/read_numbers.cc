// stages/read_numbers.cc — the judge's reader of numbers as people write
// them.
//
// What it does NOT do: look the value up; stages/judge.cc climbs the number
// ladder with what it read.
#include "stages/read_numbers.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "evidence/ascii.h"
#include "evidence/canonical.h"
#include "evidence/extractor.h"

namespace groundgate::stages {
namespace {

// Digits before the decimal point of a canonical number ("-1234.5": 4).
int IntegerDigits(std::string_view number) {
  int digits = 0;
  for (const char c : number) {
    if (c == '.') break;
    digits += c >= '0' && c <= '9';
  }
  return digits;
}

// A measured quantity: a percent, a sign, a decimal part, a unit, a field
// label, or a place in a range or a score.
bool IsMeasured(std::string_view answer, const evidence::NumberReading& reading,
                const evidence::UnitAfter& unit) {
  return reading.kind == evidence::NumberReading::Kind::kPercent ||
         reading.negative || reading.step.find('.') != std::string::npos ||
         unit.found || evidence::AfterFieldLabel(answer, reading.start) ||
         evidence::InRangeOrScore(answer, reading.start, reading.end);
}

// A hedged number ("about 20", "around 1,200") is shown to the precision
// its trailing zeros allow: step 10 and 100 there. No wider: "about 18"
// keeps step 1, "about 17.5" step 0.1.
void WidenToZeros(evidence::NumberReading* reading) {
  const std::string& value = reading->value;
  if (reading->step != "1" || value.find('.') != std::string::npos) return;
  std::size_t zeros = 0;
  while (zeros + 1 < value.size() && value[value.size() - 1 - zeros] == '0') {
    ++zeros;
  }
  if (zeros == 0) return;
  reading->step = "1" + std::string(zeros, '0');
}

// One number of a token ReadQuantityToken splits: "26" of "26-30".
std::optional<evidence::NumberReading> PartReading(std::string_view answer,
                                                   std::size_t start,
                                                   std::size_t end) {
  std::string value;
  if (!evidence::CanonicalNumber(answer.substr(start, end - start), &value)) {
    return std::nullopt;
  }
  evidence::NumberReading reading;
  reading.value = std::move(value);
  const std::string_view text = answer.substr(start, end - start);
  const std::size_t point = text.find('.');
  reading.step = point == std::string_view::npos
                     ? "1"
                     : "0." + std::string(text.size() - point - 2, '0') + "1";
  reading.start = start;
  reading.end = end;
  return reading;
}

// Digits with at most one '.' inside, from i; returns the end.
std::size_t NumberPartEnd(std::string_view s, std::size_t i) {
  std::size_t k = i;
  bool point = false;
  while (k < s.size()) {
    if (s[k] >= '0' && s[k] <= '9') {
      ++k;
    } else if (s[k] == '.' && !point && k > i && k + 1 < s.size() &&
               s[k + 1] >= '0' && s[k + 1] <= '9') {
      point = true;
      ++k;
    } else {
      break;
    }
  }
  return k;
}

// "04-21", "12-10", "7-15": a month (1-12) and a day (1-31) written with
// two digits or a leading zero; "3-1" and "26-30" are a score and a range.
bool LooksLikeMonthDay(std::string_view first, std::string_view second) {
  if (first.find('.') != std::string_view::npos ||
      second.find('.') != std::string_view::npos) {
    return false;
  }
  int month = 0, day = 0;
  for (char c : first) month = month * 10 + (c - '0');
  for (char c : second) day = day * 10 + (c - '0');
  const bool leading_zero = (first.size() == 2 && first[0] == '0') ||
                            (second.size() == 2 && second[0] == '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
         (leading_zero || second.size() == 2);
}

// True when "1-10" is rather a range than a month and a day: neither end
// has a leading zero ("04-21" is a date's spelling), and results carried
// each end as a number.
bool EndsCarried(const EvidenceCorpus& corpus, std::string_view low,
                 std::string_view high) {
  if (low.front() == '0' || high.front() == '0') return false;
  return corpus.Lookup(low).carried && corpus.Lookup(high).carried;
}

// Integer digits a number of a range, score or slash list may have:
// "1003-1031", "900/1800/1900"; longer runs are ids or phone numbers.
constexpr int kMaxPartDigits = 6;
// Numbers a slash list may hold: "25/30/60/120/240fps".
constexpr std::size_t kMaxListParts = 8;
// Integer digits each number of a slash list without a unit has at least:
// "900/1800" is a list, "24/7" and "1/2" are not.
constexpr int kMinBareListDigits = 3;

bool IsOrdinalSuffix(std::string_view suffix) {
  if (suffix.size() != 2) return false;
  const char a = static_cast<char>(suffix[0] | 0x20);
  const char b = static_cast<char>(suffix[1] | 0x20);
  return (a == 't' && b == 'h') || (a == 's' && b == 't') ||
         (a == 'n' && b == 'd') || (a == 'r' && b == 'd');
}

int IntegerDigitsOf(std::string_view part) {
  const std::size_t point = part.find('.');
  return static_cast<int>(point == std::string_view::npos ? part.size()
                                                          : point);
}

}  // namespace

QuantityParts ReadQuantityToken(JudgeContext& context, evidence::TokenSpan span,
                                std::string_view token) {
  QuantityParts out;
  if (!context.options.quantities) return out;
  const std::optional<evidence::ExtractedValue>& single =
      context.Classified(span, token);
  // The one-token rule's own numbers and declared shapes stay its own.
  if (single.has_value() && single->shape != evidence::kShapeIdentifier) {
    return out;
  }
  const std::string_view value = evidence::StripDecoration(token);
  if (value.empty() || value.front() < '0' || value.front() > '9') return out;
  const std::size_t base =
      span.start + static_cast<std::size_t>(value.data() - token.data());
  // The numbers and their joiners: N, N-M, N/M/K, then letters.
  struct Part {
    std::size_t start;
    std::size_t end;
  };
  absl::InlinedVector<Part, 4> parts;
  absl::InlinedVector<std::string_view, 4> part_units;
  char joiner = 0;
  std::size_t i = 0;
  while (true) {
    const std::size_t end = NumberPartEnd(value, i);
    if (end == i ||
        IntegerDigitsOf(value.substr(i, end - i)) > kMaxPartDigits) {
      return out;
    }
    parts.push_back({i, end});
    i = end;
    // "32GB/64GB/128GB": a unit on each part of a slash list, the same as
    // the last one's (checked below).
    std::size_t letters = i;
    while (letters < value.size() &&
           ((value[letters] | 0x20) >= 'a' && (value[letters] | 0x20) <= 'z')) {
      ++letters;
    }
    if (letters > i && letters + 1 < value.size() && value[letters] == '/' &&
        value[letters + 1] >= '0' && value[letters + 1] <= '9') {
      part_units.push_back(value.substr(i, letters - i));
      i = letters;
    }
    if (i >= value.size() || (value[i] != '-' && value[i] != '/')) break;
    // "5.5-inch": a hyphen before a word ends the numbers (a unit, read
    // below, or not a quantity).
    if (value[i] == '-' && i + 1 < value.size() &&
        ((value[i + 1] | 0x20) >= 'a' && (value[i + 1] | 0x20) <= 'z')) {
      break;
    }
    if (joiner != 0 && value[i] != joiner) return out;
    joiner = value[i];
    if (parts.size() == kMaxListParts) return out;
    ++i;
  }
  const std::string_view answer = context.answer;
  // Letters after the last number: a unit of the vocabulary, or nothing.
  const evidence::UnitAfter unit = evidence::ReadUnitAfter(answer, base + i);
  if (i < value.size() && !(unit.found && unit.end == base + value.size())) {
    return out;
  }
  const bool glued_unit = i < value.size();
  for (std::string_view part_unit : part_units) {
    const std::string_view last = value.substr(i);
    if (joiner != '/' || part_unit.size() != last.size() ||
        !std::equal(part_unit.begin(), part_unit.end(), last.begin(),
                    [](char a, char b) { return (a | 0x20) == (b | 0x20); })) {
      return out;
    }
  }
  if (parts.size() == 1) {
    // "16MP": below min_digits, else the one-token rule read it. One glued
    // letter ("32G" optics, "4x", "5m") or an ordinal ("47th") is prose.
    if (!glued_unit || unit.end - (base + i) < 2 ||
        IsOrdinalSuffix(value.substr(i))) {
      return out;
    }
  } else if (joiner == '/') {
    // "128/256GB", "900/1800/1900 MHz", and without a unit a list of
    // numbers of kMinBareListDigits digits each ("900/1800" bands); "24/7"
    // and "1/2" are prose.
    if (!unit.found &&
        !std::all_of(parts.begin(), parts.end(), [&](const Part& part) {
          return IntegerDigitsOf(value.substr(
                     part.start, part.end - part.start)) >= kMinBareListDigits;
        })) {
      return out;
    }
  } else if (parts.size() != 2) {
    return out;  // "1-2-3": not a range
  } else if (const std::string_view low =
                 value.substr(parts[0].start, parts[0].end - parts[0].start),
             high = value.substr(parts[1].start, parts[1].end - parts[1].start);
             LooksLikeMonthDay(low, high) &&
             !EndsCarried(context.corpus, low, high)) {
    return out;  // "04-21", "12-10", "7-15": a month and a day
  }
  // What a result carried, or the user wrote, in this very spelling ("3-1"
  // in a result's "a score of 3-1", "128/256GB", "3-4 hours") is read as
  // it stands (law 1): the evidence side does not split it either.
  const evidence::TokenValue whole = evidence::ReadToken(token);
  if (context.corpus.Lookup(whole.canonical.form).carried ||
      context.corpus.IsExempt(whole.canonical.form)) {
    return out;
  }
  out.unit = unit.unit;
  for (const Part& part : parts) {
    std::optional<evidence::NumberReading> reading =
        PartReading(answer, base + part.start, base + part.end);
    if (!reading.has_value()) return QuantityParts{};
    out.readings.push_back(*std::move(reading));
  }
  return out;
}

NumberRead NewQuantityCandidate(JudgeContext& context,
                                evidence::NumberReading&& reading,
                                evidence::QuantityUnit unit) {
  NumberRead read;
  read.unit = unit;
  read.measured_only = true;
  read.candidate = context.NewCandidate(reading.value);
  if (read.candidate != nullptr) {
    Candidate* candidate = read.candidate;
    candidate->start = reading.start;
    candidate->end = reading.end;
    candidate->shape = std::string(evidence::kShapeNumber);
    candidate->canonical = reading.value;
  }
  read.reading = std::move(reading);
  return read;
}

bool NamesLargeNumberWord(std::string_view answer) {
  // Each stem, and the place of its one 'n': a match, in any case, has an
  // 'n' or 'N' there, so only the places memchr finds them are tried.
  struct Stem {
    std::string_view word;
    std::size_t n_at;
  };
  static constexpr Stem kStems[] = {
      {"hundred", 2}, {"thousand", 6}, {"illion", 5}};
  const auto next_of = [&](char c, std::size_t from) {
    if (from >= answer.size()) return answer.size();
    const void* at = std::memchr(answer.data() + from, c, answer.size() - from);
    return at == nullptr ? answer.size()
                         : static_cast<std::size_t>(
                               static_cast<const char*>(at) - answer.data());
  };
  std::size_t lower = next_of('n', 0);
  std::size_t upper = next_of('N', 0);
  while (lower < answer.size() || upper < answer.size()) {
    const std::size_t n = std::min(lower, upper);
    for (const Stem& stem : kStems) {
      if (n >= stem.n_at && evidence::ascii::HoldsAtIgnoreCase(
                                answer, n - stem.n_at, stem.word)) {
        return true;
      }
    }
    if (n == lower) lower = next_of('n', n + 1);
    if (n == upper) upper = next_of('N', n + 1);
  }
  return false;
}

std::optional<NumberRead> ReadMatchedNumber(JudgeContext& context,
                                            evidence::TokenSpan span,
                                            std::string_view token,
                                            evidence::NumberReading&& reading) {
  const std::optional<evidence::ExtractedValue>& single =
      context.Classified(span, token);
  // A declared shape, an identifier, or a number with a unit: the
  // one-token rule's business.
  if (single.has_value() && single->shape != evidence::kShapeNumber) {
    return std::nullopt;
  }
  // A number in words is data only as large as a digit one would be
  // ("forty-one thousand", not "two rooms").
  const bool spelled_large = reading.spelled && IntegerDigits(reading.value) >=
                                                    context.options.min_digits;
  if (reading.spelled && !spelled_large) return std::nullopt;
  const std::string_view answer = context.answer;
  // "1. " and "2) " begin list items; they are never values.
  if (evidence::IsListMarker(answer, reading.start, reading.end)) {
    return std::nullopt;
  }
  // A percent's word ("80 percent") is no grouping over tokens: it is
  // measured like "80%".
  const bool grouped =
      reading.tokens > 1 &&
      !(reading.kind == evidence::NumberReading::Kind::kPercent &&
        reading.tokens == 2);
  const bool special = reading.kind == evidence::NumberReading::Kind::kMoney ||
                       reading.scaled || spelled_large || grouped;
  const evidence::UnitAfter unit =
      reading.kind == evidence::NumberReading::Kind::kMoney
          ? evidence::UnitAfter{}
          : evidence::ReadUnitAfter(answer, reading.end);
  const bool measured_only = !special && !single.has_value();
  if (measured_only &&
      !(context.options.quantities && IsMeasured(answer, reading, unit))) {
    return std::nullopt;
  }
  if (evidence::AfterHedge(answer, reading.start)) WidenToZeros(&reading);
  if (reading.tokens > 1) context.consumed_until = reading.end;
  std::optional<NumberRead> read(std::in_place);
  // "60 percent" and "0.6" share a canonical value but are two values: a
  // percent's identity is its own, so neither use hides the other.
  read->candidate = context.NewCandidate(
      reading.kind == evidence::NumberReading::Kind::kPercent
          ? absl::StrCat("%", reading.value)
          : reading.value);
  if (read->candidate == nullptr) return read;
  Candidate* candidate = read->candidate;
  if (reading.tokens == 1 && reading.start >= span.start &&
      reading.end <= span.end && !reading.spelled) {
    // One token: the span covers the digits, not the decoration ("1,234.50"
    // in "$1,234.50"), as for any one-token value.
    const std::string_view value_text = evidence::StripDecoration(token);
    candidate->start =
        span.start + static_cast<std::size_t>(value_text.data() - token.data());
    candidate->end = candidate->start + value_text.size();
  } else {
    candidate->start = reading.start;
    candidate->end = reading.end;
  }
  switch (reading.kind) {
    case evidence::NumberReading::Kind::kMoney:
      candidate->shape = std::string(kShapeMoney);
      break;
    case evidence::NumberReading::Kind::kPercent:
      candidate->shape = std::string(kShapePercent);
      break;
    case evidence::NumberReading::Kind::kPlain:
      candidate->shape = std::string(evidence::kShapeNumber);
      break;
  }
  candidate->canonical = reading.value;
  read->single = single.has_value() ? &*single : nullptr;
  read->special = special;
  read->unit = unit.unit;
  read->measured_only = measured_only;
  read->reading = std::move(reading);
  return read;
}

}  // namespace groundgate::stages
