// evidence/digitless_identifiers.h — the shape test behind
// ReadDigitlessIdentifier (names.h), for the other readers of names.cc.
//
// Its one job: declare what digitless_identifiers.cc shares with the code
// span reader (MatchCodeSpan): the decoration a word sheds, and whether a
// word without digits is an identifier. What it does NOT do: canonicalize
// (ReadDigitlessIdentifier does).
#ifndef GROUNDGATE_EVIDENCE_DIGITLESS_IDENTIFIERS_H_
#define GROUNDGATE_EVIDENCE_DIGITLESS_IDENTIFIERS_H_

#include <string_view>

namespace groundgate::evidence {

// `s` without the decoration StripDecoration removes and without the '*'
// of markdown emphasis, repeatedly ("**`id`**" is "id").
std::string_view StripAllDecoration(std::string_view s);

// The shape test of ReadDigitlessIdentifier, without the canonical form:
// `esxi-host-alpha`, `gift_card`, an email, a URL, a hostname, a path.
bool IsDigitlessIdentifier(std::string_view s);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_DIGITLESS_IDENTIFIERS_H_
