// groundgate/events.h — what a run reports, and the bus that carries it.
//
// Its one job: define the events a run emits — typed structs, each with a
// stable JSON form carrying "schema": "groundgate.<kind>/1" — and a
// thread-safe EventBus that delivers them to subscribers. It sits at the end
// of the data flow: stages::Emit and the Agent publish; the application's
// subscribers (logs, metrics, an OpenTelemetry exporter) read.
//
// What it does NOT do: carry a value by default. Events hold identities
// (tool-call ids, tool names), shapes, counts and answer offsets; a value
// appears only when the application opts in (VerdictJsonOptions::
// include_values), clipped to at most kMaxValueBytesInEvents bytes (law 8).
// Nor does it buffer, sample, time or export: a subscriber does that. No
// event carries a clock reading, so the same run gives byte-identical JSON
// (law 9).
//
//   groundgate::EventBus bus;
//   groundgate::Subscription log = bus.SubscribeAll(
//       [](const groundgate::Event& event) {
//         std::cout << groundgate::EventToJsonLine(event) << "\n";
//       });
//   int flagged = 0;
//   groundgate::Subscription count =
//       bus.Subscribe<groundgate::EvidenceChecked>(
//           [&](const groundgate::EvidenceChecked& e) {
//             if (e.action == groundgate::EvidenceAction::kFlagged) ++flagged;
//           });
//   // ... groundgate::Agent::Create(options, &model, &tools, &bus) ...
//
// Thread safety: EventBus is safe for concurrent use by multiple threads.
// Publish, Subscribe and cancelling a Subscription may race freely. One
// handler is never called concurrently with itself (a handler that appends to
// a vector needs no lock of its own); handlers of different subscriptions may
// run at the same time on different threads. The event structs are plain
// values.
#ifndef GROUNDGATE_EVENTS_H_
#define GROUNDGATE_EVENTS_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "groundgate/export.h"
#include "groundgate/findings.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// What the route stage does with a flagged answer. Defined here because every
// evidence_checked event names it; stages::Route (stages.h) acts on it.
enum class Posture {
  kAssist,  // record and flag; the answer goes out unchanged (the default)
  kGuard,   // name the unsupported values back to the model once, then deliver
  kRails,   // as guard, then refuse: Run returns a non-OK Status
};

// The action word of one judgement, as evidence_checked reports it.
enum class EvidenceAction {
  kGrounded,       // every value was read (or supplied by the user or the app)
  kFlagged,        // some value was typed, not read (or read from another
                   // record than the one named, law 11); delivered as it is
  kRevisionAsked,  // flagged, and named back to the model (guard, rails)
  kRefused,        // flagged after the revision (or at wrap-up); rails refused
  kUnverified,     // the corpus was truncated: nothing is accused (law 5)
};

// Why a tool call produced an error result (which is never evidence, law 3).
enum class ToolError {
  kNone,
  kUnknownTool,   // no tool of that name is registered
  kBadArguments,  // the arguments are not a JSON object (or are too large)
  kHandlerError,  // the handler returned a non-OK Status or threw
};

// How a run ended.
enum class RunOutcome {
  kDelivered,  // Run returned a RunResult (the answer may be flagged)
  kRefused,    // rails refused the answer: Run returned the refusal Status
  kFailed,     // the model client failed, or the run could not proceed
};

std::string_view PostureName(Posture posture);            // "assist", ...
std::string_view EvidenceActionName(EvidenceAction act);  // "grounded", ...
std::string_view ToolErrorName(ToolError error);          // "unknown_tool"...
std::string_view RunOutcomeName(RunOutcome outcome);      // "delivered", ...

// ---------------------------------------------------------------------------
// The events. Every struct lists its JSON keys in the order they are written.
// Every event opens with "schema" and "conversation_id" (the application's
// name for the conversation, AgentOptions::conversation_id; "" when unset)
// and "turn" (the user turn, counted from 1 by the Agent).

// "groundgate.run_started/1": the Agent began a Run (one user turn).
struct RunStarted {
  std::string conversation_id;
  int turn = 0;
  Posture posture = Posture::kAssist;  // "posture": "assist"|"guard"|"rails"
  int max_iterations = 0;              // "max_iterations"
  std::vector<std::string> tools;      // "tools": offered names, in order
  std::size_t message_bytes = 0;       // "message_bytes": the user message
};

// "groundgate.model_called/1": one ModelClient::Complete call returned.
struct ModelCalled {
  std::string conversation_id;
  int turn = 0;
  int iteration = 0;            // "iteration": model calls this turn, from 1
  bool wrap_up = false;         // "wrap_up": tools withheld, final answer due
  bool after_revision = false;  // "after_revision": a correction frame came
                                // before this call
  int messages = 0;             // "messages": in the request
  int tools_offered = 0;        // "tools_offered": 0 at wrap-up
  bool ok = true;               // "ok": the client returned a reply
  // "error_code": the absl status code name ("UNAVAILABLE") when !ok; null
  // when ok. Never the message, which may quote the conversation.
  std::string error_code;
  int tool_calls = 0;            // "tool_calls": in the reply
  std::size_t answer_bytes = 0;  // "answer_bytes": the reply's text
};

// "groundgate.tool_called/1": one tool call ran (or failed to).
struct ToolCalled {
  std::string conversation_id;
  int turn = 0;
  int iteration = 0;         // "iteration": the model call that asked for it
  std::string tool_call_id;  // "tool_call_id", clipped to kMaxIdBytesInEvents
  // "tool_name": the registered name; null for an unknown tool (the model
  // typed that name; it is not an identity the application chose).
  std::optional<std::string> tool_name;
  bool ok = true;                      // "ok"
  ToolError error = ToolError::kNone;  // "error": null or "unknown_tool", ...
  std::size_t result_bytes = 0;  // "result_bytes": the tool message content
  // "recorded": the result entered the corpus as evidence. False for every
  // error result (law 3) and for the built-in standing tool (it reports the
  // model's own declaration).
  bool recorded = false;
  std::size_t values_recorded = 0;  // "values_recorded": canonical values
                                    // met, with repeats; 0 unless recorded
  bool parsed_as_json = false;      // "parsed_as_json"
  bool absence_report = false;      // "absence_report": the kAbsenceKey form
  bool evidence_truncated = false;  // "evidence_truncated": corpus is full
};

// One value of the answer, by position. Keys: "shape", "start", "end", and
// "value" only when the application opted in (law 8).
struct ValueRef {
  std::string shape;      // "number", "identifier" or a declared shape name
  std::size_t start = 0;  // byte offsets of its first occurrence in the
  std::size_t end = 0;    // answer, [start, end)
  std::optional<std::string> value;  // canonical form, clipped; opt-in only
  // "near_miss_carrier": the tool call whose result carried the closest
  // value of the same shape (an identity, never the value); empty if none.
  std::string near_miss_carrier;
};

// A value the answer used on which this turn's results disagree: one
// result carried it at a JSON key path where another result of the same
// tool carried another value (Verdict::conflicts). Keys: "shape", "start",
// "end", "used_carrier", "other_carrier", ["value"], ["key"].
struct ConflictRef {
  std::string shape;
  std::size_t start = 0;  // byte offsets of the value's first occurrence
  std::size_t end = 0;
  std::string used_carrier;   // a tool call whose result carried the value
  std::string other_carrier;  // one whose result said otherwise there
  std::optional<std::string> value;  // opt-in only, clipped (law 8)
  // The key path ("reservation.status"): it says what the results disagree
  // on, so like a value it is there on opt-in only, clipped.
  std::optional<std::string> key;
};

// A value read from another record than the one the answer tells it of
// (law 11; Candidate::binding). Keys: "shape", "start", "end",
// "named_carrier", "read_carrier", ["aggregate"], ["value", "named_value",
// "field", "named_path", "read_path"]. The carriers are identities and
// always there; the values and the key names are there on opt-in only,
// clipped (law 8), as a conflict's key is.
struct MisattributedRef {
  std::string shape;
  std::size_t start = 0;  // byte offsets of the value's first occurrence
  std::size_t end = 0;
  std::string named_carrier;  // the result holding the record the answer names
  std::string read_carrier;   // the one that carried the value; "" if none
  // "min", "max", "day", "month", "trend", "winner" or "leader" when the
  // answer told the value of several records together (Binding::aggregate);
  // empty (and the key absent) for one record.
  std::string aggregate;
  std::optional<std::string> value;        // the answer's value, canonical
  std::optional<std::string> named_value;  // what the named record holds
  std::optional<std::string> field;        // "prices.economy"
  std::optional<std::string> named_path;   // "$.flights[2]"
  std::optional<std::string> read_path;    // "$.flights[0]"
};

// The application's trace context for a Run (W3C Trace Context): the span
// the Run belongs to, so that an exporter (otel.h) can join each judgement
// to it. Lowercase hex: trace_id 32 digits, span_id 16, neither all zeros;
// both empty when the application has none.
struct TraceContext {
  std::string trace_id;
  std::string span_id;

  [[nodiscard]] bool empty() const {
    return trace_id.empty() && span_id.empty();
  }
  // True when both ids are as described above.
  [[nodiscard]] bool well_formed() const {
    return IsId(trace_id, 32) && IsId(span_id, 16);
  }
  friend bool operator==(const TraceContext&, const TraceContext&) = default;

 private:
  static bool IsId(std::string_view id, std::size_t digits) {
    bool nonzero = false;
    for (const char c : id) {
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
      nonzero = nonzero || c != '0';
    }
    return id.size() == digits && nonzero;
  }
};

// "groundgate.evidence_checked/1": the one record of one judgement.
struct EvidenceChecked {
  std::string conversation_id;
  int turn = 0;
  int iteration = 0;  // "iteration": the model call that gave the answer
  EvidenceAction action = EvidenceAction::kGrounded;  // "action"
  Posture posture = Posture::kAssist;                 // "posture"
  bool after_revision = false;  // "after_revision": answers a correction frame
  bool wrap_up = false;         // "wrap_up": the answer after max_iterations
  int candidates = 0;           // "candidates": distinct values examined
  int looked_up = 0;            // "looked_up": candidates minus exempt ones
  std::vector<ValueRef> unsupported;  // "unsupported": typed, not read
  std::vector<ValueRef> unverified;   // "unverified": not found, corpus partial
  // "misattributed": read, but from another record than the one the answer
  // tells the value of (law 11), in answer order. They count toward the
  // action like unsupported values ("flagged", "revision_asked",
  // "refused"), except when the gate's misattribution_flags is false
  // (Verdict::misattribution_warns_only): then an answer with nothing else
  // wrong is "grounded" and delivered, and this list is its warnings.
  std::vector<MisattributedRef> misattributed;
  // "carried_by": [{"tool_call_id", "tool_name", "values", "only"}] — this
  // turn's results the answer's values were read from, in wire order;
  // null when that cannot be known whole (law 6). The key is ABSENT on
  // revision_asked: that answer goes back to the model, not out.
  std::optional<std::vector<AnswerCarrier>> carried_by;
  // "conflicts": values the answer used that this turn's results disagree
  // on, in answer order (the conflicting_evidence finding). Empty when none.
  std::vector<ConflictRef> conflicts;
  bool evidence_truncated = false;  // "evidence_truncated" (law 5)
  bool answer_truncated = false;    // "answer_truncated": past kMaxAnswerTokens
  GroundingSplit grounding;         // "grounding": {"this_turn", "prior_turns"}
  // "trace_id", "span_id": the Run's (RunOptions::trace_context); the keys
  // are absent when it has none.
  TraceContext trace_context;
  // "response_id": the endpoint's id of the reply that gave the answer
  // (ModelReply::id, OpenAI's "chatcmpl-..."); absent when "".
  std::string response_id;
};

// One contingent value: every carrier this turn was set aside.
// Keys: "shape", "start", "end", ["value"], "carriers": [{"tool_call_id",
// "standing"}] in wire order.
struct ContingentRef {
  std::string shape;
  std::size_t start = 0;
  std::size_t end = 0;
  std::optional<std::string> value;  // opt-in only, clipped (law 8)
  std::vector<CarrierStanding> carriers;
};

// "groundgate.contingent_found/1": a judged answer used values whose every
// carrier this turn was declared open, noise or ruled_out (findings.h).
// Published right after the evidence_checked of the same judgement, never on
// revision_asked (that answer does not go out).
struct ContingentFound {
  std::string conversation_id;
  int turn = 0;
  int iteration = 0;                  // "iteration"
  std::vector<ContingentRef> values;  // "values", in answer order
};

// "groundgate.run_finished/1": Run returned.
struct RunFinished {
  std::string conversation_id;
  int turn = 0;
  RunOutcome outcome = RunOutcome::kDelivered;  // "outcome"
  // "action": the last judgement's action; null when no answer was judged
  // (an empty answer, or a failure before one).
  std::optional<EvidenceAction> action;
  int model_calls = 0;           // "model_calls"
  int tool_calls = 0;            // "tool_calls"
  bool revision_asked = false;   // "revision_asked"
  bool wrap_up = false;          // "wrap_up": max_iterations was reached
  std::size_t answer_bytes = 0;  // "answer_bytes": delivered; 0 otherwise
  std::string error_code;  // "error_code": status code name; null unless failed
};

// A tool-call id copied into an event is clipped to this many bytes: real
// ids are ~30 bytes ("call_8f2K..."); a model that types a paragraph as an id
// must not move text into events.
inline constexpr std::size_t kMaxIdBytesInEvents = 64;

// The order of the alternatives is the order of EventKind.
using Event = std::variant<RunStarted, ModelCalled, ToolCalled, EvidenceChecked,
                           ContingentFound, RunFinished>;

enum class EventKind {
  kRunStarted,
  kModelCalled,
  kToolCalled,
  kEvidenceChecked,
  kContingentFound,
  kRunFinished,
};

EventKind KindOf(const Event& event);
std::string_view EventKindName(EventKind kind);  // "evidence_checked", ...

namespace events_internal {
template <typename T, typename... Ts>
constexpr std::size_t IndexOf(const std::variant<Ts...>*) {
  constexpr bool kMatches[] = {std::is_same_v<T, Ts>...};
  for (std::size_t i = 0; i < sizeof...(Ts); ++i) {
    if (kMatches[i]) return i;
  }
  return sizeof...(Ts);
}
}  // namespace events_internal

// The EventKind of an event struct type, at compile time.
template <typename T>
constexpr EventKind KindFor() {
  constexpr std::size_t kIndex =
      events_internal::IndexOf<T>(static_cast<const Event*>(nullptr));
  static_assert(kIndex < std::variant_size_v<Event>, "not an event struct");
  return static_cast<EventKind>(kIndex);
}

// The stable JSON form as one line of compact JSON text without a trailing
// newline: keys in the documented order, lists in answer or wire order,
// "schema" first. Invalid UTF-8 (a tool-call id is the model's text) is
// replaced with U+FFFD. Never throws. (groundgate/json.h parses it into an
// nlohmann object: EventToOrderedJson.)
std::string EventToJsonLine(const Event& event);

// ---------------------------------------------------------------------------
// The bus.

// A handler taking longer than this is counted as slow: a subscriber that
// blocks (a synchronous network export) stalls the run that published, so
// the application should see it in EventBusStats. 100 ms is far above any
// in-memory handler and well below a model call.
inline constexpr std::chrono::milliseconds kSlowHandlerThreshold{100};

struct EventBusOptions {
  // Handler calls longer than this count in EventBusStats::slow_handlers.
  // Default: kSlowHandlerThreshold.
  std::chrono::nanoseconds slow_handler_threshold = kSlowHandlerThreshold;
};

// Counters since the bus was created. A handler's failure never reaches the
// publisher: it is caught and counted here.
struct EventBusStats {
  std::uint64_t published = 0;           // Publish calls
  std::uint64_t delivered = 0;           // handler calls that returned
  std::uint64_t handler_exceptions = 0;  // handler calls that threw (caught)
  std::uint64_t slow_handlers = 0;       // calls over the slow threshold
  // Deliveries skipped because the handler was already running on this
  // thread (it published from inside itself): calling it again would
  // recurse or deadlock.
  std::uint64_t reentrant_skipped = 0;
};

class EventBus;

// The RAII handle of one subscription: destroying it (or Cancel) removes the
// handler. Once Cancel returns, the handler is not running and will not be
// called again — except when Cancel is called from inside that same handler,
// which is allowed and takes effect when the handler returns. Safe to
// destroy after the bus is gone.
class [[nodiscard]] Subscription {
 public:
  Subscription() = default;  // subscribed to nothing
  ~Subscription();
  Subscription(Subscription&& other) noexcept;
  Subscription& operator=(Subscription&& other) noexcept;
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

  void Cancel();
  [[nodiscard]] bool active() const;

 private:
  friend class EventBus;
  struct Entry;
  struct BusState;
  Subscription(std::weak_ptr<BusState> bus, std::shared_ptr<Entry> entry);
  std::weak_ptr<BusState> bus_;
  std::shared_ptr<Entry> entry_;
};

class EventBus {
 public:
  using Handler = std::function<void(const Event&)>;

  explicit EventBus(EventBusOptions options = {});
  ~EventBus();
  // Subscriptions and publishers point at the bus; keep it in one place.
  EventBus(const EventBus&) = delete;
  EventBus& operator=(const EventBus&) = delete;

  // Calls `handler` for every event of `kind`. Handlers are called in the
  // order they subscribed. An empty handler subscribes to nothing.
  Subscription Subscribe(EventKind kind, Handler handler);
  // Calls `handler` for every event.
  Subscription SubscribeAll(Handler handler);
  // Typed form: bus.Subscribe<EvidenceChecked>([](const EvidenceChecked& e){})
  template <typename T>
  Subscription Subscribe(std::function<void(const T&)> handler) {
    if (!handler) return Subscription();
    return Subscribe(KindFor<T>(),
                     [handler = std::move(handler)](const Event& event) {
                       if (const T* typed = std::get_if<T>(&event)) {
                         handler(*typed);
                       }
                     });
  }

  // Delivers `event` to the current subscribers on the calling thread, then
  // returns. A handler that throws is counted, never propagated; a slow one
  // is counted. Never fails.
  void Publish(const Event& event);

  [[nodiscard]] EventBusStats stats() const;
  [[nodiscard]] std::size_t subscribers() const;

 private:
  Subscription Add(std::optional<EventKind> kind, Handler handler);
  std::shared_ptr<Subscription::BusState> state_;
};

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_EVENTS_H_
