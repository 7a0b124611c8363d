// evidence/names.cc — names and code spans (names.h); digitless
// identifiers: digitless_identifiers.cc.
//
// Everything here works on byte offsets into the caller's text and on
// fixed stack buffers until a reading is returned; only a returned reading
// allocates (its canonical strings). Letters are ASCII or Latin-1/Latin
// Extended-A, classified by table, so this file never calls ICU itself
// (Canonicalize does, for the canonical forms).
#include "evidence/names.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "evidence/ascii.h"
#include "evidence/canonical.h"
#include "evidence/digitless_identifiers.h"
#include "evidence/latin_words.h"
#include "evidence/unicode.h"
#include "evidence/word_hash.h"
#include "unicode/locid.h"
#include "unicode/unistr.h"

// The tables tools/embed_words.cc generates from the wamerican and wbritish
// lists.
namespace groundgate::evidence::internal {
extern const char kCommonWordBlob[];
extern const std::size_t kCommonWordCount;
extern const std::uint32_t kCommonWordSlots[];
extern const std::size_t kCommonWordSlotCount;
extern const char kProperNounBlob[];
extern const std::size_t kProperNounCount;
extern const std::uint32_t kProperNounSlots[];
extern const std::size_t kProperNounSlotCount;
extern const char kCapitalisedCommonBlob[];
extern const std::size_t kCapitalisedCommonCount;
extern const std::uint32_t kCapitalisedCommonSlots[];
extern const std::size_t kCapitalisedCommonSlotCount;
}  // namespace groundgate::evidence::internal

namespace groundgate::evidence {
namespace {

// A lookup in one generated table: hash, then linear probing until the word
// or an empty slot (the table is at most half full). A slot holds its word
// (WordSlot): the blob is read only for one of the same length and tag.
// REQUIRES: hash == WordHash(word).
bool InTable(const char* blob, const std::uint32_t* slots,
             std::size_t slot_count, std::string_view word,
             std::uint32_t hash) {
  constexpr std::uint32_t kOffsetMask = (1u << kWordOffsetBits) - 1;
  constexpr std::uint32_t kLengthMask = (1u << kWordLengthBits) - 1;
  const std::uint32_t tag = hash >> kWordTagShift;
  const std::size_t mask = slot_count - 1;
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const std::uint32_t entry = slots[slot];
    if (entry == 0) return false;
    if (entry >> kWordTagShift != tag ||
        ((entry >> kWordOffsetBits) & kLengthMask) != word.size()) {
      continue;
    }
    if (std::string_view(blob + (entry & kOffsetMask), word.size()) == word) {
      return true;
    }
  }
}

bool InTable(const char* blob, const std::uint32_t* slots,
             std::size_t slot_count, std::string_view word) {
  return InTable(blob, slots, slot_count, word, WordHash(word));
}

using latin::CaseOf;
using latin::CodePointAt;
using latin::IsAsciiDigit;
using latin::IsAsciiLetter;
using latin::IsAsciiUpper;
using latin::kMaxWordBytes;
using latin::LetterCase;
using latin::LowerWord;

// Words that look like names but never are one: month and day names and
// their abbreviations (dates are MatchDateTime's; "Jan" and "Jun" are
// first names too, but "Jan 5" is a date far more often), and honorifics
// (the name is what follows them).
constexpr std::string_view kNeverNameWords[] = {
    "january", "february", "march",     "april",    "may",      "june",
    "july",    "august",   "september", "october",  "november", "december",
    "jan",     "feb",      "mar",       "apr",      "jun",      "jul",
    "aug",     "sep",      "sept",      "oct",      "nov",      "dec",
    "monday",  "tuesday",  "wednesday", "thursday", "friday",   "saturday",
    "sunday",  "mon",      "tue",       "tues",     "wed",      "thu",
    "thurs",   "fri",      "sat",       "sun",      "mr",       "mrs",
    "ms",      "mx",       "dr",        "prof",     "sr",       "jr",
    "st"};

bool IsNeverNameWord(std::string_view word) {
  if (word.size() > 9) return false;
  for (std::string_view w : kNeverNameWords) {
    if (ascii::EqualsIgnoreCase(word, w)) return true;
  }
  return false;
}

// Lowercase particles that stand inside names between capitalised words.
constexpr std::string_view kConnectors[] = {"de", "van", "von", "da",  "del",
                                            "la", "le",  "der", "den", "di",
                                            "du", "dos", "das"};

bool IsConnector(std::string_view word) {
  return std::find(std::begin(kConnectors), std::end(kConnectors), word) !=
         std::end(kConnectors);
}

bool IsApostropheAt(std::string_view text, std::size_t pos,
                    std::size_t* length) {
  if (pos < text.size() && text[pos] == '\'') {
    *length = 1;
    return true;
  }
  if (text.substr(pos, 3) == "\xE2\x80\x99") {  // U+2019
    *length = 3;
    return true;
  }
  return false;
}

// Title Case: an uppercase letter first, at least two letters, at least one
// lowercase, never two capitals in a row; '-' or an apostrophe only between
// letters. "Mia", "McDonald", "Jean-Luc", "O'Neil", "Müller".
bool IsTitleWord(std::string_view word) {
  int letters = 0;
  bool any_lower = false;
  bool prev_upper = false;
  bool prev_letter = false;
  bool need_letter = false;  // after '-' or an apostrophe
  bool need_upper = false;   // after an apostrophe: "O'Neil", not "Mia's"
  for (std::size_t i = 0; i < word.size();) {
    std::size_t length = 1;
    const int cp = CodePointAt(word, i, &length);
    const LetterCase c = cp < 0 ? LetterCase::kNotLetter : CaseOf(cp);
    if (c == LetterCase::kNotLetter) {
      std::size_t apostrophe = 0;
      const bool joiner = cp == '-' || IsApostropheAt(word, i, &apostrophe);
      if (!joiner || !prev_letter) return false;
      need_upper = cp != '-';
      prev_letter = false;
      prev_upper = false;
      need_letter = true;
      i += length;
      continue;
    }
    if ((letters == 0 || need_upper) && c != LetterCase::kUpper) return false;
    need_upper = false;
    if (c == LetterCase::kUpper && prev_upper) return false;
    any_lower = any_lower || c == LetterCase::kLower;
    prev_upper = c == LetterCase::kUpper;
    prev_letter = true;
    need_letter = false;
    ++letters;
    i += length;
  }
  return letters >= 2 && any_lower && !need_letter;
}

// Whether a word, as a lookup in the list, is common: the whole word, or
// (for "Jean-Luc", "O'Neil") every part of two or more letters.
bool IsCommonNameWord(std::string_view word) {
  const LowerWord lower(word);
  if (!lower.ok()) return false;
  const std::string_view w = lower.view();
  if (IsCommonWord(w)) return true;
  if (w.find_first_of("-'\xE2") == std::string_view::npos) return false;
  int parts = 0;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= w.size(); ++i) {
    std::size_t apostrophe = 0;
    const bool boundary =
        i == w.size() || w[i] == '-' || IsApostropheAt(w, i, &apostrophe);
    if (!boundary) continue;
    const std::string_view part = w.substr(begin, i - begin);
    if (part.size() >= 2) {
      if (!IsCommonWord(part)) return false;
      ++parts;
    }
    begin = i + (apostrophe > 0 ? apostrophe : 1);
    if (apostrophe > 1) i += apostrophe - 1;
  }
  return parts > 0;
}

enum class WordKind { kNone, kTitle, kConnector };

// One word of a run: one token, or several joined by apostrophes ("O'Neil").
struct RunWord {
  std::size_t start = 0;  // the word without trailing punctuation
  std::size_t end = 0;
  TokenSpan last_token;  // the word's last token, as the tokenizer gave it
  int tokens = 1;
  bool ends_run = false;  // a '.' or ':' follows the word inside its token
  bool common = false;
  WordKind kind = WordKind::kNone;
};

// The word of token `span`: its letters, with a trailing '.' or ':' noted
// as ending the run and any other inner punctuation making it no word.
bool ReadWordToken(std::string_view text, TokenSpan span, std::size_t* end,
                   bool* ends_run) {
  std::size_t e = span.end;
  while (e > span.start && (text[e - 1] == '.' || text[e - 1] == ':')) --e;
  *ends_run = e != span.end;
  if (e == span.start) return false;
  for (std::size_t i = span.start; i < e; ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80 && !IsAsciiLetter(b) && b != '-') return false;
  }
  *end = e;
  return true;
}

RunWord ReadRunWord(std::string_view text, TokenSpan span) {
  RunWord w;
  w.start = span.start;
  w.last_token = span;
  if (!ReadWordToken(text, span, &w.end, &w.ends_run)) return w;
  // "O'Neil": the tokenizer splits at the apostrophe; a capital right after
  // it continues the word ("Mia's", "Don't" end at the apostrophe).
  for (int joins = 0; joins < 2 && !w.ends_run && w.end == span.end; ++joins) {
    std::size_t apostrophe = 0;
    if (!IsApostropheAt(text, w.end, &apostrophe)) break;
    std::size_t pos = w.end;
    TokenSpan next;
    if (!internal::NextToken(text, &pos, &next) ||
        next.start != w.end + apostrophe) {
      break;
    }
    std::size_t length = 1;
    const int cp = CodePointAt(text, next.start, &length);
    if (cp < 0 || CaseOf(cp) != LetterCase::kUpper) break;
    std::size_t next_end = 0;
    bool next_ends = false;
    if (!ReadWordToken(text, next, &next_end, &next_ends)) break;
    w.end = next_end;
    w.ends_run = next_ends;
    w.last_token = next;
    ++w.tokens;
    span = next;
  }
  const std::string_view word = text.substr(w.start, w.end - w.start);
  if (word.size() > kMaxWordBytes) return w;
  if (IsConnector(word)) {
    w.kind = WordKind::kConnector;
    w.common = true;
    return w;
  }
  if (IsTitleWord(word) && !IsNeverNameWord(word)) {
    w.kind = WordKind::kTitle;
    w.common = IsCommonNameWord(word);
  }
  return w;
}

bool IsWordByte(unsigned char b) {
  return b >= 0x80 || IsAsciiLetter(b) || b == '-' || b == '\'';
}

// The word that ends right before text[end], back to a separator. Returns
// false when it is glued to other token characters ("#Mia", "a.Mia").
bool WordBefore(std::string_view text, std::size_t end, std::size_t* start) {
  std::size_t b = end;
  while (b > 0 && IsWordByte(static_cast<unsigned char>(text[b - 1]))) --b;
  if (b == end) return false;
  if (b > 0) {
    const auto before = static_cast<unsigned char>(text[b - 1]);
    if (IsAsciiDigit(before) ||
        std::string_view(":_/.%+@#$").find(static_cast<char>(before)) !=
            std::string_view::npos) {
      return false;
    }
  }
  *start = b;
  return true;
}

// True when the token at `start` continues a run that began earlier: the
// tail of "O'Neil", or a word one space after a name word (through up to
// kMaxNameConnectors connectors). MatchName then reads nothing there.
bool ContinuesRun(std::string_view text, std::size_t start) {
  if (start == 0) return false;
  std::size_t apostrophe = 0;
  if (text[start - 1] == '\'') {
    apostrophe = 1;
  } else if (start >= 3 && text.substr(start - 3, 3) == "\xE2\x80\x99") {
    apostrophe = 3;
  }
  if (apostrophe > 0 && start > apostrophe) {
    const auto b = static_cast<unsigned char>(text[start - apostrophe - 1]);
    if (IsAsciiLetter(b) || b >= 0x80) return true;  // the tail of "O'Neil"
  }
  std::size_t end = start;
  for (int connectors = 0; connectors <= kMaxNameConnectors; ++connectors) {
    if (end < 2 || text[end - 1] != ' ') return false;
    std::size_t word_start = 0;
    if (!WordBefore(text, end - 1, &word_start)) return false;
    const std::string_view word = text.substr(word_start, end - 1 - word_start);
    if (IsConnector(word)) {
      end = word_start;
      continue;
    }
    return word.size() <= kMaxWordBytes && IsTitleWord(word) &&
           !IsNeverNameWord(word);
  }
  return false;
}

bool AtLineStart(std::string_view text, std::size_t pos) {
  while (pos > 0 && (text[pos - 1] == ' ' || text[pos - 1] == '\t')) --pos;
  return pos == 0 || text[pos - 1] == '\n' || text[pos - 1] == '\r';
}

// True when a sentence, list item, table cell or label value begins at pos.
bool IsSentenceInitial(std::string_view text, std::size_t pos) {
  std::size_t i = pos;
  while (i > 0) {
    const char c = text[i - 1];
    if (c == ' ' || c == '\t' || c == '*' || c == '_' || c == '"' ||
        c == '\'' || c == '(' || c == '[' || c == '#' || c == '>' || c == '`') {
      --i;
      continue;
    }
    if (i >= 3 && (text.substr(i - 3, 3) == "\xE2\x80\x9C" ||   // U+201C
                   text.substr(i - 3, 3) == "\xE2\x80\x98")) {  // U+2018
      i -= 3;
      continue;
    }
    break;
  }
  if (i == 0) return true;
  const char c = text[i - 1];
  switch (c) {
    case '.':
    case '!':
    case '?':
    case ':':
    case '|':
    case '\n':
    case '\r':
      return true;
    case '-':
    case '+':
      return AtLineStart(text, i - 1);
    case ')': {  // "1) Please ..."
      std::size_t k = i - 1;
      while (k > 0 && IsAsciiDigit(static_cast<unsigned char>(text[k - 1]))) {
        --k;
      }
      return k < i - 1 && AtLineStart(text, k);
    }
    default:
      break;
  }
  return i >= 3 && text.substr(i - 3, 3) == "\xE2\x80\xA2" &&  // U+2022 •
         AtLineStart(text, i - 3);
}

bool MayStartName(unsigned char b) {
  // ASCII capitals, and the lead bytes of Latin-1 (C3) and Latin
  // Extended-A (C4, C5) letters.
  return IsAsciiUpper(b) || b == 0xC3 || b == 0xC4 || b == 0xC5;
}

}  // namespace

namespace {

// The latest common-word look-ups of a thread, one per bucket of their
// hash: a text's words repeat ("the", "your", "flight"), and the memo stays
// in the first-level cache where the table (1 MiB of slots) does not.
// Words up to kMaxBytes long; trivially constructed, so a thread's memo
// needs no initialisation (a zero size is an empty entry).
struct CommonWordMemo {
  static constexpr std::size_t kEntries = 256;
  static constexpr std::size_t kMaxBytes = 14;
  struct Entry {
    std::uint32_t hash;
    std::uint8_t size;
    bool common;
    char bytes[kMaxBytes];
  };
  Entry entries[kEntries];
};

bool InCommonTable(std::string_view lowercase_word) {
  const std::uint32_t hash = WordHash(lowercase_word);
  const std::size_t size = lowercase_word.size();
  if (size == 0 || size > CommonWordMemo::kMaxBytes) {
    return InTable(internal::kCommonWordBlob, internal::kCommonWordSlots,
                   internal::kCommonWordSlotCount, lowercase_word, hash);
  }
  thread_local CommonWordMemo memo;
  CommonWordMemo::Entry& entry =
      memo.entries[(hash >> 8) % CommonWordMemo::kEntries];
  if (entry.size == size && entry.hash == hash &&
      std::memcmp(entry.bytes, lowercase_word.data(), size) == 0) {
    return entry.common;
  }
  const bool common =
      InTable(internal::kCommonWordBlob, internal::kCommonWordSlots,
              internal::kCommonWordSlotCount, lowercase_word, hash);
  entry.hash = hash;
  entry.size = static_cast<std::uint8_t>(size);
  entry.common = common;
  std::memcpy(entry.bytes, lowercase_word.data(), size);
  return common;
}

}  // namespace

bool IsCommonWord(std::string_view lowercase_word) {
  return InCommonTable(lowercase_word);
}

bool IsKnownProperNoun(std::string_view lowercase_word) {
  return InTable(internal::kProperNounBlob, internal::kProperNounSlots,
                 internal::kProperNounSlotCount, lowercase_word);
}

bool IsCapitalisedCommonWord(std::string_view lowercase_word) {
  return InTable(internal::kCapitalisedCommonBlob,
                 internal::kCapitalisedCommonSlots,
                 internal::kCapitalisedCommonSlotCount, lowercase_word);
}

namespace {

// The English names of ICU's regions, canonicalized as a name is: the whole
// name, and for "Myanmar (Burma)" each of the two.
absl::flat_hash_set<std::string> BuildCountryNames() {
  absl::flat_hash_set<std::string> names;
  auto add = [&](std::string_view display) {
    while (!display.empty() && display.back() == ' ') display.remove_suffix(1);
    if (display.empty()) return;
    std::string form = Canonicalize(display).form;
    if (!form.empty()) names.insert(std::move(form));
  };
  auto add_region = [&](const char* code) {
    icu::UnicodeString display;
    icu::Locale("", code).getDisplayCountry(icu::Locale::getEnglish(), display);
    std::string utf8;
    display.toUTF8String(utf8);
    if (utf8 == code) return;  // ICU has no name for it
    const std::size_t open = utf8.find(" (");
    if (open != std::string::npos && utf8.back() == ')') {
      add(std::string_view(utf8).substr(0, open));
      add(std::string_view(utf8).substr(open + 2, utf8.size() - open - 3));
    } else {
      add(utf8);
    }
  };
  for (const char* const* code = icu::Locale::getISOCountries();
       *code != nullptr; ++code) {
    add_region(*code);
  }
  add_region("XK");
  return names;
}

}  // namespace

// The English adjectives of nationality, lowercase and sorted: the
// adjective of a country or a people ("irish", "slovak", "dutch"), which
// the model knows without reading it.
constexpr std::string_view kNationalityAdjectives[] = {
    "afghan",        "albanian",    "algerian",    "american",    "andorran",
    "angolan",       "argentine",   "argentinian", "armenian",    "australian",
    "austrian",      "azerbaijani", "bahraini",    "bangladeshi", "belarusian",
    "belgian",       "beninese",    "bolivian",    "bosnian",     "brazilian",
    "british",       "bulgarian",   "burmese",     "burundian",   "cambodian",
    "cameroonian",   "canadian",    "chadian",     "chilean",     "chinese",
    "colombian",     "congolese",   "croatian",    "cuban",       "cypriot",
    "czech",         "danish",      "dominican",   "dutch",       "ecuadorian",
    "egyptian",      "emirati",     "english",     "eritrean",    "estonian",
    "ethiopian",     "fijian",      "filipino",    "finnish",     "french",
    "gabonese",      "georgian",    "german",      "ghanaian",    "greek",
    "guatemalan",    "guinean",     "haitian",     "honduran",    "hungarian",
    "icelandic",     "indian",      "indonesian",  "iranian",     "iraqi",
    "irish",         "israeli",     "italian",     "ivorian",     "jamaican",
    "japanese",      "jordanian",   "kazakh",      "kazakhstani", "kenyan",
    "korean",        "kosovar",     "kuwaiti",     "kyrgyz",      "laotian",
    "latvian",       "lebanese",    "liberian",    "libyan",      "lithuanian",
    "luxembourgish", "macedonian",  "malagasy",    "malawian",    "malaysian",
    "maldivian",     "malian",      "maltese",     "mauritanian", "mauritian",
    "mexican",       "moldovan",    "monegasque",  "mongolian",   "montenegrin",
    "moroccan",      "mozambican",  "namibian",    "nepalese",    "nicaraguan",
    "nigerian",      "nigerien",    "norwegian",   "omani",       "pakistani",
    "palestinian",   "panamanian",  "paraguayan",  "peruvian",    "polish",
    "portuguese",    "qatari",      "romanian",    "russian",     "rwandan",
    "salvadoran",    "saudi",       "scottish",    "senegalese",  "serbian",
    "singaporean",   "slovak",      "slovakian",   "slovene",     "slovenian",
    "somali",        "spanish",     "sudanese",    "surinamese",  "swedish",
    "swiss",         "syrian",      "taiwanese",   "tajik",       "tanzanian",
    "thai",          "togolese",    "tunisian",    "turkish",     "turkmen",
    "ugandan",       "ukrainian",   "uruguayan",   "uzbek",       "venezuelan",
    "vietnamese",    "welsh",       "yemeni",      "zambian",     "zimbabwean",
};

bool IsNationalityAdjective(std::string_view word) {
  const LowerWord lower(word);
  if (!lower.ok()) return false;
  return std::binary_search(std::begin(kNationalityAdjectives),
                            std::end(kNationalityAdjectives), lower.view());
}

bool IsCountryName(std::string_view canonical) {
  static const absl::flat_hash_set<std::string> kNames = BuildCountryNames();
  return kNames.contains(std::string(canonical));
}

std::size_t CommonWordCount() { return internal::kCommonWordCount; }
std::size_t KnownProperNounCount() { return internal::kProperNounCount; }
std::size_t CapitalisedCommonWordCount() {
  return internal::kCapitalisedCommonCount;
}

namespace {

// Words before "name" in a key that make it a person's name
// ("passenger_name", "first_name"), and keys that hold a person alone
// ("author", "attendees"); compared after NormalizedKey.
constexpr std::string_view kPersonNameParts[] = {
    "first",     "given",    "last",      "family",    "middle",    "sur",
    "full",      "maiden",   "patient",   "passenger", "contact",   "sender",
    "recipient", "author",   "player",    "attendee",  "owner",     "customer",
    "doctor",    "person",   "employee",  "member",    "organizer", "organiser",
    "guest",     "traveler", "traveller", "driver",    "assignee",  "reporter",
    "holder",    "manager"};
// Keys that hold a person without "name": a subset of the parts above.
constexpr std::string_view kPersonKeys[] = {
    "passenger", "sender",   "recipient", "author",    "attendee", "customer",
    "doctor",    "employee", "organizer", "organiser", "guest",    "traveler",
    "traveller", "driver",   "assignee",  "reporter",  "player",   "patient"};
// A key longer than this is no field name a person's name sits under.
constexpr std::size_t kMaxPersonKeyBytes = 48;

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

PersonNameKey ClassifyPersonNameKey(std::string_view key) {
  if (key.size() > kMaxPersonKeyBytes) return PersonNameKey::kNone;
  // Lowercase ASCII letters only: "first_name" = "firstName".
  char buffer[kMaxPersonKeyBytes];
  std::size_t n = 0;
  for (const char c : key) {
    const auto b = static_cast<unsigned char>(c);
    if (c == '_' || c == '-' || c == ' ') continue;
    if (!IsAsciiLetter(b)) return PersonNameKey::kNone;
    buffer[n++] = static_cast<char>(IsAsciiUpper(b) ? b + ('a' - 'A') : b);
  }
  std::string_view k(buffer, n);
  if (k == "email" || k == "emailaddress" || k == "mail") {
    return PersonNameKey::kEmail;
  }
  if (k == "name") return PersonNameKey::kBareName;
  if (EndsWith(k, "name")) {
    const std::string_view before = k.substr(0, k.size() - 4);
    for (const std::string_view part : kPersonNameParts) {
      if (EndsWith(before, part)) return PersonNameKey::kPerson;
    }
    return PersonNameKey::kNone;
  }
  if (EndsWith(k, "s")) k.remove_suffix(1);  // "attendees"
  for (const std::string_view person : kPersonKeys) {
    if (k == person) return PersonNameKey::kPerson;
  }
  return PersonNameKey::kNone;
}

std::optional<NameReading> MatchName(std::string_view text, TokenSpan first) {
  if (first.start >= first.end || first.end > text.size() ||
      !MayStartName(static_cast<unsigned char>(text[first.start]))) {
    return std::nullopt;
  }
  if (ContinuesRun(text, first.start)) return std::nullopt;

  // The run: Title Case words one space apart, connectors between them.
  std::array<RunWord, kMaxNameRunWords + kMaxNameConnectors> run;
  std::size_t count = 0;
  int titles = 0;
  RunWord word = ReadRunWord(text, first);
  if (word.kind != WordKind::kTitle) return std::nullopt;
  run[count++] = word;
  ++titles;
  int pending_connectors = 0;
  std::size_t kept = count;  // the run without trailing connectors
  while (!word.ends_run) {
    const std::size_t gap = word.last_token.end;
    std::size_t pos = gap;
    TokenSpan next;
    if (gap >= text.size() || text[gap] != ' ' ||
        !internal::NextToken(text, &pos, &next) || next.start != gap + 1) {
      break;
    }
    word = ReadRunWord(text, next);
    if (word.kind == WordKind::kConnector) {
      if (++pending_connectors > kMaxNameConnectors || word.ends_run) break;
      if (count == run.size()) return std::nullopt;  // a heading
      run[count++] = word;
      continue;
    }
    if (word.kind != WordKind::kTitle) break;
    if (titles == kMaxNameRunWords || count == run.size()) {
      return std::nullopt;  // a heading
    }
    pending_connectors = 0;
    run[count++] = word;
    kept = count;
    ++titles;
  }
  count = kept;

  // Trim from the front and the back; connectors never end a name.
  std::size_t lo = 0;
  std::size_t hi = count;
  auto drop_front = [&] {
    --titles;
    ++lo;
    while (lo < hi && run[lo].kind == WordKind::kConnector) ++lo;
  };
  auto drop_back = [&] {
    --titles;
    --hi;
    while (hi > lo && run[hi - 1].kind == WordKind::kConnector) --hi;
  };
  // An adjective of nationality that opens a name of more words ("Irish
  // Gaelic", "Slovak Extraliga") says what kind of name it is, as a
  // common word does: the words after it say which.
  if (count >= 2 && run[0].kind == WordKind::kTitle &&
      IsNationalityAdjective(
          text.substr(run[0].start, run[0].end - run[0].start))) {
    run[0].common = true;
  }
  // A run longer than a name is a Title Case heading: all its common words
  // at either end go ("Booking Summary For Mia Li" reads "Mia Li").
  const bool heading = titles > kMaxNameWords;
  bool dropped_initial = false;
  // First in a sentence, the capital says nothing: a common word goes.
  if (run[0].common && IsSentenceInitial(text, run[0].start)) {
    drop_front();
    dropped_initial = lo == 1 && !heading;
  }
  while (heading && lo < hi && (run[lo].common || run[hi - 1].common)) {
    if (run[lo].common) {
      drop_front();
    } else {
      drop_back();
    }
  }
  if (titles > kMaxNameWords) return std::nullopt;
  if (lo >= hi) return std::nullopt;
  bool uncommon = false;
  for (std::size_t i = lo; i < hi; ++i) uncommon = uncommon || !run[i].common;
  if (!uncommon) return std::nullopt;

  NameReading reading;
  reading.start = run[lo].start;
  reading.end = run[hi - 1].end;
  reading.tokens = 0;
  for (std::size_t i = 0; i < hi; ++i) reading.tokens += run[i].tokens;
  for (std::size_t i = lo; i < hi; ++i) {
    NameWord name_word;
    name_word.start = run[i].start;
    name_word.end = run[i].end;
    name_word.canonical =
        Canonicalize(text.substr(run[i].start, run[i].end - run[i].start)).form;
    name_word.common = run[i].common;
    name_word.connector = run[i].kind == WordKind::kConnector;
    reading.words.push_back(std::move(name_word));
  }
  reading.canonical =
      Canonicalize(text.substr(reading.start, reading.end - reading.start))
          .form;
  if (dropped_initial && lo < hi) {
    const std::string initial =
        Canonicalize(text.substr(run[0].start, run[0].end - run[0].start)).form;
    if (IsCapitalisedCommonWord(initial)) {
      reading.dropped_initial.start = run[0].start;
      reading.dropped_initial.end = run[0].end;
      reading.dropped_initial.canonical = initial;
      reading.dropped_initial.common = true;
    }
  }
  return reading;
}

void TakeBackDroppedInitial(std::string_view text, NameReading* name) {
  if (name->dropped_initial.canonical.empty()) return;
  name->start = name->dropped_initial.start;
  name->words.insert(name->words.begin(), std::move(name->dropped_initial));
  name->dropped_initial = NameWord();
  name->canonical =
      Canonicalize(text.substr(name->start, name->end - name->start)).form;
}

// --- markdown code spans ---------------------------------------------------

namespace {

// A word of a code span that is data: a digit, an identifier's shape, or
// a word the list does not hold.
bool IsDataWord(std::string_view word) {
  word = StripAllDecoration(word);
  if (word.empty()) return false;
  for (char c : word) {
    if (IsAsciiDigit(static_cast<unsigned char>(c))) return true;
  }
  if (IsDigitlessIdentifier(word)) return true;
  const LowerWord lower(word);
  if (!lower.ok()) return true;
  return !IsCommonWord(lower.view());
}

}  // namespace

std::optional<CodeSpanReading> MatchCodeSpan(std::string_view text,
                                             TokenSpan first) {
  if (first.start == 0 || first.start >= text.size() ||
      text[first.start - 1] != '`') {
    return std::nullopt;
  }
  const std::size_t opener = first.start - 1;
  if (opener > 0 && text[opener - 1] == '`') return std::nullopt;  // ``
  // The backtick opens a span only when an even number of backticks come
  // before it on its line (else it closes one).
  std::size_t line_start = opener;
  int backticks = 0;
  while (line_start > 0 && text[line_start - 1] != '\n') {
    if (text[line_start - 1] == '`') ++backticks;
    --line_start;
  }
  if (backticks % 2 != 0) return std::nullopt;
  std::size_t closer = first.start;
  while (closer < text.size() && text[closer] != '`') {
    if (text[closer] == '\n' || closer - first.start >= kMaxCodeSpanBytes) {
      return std::nullopt;
    }
    ++closer;
  }
  if (closer >= text.size()) return std::nullopt;
  if (closer + 1 < text.size() && text[closer + 1] == '`') return std::nullopt;
  std::size_t end = closer;
  while (end > first.start && text[end - 1] == ' ') --end;
  if (end == first.start) return std::nullopt;
  const std::string_view content = text.substr(first.start, end - first.start);
  // A span holding a byte that is not UTF-8 is no value of its own: the
  // tokenizer splits at that byte on the evidence side too, so the span
  // could never be found whole (found by fuzzing: law 1).
  for (std::size_t i = 0; i < content.size();) {
    std::size_t length = 0;
    if (DecodeUtf8(content, i, &length) < 0) return std::nullopt;
    i += length;
  }

  bool data = false;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= content.size() && !data; ++i) {
    if (i < content.size() && content[i] != ' ') continue;
    data = IsDataWord(content.substr(begin, i - begin));
    begin = i + 1;
  }
  if (!data) return std::nullopt;

  CodeSpanReading reading;
  reading.start = first.start;
  reading.end = end;
  reading.tokens = 0;
  std::size_t pos = first.start;
  TokenSpan token;
  TokenSpan only;
  while (internal::NextToken(text, &pos, &token) && token.start < closer) {
    if (++reading.tokens == 1) only = token;
  }
  // One token inside ("`b6*`", "`ORD-1`"): the value is that token, as the
  // evidence side indexes it; the markdown around it ('*' of emphasis) is
  // no part of it (found by fuzzing: law 1).
  reading.canonical =
      Canonicalize(reading.tokens == 1
                       ? text.substr(only.start, only.end - only.start)
                       : content)
          .form;
  if (reading.canonical.empty()) return std::nullopt;
  return reading;
}

}  // namespace groundgate::evidence
