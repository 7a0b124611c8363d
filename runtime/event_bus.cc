// runtime/event_bus.cc — delivering events to subscribers without letting
// them break the run.
//
// The bus holds its subscriptions in subscription order. Publish copies the
// matching ones under a reader lock and calls them with no bus lock held, so
// a slow handler never blocks Subscribe or other handlers' cancellation.
// Each subscription has its own mutex, held while its handler runs: a
// handler is never called concurrently with itself, and Cancel waits for a
// running call to finish. A thread-local list of the handlers running on
// this thread turns re-entrant delivery (a handler that publishes) into a
// counted skip instead of a self-deadlock.
//
// The locks are std::mutex and std::shared_mutex rather than absl::Mutex:
// Debian's abseil is built without ThreadSanitizer annotations, so TSan
// (scripts/test) could not see absl::Mutex's ordering and would report
// races that are not there; pthread-based locks it intercepts.
//
// What it does NOT do: queue, reorder or retry. Delivery is synchronous on
// the publishing thread.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <shared_mutex>
#include <vector>

#include "groundgate/events.h"

namespace groundgate {

struct Subscription::Entry {
  std::optional<EventKind> kind;  // nullopt: every kind
  EventBus::Handler handler;
  std::mutex call_mu;
  bool active = true;  // guarded by call_mu
};

struct Subscription::BusState {
  explicit BusState(EventBusOptions o) : options(o) {}

  EventBusOptions options;
  mutable std::shared_mutex mu;
  std::vector<std::shared_ptr<Entry>> entries;  // guarded by mu

  std::atomic<std::uint64_t> published{0};
  std::atomic<std::uint64_t> delivered{0};
  std::atomic<std::uint64_t> handler_exceptions{0};
  std::atomic<std::uint64_t> slow_handlers{0};
  std::atomic<std::uint64_t> reentrant_skipped{0};

  void Remove(const Entry* entry) {
    std::unique_lock lock(mu);
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [entry](const std::shared_ptr<Entry>& e) {
                                   return e.get() == entry;
                                 }),
                  entries.end());
  }
};

namespace {

// The subscriptions whose handlers are running on this thread, innermost
// last. A handler that publishes (or cancels itself) is found here.
thread_local std::vector<const void*> running_here;

bool RunningHere(const void* entry) {
  return std::find(running_here.begin(), running_here.end(), entry) !=
         running_here.end();
}

}  // namespace

// ------------------------------------------------------------ Subscription

Subscription::Subscription(std::weak_ptr<BusState> bus,
                           std::shared_ptr<Entry> entry)
    : bus_(std::move(bus)), entry_(std::move(entry)) {}

Subscription::~Subscription() { Cancel(); }

Subscription::Subscription(Subscription&& other) noexcept
    : bus_(std::move(other.bus_)), entry_(std::move(other.entry_)) {}

Subscription& Subscription::operator=(Subscription&& other) noexcept {
  if (this != &other) {
    Cancel();
    bus_ = std::move(other.bus_);
    entry_ = std::move(other.entry_);
  }
  return *this;
}

void Subscription::Cancel() {
  if (entry_ == nullptr) return;
  if (std::shared_ptr<BusState> bus = bus_.lock()) bus->Remove(entry_.get());
  if (RunningHere(entry_.get())) {
    // Cancelled from inside its own handler: this thread already holds
    // call_mu (taking it again would deadlock).
    entry_->active = false;
  } else {
    std::lock_guard lock(entry_->call_mu);  // waits for a running call
    entry_->active = false;
  }
  entry_.reset();
  bus_.reset();
}

bool Subscription::active() const {
  if (entry_ == nullptr) return false;
  if (RunningHere(entry_.get())) return entry_->active;
  std::lock_guard lock(entry_->call_mu);
  return entry_->active;
}

// ---------------------------------------------------------------- EventBus

EventBus::EventBus(EventBusOptions options)
    : state_(std::make_shared<Subscription::BusState>(options)) {}

EventBus::~EventBus() = default;

Subscription EventBus::Subscribe(EventKind kind, Handler handler) {
  return Add(kind, std::move(handler));
}

Subscription EventBus::SubscribeAll(Handler handler) {
  return Add(std::nullopt, std::move(handler));
}

Subscription EventBus::Add(std::optional<EventKind> kind, Handler handler) {
  if (!handler) return Subscription();
  auto entry = std::make_shared<Subscription::Entry>();
  entry->kind = kind;
  entry->handler = std::move(handler);
  {
    std::unique_lock lock(state_->mu);
    state_->entries.push_back(entry);
  }
  return Subscription(state_, std::move(entry));
}

void EventBus::Publish(const Event& event) {
  Subscription::BusState& state = *state_;
  state.published.fetch_add(1, std::memory_order_relaxed);
  const EventKind kind = KindOf(event);
  std::vector<std::shared_ptr<Subscription::Entry>> targets;
  {
    std::shared_lock lock(state.mu);
    for (const std::shared_ptr<Subscription::Entry>& entry : state.entries) {
      if (!entry->kind.has_value() || *entry->kind == kind) {
        targets.push_back(entry);
      }
    }
  }
  for (const std::shared_ptr<Subscription::Entry>& entry : targets) {
    if (RunningHere(entry.get())) {
      state.reentrant_skipped.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    std::lock_guard lock(entry->call_mu);
    if (!entry->active) continue;  // cancelled after the snapshot
    running_here.push_back(entry.get());
    const auto started = std::chrono::steady_clock::now();
    bool threw = false;
    try {
      entry->handler(event);
    } catch (...) {
      // A subscriber's failure is its own: count it, never propagate it
      // into the run that published.
      threw = true;
    }
    const auto took = std::chrono::steady_clock::now() - started;
    running_here.pop_back();
    if (threw) {
      state.handler_exceptions.fetch_add(1, std::memory_order_relaxed);
    } else {
      state.delivered.fetch_add(1, std::memory_order_relaxed);
    }
    if (took > state.options.slow_handler_threshold) {
      state.slow_handlers.fetch_add(1, std::memory_order_relaxed);
    }
  }
}

EventBusStats EventBus::stats() const {
  const Subscription::BusState& state = *state_;
  EventBusStats stats;
  stats.published = state.published.load(std::memory_order_relaxed);
  stats.delivered = state.delivered.load(std::memory_order_relaxed);
  stats.handler_exceptions =
      state.handler_exceptions.load(std::memory_order_relaxed);
  stats.slow_handlers = state.slow_handlers.load(std::memory_order_relaxed);
  stats.reentrant_skipped =
      state.reentrant_skipped.load(std::memory_order_relaxed);
  return stats;
}

std::size_t EventBus::subscribers() const {
  std::shared_lock lock(state_->mu);
  return state_->entries.size();
}

}  // namespace groundgate
