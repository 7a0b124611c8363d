// evidence/spelled_numbers.h — English cardinals spelled in words.
//
// Its one job: ReadSpelledCardinal, the longest well-formed English
// cardinal below 10^15 spelled from a token on ("forty-one thousand two
// hundred", "one hundred and five") and its value. A word grammar accepts
// the words first, so a list of words ("one two") ends the number where it
// stops being one and prose never reaches ICU; ICU's spellout rules then
// give the value of what the grammar accepted, one formatter per thread.
// It sits under MatchNumber (numbers.h), which reads the currency or
// percent after the words. What it does NOT do: read digits, ordinals
// ("forty-first"), or other languages.
#ifndef GROUNDGATE_EVIDENCE_SPELLED_NUMBERS_H_
#define GROUNDGATE_EVIDENCE_SPELLED_NUMBERS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "evidence/tokenizer.h"

namespace groundgate::evidence {

// A cardinal read from words.
struct SpelledCardinal {
  std::int64_t value = 0;
  int tokens = 0;       // the words it spans, "and" included
  std::size_t end = 0;  // after its last word, sentence punctuation excluded
  TokenSpan last;       // its last word's token
  // The exponent of its last word's place ("hundred" 2, a scale its own),
  // 0 for a number below 100 or a unit after a tens word.
  int step_exponent = 0;
};

// "forty-one thousand two hundred": TakeNumberWord accepts well-formed
// English cardinals only, so a list of words ("one two") ends the number
// where it stops being one, and ICU sees only what the grammar accepted,
// normalized: lowercase, "and" dropped, "forty one" as "forty-one" (ICU's
// strict parse reads "twenty one" as 2001; its lenient parse builds a
// collator lazily inside a const method).
// Returns nullopt when no cardinal begins at `first`, or ICU cannot read
// what the grammar accepted. Thread-safe (the formatter and a bounded memo
// of values are per thread).
std::optional<SpelledCardinal> ReadSpelledCardinal(std::string_view text,
                                                   TokenSpan first);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_SPELLED_NUMBERS_H_
