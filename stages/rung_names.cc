// stages/rung_names.cc — the names rung: a name read word by word.
//
// What it does NOT do: decide whether a name is judged at all (general
// knowledge, a call's name: stages/read_names.cc).
#include "stages/rung_names.h"

#include <string>
#include <string_view>
#include <utility>

#include "evidence/canonical.h"

namespace groundgate::stages {
namespace {

// Calls `part` with each non-empty piece of `word` between apostrophes
// (' or U+2019), in order, while it returns true. Returns false when a call
// did; otherwise whether `word` had an apostrophe at all.
template <typename PartFn>
bool EachApostrophePart(std::string_view word, PartFn part) {
  std::size_t begin = 0;
  bool split = false;
  for (std::size_t i = 0; i <= word.size(); ++i) {
    const bool apostrophe =
        i < word.size() &&
        (word[i] == '\'' || (word.compare(i, 3, "\xE2\x80\x99") == 0));
    if (i < word.size() && !apostrophe) continue;
    if (i > begin && !part(word.substr(begin, i - begin))) return false;
    if (apostrophe) {
      split = true;
      begin = i + (word[i] == '\'' ? 1 : 3);
      i = begin - 1;
    }
  }
  return split;
}

// True when the user or the app supplied `word`, as the exempt side
// indexed it: whole, or for "d'arcy" each of its parts.
bool WordSupplied(const JudgeContext& context, std::string_view word) {
  if (context.corpus.IsExempt(word)) return true;
  return EachApostrophePart(word, [&](std::string_view part) {
    return context.corpus.IsExempt(part);
  });
}

// A name word as the evidence side indexed it: whole, or, for "o'neil"
// (the tokenizer splits at an apostrophe), the evidence of its last part
// when every part was carried.
Evidence LookupWord(const JudgeContext& context, const std::string& word) {
  Evidence whole = context.corpus.Lookup(word);
  if (whole.carried) return whole;
  Evidence last;
  const bool split = EachApostrophePart(word, [&](std::string_view part) {
    last = context.corpus.Lookup(part);
    return last.carried;
  });
  return split ? last : whole;
}

// Endings that make a place's or a people's adjective ("Catalonia" ->
// "Catalonian", "Lombards" -> "Lombardic", "Italy" -> "Italian"), longest
// first, and the endings of the place's name the adjective drops.
constexpr std::string_view kAdjectiveSuffixes[] = {"ian", "ean", "ese", "ish",
                                                   "an",  "ic",  "n",   "i"};
constexpr std::string_view kDroppedEndings[] = {"", "a", "s", "e", "y", "o"};
// A shorter stem ("juli" of "Julian") is too often another name's start.
constexpr std::size_t kMinAdjectiveStemBytes = 5;

// The carried name `word` is the adjective of, and its evidence; empty
// evidence when none.
std::pair<std::string, Evidence> AdjectiveOf(const JudgeContext& context,
                                             std::string_view word) {
  for (std::string_view suffix : kAdjectiveSuffixes) {
    if (!word.ends_with(suffix) ||
        word.size() < suffix.size() + kMinAdjectiveStemBytes) {
      continue;
    }
    const std::string_view stem = word.substr(0, word.size() - suffix.size());
    for (std::string_view ending : kDroppedEndings) {
      std::string place(stem);
      place.append(ending);
      if (place == word) continue;
      Evidence evidence = context.corpus.Lookup(place);
      if (evidence.carried) return {std::move(place), evidence};
    }
  }
  return {};
}

// The letters of an abbreviation in parentheses right after a name, folded
// to lowercase ("sa" of " (S.A.)"), with its text ("S.A."); empty when
// none. Capitals and dots only, 2 to kMaxNameWords letters.
std::pair<std::string, std::string_view> AbbreviationAfter(
    std::string_view answer, std::size_t name_end) {
  const std::string_view after = answer.substr(name_end);
  if (!after.starts_with(" (")) return {};
  const std::size_t close = after.find(')', 2);
  if (close == std::string_view::npos) return {};
  const std::string_view code = after.substr(2, close - 2);
  std::string letters;
  for (const char c : code) {
    if (c == '.') continue;
    if (c < 'A' || c > 'Z' ||
        letters.size() == static_cast<std::size_t>(evidence::kMaxNameWords)) {
      return {};
    }
    letters.push_back(static_cast<char>(c - 'A' + 'a'));
  }
  if (letters.size() < 2) return {};
  return {std::move(letters), code};
}

}  // namespace

bool GroundByRespelledName(JudgeContext& context,
                           const evidence::NameReading& name, bool person,
                           Candidate* candidate) {
  if (person) return false;
  // The words a carried abbreviation stands for, written right before it.
  const auto [letters, code] = AbbreviationAfter(context.answer, name.end);
  if (!letters.empty()) {
    std::string initials;
    for (const evidence::NameWord& word : name.words) {
      if (!word.connector) initials.push_back(word.canonical.front());
    }
    const std::string form = evidence::Canonicalize(code).form;
    if (initials == letters && !form.empty() &&
        context.GroundByKey(form, MatchReason::kRespelledName, candidate)) {
      candidate->derivation = form;
      return true;
    }
  }
  // Every word carried, at least one as the adjective of a carried name.
  absl::InlinedVector<Evidence, evidence::kMaxNameWords> carried;
  std::string from;
  for (const evidence::NameWord& word : name.words) {
    if (word.connector || word.common) continue;
    Evidence evidence = LookupWord(context, word.canonical);
    if (!evidence.carried) {
      auto [place, adjective_of] = AdjectiveOf(context, word.canonical);
      if (!adjective_of.carried) return false;
      evidence = adjective_of;
      if (!from.empty()) from.append(", ");
      from.append(place);
    }
    carried.push_back(evidence);
  }
  if (from.empty() || carried.empty()) return false;
  context.Ground(carried, MatchReason::kRespelledName, candidate);
  candidate->derivation = std::move(from);
  return true;
}

bool GroundByJoinedName(JudgeContext& context,
                        const evidence::NameReading& name,
                        Candidate* candidate) {
  if (name.words.size() <= 1) return false;
  std::string joined;
  for (const evidence::NameWord& word : name.words) {
    joined.append(word.canonical);
  }
  return context.GroundByKey(joined, MatchReason::kNameWords, candidate);
}

NameWordsFound LookUpNameWords(const JudgeContext& context,
                               const evidence::NameReading& name, bool person) {
  NameWordsFound found;
  for (const evidence::NameWord& word : name.words) {
    // Connectors ("van") and common words ("Hotel", "International") say
    // what kind of name it is; the other words say which. In a person's
    // name, "Grace" or "Mason" says which.
    if (word.connector) continue;
    if (word.common &&
        !(person && evidence::IsCapitalisedCommonWord(word.canonical))) {
      continue;
    }
    const Evidence evidence = LookupWord(context, word.canonical);
    if (evidence.carried) {
      found.carried.push_back(evidence);
      ++found.known;
      if (found.first_carried == nullptr) found.first_carried = &word;
    } else {
      ++found.missing;
      if (WordSupplied(context, word.canonical)) ++found.known;
    }
  }
  return found;
}

bool GroundByNameWords(JudgeContext& context, const NameWordsFound& words,
                       Candidate* candidate) {
  if (words.missing != 0 || words.carried.empty()) return false;
  context.Ground(words.carried, MatchReason::kNameWords, candidate);
  return true;
}

}  // namespace groundgate::stages
