// evidence/canonical.h — one spelling per value (law 1).
//
// Its one job: map a token to its canonical form, the key under which the
// corpus indexes evidence and the judge looks up answer values. Both sides
// call this same function, so `41,200` in prose and `41200` in JSON meet.
//
// What it does NOT do: decide whether a token is data (the extractor does),
// split text into tokens (the tokenizer does), or parse numbers through a
// double: numbers stay exact decimal strings of any length.
#ifndef GROUNDGATE_EVIDENCE_CANONICAL_H_
#define GROUNDGATE_EVIDENCE_CANONICAL_H_

#include <string>
#include <string_view>

namespace groundgate::evidence {

// Leading and trailing decoration that is never part of a value. A '+'
// after a value says "or more" ("41200+", "2,037,183+[1]"): the value is
// the one before it, as a '+' before one is a sign. A '$' after a value
// closes LaTeX math ("$$0.5$$", "0.$$"), or is a currency written after
// the amount ("5$").
inline constexpr std::string_view kLeadingDecoration = "$#@+'\"`([{<";
inline constexpr std::string_view kTrailingDecoration = ".,;:!?%+$'\"`)]}>";

// Strips decoration from both ends (repeatedly): "($1,234.50)." -> "1,234.50".
// Returns a view into `token`.
std::string_view StripDecoration(std::string_view token);

// A token's canonical spellings.
struct CanonicalForm {
  // The canonical form: lowercase (ICU NFKC + case fold for non-ASCII, with
  // every Unicode decimal digit mapped to ASCII), decoration stripped, a
  // number as an exact decimal ("41,200" -> "41200", "98304.0" -> "98304",
  // "1234.50" -> "1234.5", "1.5e3" -> "1500"). Empty when nothing is left.
  std::string form;
  // The same value without its "0x" prefix, for hex ("0xef01" -> "ef01");
  // empty otherwise. The corpus indexes both and the judge looks up both, so
  // a prefix on either side alone still meets.
  std::string hex_digits;
  bool is_number = false;  // `form` is an exact decimal: -?\d+(\.\d+)?
  bool changed = false;    // canonicalization did more than lowercase/strip
};

// Canonicalizes one token (or a whole JSON string leaf). ASCII input never
// touches ICU. Invalid UTF-8 is replaced, never read past.
CanonicalForm Canonicalize(std::string_view token);

// Canonicalizes a number's text exactly: an optional '-', digits with
// optional valid thousands grouping ("1,234,567"), an optional fraction and
// an optional exponent. Returns false (and leaves *out alone) when `text`
// is not such a number. "-0.50" -> "-0.5"; "1e-3" -> "0.001"; "007" -> "007"
// (leading zeros are kept: "02134" is a postal code, not 2134).
bool CanonicalNumber(std::string_view text, std::string* out);

// Counts the ASCII digits of a canonical form.
int CountDigits(std::string_view form);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_CANONICAL_H_
