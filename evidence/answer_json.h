// evidence/answer_json.h — the keys of the JSON an answer writes.
//
// Its one job: find where an answer writes JSON, and in it the spans of
// the object keys that name fields, which are words, not values. An
// answer that is structured output (`{"order_id": "ORD-1042", "price":
// 5.50}`) states its values as the JSON's string and number leaves; its
// keys (`order_id`, `unit_price`, `Customer Name`: letters, digits, '_'
// and spaces, with a lowercase letter) name fields, as the words of prose
// do. A key shaped as data (`ORD-1042`, `HAT083`, `2024-05-22` of a map
// keyed by its values) is no field's name and stays a value. JSON
// is read where the whole answer is one JSON object or array, or inside a
// fenced block (a "```json" fence, or a bare "```" fence whose content is
// an object or an array).
//
// Where it sits: the judge (stages/judge.cc) skips the tokens inside these
// spans; the leaves are read by the ordinary readers, token by token (the
// tokenizer never begins a token with the ':' that ends a key).
//
// What it does NOT do: read JSON that is not well-formed (it is prose),
// unescape strings, or judge a leaf; nothing is indexed here.
//
//   std::vector<TokenSpan> keys =
//       AnswerJsonKeys(R"({"order_id": "ORD-1042", "price":5.50})");
//   // one span: the bytes of order_id, inside its quotes; then price's
#ifndef GROUNDGATE_EVIDENCE_ANSWER_JSON_H_
#define GROUNDGATE_EVIDENCE_ANSWER_JSON_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "evidence/tokenizer.h"

namespace groundgate::evidence {

// JSON nested deeper than this is not read as JSON (the scanner recurses
// once per level; structured answers nest a few levels).
inline constexpr std::size_t kMaxAnswerJsonDepth = 64;

// The byte spans of the object keys that name fields (inside their
// quotes) of the JSON `answer` writes, in text order; empty when it
// writes none. Pure,
// thread-safe; allocates only the returned vector.
std::vector<TokenSpan> AnswerJsonKeys(std::string_view answer);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_ANSWER_JSON_H_
