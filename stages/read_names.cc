// stages/read_names.cc — the judge's reader of names, and the test of an
// English answer that switches it on.
//
// What it does NOT do: look the name up beyond asking whether the
// conversation's results carried its words (IsPersonsName,
// IsWorldKnowledge).
#include "stages/read_names.h"

#include <string>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "evidence/ascii.h"

namespace groundgate::stages {
namespace {

// Words the list lacks that are greetings, not names.
const absl::flat_hash_set<std::string_view> kInterjections = {
    "congrats", "ok", "okay", "hi", "hello", "thanks", "bye"};

// "las" (of Las Vegas) and the parts of "Seattle-Tacoma" count as known
// when the list knows them, or they are too short to be a name alone.
bool IsKnownWordOrParts(std::string_view word) {
  std::size_t begin = 0;
  while (begin <= word.size()) {
    std::size_t end = word.find('-', begin);
    if (end == std::string_view::npos) end = word.size();
    const std::string_view part = word.substr(begin, end - begin);
    if (part.size() > 3 && !evidence::IsCommonWord(part) &&
        !evidence::IsKnownProperNoun(part)) {
      return false;
    }
    begin = end + 1;
  }
  return true;
}

// A name whose every word the word list knows as a proper noun or a
// common word ("Atlanta", "Las Vegas", "Mastercard", "Linux") is general
// knowledge the model may state without reading it (an airport code's
// city), unless a result of the conversation, in any turn, carried one of
// its words: then a changed word ("Hilton Chicago" for a carried "Hilton
// San Francisco") is the typical fabrication.
bool IsWorldKnowledge(const JudgeContext& context,
                      const evidence::NameReading& name) {
  bool carried = false;
  for (const evidence::NameWord& word : name.words) {
    if (word.connector || word.common) continue;
    if (kInterjections.contains(word.canonical)) continue;
    if (!IsKnownWordOrParts(word.canonical)) return false;
    // A word as short as an airport code ("las") is no sign that the
    // result named this very thing.
    carried |= word.canonical.size() > 3 &&
               context.corpus.Lookup(word.canonical).carried;
  }
  return !carried;
}

// A code in parentheses right after a name is 2 to this many capitals:
// "LaGuardia (LGA)", "Atlanta (ATL)".
constexpr std::size_t kMaxGlossedCodeBytes = 4;

// True when a word is a compound proper name: a capital after its first
// letter ("LaGuardia", "McAllen", "O'Hare").
bool IsCompoundCapitalised(std::string_view word) {
  for (std::size_t i = 1; i < word.size(); ++i) {
    if (word[i] >= 'A' && word[i] <= 'Z') return true;
  }
  return false;
}

// True when the name spells out a code a result carried, written right
// after it in parentheses ("LaGuardia (LGA)"): the model says what the code
// stands for, which it knows without reading it. Only a name whose every
// word the list knows or is a compound proper name, which is how the list
// misses airports' names (LaGuardia, O'Hare); an invented plain word
// ("Quenby (IAH)") is still judged. A real city put against the wrong
// code ("Dallas (IAH)") is general knowledge either way: no list of codes
// is kept here.
bool GlossesCarriedCode(const JudgeContext& context,
                        const evidence::NameReading& name) {
  for (const evidence::NameWord& word : name.words) {
    if (word.connector || word.common) continue;
    if (!IsKnownWordOrParts(word.canonical) &&
        !IsCompoundCapitalised(
            context.answer.substr(word.start, word.end - word.start))) {
      return false;
    }
  }
  const std::string_view after = context.answer.substr(name.end);
  if (!after.starts_with(" (")) return false;
  const std::size_t close = after.find(')', 2);
  if (close == std::string_view::npos || close < 4 ||
      close - 2 > kMaxGlossedCodeBytes) {
    return false;
  }
  std::string code(after.substr(2, close - 2));
  for (char& c : code) {
    if (c < 'A' || c > 'Z') return false;
    c = static_cast<char>(c - 'A' + 'a');
  }
  return context.corpus.Lookup(code).carried;
}

// True when the name is an airport's ("LaGuardia Airport",
// "Hartsfield-Jackson Atlanta International Airport"): results carry the
// code, and the model names the airport from what it knows.
bool IsAirport(const evidence::NameReading& name) {
  return name.words.back().canonical == "airport";
}

// True when a word of the name was carried as a word of a person's name,
// in this turn or an earlier one: the passenger list is often read a turn
// before the answer names a passenger.
bool IsPersonsName(const JudgeContext& context,
                   const evidence::NameReading& name) {
  for (const evidence::NameWord& word : name.words) {
    if (word.connector) continue;
    if (context.corpus.Lookup(word.canonical).person_name) return true;
  }
  return false;
}

}  // namespace

bool LooksEnglish(std::string_view answer) {
  // The words are gathered first, so that the look-ups stop as soon as the
  // share is decided either way (each is a probe of a table larger than
  // the caches). A word: a run of lowercase ASCII letters, two or more, with
  // no letter before it and neither a letter nor a byte of a multi-byte
  // character after it. An answer's words fit the inline room mostly.
  absl::InlinedVector<std::pair<std::size_t, std::size_t>, 128> words;
  bool non_ascii = false;
  std::size_t i = 0;
  while (i < answer.size()) {
    const unsigned char c = static_cast<unsigned char>(answer[i]);
    if (c >= 0x80) non_ascii = true;
    if (c < 'a' || c > 'z') {
      ++i;
      continue;
    }
    const bool starts_word = i == 0 || !evidence::ascii::IsAlpha(answer[i - 1]);
    std::size_t end = i;
    while (end < answer.size() && answer[end] >= 'a' && answer[end] <= 'z') {
      ++end;
    }
    const bool ends_word = end == answer.size() ||
                           (!evidence::ascii::IsAlpha(answer[end]) &&
                            static_cast<unsigned char>(answer[end]) < 0x80);
    if (starts_word && ends_word && end - i >= 2) {
      words.emplace_back(i, end - i);
    }
    i = end;
  }
  const std::size_t n = words.size();
  if (n < 3) return !non_ascii;
  std::size_t common = 0;
  for (std::size_t w = 0; w < n; ++w) {
    common +=
        evidence::IsCommonWord(answer.substr(words[w].first, words[w].second));
    if (common * 100 >= n * kMinEnglishShare) return true;
    if ((common + (n - w - 1)) * 100 < n * kMinEnglishShare) return false;
  }
  return false;
}

std::optional<NameRead> ReadName(JudgeContext& context,
                                 evidence::TokenSpan span) {
  std::optional<evidence::NameReading> name =
      evidence::MatchName(context.answer, span);
  if (!name.has_value()) return std::nullopt;
  context.consumed_until = name->end;
  std::optional<NameRead> read(std::in_place);
  read->person = IsPersonsName(context, *name);
  if ((!read->person && (IsWorldKnowledge(context, *name) || IsAirport(*name) ||
                         evidence::IsCountryName(name->canonical) ||
                         GlossesCarriedCode(context, *name))) ||
      IsCallName(context.answer, name->end)) {
    return read;
  }
  if (read->person) evidence::TakeBackDroppedInitial(context.answer, &*name);
  read->candidate = context.NewCandidate(name->canonical);
  if (read->candidate == nullptr) return read;
  read->candidate->start = name->start;
  read->candidate->end = name->end;
  read->candidate->shape = std::string(kShapeName);
  read->candidate->canonical = name->canonical;
  read->name = *std::move(name);
  return read;
}

}  // namespace groundgate::stages
