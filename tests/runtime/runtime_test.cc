// tests/runtime/runtime_test.cc — the Agent: postures, the revision latch,
// wrap-up, error results, and the OpenAI shape.
//
// Each posture is pinned by its exact sequence of evidence_checked actions
// and its count of model calls, so a change that adds a revision, drops one,
// or lets a frame exempt its own values fails here.
#include <doctest/doctest.h>

#include <atomic>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "absl/time/clock.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "tests/at_text.h"
#include "tests/support/event_recorder.h"
#include "tests/support/model_reply.h"
#include "tests/support/tool_registry.h"

namespace groundgate {
namespace {

using groundgate_test::AtCanonical;
using groundgate_test::CheckReplyUsage;
using groundgate_test::EventRecorder;
using groundgate_test::OneToolRegistry;

constexpr std::string_view kOrder =
    R"({"order_id": "ORD-1042", "total": "1249.50", "shipment_id": "SHP-88410"})";
constexpr std::string_view kFabricated =
    "Order ORD-1042 totals 1249.50 and ships as SHP-99999.";
constexpr std::string_view kGrounded =
    "Order ORD-1042 totals 1249.50 and ships as SHP-88410.";

// The orders tool: ORD-1042, or an error that quotes the id asked for.
absl::StatusOr<std::string> GetOrderTool(const nlohmann::json& args) {
  const std::string id = args.at("order_id").get<std::string>();
  if (id == "ORD-1042") return std::string(kOrder);
  // An error that quotes the argument back.
  return absl::NotFoundError("no order " + id);
}

// A tool that always throws, its message quoting the id asked for.
absl::StatusOr<std::string> ExplodeTool(const nlohmann::json& args) {
  throw std::runtime_error("boom " + args.value("id", std::string()));
}

// get_order and explode, each taking one JSON object of arguments.
ToolRegistry MakeTools() {
  struct Tool {
    const char* name;
    const char* description;
    JsonToolHandler handler;
  };
  const Tool kTools[] = {
      {"get_order", "Look up an order.", GetOrderTool},
      {"explode", "Always throws.", ExplodeTool},
  };
  ToolRegistry tools;
  for (const Tool& tool : kTools) {
    REQUIRE(tools
                .Register({.name = tool.name,
                           .description = tool.description,
                           .parameters = R"({"type": "object"})"},
                          WithJsonArguments(tool.handler))
                .ok());
  }
  return tools;
}

ModelReply GetOrder(std::string id = "call_1") {
  return ModelReply::Call(std::move(id), "get_order",
                          R"({"order_id": "ORD-1042"})");
}

// The model's replies for a question about ORD-1042: it looks the order up
// (call_1), then answers `answers` in turn.
std::vector<ModelReply> LookUpThenAnswer(
    std::initializer_list<std::string_view> answers) {
  std::vector<ModelReply> replies = {GetOrder()};
  for (std::string_view answer : answers) {
    replies.push_back(ModelReply::Answer(std::string(answer)));
  }
  return replies;
}

std::unique_ptr<Agent> MakeAgent(AgentOptions options, ModelClient* model,
                                 const ToolRegistry* tools, EventBus* bus) {
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      Agent::Create(std::move(options), model, tools, bus);
  REQUIRE(agent.ok());
  return *std::move(agent);
}

// An Agent over MakeTools() whose model answers with `replies` in turn (or
// by `reply`, a function of each request), every event it emits recorded;
// `->` reaches the Agent.
struct OrderAgent {
  OrderAgent(AgentOptions options, std::vector<ModelReply> replies)
      : model(std::move(replies)),
        instance(MakeAgent(std::move(options), &model, &tools, &rec.bus)) {}
  OrderAgent(AgentOptions options, ScriptedModel::ReplyFunction reply)
      : model(std::move(reply)),
        instance(MakeAgent(std::move(options), &model, &tools, &rec.bus)) {}
  Agent* operator->() const { return instance.get(); }
  // The Run of "Where is ORD-1042?"; a Run that fails fails the test case
  // (REQUIRE).
  RunResult Delivered() const {
    absl::StatusOr<RunResult> run = instance->Run("Where is ORD-1042?");
    REQUIRE(run.ok());
    return *std::move(run);
  }

  ToolRegistry tools = MakeTools();
  EventRecorder rec;
  ScriptedModel model;
  std::unique_ptr<Agent> instance;
};

using Strings = std::vector<std::string>;

TEST_SUITE("runtime") {
  TEST_CASE("assist delivers a flagged answer unchanged") {
    OrderAgent agent({}, LookUpThenAnswer({kFabricated}));
    const RunResult run = agent.Delivered();
    CHECK(run.answer == kFabricated);
    CHECK(run.judged);
    CHECK(run.verdict.flagged());
    CHECK(run.action == EvidenceAction::kFlagged);
    CHECK(agent.model.calls() == 2);
    CHECK(agent.rec.Kinds() == Strings{"run_started", "model_called",
                                       "tool_called", "model_called",
                                       "evidence_checked", "run_finished"});
    CHECK(agent->messages().back().content == kFabricated);
  }

  TEST_CASE("guard: fabricate then ground gives revision_asked, grounded") {
    OrderAgent agent({.posture = Posture::kGuard},
                     LookUpThenAnswer({kFabricated, kGrounded}));
    const RunResult run = agent.Delivered();
    CHECK(agent.rec.Actions() == Strings{"revision_asked", "grounded"});
    CHECK(agent.model.calls() == 3);
    CHECK(run.answer == kGrounded);
    CHECK(run.revision_asked);
    CHECK_FALSE(run.verdict.flagged());
    REQUIRE(run.verdict.answer_carriers.has_value());
    CHECK((*run.verdict.answer_carriers)[0].tool_call_id == "call_1");
    const auto checks = agent.rec.Checks();
    CHECK_FALSE(checks[0]->after_revision);
    CHECK(checks[1]->after_revision);

    // The revision request: the failed answer as an assistant turn, then the
    // frame as a user turn; the tools stay offered.
    const ModelRequest& revision = agent.model.requests()[2];
    CHECK(revision.tools.size() == 2);
    REQUIRE(revision.messages.size() >= 2);
    const Message& answer_turn =
        revision.messages[revision.messages.size() - 2];
    const Message& frame_turn = revision.messages.back();
    CHECK(answer_turn.role == Role::kAssistant);
    CHECK(answer_turn.content == kFabricated);
    CHECK(frame_turn.role == Role::kUser);
    const std::string& frame = frame_turn.content;
    CHECK(frame.starts_with(kCorrectionFramePrefix));
    // The library's words first, the quoted values last.
    const std::size_t words = frame.find("appear in no tool result");
    const std::size_t advice =
        frame.find("say plainly that the data was not collected");
    const std::size_t value = frame.find("\"SHP-99999\"");
    REQUIRE(words != std::string::npos);
    REQUIRE(advice != std::string::npos);
    REQUIRE(value != std::string::npos);
    CHECK(words < value);
    CHECK(advice < value);
    CHECK(frame.find("Call a tool that provides them") < value);
    CHECK(frame.ends_with("\"SHP-99999\""));
  }

  TEST_CASE(
      "guard: fabricate twice gives revision_asked, flagged with exactly "
      "three model calls") {
    OrderAgent agent({.posture = Posture::kGuard},
                     LookUpThenAnswer({kFabricated, kFabricated}));
    const RunResult run = agent.Delivered();
    CHECK(agent.rec.Actions() == Strings{"revision_asked", "flagged"});
    CHECK(agent.model.calls() == 3);
    CHECK(run.answer == kFabricated);  // latched: delivered as it is
    CHECK(run.verdict.flagged());
  }

  TEST_CASE(
      "rails: fabricate twice is refused with a Status naming the values, "
      "without the answer text") {
    OrderAgent agent({.posture = Posture::kRails},
                     LookUpThenAnswer({kFabricated, kFabricated, kGrounded}));
    absl::StatusOr<RunResult> run = agent->Run("Where is ORD-1042?");
    REQUIRE_FALSE(run.ok());
    CHECK(run.status().code() == absl::StatusCode::kFailedPrecondition);
    CHECK(agent.rec.Actions() == Strings{"revision_asked", "refused"});
    CHECK(agent.model.calls() == 3);

    const std::optional<Refusal> refusal = ReadRefusal(run.status());
    REQUIRE(refusal.has_value());
    CHECK(IsRefusal(run.status()));
    CHECK(refusal->revision_tried);
    REQUIRE(refusal->unsupported.size() == 1);
    CHECK(refusal->unsupported[0].value == "SHP-99999");
    CHECK(refusal->unsupported[0].canonical == "shp-99999");
    CHECK(refusal->more == 0);
    // The refused answer is in neither the message nor the payload, nor in
    // the conversation the model sees next.
    const std::string everything =
        run.status().ToString(absl::StatusToStringMode::kWithEverything);
    CHECK(everything.find("SHP-99999") != std::string::npos);
    CHECK(everything.find("totals") == std::string::npos);
    CHECK(everything.find(kFabricated) == std::string::npos);
    CHECK(agent->messages().back().role == Role::kAssistant);
    CHECK(agent->messages().back().content != kFabricated);
    const auto finished = agent.rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->outcome == RunOutcome::kRefused);

    // The conversation goes on: the next Run is a new user turn.
    absl::StatusOr<RunResult> next = agent->Run("And the total?");
    REQUIRE(next.ok());
    CHECK(next->answer == kGrounded);
  }

  TEST_CASE("rails: a revision that grounds the answer is delivered") {
    OrderAgent agent({.posture = Posture::kRails},
                     LookUpThenAnswer({kFabricated, kGrounded}));
    absl::StatusOr<RunResult> run = agent->Run("Where is ORD-1042?");
    REQUIRE(run.ok());
    CHECK(agent.rec.Actions() == Strings{"revision_asked", "grounded"});
    CHECK_FALSE(ReadRefusal(run.status()).has_value());
  }

  TEST_CASE("the correction frame never exempts its quoted values") {
    OrderAgent agent({.posture = Posture::kGuard},
                     LookUpThenAnswer({kFabricated, "It ships as SHP-99999."}));
    const RunResult run = agent.Delivered();
    // The frame quoted SHP-99999 to the model; the model repeating it does
    // not make it exempt.
    const Candidate* shp = AtCanonical(run.verdict, "shp-99999");
    REQUIRE(shp != nullptr);
    CHECK(shp->status == CandidateStatus::kUnsupported);
    CHECK_FALSE(agent->corpus().IsExempt("shp-99999"));
    // Nor did the frame start a user turn: this turn's results are intact.
    REQUIRE(agent->corpus().results().size() == 1);
    CHECK(agent->corpus().results()[0].tool_call_id == "call_1");
    CHECK(agent.rec.Actions() == Strings{"revision_asked", "flagged"});
  }

  TEST_CASE("max_iterations ends in a wrap-up answer judged once") {
    OrderAgent agent(
        {.posture = Posture::kGuard, .max_iterations = 2},
        {GetOrder("call_1"), GetOrder("call_2"),
         // At wrap-up the tools are withheld; a tool call in the reply is
         // ignored and its text is the answer.
         [] {
           ModelReply reply = ModelReply::Answer(std::string(kFabricated));
           reply.tool_calls.push_back({"call_3", "get_order", "{}"});
           return reply;
         }()});
    const RunResult run = agent.Delivered();
    CHECK(agent.model.calls() == 3);
    CHECK(agent.rec.Actions() ==
          Strings{"flagged"});  // judged once, no revision
    CHECK(agent.rec.Checks()[0]->wrap_up);
    CHECK(run.wrap_up);
    CHECK_FALSE(run.revision_asked);
    CHECK(run.tool_calls == 2);
    const ModelRequest& last = agent.model.requests()[2];
    CHECK(last.wrap_up);
    CHECK(last.tools.empty());
    CHECK(last.messages.back().role == Role::kUser);
    CHECK(last.messages.back().content.starts_with(kCorrectionFramePrefix));
    // Neither tools nor tool_choice: endpoints refuse tool_choice alone.
    CHECK_FALSE(ToOpenAiOrderedJson(last).contains("tool_choice"));
    CHECK_FALSE(ToOpenAiOrderedJson(last).contains("tools"));
  }

  TEST_CASE("rails at wrap-up refuses without a revision") {
    OrderAgent agent({.posture = Posture::kRails, .max_iterations = 1},
                     LookUpThenAnswer({kFabricated}));
    absl::StatusOr<RunResult> run = agent->Run("Where is ORD-1042?");
    REQUIRE_FALSE(run.ok());
    CHECK(agent.rec.Actions() == Strings{"refused"});
    const std::optional<Refusal> refusal = ReadRefusal(run.status());
    REQUIRE(refusal.has_value());
    CHECK_FALSE(refusal->revision_tried);
  }

  TEST_CASE(
      "error results ground nothing — unknown tool, unparsable arguments, "
      "handler error (law 3)") {
    OrderAgent agent(
        {},
        {
            ModelReply::Call("c1", "get_ordr", R"({"order_id": "ORD-55555"})"),
            ModelReply::Call("c2", "get_order", R"({"order_id": ORD-55555)"),
            ModelReply::Call("c3", "get_order", R"({"order_id": "ORD-55555"})"),
            ModelReply::Call("c4", "explode", R"({"id": "ORD-55555"})"),
            ModelReply::Call("c5", "get_order", R"(["ORD-55555"])"),
            ModelReply::Answer("Order ORD-55555 was not found."),
        });
    absl::StatusOr<RunResult> run = agent->Run("Find my order.");
    REQUIRE(run.ok());
    // Nothing from an error result was indexed: the id quoted back in the
    // handler's error text is still typed, not read.
    CHECK(agent->corpus().results().empty());
    const Candidate* id = AtCanonical(run->verdict, "ord-55555");
    REQUIRE(id != nullptr);
    CHECK(id->status == CandidateStatus::kUnsupported);

    const auto calls = agent.rec.All<ToolCalled>();
    REQUIRE(calls.size() == 5);
    const std::vector<ToolError> expected = {
        ToolError::kUnknownTool, ToolError::kBadArguments,
        ToolError::kHandlerError, ToolError::kHandlerError,
        ToolError::kBadArguments};
    for (std::size_t i = 0; i < calls.size(); ++i) {
      CAPTURE(i);
      CHECK_FALSE(calls[i]->ok);
      CHECK_FALSE(calls[i]->recorded);
      CHECK(calls[i]->error == expected[i]);
    }
    CHECK_FALSE(calls[0]->tool_name.has_value());  // the model typed it
    CHECK(calls[1]->tool_name == "get_order");

    // Each became a tool message the model can read.
    int tool_messages = 0;
    for (const Message& m : agent->messages()) {
      if (m.role != Role::kTool) continue;
      ++tool_messages;
      CHECK(m.content.starts_with("error: "));
    }
    CHECK(tool_messages == 5);
    const std::string& unknown = agent->messages()[2].content;
    CHECK(unknown.find("get_order, explode") != std::string::npos);
    CHECK(agent->messages()[8].content.find("boom") != std::string::npos);
  }

  TEST_CASE(
      "a truncated corpus makes every posture act as assist, and the event "
      "says unverified (law 5)") {
    ToolRegistry tools = MakeTools();
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      CAPTURE(PostureName(posture));
      EventRecorder rec;
      ScriptedModel model(
          {GetOrder(), ModelReply::Answer(std::string(kFabricated))});
      auto agent =
          MakeAgent({.posture = posture, .corpus = {.max_index_tokens = 3}},
                    &model, &tools, &rec.bus);
      absl::StatusOr<RunResult> run = agent->Run("Where?");
      REQUIRE(run.ok());
      CHECK(run->verdict.evidence_truncated);
      CHECK(run->answer == kFabricated);
      CHECK(rec.Actions() == Strings{"unverified"});
      CHECK(model.calls() == 2);
      CHECK_FALSE(rec.Checks()[0]->carried_by.has_value());
    }
  }

  TEST_CASE("an empty answer is not judged") {
    OrderAgent agent({.posture = Posture::kRails},
                     {GetOrder(), ModelReply::Answer("  \n")});
    absl::StatusOr<RunResult> run = agent->Run("Where?");
    REQUIRE(run.ok());
    CHECK_FALSE(run->judged);
    CHECK_FALSE(run->action.has_value());
    CHECK(agent.rec.Checks().empty());
    const auto finished = agent.rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK_FALSE(finished[0]->action.has_value());
    CHECK(EventToOrderedJson(*finished[0])["action"].is_null());
  }

  TEST_CASE("Run again continues the conversation as a new user turn (law 7)") {
    OrderAgent agent({.posture = Posture::kGuard},
                     LookUpThenAnswer({kGrounded, "The total was 1249.50."}));
    agent.Delivered();
    absl::StatusOr<RunResult> second = agent->Run("Remind me of the total.");
    REQUIRE(second.ok());
    CHECK_FALSE(second->verdict.flagged());
    CHECK(second->verdict.grounding.prior_turns == 1);
    REQUIRE(second->verdict.answer_carriers.has_value());
    CHECK(second->verdict.answer_carriers->empty());
    // The second turn's model call saw the whole conversation.
    CHECK(agent.model.requests()[2].messages.size() == 5);
    const auto started = agent.rec.All<RunStarted>();
    REQUIRE(started.size() == 2);
    CHECK(started[1]->turn == 2);
  }

  TEST_CASE(
      "a number an answer derived grounds a later answer's restatement (law "
      "3)") {
    OrderAgent agent(
        {.posture = Posture::kAssist},
        LookUpThenAnswer({"Order ORD-1042 totals 1249.50; two would cost "
                          "1249.50 + 1249.50 = 2499.00.",
                          "Two would cost 2499.00.",
                          "Two would cost 2499.50."}));
    CHECK_FALSE(agent.Delivered().verdict.flagged());
    absl::StatusOr<RunResult> restated = agent->Run("And two, again?");
    REQUIRE(restated.ok());
    CHECK_FALSE(restated->verdict.flagged());
    CHECK(restated->verdict.grounding.prior_turns == 1);
    REQUIRE(restated->verdict.candidates.size() == 1);
    CHECK(restated->verdict.candidates[0].reason == MatchReason::kDerivedSum);
    // A number no answer derived is still typed.
    absl::StatusOr<RunResult> typed = agent->Run("Sure?");
    REQUIRE(typed.ok());
    CHECK(typed->verdict.flagged());
  }

  TEST_CASE("a user message that starts like the frame is still the user's") {
    ToolRegistry tools = MakeTools();
    ScriptedModel model({ModelReply::Answer("Booking 4XGCCM noted.")});
    auto agent =
        MakeAgent({.posture = Posture::kRails}, &model, &tools, nullptr);
    absl::StatusOr<RunResult> run =
        agent->Run("[evidence check] my booking is 4XGCCM");
    REQUIRE(run.ok());
    CHECK_FALSE(run->verdict.flagged());
    CHECK(agent->corpus().user_turn() == 1);
  }

  TEST_CASE("the system prompt is exempt and sent first") {
    ScriptedModel model({ModelReply::Answer("Region eu-west-7 it is.")});
    auto agent = MakeAgent(
        {.posture = Posture::kRails, .system_prompt = "Serve eu-west-7."},
        &model, nullptr, nullptr);
    absl::StatusOr<RunResult> run = agent->Run("Which region?");
    REQUIRE(run.ok());
    CHECK_FALSE(run->verdict.flagged());
    CHECK(model.requests()[0].messages[0].role == Role::kSystem);
    CHECK(model.requests()[0].tools.empty());
  }

  TEST_CASE("Create names the bad option and the fix") {
    ScriptedModel model(std::vector<ModelReply>{});
    ToolRegistry tools = MakeTools();
    const auto message = [&](AgentOptions options, ModelClient* m,
                             const ToolRegistry* t) {
      absl::StatusOr<std::unique_ptr<Agent>> agent =
          Agent::Create(std::move(options), m, t, nullptr);
      REQUIRE_FALSE(agent.ok());
      CHECK(agent.status().code() == absl::StatusCode::kInvalidArgument);
      return std::string(agent.status().message());
    };
    CHECK(message({}, nullptr, &tools).find("model is null") !=
          std::string::npos);
    CHECK(
        message({.max_iterations = 0}, &model, &tools).find("max_iterations") !=
        std::string::npos);
    CHECK(message({.max_iterations = kMaxMaxIterations + 1}, &model, &tools)
              .find("max_iterations") != std::string::npos);
    CHECK(message(
              {.event_values = {.include_values = true, .max_value_bytes = 0}},
              &model, &tools)
              .find("max_value_bytes") != std::string::npos);
    CHECK(message({.gate_options = {.min_digits = 0}}, &model, &tools)
              .find("gate_options") != std::string::npos);
    CHECK(message({.corpus = {.max_index_tokens = 0}}, &model, &tools)
              .find("max_index_tokens") != std::string::npos);
    ToolRegistry clash = OneToolRegistry(std::string(kStandingToolName), "");
    CHECK(message({.standing_tool = true}, &model, &clash)
              .find("standing_tool") != std::string::npos);
  }

  TEST_CASE("a model client's failure ends the run with its Status") {
    EventRecorder rec;
    ScriptedModel failing(
        [](const ModelRequest&) -> absl::StatusOr<ModelReply> {
          return absl::UnavailableError("the server is down");
        });
    auto agent = MakeAgent({}, &failing, nullptr, &rec.bus);
    absl::StatusOr<RunResult> run = agent->Run("Hello?");
    CHECK(run.status().code() == absl::StatusCode::kUnavailable);
    const auto finished = rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->outcome == RunOutcome::kFailed);
    CHECK(finished[0]->error_code == "UNAVAILABLE");
    CHECK_FALSE(ReadRefusal(run.status()).has_value());

    ScriptedModel throwing(
        [](const ModelRequest&) -> absl::StatusOr<ModelReply> {
          throw std::runtime_error("socket closed");
        });
    auto agent2 = MakeAgent({}, &throwing, nullptr, nullptr);
    CHECK(agent2->Run("Hello?").status().code() == absl::StatusCode::kInternal);

    ScriptedModel empty(std::vector<ModelReply>{});
    auto agent3 = MakeAgent({}, &empty, nullptr, nullptr);
    CHECK(agent3->Run("Hello?").status().code() ==
          absl::StatusCode::kOutOfRange);
  }

  TEST_CASE("tool calls without an id get one, and run in reply order") {
    ToolRegistry tools = MakeTools();
    EventRecorder rec;
    ModelReply two;
    two.tool_calls = {{"", "get_order", R"({"order_id": "ORD-1042"})"},
                      {"", "get_ordr", "{}"}};
    ScriptedModel model({two, ModelReply::Answer(std::string(kGrounded))});
    auto agent = MakeAgent({}, &model, &tools, &rec.bus);
    REQUIRE(agent->Run("Where?").ok());
    const auto calls = rec.All<ToolCalled>();
    REQUIRE(calls.size() == 2);
    CHECK(calls[0]->tool_call_id == "call_1_1");
    CHECK(calls[1]->tool_call_id == "call_1_2");
    CHECK(agent->messages()[2].tool_call_id == "call_1_1");
    CHECK(agent->messages()[3].tool_call_id == "call_1_2");
  }
}

TEST_SUITE("agent deadline and cancel") {
  TEST_CASE("a cancel flag already set stops Run before the first model call") {
    EventRecorder rec;
    ScriptedModel model({ModelReply::Answer("Hi.")});
    auto agent = MakeAgent({}, &model, nullptr, &rec.bus);
    std::atomic<bool> cancel{true};
    absl::StatusOr<RunResult> run = agent->Run("Hello?", {.cancel = &cancel});
    CHECK(run.status().code() == absl::StatusCode::kCancelled);
    CHECK(model.calls() == 0);
    CHECK(rec.Kinds() == Strings{"run_started", "run_finished"});
    const auto finished = rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->outcome == RunOutcome::kFailed);
    CHECK(finished[0]->error_code == "CANCELLED");
    REQUIRE(agent->messages().size() == 1);
    CHECK(agent->messages()[0].content == "Hello?");
  }

  TEST_CASE("a deadline already past stops Run with DeadlineExceeded") {
    EventRecorder rec;
    ScriptedModel model({ModelReply::Answer("Hi.")});
    auto agent = MakeAgent({}, &model, nullptr, &rec.bus);
    absl::StatusOr<RunResult> run =
        agent->Run("Hello?", {.deadline = absl::Now() - absl::Seconds(1)});
    CHECK(run.status().code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(model.calls() == 0);
    const auto finished = rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->error_code == "DEADLINE_EXCEEDED");
  }

  TEST_CASE("Run hands its deadline and cancel flag to every model call") {
    ToolRegistry tools = MakeTools();
    ScriptedModel model(
        {GetOrder(), ModelReply::Answer(std::string(kGrounded))});
    auto agent = MakeAgent({}, &model, &tools, nullptr);
    std::atomic<bool> cancel{false};
    const absl::Time deadline = absl::Now() + absl::Hours(1);
    REQUIRE(
        agent->Run("Where?", {.deadline = deadline, .cancel = &cancel}).ok());
    REQUIRE(model.calls() == 2);
    for (const ModelRequest& request : model.requests()) {
      CHECK(request.deadline == deadline);
      CHECK(request.cancel == &cancel);
    }
    // The one-argument Run sets neither.
    ScriptedModel plain({ModelReply::Answer("Hi.")});
    auto agent2 = MakeAgent({}, &plain, nullptr, nullptr);
    REQUIRE(agent2->Run("Hello?").ok());
    CHECK(plain.requests()[0].deadline == absl::InfiniteFuture());
    CHECK(plain.requests()[0].cancel == nullptr);
  }

  TEST_CASE(
      "cancel during a model call stops Run before its tool calls, which get "
      "error tool messages that are not evidence") {
    ToolRegistry tools = MakeTools();
    EventRecorder rec;
    std::atomic<bool> cancel{false};
    bool cancel_next = true;
    ScriptedModel model([&](const ModelRequest&) -> absl::StatusOr<ModelReply> {
      if (!cancel_next) return ModelReply::Answer(std::string(kGrounded));
      cancel.store(true);  // as another thread would, mid-call
      ModelReply two;
      two.tool_calls = {{"call_a", "get_order", R"({"order_id": "ORD-1042"})"},
                        {"call_b", "get_order", R"({"order_id": "ORD-1042"})"}};
      return two;
    });
    auto agent = MakeAgent({}, &model, &tools, &rec.bus);
    absl::StatusOr<RunResult> run = agent->Run("Where?", {.cancel = &cancel});
    CHECK(run.status().code() == absl::StatusCode::kCancelled);
    CHECK(rec.All<ToolCalled>().empty());
    CHECK(agent->corpus().results().empty());
    const std::vector<Message>& messages = agent->messages();
    REQUIRE(messages.size() == 4);
    CHECK(messages[1].tool_calls.size() == 2);
    CHECK(messages[2].role == Role::kTool);
    CHECK(messages[2].tool_call_id == "call_a");
    CHECK(messages[3].tool_call_id == "call_b");
    CHECK(messages[3].content.starts_with("error: the run was stopped"));
    const auto finished = rec.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->error_code == "CANCELLED");
    CHECK(finished[0]->model_calls == 1);
    CHECK(finished[0]->tool_calls == 0);

    // The conversation is still well-formed: the next Run goes on.
    cancel_next = false;
    absl::StatusOr<RunResult> next = agent->Run("Try again.");
    REQUIRE(next.ok());
    CHECK(next->answer == kGrounded);
    // Nothing was recorded, so the grounded-looking answer is flagged.
    CHECK(next->verdict.flagged());
  }

  TEST_CASE("a deadline that passes during a model call stops the tools") {
    OrderAgent agent(
        {}, [](const ModelRequest& request) -> absl::StatusOr<ModelReply> {
          // A slow model: it returns only once the deadline has passed.
          while (absl::Now() < request.deadline) {
            absl::SleepFor(absl::Milliseconds(1));
          }
          return GetOrder();
        });
    absl::StatusOr<RunResult> run = agent->Run(
        "Where?", {.deadline = absl::Now() + absl::Milliseconds(20)});
    CHECK(run.status().code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(agent.model.calls() == 1);
    CHECK(agent.rec.All<ToolCalled>().empty());
    CHECK(agent->messages().back().content.find("DEADLINE_EXCEEDED") !=
          std::string::npos);

    // A client that reports the deadline itself ends the Run the same way.
    ScriptedModel reporting(
        [](const ModelRequest&) -> absl::StatusOr<ModelReply> {
          return absl::DeadlineExceededError("the endpoint was too slow");
        });
    EventRecorder rec2;
    auto agent2 = MakeAgent({}, &reporting, nullptr, &rec2.bus);
    CHECK(agent2->Run("Hello?").status().code() ==
          absl::StatusCode::kDeadlineExceeded);
    const auto finished = rec2.All<RunFinished>();
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]->outcome == RunOutcome::kFailed);
    CHECK(finished[0]->error_code == "DEADLINE_EXCEEDED");
  }

  TEST_CASE("usage is summed over a Run's model calls") {
    ToolRegistry tools = MakeTools();
    ModelReply call = GetOrder();
    call.usage = Usage{
        .prompt_tokens = 100, .completion_tokens = 10, .total_tokens = 110};
    ModelReply answer = ModelReply::Answer(std::string(kGrounded));
    answer.usage = Usage{
        .prompt_tokens = 150, .completion_tokens = 20, .total_tokens = 170};
    ScriptedModel model({call, answer});
    auto agent = MakeAgent({}, &model, &tools, nullptr);
    absl::StatusOr<RunResult> run = agent->Run("Where?");
    REQUIRE(run.ok());
    REQUIRE(run->usage.has_value());
    CHECK(*run->usage == Usage{.prompt_tokens = 250,
                               .completion_tokens = 30,
                               .total_tokens = 280});

    ScriptedModel silent({ModelReply::Answer("Hi.")});
    auto agent2 = MakeAgent({}, &silent, nullptr, nullptr);
    absl::StatusOr<RunResult> quiet = agent2->Run("Hello?");
    REQUIRE(quiet.ok());
    CHECK_FALSE(quiet->usage.has_value());
  }

  TEST_CASE("usage and finish_reason are read from a response when present") {
    absl::StatusOr<ModelReply> reply = ModelReplyFromOpenAiJson(R"({
      "choices": [{"index": 0, "finish_reason": "length",
                   "message": {"role": "assistant", "content": "Cut"}}],
      "usage": {"prompt_tokens": 12, "completion_tokens": 5,
                "total_tokens": 17}})");
    CheckReplyUsage(
        reply, "length",
        {.prompt_tokens = 12, .completion_tokens = 5, .total_tokens = 17});

    // A missing total is the sum; counts that are not integers are ignored.
    reply = ModelReplyFromOpenAiJson(R"({
      "choices": [{"message": {"content": "x"}, "finish_reason": null}],
      "usage": {"prompt_tokens": 3, "completion_tokens": 4}})");
    REQUIRE(reply.ok());
    CHECK(reply->finish_reason.empty());
    REQUIRE(reply->usage.has_value());
    CHECK(reply->usage->total_tokens == 7);
    reply = ModelReplyFromOpenAiJson(R"({
      "choices": [{"message": {"content": "x"}}],
      "usage": {"prompt_tokens": "3", "completion_tokens": -1,
                "total_tokens": 1.5}})");
    REQUIRE(reply.ok());
    CHECK_FALSE(reply->usage.has_value());
    reply =
        ModelReplyFromOpenAiJson(R"({"choices": [{"message": {"content": "x"}}],
                                  "usage": null})");
    REQUIRE(reply.ok());
    CHECK_FALSE(reply->usage.has_value());
  }
}

TEST_SUITE("tool registry") {
  TEST_CASE("Register rejects a bad tool with the field and the fix") {
    ToolRegistry tools;
    const ToolHandler ok = [](std::string_view) -> absl::StatusOr<std::string> {
      return std::string("{}");
    };
    CHECK(tools.Register({.name = ""}, ok).code() ==
          absl::StatusCode::kInvalidArgument);
    CHECK(tools.Register({.name = "has space"}, ok).code() ==
          absl::StatusCode::kInvalidArgument);
    CHECK(tools.Register({.name = std::string(kMaxToolNameBytes + 1, 'a')}, ok)
              .code() == absl::StatusCode::kInvalidArgument);
    CHECK(tools.Register({.name = "t", .parameters = "[]"}, ok).code() ==
          absl::StatusCode::kInvalidArgument);
    CHECK(tools.Register({.name = "t"}, nullptr).code() ==
          absl::StatusCode::kInvalidArgument);
    CHECK(tools.Register({.name = "t"}, ok).ok());
    const absl::Status again = tools.Register({.name = "t"}, ok);
    CHECK(again.code() == absl::StatusCode::kInvalidArgument);
    CHECK(again.message().find("already registered") !=
          absl::string_view::npos);
    CHECK(tools.specs().size() == 1);
  }

  TEST_CASE("Invoke refuses hostile arguments without parsing them") {
    ToolRegistry tools = OneToolRegistry("t", "{}");
    CHECK(tools.Invoke({"c", "t", ""}).ok);  // no arguments: {}
    CHECK(tools.Invoke({"c", "t", " {} "}).ok);
    const std::string deep =
        std::string(100'000, '[') + std::string(100'000, ']');
    CHECK(tools.Invoke({"c", "t", deep}).error == ToolError::kBadArguments);
    const std::string huge =
        "{\"a\": \"" + std::string(kMaxToolArgumentBytes, 'x') + "\"}";
    CHECK(tools.Invoke({"c", "t", huge}).error == ToolError::kBadArguments);
    CHECK(tools.Invoke({"c", "t", "{\"a\": \"\xff\"}"}).error ==
          ToolError::kBadArguments);
    // Brackets inside strings do not count as nesting.
    CHECK(tools.Invoke({"c", "t", "{\"a\": \"" + std::string(100, '[') + "\"}"})
              .ok);
  }

  TEST_CASE("a handler receives the arguments as JSON text, {} for none") {
    ToolRegistry tools;
    std::vector<std::string> received;
    REQUIRE(
        tools
            .Register(
                {.name = "t"},
                [&](std::string_view arguments) -> absl::StatusOr<std::string> {
                  received.emplace_back(arguments);
                  return std::string("{}");
                })
            .ok());
    CHECK(tools.Invoke({"c", "t", ""}).ok);
    CHECK(tools.Invoke({"c", "t", " {\"order_id\": \"ORD-1042\"}\n"}).ok);
    CHECK(received ==
          std::vector<std::string>{"{}", R"({"order_id": "ORD-1042"})"});
  }

  TEST_CASE("parameters that are not the text of a JSON object are refused") {
    ToolRegistry tools;
    const ToolHandler ok = [](std::string_view) -> absl::StatusOr<std::string> {
      return std::string("{}");
    };
    for (const std::string parameters :
         {"", "{", "null", R"("type")", R"({"type": "object"} {})"}) {
      const absl::Status status =
          tools.Register({.name = "t", .parameters = parameters}, ok);
      CHECK(status.code() == absl::StatusCode::kInvalidArgument);
      CHECK(status.message().find("ToolSpec.parameters") !=
            absl::string_view::npos);
    }
    CHECK(tools.Register({.name = "t", .parameters = " {} "}, ok).ok());
  }
}

TEST_SUITE("openai shape") {
  TEST_CASE("a request is written in the chat-completions shape") {
    ModelRequest request;
    request.messages = {
        {.role = Role::kSystem, .content = "Be brief."},
        {.role = Role::kUser, .content = "Where is ORD-1042?"},
        {.role = Role::kAssistant,
         .tool_calls = {{"call_1", "get_order", R"({"order_id":"ORD-1042"})"}}},
        {.role = Role::kTool,
         .content = std::string(kOrder),
         .tool_call_id = "call_1",
         .name = "get_order"},
    };
    request.tools = {{.name = "get_order",
                      .description = "Look up an order.",
                      .parameters = R"({"type": "object"})"}};
    const nlohmann::ordered_json body = ToOpenAiOrderedJson(request);
    CHECK(body["messages"].size() == 4);
    CHECK(body["messages"][2]["content"].is_null());
    CHECK(body["messages"][2]["tool_calls"][0]["function"]["name"] ==
          "get_order");
    CHECK(body["messages"][3]["tool_call_id"] == "call_1");
    CHECK(body["tools"][0]["type"] == "function");
    CHECK(body["tools"][0]["function"]["parameters"]["type"] == "object");
    CHECK_FALSE(body.contains("tool_choice"));
  }

  TEST_CASE("a tool's parameters are written compact, members in name order") {
    ModelRequest request;
    request.tools = {
        {.name = "t", .parameters = R"({"type": "object", "required": ["id"],
                           "properties": {"id": {"type": "string"}}})"}};
    CHECK(ToOpenAiJson(request) ==
          R"({"messages":[],"tools":[{"type":"function","function":)"
          R"({"name":"t","description":"","parameters":{"properties":)"
          R"({"id":{"type":"string"}},"required":["id"],"type":"object"}}}]})");
  }

  TEST_CASE("a response is read back, and a malformed one is a Status") {
    const std::string response = R"({
      "choices": [{"message": {"role": "assistant", "content": null,
        "tool_calls": [{"id": "call_9", "type": "function",
          "function": {"name": "get_order",
                       "arguments": "{\"order_id\":\"ORD-1042\"}"}}]}}]})";
    absl::StatusOr<ModelReply> reply = ModelReplyFromOpenAiJson(response);
    REQUIRE(reply.ok());
    REQUIRE(reply->tool_calls.size() == 1);
    CHECK(reply->tool_calls[0].id == "call_9");
    CHECK(reply->tool_calls[0].arguments == R"({"order_id":"ORD-1042"})");
    CHECK(reply->content.empty());

    absl::StatusOr<ModelReply> bare = ModelReplyFromOpenAiJsonObject(
        nlohmann::json{{"role", "assistant"}, {"content", "Hi."}});
    REQUIRE(bare.ok());
    CHECK(bare->content == "Hi.");

    CHECK_FALSE(
        ModelReplyFromOpenAiJsonObject(nlohmann::json{{"choices", 3}}).ok());
    CHECK_FALSE(ModelReplyFromOpenAiJsonObject(nlohmann::json::array()).ok());
    CHECK_FALSE(ModelReplyFromOpenAiJsonObject(
                    nlohmann::json{{"tool_calls", {{{"function", 1}}}}})
                    .ok());
  }
}

}  // namespace
}  // namespace groundgate
