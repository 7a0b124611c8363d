// tests/support/tool_registry.h — a registry of one tool that always
// returns the same result.
//
// Its one job: the registration the agent suites (runtime, events, findings,
// the OTLP exporter) wrote for a tool whose result does not depend on its
// arguments.
//
//   ToolRegistry tools = OneToolRegistry("port_log", R"({"port": "P-1"})");
//
// What it does NOT do: register a tool that reads its arguments, fails or
// throws (each suite writes that one where it tests it).
#ifndef GROUNDGATE_TESTS_SUPPORT_TOOL_REGISTRY_H_
#define GROUNDGATE_TESTS_SUPPORT_TOOL_REGISTRY_H_

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "groundgate/agent.h"

namespace groundgate_test {

// A registry holding one tool, `name`, whose every call returns `result`.
// A name the registry refuses fails the test case (REQUIRE).
inline groundgate::ToolRegistry OneToolRegistry(std::string name,
                                                std::string result) {
  groundgate::ToolRegistry tools;
  REQUIRE(tools
              .Register({.name = std::move(name)},
                        [result = std::move(result)](std::string_view)
                            -> absl::StatusOr<std::string> { return result; })
              .ok());
  return tools;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_TOOL_REGISTRY_H_
