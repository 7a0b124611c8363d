// tests/runtime/events_test.cc — the events' JSON form and the EventBus.
//
// Pins the stable JSON (schema first, documented key order, byte-identical
// across runs), law 8 (no value in an event unless the application opts in)
// and the bus's promise that a subscriber never breaks a run.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"
#include "groundgate/stages.h"
#include "tests/support/misattributed.h"
#include "tests/support/tool_registry.h"

namespace groundgate {
namespace {

// A secret-looking value the tool returns and the answer repeats (grounded),
// and one the answer types (unsupported). Neither may reach an event.
constexpr std::string_view kSecret = "sk-7f3a9c2e41b8d605";
constexpr std::string_view kTypedSecret = "sk-0d1e2a3d4b5e6e7f";

ToolRegistry VaultTools() {
  return groundgate_test::OneToolRegistry(
      "read_vault",
      nlohmann::json{{"key_id", "KEY-4471"}, {"secret", kSecret}}.dump());
}

std::vector<ModelReply> VaultScript() {
  return {ModelReply::Call("call_v1", "read_vault", "{}"),
          ModelReply::Answer(absl::StrCat("Key KEY-4471 holds ",
                                          std::string(kSecret), " and ",
                                          std::string(kTypedSecret), ".")),
          ModelReply::Answer(
              absl::StrCat("Key KEY-4471 holds ", std::string(kSecret), "."))};
}

// Runs the vault conversation under `posture` and returns every event's
// JSON line.
std::vector<std::string> VaultLines(Posture posture,
                                    VerdictJsonOptions values = {}) {
  ToolRegistry tools = VaultTools();
  EventBus bus;
  std::vector<std::string> lines;
  Subscription all = bus.SubscribeAll(
      [&](const Event& event) { lines.push_back(EventToJsonLine(event)); });
  ScriptedModel model(VaultScript());
  absl::StatusOr<std::unique_ptr<Agent>> agent = Agent::Create(
      {.posture = posture, .conversation_id = "vault", .event_values = values},
      &model, &tools, &bus);
  REQUIRE(agent.ok());
  (void)(*agent)->Run("Read the vault key.");
  return lines;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

TEST_SUITE("events") {
  TEST_CASE("every event opens with its schema, conversation and turn") {
    const std::vector<std::string> lines = VaultLines(Posture::kGuard);
    REQUIRE(lines.size() == 8);
    const std::vector<std::string> kinds = {
        "run_started",      "model_called", "tool_called",      "model_called",
        "evidence_checked", "model_called", "evidence_checked", "run_finished"};
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CAPTURE(lines[i]);
      CHECK(lines[i].starts_with("{\"schema\":\"groundgate." + kinds[i] +
                                 "/1\",\"conversation_id\":\"vault\","
                                 "\"turn\":1,"));
    }
  }

  TEST_CASE("event JSON is byte-identical across runs (law 9)") {
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      CAPTURE(PostureName(posture));
      CHECK(VaultLines(posture) == VaultLines(posture));
    }
  }

  TEST_CASE(
      "values are absent from events unless the application opts in (law 8)") {
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      for (const std::string& line : VaultLines(posture)) {
        CAPTURE(line);
        const std::string lower = Lower(line);
        CHECK(lower.find(Lower(std::string(kSecret))) == std::string::npos);
        CHECK(lower.find(Lower(std::string(kTypedSecret))) ==
              std::string::npos);
        CHECK(lower.find("key-4471") == std::string::npos);
        CHECK(lower.find("7f3a9c") == std::string::npos);
      }
    }
  }

  TEST_CASE("opted-in values are clipped to max_value_bytes") {
    const std::vector<std::string> lines = VaultLines(
        Posture::kAssist, {.include_values = true, .max_value_bytes = 8});
    bool seen = false;
    for (const std::string& line : lines) {
      if (line.find("evidence_checked") == std::string::npos) continue;
      const nlohmann::json json = nlohmann::json::parse(line);
      REQUIRE(json["unsupported"].size() == 1);
      CHECK(json["unsupported"][0]["value"] ==
            Lower(std::string(kTypedSecret)).substr(0, 8));
      seen = true;
    }
    CHECK(seen);
    for (const std::string& line : lines) {
      // Grounded values are never listed, even when values are on.
      CHECK(Lower(line).find(Lower(std::string(kSecret))) == std::string::npos);
    }
  }

  TEST_CASE("carried_by is absent on revision_asked and present otherwise") {
    const std::vector<std::string> lines = VaultLines(Posture::kGuard);
    const nlohmann::json asked = nlohmann::json::parse(lines[4]);
    const nlohmann::json grounded = nlohmann::json::parse(lines[6]);
    CHECK(asked["action"] == "revision_asked");
    CHECK_FALSE(asked.contains("carried_by"));
    CHECK(grounded["action"] == "grounded");
    REQUIRE(grounded["carried_by"].is_array());
    CHECK(grounded["carried_by"][0]["tool_call_id"] == "call_v1");
  }

  TEST_CASE("the evidence_checked JSON keeps its documented key order") {
    EvidenceChecked e;
    e.conversation_id = "c";
    e.turn = 2;
    e.iteration = 3;
    e.action = EvidenceAction::kFlagged;
    e.posture = Posture::kGuard;
    e.after_revision = true;
    e.candidates = 2;
    e.looked_up = 2;
    e.unsupported = {{"identifier", 4, 13, std::nullopt}};
    e.carried_by = std::vector<AnswerCarrier>{{"call_1", "get_order", 1, 1}};
    e.grounding = {1, 0};
    CHECK(
        EventToJsonLine(e) ==
        R"({"schema":"groundgate.evidence_checked/1","conversation_id":"c",)"
        R"("turn":2,"iteration":3,"action":"flagged","posture":"guard",)"
        R"("after_revision":true,"wrap_up":false,"candidates":2,)"
        R"("looked_up":2,"unsupported":[{"shape":"identifier","start":4,)"
        R"("end":13}],"unverified":[],"misattributed":[],)"
        R"("carried_by":[{"tool_call_id":)"
        R"("call_1","tool_name":"get_order","values":1,"only":1}],)"
        R"("conflicts":[],"evidence_truncated":false,"answer_truncated":false,)"
        R"("grounding":{"this_turn":1,"prior_turns":0}})");
    e.carried_by.reset();
    CHECK(EventToOrderedJson(e)["carried_by"].is_null());
  }

  TEST_CASE("evidence_checked lists a misattributed value, values on opt-in") {
    const Verdict verdict = groundgate_test::MisattributedVerdict();
    const stages::RouteDecision decision =
        stages::Route(verdict, Posture::kAssist, {});
    const EvidenceChecked plain = stages::MakeEvidenceChecked(
        {.conversation_id = "c", .turn = 1, .iteration = 2}, verdict,
        decision.event_action);
    CHECK(plain.action == EvidenceAction::kFlagged);
    REQUIRE(plain.misattributed.size() == 1);
    CHECK(plain.unsupported.empty());
    const nlohmann::ordered_json json = EventToOrderedJson(plain);
    CHECK(json["misattributed"].dump() ==
          R"([{"shape":"money","start":20,"end":24,"named_carrier":"call_1",)"
          R"("read_carrier":"call_1"}])");
    const std::string line = EventToJsonLine(plain);
    CHECK(line.find(R"("unverified":[],"misattributed":[{)") !=
          std::string::npos);
    for (const char* hidden : {"174", "114", "prices", "$.flights"}) {
      CAPTURE(hidden);
      CHECK(line.find(hidden) == std::string::npos);
    }

    const EvidenceChecked opted = stages::MakeEvidenceChecked(
        {.values = {.include_values = true, .max_value_bytes = 12}}, verdict,
        decision.event_action);
    CHECK(EventToOrderedJson(opted)["misattributed"].dump() ==
          R"([{"shape":"money","start":20,"end":24,"named_carrier":"call_1",)"
          R"("read_carrier":"call_1","value":"114","named_value":"174",)"
          R"("field":"prices.econo","named_path":"$.flights[1]",)"
          R"("read_path":"$.flights[0]"}])");
  }

  TEST_CASE(
      "warns_only: a misattributed value is grounded, listed as a warning") {
    const Verdict verdict = groundgate_test::MisattributedVerdict(true);
    for (const Posture posture :
         {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
      CAPTURE(PostureName(posture));
      const stages::RouteDecision decision =
          stages::Route(verdict, posture, {});
      const EvidenceChecked e = stages::MakeEvidenceChecked(
          {.posture = posture}, verdict, decision.event_action);
      CHECK(e.action == EvidenceAction::kGrounded);
      CHECK(e.misattributed.size() == 1);
      CHECK(EventToOrderedJson(e)["carried_by"].is_array());
    }
  }

  TEST_CASE("invalid UTF-8 in an id is replaced, never thrown") {
    ToolCalled e;
    e.tool_call_id = "call_\xff\xfe";
    std::string line;
    CHECK_NOTHROW(line = EventToJsonLine(e));
    CHECK(line.find("\xEF\xBF\xBD") != std::string::npos);
  }

  TEST_CASE("KindFor and EventKindName agree with the schema names") {
    static_assert(KindFor<RunStarted>() == EventKind::kRunStarted);
    static_assert(KindFor<RunFinished>() == EventKind::kRunFinished);
    CHECK(EventKindName(KindFor<ContingentFound>()) == "contingent_found");
    const Event event = ModelCalled{};
    CHECK(EventToOrderedJson(event)["schema"] == "groundgate.model_called/1");
  }
}

TEST_SUITE("event bus") {
  TEST_CASE("a subscriber that throws does not break the run; it is counted") {
    ToolRegistry tools = VaultTools();
    EventBus bus;
    int seen_after = 0;
    Subscription thrower = bus.SubscribeAll(
        [](const Event&) { throw std::runtime_error("subscriber bug"); });
    Subscription thrower2 =
        bus.Subscribe<EvidenceChecked>([](const EvidenceChecked&) { throw 7; });
    Subscription counter =
        bus.SubscribeAll([&](const Event&) { ++seen_after; });
    ScriptedModel model(VaultScript());
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({.posture = Posture::kGuard}, &model, &tools, &bus);
    REQUIRE(agent.ok());
    absl::StatusOr<RunResult> run = (*agent)->Run("Read the vault key.");
    REQUIRE(run.ok());
    CHECK(seen_after == 8);  // later subscribers still got every event
    const EventBusStats stats = bus.stats();
    CHECK(stats.published == 8);
    CHECK(stats.handler_exceptions == 8 + 2);
    CHECK(stats.delivered == 8);
  }

  TEST_CASE("a slow subscriber is counted, not fatal") {
    EventBus bus({.slow_handler_threshold = std::chrono::milliseconds(1)});
    Subscription slow = bus.SubscribeAll([](const Event&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
    bus.Publish(RunStarted{});
    bus.Publish(RunFinished{});
    CHECK(bus.stats().slow_handlers == 2);
    CHECK(bus.stats().delivered == 2);
  }

  TEST_CASE(
      "per-kind subscriptions see only their kind, in subscription "
      "order") {
    EventBus bus;
    std::vector<std::string> order;
    Subscription a = bus.Subscribe(EventKind::kRunStarted,
                                   [&](const Event&) { order.push_back("a"); });
    Subscription b = bus.Subscribe<RunStarted>(
        [&](const RunStarted& e) { order.push_back("b" + e.conversation_id); });
    Subscription c = bus.SubscribeAll([&](const Event& e) {
      order.push_back("c" + std::string(EventKindName(KindOf(e))));
    });
    bus.Publish(RunStarted{.conversation_id = "1"});
    bus.Publish(RunFinished{});
    CHECK(order ==
          std::vector<std::string>{"a", "b1", "crun_started", "crun_finished"});
    CHECK(bus.subscribers() == 3);
  }

  TEST_CASE("a Subscription ends its handler when destroyed or cancelled") {
    EventBus bus;
    int calls = 0;
    {
      Subscription s = bus.SubscribeAll([&](const Event&) { ++calls; });
      CHECK(s.active());
      bus.Publish(RunStarted{});
      Subscription moved = std::move(s);
      CHECK_FALSE(s.active());  // NOLINT: moved-from is empty by contract
      CHECK(moved.active());
      bus.Publish(RunStarted{});
    }
    bus.Publish(RunStarted{});
    CHECK(calls == 2);
    CHECK(bus.subscribers() == 0);

    Subscription once;
    once = bus.SubscribeAll([&](const Event&) {
      ++calls;
      once.Cancel();  // from inside its own handler
    });
    bus.Publish(RunStarted{});
    bus.Publish(RunStarted{});
    CHECK(calls == 3);
    CHECK_FALSE(once.active());

    // A subscription may outlive its bus.
    auto short_lived = std::make_unique<EventBus>();
    Subscription orphan = short_lived->SubscribeAll([](const Event&) {});
    short_lived.reset();
    orphan.Cancel();
    CHECK_FALSE(orphan.active());
    CHECK_FALSE(bus.SubscribeAll(nullptr).active());
  }

  TEST_CASE(
      "a handler that publishes to its own bus is skipped, not "
      "deadlocked") {
    EventBus bus;
    int calls = 0;
    Subscription echo = bus.SubscribeAll([&](const Event& e) {
      ++calls;
      bus.Publish(e);
    });
    bus.Publish(RunStarted{});
    CHECK(calls == 1);
    CHECK(bus.stats().reentrant_skipped == 1);
    CHECK(bus.stats().published == 2);
  }

  TEST_CASE("Cancel waits for a running handler on another thread") {
    EventBus bus;
    std::atomic<bool> entered{false};
    std::atomic<bool> finished{false};
    Subscription s = bus.SubscribeAll([&](const Event&) {
      entered = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      finished = true;
    });
    std::thread publisher([&] { bus.Publish(RunStarted{}); });
    while (!entered) std::this_thread::yield();
    s.Cancel();
    CHECK(finished);  // Cancel returned only after the call completed
    publisher.join();
  }
}

}  // namespace
}  // namespace groundgate
