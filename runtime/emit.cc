// runtime/emit.cc — the emit step: one judgement into its events.
//
// Its one job: build evidence_checked (and contingent_found when a value was
// contingent) from a verdict and its findings, copying identities, shapes,
// spans and counts — and a value only when the application opted in,
// clipped (law 8) — then publish them. Lists keep the verdict's answer and
// wire order (law 9).
//
// What it does NOT do: decide the action (Route does), or touch the corpus.
#include <algorithm>

#include "base/clip.h"
#include "groundgate/stages.h"

namespace groundgate::stages {
namespace {

std::optional<std::string> OptInValue(const VerdictJsonOptions& values,
                                      const std::string& canonical) {
  if (!values.include_values) return std::nullopt;
  return base::ClipUtf8(
      canonical, std::min(values.max_value_bytes, kMaxValueBytesInEvents));
}

}  // namespace

EvidenceChecked MakeEvidenceChecked(const EmitContext& context,
                                    const Verdict& verdict,
                                    EvidenceAction action) {
  EvidenceChecked event;
  event.conversation_id = std::string(context.conversation_id);
  event.turn = context.turn;
  event.iteration = context.iteration;
  event.action = action;
  event.posture = context.posture;
  event.after_revision = context.after_revision;
  event.wrap_up = context.wrap_up;
  event.trace_context = context.trace_context;
  event.response_id = std::string(context.response_id);
  event.candidates = static_cast<int>(verdict.candidates.size());
  event.looked_up = verdict.looked_up;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kUnsupported &&
        c.status != CandidateStatus::kUnverified) {
      continue;
    }
    ValueRef ref{c.shape, c.start, c.end,
                 OptInValue(context.values, c.canonical), c.near_miss_carrier};
    (c.status == CandidateStatus::kUnsupported ? event.unsupported
                                               : event.unverified)
        .push_back(std::move(ref));
  }
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kMisattributed) continue;
    const Binding binding = c.binding.value_or(Binding{});
    MisattributedRef ref;
    ref.shape = c.shape;
    ref.start = c.start;
    ref.end = c.end;
    ref.named_carrier =
        base::ClipUtf8(binding.named.carrier, kMaxIdBytesInEvents);
    ref.read_carrier =
        base::ClipUtf8(binding.read.carrier, kMaxIdBytesInEvents);
    ref.aggregate = binding.aggregate;
    ref.value = OptInValue(context.values, c.canonical);
    ref.named_value = OptInValue(context.values, binding.named_value);
    ref.field = OptInValue(context.values, binding.field);
    ref.named_path = OptInValue(context.values, binding.named.path);
    ref.read_path = OptInValue(context.values, binding.read.path);
    event.misattributed.push_back(std::move(ref));
  }
  if (action != EvidenceAction::kRevisionAsked) {
    event.carried_by = verdict.answer_carriers;
    if (event.carried_by.has_value()) {
      for (AnswerCarrier& carrier : *event.carried_by) {
        carrier.tool_call_id =
            base::ClipUtf8(carrier.tool_call_id, kMaxIdBytesInEvents);
      }
    }
  }
  for (const Conflict& conflict : verdict.conflicts) {
    if (conflict.candidate >= verdict.candidates.size()) continue;
    const Candidate& c = verdict.candidates[conflict.candidate];
    ConflictRef ref;
    ref.shape = c.shape;
    ref.start = c.start;
    ref.end = c.end;
    ref.used_carrier =
        base::ClipUtf8(conflict.used_carrier, kMaxIdBytesInEvents);
    ref.other_carrier =
        base::ClipUtf8(conflict.other_carrier, kMaxIdBytesInEvents);
    ref.value = OptInValue(context.values, c.canonical);
    ref.key = OptInValue(context.values, conflict.key_path);
    event.conflicts.push_back(std::move(ref));
  }
  event.evidence_truncated = verdict.evidence_truncated;
  event.answer_truncated = verdict.answer_truncated;
  event.grounding = verdict.grounding;
  return event;
}

std::optional<ContingentFound> MakeContingentFound(const EmitContext& context,
                                                   const Findings& findings) {
  if (findings.contingent.empty()) return std::nullopt;
  ContingentFound event;
  event.conversation_id = std::string(context.conversation_id);
  event.turn = context.turn;
  event.iteration = context.iteration;
  for (const ContingentValue& value : findings.contingent) {
    ContingentRef ref;
    ref.shape = value.shape;
    ref.start = value.start;
    ref.end = value.end;
    ref.value = OptInValue(context.values, value.canonical);
    ref.carriers = value.carriers;
    for (CarrierStanding& carrier : ref.carriers) {
      carrier.tool_call_id =
          base::ClipUtf8(carrier.tool_call_id, kMaxIdBytesInEvents);
    }
    event.values.push_back(std::move(ref));
  }
  return event;
}

void Emit(EventBus* bus, const EmitContext& context, const Judgement& judgement,
          const RouteDecision& decision) {
  if (bus == nullptr || !judgement.judged) return;
  bus->Publish(
      MakeEvidenceChecked(context, judgement.verdict, decision.event_action));
  if (decision.action == RouteAction::kAskRevision) return;
  if (std::optional<ContingentFound> contingent =
          MakeContingentFound(context, judgement.findings)) {
    bus->Publish(*std::move(contingent));
  }
}

}  // namespace groundgate::stages
