// tests/evidence/tokenizer_test.cc — the byte scanner that splits text into
// tokens.
//
// Pins which characters stay inside a token (letters and digits of any
// script, `: _ - / . , % + @ # $`), when a comma is a thousands separator and
// when it splits, that markdown decoration and invalid UTF-8 separate, and
// that every span is a correct byte range into the caller's text. It does
// not test what a token means (canonical_test.cc, extractor_test.cc).
#include "evidence/tokenizer.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

std::vector<std::string> TokenTexts(std::string_view text) {
  std::vector<std::string> out;
  for (const TokenSpan& span : Tokenize(text)) {
    REQUIRE(span.start < span.end);
    REQUIRE(span.end <= text.size());
    out.emplace_back(text.substr(span.start, span.end - span.start));
  }
  return out;
}

struct TokenCase {
  std::string_view text;
  std::vector<std::string> tokens;
};

// Checks that each row's text tokenizes to its tokens (ForEachCase, named
// after the caller's line).
template <std::size_t N>
void CheckTokens(const TokenCase (&cases)[N], int line = __builtin_LINE()) {
  ForEachCase(
      cases, [&](const TokenCase& c) { CHECK(TokenTexts(c.text) == c.tokens); },
      line);
}

TEST_SUITE("tokenizer") {
  TEST_CASE("letters, digits and : _ - / . , % + @ # $ stay inside a token") {
    const TokenCase kCases[] = {
        {"Port fc1/3 has 41,200 errors",
         {"Port", "fc1/3", "has", "41,200", "errors"}},
        {"a:b_c-d/e.f", {"a:b_c-d/e.f"}},
        {"12% +1 user@example.com #123 $20/month",
         {"12%", "+1", "user@example.com", "#123", "$20/month"}},
        {"20:00:00:25:b5:aa:00:1f", {"20:00:00:25:b5:aa:00:1f"}},
        {"2024-05-15T03:12:44Z.", {"2024-05-15T03:12:44Z."}},
        {"vmhba2:C0:T1:L12", {"vmhba2:C0:T1:L12"}},
        {"$1,234.50", {"$1,234.50"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("a comma stays only as a valid thousands separator") {
    const TokenCase kCases[] = {
        {"41,200", {"41,200"}},
        {"1,234,567.5", {"1,234,567.5"}},
        {"1,23,456", {"1,23,456"}},          // Indian grouping
        {"12,34,56,789", {"12,34,56,789"}},  // Indian grouping
        {"41,200, then", {"41,200", "then"}},
        {"x,1,234", {"x", "1,234"}},
        // Any other comma splits.
        {"a,b", {"a", "b"}},
        {"1024,2048", {"1024", "2048"}},
        {"12,34", {"12", "34"}},
        {"1,2345", {"1", "2345"}},
        {"1,234,56", {"1", "234", "56"}},
        {"12,345,6789", {"12", "345", "6789"}},
        {"1, 2", {"1", "2"}},
        {"fc1/3,fc1/4", {"fc1/3", "fc1/4"}},
        {"esx-01,esx-02", {"esx-01", "esx-02"}},
        // Digits after a joiner end something else: a CSV row's comma
        // separates (quintd-dev owid: "2020-08-02,105.379").
        {"2020-08-02,105.379", {"2020-08-02", "105.379"}},
        {"12:30,145", {"12:30", "145"}},
        {"fc1/3,456", {"fc1/3", "456"}},
        {"-1,234", {"-1,234"}},
        {"(-1,234)", {"-1,234"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("compact JSON splits into its keys and values") {
    const TokenCase kCases[] = {
        // A ':' never begins a token: it ended the key before it.
        {R"({"price":5.50})", {"price", "5.50"}},
        {R"({"total":41200,"sku":"SKU-7"})",
         {"total", "41200", "sku", "SKU-7"}},
        {"::1", {"1"}},
        // Inside a token it stays (a time, a MAC, host:port).
        {"db.internal:5432", {"db.internal:5432"}},
        // A fraction's digits are no German thousands group unless three:
        // a JSON array's numbers split.
        {"[1.5,100]", {"1.5", "100"}},
        {"[12.25,100,7]", {"12.25", "100", "7"}},
        {"1.234,567", {"1.234,567"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("markdown decoration, spaces and other punctuation separate") {
    const TokenCase kCases[] = {
        {"**41,200**", {"41,200"}},
        {"`esx-prod-014`", {"esx-prod-014"}},
        {"| fc1/3 | 17,350 |", {"fc1/3", "17,350"}},
        {"|fc2/14|**17,350**|", {"fc2/14", "17,350"}},
        {"(fc1/3)", {"fc1/3"}},
        {"\"SN-4412\"", {"SN-4412"}},
        {"'SN-4412'", {"SN-4412"}},
        {"[a1]{b2}<c3>", {"a1", "b2", "c3"}},
        {"x=1;y=2!", {"x", "1", "y", "2"}},
        {"one\ttwo\nthree\r\nfour", {"one", "two", "three", "four"}},
        {"esx-prod-014's", {"esx-prod-014", "s"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("a space written as a literal escape separates, all of it") {
    // quintd-dev gsmarena (kasnerz/quintd, MIT): a model wrote the JSON
    // escape of a thin space into its text.
    const TokenCase kCases[] = {
        {"priced at \xE2\x82\xAC\\u200999.99", {"priced", "at", "99.99"}},
        {"12\\u00A0345 and 7\\u202Fkm", {"12", "345", "and", "7", "km"}},
        // Any other escape, or a broken one, is a backslash and letters.
        {"\\u0041BC1", {"u0041BC1"}},
        {"C:\\users\\a1", {"C:", "users", "a1"}},
        {"\\u20", {"u20"}},
        {"\\u20G9x", {"u20G9x"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("a run of punctuation alone is not a token") {
    CHECK(TokenTexts("").empty());
    CHECK(TokenTexts("   \n\t").empty());
    CHECK(TokenTexts("-- ... ** :: // %% $$").empty());
    CHECK(TokenTexts("--- | --- |").empty());
  }

  TEST_CASE("non-ASCII letters and digits are inside tokens") {
    const TokenCase kCases[] = {
        {"café-42 Ωmega12", {"café-42", "Ωmega12"}},
        {"٤١٢٠٠ خطأ", {"٤١٢٠٠", "خطأ"}},
        // Scripts written without spaces never share a token with others.
        {"東京12 ok", {"東京", "12", "ok"}},
        {"é41,200", {"é41,200"}},
        // Combining marks stay with their letter.
        {"e\xCC\x81"
         "c12",
         {"e\xCC\x81"
          "c12"}},
        // Non-ASCII punctuation and spaces separate.
        {"a—b", {"a", "b"}},
        {"a\xC2\xA0"
         "b",
         {"a", "b"}},  // no-break space
        {"«SN-4412»", {"SN-4412"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("fullwidth digits and letters are inside tokens") {
    const TokenCase kCases[] = {
        {"４１２００", {"４１２００"}},
        {"port ＦＣ１／３ down", {"port", "ＦＣ１／３", "down"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("an invalid UTF-8 byte separates and is never read past") {
    const TokenCase kCases[] = {
        {"bad\xff"
         "byte",
         {"bad", "byte"}},
        {"\xc3"
         "x",
         {"x"}},  // a lead byte without its continuation
        {"\x80"
         "abc",
         {"abc"}},  // a lone continuation byte
        {"\xc0\xaf"
         "sn1",
         {"sn1"}},                 // an overlong encoding
        {"abc\xe2\x82", {"abc"}},  // cut off at the end of the text
        {"41,200\xff", {"41,200"}},
    };
    CheckTokens(kCases);
  }

  TEST_CASE("spans are byte offsets into the text") {
    const std::string_view text = "Port fc1/3 has 41,200 errors";
    const std::vector<TokenSpan> spans = Tokenize(text);
    REQUIRE(spans.size() == 5);
    CHECK(spans[0].start == 0);
    CHECK(spans[0].end == 4);
    CHECK(spans[1].start == 5);
    CHECK(spans[1].end == 10);
    CHECK(spans[3].start == 15);
    CHECK(spans[3].end == 21);

    // Multibyte text before a token shifts it by bytes, not characters.
    const std::string_view accented = "é ١٢ fc1/3";
    const std::vector<TokenSpan> multi = Tokenize(accented);
    REQUIRE(multi.size() == 3);
    CHECK(multi[0].start == 0);
    CHECK(multi[0].end == 2);
    CHECK(multi[1].start == 3);
    CHECK(multi[1].end == 7);
    CHECK(multi[2].start == 8);
    CHECK(multi[2].end == 13);
  }

  TEST_CASE("ForEachToken stops when the visitor returns false") {
    const std::string_view text = "a1 b2 c3 d4";
    std::vector<TokenSpan> seen;
    const bool finished = ForEachToken(text, [&](TokenSpan span) {
      seen.push_back(span);
      return seen.size() < 2;
    });
    CHECK_FALSE(finished);
    CHECK(seen.size() == 2);

    int count = 0;
    CHECK(ForEachToken(text, [&](TokenSpan) {
      ++count;
      return true;
    }));
    CHECK(count == 4);
  }

  TEST_CASE("an absurdly long digit grouping loses no digit") {
    std::string text = "1";
    for (int i = 0; i < 80; ++i) text += ",234";
    std::string joined;
    for (const std::string& token : TokenTexts(text)) {
      if (!joined.empty()) joined += ",";
      joined += token;
    }
    CHECK(joined == text);
  }

  TEST_CASE("a large text tokenizes in one pass without losing a token") {
    std::string text;
    for (int i = 0; i < 50'000; ++i) text += "esx-prod-014 | 41,200 ";
    CHECK(Tokenize(text).size() == 100'000);
  }
}

}  // namespace
}  // namespace groundgate::evidence
