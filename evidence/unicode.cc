// evidence/unicode.cc — ICU behind the canonicalizer and the tokenizer.
//
// Only non-ASCII text reaches this file; the callers keep ASCII on their own
// fast paths.
#include "evidence/unicode.h"

#include <unicode/brkiter.h>
#include <unicode/dtfmtsym.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

namespace groundgate::evidence {

std::string FoldUnicode(std::string_view utf8) {
  // fromUTF8 replaces ill-formed sequences with U+FFFD.
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(
      icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc_cf =
      icu::Normalizer2::getNFKCCasefoldInstance(status);
  icu::UnicodeString folded;
  if (U_SUCCESS(status) && nfkc_cf != nullptr) {
    folded = nfkc_cf->normalize(text, status);
  }
  if (U_FAILURE(status)) {
    // ICU data missing or out of memory: fall back to simple case folding so
    // the value is still comparable on both sides (same function, law 1).
    folded = text;
    folded.foldCase();
  }
  // Every decimal digit of any script as ASCII: NFKC already maps fullwidth
  // digits, but not Arabic-Indic, Devanagari and the others.
  icu::UnicodeString digits;
  for (int32_t i = 0; i < folded.length();) {
    UChar32 c = folded.char32At(i);
    i += U16_LENGTH(c);
    if (ClassifyCodePoint(c) == CodePointClass::kInvisible) {
      continue;  // NFKC_Casefold drops them already; the fallback does not
    }
    if (c > 0x7f && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) {
      digits.append(static_cast<UChar32>('0' + u_charDigitValue(c)));
    } else {
      digits.append(c);
    }
  }
  std::string out;
  digits.toUTF8String(out);
  return out;
}

int DecodeUtf8(std::string_view text, std::size_t pos, std::size_t* length) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  int32_t i = static_cast<int32_t>(pos);
  const int32_t size = static_cast<int32_t>(text.size());
  UChar32 c;
  U8_NEXT(bytes, i, size, c);
  *length = static_cast<std::size_t>(i) - pos;
  if (*length == 0) *length = 1;
  return c < 0 ? -1 : c;
}

namespace {

// Scripts written without spaces between words, where a value sits glued to
// the words around it ("ポートfc1/3のCRCエラーは４１２００件").
bool IsSpacelessScript(int code_point) {
  // The kana and CJK symbol blocks (including the prolonged sound mark,
  // whose script is Common) and halfwidth katakana.
  if ((code_point >= 0x3000 && code_point <= 0x30FF) ||
      (code_point >= 0xFF66 && code_point <= 0xFF9F)) {
    return true;
  }
  UErrorCode status = U_ZERO_ERROR;
  switch (uscript_getScript(code_point, &status)) {
    case USCRIPT_HAN:
    case USCRIPT_HIRAGANA:
    case USCRIPT_KATAKANA:
    case USCRIPT_HANGUL:
    case USCRIPT_THAI:
    case USCRIPT_LAO:
    case USCRIPT_KHMER:
    case USCRIPT_MYANMAR:
    case USCRIPT_TIBETAN:
      return true;
    default:
      return false;
  }
}

}  // namespace

char AsciiLike(int code_point) {
  if (code_point >= 0xFF01 && code_point <= 0xFF5E) {
    return static_cast<char>(code_point - 0xFEE0);
  }
  return 0;
}

CodePointClass ClassifyCodePoint(int code_point) {
  if (code_point < 0) return CodePointClass::kSeparator;
  switch (code_point) {
    case 0x00AD:  // soft hyphen
    case 0x200B:  // zero-width space
    case 0x200C:  // zero-width non-joiner
    case 0x200D:  // zero-width joiner
    case 0x2060:  // word joiner
    case 0xFEFF:  // zero-width no-break space (a BOM)
      return CodePointClass::kInvisible;
    default:
      break;
  }
  // Letters and digits first: fullwidth "４" and "Ａ" are word characters;
  // only fullwidth punctuation is looked at as its ASCII twin.
  const int32_t mask = U_GET_GC_MASK(code_point);
  if ((mask & (U_GC_L_MASK | U_GC_M_MASK | U_GC_ND_MASK)) != 0) {
    return IsSpacelessScript(code_point) ? CodePointClass::kSpacelessWord
                                         : CodePointClass::kWord;
  }
  if (AsciiLike(code_point) != 0) return CodePointClass::kAsciiLike;
  return CodePointClass::kSeparator;
}

std::vector<LocaleMonthName> LocaleMonthNames(const char* locale,
                                              TitleBreaks breaks) {
  std::vector<LocaleMonthName> names;
  const icu::Locale icu_locale(locale);
  UErrorCode status = U_ZERO_ERROR;
  const icu::DateFormatSymbols symbols(icu_locale, status);
  if (U_FAILURE(status)) return names;
  int32_t standalone_count = 0;
  const icu::UnicodeString* standalone =
      symbols.getMonths(standalone_count, icu::DateFormatSymbols::STANDALONE,
                        icu::DateFormatSymbols::WIDE);
  // Title case finds words with a word BreakIterator. toTitle(nullptr, ...)
  // opens one per call (with the locale, as here) and its construction
  // dominated this function; one per locale, reset to each string by
  // toTitle, gives the same titles. A null iterator (ICU could not open
  // one) lets toTitle open its own, as kOnePerCall asks.
  std::unique_ptr<icu::BreakIterator> locale_words;
  std::unique_ptr<icu::BreakIterator> root_words;
  UErrorCode break_status = U_ZERO_ERROR;
  UErrorCode root_break_status = U_ZERO_ERROR;
  if (breaks == TitleBreaks::kOnePerLocale) {
    locale_words.reset(
        icu::BreakIterator::createWordInstance(icu_locale, break_status));
    root_words.reset(icu::BreakIterator::createWordInstance(
        icu::Locale::getRoot(), root_break_status));
  }
  icu::BreakIterator* const locale_title =
      U_SUCCESS(break_status) ? locale_words.get() : nullptr;
  icu::BreakIterator* const root_title =
      U_SUCCESS(root_break_status) ? root_words.get() : nullptr;
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
    // Twelve months; a thirteenth (a leap month of some calendars) is not
    // one of them.
    for (int32_t m = 0; m < count && m < 12; ++m) {
      const bool abbreviated =
          form.width == icu::DateFormatSymbols::ABBREVIATED;
      const bool format_only =
          !abbreviated && form.context == icu::DateFormatSymbols::FORMAT &&
          m < standalone_count && months[m].caseCompare(standalone[m], 0) != 0;
      icu::UnicodeString variants[6] = {months[m], months[m], months[m],
                                        months[m], months[m], months[m]};
      variants[0].toLower(icu_locale);
      variants[1].toTitle(locale_title, icu_locale);
      variants[2].toUpper(icu_locale);
      variants[3].toLower(icu::Locale::getRoot());
      variants[4].toTitle(root_title, icu::Locale::getRoot());
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
  std::sort(names.begin(), names.end(),
            [](const LocaleMonthName& a, const LocaleMonthName& b) {
              return std::tie(a.utf8, a.month, a.abbreviated, a.format_only) <
                     std::tie(b.utf8, b.month, b.abbreviated, b.format_only);
            });
  names.erase(
      std::unique(names.begin(), names.end(),
                  [](const LocaleMonthName& a, const LocaleMonthName& b) {
                    return a.utf8 == b.utf8 && a.month == b.month &&
                           a.abbreviated == b.abbreviated &&
                           a.format_only == b.format_only;
                  }),
      names.end());
  return names;
}

}  // namespace groundgate::evidence
