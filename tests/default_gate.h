// tests/default_gate.h — one Gate with default options, shared by suites.
//
// Its one job: build Gate::Create({}) once per test binary and hand it out,
// so a suite that judges with the defaults does not repeat the set-up; and
// build a gate with other options for a suite that needs one.
#ifndef GROUNDGATE_TESTS_DEFAULT_GATE_H_
#define GROUNDGATE_TESTS_DEFAULT_GATE_H_

#include <doctest/doctest.h>

#include <utility>

#include "groundgate/gate.h"

namespace groundgate_test {

inline const groundgate::Gate& DefaultGate() {
  static const groundgate::Gate gate = [] {
    absl::StatusOr<groundgate::Gate> made = groundgate::Gate::Create({});
    REQUIRE(made.ok());
    return *std::move(made);
  }();
  return gate;
}

// A gate made with `options`; options the gate refuses fail the test case.
inline groundgate::Gate GateWith(groundgate::GateOptions options) {
  absl::StatusOr<groundgate::Gate> made =
      groundgate::Gate::Create(std::move(options));
  REQUIRE(made.ok());
  return *std::move(made);
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_DEFAULT_GATE_H_
