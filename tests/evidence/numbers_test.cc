// tests/evidence/numbers_test.cc — MatchNumber: numbers as humans spell them.
//
// Pins what each spelling reads to (value, step, kind, currency, the
// alternative reading, the span and the tokens it covers): grouping of
// other locales, scale suffixes and words, money, percent, signs, English
// words; what must not be read at all (dates, identifiers, versions, units,
// phone numbers); and that no input crashes or reads past the text. It
// does not test whether a reading is a candidate or grounded (the judge's
// suites do).
#include "evidence/numbers.h"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "evidence/tokenizer.h"
#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

using Kind = NumberReading::Kind;

// Reads at the token-th token of `text`.
std::optional<NumberReading> ReadAt(std::string_view text, int token = 0) {
  const std::vector<TokenSpan> tokens = Tokenize(text);
  REQUIRE(token < static_cast<int>(tokens.size()));
  return MatchNumber(text, tokens[static_cast<std::size_t>(token)]);
}

struct Case {
  std::string_view text;
  std::string_view value;
  std::string_view step;
  Kind kind = Kind::kPlain;
  std::string_view currency = {};
  std::string_view span = {};  // the text of [start, end); empty: all
  int tokens = 1;
  std::string_view alternative = {};
  std::string_view alternative_step = {};
  int token = 0;  // which token to start at
};

void Check(const Case& c) {
  CAPTURE(c.text);
  const std::optional<NumberReading> r = ReadAt(c.text, c.token);
  REQUIRE(r.has_value());
  CHECK(r->value == c.value);
  CHECK(r->step == c.step);
  CHECK(r->kind == c.kind);
  CHECK(r->currency == c.currency);
  CHECK(r->alternative == c.alternative);
  CHECK(r->alternative_step == c.alternative_step);
  CHECK(r->tokens == c.tokens);
  REQUIRE(r->start <= r->end);
  REQUIRE(r->end <= c.text.size());
  const std::string_view span = c.text.substr(r->start, r->end - r->start);
  CHECK(span == (c.span.empty() ? c.text : c.span));
}

TEST_SUITE("numbers") {
  TEST_CASE("numbers: plain numbers read exactly, with the step they show") {
    const Case kCases[] = {
        {"41,200", "41200", "1"},
        {"41200", "41200", "1"},
        {"1234.50", "1234.5", "0.01"},
        {"51.94", "51.94", "0.01"},
        {"1,234,567.5", "1234567.5", "0.1"},
        {"1,23,456", "123456", "1"},  // Indian grouping
        {"007", "007", "1"},          // leading zeros kept, as canonical.h
        {"0.5", "0.5", "0.1"},
        {"41,200.", "41200", "1", Kind::kPlain, {}, "41,200"},
        {"total: 17,350 errors",
         "17350",
         "1",
         Kind::kPlain,
         {},
         "17,350",
         1,
         {},
         {},
         1},
        {"**41,200**", "41200", "1", Kind::kPlain, {}, "41,200"},
    };
    ForEachCase(kCases, Check);
  }

  TEST_CASE("numbers: a minus sign makes the value negative") {
    const Case kCases[] = {
        {"-6594", "-6594", "1", Kind::kPlain},
        {"\xE2\x88\x92"
         "6594",
         "-6594", "1"},  // U+2212, which the tokenizer drops
        {"-0", "0", "1"},
        {"-$20", "-20", "1", Kind::kMoney, "USD"},
        {"$-20", "-20", "1", Kind::kMoney, "USD"},
        {"-\xE2\x82\xAC"
         "5",
         "-5", "1", Kind::kMoney, "EUR"},
        {"\xE2\x88\x92$20", "-20", "1", Kind::kMoney, "USD"},
        {"USD -20", "-20", "1", Kind::kMoney, "USD", {}, 2},
    };
    ForEachCase(kCases, Check);
    const std::optional<NumberReading> r = ReadAt("-6594");
    REQUIRE(r.has_value());
    CHECK(r->negative);
    CHECK_FALSE(ReadAt("6594")->negative);
  }

  TEST_CASE("numbers: a minus between two numbers is subtraction, not sign") {
    const std::optional<NumberReading> r = ReadAt(
        "3\xE2\x88\x92"
        "5",
        1);
    REQUIRE(r.has_value());
    CHECK(r->value == "5");
    CHECK_FALSE(r->negative);
  }

  TEST_CASE("numbers: accounting parentheses give the negative alternative") {
    const Case kCases[] = {
        {"(1,234.50)",
         "1234.5",
         "0.01",
         Kind::kPlain,
         {},
         "1,234.50",
         1,
         "-1234.5",
         "0.01"},
        {"($20)", "20", "1", Kind::kMoney, "USD", "$20", 1, "-20", "1"},
        // Not both: a parenthesized negative stays negative.
        {"(-20)", "-20", "1", Kind::kPlain, {}, "-20"},
    };
    ForEachCase(kCases, Check);
    CHECK_FALSE(ReadAt("(20")->alternative.size() > 0);
  }

  TEST_CASE("numbers: money before or after, symbols, codes and words") {
    const Case kCases[] = {
        {"$1,234.50", "1234.5", "0.01", Kind::kMoney, "USD"},
        {"$50", "50", "1", Kind::kMoney, "USD"},
        {"$5", "5", "1", Kind::kMoney, "USD"},
        {"US$5", "5", "1", Kind::kMoney, "USD"},
        {"US$ 5", "5", "1", Kind::kMoney, "USD", {}, 2},
        {"A$12", "12", "1", Kind::kMoney, "AUD"},
        {"HK$1,000", "1000", "1", Kind::kMoney, "HKD"},
        {"\xE2\x82\xAC"
         "5",
         "5", "1", Kind::kMoney, "EUR"},
        {"\xE2\x82\xAC 5", "5", "1", Kind::kMoney, "EUR"},
        {"5 \xE2\x82\xAC", "5", "1", Kind::kMoney, "EUR"},
        {"5\xE2\x82\xAC", "5", "1", Kind::kMoney, "EUR"},
        {"\xC2\xA3"
         "3.50",
         "3.5", "0.01", Kind::kMoney, "GBP"},
        {"\xC2\xA5"
         "500",
         "500", "1", Kind::kMoney, "JPY"},
        {"\xE2\x82\xB9"
         "1,23,456",
         "123456", "1", Kind::kMoney, "INR"},
        {"USD 890,000,000", "890000000", "1", Kind::kMoney, "USD", {}, 2},
        {"890 USD", "890", "1", Kind::kMoney, "USD", {}, 2},
        {"890USD", "890", "1", Kind::kMoney, "USD"},
        {"EUR5", "5", "1", Kind::kMoney, "EUR"},
        {"EUR\xC2\xA0"
         "5",
         "5",
         "1",
         Kind::kMoney,
         "EUR",
         {},
         2},
        {"50 dollars", "50", "1", Kind::kMoney, "USD", {}, 2},
        {"20 euros.", "20", "1", Kind::kMoney, "EUR", "20 euros", 2},
        {"1 Dollar", "1", "1", Kind::kMoney, "USD", {}, 2},
        {"paid \xE2\x82\xAC"
         "5 today",
         "5",
         "1",
         Kind::kMoney,
         "EUR",
         "\xE2\x82\xAC"
         "5",
         1,
         {},
         {},
         1},
    };
    ForEachCase(kCases, Check);
  }

  TEST_CASE("numbers: a symbol a digit follows belongs to the next number") {
    const std::string_view text =
        "5 \xE2\x82\xAC"
        "10";
    const std::optional<NumberReading> first = ReadAt(text);
    REQUIRE(first.has_value());
    CHECK(first->kind == Kind::kPlain);
    const std::optional<NumberReading> second = ReadAt(text, 1);
    REQUIRE(second.has_value());
    CHECK(second->value == "10");
    CHECK(second->currency == "EUR");
    // A glued symbol is the number's before it.
    const std::string_view glued = "5\xE2\x82\xAC 10\xE2\x82\xAC";
    CHECK(ReadAt(glued)->currency == "EUR");
    CHECK(ReadAt(glued, 1)->currency == "EUR");
    CHECK(ReadAt(glued, 1)->start == 5);  // the "10", not the € before
    CHECK(ReadAt("5\xE2\x82\xAC"
                 "10",
                 1)
              ->kind == Kind::kPlain);
  }

  TEST_CASE("numbers: scale suffixes and words shift the decimal point") {
    const Case kCases[] = {
        {"1.2M", "1200000", "100000", Kind::kPlain},
        {"41.2k", "41200", "100"},
        {"500K", "500000", "1000"},
        {"12.5K", "12500", "100"},
        {"5bn", "5000000000", "1000000000"},
        {"0.5M", "500000", "100000"},
        {"1.2 million", "1200000", "100000", Kind::kPlain, {}, {}, 2},
        {"3 billion", "3000000000", "1000000000", Kind::kPlain, {}, {}, 2},
        {"1,200 million", "1200000000", "1000000", Kind::kPlain, {}, {}, 2},
        {"2 trillion",
         "2000000000000",
         "1000000000000",
         Kind::kPlain,
         {},
         {},
         2},
        {"41 thousand", "41000", "1000", Kind::kPlain, {}, {}, 2},
        {"3 lakh", "300000", "100000", Kind::kPlain, {}, {}, 2},
        {"2.5 crore", "25000000", "1000000", Kind::kPlain, {}, {}, 2},
        {"$1.2M", "1200000", "100000", Kind::kMoney, "USD"},
        {"$2B", "2000000000", "1000000000", Kind::kMoney, "USD"},
        {"$12K", "12000", "1000", Kind::kMoney, "USD"},
        {"$5m", "5000000", "1000000", Kind::kMoney, "USD"},
        {"$1.5T", "1500000000000", "100000000000", Kind::kMoney, "USD"},
        {"$3 billion", "3000000000", "1000000000", Kind::kMoney, "USD", {}, 2},
        {"3 billion dollars",
         "3000000000",
         "1000000000",
         Kind::kMoney,
         "USD",
         {},
         3},
        {"-1.2M", "-1200000", "100000"},
    };
    ForEachCase(kCases, Check);
    CHECK(ReadAt("1.2M")->scaled);
    CHECK(ReadAt("3 billion")->scaled);
    CHECK_FALSE(ReadAt("3")->scaled);
  }

  TEST_CASE("numbers: percent is a ratio, the number as written the other") {
    const Case kCases[] = {
        {"12%", "0.12", "0.01", Kind::kPercent, {}, {}, 1, "12", "1"},
        {"12.5 %", "0.125", "0.001", Kind::kPercent, {}, {}, 1, "12.5", "0.1"},
        {"12\xC2\xA0%", "0.12", "0.01", Kind::kPercent, {}, {}, 1, "12", "1"},
        {"12 percent", "0.12", "0.01", Kind::kPercent, {}, {}, 2, "12", "1"},
        {"12 per cent", "0.12", "0.01", Kind::kPercent, {}, {}, 3, "12", "1"},
        {"150%", "1.5", "0.01", Kind::kPercent, {}, {}, 1, "150", "1"},
        {"-5%", "-0.05", "0.01", Kind::kPercent, {}, {}, 1, "-5", "1"},
        {"0.5%", "0.005", "0.001", Kind::kPercent, {}, {}, 1, "0.5", "0.1"},
        {"12%.", "0.12", "0.01", Kind::kPercent, {}, "12%", 1, "12", "1"},
    };
    ForEachCase(kCases, Check);
  }

  TEST_CASE("numbers: other locales' grouping") {
    const Case kCases[] = {
        // One dot and three digits: 41.2, or 41200 in German grouping.
        {"41.200", "41.2", "0.001", Kind::kPlain, {}, {}, 1, "41200", "1"},
        {"1.000", "1", "0.001", Kind::kPlain, {}, {}, 1, "1000", "1"},
        {"\xE2\x82\xAC"
         "41.200",
         "41.2",
         "0.001",
         Kind::kMoney,
         "EUR",
         {},
         1,
         "41200",
         "1"},
        // Unambiguous: two dots, or a decimal comma after the dots.
        {"1.234.567", "1234567", "1"},
        {"41.200,50", "41200.5", "0.01", Kind::kPlain, {}, {}, 2},
        {"1.234.567,89", "1234567.89", "0.01", Kind::kPlain, {}, {}, 2},
        {"1.234,567", "1234.567", "0.001"},  // one token to the tokenizer
        {"1.234,5", "1234.5", "0.1", Kind::kPlain, {}, {}, 2},
        // Spaces: no-break, narrow no-break, thin, and ASCII.
        {"41\xC2\xA0"
         "200",
         "41200",
         "1",
         Kind::kPlain,
         {},
         {},
         2},
        {"41\xE2\x80\xAF"
         "200",
         "41200",
         "1",
         Kind::kPlain,
         {},
         {},
         2},
        {"41\xE2\x80\x89"
         "200",
         "41200",
         "1",
         Kind::kPlain,
         {},
         {},
         2},
        {"41 200", "41200", "1", Kind::kPlain, {}, {}, 2},
        {"1 234 567", "1234567", "1", Kind::kPlain, {}, {}, 3},
        {"1 234,50", "1234.5", "0.01", Kind::kPlain, {}, {}, 3},
        {"1 234.50", "1234.5", "0.01", Kind::kPlain, {}, {}, 2},
        {"1\xC2\xA0"
         "234\xC2\xA0"
         "567,8 \xE2\x82\xAC",
         "1234567.8",
         "0.1",
         Kind::kMoney,
         "EUR",
         {},
         4},
        {"12 500 %", "125", "0.01", Kind::kPercent, {}, {}, 2, "12500", "1"},
        // A decimal comma after a bare number only before money or percent.
        {"12,5 %", "0.125", "0.001", Kind::kPercent, {}, {}, 2, "12.5", "0.1"},
        {"0,5%", "0.005", "0.001", Kind::kPercent, {}, {}, 2, "0.5", "0.1"},
        {"12,5 percent",
         "0.125",
         "0.001",
         Kind::kPercent,
         {},
         {},
         3,
         "12.5",
         "0.1"},
        {"5,50 \xE2\x82\xAC", "5.5", "0.01", Kind::kMoney, "EUR", {}, 2},
        {"5,50 EUR", "5.5", "0.01", Kind::kMoney, "EUR", {}, 3},
        {"\xE2\x82\xAC"
         "12,50",
         "12.5",
         "0.01",
         Kind::kMoney,
         "EUR",
         {},
         2},
        {"1,5 and 2", "1", "1", Kind::kPlain, {}, "1"},
        // Swiss apostrophes.
        {"1'234", "1234", "1", Kind::kPlain, {}, {}, 2},
        {"1\xE2\x80\x99"
         "234",
         "1234",
         "1",
         Kind::kPlain,
         {},
         {},
         2},
        {"1'234'567.50", "1234567.5", "0.01", Kind::kPlain, {}, {}, 3},
        {"CHF 1'234.50", "1234.5", "0.01", Kind::kMoney, "CHF", {}, 3},
        // "between 10 and 200 000": only the groups that belong together.
        {"between 10 and 200 000",
         "10",
         "1",
         Kind::kPlain,
         {},
         "10",
         1,
         {},
         {},
         1},
        {"between 10 and 200 000",
         "200000",
         "1",
         Kind::kPlain,
         {},
         "200 000",
         2,
         {},
         {},
         3},
    };
    ForEachCase(kCases, Check);
  }

  TEST_CASE("numbers: an ASCII space joins groups only where they fit") {
    const Case kCases[] = {
        // A 4-digit group or a group not of 3 digits ends the number.
        {"2023 100", "2023", "1", Kind::kPlain, {}, "2023"},
        {"41 20", "41", "1", Kind::kPlain, {}, "41"},
        {"41 2000", "41", "1", Kind::kPlain, {}, "41"},
        {"0 123", "0", "1", Kind::kPlain, {}, "0"},
        // A digit token right before or after: phone numbers, lists.
        {"555 123 4567", "555", "1", Kind::kPlain, {}, "555"},
        {"555 123 4567", "123", "1", Kind::kPlain, {}, "123", 1, {}, {}, 1},
        {"+1 555 123 4567", "1", "1", Kind::kPlain, {}, "1"},
        {"10 200 3000", "10", "1", Kind::kPlain, {}, "10"},
        // A group with more than a number after it is not joined.
        {"41 200MB", "41", "1", Kind::kPlain, {}, "41"},
        {"41 200k", "41", "1", Kind::kPlain, {}, "41"},
    };
    ForEachCase(kCases, Check);
  }

  TEST_CASE("numbers: spelled-out English numbers go through ICU") {
    const Case kCases[] = {
        {"forty-one thousand", "41000", "1000", Kind::kPlain, {}, {}, 2},
        {"forty-one thousand two hundred",
         "41200",
         "100",
         Kind::kPlain,
         {},
         {},
         4},
        {"twelve", "12", "1"},
        {"Twelve", "12", "1"},
        {"one hundred and five", "105", "1", Kind::kPlain, {}, {}, 4},
        {"one hundred five", "105", "1", Kind::kPlain, {}, {}, 3},
        {"twenty one", "21", "1", Kind::kPlain, {}, {}, 2},
        {"one thousand and one", "1001", "1", Kind::kPlain, {}, {}, 4},
        {"zero", "0", "1"},
        {"three billion", "3000000000", "1000000000", Kind::kPlain, {}, {}, 2},
        {"nineteen hundred", "1900", "100", Kind::kPlain, {}, {}, 2},
        {"nine hundred ninety-nine million nine hundred ninety-nine thousand "
         "nine hundred and ninety-nine",
         "999999999",
         "1",
         Kind::kPlain,
         {},
         {},
         12},
        {"twelve percent",
         "0.12",
         "0.01",
         Kind::kPercent,
         {},
         {},
         2,
         "12",
         "1"},
        {"five dollars", "5", "1", Kind::kMoney, "USD", {}, 2},
        {"ten thousand euros.", "10000", "1000", Kind::kMoney, "EUR",
         "ten thousand euros", 3},
        // The number ends where the words stop being one.
        {"one of the ports", "1", "1", Kind::kPlain, {}, "one"},
        {"one two three", "1", "1", Kind::kPlain, {}, "one"},
        {"one hundred and counting",
         "100",
         "100",
         Kind::kPlain,
         {},
         "one hundred",
         2},
        {"two million million",
         "2000000",
         "1000000",
         Kind::kPlain,
         {},
         "two million",
         2},
        {"twelve, then five", "12", "1", Kind::kPlain, {}, "twelve"},
        {"zero one", "0", "1", Kind::kPlain, {}, "zero"},
        {"forty-one.", "41", "1", Kind::kPlain, {}, "forty-one"},
    };
    ForEachCase(kCases, Check);
    CHECK(ReadAt("twelve")->spelled);
    CHECK_FALSE(ReadAt("12")->spelled);
  }

  TEST_CASE("numbers: ordinary words are not spelled numbers") {
    const std::string_view kWords[] = {
        "hundred",   "thousand", "thousands",   "and",
        "one-time",  "one-off",  "forty-",      "forty-two-three",
        "twentyone", "someone",  "often",       "the",
        "a",         "tens",     "seventy-ten", "twelve-one"};
    for (std::string_view w : kWords) {
      CAPTURE(w);
      CHECK_FALSE(ReadAt(w).has_value());
    }
  }

  TEST_CASE("numbers: dates, identifiers, versions and units are not read") {
    const std::string_view kTexts[] = {
        "2024-05-22",
        "14:00",
        "14:00:00",
        "HAT083",
        "4XGCCM",
        "gift_card_7219486",
        "A12345",
        "1.2.3",
        "10.0.0.1",
        "192.168.100.200",
        "1.2.3.4",
        "24/7",
        "5MB",
        "32GB",
        "10ms",
        "2B",   // a seat, not two billion
        "12K",  // a seat too
        "5m",   // meters
        "47th",
        "48-port",
        "555-123-4567",
        "1e5",
        "0x1f",
        "#123",
        "1,234k",  // a glued scale takes a bare number of 1-3 digits
        "4096k",
        "$5%",
        "EUR5USD",
        "fc1/3",
        "v2",
        "TRY5",
        ".5",
        "12,34",  // a comma that groups nothing splits: "12"
        "$",
    };
    for (std::string_view t : kTexts) {
      CAPTURE(t);
      const std::vector<TokenSpan> tokens = Tokenize(t);
      if (tokens.empty()) continue;
      const std::optional<NumberReading> r = MatchNumber(t, tokens[0]);
      if (t == "12,34") {
        REQUIRE(r.has_value());  // "12" alone, not 12.34
        CHECK(r->value == "12");
        CHECK(r->tokens == 1);
        continue;
      }
      CHECK_FALSE(r.has_value());
    }
  }

  TEST_CASE("numbers: the tokenizer splits what MatchNumber joins") {
    // MatchNumber joins these itself; the tokenizer is left as it is.
    CHECK(Tokenize("1'234").size() == 2);
    CHECK(Tokenize("41\xC2\xA0"
                   "200")
              .size() == 2);
    CHECK(Tokenize("41.200,50").size() == 2);
    CHECK(Tokenize("\xE2\x82\xAC"
                   "5")
              .size() == 1);
    CHECK(Tokenize("12.5 %").size() == 1);
  }

  TEST_CASE("numbers: a reading spans its tokens; the next token follows") {
    const std::string_view text = "Revenue rose to $1.2 million (12%) in Q3.";
    std::vector<std::string> read;
    const std::vector<TokenSpan> tokens = Tokenize(text);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const std::optional<NumberReading> r = MatchNumber(text, tokens[i]);
      if (!r) continue;
      read.push_back(r->value);
      i += static_cast<std::size_t>(r->tokens - 1);
    }
    CHECK(read == std::vector<std::string>{"1200000", "0.12"});
  }

  TEST_CASE("numbers: spelled numbers read the same on many threads") {
    // One ICU formatter per thread: run with TSan (build-tsan) to check.
    std::vector<std::thread> threads;
    std::atomic<int> wrong{0};
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&wrong] {
        for (int i = 0; i < 200; ++i) {
          constexpr std::string_view kText = "forty-one thousand two hundred";
          const std::optional<NumberReading> r =
              MatchNumber(kText, Tokenize(kText).front());
          if (!r || r->value != "41200") wrong.fetch_add(1);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    CHECK(wrong.load() == 0);
  }

  TEST_CASE("numbers: no input crashes or reads past the text") {
    // Deterministic pseudo-random bytes, biased toward the characters the
    // reader looks at, in strings sized to end mid-sequence.
    constexpr std::string_view kAlphabet[] = {"0",
                                              "1",
                                              "4",
                                              "9",
                                              ",",
                                              ".",
                                              " ",
                                              "'",
                                              "-",
                                              "$",
                                              "%",
                                              "k",
                                              "M",
                                              "B",
                                              "e",
                                              "USD",
                                              "EUR",
                                              "\xE2\x82\xAC",
                                              "\xC2\xA0",
                                              "\xE2\x80\xAF",
                                              "\xE2\x88\x92",
                                              "\xE2\x80\x99",
                                              "(",
                                              ")",
                                              "one",
                                              "hundred",
                                              "and",
                                              "forty-",
                                              "million",
                                              "percent",
                                              "per",
                                              "cent",
                                              "dollars",
                                              "\xff",
                                              "\xE2\x82",
                                              "\xC2",
                                              "x"};
    constexpr std::size_t kAlphabetSize = std::size(kAlphabet);
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      return state;
    };
    int readings = 0;
    for (int n = 0; n < 4000; ++n) {
      std::string text;
      const std::size_t pieces = 1 + next() % 24;
      for (std::size_t k = 0; k < pieces; ++k) {
        if (next() % 5 == 0) {
          text.push_back(static_cast<char>(next() & 0xff));
        } else {
          text.append(kAlphabet[next() % kAlphabetSize]);
        }
      }
      // The string's own buffer ends exactly at the text: a read past it
      // is a read past the view (ASan catches it in scripts/test).
      const std::string_view view(text);
      for (const TokenSpan& t : Tokenize(view)) {
        const std::optional<NumberReading> r = MatchNumber(view, t);
        if (!r) continue;
        ++readings;
        REQUIRE(r->start <= r->end);
        REQUIRE(r->end <= view.size());
        REQUIRE(r->tokens >= 1);
        REQUIRE_FALSE(r->value.empty());
        REQUIRE_FALSE(r->step.empty());
      }
    }
    CHECK(readings > 100);
    // A span past the text or an empty one is no reading.
    CHECK_FALSE(MatchNumber("12", TokenSpan{0, 3}).has_value());
    CHECK_FALSE(MatchNumber("12", TokenSpan{1, 1}).has_value());
    // A long run of digits and separators stays exact.
    std::string long_number = "1";
    for (int i = 0; i < 50; ++i) long_number += ",000";
    const std::optional<NumberReading> r = ReadAt(long_number);
    REQUIRE(r.has_value());
    CHECK(r->value.size() == 151);
  }
}

}  // namespace
}  // namespace groundgate::evidence
