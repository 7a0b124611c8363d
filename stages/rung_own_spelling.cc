// stages/rung_own_spelling.cc — rung 1: the value's own canonical form.
//
// What it does NOT do: look up any key but the value's own.
#include "stages/rung_own_spelling.h"

#include <optional>
#include <span>

#include "evidence/tokenizer.h"

namespace groundgate::stages {
namespace {

// The evidence of the first token of answer[start, end) when every token
// there was carried (as the evidence side indexes tokens).
std::optional<Evidence> TokensCarried(const JudgeContext& context,
                                      std::size_t start, std::size_t end) {
  if (start >= end || end > context.answer.size()) return std::nullopt;
  const std::string_view text = context.answer.substr(start, end - start);
  std::optional<Evidence> first;
  bool all = true;
  evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
    const evidence::TokenValue value =
        evidence::ReadToken(text.substr(span.start, span.end - span.start));
    const Evidence found = context.corpus.Lookup(value.canonical.form);
    if (!found.carried) {
      all = false;
      return false;
    }
    if (!first.has_value()) first = found;
    return true;
  });
  if (!all) return std::nullopt;
  return first;
}

// Grounds `candidate` on one piece of evidence: kExact when both sides
// spelled the value alike, else kCanonical.
void GroundOnSpelling(JudgeContext& context, const Evidence& evidence,
                      bool spelled_alike, Candidate* candidate) {
  context.Ground(std::span<const Evidence>(&evidence, 1),
                 spelled_alike ? MatchReason::kExact : MatchReason::kCanonical,
                 candidate);
}

}  // namespace

bool GroundBySpelling(JudgeContext& context, std::string_view key,
                      bool respelled, Candidate* candidate) {
  const Evidence evidence = context.corpus.Lookup(key);
  if (!evidence.carried) return false;
  GroundOnSpelling(context, evidence,
                   !respelled && evidence.exact_spelling_seen, candidate);
  return true;
}

bool GroundTokenBySpelling(JudgeContext& context,
                           const evidence::ExtractedValue& value,
                           Candidate* candidate) {
  const Evidence evidence = context.corpus.Lookup(value.key);
  if (!evidence.carried) return false;
  // Exact when both sides spelled it alike. A hex value is looked up by its
  // bare digits; whether a result wrote it the answer's way (with or
  // without "0x") is asked of the answer's own spelling.
  const bool evidence_spelled_alike =
      value.key == candidate->canonical
          ? evidence.exact_spelling_seen
          : context.corpus.Lookup(candidate->canonical).exact_spelling_seen;
  GroundOnSpelling(context, evidence, !value.changed && evidence_spelled_alike,
                   candidate);
  return true;
}

bool GroundNumberBySpelling(JudgeContext& context,
                            const evidence::NumberReading& reading,
                            const evidence::ExtractedValue* single,
                            Candidate* candidate) {
  const Evidence evidence = context.corpus.Lookup(reading.value);
  if (!evidence.carried) return false;
  const bool respelled =
      reading.scaled || reading.spelled || reading.tokens > 1 ||
      reading.kind == evidence::NumberReading::Kind::kPercent;
  MatchReason reason = MatchReason::kRespelledNumber;
  if (!respelled) {
    const bool spelled_canonically =
        single != nullptr ? !single->changed : false;
    reason = spelled_canonically && evidence.exact_spelling_seen
                 ? MatchReason::kExact
                 : MatchReason::kCanonical;
  }
  context.Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
  return true;
}

bool GroundByTokensCarried(JudgeContext& context,
                           const evidence::NumberReading& reading,
                           Candidate* candidate) {
  if (!reading.spelled && reading.tokens <= 1) return false;
  const std::optional<Evidence> words =
      TokensCarried(context, reading.start, reading.end);
  if (!words.has_value()) return false;
  context.Ground(std::span<const Evidence>(&*words, 1), MatchReason::kCanonical,
                 candidate);
  return true;
}

}  // namespace groundgate::stages
