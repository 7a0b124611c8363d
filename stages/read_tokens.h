// stages/read_tokens.h — the judge's last reader: one token by the
// extractor's one-token rule (`CHG0031337`, `41200`, `0xef0101`, a declared
// shape), or, in English answers, an identifier without digits
// (`esxi-host-alpha`, `gift_card`, `mia.li@example.com`) where the
// conversation carried a name of its kind (evidence/keys.h, kKindKey):
// camelCase alone (`microSD`) is never one; a span of time (`8-day`) where
// a result carried a span of its unit (kSpanKey).
//
// Its one job: make the token's candidate, its span covering the value and
// not the decoration around it ("CHG0031337" in "(CHG0031337).").
//
// Where it sits: tried at every token no earlier reader took
// (stages/judge.cc).
//
// What it does NOT do: look the value up, or read a unit ("dBm", "mAh") or
// a call's name ("GetUserToken(") as an identifier.
#ifndef GROUNDGATE_STAGES_READ_TOKENS_H_
#define GROUNDGATE_STAGES_READ_TOKENS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "evidence/extractor.h"
#include "evidence/keys.h"
#include "evidence/names.h"
#include "evidence/quantities.h"
#include "evidence/tokenizer.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Shorter digit-free tokens with a case step are units ("dBm", "kWh").
inline constexpr std::size_t kMaxUnitBytes = 4;

struct TokenRead {
  // The new candidate, or nullptr when the token holds no value or the
  // answer already used it.
  Candidate* candidate = nullptr;
  // The one-token rule's reading (its shape and canonical form moved into
  // the candidate; key, changed and declared_exempt left), or nullptr for
  // an identifier without digits, judged by its whole canonical form.
  evidence::ExtractedValue* value = nullptr;
};

// The one-token rule's `value` of the token at `span` as a candidate.
TokenRead ReadTokenValue(JudgeContext& context, evidence::TokenSpan span,
                         std::string_view token,
                         evidence::ExtractedValue& value);

// The identifier without digits `form` (evidence::ReadDigitlessIdentifier
// of the token at `span`) as a candidate, or nullptr when it is a call's
// name, a unit, or a value the answer already used.
Candidate* ReadDigitlessIdentifier(JudgeContext& context,
                                   evidence::TokenSpan span,
                                   std::string_view token, std::string&& form);

// The span of time at `span` ("8-day", evidence::SpanKindKey) as a
// candidate judged whole by its canonical form, or nullptr when the answer
// already used the value.
Candidate* ReadSpanOfTime(JudgeContext& context, evidence::TokenSpan span,
                          std::string_view token);

// Reads the token at `span` (`token` is its text). Inline: the one-token
// rule's reading is memoized in the context, and a token that holds no
// value costs no call.
inline TokenRead ReadToken(JudgeContext& context, evidence::TokenSpan span,
                           std::string_view token) {
  // The last reader of this token: its reading may be moved from.
  std::optional<evidence::ExtractedValue>& value =
      context.Classified(span, token);
  if (value.has_value()) {
    // "1. " and "2) " begin list items, whatever min_digits says: a bare
    // number there is never a value (read_numbers.cc says the same of the
    // numbers it reads).
    if (value->shape == evidence::kShapeNumber) {
      // The token may hold the marker's '.' or ')': the number is its digits.
      std::size_t digits_end = span.start;
      while (digits_end < span.end && context.answer[digits_end] >= '0' &&
             context.answer[digits_end] <= '9') {
        ++digits_end;
      }
      if (evidence::IsListMarker(context.answer, span.start, digits_end)) {
        return {};
      }
    }
    return ReadTokenValue(context, span, token, *value);
  }
  // A span of time ("8-day") is a value only where a result carried a span
  // of its unit ("7-day rolling average"); elsewhere it is prose.
  if (const std::string span_key = evidence::SpanKindKey(token);
      !span_key.empty() && context.corpus.Lookup(span_key).carried) {
    return {ReadSpanOfTime(context, span, token), nullptr};
  }
  if (!context.read_names) return {};
  std::optional<std::string> form = evidence::ReadDigitlessIdentifier(token);
  if (!form.has_value()) return {};
  // Without a digit, a token is an identifier only where the conversation
  // carried (or the user wrote) a name of its kind: `esxi-host-alpha`
  // beside `esxi-host-beta`; `microSD`, `mid-January` and `GPS-enabled`
  // stay prose. A declared shape reads any token (Classified, above).
  const std::string kind = evidence::DigitlessKindKey(token);
  if (kind.empty() ||
      !(context.corpus.Lookup(kind).carried || context.corpus.IsExempt(kind))) {
    return {};
  }
  return {ReadDigitlessIdentifier(context, span, token, *std::move(form)),
          nullptr};
}

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_TOKENS_H_
