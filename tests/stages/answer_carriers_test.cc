// tests/stages/answer_carriers_test.cc — which of this turn's results an answer
// read.
//
// Pins ComputeAnswerCarriers and the answer_carriers of a judged verdict:
// results in the order the corpus first recorded them, `values` (distinct
// answer values each carried) and `only` (those no other result carried),
// two spellings of one value counted once, [] when nothing was grounded this
// turn, std::nullopt when the corpus was truncated or any involved carrier
// list was cut (law 6 has its own test in laws_test.cc).
#include "stages/answer_carriers.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "tests/default_gate.h"
#include "tests/support/judged_cases.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;

using stages::CarriedValue;
using stages::ComputeAnswerCarriers;

std::vector<RecordedResult> Results(int n) {
  std::vector<RecordedResult> results;
  for (int i = 0; i < n; ++i) {
    results.push_back(
        {"call_" + std::to_string(i), "tool_" + std::to_string(i), 1});
  }
  return results;
}

// (tool_call_id, values, only) of each carrier, for compact comparisons.
struct Row {
  std::string id;
  int values;
  int only;
  bool operator==(const Row&) const = default;
};

std::vector<Row> Rows(const std::vector<AnswerCarrier>& carriers) {
  std::vector<Row> rows;
  for (const AnswerCarrier& c : carriers) {
    rows.push_back({c.tool_call_id, c.values, c.only});
  }
  return rows;
}

TEST_SUITE("answer_carriers") {
  TEST_CASE("results come in first-record order with values and only") {
    const std::vector<RecordedResult> results = Results(4);
    const std::uint32_t a[] = {2};
    const std::uint32_t b[] = {0, 2};
    const std::uint32_t c[] = {0, 2, 3};
    const CarriedValue values[] = {{a, false}, {b, false}, {c, false}};
    const std::optional<std::vector<AnswerCarrier>> carriers =
        ComputeAnswerCarriers(values, results, false);
    REQUIRE(carriers.has_value());
    // call_1 carried none of the answer's values: it is not listed.
    CHECK(Rows(*carriers) == std::vector<Row>{{"call_0", 2, 0},
                                              {"call_2", 3, 1},
                                              {"call_3", 1, 0}});
    CHECK((*carriers)[1].tool_name == "tool_2");
  }

  TEST_CASE("nothing grounded this turn gives an empty list, not nullopt") {
    const std::vector<RecordedResult> results = Results(2);
    const std::optional<std::vector<AnswerCarrier>> carriers =
        ComputeAnswerCarriers({}, results, false);
    REQUIRE(carriers.has_value());
    CHECK(carriers->empty());
    const std::optional<std::vector<AnswerCarrier>> no_results =
        ComputeAnswerCarriers({}, {}, false);
    REQUIRE(no_results.has_value());
    CHECK(no_results->empty());
  }

  TEST_CASE("a truncated corpus gives nullopt") {
    const std::vector<RecordedResult> results = Results(1);
    const std::uint32_t a[] = {0};
    const CarriedValue values[] = {{a, false}};
    CHECK_FALSE(ComputeAnswerCarriers(values, results, true).has_value());
    CHECK_FALSE(ComputeAnswerCarriers({}, results, true).has_value());
  }

  TEST_CASE("any cut list involved gives nullopt, whatever the others") {
    const std::vector<RecordedResult> results = Results(9);
    const std::uint32_t whole[] = {8};
    const std::uint32_t cut[] = {0, 1, 2, 3, 4, 5, 6, 7};
    const CarriedValue values[] = {{whole, false}, {cut, true}};
    CHECK_FALSE(ComputeAnswerCarriers(values, results, false).has_value());
    const CarriedValue only_whole[] = {{whole, false}};
    CHECK(ComputeAnswerCarriers(only_whole, results, false).has_value());
  }

  TEST_CASE("two spellings of one value are counted once in only") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("How many CRC errors, and which LUN?");
    corpus.RecordToolResult("call_1", "port_stats",
                            R"({"crc_errors": 41200, "lun": "0x0012"})");
    corpus.RecordToolResult("call_2", "lun_map", R"({"lun": "0x0012"})");
    const Verdict verdict = gate.Judge(
        "41,200 CRC errors (41200 since the reset); LUN 0x0012, shown as "
        "0012 on the host.",
        corpus);
    REQUIRE(verdict.answer_carriers.has_value());
    CHECK(Rows(*verdict.answer_carriers) ==
          std::vector<Row>{{"call_1", 2, 1}, {"call_2", 1, 0}});
    CHECK((*verdict.answer_carriers)[0].tool_name == "port_stats");
  }

  TEST_CASE("order is the corpus's first record, not the answer's order") {
    const Gate& gate = DefaultGate();
    const EvidenceCorpus corpus = groundgate_test::WireOrderCorpus(
        "t", R"({"x": "SN-2222"})", R"({"x": "SN-1111"})");
    const Verdict verdict = gate.Judge("SN-1111 then SN-2222.", corpus);
    REQUIRE(verdict.answer_carriers.has_value());
    CHECK(Rows(*verdict.answer_carriers) ==
          std::vector<Row>{{"call_b", 1, 1}, {"call_a", 1, 1}});
  }

  TEST_CASE("only values grounded this turn name carriers") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Check replication; reference RITM0058213.");
    corpus.RecordToolResult("r1", "get_replication", R"({"lag": 1840})");
    corpus.RecordUserMessage("Now open a ticket.");
    const Verdict prior = gate.Judge(
        "The 1840 s lag is noted under RITM0058213; SN-99999 is typed.",
        corpus);
    // Prior-turn, exempt and unsupported values carry nothing this turn.
    REQUIRE(prior.answer_carriers.has_value());
    CHECK(prior.answer_carriers->empty());

    corpus.RecordToolResult("t1", "create_incident",
                            R"({"ticket": "INC0042210"})");
    const Verdict now = gate.Judge("INC0042210 covers the 1840 s lag.", corpus);
    REQUIRE(now.answer_carriers.has_value());
    CHECK(Rows(*now.answer_carriers) == std::vector<Row>{{"t1", 1, 1}});
  }

  TEST_CASE("a cut list the answer does not use leaves the list known") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("status?");
    for (std::size_t i = 0; i <= kMaxCarriers; ++i) {
      corpus.RecordToolResult("poll_" + std::to_string(i), "poll",
                              R"({"code": "E-4410"})");
    }
    corpus.RecordToolResult("serial", "get_serial", R"({"sn": "SN-31337"})");
    const Verdict unaffected = gate.Judge("Serial SN-31337.", corpus);
    REQUIRE(unaffected.answer_carriers.has_value());
    CHECK(Rows(*unaffected.answer_carriers) ==
          std::vector<Row>{{"serial", 1, 1}});
    const Verdict affected = gate.Judge("SN-31337 reports E-4410.", corpus);
    CHECK_FALSE(affected.answer_carriers.has_value());
    CHECK_FALSE(affected.flagged());
  }

  TEST_CASE("a truncated corpus leaves answer_carriers unknown") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 1});
    corpus.RecordUserMessage("go");
    corpus.RecordToolResult("c1", "t", "SN-31337 SN-41414");
    REQUIRE(corpus.truncated());
    const Verdict verdict = gate.Judge("No values here.", corpus);
    CHECK_FALSE(verdict.answer_carriers.has_value());
  }
}

}  // namespace
}  // namespace groundgate
