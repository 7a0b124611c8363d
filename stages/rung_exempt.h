// stages/rung_exempt.h — rung 2 of the judge's ladder: a value the user or
// the application supplied (law 4).
//
// Reasons it gives (status exempt):
//   declared_exemption  GateOptions declared the value's shape exempt;
//   exact / canonical   the user or the app wrote the value (canonical when
//                       the answer respelled it);
//   respelled_number    ... a number the answer wrote the way people write
//                       it (money, scaled, in words);
//   respelled_date /    each of a date's or time's keys was supplied (or
//   respelled_time      carried); a month and day the user gave without a
//                       year; a day the user named alone ("the 6th") in a
//                       month the conversation names;
//   name_words          every word of a name was supplied or carried.
// (rung_derived_dates.cc exempts a supplied date moved by the days the user
// asked for: derived_date.)
//
// Where it sits: after the value's own spelling (rung_own_spelling.cc) in
// every ladder of stages/judge.cc; for a date, after its date keys too.
//
// What it does NOT do: look past a supplied value's own spelling and its
// date and time keys; rungs 3 and 4 never use supplied text (rung 5's
// arithmetic, derived dates and name words may: stages/judge.cc).
#ifndef GROUNDGATE_STAGES_RUNG_EXEMPT_H_
#define GROUNDGATE_STAGES_RUNG_EXEMPT_H_

#include <span>
#include <string>
#include <string_view>

#include "evidence/extractor.h"
#include "evidence/numbers.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"
#include "stages/rung_names.h"

namespace groundgate::stages {

// Exempts `candidate` (declared_exemption) when `declared_exempt`. Returns
// `declared_exempt`.
bool ExemptIfDeclared(JudgeContext& context, bool declared_exempt,
                      Candidate* candidate);

// Exempts `candidate` when the user or the app supplied `key`: canonical
// when the answer respelled it (`respelled`), exact otherwise.
bool ExemptBySpelling(JudgeContext& context, std::string_view key,
                      bool respelled, Candidate* candidate);

// Exempts a date or time (respelled_date / respelled_time) when each of
// its `keys` was supplied or carried, when the user gave its month and day
// without a year, or when the user named its day alone.
bool ExemptDateTime(JudgeContext& context, const evidence::DateTimeValue& when,
                    std::span<const std::string> keys, Candidate* candidate);

// Exempts a number when the user or the app supplied its value, its other
// reading, the one-token rule's key (`single`, may be nullptr), or, for a
// reading in words or over several tokens, each of its tokens:
// respelled_number for a `special` reading (money, scaled, in words, over
// several tokens), canonical otherwise.
bool ExemptNumber(JudgeContext& context, const evidence::NumberReading& reading,
                  const evidence::ExtractedValue* single, bool special,
                  Candidate* candidate);

// Exempts a name (name_words) when each of its words that say which name
// it is was supplied or carried.
bool ExemptByNameWords(JudgeContext& context, const NameWordsFound& words,
                       Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_EXEMPT_H_
