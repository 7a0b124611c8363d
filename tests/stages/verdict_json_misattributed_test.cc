// tests/stages/verdict_json_misattributed_test.cc — the "misattributed"
// list of VerdictToJson (law 11).
//
// Pins its place (after "unverified"), that it is always there, its keys
// and their order, that values and key names appear only on opt-in and
// clipped (law 8), and that "aggregate" appears only when the answer told
// the value of several records together. The rest of the JSON form is
// pinned in judge_test.cc.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "groundgate/json.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/support/json_keys.h"
#include "tests/support/misattributed.h"

namespace groundgate {
namespace {

using groundgate_test::MisattributedVerdict;

using groundgate_test::Keys;

TEST_SUITE("verdict_json") {
  TEST_CASE("a misattributed value is listed after unverified, and flags") {
    const std::string json = VerdictToJson(MisattributedVerdict());
    CHECK(json == R"({"action":"flagged","candidates":2,"looked_up":2,)"
                  R"("unsupported":[],"unverified":[],)"
                  R"("misattributed":[{"shape":"money","start":20,"end":24,)"
                  R"("named_carrier":"call_1","read_carrier":"call_1"}],)"
                  R"("grounded":[{"shape":"identifier","start":7,"end":13,)"
                  R"("reason":"exact"}],)"
                  R"("carried_by":[{"tool_call_id":"call_1","tool_name":)"
                  R"("search_flights","values":2,"only":2}],"conflicts":[],)"
                  R"("evidence_truncated":false,"answer_truncated":false,)"
                  R"("grounding":{"this_turn":2,"prior_turns":0}})");
  }

  TEST_CASE("the misattributed list is there, empty, when nothing is") {
    const nlohmann::ordered_json json = VerdictToOrderedJson(Verdict{});
    REQUIRE(json.contains("misattributed"));
    CHECK(json["misattributed"].is_array());
    CHECK(json["misattributed"].empty());
  }

  TEST_CASE("a binding's values and keys appear only on opt-in (law 8)") {
    const std::string plain = VerdictToJson(MisattributedVerdict());
    for (const char* hidden :
         {"174", "114", "prices", "$.flights", "named_value", "named_path"}) {
      CAPTURE(hidden);
      CHECK(plain.find(hidden) == std::string::npos);
    }
    const nlohmann::ordered_json opted =
        VerdictToOrderedJson(MisattributedVerdict(), {.include_values = true});
    REQUIRE(opted["misattributed"].size() == 1);
    const nlohmann::ordered_json& entry = opted["misattributed"][0];
    CHECK(Keys(entry) ==
          std::vector<std::string>{"shape", "start", "end", "named_carrier",
                                   "read_carrier", "value", "named_value",
                                   "field", "named_path", "read_path"});
    CHECK(entry["value"] == "114");
    CHECK(entry["named_value"] == "174");
    CHECK(entry["field"] == "prices.economy");
    CHECK(entry["named_path"] == "$.flights[1]");
    CHECK(entry["read_path"] == "$.flights[0]");
  }

  TEST_CASE("an aggregate is named; a binding's text is clipped") {
    Verdict verdict = MisattributedVerdict();
    Binding& binding = *verdict.candidates[1].binding;
    binding.aggregate = "max";
    binding.named_value = std::string(100, '9');
    binding.field = "ωωωω";  // 2-byte characters: never half of one
    const nlohmann::ordered_json json = VerdictToOrderedJson(
        verdict, {.include_values = true, .max_value_bytes = 5});
    const nlohmann::ordered_json& entry = json["misattributed"][0];
    CHECK(entry["aggregate"] == "max");
    CHECK(entry["named_value"] == "99999");
    CHECK(entry["field"] == "ωω");
    CHECK(Keys(entry)[5] == "aggregate");
  }

  TEST_CASE("warns_only lists the value and keeps the action grounded") {
    const nlohmann::ordered_json json =
        VerdictToOrderedJson(MisattributedVerdict(true));
    CHECK(json["action"] == "grounded");
    CHECK(json["misattributed"].size() == 1);
  }

  TEST_CASE("a misattributed candidate without a binding names no carrier") {
    Verdict verdict = MisattributedVerdict();
    verdict.candidates[1].binding.reset();
    const nlohmann::ordered_json json = VerdictToOrderedJson(verdict);
    CHECK(json["misattributed"][0]["named_carrier"] == "");
    CHECK(json["misattributed"][0]["read_carrier"] == "");
  }
}

}  // namespace
}  // namespace groundgate
