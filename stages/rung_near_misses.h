// stages/rung_near_misses.h — the foot of the judge's ladder: for a value
// no rung grounded, the carried value it most likely stands for.
//
// Reasons it gives: none. The value stays unsupported; Candidate::near_miss
// names the carried value one step away and near_miss_carrier the result
// that carried it, so a reader (and the correction frame) sees where the
// value should have been read.
//
// Where it sits: after MarkNotFound, at the end of each ladder in
// stages/judge.cc. Each function does nothing unless the candidate is
// unsupported (an unverified value, law 5, names no near miss).
//
// What it does NOT do: ground anything, or search values longer than
// kMaxNearMissBytes.
#ifndef GROUNDGATE_STAGES_RUNG_NEAR_MISSES_H_
#define GROUNDGATE_STAGES_RUNG_NEAR_MISSES_H_

#include <cstddef>
#include <string>

#include "evidence/extractor.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"
#include "stages/rung_names.h"

namespace groundgate::stages {

// Longer values are not searched for near misses (a hash or a token is
// not mistyped by one character in a way worth naming).
inline constexpr std::size_t kMaxNearMissBytes = 24;

// Names the carried value one character away from `key`: each digit
// replaced by another digit, each ASCII letter by another letter (by
// another of a-f in a hex value: "9f:a0" is not mistyped as "9g:a0"), or
// two neighbouring letters or digits swapped, tried in that order in one
// buffer (no allocation per variant; at most a few hundred lookups, on
// unsupported values only).
void NameOneStepNearMiss(JudgeContext& context, const std::string& key,
                         Candidate* candidate);

// Names a carried whole date one day either side of `when`.
void NameDateNearMiss(JudgeContext& context,
                      const evidence::DateTimeValue& when,
                      Candidate* candidate);

// One word off a carried name is the typical fabrication ("Ava Li" for a
// carried "Mia Li"): names the carried word when exactly one word was
// missing.
void NearMissOneWordOff(JudgeContext& context, const NameWordsFound& words,
                        Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_NEAR_MISSES_H_
