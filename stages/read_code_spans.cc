// stages/read_code_spans.cc — the judge's reader of markdown code spans.
//
// What it does NOT do: look the value up beyond deciding whether a span of
// several tokens is one value.
#include "stages/read_code_spans.h"

#include <string>
#include <utility>

#include "evidence/names.h"
#include "stages/wording.h"

namespace groundgate::stages {
std::optional<Candidate*> ReadCodeSpanAfterBacktick(JudgeContext& context,
                                                    evidence::TokenSpan span,
                                                    std::string_view token) {
  std::optional<evidence::CodeSpanReading> code =
      evidence::MatchCodeSpan(context.answer, span);
  if (!code.has_value()) return std::nullopt;
  // "the `get_webpage` function": a call's name, as IsCallName reads it
  // after a name or a token, is an action the model takes, not a value.
  // So is a span of one call-shaped name that the words before call a
  // tool or a function ("the relevant tool would be `get_webpage`").
  if (IsCallName(context.answer, code->end + 1) ||
      (code->tokens == 1 &&
       LooksLikeCallName(
           context.answer.substr(code->start, code->end - code->start)) &&
       SaysCallNameBefore(context.answer, code->start))) {
    context.consumed_until = code->end;
    return static_cast<Candidate*>(nullptr);
  }
  if (code->tokens == 1 && context.Classified(span, token).has_value()) {
    return std::nullopt;
  }
  // Several tokens: one value only when a result (or the user) wrote it
  // whole; otherwise its tokens are judged one by one, as the evidence
  // side indexed them (law 1).
  if (code->tokens > 1 && !context.corpus.Lookup(code->canonical).carried &&
      !context.corpus.IsExempt(code->canonical)) {
    return std::nullopt;
  }
  context.consumed_until = code->end;
  Candidate* candidate = context.NewCandidate(code->canonical);
  if (candidate == nullptr) return candidate;
  candidate->start = code->start;
  candidate->end = code->end;
  candidate->shape = std::string(kShapeCode);
  candidate->canonical = std::move(code->canonical);
  return candidate;
}

}  // namespace groundgate::stages
