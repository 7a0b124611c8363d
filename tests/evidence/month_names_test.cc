// tests/evidence/month_names_test.cc — the month-name table of every locale the
// extractor reads.
//
// evidence::LocaleMonthNames opens one word BreakIterator per locale rather
// than letting ICU's toTitle open one per call. This suite pins that the
// names, months and flags it builds are exactly those of the plain
// per-call construction (TitleBreaks::kOnePerCall), its reference, and
// that CapitalizedEnglishMonth is MonthWordOf's fast path. It does not
// test what the extractor does with the table (extractor_test.cc does).
#include "evidence/dates/month_names.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "evidence/dates/embedded_month_names.h"
#include "evidence/unicode.h"

namespace groundgate::evidence {
namespace {

// dates/month_names.cc's kMonthLocales, and two that differ in case rules.
constexpr const char* kLocales[] = {"en", "fr", "de", "es", "it", "pt",
                                    "nl", "sv", "da", "nb", "pl", "cs",
                                    "tr", "ru", "az", "lt", "el", "nl-BE"};

TEST_CASE(
    "the month-name table built with one break iterator per locale is "
    "the table built with one per call") {
  std::size_t total = 0;
  for (const char* locale : kLocales) {
    CAPTURE(locale);
    const std::vector<LocaleMonthName> fast = LocaleMonthNames(locale);
    const std::vector<LocaleMonthName> reference =
        LocaleMonthNames(locale, TitleBreaks::kOnePerCall);
    REQUIRE(fast.size() == reference.size());
    for (std::size_t i = 0; i < fast.size(); ++i) {
      CAPTURE(reference[i].utf8);
      CHECK(fast[i].utf8 == reference[i].utf8);
      CHECK(fast[i].month == reference[i].month);
      CHECK(fast[i].abbreviated == reference[i].abbreviated);
      CHECK(fast[i].format_only == reference[i].format_only);
    }
    total += fast.size();
  }
  CHECK(total > 1000);  // the table is built from real ICU data
}

TEST_CASE("the month names embedded at build time are the ones ICU gives now") {
  // tools/embed_month_names.cc wrote the table from LocaleMonthNames: each
  // locale's names, in order, with their months and flags.
  std::size_t next = 0;
  for (std::size_t locale = 0; locale < dates::kMonthLocaleCount; ++locale) {
    CAPTURE(dates::kMonthLocales[locale]);
    for (const LocaleMonthName& name :
         LocaleMonthNames(dates::kMonthLocales[locale])) {
      CAPTURE(name.utf8);
      REQUIRE(next < dates::kEmbeddedMonthNameCount);
      const dates::EmbeddedMonthName& embedded =
          dates::kEmbeddedMonthNames[next++];
      CHECK(embedded.locale == locale);
      CHECK(std::string(embedded.utf8) == name.utf8);
      CHECK(embedded.month == name.month);
      CHECK(embedded.abbreviated == name.abbreviated);
      CHECK(embedded.format_only == name.format_only);
    }
  }
  CHECK(next == dates::kEmbeddedMonthNameCount);
  CHECK(next > 1000);
}

TEST_CASE("title case keeps each locale's rules: Dutch IJ, Turkish dotted i") {
  // Spot checks the comparison above covers, named for a reader: the
  // title-case forms come from the locale's own break iterator and rules.
  auto has = [](const char* locale, const std::string& utf8) {
    for (const LocaleMonthName& name : LocaleMonthNames(locale)) {
      if (name.utf8 == utf8) return true;
    }
    return false;
  };
  CHECK(has("fr", "Février"));
  CHECK(has("tr", "Ağustos"));
  CHECK(has("ru", "Мая"));
  CHECK(has("pl", "Maja"));
}

}  // namespace
}  // namespace groundgate::evidence

namespace groundgate::evidence::dates {
namespace {

TEST_CASE(
    "a capitalized English month is MonthWordOf's month not from the table") {
  for (const char* word :
       {"May", "may", "Sept", "Sep", "DECEMBER", "December", "Jan", "June",
        "Junes", "Mai", "Mars", "März", "Monday", "Ma", "Septembers", ""}) {
    CAPTURE(word);
    const MonthWord month = MonthWordOf(word);
    CHECK(CapitalizedEnglishMonth(word) ==
          (month.from_table ? 0 : month.month));
  }
  CHECK(CapitalizedEnglishMonth("Sept") == 9);
  CHECK(CapitalizedEnglishMonth("may") == 0);  // the verb
}

}  // namespace
}  // namespace groundgate::evidence::dates
