// stages/rung_names.h — the names rung of the judge's ladder: a name read
// word by word.
//
// Reasons it gives (status grounded):
//   name_words  every word of the name that says which name it is was
//               carried ("Mia Li" from first_name "Mia" and last_name "Li"),
//               or the name was written as one handle ("Hotel Dealz" for
//               "hoteldealz"). (rung_exempt.cc gives name_words, exempt,
//               when each such word was supplied or carried.)
//   respelled_name  a name in another form of a carried one: a word that is
//               the adjective of a carried name ("Catalonian" for
//               "Catalonia", "Lombardic" for "Lombards"; not in a person's
//               name), or the words of a carried abbreviation written
//               right after them ("Sociedad Anónima (S.A.)", initials and
//               letters equal). Candidate::derivation names the carried
//               form ("catalonia", "s.a").
//
// Where it sits: in the name ladder of stages/judge.cc, after the whole
// name's own spelling (rung_own_spelling.cc) and its exemption.
//
// What it does NOT do: look up connectors ("van"), common words ("Hotel",
// "International") or an adjective of nationality opening the name
// ("Irish Gaelic"): they say what kind of name it is, not which (in a
// person's name, a common word that is also a name is looked up).
#ifndef GROUNDGATE_STAGES_RUNG_NAMES_H_
#define GROUNDGATE_STAGES_RUNG_NAMES_H_

#include "absl/container/inlined_vector.h"
#include "evidence/names.h"
#include "groundgate/corpus.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// A name's words that say which name it is, as the corpus knows them.
struct NameWordsFound {
  // The evidence of each carried word, in the name's order.
  absl::InlinedVector<Evidence, evidence::kMaxNameWords> carried;
  int missing = 0;  // words no result carried
  int known = 0;    // words carried or supplied
  // The first carried word (a near miss names it), or nullptr. Points into
  // the NameReading looked up.
  const evidence::NameWord* first_carried = nullptr;
};

// Grounds a name of several words that a result wrote as one handle
// ("Hotel Dealz" for "hoteldealz").
bool GroundByJoinedName(JudgeContext& context,
                        const evidence::NameReading& name,
                        Candidate* candidate);

// Looks each word of `name` up, as the evidence side indexed it (whole, or
// for "o'neil" its parts). In a person's name (`person`) a common word the
// list also spells capitalised ("Grace", "Baker") is a name word too, and
// is looked up.
NameWordsFound LookUpNameWords(const JudgeContext& context,
                               const evidence::NameReading& name, bool person);

// Grounds a name when every word that says which name it is was carried.
bool GroundByNameWords(JudgeContext& context, const NameWordsFound& words,
                       Candidate* candidate);

// Grounds a name (not a person's) written in another form of a carried
// one (respelled_name above). Tried after the name's words.
bool GroundByRespelledName(JudgeContext& context,
                           const evidence::NameReading& name, bool person,
                           Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_NAMES_H_
