// stages/rung_names.cc — the names rung: a name read word by word.
//
// What it does NOT do: decide whether a name is judged at all (general
// knowledge, a call's name: stages/read_names.cc).
#include "stages/rung_names.h"

#include <string>
#include <string_view>

namespace groundgate::stages {
namespace {

// A name word as the evidence side indexed it: whole, or, for "o'neil"
// (the tokenizer splits at an apostrophe), the evidence of its last part
// when every part was carried.
Evidence LookupWord(const JudgeContext& context, const std::string& word) {
  Evidence whole = context.corpus.Lookup(word);
  if (whole.carried) return whole;
  std::size_t begin = 0;
  Evidence last;
  bool split = false;
  for (std::size_t i = 0; i <= word.size(); ++i) {
    const bool apostrophe =
        i < word.size() &&
        (word[i] == '\'' || (word.compare(i, 3, "\xE2\x80\x99") == 0));
    if (i < word.size() && !apostrophe) continue;
    if (i > begin) {
      last = context.corpus.Lookup(
          std::string_view(word).substr(begin, i - begin));
      if (!last.carried) return whole;
    }
    if (apostrophe) {
      split = true;
      begin = i + (word[i] == '\'' ? 1 : 3);
      i = begin - 1;
    }
  }
  return split ? last : whole;
}

}  // namespace

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
      if (context.corpus.IsExempt(word.canonical)) ++found.known;
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
