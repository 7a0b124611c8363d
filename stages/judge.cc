// stages/judge.cc — the ladder: which reader reads a token, and which rung
// each candidate climbs in what order.
//
// The keys that name fields in JSON the answer writes (the whole answer,
// or a fenced block: evidence/answer_json.h) are skipped, as words are;
// the JSON's string and number leaves are read as any other tokens.
//
// At each token the judge tries, in order, the readers of values that may
// span several tokens — a date or clock time (read_dates.cc), a code span
// (read_code_spans.cc), a number as people write it (read_numbers.cc), a
// name (read_names.cc) — and then the one-token rule (read_tokens.cc). A
// value read over several tokens is ONE candidate: the year inside a date,
// or the digits inside an amount, are never candidates of their own.
//
// Each candidate then climbs a fixed ladder, strongest first, and the first
// rung that holds names the reason (stages/README.md maps each reason to
// its file):
//   1. its own canonical form (rung_own_spelling.cc);
//   2. exempt: the user or the application supplied it (rung_exempt.cc);
//   3. structural respellings: the date and time keys, a date's year, an
//      identifier's delimited part or last digits, a dropped sign, the other
//      reading of a number or a 12-hour time, an identifier joined from
//      carried values (host:port, a path as a link) (rung_respellings.cc);
//   4. rounding of a number this turn's results carried
//      (rung_rounding_and_conversion.cc);
//   5. arithmetic over numbers this turn's results carried, bounded
//      (rung_arithmetic.cc); for a date, a carried or supplied date moved by
//      the days the user asked for, and for a time written as hours and
//      minutes, once the whole answer was read, the duration between two
//      times the answer shows (rung_derived_dates.cc); for a name, its
//      words, then another form of a carried name (rung_names.cc);
//   6. otherwise unsupported (or unverified when the corpus was truncated),
//      with the nearest carried value of the same shape, if one is close
//      (rung_near_misses.cc).
// Rungs 3 and 4 use only what results carried: supplied text exempts a
// value at rung 2 by its own spelling or its date and time keys. Rung 5 may
// use it: arithmetic takes a supplied number the answer shows or a count the
// user named, a derived date may move a supplied date, and a name's words
// may be supplied ones (docs/DESIGN.md, "Which rungs use supplied text").
//
// What it does NOT do: read or look anything up itself; the bookkeeping the
// readers and rungs share is stages/judge_context.h.
#include "stages/judge.h"

#include <optional>
#include <utility>
#include <vector>

#include "evidence/answer_json.h"
#include "evidence/canonical.h"
#include "evidence/tokenizer.h"
#include "stages/answer_carriers.h"
#include "stages/judge_context.h"
#include "stages/read_code_spans.h"
#include "stages/read_dates.h"
#include "stages/read_names.h"
#include "stages/read_numbers.h"
#include "stages/read_tokens.h"
#include "stages/repeated_uses.h"
#include "stages/rung_arithmetic.h"
#include "stages/rung_derived_dates.h"
#include "stages/rung_exempt.h"
#include "stages/rung_names.h"
#include "stages/rung_near_misses.h"
#include "stages/rung_own_spelling.h"
#include "stages/rung_records.h"
#include "stages/rung_respellings.h"
#include "stages/rung_rounding_and_conversion.h"

namespace groundgate::stages {
namespace {

// A date or time: its own spelling, its date and time keys, then (a time
// written without AM/PM) its other reading, then a date moved by the days
// the user asked for.
void ClimbDateTimeLadder(JudgeContext& context, const DateTimeRead& read) {
  const evidence::DateTimeValue& when = read.when;
  Candidate* candidate = read.candidate;
  const evidence::CanonicalForm spelled = evidence::Canonicalize(
      context.answer.substr(when.start, when.end - when.start));
  const bool settled =
      ExemptIfDeclared(context, read.declared_exempt, candidate) ||
      GroundBySpelling(context, spelled.form, spelled.changed, candidate) ||
      GroundByDateTimeKeys(context, when, read.keys, candidate) ||
      ExemptBySpelling(context, spelled.form, spelled.changed, candidate) ||
      ExemptDateTime(context, when, read.keys, candidate) ||
      GroundByTwelveHourReading(context, when, candidate) ||
      GroundByDayShift(context, when, candidate) ||
      GroundByCompletedDay(context, when, candidate);
  if (!settled) {
    context.MarkNotFound(candidate);
    NameDateNearMiss(context, when, candidate);
  }
  context.Finish(candidate, read.keys.empty()
                                ? std::string_view()
                                : std::string_view(read.keys.front()));
  NoteShownTime(context, read);
}

// A value judged by its whole canonical form (a code span, an identifier
// without digits), or by its delimited part or the carried values it joins
// (a file name of a carried path, a carried path as a link).
void ClimbWholeValueLadder(JudgeContext& context, Candidate* candidate) {
  const std::string& key = candidate->canonical;
  if (!GroundBySpelling(context, key, /*respelled=*/false, candidate) &&
      !ExemptBySpelling(context, key, /*respelled=*/false, candidate) &&
      !GroundByRespelling(context, key, candidate) &&
      !GroundByJoinedIdentifier(context, key, candidate)) {
    context.MarkNotFound(candidate);
  }
  context.Finish(candidate, candidate->canonical);
}

// A person, place or product name: whole, as one handle, or word by word.
void ClimbNameLadder(JudgeContext& context, const NameRead& read) {
  const evidence::NameReading& name = read.name;
  Candidate* candidate = read.candidate;
  if (GroundBySpelling(context, name.canonical, /*respelled=*/false,
                       candidate) ||
      ExemptBySpelling(context, name.canonical, /*respelled=*/false,
                       candidate) ||
      GroundByJoinedName(context, name, candidate)) {
    context.Finish(candidate, candidate->canonical);
    return;
  }
  const NameWordsFound words = LookUpNameWords(context, name, read.person);
  if (!GroundByNameWords(context, words, candidate) &&
      !ExemptByNameWords(context, words, candidate) &&
      !GroundByRespelledName(context, name, read.person, candidate)) {
    context.MarkNotFound(candidate);
    NearMissOneWordOff(context, words, candidate);
  }
  context.Finish(candidate, candidate->canonical);
}

void NotFoundNumber(JudgeContext& context, Candidate* candidate) {
  context.MarkNotFound(candidate);
  NameOneStepNearMiss(context, candidate->canonical, candidate);
  context.Finish(candidate, candidate->canonical);
}

// A number as people write it. Settled here, except that with arithmetic
// on, a number no earlier rung grounds waits for the whole answer
// (ClimbDeferredNumbers).
void ClimbNumberLadder(JudgeContext& context, const NumberRead& read) {
  const evidence::NumberReading& reading = read.reading;
  Candidate* candidate = read.candidate;
  const std::size_t index =
      static_cast<std::size_t>(candidate - context.verdict.candidates.data());
  if (ExemptIfDeclared(context,
                       read.single != nullptr && read.single->declared_exempt,
                       candidate)) {
    context.Finish(candidate, reading.value);
    return;
  }
  // A number in a unit the results never name, beside one they do ("18
  // mph" where they give m/s), is read only as a conversion (rung 4) or as
  // the user's own; its digits among other readings (a temperature of
  // 17.58) ground nothing.
  if (OnlyConvertible(context, read.unit)) {
    if (GroundByConversion(context, reading, read.unit, candidate) ||
        ExemptNumber(context, reading, read.single, read.special, candidate)) {
      context.Finish(candidate, reading.value);
    } else {
      NotFoundNumber(context, candidate);
    }
    return;
  }
  // A number in a unit ("65MB") whose digits the results wrote only beside
  // units of other kinds ("65K colors", "$65"), never alone: another
  // number rounded, a conversion, or the user's own, else not found.
  if (CarriedOnlyInOtherUnits(context, reading, read.unit)) {
    if (GroundByRounding(context, reading, candidate) ||
        GroundByConversion(context, reading, read.unit, candidate) ||
        ExemptNumber(context, reading, read.single, read.special, candidate)) {
      context.Finish(candidate, reading.value);
    } else {
      NotFoundNumber(context, candidate);
    }
    return;
  }
  // 1. Its own value, then its other reading (a value grounded by it is
  // checked for conflicts under it), then its tokens as a result wrote them.
  if (GroundNumberBySpelling(context, reading, read.single, candidate)) {
    context.Finish(candidate, reading.value);
    return;
  }
  if (GroundByOtherReading(context, reading, candidate)) {
    context.Finish(candidate, reading.alternative);
    return;
  }
  if (GroundByTokensCarried(context, reading, candidate) ||
      // 2. Supplied by the user or the app.
      ExemptNumber(context, reading, read.single, read.special, candidate) ||
      // 3. Structural respellings.
      GroundByRespelling(context, reading.value, candidate) ||
      // 4. A carried number shown to fewer places, or in another unit.
      GroundByRounding(context, reading, candidate) ||
      GroundByConversion(context, reading, read.unit, candidate)) {
    context.Finish(candidate, reading.value);
    return;
  }
  // 5. A count of the items one result lists ("4 members").
  if (GroundByListedCount(context, reading, candidate)) {
    context.Finish(candidate, reading.value);
    return;
  }
  // Arithmetic over the answer's own grounded numbers: once the whole
  // answer was read. Not for a number judged only as a measured quantity.
  if (context.options.arithmetic && !read.measured_only) {
    context.deferred.push_back(index);
    return;
  }
  NotFoundNumber(context, candidate);
}

// The numbers left for rung 5, once the whole answer was read: first
// derived from the numbers the answer itself shows, then as the total of a
// column of one result's table, or a per-count share of a carried amount,
// then, on a line that calls the value computed, from any of this turn's
// numbers, and last as an earlier answer of the conversation derived it.
void ClimbDeferredNumbers(JudgeContext& context) {
  if (context.deferred.empty()) return;
  GroundByShownArithmetic(context);
  for (const std::size_t index : context.deferred) {
    if (index == JudgeContext::kDone) continue;
    Candidate* candidate = &context.verdict.candidates[index];
    if (GroundByColumnTotal(context, candidate) ||
        GroundByShareOfCarried(context, candidate) ||
        GroundByComputedLine(context, candidate) ||
        GroundByEarlierDerivation(context, candidate)) {
      context.Finish(candidate, candidate->canonical);
      continue;
    }
    NotFoundNumber(context, candidate);
  }
}

// A value read out of its token ("2024" of "late-2024") that the user or
// the app wrote as that whole token: theirs, as a result's same token
// grounds it (by its identifier part, rung 3, which exempt text never
// reaches). Law 1.
bool ExemptByWholeToken(JudgeContext& context, std::string_view token,
                        const evidence::ExtractedValue& value,
                        Candidate* candidate) {
  if (!value.changed) return false;
  const evidence::CanonicalForm whole = evidence::Canonicalize(token);
  return whole.form != value.key &&
         ExemptBySpelling(context, whole.form, /*respelled=*/true, candidate);
}

// One token by the one-token rule: a number or an identifier.
void ClimbTokenLadder(JudgeContext& context, std::string_view token,
                      const evidence::ExtractedValue& value,
                      Candidate* candidate) {
  if (!ExemptIfDeclared(context, value.declared_exempt, candidate) &&
      !GroundTokenBySpelling(context, value, candidate) &&
      !ExemptBySpelling(context, value.key, value.changed, candidate) &&
      !ExemptByWholeToken(context, token, value, candidate) &&
      !GroundByRespelling(context, value.key, candidate) &&
      !GroundByJoinedIdentifier(context, value.key, candidate)) {
    context.MarkNotFound(candidate);
    NameOneStepNearMiss(context, value.key, candidate);
  }
  context.Finish(candidate, value.key);
}

// The readers, in the order they are tried at a token; the first that reads
// a value there takes it (and the tokens it spans).
void ReadAt(JudgeContext& context, evidence::TokenSpan span,
            std::string_view token) {
  if (std::optional<DateTimeRead> date = ReadDateTime(context, span, token)) {
    if (date->candidate != nullptr) ClimbDateTimeLadder(context, *date);
    return;
  }
  if (context.read_names) {
    if (std::optional<Candidate*> code = ReadCodeSpan(context, span, token)) {
      if (*code != nullptr) ClimbWholeValueLadder(context, *code);
      return;
    }
  }
  if (std::optional<NumberRead> number = ReadNumber(context, span, token)) {
    if (number->candidate != nullptr) ClimbNumberLadder(context, *number);
    return;
  }
  if (QuantityParts parts = ReadQuantityToken(context, span, token);
      !parts.readings.empty()) {
    for (evidence::NumberReading& reading : parts.readings) {
      const NumberRead read =
          NewQuantityCandidate(context, std::move(reading), parts.unit);
      if (read.candidate != nullptr) ClimbNumberLadder(context, read);
    }
    return;
  }
  // A name begins with a capital (ASCII, or a Latin letter beyond it).
  const unsigned char first = static_cast<unsigned char>(token.front());
  if (context.read_names && ((first >= 'A' && first <= 'Z') || first >= 0x80)) {
    if (std::optional<NameRead> name = ReadName(context, span)) {
      if (name->candidate != nullptr) ClimbNameLadder(context, *name);
      return;
    }
  }
  const TokenRead one = ReadToken(context, span, token);
  if (one.candidate == nullptr) return;
  if (one.value == nullptr) {
    ClimbWholeValueLadder(context, one.candidate);
  } else {
    ClimbTokenLadder(context, token, *one.value, one.candidate);
  }
}

}  // namespace

Verdict ClimbLadder(std::string_view answer, const EvidenceCorpus& corpus,
                    const evidence::Extractor& extractor,
                    const GateOptions& options) {
  JudgeContext context(answer, corpus, extractor, options,
                       /*read_names=*/options.names && LooksEnglish(answer),
                       /*read_number_words=*/options.min_digits < 3 ||
                           NamesLargeNumberWord(answer));
  // The keys that name fields in JSON the answer writes: words, not values.
  const std::vector<evidence::TokenSpan> json_keys =
      evidence::AnswerJsonKeys(answer);
  std::size_t next_key = 0;
  std::size_t tokens = 0;
  evidence::ForEachToken(answer, [&](evidence::TokenSpan span) {
    if (++tokens > kMaxAnswerTokens) {
      context.verdict.answer_truncated = true;
      return false;
    }
    if (span.start < context.consumed_until) return true;
    while (next_key < json_keys.size() &&
           json_keys[next_key].end <= span.start) {
      ++next_key;
    }
    if (next_key < json_keys.size() &&
        span.start >= json_keys[next_key].start) {
      return true;
    }
    ReadAt(context, span, answer.substr(span.start, span.end - span.start));
    return true;
  });
  ClimbDeferredNumbers(context);
  if (options.arithmetic) {
    GroundDurationsBetweenShownTimes(context);
    GroundDurationsWithinOneItem(context);
  }
  // Binding and listing each use insert candidates: the conflicts found on
  // the ladder are kept on theirs.
  const std::vector<TextSpan> conflict_spans = ConflictSpans(context.verdict);
  if (options.bind_records) BindRecords(answer, corpus, &context.verdict);
  ListEachUnsupportedUse(answer, &context.verdict);
  ReindexConflicts(conflict_spans, &context.verdict);
  context.verdict.misattribution_warns_only = !options.misattribution_flags;
  context.verdict.answer_carriers =
      ComputeAnswerCarriers(context.carried_this_turn, context.results,
                            context.verdict.evidence_truncated);
  return std::move(context.verdict);
}

}  // namespace groundgate::stages
