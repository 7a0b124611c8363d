// evidence/counts_named.cc — "two passengers" as the count 2.
#include "evidence/counts_named.h"

#include <array>
#include <cstddef>

#include "evidence/ascii.h"

namespace groundgate::evidence {
namespace {

using ascii::Lower;

bool IsWordByte(char c) { return ascii::IsAlnumByte(c); }

bool EqualsLower(std::string_view word, std::string_view lower) {
  if (word.size() != lower.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (Lower(word[i]) != lower[i]) return false;
  }
  return true;
}

// The count a word writes, or 0.
int CountOf(std::string_view word) {
  if (!word.empty() && word.size() <= 2 && word[0] >= '1' && word[0] <= '9') {
    int value = 0;
    for (const char c : word) {
      if (c < '0' || c > '9') return 0;
      value = value * 10 + (c - '0');
    }
    return value >= 2 && value <= kMaxNamedCount ? value : 0;
  }
  static constexpr std::array<std::string_view, 11> kWords = {
      "two",   "three", "four", "five",   "six",   "seven",
      "eight", "nine",  "ten",  "eleven", "twelve"};
  // Called for every word of every user message: most fail on length.
  if (word.size() < 3 || word.size() > 6) return 0;
  for (std::size_t i = 0; i < kWords.size(); ++i) {
    if (EqualsLower(word, kWords[i])) return static_cast<int>(i) + 2;
  }
  return 0;
}

}  // namespace

bool IsCountNoun(std::string_view word) {
  // Called for every key of every result (the corpus counts lists under
  // these nouns): most words fail on their length or first letter.
  if (word.size() < 4 || word.size() > 10) return false;
  switch (Lower(word[0])) {
    case 'a':
    case 'b':
    case 'c':
    case 'g':
    case 'i':
    case 'n':
    case 'p':
    case 'r':
    case 's':
    case 't':
      break;
    default:
      return false;
  }
  static constexpr std::array<std::string_view, 18> kNouns = {
      "passengers", "passenger", "travelers", "traveler",  "travellers",
      "traveller",  "people",    "persons",   "adults",    "children",
      "guests",     "nights",    "bags",      "suitcases", "items",
      "tickets",    "rooms",     "seats"};
  for (const std::string_view noun : kNouns) {
    if (EqualsLower(word, noun)) return true;
  }
  return false;
}

std::uint32_t CountsNamed(std::string_view text) {
  std::uint32_t counts = 0;
  int last = 0;         // the count the previous word wrote
  int before_last = 0;  // the count the word before it wrote
  std::size_t i = 0;
  while (i < text.size()) {
    if (!IsWordByte(text[i])) {
      ++i;
      continue;
    }
    const std::size_t begin = i;
    while (i < text.size() && IsWordByte(text[i])) ++i;
    const std::string_view word = text.substr(begin, i - begin);
    if (IsCountNoun(word)) {
      const int count = last != 0 ? last : before_last;
      if (count != 0) counts |= std::uint32_t{1} << count;
    }
    before_last = last;
    last = CountOf(word);
  }
  return counts;
}

}  // namespace groundgate::evidence
