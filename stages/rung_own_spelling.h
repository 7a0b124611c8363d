// stages/rung_own_spelling.h — rung 1 of the judge's ladder: the value's
// own canonical form, carried by a result.
//
// Reasons it gives (status grounded):
//   exact             both sides spelled the value alike;
//   canonical         one canonical form joined two spellings ("41,200" and
//                     41200; a number over several tokens a result wrote in
//                     the same tokens);
//   respelled_number  a number written the way people write it ("$1.2M",
//                     "12%", "forty-one thousand", "41 200") whose value a
//                     result carried.
//
// Where it sits: the first rung every ladder in stages/judge.cc climbs
// (after a declared exemption).
//
// What it does NOT do: look up any key but the value's own (its parts, its
// other reading, its date keys are rung_respellings.cc's), or use what the
// user supplied (rung_exempt.cc).
#ifndef GROUNDGATE_STAGES_RUNG_OWN_SPELLING_H_
#define GROUNDGATE_STAGES_RUNG_OWN_SPELLING_H_

#include <string_view>

#include "evidence/extractor.h"
#include "evidence/numbers.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Grounds `candidate` when `key` (its canonical form) is carried: exact
// when the answer did not respell it (`respelled` false) and a result spelled
// it so, canonical otherwise. Returns whether it grounded.
bool GroundBySpelling(JudgeContext& context, std::string_view key,
                      bool respelled, Candidate* candidate);

// The one-token rule's value (`value.key`): as GroundBySpelling, where a hex
// value is looked up by its bare digits but is exact only when a result
// wrote it the answer's way (with or without "0x").
bool GroundTokenBySpelling(JudgeContext& context,
                           const evidence::ExtractedValue& value,
                           Candidate* candidate);

// A number as people write it, by its value: respelled_number when the
// answer respelled it (scaled, in words, over several tokens, a percent),
// else exact or canonical as the one-token rule (`single`, may be nullptr)
// spelled it.
bool GroundNumberBySpelling(JudgeContext& context,
                            const evidence::NumberReading& reading,
                            const evidence::ExtractedValue* single,
                            Candidate* candidate);

// A number in words or over several tokens that a result wrote in the same
// tokens ("forty-one thousand", "USD 890,01" in a text result), where the
// evidence side read the tokens one by one: canonical (law 1).
bool GroundByTokensCarried(JudgeContext& context,
                           const evidence::NumberReading& reading,
                           Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_OWN_SPELLING_H_
