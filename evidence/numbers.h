// evidence/numbers.h — numbers as humans spell them.
//
// Its one job: read the number that begins at a token (MatchNumber), in the
// spellings answers and tool results use, to one exact canonical decimal
// plus the precision the text showed. `$1.2M`, `1.2 million`, `1,200,000`
// and `USD 1200000` are the value "1200000"; `12%` and `12 percent` are the
// ratio "0.12"; `41 200` (no-break space), `1'234`, `1.234.567` and
// `41.200,50` are read in their locale's grouping; `forty-one thousand` is
// "41000"; LaTeX math around a number (`$$0.5$$`, `$12.5$`) is no currency:
// the number inside is read. The caller (the judge, or the evidence side)
// decides whether a reading is a candidate and looks it up; MatchNumber only
// reads.
//
//   ForEachToken(text, [&](TokenSpan token) {
//     if (std::optional<NumberReading> n = MatchNumber(text, token)) {
//       // "$1.2M": n->value "1200000", n->step "100000", n->kind kMoney,
//       // n->currency "USD", n->scaled; skip n->tokens - 1 more tokens.
//     }
//     return true;
//   });
//
// spelled_numbers.cc is the second ICU caller (after unicode.cc): spelled
// English numbers go through ICU's RuleBasedNumberFormat (spellout), but
// only after a fixed word-set grammar accepted them, so prose is rejected
// without ICU and ICU's permissive parse ("one two" = 102) never sees a
// list of words.
//
// What it does NOT do: decide what is a candidate, look anything up, or
// round (it reports `step`; the caller compares). It never goes through a
// double: scaling shifts the decimal point of an exact decimal string. A
// number glued to a unit that is not a scale (`5MB`, `10ms`, `32GB`), a
// date or time (`2024-05-22`, `14:00`), an identifier (`4XGCCM`, `HAT083`),
// a version (`1.2.3`), an IPv4 address or `24/7` is not a reading
// (nullopt): units.h and extractor.h read those. Only ASCII digits are read
// (canonical.h maps other scripts' digits); spelled numbers are English
// only, without fractions ("two point five") or ordinals.
#ifndef GROUNDGATE_EVIDENCE_NUMBERS_H_
#define GROUNDGATE_EVIDENCE_NUMBERS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "evidence/tokenizer.h"

namespace groundgate::evidence {

// One number read from text.
struct NumberReading {
  enum class Kind {
    kPlain,    // 41,200  51.94  -6594  1.2M  forty-one thousand
    kMoney,    // $1,234.50  USD 890,000,000  20 euros  $3 billion
    kPercent,  // 12%  12.5 %  12 percent  12 per cent
  };
  Kind kind = Kind::kPlain;
  // The value as an exact canonical decimal, the format of CanonicalNumber
  // (canonical.h): "1200000", "0.12", "-6594", "1234.5". A percent is its
  // ratio ("12%" -> "0.12"). Leading zeros of a plain number are kept, as
  // CanonicalNumber keeps them ("007").
  std::string value;
  // The precision the text showed: one unit in the last place shown, as a
  // canonical decimal. "51.94" -> "0.01", "1.2M" -> "100000", "$1,234" ->
  // "1", "3 billion" -> "1000000000", "12%" -> "0.01", "forty-one
  // thousand" -> "1000". A carried number that rounds to `value` at this
  // step may count as read; the caller decides.
  std::string step;
  // A second reading, else empty, with its own step:
  // - a percent: the number as written ("12%" -> "12", step "1");
  // - a dot that may group thousands ("41.200": value "41.2", alternative
  //   "41200", step "1"; only one dot and exactly three digits after it);
  // - accounting parentheses ("(1,234.50)": value "1234.5", alternative
  //   "-1234.5"): in prose parentheses are usually an aside, so the
  //   negative is only the alternative.
  std::string alternative;
  std::string alternative_step;
  // The ISO 4217 code of a money reading ("USD" for "$" and "US$", "EUR"
  // for "€", "GBP", "JPY" for "¥", "INR", ...); empty otherwise. Points to
  // static storage: it never dangles.
  std::string_view currency;
  bool scaled = false;   // a suffix or word multiplied it: 1.2M, 3 billion
  bool spelled = false;  // written in English words: forty-one thousand
  // The text wrote a minus sign (`-`, U+2212 `−`, `-$20`, `$-20`); `value`
  // then begins with '-' (unless it is zero). Parentheses do not set it.
  bool negative = false;
  // Byte offsets of the whole value in the text, [start, end): sign,
  // currency, digits, suffix and words, without surrounding punctuation.
  // `start` may lie before the first token's start when a currency symbol
  // or a U+2212 minus (which the tokenizer treats as separators) precedes
  // it ("€5", "−6594").
  std::size_t start = 0;
  std::size_t end = 0;
  int tokens = 1;  // how many tokens the reading spans, the first included
};

// Reads the number that begins at token `first` of `text` (a span
// ForEachToken gave), looking a few tokens ahead (grouping, scale and
// currency words, "percent") and at the bytes just before the token (a
// currency symbol, a U+2212 minus). Returns nullopt when no number begins
// there, or when the token holds more than a number (`5MB`, `2024-05-22`).
//
// Spellings, each pinned in tests/evidence/numbers_test.cc:
// - grouping: `41,200`, `1,23,456` (Indian), `1.234.567`, `41.200,50`,
//   `1.234,5`, `41 200` with U+00A0, U+202F or U+2009 between groups,
//   `1'234` and `1’234`, and `41 200` with one ASCII space when the first
//   group has 1-3 digits, every next group exactly 3, and no digit token
//   stands right before or after the chain (`555 123 4567` is not joined).
//   A decimal comma after a bare number only before a percent or currency
//   (`12,5 %`, `5,50 €`, `€12,50`); `1,5` alone reads as 1.
// - scale: glued `k`, `M`, `bn` to a number of 1-3 integer digits and an
//   optional fraction (`41.2k`, `1.2M`, `500K`); `K` after 1-2 digits
//   only with a currency or a fraction (`12K` is a seat); `B`, `b`, `T`,
//   `m`, `mn`, `MM` only with a currency (`$2B`; `2B` is a seat, `5m` is
//   meters). Words after a space: thousand, million, billion, trillion,
//   lakh(s), crore(s).
// - money: `$`, `US$`, `A$`, `C$`, `HK$`, `S$`, `NZ$`, `R$` glued before;
//   `€ £ ¥ ₹ ₩ ₽` before or after, with at most one space; an
//   uppercase ISO code before or after, glued or after one space (`EUR5`, `USD
//   890`, `890 USD`); dollar(s), euro(s), rupee(s), yen after.
// - percent: `%` glued or after one space, `percent`, `per cent`.
//
// Allocates only for the returned strings (and, for a number the word gate
// accepted, ICU's parse and a per-thread memo of its results, bounded by
// kMaxSpelledMemo). Never reads outside `text`; invalid UTF-8 is never a
// match. Thread-safe: the ICU formatter and the memo are one per thread.
//
// `read_words` false skips numbers in words: a caller that knows the text
// holds none worth reading (the judge, when the answer names no hundred
// or scale word) saves the word reader on every word of it.
std::optional<NumberReading> MatchNumber(std::string_view text, TokenSpan first,
                                         bool read_words = true);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_NUMBERS_H_
