// stages/read_numbers.cc — the judge's reader of numbers as people write
// them.
//
// What it does NOT do: look the value up; stages/judge.cc climbs the number
// ladder with what it read.
#include "stages/read_numbers.h"

#include <string>
#include <utility>

#include "evidence/canonical.h"

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

}  // namespace

bool NamesLargeNumberWord(std::string_view answer) {
  for (std::size_t i = 0; i < answer.size(); ++i) {
    // ASCII lowercase by one bit: only 'H' and 'h' become 'h', and so on.
    std::string_view stem;
    switch (answer[i] | 0x20) {
      case 'h':
        stem = "hundred";
        break;
      case 't':
        stem = "thousand";
        break;
      case 'i':
        stem = "illion";
        break;
      default:
        continue;
    }
    if (answer.size() - i < stem.size()) continue;
    std::size_t k = 1;
    while (k < stem.size() && (answer[i + k] | 0x20) == stem[k]) ++k;
    if (k == stem.size()) return true;
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
  const bool special = reading.kind == evidence::NumberReading::Kind::kMoney ||
                       reading.scaled || spelled_large || reading.tokens > 1;
  if (!special && !single.has_value()) return std::nullopt;
  if (reading.tokens > 1) context.consumed_until = reading.end;
  std::optional<NumberRead> read(std::in_place);
  read->candidate = context.NewCandidate(reading.value);
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
  read->reading = std::move(reading);
  return read;
}

}  // namespace groundgate::stages
