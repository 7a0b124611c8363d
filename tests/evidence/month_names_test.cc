// tests/evidence/month_names_test.cc — the month-name table of every locale the
// extractor reads.
//
// evidence::LocaleMonthNames opens one word BreakIterator per locale rather
// than letting ICU's toTitle open one per call. This suite pins that the
// names, months and flags it builds are exactly those of the plain
// per-call construction, which this file keeps as its reference. It does
// not test what the extractor does with the table (extractor_test.cc does).
#include <doctest/doctest.h>
#include <unicode/dtfmtsym.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "evidence/unicode.h"

namespace groundgate::evidence {
namespace {

// dates/month_names.cc's kMonthLocales, and two that differ in case rules.
constexpr const char* kLocales[] = {"en", "fr", "de", "es", "it", "pt",
                                    "nl", "sv", "da", "nb", "pl", "cs",
                                    "tr", "ru", "az", "lt", "el", "nl-BE"};

// LocaleMonthNames the direct way, for reference: toTitle(nullptr, locale).
std::vector<LocaleMonthName> ReferenceMonthNames(const char* locale) {
  std::vector<LocaleMonthName> names;
  const icu::Locale icu_locale(locale);
  UErrorCode status = U_ZERO_ERROR;
  const icu::DateFormatSymbols symbols(icu_locale, status);
  if (U_FAILURE(status)) return names;
  int32_t standalone_count = 0;
  const icu::UnicodeString* standalone =
      symbols.getMonths(standalone_count, icu::DateFormatSymbols::STANDALONE,
                        icu::DateFormatSymbols::WIDE);
  struct Form {
    icu::DateFormatSymbols::DtContextType context;
    icu::DateFormatSymbols::DtWidthType width;
  };
  static constexpr Form kForms[] = {
      {icu::DateFormatSymbols::FORMAT, icu::DateFormatSymbols::WIDE},
      {icu::DateFormatSymbols::STANDALONE, icu::DateFormatSymbols::WIDE},
      {icu::DateFormatSymbols::FORMAT, icu::DateFormatSymbols::ABBREVIATED},
      {icu::DateFormatSymbols::STANDALONE, icu::DateFormatSymbols::ABBREVIATED},
  };
  for (const Form& form : kForms) {
    int32_t count = 0;
    const icu::UnicodeString* months =
        symbols.getMonths(count, form.context, form.width);
    for (int32_t m = 0; m < count && m < 12; ++m) {
      const bool abbreviated =
          form.width == icu::DateFormatSymbols::ABBREVIATED;
      const bool format_only =
          !abbreviated && form.context == icu::DateFormatSymbols::FORMAT &&
          m < standalone_count && months[m].caseCompare(standalone[m], 0) != 0;
      icu::UnicodeString variants[6] = {months[m], months[m], months[m],
                                        months[m], months[m], months[m]};
      variants[0].toLower(icu_locale);
      variants[1].toTitle(nullptr, icu_locale);
      variants[2].toUpper(icu_locale);
      variants[3].toLower(icu::Locale::getRoot());
      variants[4].toTitle(nullptr, icu::Locale::getRoot());
      variants[5].toUpper(icu::Locale::getRoot());
      for (const icu::UnicodeString& variant : variants) {
        LocaleMonthName name;
        variant.toUTF8String(name.utf8);
        name.month = static_cast<int>(m) + 1;
        name.abbreviated = abbreviated;
        name.format_only = format_only;
        names.push_back(std::move(name));
      }
    }
  }
  auto key = [](const LocaleMonthName& n) {
    return std::tie(n.utf8, n.month, n.abbreviated, n.format_only);
  };
  std::sort(names.begin(), names.end(),
            [&](const LocaleMonthName& a, const LocaleMonthName& b) {
              return key(a) < key(b);
            });
  names.erase(
      std::unique(names.begin(), names.end(),
                  [&](const LocaleMonthName& a, const LocaleMonthName& b) {
                    return key(a) == key(b);
                  }),
      names.end());
  return names;
}

TEST_CASE(
    "the month-name table built with one break iterator per locale is "
    "the table built with one per call") {
  std::size_t total = 0;
  for (const char* locale : kLocales) {
    CAPTURE(locale);
    const std::vector<LocaleMonthName> fast = LocaleMonthNames(locale);
    const std::vector<LocaleMonthName> reference = ReferenceMonthNames(locale);
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
