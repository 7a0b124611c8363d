// stages/read_numbers.h — the judge's reader of numbers as people write
// them: money (`$1,234.50`), scaled (`1.2M`, `3 billion`), percent (`12%`),
// in words (`forty-one thousand`), grouped over several tokens (`41 200`).
//
// Its one job: read such a number as ONE candidate (the digits inside an
// amount are never candidates of their own). Money, a scaled number, a
// number in words as large as a digit one would be, and a grouping over
// several tokens are candidates whatever their digit count; a plain number
// is one only when the one-token rule says so (min_digits), and then gains
// the reading's other spellings.
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

#include "evidence/extractor.h"
#include "evidence/numbers.h"
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
  // The new candidate, or nullptr when the answer already used the value.
  Candidate* candidate = nullptr;
};

// ReadNumber once evidence::MatchNumber read `reading` at `span`.
std::optional<NumberRead> ReadMatchedNumber(JudgeContext& context,
                                            evidence::TokenSpan span,
                                            std::string_view token,
                                            evidence::NumberReading&& reading);

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
