// evidence/units.h — numbers that wear a unit or a suffix.
//
// Its one job: recognise `32G`, `47th`, `4096MB`, `48-port`, `20/month`
// as a number plus a unit, so the value judged is the number alone. Glued
// letters count as a unit only when they are in a vocabulary of real units
// and suffixes: `4XGCCM` (a reservation code) is an identifier, not the
// number 4 with a unit "xgccm". After a '-' or '/', any word of letters is a
// unit (`48-port`, `3-day`, `20/month`).
//
// What it does NOT do: convert units (`1 GB` is not `1024 MB`); judge.
#ifndef GROUNDGATE_EVIDENCE_UNITS_H_
#define GROUNDGATE_EVIDENCE_UNITS_H_

#include <string_view>

namespace groundgate::evidence {

// True when `suffix` (lowercase ASCII) is a unit or suffix of the
// vocabulary: ordinals (th, st, nd, rd), magnitudes (k, m, bn), bytes and
// rates (kb, mib, gbps), time (ms, s, min, h), and common physical units.
bool IsUnitSuffix(std::string_view suffix);

// When `form` (a canonical form) is a number followed by a unit, returns the
// number's text (a prefix of `form`, not yet canonical); otherwise empty.
// "4096mb" -> "4096"; "48-port" -> "48"; "1,200/month" -> "1,200";
// "4xgccm" -> ""; "1234" -> "" (no unit).
std::string_view NumberBeforeUnit(std::string_view form);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_UNITS_H_
