// evidence/unicode.h — the one place that talks to ICU about text.
//
// Its one job: fold non-ASCII text to the form the canonicalizer compares
// (NFKC + case folding, every Unicode decimal digit as ASCII), and classify
// non-ASCII code points for the tokenizer. ASCII never comes here.
//
// What it does NOT do: anything for pure ASCII (the callers' fast paths).
#ifndef GROUNDGATE_EVIDENCE_UNICODE_H_
#define GROUNDGATE_EVIDENCE_UNICODE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::evidence {

// NFKC_Casefold of UTF-8 text, then every code point of general category Nd
// mapped to its ASCII digit ("４１２００" -> "41200", "٤١٢٠٠" -> "41200").
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
};
CodePointClass ClassifyCodePoint(int code_point);

// The ASCII character a fullwidth form stands for (U+FF01..U+FF5E), else 0.
char AsciiLike(int code_point);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_UNICODE_H_
