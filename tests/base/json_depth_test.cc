// tests/base/json_depth_test.cc — base/json_depth.h: the nesting scan that
// guards every parse of untrusted JSON a recursive walk later meets.
#include "base/json_depth.h"

#include <string>

#include "doctest/doctest.h"

namespace groundgate::base {
namespace {

TEST_SUITE("json depth") {
  TEST_CASE("json depth counts arrays and objects, not brackets in strings") {
    CHECK_FALSE(JsonNestsDeeperThan("", 0));
    CHECK_FALSE(JsonNestsDeeperThan("42", 0));
    CHECK(JsonNestsDeeperThan("[]", 0));
    CHECK_FALSE(JsonNestsDeeperThan("[]", 1));
    CHECK_FALSE(JsonNestsDeeperThan(R"({"a": [1, {"b": 2}]})", 3));
    CHECK(JsonNestsDeeperThan(R"({"a": [1, {"b": 2}]})", 2));
    // Siblings do not add up.
    CHECK_FALSE(JsonNestsDeeperThan("[[],[],[],[]]", 2));
    // Brackets inside strings, escaped quotes included, are text.
    CHECK_FALSE(JsonNestsDeeperThan(R"({"a": "[[[[{{{{"})", 1));
    CHECK_FALSE(JsonNestsDeeperThan(R"(["\"[[[[", "\\"])", 1));
    CHECK(JsonNestsDeeperThan(R"(["\\", [[]]])", 2));
  }

  TEST_CASE("json depth stops a hostile nesting without recursing") {
    const std::string deep = std::string(1'000'000, '[');
    CHECK(JsonNestsDeeperThan(deep, 64));
    CHECK_FALSE(
        JsonNestsDeeperThan(std::string(64, '[') + std::string(64, ']'), 64));
  }
}

}  // namespace
}  // namespace groundgate::base
