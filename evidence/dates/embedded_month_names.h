// evidence/dates/embedded_month_names.h — the month names of the locales
// the extractor reads, taken from ICU at build time.
//
// Its one job: name the locales (kMonthLocales) and declare the table that
// tools/embed_month_names.cc writes into the build tree from ICU's
// DateFormatSymbols (evidence::LocaleMonthNames), so that a process reads
// its month names from a constant table instead of opening fourteen
// locales' calendar data at first use (~8 ms, a tenth of checking the 100
// airline runs).
//
// What it does NOT do: decide what a month word is (month_names.cc builds
// its lookup table from these entries) or change when ICU changes: the
// table is ICU's at build time, and tests/evidence/month_names_test.cc
// checks it against the ICU the tests run with.
#ifndef GROUNDGATE_EVIDENCE_DATES_EMBEDDED_MONTH_NAMES_H_
#define GROUNDGATE_EVIDENCE_DATES_EMBEDDED_MONTH_NAMES_H_

#include <cstddef>
#include <cstdint>

namespace groundgate::evidence::dates {

// The locales whose month names are read. English is read on its own fast
// path (month_names.cc's MonthOf) when capitalized; its lowercase
// spellings come from this table and need a whole date ("2 may 2024",
// never "may 3").
inline constexpr const char* kMonthLocales[] = {"en", "fr", "de", "es", "it",
                                                "pt", "nl", "sv", "da", "nb",
                                                "pl", "cs", "tr", "ru"};
inline constexpr std::size_t kMonthLocaleCount =
    sizeof(kMonthLocales) / sizeof(kMonthLocales[0]);

// One evidence::LocaleMonthName of one locale.
struct EmbeddedMonthName {
  std::uint8_t locale;  // an index into kMonthLocales
  std::uint8_t month;   // 1..12
  bool abbreviated;
  bool format_only;
  const char* utf8;  // ICU's spelling, cased; NUL-terminated
};

// Every locale's LocaleMonthNames, locale after locale in kMonthLocales'
// order, each in the order LocaleMonthNames gives them.
extern const EmbeddedMonthName kEmbeddedMonthNames[];
extern const std::size_t kEmbeddedMonthNameCount;

}  // namespace groundgate::evidence::dates

#endif  // GROUNDGATE_EVIDENCE_DATES_EMBEDDED_MONTH_NAMES_H_
