// stages/read_dates.h — the judge's reader of dates and clock times.
//
// Its one job: at a token where a date or a time begins (`May 22, 2024`,
// `2:00 PM`, `2024-05-06T13:25:06`), read it whole as ONE candidate (the
// year inside a date is never a candidate of its own) with its date and
// time lookup keys.
//
// Where it sits: the first reader stages/judge.cc tries at each token; the
// candidate it makes climbs the date ladder there.
//
// What it does NOT do: look the value up (the rungs do), or read a token
// whose shape the application declared.
#ifndef GROUNDGATE_STAGES_READ_DATES_H_
#define GROUNDGATE_STAGES_READ_DATES_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "evidence/extractor.h"
#include "evidence/tokenizer.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

struct DateTimeRead {
  // The keys are built in place (no move of the strings).
  explicit DateTimeRead(const evidence::DateTimeValue& value)
      : when(value), keys(evidence::DateTimeLookupKeys(value)) {}

  evidence::DateTimeValue when;
  // Its lookup keys (evidence::DateTimeLookupKeys), the date's first.
  absl::InlinedVector<std::string, 2> keys;
  // The application declared the token's shape exempt.
  bool declared_exempt = false;
  // The new candidate, or nullptr when the answer already used the value.
  Candidate* candidate = nullptr;
};

// Reads the date or time that begins at `span` (`token` is its text) and
// marks its tokens consumed. std::nullopt when none begins there, or when
// the token alone is a shape the application declared (the one-token rule
// reads it).
std::optional<DateTimeRead> ReadDateTime(JudgeContext& context,
                                         evidence::TokenSpan span,
                                         std::string_view token);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_DATES_H_
