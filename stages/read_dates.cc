// stages/read_dates.cc — the judge's reader of dates and clock times.
//
// What it does NOT do: look the value up; stages/judge.cc climbs the date
// ladder with what it read.
#include "stages/read_dates.h"

#include <string>

namespace groundgate::stages {

std::optional<DateTimeRead> ReadDateTime(JudgeContext& context,
                                         evidence::TokenSpan span,
                                         std::string_view token) {
  const std::optional<evidence::DateTimeValue> when =
      evidence::MatchDateTime(context.answer, span);
  if (!when.has_value()) return std::nullopt;
  // A shape the application declared for this token still wins.
  static const std::optional<evidence::ExtractedValue> kNotOneToken;
  const std::optional<evidence::ExtractedValue>& single =
      when->tokens == 1 ? context.Classified(span, token) : kNotOneToken;
  if (single.has_value() && single->shape != evidence::kShapeNumber &&
      single->shape != evidence::kShapeIdentifier) {
    return std::nullopt;
  }
  context.consumed_until = when->end;
  std::optional<DateTimeRead> read(std::in_place, *when);
  std::string identity;
  for (const std::string& key : read->keys) identity.append(key).append(" ");
  read->candidate = context.NewCandidate(identity);
  if (read->candidate == nullptr) return read;
  read->candidate->start = when->start;
  read->candidate->end = when->end;
  read->candidate->shape = std::string(evidence::DateTimeShape(*when));
  read->candidate->canonical = evidence::DateTimeCanonical(*when);
  read->declared_exempt = single.has_value() && single->declared_exempt;
  return read;
}

}  // namespace groundgate::stages
