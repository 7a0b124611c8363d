// stages/repeated_uses.h — a value the answer uses more than once, one use
// at a time.
//
// The ladder reads a value once: a value the answer writes again is one
// candidate, at its first use, with its occurrences counted
// (JudgeContext::NewCandidate). Where the place of a use matters, each
// later use written the same way (standing whole: "26" is not the use in
// "126" or "26.5", nor "6" in the date "January 6", another value the
// answer states) becomes a candidate of its own:
//   - law 11 binds each use to its own scope ("from 13 to 26 degrees ...
//     on January 8th at 26 degrees"): SplitRepeatedUses, then
//     FoldRepeatedUses where binding changed nothing (rung_records.cc);
//   - an unsupported value is listed at each use (ListEachUnsupportedUse):
//     every place the answer typed it is flagged, so a report marks each
//     one and a check of spans finds each. Its first use counts one
//     occurrence less for each use listed on its own.
// A later use written another way ("1,012" after "1012") stays counted in
// its first's occurrences.
//
// Verdict::conflicts name candidates by index; a step that inserts or
// removes candidates keeps them on their candidates with ConflictSpans
// before it and ReindexConflicts after it.
//
// What it does NOT do: judge a use; the copies keep their first's verdict
// until a rung changes it.
#ifndef GROUNDGATE_STAGES_REPEATED_USES_H_
#define GROUNDGATE_STAGES_REPEATED_USES_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "groundgate/verdict.h"
#include "stages/read_scopes.h"

namespace groundgate::stages {

// True when `answer` holds a whole use of a value `size` bytes long at
// `at`: no digit, letter or decimal part runs on either side.
bool StandsAlone(std::string_view answer, std::size_t at, std::size_t size);

// Each later use of a candidate for which `split` holds becomes a copy of
// it at that use (occurrences 1; its first's are left as they are),
// inserted in answer order. `origin` gets, for each candidate, the index of
// the candidate it copies (or its own index); it is left empty when
// nothing was split.
void SplitRepeatedUses(std::string_view answer,
                       absl::FunctionRef<bool(const Candidate&)> split,
                       std::vector<Candidate>* candidates,
                       std::vector<std::size_t>* origin);

// Undoes SplitRepeatedUses where binding changed nothing: a later use with
// its first's status is counted in its first's occurrences again; one that
// differs (misattributed where its first is not, or the reverse), or that
// is misattributed itself (each such use names its own record, at its own
// place), stays a candidate of its own, and its first counts one use less.
void FoldRepeatedUses(const std::vector<std::size_t>& origin, Verdict* verdict);

// Lists each later use of an unsupported value as a candidate of its own.
void ListEachUnsupportedUse(std::string_view answer, Verdict* verdict);

// The span of each conflict's candidate, in the order of the conflicts.
std::vector<TextSpan> ConflictSpans(const Verdict& verdict);

// Points each conflict at the candidate with its span again (`spans` from
// ConflictSpans before the candidates moved); a conflict whose candidate is
// gone is dropped.
void ReindexConflicts(const std::vector<TextSpan>& spans, Verdict* verdict);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_REPEATED_USES_H_
