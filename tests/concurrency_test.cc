// tests/concurrency_test.cc — many conversations at once against one shared
// Gate, one ToolRegistry and one EventBus.
//
// scripts/test runs this suite again under ThreadSanitizer, so a data race
// in the bus, the gate or the runtime fails the build. Each conversation's
// event lines must also equal the single-threaded run's, byte for byte
// (law 9: whatever the thread count).
#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"

namespace groundgate {
namespace {

constexpr int kThreads = 8;
constexpr int kConversationsPerThread = 1'000;

ToolRegistry SharedTools() {
  ToolRegistry tools;
  REQUIRE(tools
              .Register({.name = "get_order"},
                        WithJsonArguments([](const nlohmann::json& args)
                                              -> absl::StatusOr<std::string> {
                          if (args.value("order_id", "") != "ORD-1042") {
                            return absl::NotFoundError("no such order");
                          }
                          return std::string(
                              R"({"order_id": "ORD-1042", "total": 1249.50,)"
                              R"( "shipment_id": "SHP-88410"})");
                        }))
              .ok());
  return tools;
}

Posture PostureOf(int conversation) {
  switch (conversation % 3) {
    case 0:
      return Posture::kAssist;
    case 1:
      return Posture::kGuard;
    default:
      return Posture::kRails;
  }
}

// One conversation: a tool call, a fabricated answer, then (guard, rails)
// a grounded revision or a repeat, by the conversation's number.
std::vector<ModelReply> Script(int conversation) {
  std::vector<ModelReply> script = {
      ModelReply::Call("call_1", "get_order", R"({"order_id": "ORD-1042"})"),
      ModelReply::Answer("Order ORD-1042 ships as SHP-99999."),
  };
  script.push_back(ModelReply::Answer(
      conversation % 2 == 0 ? "Order ORD-1042 ships as SHP-88410."
                            : "Order ORD-1042 ships as SHP-99999."));
  return script;
}

std::string ConversationId(int conversation) {
  return absl::StrCat("conv-", conversation);
}

// The conversation_id of any event.
const std::string& IdOf(const Event& event) {
  return std::visit(
      [](const auto& typed) -> const std::string& {
        return typed.conversation_id;
      },
      event);
}

void RunConversation(int conversation, const Gate& gate,
                     const ToolRegistry& tools, EventBus& bus) {
  ScriptedModel model(Script(conversation));
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      Agent::Create({.posture = PostureOf(conversation),
                     .gate = &gate,
                     .conversation_id = ConversationId(conversation)},
                    &model, &tools, &bus);
  if (!agent.ok()) return;  // counted by the caller through missing events
  (void)(*agent)->Run("Where is ORD-1042?");
}

// The expected lines of one conversation, with its id blanked so that
// conversations with the same script compare equal.
std::string Blank(std::string line, int conversation) {
  const std::string id = "\"" + ConversationId(conversation) + "\"";
  const std::size_t at = line.find(id);
  if (at != std::string::npos) line.replace(at, id.size(), "\"\"");
  return line;
}

TEST_SUITE("concurrency") {
  TEST_CASE(
      "8 threads x 1,000 conversations share one Gate and one EventBus with "
      "no data race") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    const ToolRegistry tools = SharedTools();
    const int total = kThreads * kConversationsPerThread;

    // The single-threaded reference: the six distinct scripts (posture x
    // revision outcome) run once each.
    std::vector<std::vector<std::string>> expected(6);
    {
      EventBus bus;
      std::vector<std::string> lines;
      Subscription all = bus.SubscribeAll(
          [&](const Event& e) { lines.push_back(EventToJsonLine(e)); });
      for (int c = 0; c < 6; ++c) {
        lines.clear();
        RunConversation(c, *gate, tools, bus);
        for (const std::string& line : lines) {
          expected[c].push_back(Blank(line, c));
        }
      }
    }

    EventBus bus;
    // Written only from this subscription's handler, which the bus never
    // runs concurrently with itself; read after the threads are joined.
    std::vector<std::vector<std::string>> lines(total);
    Subscription collect = bus.SubscribeAll([&](const Event& e) {
      const std::string& id = IdOf(e);
      const int conversation = std::stoi(id.substr(5));
      lines[conversation].push_back(EventToJsonLine(e));
    });
    // A plain counter: safe only because one handler never runs
    // concurrently with itself, which TSan holds the bus to.
    std::size_t plain_count = 0;
    Subscription plain = bus.SubscribeAll([&](const Event&) { ++plain_count; });
    std::atomic<int> checks{0};
    Subscription count = bus.Subscribe<EvidenceChecked>(
        [&](const EvidenceChecked&) { checks.fetch_add(1); });

    // A thread that keeps subscribing and cancelling while runs publish.
    std::atomic<bool> done{false};
    std::thread churn([&] {
      while (!done.load()) {
        Subscription s = bus.SubscribeAll([](const Event&) {});
        Subscription t = bus.Subscribe<RunFinished>([](const RunFinished&) {});
        (void)bus.stats();
      }
    });

    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kConversationsPerThread; ++i) {
          RunConversation(t * kConversationsPerThread + i, *gate, tools, bus);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    done = true;
    churn.join();

    int mismatches = 0;
    std::size_t events = 0;
    for (int c = 0; c < total; ++c) {
      events += lines[c].size();
      std::vector<std::string> blanked;
      for (const std::string& line : lines[c])
        blanked.push_back(Blank(line, c));
      if (blanked != expected[c % 6]) ++mismatches;
    }
    CHECK(mismatches == 0);
    CHECK(bus.stats().published == events);
    CHECK(plain_count == events);
    CHECK(bus.stats().handler_exceptions == 0);
    // assist: one judgement; guard and rails: two (revision_asked, then
    // grounded, flagged or refused).
    int judgements = 0;
    for (int c = 0; c < total; ++c) {
      judgements += PostureOf(c) == Posture::kAssist ? 1 : 2;
    }
    CHECK(checks.load() == judgements);
  }
}

}  // namespace
}  // namespace groundgate
