// evidence/counts_named.h — the counts a text names with what they count.
//
// Its one job: find "two passengers", "3 nights", "2 checked bags" in text
// the user, the application or the answer wrote, as a bit set of the counts
// (bit q for q in [2, kMaxNamedCount]), so the judge may multiply a carried
// price by a count the conversation names ($348 for two passengers at
// $174) without taking every small number a result carried for a count.
//
// Where it sits: the corpus reads user messages with it (counts_named());
// the arithmetic rung reads the answer with it.
//
// What it does NOT do: read a count without its noun ("2 at $174"). The
// corpus counts the elements of a list a tool result carried under such a
// noun ("passengers": [3 of them]) itself, with IsCountNoun.
#ifndef GROUNDGATE_EVIDENCE_COUNTS_NAMED_H_
#define GROUNDGATE_EVIDENCE_COUNTS_NAMED_H_

#include <cstdint>
#include <string_view>

namespace groundgate::evidence {

// The largest count read: the same bound as NumericIndex's kMaxQuantity.
inline constexpr int kMaxNamedCount = 12;

// Bit q set for each count q in [2, kMaxNamedCount] that `text` writes in
// digits or in English words ("2", "two") right before a noun of what is
// counted (passengers, travelers, people, adults, children, guests, nights,
// bags, suitcases, items, tickets, rooms, seats), with at most one word
// between ("2 checked bags"). ASCII case-insensitive; never fails.
std::uint32_t CountsNamed(std::string_view text);

// True when `word` is one of those nouns (ASCII case-insensitive):
// "passengers", "Nights", "bags".
bool IsCountNoun(std::string_view word);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_COUNTS_NAMED_H_
