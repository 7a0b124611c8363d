// tests/evidence/answer_json_test.cc — where an answer writes JSON, and the
// spans of its keys.
//
// Pins that the keys of a whole-answer JSON object or array, and of a
// fenced JSON block, are found at their bytes inside the quotes; that
// text which is not well-formed JSON, or a fence of another language,
// yields none. It does not judge (tests/regressions_test.cc does).
#include "evidence/answer_json.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::evidence {
namespace {

std::vector<std::string> KeysOf(std::string_view answer) {
  std::vector<std::string> keys;
  for (const TokenSpan& span : AnswerJsonKeys(answer)) {
    REQUIRE(span.start <= span.end);
    REQUIRE(span.end <= answer.size());
    keys.emplace_back(answer.substr(span.start, span.end - span.start));
  }
  return keys;
}

using Keys = std::vector<std::string>;

TEST_SUITE("answer json") {
  TEST_CASE("a whole-answer object or array gives its keys, nested too") {
    CHECK(KeysOf(R"({"price":5.50,"sku":"SKU-7"})") == Keys{"price", "sku"});
    CHECK(KeysOf(" [ {\"a\": {\"b c\": [1, -2.5e3, true, null]}} ]\n") ==
          Keys{"a", "b c"});
    CHECK(KeysOf(R"({"say hi": "x\"\u00e9\\", "b": 1})") ==
          Keys{"say hi", "b"});
    CHECK(KeysOf("[1, 2]").empty());
  }

  TEST_CASE("a key shaped as data is no field's name") {
    CHECK(KeysOf(R"({"ORD-1042": "shipped", "HAT083": 1, "2024-05-22": 17,
                    "fc1/3": "up", "unitPrice": 2, "Customer Name": "x"})") ==
          Keys{"unitPrice", "Customer Name"});
  }

  TEST_CASE("a fenced json block, or a bare fence holding JSON") {
    CHECK(KeysOf("Here:\n```json\n{\"total\": 41200}\n```\nDone.") ==
          Keys{"total"});
    CHECK(KeysOf("```\n[{\"id\": \"A1\"}]\n```") == Keys{"id"});
    CHECK(KeysOf("```JSON\n{\"a\": 1}\n```\n```json\n{\"b\": 2}\n```") ==
          Keys{"a", "b"});
    // Another language's fence is not JSON, and its closing fence opens
    // nothing.
    CHECK(KeysOf("```python\nx = {\"a\": 1}\n```\n{\"b\": 2}\n```").empty());
  }

  TEST_CASE("text that is not well-formed JSON has no keys") {
    for (const std::string_view answer :
         {R"({"price": 5.50)", R"({"price": 05})", R"({price: 5})",
          R"(The order {"id": 1} shipped.)", R"({"a": 1} and more)",
          R"({"a": "tab	inside"})", "", "{", "```json\n{\"a\":\n```"}) {
      CAPTURE(answer);
      CHECK(KeysOf(answer).empty());
    }
    // Nesting past kMaxAnswerJsonDepth is not read.
    const std::string deep = std::string(kMaxAnswerJsonDepth + 1, '[') +
                             "{\"a\": 1}" +
                             std::string(kMaxAnswerJsonDepth + 1, ']');
    CHECK(KeysOf(deep).empty());
  }
}

}  // namespace
}  // namespace groundgate::evidence
