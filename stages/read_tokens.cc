// stages/read_tokens.cc — the judge's one-token reader.
//
// What it does NOT do: look the value up; stages/judge.cc climbs the token
// ladder (or, for an identifier without digits, judges it whole).
#include "stages/read_tokens.h"

#include <optional>
#include <string>
#include <utility>

#include "evidence/canonical.h"
#include "stages/wording.h"

namespace groundgate::stages {
namespace {

// An identifier candidate for `form`, spanning `value_text` (a view into
// `token`, which starts at span.start). Null when the context takes no more
// candidates.
Candidate* NewIdentifierCandidate(JudgeContext& context,
                                  evidence::TokenSpan span,
                                  std::string_view token,
                                  std::string_view value_text,
                                  std::string form) {
  Candidate* candidate = context.NewCandidate(form);
  if (candidate == nullptr) return nullptr;
  candidate->start =
      span.start + static_cast<std::size_t>(value_text.data() - token.data());
  candidate->end = candidate->start + value_text.size();
  candidate->shape = std::string(evidence::kShapeIdentifier);
  candidate->canonical = std::move(form);
  return candidate;
}

}  // namespace

// `esxi-host-alpha`, `getRefundableOrderList`, `mia.li@example.com`.
Candidate* ReadDigitlessIdentifier(JudgeContext& context,
                                   evidence::TokenSpan span,
                                   std::string_view token, std::string&& form) {
  // A name in call syntax ("[ToolSearcher(keywords=...)]", "the
  // GetUserToken API", "the tool would be get_webpage") is an action the
  // model takes, not a value it states.
  if (IsCallName(context.answer, span.end) ||
      (LooksLikeCallName(evidence::StripDecoration(token)) &&
       SaysCallNameBefore(context.answer, span.start))) {
    return nullptr;
  }
  // Four letters or fewer ("dBm", "kWh", "mAh") is a unit, not a name.
  if (form.size() <= kMaxUnitBytes) return nullptr;
  return NewIdentifierCandidate(
      context, span, token, evidence::StripDecoration(token), std::move(form));
}

Candidate* ReadSpanOfTime(JudgeContext& context, evidence::TokenSpan span,
                          std::string_view token) {
  const std::string_view value_text = evidence::StripDecoration(token);
  return NewIdentifierCandidate(context, span, token, value_text,
                                evidence::ReadToken(value_text).canonical.form);
}

TokenRead ReadTokenValue(JudgeContext& context, evidence::TokenSpan span,
                         std::string_view token,
                         evidence::ExtractedValue& value) {
  Candidate* candidate = context.NewCandidate(value.key);
  if (candidate == nullptr) return {};
  // The span covers the value, not the decoration around it: "CHG0031337"
  // in "(CHG0031337)." and "1,234.50" in "$1,234.50".
  const std::string_view value_text = evidence::StripDecoration(token);
  candidate->start =
      span.start + static_cast<std::size_t>(value_text.data() - token.data());
  candidate->end = candidate->start + value_text.size();
  candidate->shape = std::move(value.shape);
  candidate->canonical = std::move(value.canonical);
  return {candidate, &value};
}

}  // namespace groundgate::stages
