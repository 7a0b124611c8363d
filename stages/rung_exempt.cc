// stages/rung_exempt.cc — rung 2: a value the user or the app supplied.
//
// What it does NOT do: ground anything (a value both carried and supplied
// is grounded by rung 1 first).
#include "stages/rung_exempt.h"

#include <algorithm>

#include "evidence/canonical.h"
#include "evidence/corpus_internal.h"
#include "evidence/keys.h"
#include "evidence/tokenizer.h"
#include "stages/rung_respellings.h"

namespace groundgate::stages {
namespace {

// True when the user (or the app) gave this date's month and day
// without a year ("I want to fly on May 20th") and the answer added a
// year the conversation names ("May 20, 2024", where the app said "The
// current time is 2024-05-15" or a result carried a 2024 date).
bool SuppliedWithoutYear(const JudgeContext& context,
                         const evidence::DateTimeValue& when) {
  if (when.kind != evidence::DateTimeValue::Kind::kDate || when.year == 0) {
    return false;
  }
  for (const std::string_view key : evidence::DateTimeIndexKeys(when)) {
    if (!key.starts_with("@md:")) continue;
    if (!context.corpus.IsExempt(key)) return false;
    const std::string year =
        evidence::DerivedKey(evidence::kYearKey, std::to_string(when.year));
    return context.corpus.IsExempt(year) || context.corpus.Lookup(year).carried;
  }
  return false;
}

// True when the user (or the app) named this date's day alone ("the
// 6th") and the conversation names its month: a carried or supplied
// date in the same year and month for "2024-05-06", in the same month
// for "May 6th".
bool DayNamedAlone(const JudgeContext& context,
                   const evidence::DateTimeValue& when) {
  using Kind = evidence::DateTimeValue::Kind;
  if (when.day < 1 || when.day > 31 ||
      ((CorpusInternals::days_of_month_named(context.corpus) >> when.day) &
       1u) == 0) {
    return false;
  }
  std::string month_key;
  if (when.kind == Kind::kDate) {
    for (const std::string_view key : evidence::DateTimeIndexKeys(when)) {
      if (key.starts_with("@ym:")) month_key = key;
    }
  } else if (when.kind == Kind::kMonthDay && when.month >= 1 &&
             when.month <= 12) {
    month_key = evidence::MonthKey(when.month);
  }
  return !month_key.empty() && (context.corpus.IsExempt(month_key) ||
                                context.corpus.Lookup(month_key).carried);
}

// True when every token of answer[start, end) was supplied, as the exempt
// side indexes tokens: a number in words the user wrote ("ten million") is
// indexed word by word, as a result's is (rung_own_spelling.cc).
bool TokensSupplied(const JudgeContext& context, std::size_t start,
                    std::size_t end) {
  if (start >= end || end > context.answer.size()) return false;
  const std::string_view text = context.answer.substr(start, end - start);
  bool any = false;
  const bool all = evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
    const evidence::TokenValue value =
        evidence::ReadToken(text.substr(span.start, span.end - span.start));
    any = true;
    return context.corpus.IsExempt(value.canonical.form);
  });
  return any && all;
}

}  // namespace

bool ExemptIfDeclared(JudgeContext& context, bool declared_exempt,
                      Candidate* candidate) {
  if (declared_exempt) {
    context.MarkExempt(MatchReason::kDeclaredExemption, candidate);
  }
  return declared_exempt;
}

bool ExemptBySpelling(JudgeContext& context, std::string_view key,
                      bool respelled, Candidate* candidate) {
  if (!context.corpus.IsExempt(key)) return false;
  context.MarkExempt(respelled ? MatchReason::kCanonical : MatchReason::kExact,
                     candidate);
  return true;
}

bool ExemptDateTime(JudgeContext& context, const evidence::DateTimeValue& when,
                    std::span<const std::string> keys, Candidate* candidate) {
  // Exempt when each key was supplied by the user or the app (or carried).
  const bool all_known =
      std::all_of(keys.begin(), keys.end(), [&](const std::string& key) {
        return context.corpus.Lookup(key).carried ||
               context.corpus.IsExempt(key);
      });
  if (!all_known && !SuppliedWithoutYear(context, when) &&
      !DayNamedAlone(context, when)) {
    return false;
  }
  context.MarkExempt(RespelledReason(when), candidate);
  return true;
}

bool ExemptNumber(JudgeContext& context, const evidence::NumberReading& reading,
                  const evidence::ExtractedValue* single, bool special,
                  Candidate* candidate) {
  if (!context.corpus.IsExempt(reading.value) &&
      (reading.alternative.empty() ||
       !context.corpus.IsExempt(reading.alternative)) &&
      (single == nullptr || !context.corpus.IsExempt(single->key)) &&
      !((reading.spelled || reading.tokens > 1) &&
        TokensSupplied(context, reading.start, reading.end))) {
    return false;
  }
  context.MarkExempt(
      special ? MatchReason::kRespelledNumber : MatchReason::kCanonical,
      candidate);
  return true;
}

bool ExemptByNameWords(JudgeContext& context, const NameWordsFound& words,
                       Candidate* candidate) {
  if (words.known != static_cast<int>(words.carried.size()) + words.missing) {
    return false;
  }
  context.MarkExempt(MatchReason::kNameWords, candidate);
  return true;
}

}  // namespace groundgate::stages
