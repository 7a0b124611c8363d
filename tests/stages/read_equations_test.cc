// tests/stages/read_equations_test.cc — the reader of the arithmetic an
// answer writes out (stages/read_equations.cc).
//
// Its one job: pin what the reader reads around a number, through its entry
// points (ComputationWrittenFor, ListTotalledAt, ListAround) and through
// Gate::Judge: an equation ending in the value, the operands in brackets
// after it, the list a "Total" line closes (an item's amount among its
// details too), the list an amount is an item of; and beside each, a wrong
// result the arithmetic rung must flag because it is checked as written.
//
// What it does NOT do: pin the bounded search over carried numbers
// (rung_arithmetic_test.cc, numeric_index_test.cc).
#include "stages/read_equations.h"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

// The start and end of `value` in `answer`, which must hold it.
std::pair<std::size_t, std::size_t> SpanOf(std::string_view answer,
                                           std::string_view value) {
  const std::size_t start = answer.find(value);
  REQUIRE(start != std::string_view::npos);
  return {start, start + value.size()};
}

TEST_SUITE("read_equations") {
  TEST_CASE("read equations: an equation ending in the value, or after it") {
    struct Case {
      std::string_view answer;
      std::string_view value;
      evidence::NumericOp op;
      std::string_view text;
      std::string_view result;  // what it gives, not what was written
    };
    static constexpr Case kCases[] = {
        {"Total on card: $1,625 - $1,327 = $299", "299",
         evidence::NumericOp::kDifference, "1625 - 1327", "298"},
        {"The total is $299 ($150 + $149).", "299", evidence::NumericOp::kSum,
         "150 + 149", "299"},
    };
    ForEachCase(kCases, [](const Case& c) {
      const auto [start, end] = SpanOf(c.answer, c.value);
      const std::optional<stages::WrittenComputation> written =
          stages::ComputationWrittenFor(c.answer, start, end);
      REQUIRE(written.has_value());
      CHECK(written->op == c.op);
      CHECK(written->text == c.text);
      CHECK(written->result == c.result);
    });
  }

  TEST_CASE("read equations: prose arithmetic is not read") {
    const std::string_view prose = "Fare $136 plus bags $109: $245.";
    const auto [start, end] = SpanOf(prose, "245");
    CHECK_FALSE(stages::ComputationWrittenFor(prose, start, end));
  }

  TEST_CASE("read equations: the list a total line closes, repeats too") {
    const std::string_view list =
        "1. **Certificates**:\n"
        "   - Certificate 1: $500\n"
        "   - Certificate 2: $250\n"
        "   - Certificate 3: $250\n"
        "   - Total from Certificates: $1,000\n";
    const std::optional<stages::WrittenComputation> total =
        stages::ListTotalledAt(list, SpanOf(list, "1,000").first);
    REQUIRE(total.has_value());
    CHECK(total->text == "500 + 250 + 250");
    CHECK(total->result == "1000");
    // One item is no list.
    const std::string_view one = "- Certificate 1: $500\n- Total: $500\n";
    CHECK_FALSE(stages::ListTotalledAt(one, one.rfind("500")));
  }

  TEST_CASE("read equations: the other items of an amount's list") {
    struct Case {
      std::string_view answer;
      std::string_view value;
      std::vector<std::string> others;  // canonical, top down
      std::optional<std::string> total;
    };
    const Case cases[] = {
        {"- **Gift Card:** $128\n- **Credit Card:** $247\n", "247", {"128"}},
        {"- Total: $833\n- Certificate: $500\n- Gift Cards: $327\n"
         "- Remaining on MasterCard: $6\n",
         "327",
         {"500", "6"},
         "833"},
    };
    ForEachCase(cases, [](const Case& c) {
      const std::optional<stages::ListAmounts> beside =
          stages::ListAround(c.answer, SpanOf(c.answer, c.value).first);
      REQUIRE(beside.has_value());
      CHECK(std::vector<std::string>(beside->others.begin(),
                                     beside->others.end()) == c.others);
      CHECK(beside->total == c.total);
    });
  }

  TEST_CASE("read equations: an amount alone on its list has none beside it") {
    const std::string_view alone = "- **Credit Card:** $247\n";
    CHECK_FALSE(stages::ListAround(alone, SpanOf(alone, "247").first));
  }

  TEST_CASE(
      "read equations: an equation the answer writes is checked as written") {
    // 150 + 149 = 299 as well: without the equation, "Total" would let a
    // search over the turn's numbers ground the wrong result.
    EvidenceCorpus corpus = OneResultCorpus(
        "How much goes on my card?", "get_prices",
        R"({"new_price": 1625, "certificates": 1327, "a": 150, "b": 149})");
    const JudgedCase cases[] = {
        {"Total on card: $1,625 - $1,327 = $298", "298", kGrounded,
         kDerivedDifference, "1625 - 1327"},
        {"Total on card: $1,625 - $1,327 = $299", "299", kUnsupported, kNone,
         ""},
        {"- **Price:** $1,625 (New) - $1,327 (Old) = **$298**", "298",
         kGrounded, kDerivedDifference, "1625 - 1327"},
        {"The total is $299 ($150 + $149).", "299", kGrounded, kDerivedSum,
         "150 + 149"},
        {"The total is $298 ($150 + $149).", "298", kUnsupported, kNone, ""},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE(
      "read equations: a total line under a list adds the list, repeats too") {
    EvidenceCorpus corpus = OneResultCorpus(
        "What do my certificates cover?", "get_user_details",
        R"({"certificate_1": {"amount": 500}, "certificate_2": {"amount": 250},
            "certificate_3": {"amount": 250}})");
    auto list = [](std::string_view total) {
      return std::string(
                 "1. **Certificates**:\n"
                 "   - Certificate 1: $500\n"
                 "   - Certificate 2: $250\n"
                 "   - Certificate 3: $250\n"
                 "   - Total from Certificates: $") +
             std::string(total) + "\n";
    };
    const std::string right = list("1,000");
    const std::string planted = list("1,010");
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{right, "1,000", kGrounded, kDerivedSum, "500 + 250 + 250"},
         {planted, "1,010", kUnsupported}},
        "call_1");
  }

  TEST_CASE("read equations: a list's items may hold their amounts below") {
    // An airline agent's one-stop options (tau-bench, MIT): each flight's
    // price is a detail line under it; a one-digit slip of the total is a
    // sum of two other shown prices (115 + 129) and must not pass as one.
    EvidenceCorpus corpus = OneResultCorpus(
        "Find me the cheapest one-stop flight.", "search_onestop_flight",
        R"([{"flight_number": "HAT004", "price": 122},
            {"flight_number": "HAT142", "price": 121},
            {"flight_number": "HAT059", "price": 115},
            {"flight_number": "HAT210", "price": 129}])");
    auto options = [](std::string_view total) {
      return std::string(
                 "1. **Option 1:**\n"
                 "   - **Flight 1:** ATL to DFW\n"
                 "     - Flight Number: HAT004\n"
                 "     - Price: $122\n"
                 "   - **Flight 2:** DFW to EWR\n"
                 "     - Flight Number: HAT142\n"
                 "     - Price: $121\n"
                 "   - **Total Price:** $") +
             std::string(total) +
             "\n\n2. **Option 2:** HAT059 at $115, then HAT210 at $129.\n";
    };
    const std::string right = options("243");
    const std::string planted = options("244");
    // An item with two amounts among its details is no amount: the list
    // is not read, and the total is searched as before.
    constexpr std::string_view kTwoPrices =
        "- **Flight 1:** ATL to DFW\n"
        "  - Price: $122\n"
        "  - Upgrade: $115\n"
        "- **Flight 2:** DFW to EWR\n"
        "  - Price: $121\n"
        "- **Total Price:** $244\n";
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{right, "243", kGrounded, kDerivedSum, "122 + 121"},
         {planted, "244", kUnsupported},
         {kTwoPrices, "244", kGrounded, kDerivedSum, "115 + 129"}});
  }
}

}  // namespace
}  // namespace groundgate
