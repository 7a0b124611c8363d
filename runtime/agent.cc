// runtime/agent.cc — the agent loop: the stages composed around a model.
//
// Its one job: run one user turn. The model is called with the whole
// conversation; its tool calls run through the ToolRegistry and each
// successful result is recorded (stages::Record); its answer is judged
// (stages::MakeJudgement), routed by the posture (stages::Route) and reported
// (stages::Emit). Guard and rails get one revision per user turn: the failed
// answer goes in as an assistant turn, the correction frame as a user turn,
// and the tools stay offered. After max_iterations rounds of tool calls the
// tools are withheld for one last call (the wrap-up), whose answer is judged
// once, with no revision.
//
// A Run stops at its deadline or cancel flag (RunOptions), checked before
// every model call and every tool call and passed on in each ModelRequest.
//
// What it does NOT do: record the model's own text or its arguments (law 3),
// let library-written turns exempt anything (they start with
// kCorrectionFramePrefix, law 4), retry a failing model, interrupt a tool
// handler that is running, or throw: model and handler exceptions are caught
// here and in the ToolRegistry.
#include "groundgate/agent.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/absl_view.h"
#include "base/clip.h"
#include "nlohmann/json.hpp"
#include "runtime/tool_outcomes.h"

namespace groundgate {
namespace {

// The library's note that replaces a refused answer in the conversation: the
// user never saw that answer, so the model must not build on it. It starts
// with the frame prefix because the library wrote it.
constexpr std::string_view kWithheldAnswerNote =
    "[evidence check] The previous answer was withheld: it stated values "
    "that appear in no tool result.";

// The user turn the library adds when max_iterations is reached: the tools
// are withheld, and the model is asked for its answer now.
std::string WrapUpNote(int max_iterations) {
  return absl::StrCat(
      base::AbslView(kCorrectionFramePrefix), "] The limit of ", max_iterations,
      " rounds of tool calls for this turn is reached; the tools are "
      "withheld. Answer now from the tool results above, and say plainly "
      "what was not collected.");
}

// The standing tool's JSON Schema, as ToolSpec::parameters holds it.
std::string StandingToolParameters() {
  const nlohmann::json parameters = {
      {"type", "object"},
      {"properties",
       {{"tool_call_id",
         {{"type", "string"},
          {"description", "The id of a tool result of this turn."}}},
        {"standing",
         {{"type", "string"},
          {"enum", {"fact", "open", "noise", "ruled_out"}}}}}},
      {"required", {"tool_call_id", "standing"}}};
  return parameters.dump();
}

// Cancelled or DeadlineExceeded when `stop` says the Run must end before
// `next` ("model call 2", "a tool call"); OK otherwise.
absl::Status StopReason(const RunOptions& stop, std::string_view next) {
  if (stop.cancel != nullptr && stop.cancel->load()) {
    return absl::CancelledError(
        absl::StrCat("Agent::Run: cancelled before ", base::AbslView(next)));
  }
  if (stop.deadline != absl::InfiniteFuture() && absl::Now() >= stop.deadline) {
    return absl::DeadlineExceededError(absl::StrCat(
        "Agent::Run: the deadline passed before ", base::AbslView(next)));
  }
  return absl::OkStatus();
}

}  // namespace

struct Agent::Conversation {
  AgentOptions options;
  ModelClient* model = nullptr;
  const ToolRegistry* tools = nullptr;
  EventBus* events = nullptr;
  std::optional<Gate> owned_gate;
  const Gate* gate = nullptr;
  EvidenceCorpus corpus;
  FindingsLedger ledger;
  std::vector<Message> messages;
  std::vector<ToolSpec> offered;  // the registry's tools, then the built-in
  int turn = 0;
  int assigned_ids = 0;  // ids the Agent gave to calls that had none

  void Publish(Event event) {
    if (events != nullptr) events->Publish(event);
  }

  absl::StatusOr<ModelReply> CallModel(const ModelRequest& request) {
    try {
      return model->Complete(request);
    } catch (const std::exception& e) {
      return absl::InternalError(
          absl::StrCat("the ModelClient threw: ", e.what()));
    } catch (...) {
      return absl::InternalError("the ModelClient threw an exception");
    }
  }

  // The built-in standing tool: the model declares a result's standing.
  ToolOutcome DeclareStanding(const ToolCall& call) {
    if (call.arguments.size() > kMaxToolArgumentBytes) {
      return ToolFailure(ToolError::kBadArguments,
                         "error: the arguments are too large.");
    }
    const nlohmann::json args =
        nlohmann::json::parse(call.arguments, nullptr, false);
    const auto id = args.is_object() ? args.find("tool_call_id") : args.end();
    const auto name = args.is_object() ? args.find("standing") : args.end();
    if (!args.is_object() || id == args.end() || !id->is_string() ||
        name == args.end() || !name->is_string()) {
      return ToolFailure(
          ToolError::kBadArguments,
          absl::StrCat("error: ", base::AbslView(kStandingToolName),
                       " takes {\"tool_call_id\": \"<id>\", \"standing\": "
                       "\"fact\"|\"open\"|\"noise\"|\"ruled_out\"}."));
    }
    const std::optional<Standing> standing =
        ParseStanding(name->get<std::string>());
    if (!standing.has_value()) {
      return ToolFailure(ToolError::kBadArguments,
                         "error: standing must be one of fact, open, noise, "
                         "ruled_out.");
    }
    // The corpus keeps a long id in its bounded form; so does the ledger.
    const std::string target = BoundedToolCallId(id->get<std::string>());
    bool known = false;
    for (const RecordedResult& result : corpus.results()) {
      known = known || result.tool_call_id == target;
    }
    if (!known) {
      return ToolFailure(ToolError::kHandlerError,
                         "error: no tool result of this turn has that id. "
                         "Use the id of a call that succeeded.");
    }
    ledger.Declare(target, *standing);
    return ToolSuccess("declared");
  }

  bool IsBuiltIn(const ToolCall& call) const {
    return options.standing_tool && call.name == kStandingToolName;
  }

  // Invokes a call that is not the built-in tool: the part of a tool call
  // that may run on another thread (ToolRegistry::Invoke is const and
  // thread-safe; nothing of the conversation is touched).
  ToolOutcome Invoke(const ToolCall& call) const {
    if (tools != nullptr) return tools->Invoke(call);
    return ToolFailure(
        ToolError::kUnknownTool,
        absl::StrCat("error: there is no tool named \"",
                     base::ClipUtf8(call.name, kMaxToolNameBytes),
                     "\". No tools are available."));
  }

  // Runs one tool call and records its result when it is evidence.
  ToolCalled RunTool(const ToolCall& call, int iteration) {
    return Settle(call, IsBuiltIn(call) ? DeclareStanding(call) : Invoke(call),
                  iteration);
  }

  // Records a call's outcome when it is evidence, appends its tool message
  // and returns its event: on the Run's thread, in call order.
  ToolCalled Settle(const ToolCall& call, ToolOutcome outcome, int iteration) {
    ToolCalled event;
    event.conversation_id = options.conversation_id;
    event.turn = turn;
    event.iteration = iteration;
    event.tool_call_id = base::ClipUtf8(call.id, kMaxIdBytesInEvents);
    const bool built_in = IsBuiltIn(call);
    if (outcome.error != ToolError::kUnknownTool) event.tool_name = call.name;
    event.ok = outcome.ok;
    event.error = outcome.error;
    event.result_bytes = outcome.content.size();

    // Law 3: an error result (which may quote the arguments) and the
    // model's own standing declaration are never evidence.
    if (!built_in) {
      if (const std::optional<RecordOutcome> recorded = stages::Record(
              corpus, {call.id, call.name, outcome.content, outcome.ok})) {
        event.recorded = true;
        event.values_recorded = recorded->values_seen;
        event.parsed_as_json = recorded->parsed_as_json;
        event.absence_report = recorded->absence_report;
      }
    }
    event.evidence_truncated = corpus.truncated();
    AppendToolMessage(call, std::move(outcome.content));
    return event;
  }

  // The tool message that answers `call` in the conversation.
  void AppendToolMessage(const ToolCall& call, std::string content) {
    Message message;
    message.role = Role::kTool;
    message.content = std::move(content);
    message.tool_call_id = call.id;
    message.name = call.name;
    messages.push_back(std::move(message));
  }

  // Runs the tool calls of one model reply, in order, after the assistant
  // turn that asked for them; a call without an id gets one. When `stop`
  // ends the run before a call, every call not run still gets its tool
  // message (the next request would be malformed without one; these are
  // errors, not evidence) and the reason is returned.
  absl::Status RunToolCalls(ModelReply& reply, int iteration,
                            const RunOptions& stop, RunResult* run) {
    for (ToolCall& call : reply.tool_calls) {
      if (call.id.empty()) {
        call.id = absl::StrCat("call_", turn, "_", ++assigned_ids);
      }
    }
    AppendAssistant(reply.content, reply.tool_calls);
    if (options.tool_concurrency > 1 && reply.tool_calls.size() > 1) {
      return RunToolCallsConcurrently(reply, iteration, stop, run);
    }
    for (std::size_t i = 0; i < reply.tool_calls.size(); ++i) {
      if (absl::Status stopped = StopReason(stop, "a tool call");
          !stopped.ok()) {
        for (; i < reply.tool_calls.size(); ++i) {
          AppendToolMessage(
              reply.tool_calls[i],
              absl::StrCat("error: the run was stopped (",
                           absl::StatusCodeToString(stopped.code()),
                           ") before this tool ran."));
        }
        return stopped;
      }
      ++run->tool_calls;
      Publish(RunTool(reply.tool_calls[i], iteration));
    }
    return absl::OkStatus();
  }

  // RunToolCalls on up to tool_concurrency threads: every call that is not
  // the built-in tool is invoked at once (the stop is checked once, before
  // them: a handler cannot be interrupted), then each call is settled in
  // order on this thread, the built-in tool run in its place.
  absl::Status RunToolCallsConcurrently(const ModelReply& reply, int iteration,
                                        const RunOptions& stop,
                                        RunResult* run) {
    const std::vector<ToolCall>& calls = reply.tool_calls;
    if (absl::Status stopped = StopReason(stop, "a tool call"); !stopped.ok()) {
      for (const ToolCall& call : calls) {
        AppendToolMessage(call,
                          absl::StrCat("error: the run was stopped (",
                                       absl::StatusCodeToString(stopped.code()),
                                       ") before this tool ran."));
      }
      return stopped;
    }
    std::vector<std::optional<ToolOutcome>> outcomes(calls.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
      for (std::size_t i = next++; i < calls.size(); i = next++) {
        if (IsBuiltIn(calls[i])) continue;
        try {
          outcomes[i] = Invoke(calls[i]);
        } catch (...) {
          // ToolRegistry::Invoke catches a handler's exceptions; this is a
          // last guard for the thread.
          outcomes[i] =
              ToolFailure(ToolError::kHandlerError, "error: the tool failed.");
        }
      }
    };
    {
      const std::size_t threads = std::min<std::size_t>(
          static_cast<std::size_t>(options.tool_concurrency), calls.size());
      std::vector<std::jthread> helpers;
      helpers.reserve(threads - 1);
      for (std::size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
      work();
    }  // joined
    for (std::size_t i = 0; i < calls.size(); ++i) {
      ++run->tool_calls;
      Publish(Settle(calls[i],
                     outcomes[i].has_value() ? *std::move(outcomes[i])
                                             : DeclareStanding(calls[i]),
                     iteration));
    }
    return absl::OkStatus();
  }

  // Records the user's message, adds it to the conversation and announces
  // the run.
  void BeginTurn(std::string_view user_message) {
    ++turn;
    if (!stages::RecordUserMessage(corpus, user_message)) {
      // The user's own text happens to start with the frame prefix. The
      // Agent knows who wrote it, so it is still a user turn and exempt.
      corpus.BeginUserTurn();
      corpus.RecordExempt(user_message);
    }
    Message message;
    message.role = Role::kUser;
    message.content = std::string(user_message);
    messages.push_back(std::move(message));

    RunStarted event;
    event.conversation_id = options.conversation_id;
    event.turn = turn;
    event.posture = options.posture;
    event.max_iterations = options.max_iterations;
    for (const ToolSpec& spec : offered) event.tools.push_back(spec.name);
    event.message_bytes = user_message.size();
    Publish(std::move(event));
  }

  // The next model call of the run: the whole conversation, the tools
  // unless this is the wrap-up, the run's deadline and cancel flag.
  ModelRequest NextRequest(RunResult* run, const RunOptions& stop) const {
    ModelRequest request;
    request.messages = messages;
    request.iteration = ++run->iterations;
    request.wrap_up = run->wrap_up;
    request.deadline = stop.deadline;
    request.cancel = stop.cancel;
    if (stop.on_partial_text) {
      request.on_text = [callback = &stop.on_partial_text,
                         iteration = request.iteration](std::string_view text) {
        (*callback)(iteration, text);
      };
    }
    if (!run->wrap_up && !offered.empty()) {
      request.tools = offered;
      request.tool_choice = options.tool_choice;
      request.parallel_tool_calls = options.parallel_tool_calls;
    }
    return request;
  }

  // Calls the model and announces the call and how it went.
  absl::StatusOr<ModelReply> AskModel(const ModelRequest& request,
                                      bool after_revision) {
    absl::StatusOr<ModelReply> reply = CallModel(request);
    ModelCalled event;
    event.conversation_id = options.conversation_id;
    event.turn = turn;
    event.iteration = request.iteration;
    event.wrap_up = request.wrap_up;
    event.after_revision = after_revision;
    event.messages = static_cast<int>(request.messages.size());
    event.tools_offered = static_cast<int>(request.tools.size());
    event.ok = reply.ok();
    if (reply.ok()) {
      event.tool_calls = static_cast<int>(reply->tool_calls.size());
      event.answer_bytes = reply->content.size();
    } else {
      event.error_code = absl::StatusCodeToString(reply.status().code());
    }
    Publish(std::move(event));
    return reply;
  }

  // Ends the run on `status` (a stop, a model error): announces the failed
  // run and returns `status`.
  absl::Status Fail(const RunResult& run, absl::Status status) {
    Finish(RunOutcome::kFailed, run, 0,
           absl::StatusCodeToString(status.code()));
    return status;
  }

  // Ends the run with `answer` delivered to the user.
  RunResult Deliver(std::string answer, RunResult run) {
    AppendAssistant(answer);
    run.answer = std::move(answer);
    Finish(RunOutcome::kDelivered, run, run.answer.size(), "");
    return run;
  }

  void Finish(RunOutcome outcome, const RunResult& run,
              std::size_t answer_bytes, std::string error_code) {
    RunFinished event;
    event.conversation_id = options.conversation_id;
    event.turn = turn;
    event.outcome = outcome;
    event.action = run.action;
    event.model_calls = run.iterations;
    event.tool_calls = run.tool_calls;
    event.revision_asked = run.revision_asked;
    event.wrap_up = run.wrap_up;
    event.answer_bytes = answer_bytes;
    event.error_code = std::move(error_code);
    Publish(std::move(event));
  }

  void AppendAssistant(std::string content,
                       std::vector<ToolCall> tool_calls = {}) {
    Message message;
    message.role = Role::kAssistant;
    message.content = std::move(content);
    message.tool_calls = std::move(tool_calls);
    messages.push_back(std::move(message));
  }

  // A user turn the library wrote. Passed through the record stage, which
  // neither exempts it nor starts a user turn with it (law 4).
  void AppendLibraryTurn(std::string text) {
    stages::RecordUserMessage(corpus, text);
    Message message;
    message.role = Role::kUser;
    message.content = std::move(text);
    messages.push_back(std::move(message));
  }
};

namespace {

absl::Status CheckTraceContext(const TraceContext& context) {
  if (context.empty()) return absl::OkStatus();
  if (!context.well_formed()) {
    return absl::InvalidArgumentError(
        "RunOptions.trace_context: trace_id must be 32 and span_id 16 "
        "lowercase hex digits, not all zeros (W3C Trace Context), or both "
        "empty");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<Agent>> Agent::Create(AgentOptions options,
                                                     ModelClient* model,
                                                     const ToolRegistry* tools,
                                                     EventBus* events) {
  if (model == nullptr) {
    return absl::InvalidArgumentError(
        "Agent::Create: model is null: pass the ModelClient that answers "
        "(ScriptedModel in tests)");
  }
  if (options.max_iterations < 1 ||
      options.max_iterations > kMaxMaxIterations) {
    return absl::InvalidArgumentError(
        absl::StrCat("AgentOptions.max_iterations is ", options.max_iterations,
                     ": use 1 to ", kMaxMaxIterations, " (default ",
                     kDefaultMaxIterations, ")"));
  }
  if (options.event_values.max_value_bytes < 1 ||
      options.event_values.max_value_bytes > kMaxValueBytesInEvents) {
    return absl::InvalidArgumentError(absl::StrCat(
        "AgentOptions.event_values.max_value_bytes is ",
        options.event_values.max_value_bytes, ": use 1 to ",
        kMaxValueBytesInEvents, " (law 8: values in events stay short)"));
  }
  if (options.corpus.max_index_tokens < 1) {
    return absl::InvalidArgumentError(
        "AgentOptions.corpus.max_index_tokens is 0: use at least 1 (default "
        "kMaxIndexTokens)");
  }
  if (options.standing_tool && tools != nullptr &&
      tools->Contains(kStandingToolName)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "AgentOptions.standing_tool is on but a tool named \"",
        base::AbslView(kStandingToolName),
        "\" is registered: rename that tool or turn standing_tool off"));
  }

  if (options.tool_concurrency < 1 ||
      options.tool_concurrency > kMaxToolConcurrency) {
    return absl::InvalidArgumentError(absl::StrCat(
        "AgentOptions.tool_concurrency is ", options.tool_concurrency,
        ": use 1 to ", kMaxToolConcurrency, " (default 1)"));
  }
  if (options.tool_choice.has_value() &&
      options.tool_choice->mode == ToolChoice::Mode::kFunction) {
    const std::string& name = options.tool_choice->function;
    const bool offered = (tools != nullptr && tools->Contains(name)) ||
                         (options.standing_tool && name == kStandingToolName);
    if (!offered) {
      return absl::InvalidArgumentError(absl::StrCat(
          "AgentOptions.tool_choice names the function \"",
          base::ClipUtf8(name, kMaxToolNameBytes),
          "\", which is not an offered tool: register it or choose "
          "another"));
    }
  }

  auto conversation = std::make_unique<Conversation>();
  if (options.gate == nullptr) {
    absl::StatusOr<Gate> gate = Gate::Create(options.gate_options);
    if (!gate.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("AgentOptions.gate_options: ", gate.status().message()));
    }
    conversation->owned_gate.emplace(*std::move(gate));
    conversation->gate = &*conversation->owned_gate;
  } else {
    conversation->gate = options.gate;
  }
  conversation->model = model;
  conversation->tools = tools;
  conversation->events = events;
  conversation->corpus = EvidenceCorpus(options.corpus);
  if (tools != nullptr) conversation->offered = tools->specs();
  if (options.standing_tool) {
    conversation->offered.push_back(
        ToolSpec{std::string(kStandingToolName),
                 "Declare the standing of one tool result of this turn: "
                 "fact, open (unconfirmed), noise, or ruled_out.",
                 StandingToolParameters()});
  }
  if (!options.system_prompt.empty()) {
    stages::RecordSystem(conversation->corpus, options.system_prompt);
    Message system;
    system.role = Role::kSystem;
    system.content = options.system_prompt;
    conversation->messages.push_back(std::move(system));
  }
  conversation->options = std::move(options);
  return std::unique_ptr<Agent>(new Agent(std::move(conversation)));
}

Agent::Agent(std::unique_ptr<Conversation> conversation)
    : conversation_(std::move(conversation)) {}
Agent::~Agent() = default;

absl::StatusOr<RunResult> Agent::Run(std::string_view user_message) {
  return Run(user_message, RunOptions{});
}

absl::StatusOr<RunResult> Agent::Run(std::string_view user_message,
                                     const RunOptions& stop) {
  Conversation& c = *conversation_;
  const AgentOptions& options = c.options;
  if (absl::Status context = CheckTraceContext(stop.trace_context);
      !context.ok()) {
    return context;
  }
  c.BeginTurn(user_message);

  RunResult run;
  int tool_rounds = 0;
  bool after_revision = false;
  for (;;) {
    if (absl::Status stopped =
            StopReason(stop, absl::StrCat("model call ", run.iterations + 1));
        !stopped.ok()) {
      return c.Fail(run, std::move(stopped));
    }
    const ModelRequest request = c.NextRequest(&run, stop);
    absl::StatusOr<ModelReply> reply = c.AskModel(request, after_revision);
    if (!reply.ok()) return c.Fail(run, reply.status());
    if (reply->usage.has_value()) {
      if (!run.usage.has_value()) run.usage.emplace();
      *run.usage += *reply->usage;
    }

    // Tool calls at wrap-up are ignored: the tools were withheld, and the
    // reply's text is the answer.
    if (!run.wrap_up && !reply->tool_calls.empty()) {
      if (absl::Status stopped =
              c.RunToolCalls(*reply, request.iteration, stop, &run);
          !stopped.ok()) {
        return c.Fail(run, std::move(stopped));
      }
      if (++tool_rounds >= options.max_iterations) {
        run.wrap_up = true;
        c.AppendLibraryTurn(WrapUpNote(options.max_iterations));
      }
      continue;
    }

    std::string answer = std::move(reply->content);
    stages::Judgement judgement =
        stages::MakeJudgement(*c.gate, answer, c.corpus, &c.ledger);
    // An empty answer has nothing to judge: no verdict, no event.
    if (!judgement.judged) return c.Deliver(std::move(answer), std::move(run));
    const stages::RouteDecision decision = stages::Route(
        judgement.verdict, options.posture,
        {.revision_asked = run.revision_asked, .wrap_up = run.wrap_up});
    stages::Emit(c.events,
                 {.conversation_id = options.conversation_id,
                  .turn = c.turn,
                  .iteration = request.iteration,
                  .posture = options.posture,
                  .after_revision = after_revision,
                  .wrap_up = run.wrap_up,
                  .values = options.event_values,
                  .trace_context = stop.trace_context,
                  .response_id = reply->id},
                 judgement, decision);
    run.judged = true;
    run.action = decision.event_action;
    // What the answer derived grounds a later one that restates it.
    c.corpus.RecordJudgedAnswer(judgement.verdict);

    switch (decision.action) {
      case stages::RouteAction::kAskRevision: {
        std::string frame = stages::CorrectionFrame(answer, judgement.verdict);
        c.AppendAssistant(std::move(answer));
        c.AppendLibraryTurn(std::move(frame));
        run.revision_asked = true;
        after_revision = true;
        continue;
      }
      case stages::RouteAction::kRefuse: {
        absl::Status refusal = stages::RefusalStatus(answer, judgement.verdict,
                                                     run.revision_asked);
        c.AppendAssistant(std::string(kWithheldAnswerNote));
        c.Finish(RunOutcome::kRefused, run, 0, "");
        return refusal;
      }
      case stages::RouteAction::kDeliver:
        break;
    }
    run.verdict = std::move(judgement.verdict);
    run.findings = std::move(judgement.findings);
    return c.Deliver(std::move(answer), std::move(run));
  }
}

const std::vector<Message>& Agent::messages() const {
  return conversation_->messages;
}

const EvidenceCorpus& Agent::corpus() const { return conversation_->corpus; }

FindingsLedger& Agent::ledger() { return conversation_->ledger; }

const AgentOptions& Agent::options() const { return conversation_->options; }

}  // namespace groundgate
