// evidence/spelled_numbers.cc — English cardinals spelled in words
// (spelled_numbers.h).
#include "evidence/spelled_numbers.h"

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/parsepos.h>
#include <unicode/rbnf.h>
#include <unicode/stringpiece.h>
#include <unicode/unistr.h>

#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "evidence/ascii.h"

namespace groundgate::evidence {
namespace {

// Words of one spelled number: "nine hundred ninety-nine billion nine
// hundred ninety-nine million nine hundred ninety-nine thousand nine
// hundred and ninety-nine" is 17.
constexpr int kMaxSpelledWords = 24;
// The normalized spelled number handed to ICU: 24 words of at most 17
// bytes ("seventy-seven" is 13) and their spaces.
constexpr std::size_t kMaxSpelledBytes = 24 * 18;
// Spelled numbers ICU's value is remembered for, per thread: the small
// numbers answers repeat fit many times over; a hostile stream of distinct
// numbers stops growing the memo here (about 100 KB).
constexpr std::size_t kMaxSpelledMemo = 1024;
// A token longer than this is no number word ("seventeen-ninety" is 16).
constexpr std::size_t kMaxWordBytes = 17;

enum class WordClass { kZero, kUnit, kTeen, kTens, kHundred, kScale, kAnd };

struct NumberWord {
  std::string_view word;
  WordClass cls;
  int exponent = 0;  // of a scale word
};

constexpr NumberWord kNumberWords[] = {
    {"zero", WordClass::kZero},          {"one", WordClass::kUnit},
    {"two", WordClass::kUnit},           {"three", WordClass::kUnit},
    {"four", WordClass::kUnit},          {"five", WordClass::kUnit},
    {"six", WordClass::kUnit},           {"seven", WordClass::kUnit},
    {"eight", WordClass::kUnit},         {"nine", WordClass::kUnit},
    {"ten", WordClass::kTeen},           {"eleven", WordClass::kTeen},
    {"twelve", WordClass::kTeen},        {"thirteen", WordClass::kTeen},
    {"fourteen", WordClass::kTeen},      {"fifteen", WordClass::kTeen},
    {"sixteen", WordClass::kTeen},       {"seventeen", WordClass::kTeen},
    {"eighteen", WordClass::kTeen},      {"nineteen", WordClass::kTeen},
    {"twenty", WordClass::kTens},        {"thirty", WordClass::kTens},
    {"forty", WordClass::kTens},         {"fifty", WordClass::kTens},
    {"sixty", WordClass::kTens},         {"seventy", WordClass::kTens},
    {"eighty", WordClass::kTens},        {"ninety", WordClass::kTens},
    {"hundred", WordClass::kHundred},    {"thousand", WordClass::kScale, 3},
    {"million", WordClass::kScale, 6},   {"billion", WordClass::kScale, 9},
    {"trillion", WordClass::kScale, 12},
};

// The class of one lowercase word or "tens-unit" compound; false if none.
bool ClassifyWord(std::string_view w, NumberWord* out) {
  const std::size_t hyphen = w.find('-');
  if (hyphen != std::string_view::npos) {
    NumberWord tens;
    NumberWord unit;
    if (!ClassifyWord(w.substr(0, hyphen), &tens) ||
        tens.cls != WordClass::kTens ||
        !ClassifyWord(w.substr(hyphen + 1), &unit) ||
        unit.cls != WordClass::kUnit) {
      return false;
    }
    *out = {w, WordClass::kTeen};  // a closed number below 100, like "ten"
    return true;
  }
  if (w == "and") {
    *out = {w, WordClass::kAnd};
    return true;
  }
  for (const NumberWord& word : kNumberWords) {
    if (w.size() == word.word.size() && w.front() == word.word.front() &&
        w == word.word) {
      *out = word;
      return true;
    }
  }
  return false;
}

// Lowercases an ASCII word of letters and inner hyphens into buf; false
// when the token is not one.
bool LowerWord(std::string_view token, char* buf, std::size_t* len) {
  if (token.empty() || token.size() > kMaxWordBytes) return false;
  if (token.front() == '-' || token.back() == '-') return false;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (!ascii::IsAlpha(token[i]) && token[i] != '-') return false;
    buf[i] = ascii::Lower(token[i]);
  }
  *len = token.size();
  return true;
}

// The English spellout formatter, one per thread: ICU does not promise
// that one RuleBasedNumberFormat may parse on several threads at once.
// nullptr when ICU cannot build it (missing data).
const icu::RuleBasedNumberFormat* SpelloutFormat() {
  thread_local const std::unique_ptr<icu::RuleBasedNumberFormat> format = [] {
    UErrorCode status = U_ZERO_ERROR;
    auto f = std::make_unique<icu::RuleBasedNumberFormat>(
        icu::URBNF_SPELLOUT, icu::Locale::getEnglish(), status);
    if (U_FAILURE(status)) f.reset();
    return f;
  }();
  return format.get();
}

// ICU's value of a normalized spelled number, memoized per thread: ICU's
// spellout parse tries its rules one by one (about 16 us for "one" on the
// 2-core build machine under load, against about 1 us for "41,200"), and
// answers repeat a few small numbers. False when ICU cannot read it.
bool ParseSpelled(std::string_view words, int64_t* value) {
  thread_local absl::flat_hash_map<std::string, int64_t> memo;
  if (const auto it = memo.find(absl::string_view(words.data(), words.size()));
      it != memo.end()) {
    *value = it->second;
    return true;
  }
  const icu::RuleBasedNumberFormat* format = SpelloutFormat();
  if (format == nullptr) return false;
  const icu::UnicodeString spelled = icu::UnicodeString::fromUTF8(
      icu::StringPiece(words.data(), static_cast<int32_t>(words.size())));
  icu::Formattable result;
  icu::ParsePosition position;
  format->parse(spelled, result, position);
  if (position.getIndex() != spelled.length()) return false;
  UErrorCode status = U_ZERO_ERROR;
  *value = result.getInt64(status);
  if (U_FAILURE(status) || *value < 0) return false;
  if (memo.size() < kMaxSpelledMemo) memo.emplace(std::string(words), *value);
  return true;
}

// Where a spelled number stands after the words read so far.
struct SpelledState {
  enum class At { kStart, kZero, kGroup, kHundred, kAnd, kTail, kScale };
  At at = At::kStart;
  bool tens_open = false;  // "forty" may still take "one"
  int last_scale = 100;    // scales must decrease: "million ... thousand"
  // Whether the words so far are a whole number ("one hundred and" is not).
  bool Complete() const { return at != At::kStart && at != At::kAnd; }
};

// Takes one more word. False when the number cannot take it: it ends
// before this word. *merge: the word joins the tens before it ("forty
// one"). *step: the exponent of the word's place ("hundred" 2, a scale its
// own), 0 for a number below 100.
bool TakeNumberWord(const NumberWord& w, SpelledState* s, bool* merge,
                    int* step) {
  using At = SpelledState::At;
  *merge = false;
  *step = 0;
  switch (w.cls) {
    case WordClass::kZero:
      if (s->at != At::kStart) return false;
      s->at = At::kZero;
      return true;
    case WordClass::kUnit:
    case WordClass::kTeen:
    case WordClass::kTens:
      if (s->tens_open && w.cls == WordClass::kUnit &&
          (s->at == At::kGroup || s->at == At::kTail)) {
        *merge = true;
      } else if (s->at == At::kStart || s->at == At::kScale) {
        s->at = At::kGroup;
      } else if (s->at == At::kHundred || s->at == At::kAnd) {
        s->at = At::kTail;
      } else {
        return false;  // "one two" is two numbers
      }
      s->tens_open = !*merge && w.cls == WordClass::kTens;
      return true;
    case WordClass::kHundred:
      if (s->at != At::kGroup) return false;
      s->at = At::kHundred;
      s->tens_open = false;
      *step = 2;
      return true;
    case WordClass::kScale:
      if ((s->at != At::kGroup && s->at != At::kHundred &&
           s->at != At::kTail) ||
          w.exponent >= s->last_scale) {
        return false;
      }
      s->last_scale = w.exponent;
      s->at = At::kScale;
      s->tens_open = false;
      *step = w.exponent;
      return true;
    case WordClass::kAnd:
      if (s->at != At::kHundred && s->at != At::kScale) return false;
      s->at = At::kAnd;
      return true;
  }
  return false;
}

}  // namespace

std::optional<SpelledCardinal> ReadSpelledCardinal(std::string_view text,
                                                   TokenSpan first) {
  char words[kMaxSpelledBytes];
  std::size_t length = 0;
  SpelledState state;
  // The longest accepted prefix: tokens, end byte, buffer length, step.
  int accepted_tokens = 0;
  std::size_t accepted_end = 0;
  std::size_t accepted_length = 0;
  int accepted_step = 0;
  TokenSpan accepted_span;
  TokenSpan span = first;
  for (int n = 0; n < kMaxSpelledWords; ++n) {
    const std::string_view token =
        text.substr(span.start, span.end - span.start);
    const std::string_view word = ascii::TrimSentenceEnd(token);
    char lower[kMaxWordBytes];
    std::size_t lower_len = 0;
    NumberWord w;
    bool merge = false;
    int step = 0;
    if (!LowerWord(word, lower, &lower_len) ||
        !ClassifyWord(std::string_view(lower, lower_len), &w) ||
        !TakeNumberWord(w, &state, &merge, &step)) {
      break;
    }
    if (w.cls != WordClass::kAnd) {
      if (length + lower_len + 1 > kMaxSpelledBytes) break;
      if (length > 0) words[length++] = merge ? '-' : ' ';
      for (std::size_t i = 0; i < lower_len; ++i) words[length++] = lower[i];
    }
    if (state.Complete()) {
      accepted_tokens = n + 1;
      accepted_end = span.start + word.size();
      accepted_length = length;
      if (!merge) accepted_step = step;
      accepted_span = span;
    }
    if (state.at == SpelledState::At::kZero || word.size() != token.size()) {
      break;
    }
    // The next word, after exactly one ASCII space.
    std::size_t cursor = span.end;
    TokenSpan next;
    if (span.end >= text.size() || text[span.end] != ' ' ||
        !internal::NextToken(text, &cursor, &next) ||
        next.start != span.end + 1) {
      break;
    }
    span = next;
  }
  if (accepted_tokens == 0) return std::nullopt;
  SpelledCardinal cardinal;
  if (!ParseSpelled(std::string_view(words, accepted_length),
                    &cardinal.value)) {
    return std::nullopt;
  }
  cardinal.tokens = accepted_tokens;
  cardinal.end = accepted_end;
  cardinal.last = accepted_span;
  cardinal.step_exponent = accepted_step;
  return cardinal;
}

}  // namespace groundgate::evidence
