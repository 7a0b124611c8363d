// stages/read_code_spans.h — the judge's reader of markdown code spans.
//
// Its one job: read a code span whose content is a value the one-token
// rule does not already read (`esxi host alpha`, `payment_method`) as ONE
// candidate of shape "code".
//
// Where it sits: tried after dates and times, in English answers only
// (stages/judge.cc); its candidate is judged by its whole canonical form.
//
// What it does NOT do: look the value up, or read a span of several tokens
// that no result (or the user) wrote whole: those tokens are judged one by
// one, as the evidence side indexed them (law 1).
#ifndef GROUNDGATE_STAGES_READ_CODE_SPANS_H_
#define GROUNDGATE_STAGES_READ_CODE_SPANS_H_

#include <optional>
#include <string_view>

#include "evidence/tokenizer.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// ReadCodeSpan for a token right after a backtick.
std::optional<Candidate*> ReadCodeSpanAfterBacktick(JudgeContext& context,
                                                    evidence::TokenSpan span,
                                                    std::string_view token);

// Reads the code span whose content begins at `span` and marks its tokens
// consumed. std::nullopt when none is read there; otherwise the new
// candidate, or nullptr when the answer already used the value. Inline:
// a token that follows no backtick costs no call.
inline std::optional<Candidate*> ReadCodeSpan(JudgeContext& context,
                                              evidence::TokenSpan span,
                                              std::string_view token) {
  if (span.start == 0 || context.answer[span.start - 1] != '`') {
    return std::nullopt;
  }
  return ReadCodeSpanAfterBacktick(context, span, token);
}

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_CODE_SPANS_H_
