// groundgate/stages.h — the gate's four steps, for a loop the application
// already has.
//
// Its one job: expose the steps the Agent composes — Record (a message into
// the corpus), MakeJudgement (an answer into a verdict and findings), Route (a
// posture into deliver / revise / refuse) and Emit (a judgement into
// events) — so that an application with its own loop (llama.cpp, an HTTP
// service) gets the same behaviour without the Agent. Each is thin: the
// work is in Gate, EvidenceCorpus and ComputeFindings.
//
// What it does NOT do: talk to a model, run tools or keep the conversation.
// The loop does that; these functions only see what it hands them.
//
//   groundgate::EvidenceCorpus corpus;                 // one per conversation
//   groundgate::stages::RecordUserMessage(corpus, user_text);
//   groundgate::stages::Record(corpus, {.tool_call_id = id,
//                                       .tool_name = "get_order",
//                                       .content = result, .ok = true});
//   groundgate::stages::Judgement j =
//       groundgate::stages::MakeJudgement(gate, answer, corpus, &ledger);
//   if (j.judged) {
//     corpus.RecordJudgedAnswer(j.verdict);  // what it derived, for later
//     groundgate::stages::RouteDecision d = groundgate::stages::Route(
//         j.verdict, groundgate::Posture::kGuard, {.revision_asked = false});
//     groundgate::stages::Emit(&bus, {.turn = 1, .iteration = 2,
//                                     .posture = groundgate::Posture::kGuard},
//                              j, d);
//     if (d.action == groundgate::stages::RouteAction::kAskRevision) {
//       std::string frame = groundgate::stages::CorrectionFrame(answer,
//                                                               j.verdict);
//       // append the answer as an assistant turn, the frame as a user turn,
//       // and call the model again with the tools still offered
//     }
//   }
//
// Thread safety: every function here is safe to call from many threads at
// once on distinct corpora; a corpus itself is one conversation's state.
#ifndef GROUNDGATE_STAGES_H_
#define GROUNDGATE_STAGES_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/export.h"
#include "groundgate/findings.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// ------------------------------------------------------------- the refusal

// The type URL of a rails refusal's payload (absl::Status::SetPayload). The
// payload is JSON: {"schema": "groundgate.refusal/1", "revision_tried": bool,
// "unsupported": [{"value", "canonical", "shape", "start", "end"}],
// ["misattributed": [{"value", "canonical", "shape", "start", "end",
// "named_carrier", "named_value", "field"}],] "more": n}. "misattributed"
// (law 11) is present only when the refused answer told a value of a record
// that does not hold it.
inline constexpr std::string_view kRefusalTypeUrl =
    "type.groundgate.dev/groundgate.refusal/1";
// A refusal names at most this many values; "more" counts the rest.
inline constexpr std::size_t kMaxValuesInRefusal = 64;
// Each value in a refusal is clipped to this many bytes.
inline constexpr std::size_t kMaxValueBytesInRefusal = 128;

struct RefusedValue {
  std::string value;      // as the answer spelled it, clipped
  std::string canonical;  // its canonical form, clipped
  std::string shape;
  std::size_t start = 0;  // its span in the refused answer
  std::size_t end = 0;
  // A misattributed value only (law 11), each clipped; empty otherwise: the
  // result holding the record the answer named, what that record holds, and
  // the field ("prices.economy").
  std::string named_carrier;
  std::string named_value;
  std::string field;
};

struct Refusal {
  std::vector<RefusedValue> unsupported;  // answer order
  std::size_t more = 0;  // values of both lists past kMaxValuesInRefusal
  bool revision_tried = false;
  // Values read from another record than the one the answer named
  // (law 11), in answer order; empty when the gate warns only.
  std::vector<RefusedValue> misattributed;
};

// The refusal carried by `status`, or nullopt when `status` is not a rails
// refusal (OK, another error, or a payload that does not parse).
[[nodiscard]] std::optional<Refusal> ReadRefusal(const absl::Status& status);
// True when `status` carries a rails refusal payload.
[[nodiscard]] bool IsRefusal(const absl::Status& status);

}  // namespace groundgate

namespace groundgate::stages {

// ---------------------------------------------------------------- record

// One tool result as the loop received it. Views; nothing is kept.
struct ToolResult {
  std::string_view tool_call_id;
  std::string_view tool_name;
  std::string_view content;
  // False when the call failed (unknown tool, bad arguments, handler error).
  bool ok = true;
};

// Records a successful tool result into the corpus and returns what the
// corpus did. Returns std::nullopt, and indexes nothing, when !result.ok: an
// error text that quotes the model's arguments must not ground them (law 3).
std::optional<RecordOutcome> Record(EvidenceCorpus& corpus,
                                    const ToolResult& result);

// Records a user message: a new user turn whose values are exempt — unless
// the text starts with kCorrectionFramePrefix (the library wrote it), which
// is neither (law 4). Returns true when a user turn began.
bool RecordUserMessage(EvidenceCorpus& corpus, std::string_view text);

// Records text the application supplies (a system prompt, context it
// injects): its values are exempt. Never a turn boundary.
void RecordSystem(EvidenceCorpus& corpus, std::string_view text);

// ----------------------------------------------------------------- judge

struct Judgement {
  // False for an empty (or whitespace-only) answer: there is nothing to
  // judge, so there is no verdict to route and no event to emit.
  bool judged = false;
  Verdict verdict;
  Findings findings;
};

// Judges `answer` against `corpus` and computes the findings. `ledger` may be
// null. Never fails; keeps no reference to its arguments. The loop then
// hands the verdict to corpus.RecordJudgedAnswer, as the Agent does, so a
// later answer that restates a number this one derived grounds it.
[[nodiscard]] Judgement MakeJudgement(const Gate& gate, std::string_view answer,
                                      const EvidenceCorpus& corpus,
                                      const FindingsLedger* ledger = nullptr);

// ----------------------------------------------------------------- route

enum class RouteAction {
  kDeliver,      // the answer goes out (grounded, flagged or unverified)
  kAskRevision,  // name the values back to the model once (CorrectionFrame)
  kRefuse,       // do not deliver; return RefusalStatus
};

// What the loop knows about this user turn.
struct RouteState {
  // A revision was already asked this user turn. The latch: a posture asks at
  // most once per user turn; the next flagged answer is delivered (guard) or
  // refused (rails).
  bool revision_asked = false;
  // The answer came at wrap-up (after max_iterations): it is judged once,
  // with no revision.
  bool wrap_up = false;
};

struct RouteDecision {
  RouteAction action = RouteAction::kDeliver;
  EvidenceAction event_action = EvidenceAction::kGrounded;  // for Emit
};

// The posture's decision for one judged answer:
//   evidence truncated         -> deliver, "unverified" (law 5: every
//                                 posture acts as assist)
//   not Verdict::flagged()     -> deliver, "grounded" (nothing unsupported,
//                                 and nothing misattributed unless
//                                 misattribution_warns_only)
//   assist                     -> deliver, "flagged"
//   guard, first time          -> revise,  "revision_asked"
//   guard, latched or wrap-up  -> deliver, "flagged"
//   rails, first time          -> revise,  "revision_asked"
//   rails, latched or wrap-up  -> refuse,  "refused"
[[nodiscard]] RouteDecision Route(const Verdict& verdict, Posture posture,
                                  const RouteState& state);

// A correction frame names at most this many values: a model that typed
// fifty values is told about the first twenty and how many more; the frame
// stays a short instruction, not a second answer.
inline constexpr std::size_t kMaxValuesInCorrectionFrame = 20;
// Each value quoted in a frame is clipped to this many bytes.
inline constexpr std::size_t kMaxValueBytesInCorrectionFrame = 128;

// The user turn the library writes for a revision. It starts with
// kCorrectionFramePrefix, then the library's words — these values appear in
// no tool result; call a tool that provides them, or say plainly that the
// data was not collected — and ends with the unsupported values, quoted as
// the answer spelled them, in answer order, each once (a value typed at
// several places is listed at each in the verdict); a value with a near miss is
// followed by "(compare the result of <tool_call_id>)", the result that
// carried the closest value of its shape. A misattributed value (law 11,
// unless misattribution_warns_only) gets its own sentence of instruction
// and, after the unsupported ones, is quoted with what the record the
// answer named holds: "$114" is not what the record at $.flights[1] in the
// result of call_1 holds at prices.economy: it holds 174. The two lists
// share kMaxValuesInCorrectionFrame. Pass it to RecordUserMessage:
// it is neither exempt nor a user-turn boundary (law 4).
[[nodiscard]] std::string CorrectionFrame(std::string_view answer,
                                          const Verdict& verdict);

// The rails refusal: a FailedPrecondition Status whose message counts the
// unsupported (and misattributed) values and whose payload (kRefusalTypeUrl
// above; read it back with ReadRefusal) names them and says whether a revision
// was tried. The refused answer's text is not in the Status, only its
// unsupported values (as spelled, and canonical, each once, at its first
// use), each clipped.
[[nodiscard]] absl::Status RefusalStatus(std::string_view answer,
                                         const Verdict& verdict,
                                         bool revision_tried);

// ------------------------------------------------------------------ emit

// Who and where, for the events of one judgement.
struct EmitContext {
  std::string_view conversation_id;
  int turn = 0;
  int iteration = 0;
  Posture posture = Posture::kAssist;
  bool after_revision = false;
  bool wrap_up = false;
  // Law 8: values go into events only when include_values is set, clipped
  // to max_value_bytes (at most kMaxValueBytesInEvents).
  VerdictJsonOptions values;
  TraceContext trace_context;    // the Run's; empty when none
  std::string_view response_id;  // the reply's (ModelReply::id); may be ""
};

// The evidence_checked event of one judgement (carried_by left empty on
// revision_asked, as the schema requires).
[[nodiscard]] EvidenceChecked MakeEvidenceChecked(const EmitContext& context,
                                                  const Verdict& verdict,
                                                  EvidenceAction action);

// The contingent_found event, or nullopt when nothing was contingent.
[[nodiscard]] std::optional<ContingentFound> MakeContingentFound(
    const EmitContext& context, const Findings& findings);

// Publishes evidence_checked and then, unless the decision asks for a
// revision, contingent_found when some value was contingent. `bus` may be
// null (nothing is published). Never fails.
void Emit(EventBus* bus, const EmitContext& context, const Judgement& judgement,
          const RouteDecision& decision);

}  // namespace groundgate::stages
GROUNDGATE_API_END

#endif  // GROUNDGATE_STAGES_H_
