// evidence/unicode.h — where the evidence code talks to ICU about text.
//
// Its one job: fold non-ASCII text to the form the canonicalizer compares
// (NFKC + case folding, every Unicode decimal digit as ASCII), and classify
// non-ASCII code points for the tokenizer. ASCII never comes here. It also
// gives the extractor the month names of a locale (LocaleMonthNames), once,
// to build its table of non-English month names.
//
// What it does NOT do: anything for pure ASCII (the callers' fast paths).
#ifndef GROUNDGATE_EVIDENCE_UNICODE_H_
#define GROUNDGATE_EVIDENCE_UNICODE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::evidence {

// NFKC_Casefold of UTF-8 text, then every code point of general category Nd
// mapped to its ASCII digit ("４１２００" -> "41200", "٤١٢٠٠" -> "41200").
// Default-ignorable code points (every CodePointClass::kInvisible one among
// them) fold to nothing: "98\u200D765" -> "98765".
// Invalid UTF-8 sequences become U+FFFD. Never fails.
std::string FoldUnicode(std::string_view utf8);

// Decodes one UTF-8 code point at text[pos]. Sets *length to the bytes it
// spans (1 for an invalid byte, which returns -1).
int DecodeUtf8(std::string_view text, std::size_t pos, std::size_t* length);

// How the tokenizer treats a non-ASCII code point.
enum class CodePointClass {
  kSeparator,
  kWord,  // letters, marks, digits of any script
  // Letters of a script written without spaces between words (Han, kana,
  // Thai, ...). A token never mixes these with other word characters:
  // "ポートfc1/3の" is "ポート", "fc1/3", "の".
  kSpacelessWord,
  kAsciiLike,  // fullwidth ASCII punctuation ("：", "－"): see AsciiLike()
  // A character that shows nothing (soft hyphen U+00AD, zero-width space,
  // non-joiner and joiner U+200B..U+200D, word joiner U+2060, BOM U+FEFF):
  // a token runs through it, so "98\u200D765" is read as the 98765 it shows
  // and not as "98" and "765". FoldUnicode drops it from the token's form.
  kInvisible,
};
CodePointClass ClassifyCodePoint(int code_point);

// The ASCII character a fullwidth form stands for (U+FF01..U+FF5E), else 0.
char AsciiLike(int code_point);

// How LocaleMonthNames finds the words it title-cases.
enum class TitleBreaks {
  // One word BreakIterator per locale, reset to each string by toTitle.
  kOnePerLocale,
  // toTitle(nullptr, ...): ICU opens an iterator per call, the plain and
  // slow construction the table is checked against.
  kOnePerCall,
};

// One month name as a locale writes it, from ICU's DateFormatSymbols.
struct LocaleMonthName {
  std::string utf8;  // "févr.", "Mai", "MAJA", "мая": ICU's spelling, cased
  int month = 0;     // 1..12
  bool abbreviated = false;
  // A form of a date's grammar that the month's standalone name does not
  // share: the genitive after a day ("22 maja", "22 мая"; standalone "maj",
  // "май").
  bool format_only = false;
};

// The wide and abbreviated month names of `locale` ("fr", "pl"), in the
// format and the standalone context, each in lower, title and upper case by
// the locale's case rules (and by the root rules, which differ for "tr"),
// each repeat removed. A trailing '.' is kept as ICU spells it. Empty when
// ICU has no data for the locale. Allocates and opens the locale's
// calendar data: the extractor's table is taken from it at build time
// (tools/embed_month_names.cc, dates/embedded_month_names.h). Thread-safe.
//
// `breaks` says how title case finds words; both give the same table.
std::vector<LocaleMonthName> LocaleMonthNames(
    const char* locale, TitleBreaks breaks = TitleBreaks::kOnePerLocale);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_UNICODE_H_
