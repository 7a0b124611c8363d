// tests/support/event_recorder.h — every event of a bus, kept in order.
//
// Its one job: the recorder the Agent suites (runtime, the OpenAI client)
// each subscribed to their bus: the events as published, and the views of
// them those suites check (kinds, evidence_checked actions, one type's
// events, the last run's error code).
//
//   EventRecorder recorder;
//   auto agent = MakeAgent({}, &model, &tools, &recorder.bus);
//   CHECK(recorder.Actions() == std::vector<std::string>{"grounded"});
//
// What it does NOT do: serialize events (events_test.cc checks their JSON),
// or outlive its bus: the subscription ends with the recorder.
#ifndef GROUNDGATE_TESTS_SUPPORT_EVENT_RECORDER_H_
#define GROUNDGATE_TESTS_SUPPORT_EVENT_RECORDER_H_

#include <string>
#include <variant>
#include <vector>

#include "groundgate/events.h"

namespace groundgate_test {

// A bus, and every event published on it, in order. Not thread-safe: read
// it after the Run that published.
struct EventRecorder {
  groundgate::EventBus bus;
  std::vector<groundgate::Event> events;
  groundgate::Subscription all = bus.SubscribeAll(
      [this](const groundgate::Event& event) { events.push_back(event); });

  // Each event's kind name, in order.
  std::vector<std::string> Kinds() const {
    std::vector<std::string> kinds;
    for (const groundgate::Event& e : events) {
      kinds.emplace_back(groundgate::EventKindName(groundgate::KindOf(e)));
    }
    return kinds;
  }

  // The events of type T, in order.
  template <typename T>
  std::vector<const T*> All() const {
    std::vector<const T*> out;
    for (const groundgate::Event& e : events) {
      if (const auto* t = std::get_if<T>(&e)) out.push_back(t);
    }
    return out;
  }

  // The evidence_checked events, in order.
  std::vector<const groundgate::EvidenceChecked*> Checks() const {
    return All<groundgate::EvidenceChecked>();
  }

  // Each evidence_checked event's action name, in order.
  std::vector<std::string> Actions() const {
    std::vector<std::string> out;
    for (const groundgate::EvidenceChecked* c : Checks()) {
      out.emplace_back(groundgate::EvidenceActionName(c->action));
    }
    return out;
  }

  // The error code of the last run_finished; empty when there is none.
  std::string LastErrorCode() const {
    std::string code;
    for (const groundgate::RunFinished* f : All<groundgate::RunFinished>()) {
      code = f->error_code;
    }
    return code;
  }
};

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_EVENT_RECORDER_H_
