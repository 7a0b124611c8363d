// tests/evidence/names_test.cc — values without digits: names, identifiers,
// code spans.
//
// Its one job: pin the answer-side readers of evidence/names.h. The word
// list says what is common (IsCommonWord) and what only a capital spells
// (IsKnownProperNoun); MatchName reads each Title Case run once, drops a
// common sentence-initial word and keeps the run only when one word is not
// common; ReadDigitlessIdentifier tells data shapes (`esxi-host-alpha`,
// `gift_card`, emails, URLs, hostnames) from prose (`follow-up`, "e.g.");
// MatchCodeSpan reads a code span unless every word in it is common.
//
// What it does NOT do: look values up in a corpus (judge_test.cc) or pin
// the digit rule (extractor_test.cc).
#include "evidence/names.h"

#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/tokenizer.h"
#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

// Every name MatchName reads in `text`, calling it at every token as a
// careless caller would: a run is read once, at its first token.
std::vector<std::string> NamesIn(std::string_view text) {
  std::vector<std::string> names;
  ForEachToken(text, [&](TokenSpan token) {
    if (std::optional<NameReading> name = MatchName(text, token)) {
      names.push_back(name->canonical);
      CHECK(text.substr(name->start, name->end - name->start).size() ==
            name->canonical.size());
    }
    return true;
  });
  return names;
}

// A text and the names MatchName reads in it (their canonical forms), in
// order.
struct NamesCase {
  std::string_view text;
  std::vector<std::string> names;
};

// NamesIn each row's text, one SUBCASE a row.
void CheckNamesIn(std::span<const NamesCase> cases,
                  int line = __builtin_LINE()) {
  ForEachCase(
      cases, [](const NamesCase& c) { CHECK(NamesIn(c.text) == c.names); },
      line);
}

// Every code span MatchCodeSpan reads in `text`.
std::vector<std::string> CodeSpansIn(std::string_view text) {
  std::vector<std::string> spans;
  ForEachToken(text, [&](TokenSpan token) {
    if (std::optional<CodeSpanReading> span = MatchCodeSpan(text, token)) {
      spans.push_back(span->canonical);
    }
    return true;
  });
  return spans;
}

TEST_CASE("names: the list tells common words from proper nouns") {
  CHECK(CommonWordCount() > 50000);
  CHECK(KnownProperNounCount() > 5000);
  struct Case {
    std::string_view word;
    bool common;
    bool proper;
  };
  const Case cases[] = {
      {"meeting", true, false},   {"business", true, false},
      {"smith", true, false},     {"john", true, false},
      {"please", true, false},    {"hilton", false, true},
      {"mia", false, true},       {"li", false, true},
      {"beethoven", false, true}, {"quenby", false, false},
      {"rossi", false, false},    {"york", false, true},
      {"dvorák", false, true},    {"", false, false},
      {"Meeting", false, false},  // callers pass lowercase
  };
  ForEachCase(cases, [&](const Case& c) {
    CAPTURE(c.word);
    CHECK(IsCommonWord(c.word) == c.common);
    CHECK(IsKnownProperNoun(c.word) == c.proper);
  });
}

TEST_CASE("names: the word lists hold both spellings of a common word") {
  // wamerican and wbritish are embedded together: a British answer writes
  // the same words as an American one, regular respellings and irregular
  // ones alike.
  for (const std::string_view word :
       {"centre",    "metres",    "colour",       "colours",   "honour",
        "favourite", "behaviour", "organisation", "summarise", "analyse",
        "catalogue", "defence",   "travelled",    "labelling", "programme",
        "tyre",      "cheque",    "aluminium",    "jewellery", "color",
        "center"}) {
    CAPTURE(word);
    CHECK(IsCommonWord(word));
  }
  // Proper nouns and made-up words stay what they were.
  for (const std::string_view word :
       {"quenbise", "quenbour", "hilton", "Colour", ""}) {
    CAPTURE(word);
    CHECK_FALSE(IsCommonWord(word));
  }
  CHECK(IsKnownProperNoun("hilton"));
}

TEST_CASE("names: a British spelling is a common word, in a name or not") {
  const NamesCase cases[] = {
      {"Summarise the article Quenby posted.", {"quenby"}},
      {"1. Summarise the article.", {}},
      {"Colour Quenby is here.", {"quenby"}},
      {"Pick a Colour Scheme you like, for Honour and your favourite team.",
       {}},
      {"Data from the Centre for Disease Control.", {}},
      // A name with a word the lists do not know is still a name, its
      // British word included.
      {"They met at the Scotiabank Centre.", {"scotiabank centre"}},
      {"Goals from Jake Quenbour.", {"jake quenbour"}},
  };
  CheckNamesIn(cases);
}

TEST_CASE("names: ICU's English names of countries") {
  for (const std::string_view name :
       {"kosovo", "burkina faso", "united states", "myanmar", "burma",
        "curaçao", "germany"}) {
    CAPTURE(name);
    CHECK(IsCountryName(name));
  }
  for (const std::string_view name :
       {"", "xk", "kosova", "burkina", "catalonia", "Germany",
        "myanmar burma"}) {
    CAPTURE(name);
    CHECK_FALSE(IsCountryName(name));
  }
}

TEST_CASE("names: English adjectives of nationality") {
  for (const std::string_view word :
       {"Irish", "irish", "SLOVAK", "Dutch", "American", "Kazakh", "Welsh"}) {
    CAPTURE(word);
    CHECK(IsNationalityAdjective(word));
  }
  for (const std::string_view word :
       {"", "Ireland", "Slovakia", "Gaelic", "Irishman", "Extraliga", "ice"}) {
    CAPTURE(word);
    CHECK_FALSE(IsNationalityAdjective(word));
  }
  // Opening a name of more words, it is read as a common word: the name
  // stays whole, and the words after it say which name it is.
  const std::string_view text = "He plays Irish Gaelic football.";
  std::optional<NameReading> name;
  ForEachToken(text, [&](TokenSpan token) {
    if (!name.has_value()) name = MatchName(text, token);
    return true;
  });
  REQUIRE(name.has_value());
  CHECK(name->canonical == "irish gaelic");
  REQUIRE(name->words.size() == 2);
  CHECK(name->words[0].common);
  CHECK_FALSE(name->words[1].common);
  // A name it closes keeps it as a name word.
  const std::string_view person = "The chef is Mia Irish.";
  name.reset();
  ForEachToken(person, [&](TokenSpan token) {
    if (!name.has_value()) name = MatchName(person, token);
    return true;
  });
  REQUIRE(name.has_value());
  REQUIRE(name->words.size() == 2);
  CHECK_FALSE(name->words[1].common);
}

TEST_CASE("names: a Title Case run with an uncommon word is one name") {
  const NamesCase cases[] = {
      {"Your reservation for Mia Li at the Hilton", {"mia li", "hilton"}},
      {"Flight HAT083 from New York (JFK)", {"new york"}},
      {"Thank you, Noah Muller.", {"noah muller"}},
      {"**Name:** Yusuf Rossi", {"yusuf rossi"}},
      {"The New York Yankees played", {"new york yankees"}},
      {"I spoke to Ludwig van Beethoven yesterday", {"ludwig van beethoven"}},
      {"Guest: Guillermo de la Cruz", {"guillermo de la cruz"}},
      {"Ask Jean-Luc Picard", {"jean-luc picard"}},
      {"The driver is Sean O'Neil now", {"sean o'neil"}},
      {"The driver is Sean O\u2019Neil now", {"sean o\u2019neil"}},
      {"Booked for José Müller and Łukasz Nowak",
       {"josé müller", "łukasz nowak"}},
      {"We met Quenby.", {"quenby"}},
      {"Your room at the Hotel Hilton is ready", {"hotel hilton"}},
      {"Mia's booking is confirmed", {"mia"}},
      {"Dr. Mia Li will call", {"mia li"}},
      {"Mr Quenby called", {"quenby"}},
      {"- Noah Muller\n- Yusuf Rossi", {"noah muller", "yusuf rossi"}},
      {"| Mia Li | Hilton |", {"mia li", "hilton"}},
      {"Order from McDonald today", {"mcdonald"}},
  };
  CheckNamesIn(cases);
}

TEST_CASE("names: prose of common words holds no name") {
  const std::string_view cases[] = {
      "Meeting with John",  // "john" is in the list in lowercase
      "Unfortunately, the flight is full.",
      "Sure, I can help with that.",
      "Here is the summary of your booking.",
      "Please contact support.",
      "Please Contact Customer Service",
      "The Grand Hotel is open.",
      "I am happy to help. Thank you!",
      "Your booking on Monday, May 22 is confirmed",
      "Hello Mr Smith",
      "A room is ready",
      "We saw Smith",
      "Jan 5 works",
      "the JFK airport and the HAT083 flight",
      "",
  };
  for (std::string_view text : cases) {
    CAPTURE(text);
    CHECK(NamesIn(text).empty());
  }
}

TEST_CASE("names: a sentence-initial common word is dropped, not elsewhere") {
  const NamesCase cases[] = {
      {"Please Mia Li call back", {"mia li"}},
      {"Dear Noah Muller,", {"noah muller"}},
      {"Done. Welcome Quenby", {"quenby"}},
      {"1. Hotel Hilton", {"hilton"}},
      {"* Hotel Hilton", {"hilton"}},
      {"Stay at the Hotel Hilton", {"hotel hilton"}},
      {"\"Hotel Hilton\" it is", {"hilton"}},
  };
  CheckNamesIn(cases);
}

TEST_CASE("names: words, spans and tokens of a reading") {
  const std::string_view text = "The New York Yankees played";
  const std::vector<TokenSpan> tokens = Tokenize(text);
  std::optional<NameReading> name = MatchName(text, tokens[0]);
  REQUIRE(name.has_value());
  CHECK(text.substr(name->start, name->end - name->start) ==
        "New York Yankees");
  CHECK(name->tokens == 4);  // "The" is dropped but spanned
  REQUIRE(name->words.size() == 3);
  CHECK(name->words[0].canonical == "new");
  CHECK(name->words[0].common);
  CHECK(name->words[1].canonical == "york");
  CHECK_FALSE(name->words[1].common);
  CHECK(name->words[2].canonical == "yankees");
  // Called inside the run, nothing: the run was read at its start.
  CHECK_FALSE(MatchName(text, tokens[1]).has_value());
  CHECK_FALSE(MatchName(text, tokens[2]).has_value());

  const std::string_view beethoven = "by Ludwig van Beethoven.";
  const std::vector<TokenSpan> b = Tokenize(beethoven);
  name = MatchName(beethoven, b[1]);
  REQUIRE(name.has_value());
  CHECK(name->tokens == 3);
  REQUIRE(name->words.size() == 3);
  CHECK(name->words[1].connector);
  CHECK(name->words[2].canonical == "beethoven");
  CHECK(name->end == beethoven.size() - 1);  // the '.' is not the name's
  CHECK_FALSE(MatchName(beethoven, b[3]).has_value());
}

TEST_CASE("names: words that never make a name end the run") {
  const NamesCase cases[] = {
      {"On Monday Noah Muller called", {"noah muller"}},
      {"Noah Muller Monday", {"noah muller"}},
      {"Mia Li and I met", {"mia li"}},
      {"Mia  Li", {"mia", "li"}},  // two spaces: two names
      {"Mia\nLi", {"mia", "li"}},  // a newline ends the name
      {"Hilton, Quenby", {"hilton", "quenby"}},
      {"Yusuf van", {"yusuf"}},     // a connector never ends a name
      {"MIA LI at HILTON", {}},     // ALL-CAPS is not read here
      {"#Hilton and @Quenby", {}},  // tags and handles are not names
      {"Mia2 Li3", {}},
  };
  CheckNamesIn(cases);
}

TEST_CASE("names: a long Title Case heading keeps only its name") {
  CHECK(NamesIn("Booking Summary For Mia Li") ==
        std::vector<std::string>{"mia li"});
  CHECK(NamesIn("Mia Li Booking Confirmation Details") ==
        std::vector<std::string>{"mia li"});
  // Five uncommon words in a row: no name of at most kMaxNameWords.
  CHECK(NamesIn("Quenby Rossi Yusuf Muller Hilton").empty());
  // A run past kMaxNameRunWords is a heading, dropped whole.
  CHECK(NamesIn("The Very Long Title Of This Great Big Report About "
                "Things Mia Li Quenby Rossi")
            .empty());
}

TEST_CASE("names: digitless identifiers are data, hyphenated prose is not") {
  struct Case {
    std::string_view token;
    std::optional<std::string> canonical;
  };
  const Case cases[] = {
      {"esxi-host-alpha", "esxi-host-alpha"},
      {"`esxi-host-alpha`", "esxi-host-alpha"},
      {"**esxi-host-alpha**", "esxi-host-alpha"},
      {"state-of-the-art", std::nullopt},
      {"follow-up", std::nullopt},
      {"non-refundable", std::nullopt},
      {"e-mail", std::nullopt},
      {"check-in", std::nullopt},
      {"round-trip", std::nullopt},
      {"Wi-Fi", std::nullopt},
      {"pre-approved", std::nullopt},
      {"well-known.", std::nullopt},
      {"payment_method", "payment_method"},
      {"gift_card", "gift_card"},
      {"getRefundableOrderList", "getrefundableorderlist"},
      {"macAddress", "macaddress"},
      {"iPhone", std::nullopt},  // the list holds it: a known name
      {"eBay", std::nullopt},
      {"mia.li@example.com", "mia.li@example.com"},
      {"https://example.com/x", "https://example.com/x"},
      {"www.example.com", "www.example.com"},
      {"api.example.com", "api.example.com"},
      {"example.com.", "example.com"},
      {"config.yaml", "config.yaml"},
      {"/var/log/syslog", "/var/log/syslog"},
      {"iam:PassRole", "iam:passrole"},
      {"e.g.", std::nullopt},
      {"i.e.,", std::nullopt},
      {"U.S.", std::nullopt},
      {"U.S.A.", std::nullopt},
      {"Ph.D.", std::nullopt},
      {"and/or", std::nullopt},
      {"Note:", std::nullopt},
      {"Name:Value", std::nullopt},
      {"hello", std::nullopt},
      {"Hilton", std::nullopt},
      {"esxi-host-01", std::nullopt},  // a digit: the ordinary rule's
      {"", std::nullopt},
      {"**", std::nullopt},
  };
  ForEachCase(cases, [&](const Case& c) {
    CAPTURE(c.token);
    CHECK(ReadDigitlessIdentifier(c.token) == c.canonical);
  });
}

TEST_CASE("names: a code span is a value unless all its words are common") {
  struct Case {
    std::string_view text;
    std::vector<std::string> spans;
  };
  const Case cases[] = {
      {"Use `esxi-host-alpha` now", {"esxi-host-alpha"}},
      {"Set `payment_method` to `gift_card`.", {"payment_method", "gift_card"}},
      {"Run `kubectl get pods`", {"kubectl get pods"}},
      {"It is `true`", {}},
      {"status `pending` or `in progress`", {}},
      {"The `Quenby` account", {"quenby"}},
      {"port `fc1/3`", {"fc1/3"}},
      {"`a` b `c`", {}},             // single letters; "b" is not a span
      {"open `quenby\nrossi`", {}},  // a newline: no span
      {"``quenby``", {}},            // double backticks are not read
      {"no closing `quenby", {}},
      {"ho`b\xff`bo", {}},  // not UTF-8: not a span (the tokens are read)
  };
  ForEachCase(cases,
              [&](const Case& c) { CHECK(CodeSpansIn(c.text) == c.spans); });
  const std::string long_span =
      "`" + std::string(kMaxCodeSpanBytes + 1, 'q') + "`";
  CHECK(CodeSpansIn(long_span).empty());
  const std::string max_span = "`" + std::string(kMaxCodeSpanBytes, 'q') + "`";
  CHECK(CodeSpansIn(max_span).size() == 1);

  const std::string_view text = "Run `kubectl get pods` now";
  const std::vector<TokenSpan> tokens = Tokenize(text);
  std::optional<CodeSpanReading> span = MatchCodeSpan(text, tokens[1]);
  REQUIRE(span.has_value());
  CHECK(span->tokens == 3);
  CHECK(text.substr(span->start, span->end - span->start) ==
        "kubectl get pods");
  CHECK_FALSE(MatchCodeSpan(text, tokens[2]).has_value());
}

TEST_CASE("names: common words the list also spells capitalised") {
  CHECK(CapitalisedCommonWordCount() > 500);
  struct Case {
    std::string_view word;
    bool both;
  };
  const Case cases[] = {
      {"mason", true},   {"grace", true},   {"john", true},
      {"baker", true},   {"please", false},  // lowercase only
      {"hotel", false},  {"mia", false},     // capitalised only
      {"quenby", false}, {"", false},
  };
  ForEachCase(cases, [&](const Case& c) {
    CAPTURE(c.word);
    CHECK(IsCapitalisedCommonWord(c.word) == c.both);
  });
}

TEST_CASE("names: a dropped first word that may be a given name is kept") {
  struct Case {
    std::string_view text;
    std::string_view name;   // what MatchName reads
    std::string_view taken;  // after TakeBackDroppedInitial
  };
  const Case cases[] = {
      // "Mason" is common, and the list spells it capitalised too.
      {"**Passenger:** Mason Li", "li", "mason li"},
      {"Grace Li is on the booking.", "li", "grace li"},
      // "Please" and "Dear" the list spells in lowercase only.
      {"Please Mia Li call back", "mia li", "mia li"},
      {"Dear Noah Muller,", "noah muller", "noah muller"},
      // Not sentence-initial: nothing was dropped.
      {"upgrading Noah Nguyen to business", "noah nguyen", "noah nguyen"},
  };
  ForEachCase(cases, [&](const Case& c) {
    std::optional<NameReading> name;
    ForEachToken(c.text, [&](TokenSpan token) {
      if (!name.has_value()) name = MatchName(c.text, token);
      return true;
    });
    REQUIRE(name.has_value());
    CHECK(name->canonical == c.name);
    TakeBackDroppedInitial(c.text, &*name);
    CHECK(name->canonical == c.taken);
    CHECK(c.text.substr(name->start, name->end - name->start).size() ==
          c.taken.size());
    CHECK(name->words.front().canonical ==
          c.taken.substr(0, c.taken.find(' ')));
    CHECK(name->dropped_initial.canonical.empty());
  });
}

TEST_CASE("names: which JSON keys hold a person's name") {
  struct Case {
    std::string_view key;
    PersonNameKey kind;
  };
  const Case cases[] = {
      {"first_name", PersonNameKey::kPerson},
      {"lastName", PersonNameKey::kPerson},
      {"Family Name", PersonNameKey::kPerson},
      {"surname", PersonNameKey::kPerson},
      {"passenger_name", PersonNameKey::kPerson},
      {"patient_name", PersonNameKey::kPerson},
      {"cardholder_name", PersonNameKey::kPerson},
      {"full_name", PersonNameKey::kPerson},
      {"author", PersonNameKey::kPerson},
      {"attendees", PersonNameKey::kPerson},
      {"name", PersonNameKey::kBareName},
      {"Name", PersonNameKey::kBareName},
      {"email", PersonNameKey::kEmail},
      {"email_address", PersonNameKey::kEmail},
      {"e-mail", PersonNameKey::kEmail},
      // A handle or a thing, not a person's name.
      {"username", PersonNameKey::kNone},
      {"user_name", PersonNameKey::kNone},
      {"display_name", PersonNameKey::kNone},
      {"hotel_name", PersonNameKey::kNone},
      {"api_name", PersonNameKey::kNone},
      {"filename", PersonNameKey::kNone},
      {"shortName", PersonNameKey::kNone},
      {"city", PersonNameKey::kNone},
      {"first_name2", PersonNameKey::kNone},
      {"", PersonNameKey::kNone},
  };
  ForEachCase(cases, [&](const Case& c) {
    CAPTURE(c.key);
    CHECK(static_cast<int>(ClassifyPersonNameKey(c.key)) ==
          static_cast<int>(c.kind));
  });
}

TEST_CASE("names: lookups are fast enough for every answer token") {
  // Not a benchmark: a guard that a lookup stays a hash probe (well
  // under a microsecond), not a scan of the list.
  const std::string_view words[] = {"meeting", "hilton", "quenby", "smith"};
  const auto begin = std::chrono::steady_clock::now();
  int hits = 0;
  for (int i = 0; i < 100000; ++i) {
    hits += IsCommonWord(words[i % 4]) ? 1 : 0;
  }
  const auto elapsed = std::chrono::steady_clock::now() - begin;
  CHECK(hits == 50000);
  CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() <
        500);
}

}  // namespace
}  // namespace groundgate::evidence
