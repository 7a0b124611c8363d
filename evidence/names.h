// evidence/names.h — values without digits: names, identifiers, code spans.
//
// Its one job: find the answer-side values that carry no digit but are still
// data read from a tool result, so the judge can look them up like any other
// value. Three readers:
//   - MatchName: a person, place or product name in Title Case that may span
//     tokens ("Mia Li", "Ludwig van Beethoven", "New York Yankees"). It is a
//     candidate only when one of its words is not a common English word.
//   - ReadDigitlessIdentifier: one token shaped like data though it has no
//     digit: `esxi-host-alpha`, `gift_card`, `getRefundableOrderList`,
//     `mia.li@example.com`, `https://example.com/x`, `api.example.com`.
//   - MatchCodeSpan: a markdown code span (`...`) whose content is a value.
// Common words come from the wamerican and wbritish lists
// (/usr/share/dict/american-english and british-english), embedded at build
// time by tools/embed_words.cc: a word either list spells in lowercase is
// common ("meeting", "smith", "john", "colour", "centre"); a word they spell
// only with a capital is a known proper noun ("hilton", "mia").
//
// Where it sits: after the tokenizer, beside MatchDateTime (extractor.h);
// the judge calls it for answer tokens. It returns canonical forms the
// corpus indexes (evidence::Canonicalize, every tool-result token
// lowercased).
//
// What it does NOT do: look anything up in the corpus, read ALL-CAPS words
// (`JFK`, `HAT083`: the digit rule and declared shapes cover codes), read
// names in scripts other than Latin, or decide whether a capitalised common
// word ("Apple", "John", "Turkey") is meant as a name: it is not a candidate.
//
//   std::string_view text = "Your reservation for Mia Li at the Hilton.";
//   evidence::ForEachToken(text, [&](evidence::TokenSpan token) {
//     if (auto name = evidence::MatchName(text, token)) {
//       // name->canonical: "mia li", then "hilton"
//     }
//     return true;
//   });
#ifndef GROUNDGATE_EVIDENCE_NAMES_H_
#define GROUNDGATE_EVIDENCE_NAMES_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "evidence/tokenizer.h"

namespace groundgate::evidence {

// --- the word list -----------------------------------------------------------

// True when an embedded list holds `lowercase_word` in lowercase: a common
// English word in American or British spelling ("meeting", "business",
// "smith", "john", "honour", "programme"). The argument must
// already be lowercase (ASCII, or UTF-8 with Latin-1 letters lowercased);
// an uppercase letter never matches. One hash and a probe or two in a table
// compiled into the binary: no start-up work, no allocation. Thread-safe.
bool IsCommonWord(std::string_view lowercase_word);

// True when the lists hold the word only capitalised ("hilton", "mia",
// "beethoven"): a known proper noun. "quenby" (absent) and "smith" (also
// lowercase in the list) are not. Same argument rules as IsCommonWord.
bool IsKnownProperNoun(std::string_view lowercase_word);

// True when the lists spell the word both in lowercase and capitalised
// ("mason", "grace", "john", "baker"): a common word that is also a given
// name or a surname. "please" and "hotel" (lowercase only) are not. Same
// argument rules as IsCommonWord.
bool IsCapitalisedCommonWord(std::string_view lowercase_word);

// True when `canonical` (a NameReading's canonical form) is the English name
// ICU gives a country or territory ("kosovo", "burkina faso", "united
// states", and "myanmar" and "burma" of "Myanmar (Burma)"): general
// knowledge, as the list's proper nouns are. The table is built once, from
// ICU's region codes (and XK, Kosovo's user-assigned code), on first use.
// Thread-safe.
bool IsCountryName(std::string_view canonical);

// True when `word` (any case) is an English adjective of nationality
// ("Irish", "slovak", "Dutch"): general knowledge. Opening a name of more
// words ("Irish Gaelic", "Slovak Extraliga"), MatchName reads it as a
// common word: it says what kind of name it is, not which.
bool IsNationalityAdjective(std::string_view word);

// How many entries each table holds (for tests and the startup report).
std::size_t CommonWordCount();
std::size_t KnownProperNounCount();
std::size_t CapitalisedCommonWordCount();

// --- names -----------------------------------------------------------------

// At most this many capitalised words make a name. A longer Title Case run
// is a heading ("Booking Summary For Mia Li"): every common word at either
// end is trimmed, and if more than this remain nothing is read.
inline constexpr int kMaxNameWords = 4;
// Connector words in a row inside a name: "de la" in "Guillermo de la Cruz".
inline constexpr int kMaxNameConnectors = 2;
// How far a Title Case run is followed before it is judged a heading and
// dropped whole: enough for a name plus the heading words trimmed around it.
inline constexpr int kMaxNameRunWords = 12;

// One word of a name.
struct NameWord {
  std::size_t start = 0;  // byte offsets of the word in the text: [start, end)
  std::size_t end = 0;
  // Its canonical form (Canonicalize): "mia", "jean-luc", "müller",
  // "o'neil". The corpus indexes "O'Neil" as two tokens, "o" and "neil".
  std::string canonical;
  bool common = false;     // IsCommonWord of its lowercase form ("hotel")
  bool connector = false;  // "van", "de", ... between capitalised words
};

// A name read from one or more tokens.
struct NameReading {
  // Byte offsets of the whole name, decoration excluded: [start, end).
  std::size_t start = 0;
  std::size_t end = 0;
  // How many tokens from `first` the reading spans, through the name's last
  // token (a dropped sentence-initial word counts): skip this many.
  int tokens = 1;
  absl::InlinedVector<NameWord, kMaxNameWords> words;
  // The whole name's canonical form: its words joined by single spaces,
  // as Canonicalize gives the whole string ("mia li").
  std::string canonical;
  // The common first word of a sentence that was dropped, when the list
  // also spells it capitalised: "Mason" of "Passenger: Mason Li" may be a
  // given name. Its canonical form is empty when there is none. Not part of
  // start, words or canonical until TakeBackDroppedInitial.
  NameWord dropped_initial;
};

// Reads the name whose Title Case run begins at token `first` (a span
// ForEachToken gave). Returns nullopt when no run begins there (the token is
// not Title Case, or it continues a run that began at an earlier token, so
// each run is read once however the caller steps), or when the run is not a
// name candidate. The rules:
//   - A name word is Title Case: an uppercase letter, then letters with at
//     least one lowercase and never two capitals in a row ("Mia",
//     "McDonald"); internal hyphens ("Jean-Luc") and an apostrophe before a
//     capital ("O'Neil") are allowed. ASCII and Latin-1/Latin Extended-A
//     letters ("José", "Müller", "Łukasz"); other scripts are not read.
//   - Words are separated by exactly one space. Any other gap, a comma, or
//     a '.' or ':' after a word ends the name ("Muller." ends it).
//   - Connector words (de, van, von, da, del, la, le, der, den, di, du,
//     dos, das) may stand between capitalised words, at most
//     kMaxNameConnectors in a row; they never start or end a name.
//   - Never name words, and so they end a run: single letters ("I", "A"),
//     month and day names and their abbreviations ("May", "Monday",
//     "Jan"), honorifics ("Mr", "Dr").
//   - A sentence-initial first word that is common is dropped ("Please",
//     "The", "Unfortunately", "Summarise"). Sentence-initial: the text's start,
//     or after
//     '.', '!', '?', ':', '|', a newline or a list marker, looking through
//     spaces, markdown emphasis and quotes. A common first word elsewhere
//     stays ("the Hotel Hilton" reads "Hotel Hilton").
//   - The run is a candidate only when one of its words is not common
//     ("Hilton", "Quenby", "Mia Li"); "New York" is (York), "Meeting with
//     John" has none (the list holds "john").
// Never allocates unless it returns a reading. Thread-safe (pure).
std::optional<NameReading> MatchName(std::string_view text, TokenSpan first);

// Makes `name`'s dropped_initial its first word again (start, words and
// canonical), for a caller that knows the name is a person's: "Mason Li",
// not "Li". Does nothing when there is none. `text` is the text MatchName
// read. Thread-safe (pure).
void TakeBackDroppedInitial(std::string_view text, NameReading* name);

// --- people's names in tool results -----------------------------------------

// What a JSON key says about the string it holds, for the corpus to know
// which words a result carried as people's names (Evidence::person_name).
enum class PersonNameKey {
  kNone,
  // A person's name or a part of one: "first_name", "lastName", "surname",
  // "passenger_name", "full_name", "author", "attendees".
  kPerson,
  // "name": a person's only in an object that also holds an email address
  // (a contact, a user), not a team's, a product's or an event's.
  kBareName,
  // "email", "email_address", "e-mail", "mail".
  kEmail,
};

// Classifies one JSON key: ASCII letters compared without case, '_', '-'
// and ' ' ignored ("first_name" = "firstName" = "First Name"). "username",
// "display_name", "hotel_name" and "api_name" are kNone: a handle or a
// thing. Never allocates. Thread-safe (pure).
PersonNameKey ClassifyPersonNameKey(std::string_view key);

// A string longer than this is a sentence, not a person's name.
inline constexpr std::size_t kMaxPersonNameBytes = 96;

// --- identifiers without digits ------------------------------------------

// Reads one token that holds no digit but is shaped like data, and returns
// its canonical form (Canonicalize(token).form); nullopt when it is prose or
// has a digit (the digit rule's business). Decoration is stripped first
// (StripDecoration, plus markdown '*'). Data:
//   - a URL (`https://example.com/x`, `www.example.com`) or an absolute
//     path of two or more segments (`/var/log/syslog`);
//   - an email address (`mia.li@example.com`);
//   - a hostname: dot-separated labels with 2+ dots and a label of 2+
//     letters (`api.example.com`), or one dot before a known top-level
//     domain or file extension (`example.com`, `config.yaml`); not "e.g.",
//     "i.e.", "U.S.A.", "Ph.D.";
//   - snake_case: an underscore between two letters (`gift_card`);
//   - camelCase or PascalCase: a lowercase letter followed by a capital
//     (`getRefundableOrderList`, `macAddress`) unless the list holds the
//     word (`iPhone`, `eBay`, `PayPal`, `McDonald`: known names);
//   - a hyphenated word with a part that is not common (`esxi-host-alpha`);
//     `state-of-the-art`, `follow-up`, `non-refundable`, `e-mail`,
//     `check-in`, `round-trip`, `Wi-Fi` are prose: every part is a common
//     word, a common word with an inflection (-s, -ed, -ing, -er), a single
//     letter or a prefix (pre, co, ex, ...);
//   - two or more parts joined by ':' with a part that is not common
//     (`iam:PassRole`, `std::string`).
// Returns immediately, without allocating, for a token with none of
// `- _ @ . : /` and no lowercase-to-capital step. Thread-safe (pure).
std::optional<std::string> ReadDigitlessIdentifier(std::string_view token);

// --- markdown code spans ---------------------------------------------------

// Longer code spans are commands or code, not one value.
inline constexpr std::size_t kMaxCodeSpanBytes = 64;

// A code span read as one value.
struct CodeSpanReading {
  // Byte offsets of the content, backticks excluded: [start, end).
  std::size_t start = 0;
  std::size_t end = 0;
  int tokens = 1;         // tokens of the content from `first`: skip this many
  std::string canonical;  // Canonicalize(content).form
};

// Reads the code span whose content begins at token `first`: a single
// backtick right before the token opens it (an opener, not the closer of an
// earlier span on the line), a single backtick closes it on the same line,
// and the content is 1..kMaxCodeSpanBytes bytes. Returns nullopt otherwise,
// and when every word of the content is common (`true`, `null`, `pending`,
// `in progress`): a keyword or a status word is prose. A word with a digit
// or shaped like an identifier is never common. Never allocates unless it
// returns a reading. Thread-safe (pure).
std::optional<CodeSpanReading> MatchCodeSpan(std::string_view text,
                                             TokenSpan first);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_NAMES_H_
