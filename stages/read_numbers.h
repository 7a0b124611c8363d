// stages/read_numbers.h — the judge's reader of numbers as people write
// them: money (`$1,234.50`), scaled (`1.2M`, `3 billion`), percent (`12%`),
// in words (`forty-one thousand`), grouped over several tokens (`41 200`).
//
// Its one job: read such a number as ONE candidate (the digits inside an
// amount are never candidates of their own). Money, a scaled number, a
// number in words as large as a digit one would be, and a grouping over
// several tokens are candidates whatever their digit count; a plain number
// is one when the one-token rule says so (min_digits), and then gains the
// reading's other spellings, or when it is a measured quantity
// (GateOptions::quantities): it has a unit (`28 °C`, `74.66 years`, `16
// MP`), a decimal part (`6.1`), a sign (`-3`), a percent, a field label
// (`Available Seats: 54`), or a place in a range or a score (`20 to 30`,
// `4 - 1`). Bare counts in prose (`3 issues`) and list markers (`1. `) are
// not. A hedge (`about 20`) widens the step to what its zeros allow.
//
// ReadQuantityToken reads the quantities one token holds whole: a number
// glued to a unit below min_digits (`16MP`, `2.41m/s`), a score or range
// (`4-1`, `26-30`), a slash list of up to 8 numbers with a unit
// (`128/256GB`, `900/1800/1900 MHz`, `25/30/60fps`) or of numbers of 3
// digits or more (`900/1800`): each number is its own candidate.
//
// Where it sits: tried after dates and code spans (stages/judge.cc); its
// candidate climbs the number ladder there.
//
// What it does NOT do: look the value up, or read a token the one-token
// rule gives another shape (a declared shape, an identifier, a number with
// a unit).
#ifndef GROUNDGATE_STAGES_READ_NUMBERS_H_
#define GROUNDGATE_STAGES_READ_NUMBERS_H_

#include <optional>
#include <string_view>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "evidence/extractor.h"
#include "evidence/numbers.h"
#include "evidence/quantities.h"
#include "evidence/tokenizer.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// True when the answer names a hundred or a scale ("hundred", "Thousand",
// "MILLION", "billion"): a number in words of three digits or more names
// one, so an answer without any holds no such number to read.
bool NamesLargeNumberWord(std::string_view answer);

struct NumberRead {
  evidence::NumberReading reading;
  // The one-token rule's reading of the first token (shape "number"), or
  // nullptr when it reads none. Points into the context's memo: valid until
  // the next token is classified.
  const evidence::ExtractedValue* single = nullptr;
  // Money, scaled, in words, or over several tokens: a candidate whatever
  // its digit count.
  bool special = false;
  // The unit the text names after the number (for the conversion rung);
  // kNone when none or one nothing converts.
  evidence::QuantityUnit unit = evidence::QuantityUnit::kNone;
  // A candidate only as a measured quantity (GateOptions::quantities):
  // arithmetic never grounds it (a temperature one digit off a reading is a sum
  // of two others far too often: measured on quintd-dev, 4% of planted values).
  bool measured_only = false;
  // The new candidate, or nullptr when the answer already used the value.
  Candidate* candidate = nullptr;
};

// ReadNumber once evidence::MatchNumber read `reading` at `span`.
std::optional<NumberRead> ReadMatchedNumber(JudgeContext& context,
                                            evidence::TokenSpan span,
                                            std::string_view token,
                                            evidence::NumberReading&& reading);

// The quantities the token at `span` holds whole (see the header comment),
// read but not yet candidates. Empty when the token is none of those
// shapes: the next reader is tried.
struct QuantityParts {
  absl::InlinedVector<evidence::NumberReading, 2> readings;
  evidence::QuantityUnit unit = evidence::QuantityUnit::kNone;
};
QuantityParts ReadQuantityToken(JudgeContext& context, evidence::TokenSpan span,
                                std::string_view token);

// One part of a QuantityParts as a candidate (nullptr when the answer
// already used the value). Climb it before making the next: a new
// candidate may move the earlier ones.
NumberRead NewQuantityCandidate(JudgeContext& context,
                                evidence::NumberReading&& reading,
                                evidence::QuantityUnit unit);

// Reads the number that begins at `span` (`token` is its text) and marks
// its later tokens consumed. std::nullopt when none is read there (the next
// reader is tried). Inline: most tokens hold no number, and those cost no
// call.
inline std::optional<NumberRead> ReadNumber(JudgeContext& context,
                                            evidence::TokenSpan span,
                                            std::string_view token) {
  std::optional<evidence::NumberReading> reading =
      evidence::MatchNumber(context.answer, span, context.read_number_words);
  if (!reading.has_value()) return std::nullopt;
  return ReadMatchedNumber(context, span, token, *std::move(reading));
}

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_NUMBERS_H_
