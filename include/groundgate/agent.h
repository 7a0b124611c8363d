// groundgate/agent.h — an agent loop with the gate inside it.
//
// Its one job: run one conversation — the model calls tools, the tools run,
// their results are recorded as evidence, the model answers, the answer is
// judged, and the posture decides what happens to it — and report each step
// on an EventBus. It composes the stages of stages.h; an application with a
// loop of its own calls those stages (or Gate and EvidenceCorpus) directly.
//
// What it does NOT do: talk to a model provider itself (the model is a
// ModelClient: OpenAiCompatibleClient in groundgate/openai_client.h, library
// groundgate_net, for any chat-completions endpoint, or the application's
// own; the messages are in the OpenAI shape, and ToOpenAiJson /
// ModelReplyFromOpenAiJson convert, as JSON text), retry (retries are the
// client's), stream, or judge truth. The gate is a fabrication detector: it
// says whether each value was read from a tool result, not whether the answer
// is correct. A Run stops at a deadline or a cancel flag (RunOptions), which it
// also hands to the model client, so a call in flight stops too.
//
//   groundgate::ToolRegistry tools;
//   absl::Status added = tools.Register(
//       {.name = "get_order",
//        .description = "Look up one order by id.",
//        .parameters = R"({"type": "object",
//                          "properties": {"order_id": {"type": "string"}},
//                          "required": ["order_id"]})"},
//       [&](std::string_view arguments) -> absl::StatusOr<std::string> {
//         // arguments: one JSON object, e.g. {"order_id": "ORD-1042"}; parse
//         // it with any JSON library (groundgate/json.h: WithJsonArguments)
//         return orders.FindByArguments(arguments);
//       });
//   groundgate::EventBus bus;
//   MyOpenAiClient model;                    // implements ModelClient
//   absl::StatusOr<std::unique_ptr<groundgate::Agent>> agent =
//       groundgate::Agent::Create({.posture = groundgate::Posture::kGuard},
//                                 &model, &tools, &bus);
//   if (!agent.ok()) return agent.status();  // names the bad option
//   absl::StatusOr<groundgate::RunResult> run =
//       (*agent)->Run("Where is order ORD-1042?");
//   if (std::optional<groundgate::Refusal> refusal =
//           groundgate::ReadRefusal(run.status())) {
//     // rails: the answer stated values no tool result carried
//   }
//
// Thread safety: an Agent is one conversation: Run must not be called
// concurrently on one Agent. Distinct Agents may run on distinct threads and
// share one Gate, one ToolRegistry (its handlers must then be thread-safe)
// and one EventBus. ScriptedModel is not thread-safe; use one per Agent.
#ifndef GROUNDGATE_AGENT_H_
#define GROUNDGATE_AGENT_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/export.h"
#include "groundgate/findings.h"
#include "groundgate/gate.h"
#include "groundgate/stages.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// ------------------------------------------------------------ the messages

enum class Role { kSystem, kUser, kAssistant, kTool };
std::string_view RoleName(Role role);  // "system", "user", ...

// One tool call the model asked for (OpenAI: message.tool_calls[i]).
struct ToolCall {
  std::string id;         // "call_..."; the Agent assigns one when empty
  std::string name;       // function.name
  std::string arguments;  // function.arguments: JSON text, as the model wrote
};

// One message of the conversation (OpenAI chat message).
struct Message {
  Role role = Role::kUser;
  std::string content;
  std::vector<ToolCall> tool_calls;  // assistant only
  std::string tool_call_id;          // tool only: the call it answers
  std::string name;                  // tool only: the tool's name
};

// One tool as the model sees it (OpenAI: tools[i].function).
struct ToolSpec {
  std::string name;  // [A-Za-z0-9_-], 1 to kMaxToolNameBytes bytes
  std::string description;
  // A JSON Schema, as the text of one JSON object. ToOpenAiJson writes it
  // compact, with each object's members in name order. Default: {}.
  std::string parameters = "{}";
};

// Which tools the model may call (OpenAI "tool_choice").
struct ToolChoice {
  enum class Mode {
    kAuto,      // "auto": the model decides
    kRequired,  // "required": every reply calls a tool
    kNone,      // "none": no reply calls one
    kFunction,  // {"type": "function", "function": {"name": function}}
  };
  Mode mode = Mode::kAuto;
  std::string function;  // kFunction only: the tool's name

  friend bool operator==(const ToolChoice&, const ToolChoice&) = default;
};

struct ModelRequest {
  std::vector<Message> messages;  // the whole conversation so far
  std::vector<ToolSpec> tools;    // empty at wrap-up: tools withheld
  // AgentOptions::tool_choice and parallel_tool_calls, on a request that
  // offers tools; unset (the endpoint's default) otherwise.
  std::optional<ToolChoice> tool_choice;
  std::optional<bool> parallel_tool_calls;
  int iteration = 0;              // model calls this user turn, from 1
  bool wrap_up = false;           // the last call of the turn: answer, no tools
  // The Run's deadline (RunOptions::deadline): a client should give up at it
  // with DeadlineExceeded. Default: none.
  absl::Time deadline = absl::InfiniteFuture();
  // The Run's cancel flag (RunOptions::cancel), or null: a client should give
  // up with Cancelled soon after it becomes true. Not owned.
  const std::atomic<bool>* cancel = nullptr;
  // The Run's RunOptions::on_partial_text for this call, or empty. A client
  // that streams (OpenAiClientOptions::stream) calls it with each piece of
  // the reply's content as it arrives; one that reads replies whole may
  // call it once with the whole content (ScriptedModel does). The text is
  // not judged yet.
  std::function<void(std::string_view text)> on_text;
};

// Token counts as the endpoint reported them (OpenAI: response.usage).
struct Usage {
  std::int64_t prompt_tokens = 0;
  std::int64_t completion_tokens = 0;
  std::int64_t total_tokens = 0;

  Usage& operator+=(const Usage& other);
  friend bool operator==(const Usage&, const Usage&) = default;
};

struct ModelReply {
  std::string content;               // the answer (when no tool calls)
  std::vector<ToolCall> tool_calls;  // when non-empty, content is not judged
  // The tokens this call cost, when the endpoint said (OpenAI: usage).
  std::optional<Usage> usage;
  // Why the model stopped ("stop", "tool_calls", "length", ...; OpenAI:
  // choices[0].finish_reason); empty when not reported. "length" means the
  // content was cut off by the token limit.
  std::string finish_reason;
  // The endpoint's id of this reply (OpenAI: response.id), at most
  // kMaxIdBytesInEvents bytes; "" when not reported. The evidence_checked
  // event of the answer carries it (response_id).
  std::string id;

  static ModelReply Answer(std::string text);
  static ModelReply Call(std::string id, std::string name,
                         std::string arguments);
};

// The OpenAI chat-completions request body for `request`, as one line of
// compact JSON text: {"messages": [...][, "tools": [{"type": "function",
// "function": {...}}][, "tool_choice": ...][, "parallel_tool_calls": b]]}.
// "tool_choice" and "parallel_tool_calls" are written only beside tools: a
// wrap-up request (no tools) has none of the three, as real endpoints
// require. The caller adds "model" and its own settings. A tool's parameters
// that are not JSON text are written as {}. Invalid UTF-8 is replaced with
// U+FFFD. Never throws.
std::string ToOpenAiJson(const ModelRequest& request);
// Reads a chat-completions response (choices[0].message) or a bare message
// object, given as JSON text, into a ModelReply, with usage (response.usage,
// when its counts are integers) and finish_reason (choices[0].finish_reason,
// when a string). InvalidArgument when the text is not JSON ("OpenAI
// response: not JSON"), or naming the missing member when the shape is
// wrong, or when a call's object arguments nest deeper than
// kMaxToolArgumentDepth. Never throws.
absl::StatusOr<ModelReply> ModelReplyFromOpenAiJson(std::string_view response);

// ---------------------------------------------------------------- the model

// The application's model. Complete is called once per iteration with the
// whole conversation. A non-OK Status ends the Run with that Status; an
// exception thrown out of Complete is caught and becomes Internal. A client
// that blocks should honour request.deadline (DeadlineExceeded) and
// request.cancel (Cancelled), so that a Run stops when its caller says.
class ModelClient {
 public:
  virtual ~ModelClient() = default;
  virtual absl::StatusOr<ModelReply> Complete(const ModelRequest& request) = 0;
};

// A ModelClient that replays scripted replies in order, or calls a function
// to produce each one. It keeps every request it received, for tests, and
// gives a reply's content to request.on_text in one piece. Past the last
// scripted reply, Complete returns OutOfRange.
class ScriptedModel : public ModelClient {
 public:
  using ReplyFunction =
      std::function<absl::StatusOr<ModelReply>(const ModelRequest&)>;

  explicit ScriptedModel(std::vector<ModelReply> replies);
  explicit ScriptedModel(ReplyFunction reply);

  absl::StatusOr<ModelReply> Complete(const ModelRequest& request) override;

  [[nodiscard]] int calls() const { return static_cast<int>(requests_.size()); }
  [[nodiscard]] const std::vector<ModelRequest>& requests() const {
    return requests_;
  }

 private:
  std::vector<ModelReply> replies_;
  ReplyFunction reply_;
  std::vector<ModelRequest> requests_;
};

// ---------------------------------------------------------------- the tools

// A tool name is at most this long: OpenAI's own limit for function names.
inline constexpr std::size_t kMaxToolNameBytes = 64;
// Tool-call arguments larger than this are refused as bad arguments before
// parsing: real arguments are a few hundred bytes, and a model stuck in a
// loop can emit megabytes.
inline constexpr std::size_t kMaxToolArgumentBytes = 1 << 20;
// Tool-call arguments nested deeper than this are refused as bad arguments:
// no schema a model fills in nests past a handful of levels, and handlers
// that walk arguments recursively must not meet a stack-exhausting input.
inline constexpr int kMaxToolArgumentDepth = 64;
// An error message quoted into a tool message is clipped to this many bytes:
// enough for the model to act on, not a dump.
inline constexpr std::size_t kMaxToolErrorBytes = 1024;

// Receives the call's arguments as the text of one JSON object, already
// checked (at most kMaxToolArgumentBytes, nested at most
// kMaxToolArgumentDepth, an object): the model's text without its
// surrounding white space, or "{}" when the model sent none. The view is
// valid during the call only. Returns the tool message content. A non-OK
// Status becomes an error tool message "error: <tool> failed: <message>"; it
// is never evidence. (groundgate/json.h: WithJsonArguments wraps a handler
// that takes an nlohmann::json.)
using ToolHandler =
    std::function<absl::StatusOr<std::string>(std::string_view arguments)>;

// What one tool call produced. `content` is the tool message the model reads;
// for an error it explains what went wrong, so the model can correct itself.
struct ToolOutcome {
  bool ok = false;
  ToolError error = ToolError::kNone;
  std::string content;
};

// The tools an Agent offers, in registration order.
//
// Thread safety: Register is not thread-safe. After registration, Invoke and
// the accessors may be called from many threads at once (handlers must then
// be thread-safe themselves).
class ToolRegistry {
 public:
  ToolRegistry();
  ~ToolRegistry();
  ToolRegistry(ToolRegistry&&) noexcept;
  ToolRegistry& operator=(ToolRegistry&&) noexcept;
  ToolRegistry(const ToolRegistry&) = delete;
  ToolRegistry& operator=(const ToolRegistry&) = delete;

  // Adds a tool. InvalidArgument naming the field and the fix when the name
  // is empty, too long, not [A-Za-z0-9_-], already registered, when
  // `parameters` is not the text of a JSON object (or nests deeper than
  // kMaxToolArgumentDepth), or when the handler is empty.
  absl::Status Register(ToolSpec spec, ToolHandler handler);

  // Runs one call and never throws. An unknown name, arguments that are not
  // a JSON object ("" counts as {}), or a handler that fails or throws give
  // an error outcome whose content the model can read.
  [[nodiscard]] ToolOutcome Invoke(const ToolCall& call) const;

  [[nodiscard]] bool Contains(std::string_view name) const;
  [[nodiscard]] const std::vector<ToolSpec>& specs() const;

 private:
  struct Tools;
  std::unique_ptr<Tools> tools_;
};

// --------------------------------------------------------------- the agent

// When the model is still calling tools after this many iterations, the
// agent asks for the answer with the tools withheld (the wrap-up). Eight
// rounds of tool calls answer any question a single user turn should hold;
// a model past it is usually looping.
inline constexpr int kDefaultMaxIterations = 8;
// The most max_iterations may be: past it a looping model costs more than
// any answer is worth.
inline constexpr int kMaxMaxIterations = 256;

// The name of the built-in tool through which the model declares a tool
// result's standing (AgentOptions::standing_tool). Arguments:
// {"tool_call_id": "<id of a result of this turn>", "standing":
// "fact"|"open"|"noise"|"ruled_out"}.
inline constexpr std::string_view kStandingToolName = "declare_standing";

struct AgentOptions {
  // What happens to a flagged answer. Default: kAssist.
  Posture posture = Posture::kAssist;
  // Iterations (model calls whose tool calls are run) per Run before the
  // wrap-up. 1 to kMaxMaxIterations. Default: kDefaultMaxIterations.
  int max_iterations = kDefaultMaxIterations;
  // The Gate to judge with; not owned, must outlive the Agent. Share one
  // across Agents. When null, the Agent creates its own from gate_options.
  const Gate* gate = nullptr;
  GateOptions gate_options;  // used only when gate is null
  CorpusOptions corpus;      // the conversation's evidence ceiling
  // Sent first as a system message; its values are exempt. Default: none.
  std::string system_prompt;
  // Copied into every event, so a shared bus can tell conversations apart.
  std::string conversation_id;
  // Law 8: values go into events only when event_values.include_values is
  // set, clipped to event_values.max_value_bytes (1 to
  // kMaxValueBytesInEvents). Default: no values.
  VerdictJsonOptions event_values;
  // Offer the built-in kStandingToolName tool; its declarations go into
  // ledger(). Its results are never evidence. Default: off.
  bool standing_tool = false;
  // Sent with every request that offers tools (never at the wrap-up, which
  // offers none: endpoints refuse tool_choice without tools). kRequired
  // makes every model call before the wrap-up call a tool, so the answer
  // comes at the wrap-up; kFunction must name an offered tool. Default:
  // unset (the endpoint's default, "auto").
  std::optional<ToolChoice> tool_choice;
  // OpenAI "parallel_tool_calls", sent beside the tools. Default: unset.
  std::optional<bool> parallel_tool_calls;
  // The tool calls of one reply run on up to this many threads at once
  // (1 to kMaxToolConcurrency); their results are recorded, their tool
  // messages appended and their events published in the calls' order
  // whatever order they finish in, so verdicts do not depend on timing.
  // Above 1 the registry's handlers must be thread-safe. The built-in
  // standing tool always runs on the Run's thread, in order. Default: 1.
  int tool_concurrency = 1;
};

// The most AgentOptions::tool_concurrency may be.
inline constexpr int kMaxToolConcurrency = 64;

struct RunResult {
  // The delivered answer, exactly as the model wrote it. Under assist and
  // guard it may be flagged: read verdict.
  std::string answer;
  bool judged = false;  // false for an empty answer (nothing to judge)
  Verdict verdict;      // the final judgement, with answer_carriers
  Findings findings;    // contingent values, results cited nothing from, ...
  std::optional<EvidenceAction> action;  // the final evidence_checked action
  int iterations = 0;  // model calls this Run, wrap-up and revision included
  int tool_calls = 0;  // tool calls run this Run, failed ones included
  // The tokens of this Run's model calls, summed over the replies that
  // reported usage; nullopt when none did.
  std::optional<Usage> usage;
  bool revision_asked = false;
  bool wrap_up = false;  // max_iterations was reached
};

// How one Run may be stopped from outside.
struct RunOptions {
  // The Run ends with DeadlineExceeded when this time is reached before a
  // model call or a tool call; the model client receives it in ModelRequest
  // so a call in flight stops too. Default: none.
  absl::Time deadline = absl::InfiniteFuture();
  // When non-null and set to true from any thread, the Run ends with
  // Cancelled before its next model call or tool call (and the model client,
  // which receives it, stops the call in flight). Not owned: it must outlive
  // the Run. A flag already true stops the Run before its first model call.
  const std::atomic<bool>* cancel = nullptr;
  // The application's span this Run belongs to: copied into every
  // evidence_checked event of the Run (and so into the OTLP record's
  // traceId and spanId). Run refuses a malformed one with InvalidArgument.
  // Default: none.
  TraceContext trace_context;
  // Called on the Run's thread with each piece of a model reply's content
  // as a streaming ModelClient reads it (iteration: the model call it
  // belongs to, ModelRequest::iteration, from 1). The text is NOT judged:
  // show it as a draft and replace it with what Run returns, which may be
  // a revision (guard) or a refusal (rails), and may differ from the
  // pieces. A reply that calls tools may send content too. An exception
  // from it fails the model call. Default: none.
  std::function<void(int iteration, std::string_view text)> on_partial_text;
};

class Agent {
 public:
  // Validates everything once. InvalidArgument naming the option and the fix
  // when: model is null, max_iterations is out of range, event_values.
  // max_value_bytes is out of range, gate_options are rejected by
  // Gate::Create, or standing_tool collides with a registered tool. `model`,
  // `tools` (may be null: no tools) and `events` (may be null: no events)
  // are not owned and must outlive the Agent.
  static absl::StatusOr<std::unique_ptr<Agent>> Create(
      AgentOptions options, ModelClient* model, const ToolRegistry* tools,
      EventBus* events);
  ~Agent();
  Agent(const Agent&) = delete;
  Agent& operator=(const Agent&) = delete;

  // Runs one user turn: appends `user_message`, calls the model until it
  // answers, judges the answer and routes it by the posture. Calling Run
  // again continues the conversation as a new user turn.
  //
  // Returns the RunResult when the answer is delivered (assist and guard
  // always deliver; a truncated corpus makes every posture deliver, law 5).
  // Under rails, returns RefusalStatus (read it with ReadRefusal) when the
  // answer is still flagged after its one revision, or flagged at wrap-up;
  // the refused answer stays out of the Status and out of the conversation
  // (a fixed note takes its place). Returns the model client's Status when
  // it fails. Never throws.
  absl::StatusOr<RunResult> Run(std::string_view user_message);
  // As Run(user_message), stopping at options.deadline (DeadlineExceeded) or
  // when *options.cancel becomes true (Cancelled); either is checked before
  // every model call and every tool call and handed to the model client.
  // A stopped Run ends as a failed one: run_finished says "failed" with the
  // status code. The user message stays in the conversation; tool calls the
  // stop left unrun get an error tool message (never evidence), so the
  // conversation stays well-formed for the next Run.
  absl::StatusOr<RunResult> Run(std::string_view user_message,
                                const RunOptions& options);

  // The conversation so far, in the OpenAI message shape.
  [[nodiscard]] const std::vector<Message>& messages() const;
  [[nodiscard]] const EvidenceCorpus& corpus() const;
  // Standings declared for this conversation's tool results. Declare between
  // runs, from a tool handler, or let the model use the standing tool.
  [[nodiscard]] FindingsLedger& ledger();
  [[nodiscard]] const AgentOptions& options() const;

 private:
  struct Conversation;
  explicit Agent(std::unique_ptr<Conversation> conversation);
  std::unique_ptr<Conversation> conversation_;
};

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_AGENT_H_
