// stages/read_tokens.h — the judge's last reader: one token by the
// extractor's one-token rule (`CHG0031337`, `41200`, `0xef0101`, a declared
// shape), or, in English answers, an identifier without digits
// (`esxi-host-alpha`, `getRefundableOrderList`, `mia.li@example.com`).
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
#include <string_view>

#include "evidence/extractor.h"
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

TokenRead ReadToken(JudgeContext& context, evidence::TokenSpan span,
                    std::string_view token);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_READ_TOKENS_H_
