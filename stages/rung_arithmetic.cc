// stages/rung_arithmetic.cc — rung 5: bounded arithmetic over carried
// numbers.
//
// What it does NOT do: use numbers the user or the app supplied.
#include "stages/rung_arithmetic.h"

#include <optional>

#include "evidence/extractor.h"
#include "evidence/numeric_index.h"
#include "stages/wording.h"

namespace groundgate::stages {
namespace {

MatchReason DerivedReason(evidence::NumericOp op) {
  switch (op) {
    case evidence::NumericOp::kRounded:
      return MatchReason::kRounded;
    case evidence::NumericOp::kSum:
      return MatchReason::kDerivedSum;
    case evidence::NumericOp::kDifference:
      return MatchReason::kDerivedDifference;
    case evidence::NumericOp::kProduct:
      return MatchReason::kDerivedProduct;
    case evidence::NumericOp::kPercentOf:
      return MatchReason::kDerivedPercent;
    case evidence::NumericOp::kConverted:
      return MatchReason::kConverted;
  }
  return MatchReason::kNone;
}

}  // namespace

void GroundByShownArithmetic(JudgeContext& context) {
  evidence::NumericIndex operands;
  for (const Candidate& c : context.verdict.candidates) {
    if (c.status != CandidateStatus::kGrounded) continue;
    if (c.shape != evidence::kShapeNumber && c.shape != kShapeMoney &&
        c.shape != kShapePercent) {
      continue;
    }
    if (c.grounding == Grounding::kPriorTurn) {
      operands.Add(c.canonical, kPriorTurnSlot);
      continue;
    }
    const Evidence evidence = context.corpus.Lookup(c.canonical);
    for (const std::uint32_t slot : evidence.carriers) {
      operands.Add(c.canonical, slot);
    }
  }
  operands.Prepare();
  for (int round = 0; round < kMaxDerivationRounds; ++round) {
    bool derived_any = false;
    for (std::size_t& index : context.deferred) {
      if (index == JudgeContext::kDone) continue;
      Candidate* candidate = &context.verdict.candidates[index];
      std::optional<evidence::NumericMatch> derived =
          operands.FindDerivation(candidate->canonical);
      if (!derived.has_value()) continue;
      context.GroundByMatch(*derived, DerivedReason(derived->op), candidate);
      context.Finish(candidate, candidate->canonical);
      for (const evidence::NumericOperand& operand : derived->operands) {
        for (const std::uint32_t slot : operand.slots) {
          operands.Add(candidate->canonical, slot);
        }
      }
      index = JudgeContext::kDone;
      derived_any = true;
    }
    if (!derived_any) break;
    operands.Prepare();
  }
}

bool GroundByComputedLine(JudgeContext& context, Candidate* candidate) {
  if (!SaysComputed(context.answer, candidate->start)) return false;
  std::optional<evidence::NumericMatch> derived =
      context.corpus.numbers_this_turn().FindDerivation(candidate->canonical);
  if (!derived.has_value()) return false;
  context.GroundByMatch(*derived, DerivedReason(derived->op), candidate);
  return true;
}

}  // namespace groundgate::stages
