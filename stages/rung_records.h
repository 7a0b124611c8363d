// stages/rung_records.h — law 11: a value is checked against the record
// the answer tells it of.
//
// Its one job: after the ladder has grounded an answer's values, take each
// number, clock time and code a result of this turn carried, find what its
// scope names (read_scopes.h: the record an identifier or a day and time
// names in its clause, else in its sentence or list item), and mark it
// kMisattributed, with a Binding, when:
//   - the scope names exactly one record R of the group whose records hold
//     the value, R holds the value in no field, and R holds a field in which
//     a sibling holds it (`$114` told of HAT271, whose economy fare is 174;
//     HAT139's is 114): the binding names R, that field, R's value there and
//     the sibling; or
//   - the wording tells the value as the least or the greatest of several
//     records ("a low of", "the highest gust", "ranging from X to Y"), the
//     scope names one day of them or none (then all of the group, when the
//     scope before names none either), and the value is neither the least
//     nor the greatest, as the wording says, of any field holding it there
//     (aggregate "min" or "max": the binding names the record holding the
//     true extreme and its value).
// A value is compared at the precision the answer wrote ("17.6" for
// 17.58), and a percent also against a fraction (45% for 0.45).
//
// When in doubt it accuses no one: not when the corpus is truncated or its
// records incomplete (law 5), not a hedged value ("around 5"), not a value
// that also stands outside every record or in another group, not a scope
// that names two records of the group, part of a day ("in the morning") or
// a day it cannot place ("the third day", "tomorrow"), and not a value the
// ladder derived, converted or exempted.
//
// What it does NOT do: ground or flag an unsupported value (the ladder's
// rungs do), or read the answer's wording (read_scopes.h does).
#ifndef GROUNDGATE_STAGES_RUNG_RECORDS_H_
#define GROUNDGATE_STAGES_RUNG_RECORDS_H_

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/verdict.h"

namespace groundgate::stages {

// Marks the misattributed values of `verdict`, the ladder's verdict on
// `answer` against `corpus` (law 11).
void BindRecords(std::string_view answer, const EvidenceCorpus& corpus,
                 Verdict* verdict);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_RECORDS_H_
