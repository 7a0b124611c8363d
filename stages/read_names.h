// stages/read_names.h — the judge's reader of names: people, places,
// products (`Mia Li`, `Hotel Dealz`, `Jean-Luc van Dijk`).
//
// Its one job: read a Title Case run as ONE candidate of shape "name",
// unless it is general knowledge the model may state without reading it
// (`Las Vegas`, `Mastercard`, a country's name: `Kosovo`, `Burkina Faso`)
// or the name of a call (`GetUserToken(`).
// A name with a word some result of the conversation carried as a person's
// name (a passenger's first_name, a contact's name) is a person's, and is
// judged whatever the word list knows of its words: `Ava Li` for a
// carried `Mia Li`, and `Mason Li` after "Passenger:" (a sentence's common
// first word the list also spells capitalised is taken back into it).
//
// Where it sits: tried after dates, code spans and numbers, in English
// answers only (LooksEnglish), at a token that begins with a capital;
// stages/judge.cc climbs the name ladder with what it read.
//
// What it does NOT do: look the name up (rung_names.cc reads it word by
// word), or read ALL-CAPS codes (the one-token rule and declared shapes).
#ifndef GROUNDGATE_STAGES_READ_NAMES_H_
#define GROUNDGATE_STAGES_READ_NAMES_H_

#include <optional>
#include <string_view>

#include "evidence/names.h"
#include "evidence/tokenizer.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// True when the answer reads as English: of its all-lowercase ASCII words
// of two letters or more, at least kMinEnglishShare percent are common
// English words; with fewer than three such words, when it has no
// non-ASCII letter at all. Names are read in English answers only: in
// German every noun is capitalised.
inline constexpr int kMinEnglishShare = 60;
bool LooksEnglish(std::string_view answer);

struct NameRead {
  evidence::NameReading name;
  // A person's name: its common words that may be names ("Grace", "Mason")
  // are looked up too (rung_names.cc).
  bool person = false;
  // The new candidate, or nullptr when the answer already used the name or
  // the name is not judged (general knowledge, a call's name).
  Candidate* candidate = nullptr;
};

// Reads the name whose run begins at `span` and marks its tokens consumed.
// std::nullopt when no name begins there.
std::optional<NameRead> ReadName(JudgeContext& context,
                                 evidence::TokenSpan span);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_NAMES_H_
