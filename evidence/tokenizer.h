// evidence/tokenizer.h — text to token spans, one byte scan.
//
// Its one job: split text into the tokens values are made of. Inside a token:
// letters and digits of any script and `: _ - / . , % + @ # $`. A comma
// stays inside only as a thousands separator (`41,200`, `1,234,567.5`); any
// other comma splits (`a,b`, `1024,2048`, `1.5,100`). A ':' never begins a
// token (`"price":5.50` reads `price` and `5.50`). A zero-width character or
// soft hyphen stays inside (`98\u200D765` is one token, its span every byte of
// it; the canonical form drops it). Markdown decoration (`**`,
// backticks, `|`), spaces and other punctuation separate. An invalid UTF-8
// byte separates. A space left as a literal JSON escape in the text
// (`\u2009`, `\u00A0`, `\u202F`: "€\u200999.99") separates as the space
// it names would, all six bytes of it.
//
// What it does NOT do: canonicalize or judge; use a regex per token. It
// never allocates: spans point into the caller's text.
#ifndef GROUNDGATE_EVIDENCE_TOKENIZER_H_
#define GROUNDGATE_EVIDENCE_TOKENIZER_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace groundgate::evidence {

struct TokenSpan {
  std::size_t start = 0;  // byte offsets into the text: [start, end)
  std::size_t end = 0;
};

// Calls visit(TokenSpan) for each token in order. If visit returns false the
// scan stops and ForEachToken returns false; otherwise returns true.
template <typename Visit>
bool ForEachToken(std::string_view text, Visit&& visit);

// Convenience for tests and small inputs.
std::vector<TokenSpan> Tokenize(std::string_view text);

// --- implementation detail -------------------------------------------------
namespace internal {
// Finds the next token at or after *pos. Returns false at the end of text.
bool NextToken(std::string_view text, std::size_t* pos, TokenSpan* token);
}  // namespace internal

template <typename Visit>
bool ForEachToken(std::string_view text, Visit&& visit) {
  std::size_t pos = 0;
  TokenSpan token;
  while (internal::NextToken(text, &pos, &token)) {
    if (!visit(token)) return false;
  }
  return true;
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_TOKENIZER_H_
