// tests/stages/rung_arithmetic_test.cc — rung 5 (stages/rung_arithmetic.cc):
// bounded arithmetic over carried numbers.
//
// Its one job: pin that a value computed from numbers the answer shows (or,
// on a line that names the computation, from any number the conversation
// carried, or by a count it names) is grounded with its derived_* reason
// and how ("136 + 109", "2 * 174"), that an equation or a list total the
// answer writes is checked as written, and that a wrong result beside
// each, or any result with arithmetic switched off, is still flagged.
//
// What it does NOT do: pin evidence::NumericIndex::FindDerivation's search
// (numeric_index_test.cc) or the accidental-derivation rate (scripts/quality).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "evidence/corpus_internal.h"
#include "evidence/counts_named.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

constexpr std::string_view kPrices =
    R"({"fare": 136, "bags": 109, "seat": 282, "meal": 177})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
  std::string_view derivation;
};

// Judges `c.answer` over `corpus` and checks the value at `c.value`: its
// status, reason and derivation. Returns it for a suite's own checks.
Candidate JudgedAs(const EvidenceCorpus& corpus, const Case& c) {
  const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
  const Candidate* candidate = AtText(verdict, c.answer, c.value);
  REQUIRE(candidate != nullptr);
  CHECK(StatusName(candidate->status) == StatusName(c.status));
  CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
  CHECK(candidate->derivation == c.derivation);
  return *candidate;
}

EvidenceCorpus PricesCorpus() {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("What do I owe?");
  corpus.RecordToolResult("call_1", "get_prices", kPrices);
  return corpus;
}

TEST_SUITE("rung_arithmetic") {
  TEST_CASE(
      "rung arithmetic: a value computed from shown numbers, not a typo") {
    const Case cases[] = {
        {"Fare $136 plus bags $109: $245.", "245", CandidateStatus::kGrounded,
         MatchReason::kDerivedSum, "109 + 136"},
        {"Fare $136 plus bags $109: $246.", "246",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        {"The seat at $282 less the meal at $177 leaves $105.", "105",
         CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "282 - 177"},
        {"The seat at $282 less the meal at $177 leaves $115.", "115",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // A derived value is an operand of the next: $105 + $136 = $241.
        {"$282 - $177 = $105, and $105 + $136 = $241.", "241",
         CandidateStatus::kGrounded, MatchReason::kDerivedSum, "105 + 136"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const EvidenceCorpus corpus = PricesCorpus();
      const Candidate candidate = JudgedAs(corpus, c);
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung arithmetic: a line that says total may use unshown numbers") {
    const EvidenceCorpus corpus = PricesCorpus();
    const std::string_view total = "Total: $245.";
    const Verdict grounded = DefaultGate().Judge(total, corpus);
    const Candidate* sum = AtText(grounded, total, "245");
    REQUIRE(sum != nullptr);
    CHECK(sum->status == CandidateStatus::kGrounded);
    CHECK(sum->reason == MatchReason::kDerivedSum);
    // Without the cue, an unshown sum is a typed number.
    const std::string_view bare = "You owe $245.";
    const Verdict flagged = DefaultGate().Judge(bare, corpus);
    const Candidate* planted = AtText(flagged, bare, "245");
    REQUIRE(planted != nullptr);
    CHECK(planted->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE(
      "rung arithmetic: an equation the answer writes is checked as written") {
    // 150 + 149 = 299 as well: without the equation, "Total" would let a
    // search over the turn's numbers ground the wrong result.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("How much goes on my card?");
    corpus.RecordToolResult(
        "call_1", "get_prices",
        R"({"new_price": 1625, "certificates": 1327, "a": 150, "b": 149})");
    const Case cases[] = {
        {"Total on card: $1,625 - $1,327 = $298", "298",
         CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "1625 - 1327"},
        {"Total on card: $1,625 - $1,327 = $299", "299",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        {"- **Price:** $1,625 (New) - $1,327 (Old) = **$298**", "298",
         CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "1625 - 1327"},
        {"The total is $299 ($150 + $149).", "299", CandidateStatus::kGrounded,
         MatchReason::kDerivedSum, "150 + 149"},
        {"The total is $298 ($150 + $149).", "298",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
    }
  }

  TEST_CASE(
      "rung arithmetic: a total line under a list adds the list, repeats too") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What do my certificates cover?");
    corpus.RecordToolResult(
        "call_1", "get_user_details",
        R"({"certificate_1": {"amount": 500}, "certificate_2": {"amount": 250},
            "certificate_3": {"amount": 250}})");
    const std::string_view list =
        "1. **Certificates**:\n"
        "   - Certificate 1: $500\n"
        "   - Certificate 2: $250\n"
        "   - Certificate 3: $250\n"
        "   - Total from Certificates: $1,000\n";
    const Verdict grounded = DefaultGate().Judge(list, corpus);
    const Candidate* total = AtText(grounded, list, "1,000");
    REQUIRE(total != nullptr);
    CHECK(total->status == CandidateStatus::kGrounded);
    CHECK(total->reason == MatchReason::kDerivedSum);
    CHECK(total->derivation == "500 + 250 + 250");
    REQUIRE(total->carriers.size() == 1);
    CHECK(total->carriers[0] == "call_1");
    const std::string_view planted =
        "1. **Certificates**:\n"
        "   - Certificate 1: $500\n"
        "   - Certificate 2: $250\n"
        "   - Certificate 3: $250\n"
        "   - Total from Certificates: $1,010\n";
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    const Candidate* wrong = AtText(flagged, planted, "1,010");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE(
      "rung arithmetic: operands read in an earlier turn ground as prior turn "
      "(law 7)") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What did my two flights cost?");
    corpus.RecordToolResult("call_1", "get_flights",
                            R"({"legs": [{"price": 1679}, {"price": 1859}]})");
    corpus.RecordUserMessage("Downgrade them to economy, please.");
    corpus.RecordToolResult("call_2", "update_reservation",
                            R"({"price": 241})");
    const std::string_view answer =
        "New total: $241 (previously $1,679 + $1,859 = $3,538).";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const Candidate* previous = AtText(verdict, answer, "3,538");
    REQUIRE(previous != nullptr);
    CHECK(previous->status == CandidateStatus::kGrounded);
    CHECK(previous->reason == MatchReason::kDerivedSum);
    CHECK(previous->derivation == "1679 + 1859");
    CHECK(previous->grounding == Grounding::kPriorTurn);
    CHECK(previous->carriers.empty());
    const std::string_view planted =
        "New total: $241 (previously $1,679 + $1,859 = $3,548).";
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    const Candidate* wrong = AtText(flagged, planted, "3,548");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE(
      "rung arithmetic: a count the conversation names multiplies a price") {
    EvidenceCorpus named;
    named.RecordUserMessage("Book it for two passengers.");
    named.RecordToolResult("call_1", "search_flights", R"({"price": 174})");
    const std::string_view answer = "The total is $348.";
    const Verdict verdict = DefaultGate().Judge(answer, named);
    const Candidate* total = AtText(verdict, answer, "348");
    REQUIRE(total != nullptr);
    CHECK(total->status == CandidateStatus::kGrounded);
    CHECK(total->reason == MatchReason::kDerivedProduct);
    CHECK(total->derivation == "2 * 174");
    const std::string_view planted = "The total is $358.";
    const Verdict flagged = DefaultGate().Judge(planted, named);
    const Candidate* wrong = AtText(flagged, planted, "358");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
    // No count named: a double of a carried price is typed.
    EvidenceCorpus unnamed;
    unnamed.RecordUserMessage("Book it, please.");
    unnamed.RecordToolResult("call_1", "search_flights", R"({"price": 174})");
    const Verdict alone = DefaultGate().Judge(answer, unnamed);
    const Candidate* doubled = AtText(alone, answer, "348");
    REQUIRE(doubled != nullptr);
    CHECK(doubled->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung arithmetic: a list's items may hold their amounts below") {
    // An airline agent's one-stop options (tau-bench, MIT): each flight's
    // price is a detail line under it; a one-digit slip of the total is a
    // sum of two other shown prices (115 + 129) and must not pass as one.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Find me the cheapest one-stop flight.");
    corpus.RecordToolResult("call_1", "search_onestop_flight",
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
    const Verdict grounded = DefaultGate().Judge(right, corpus);
    const Candidate* total = AtText(grounded, right, "243");
    REQUIRE(total != nullptr);
    CHECK(total->status == CandidateStatus::kGrounded);
    CHECK(total->reason == MatchReason::kDerivedSum);
    CHECK(total->derivation == "122 + 121");
    const std::string planted = options("244");
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    const Candidate* wrong = AtText(flagged, planted, "244");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
    // An item with two amounts among its details is no amount: the list
    // is not read, and the total is searched as before.
    const std::string two_prices =
        "- **Flight 1:** ATL to DFW\n"
        "  - Price: $122\n"
        "  - Upgrade: $115\n"
        "- **Flight 2:** DFW to EWR\n"
        "  - Price: $121\n"
        "- **Total Price:** $244\n";
    const Verdict searched = DefaultGate().Judge(two_prices, corpus);
    const Candidate* sum = AtText(searched, two_prices, "244");
    REQUIRE(sum != nullptr);
    CHECK(sum->status == CandidateStatus::kGrounded);
    CHECK(sum->derivation == "115 + 129");
  }

  // An airline conversation (tau-bench, MIT, taubench-airline-t11-r0): the
  // certificate's balance and the booking's total were read turns before
  // the answer splits or spends them.
  EvidenceCorpus PaymentCorpus() {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What can I pay with?");
    corpus.RecordToolResult("call_1", "get_user_details",
                            R"({"certificate_8998287": {"amount": 500},
            "gift_card_7217252": {"amount": 128},
            "total_price": 375, "quoted": 833})");
    corpus.RecordUserMessage("Use my certificate, please.");
    corpus.RecordToolResult("call_2", "think", R"({"ok": true})");
    return corpus;
  }

  TEST_CASE("rung arithmetic: what is left of an amount read turns before") {
    const EvidenceCorpus corpus = PaymentCorpus();
    const Case cases[] = {
        {"Paying $375 with your certificate leaves $125 remaining on it.",
         "125", CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "500 - 375"},
        {"Paying $375 with your certificate leaves $135 remaining on it.",
         "135", CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // Without the word, no remainder is searched.
        {"Paying $375 with your certificate, then $125 on the card.", "125",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
      // Law 7: an operand of an earlier turn names no carrier.
      CHECK(candidate.carriers.empty());
    }
  }

  TEST_CASE("rung arithmetic: the part a list of payments leaves") {
    const EvidenceCorpus corpus = PaymentCorpus();
    const Case cases[] = {
        // The parts add up to a total read turns before.
        {"- **Gift Card:** $128\n- **Credit Card:** $247\n", "247",
         CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "375 - 128"},
        {"- **Gift Card:** $128\n- **Credit Card:** $257\n", "257",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // The list's own Total line.
        {"- Total: $833\n- Certificate: $500\n- Gift Cards: $327\n"
         "- Remaining on MasterCard: $6\n",
         "327", CandidateStatus::kGrounded, MatchReason::kDerivedDifference,
         "833 - 500 - 6"},
        {"- Total: $833\n- Certificate: $500\n- Gift Cards: $337\n"
         "- Remaining on MasterCard: $6\n",
         "337", CandidateStatus::kUnsupported, MatchReason::kNone, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
    }
  }

  TEST_CASE("rung arithmetic: the total of a column of one result's table") {
    // tau-bench airline (MIT, taubench-airline-t8-r1): a one-stop search
    // returns pairs of flights; the answer prices each itinerary as its two
    // business fares added up, on a line that says only "Price".
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("The cheapest business round trip, please.");
    corpus.RecordToolResult("call_1", "search_onestop_flight", R"([
        [{"flight_number": "HAT134", "prices": {"economy": 124, "business": 210}},
         {"flight_number": "HAT045", "prices": {"economy": 106, "business": 370}}],
        [{"flight_number": "HAT144", "prices": {"economy": 145, "business": 497}},
         {"flight_number": "HAT045", "prices": {"economy": 106, "business": 370}}]])");
    const Case cases[] = {
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT045 to SEA\n"
         "   - Price: $580",
         "580", CandidateStatus::kGrounded, MatchReason::kDerivedSum,
         "210 + 370"},
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT045 to SEA\n"
         "   - Price: $590",
         "590", CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // Fares of two itineraries (210 + 497) are no column of one table.
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT144 to PHX\n"
         "   - Price: $707",
         "707", CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // Under one flight, a price is that flight's: a slip of it that
        // equals its itinerary's economy fares (124 + 106) stays flagged...
        {"1. **Flight HAT134**: SFO to PHX\n   - Price: $230", "230",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        {"- **Flight 1:** SFO to PHX\n  - Flight Number: HAT134\n"
         "  - Price: $230",
         "230", CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // ... unless its line calls it a total.
        {"1. **Flight HAT134**: SFO to PHX\n   - Total economy fare: $230",
         "230", CandidateStatus::kGrounded, MatchReason::kDerivedSum,
         "124 + 106"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
        CHECK(candidate.grounding == Grounding::kThisTurn);
      }
    }
  }

  TEST_CASE("rung arithmetic: a total of one result read turns before") {
    // tau-bench airline (MIT, taubench-airline-t2-r0): the fare per
    // passenger is the sum of the reservation's two flights, read two user
    // turns before the answer restates it.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Downgrade my reservation JG7FMM.");
    corpus.RecordToolResult("call_1", "get_reservation_details",
                            R"({"reservation_id": "JG7FMM", "flights": [
              {"flight_number": "HAT028", "price": 1679},
              {"flight_number": "HAT277", "price": 1859}]})");
    corpus.RecordToolResult("call_2", "get_user_details",
                            R"({"membership": "gold", "balance": 2100})");
    corpus.RecordUserMessage("Yes, go ahead.");
    corpus.RecordToolResult("call_3", "update_reservation_flights",
                            R"({"status": "ok"})");
    const Case cases[] = {
        {"- Total Price: $3,538 per passenger", "3,538",
         CandidateStatus::kGrounded, MatchReason::kDerivedSum, "1679 + 1859"},
        {"- Total Price: $3,539 per passenger", "3,539",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // Two amounts of two results (1679 + 2100) add up to nothing read.
        {"- Total Price: $3,779 per passenger", "3,779",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // The flights are one table: their column's total, whatever the
        // line says (GroundByColumnTotal).
        {"- Price: $3,538 per passenger", "3,538", CandidateStatus::kGrounded,
         MatchReason::kDerivedSum, "1679 + 1859"},
        // Amounts of one object are no column: only a line that names a
        // sum adds them up (2100 + 1859 of two results never).
        {"- Price: $3,959 per passenger", "3,959",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
      if (c.status == CandidateStatus::kGrounded) {
        // Law 7: read in an earlier turn, so no carrier of this one.
        CHECK(candidate.grounding == Grounding::kPriorTurn);
        CHECK(candidate.carriers.empty());
      }
    }
  }

  TEST_CASE(
      "rung arithmetic: a supplied rate the answer shows, times a count") {
    // tau-bench airline (MIT, taubench-airline-t16-r3): the policy's
    // compensation per passenger, times the passengers the answer counts.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(
        "Our flight was delayed, for all 3 passengers. Silver members get "
        "$50 per passenger, right?");
    corpus.RecordToolResult("call_1", "get_reservation_details",
                            R"({"reservation_id": "M61CQM", "passengers": [
              {"first_name": "Ethan"}, {"first_name": "Mia"},
              {"first_name": "Liam"}]})");
    auto answer = [](std::string_view total) {
      return "The compensation is $50 per passenger.\n"
             "- Number of passengers: 3\n"
             "- Total compensation: $" +
             std::string(total) + "\n";
    };
    const std::string right = answer("150");
    const Verdict grounded = DefaultGate().Judge(right, corpus);
    const Candidate* total = AtText(grounded, right, "150");
    REQUIRE(total != nullptr);
    CHECK(total->status == CandidateStatus::kGrounded);
    CHECK(total->reason == MatchReason::kDerivedProduct);
    CHECK(total->carriers.empty());  // no result carried an operand
    const std::string planted = answer("152");
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    const Candidate* wrong = AtText(flagged, planted, "152");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung arithmetic: a total line names sums, not differences") {
    // 365 - 69 = 296: a wrong total one digit off the real 295 (105 + 190)
    // must not pass as a difference of two carried numbers.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What does economy cost?");
    corpus.RecordToolResult(
        "call_1", "search_flights",
        R"([{"price": 105, "seats": 69}, {"price": 190, "business": 365}])");
    const std::string_view right = "Total Price: $295";
    const Verdict grounded = DefaultGate().Judge(right, corpus);
    const Candidate* total = AtText(grounded, right, "295");
    REQUIRE(total != nullptr);
    CHECK(total->status == CandidateStatus::kGrounded);
    CHECK(total->derivation == "105 + 190");
    const std::string_view planted = "Total Price: $296";
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    const Candidate* wrong = AtText(flagged, planted, "296");
    REQUIRE(wrong != nullptr);
    CHECK(wrong->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("counts named: a count with its noun, not a bare number") {
    CHECK(evidence::CountsNamed("for two passengers") == (1u << 2));
    CHECK(evidence::CountsNamed("3 checked bags and 4 nights") ==
          ((1u << 3) | (1u << 4)));
    CHECK(evidence::CountsNamed("Flight 2 departs; 3 issues; 40 bags") == 0);
  }

  TEST_CASE("counts named: the length of a result's list of what is counted") {
    CHECK(evidence::IsCountNoun("Passengers"));
    CHECK_FALSE(evidence::IsCountNoun("flights"));
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Change my flight.");
    CHECK(CorpusInternals::counts_named(corpus) == 0);
    // Three passenger objects, two flights (no noun of what is counted),
    // one bag (a count of one names nothing).
    corpus.RecordToolResult("call_1", "get_reservation_details", R"({
        "flights": [{"flight_number": "HAT202"}, {"flight_number": "HAT232"}],
        "passengers": [{"first_name": "Ivan", "last_name": "Rossi"},
                       {"first_name": "Olivia", "last_name": "Santos"},
                       {"first_name": "Lei", "last_name": "Johansson"}],
        "bags": [{"weight": 20}]})");
    CHECK(CorpusInternals::counts_named(corpus) == (1u << 3));
    // A list of scalars counts its elements too.
    corpus.RecordToolResult("call_2", "list_guests",
                            R"({"guests": ["Ana", "Bo", "Cy", "Di"]})");
    CHECK(CorpusInternals::counts_named(corpus) == ((1u << 3) | (1u << 4)));
  }

  TEST_CASE(
      "rung arithmetic: one share of a carried amount, per what is counted") {
    // tau-bench airline (MIT, taubench-airline-t22-r2): the update refunds
    // -114 for a reservation of three passengers; the answer says "$38 per
    // passenger".
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Please go ahead with the update.");
    corpus.RecordToolResult("call_1", "update_reservation_flights", R"({
        "reservation_id": "OWZ4XL",
        "passengers": [{"first_name": "Ivan"}, {"first_name": "Olivia"},
                       {"first_name": "Lei"}],
        "payment_history": [{"payment_id": "gift_card_9823297", "amount": 522},
                            {"payment_id": "gift_card_9823297", "amount": -114}]})");
    const Case cases[] = {
        {"The refund of $38 per passenger has been credited.", "38",
         CandidateStatus::kGrounded, MatchReason::kDerivedProduct, "-114 / 3"},
        {"The refund of **$38** per passenger has been credited.", "38",
         CandidateStatus::kGrounded, MatchReason::kDerivedProduct, "-114 / 3"},
        {"The refund of $39 per passenger has been credited.", "39",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // A share of a count nobody named (114 / 2).
        {"The refund of $57 per passenger has been credited.", "57",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
        // Without "per passenger" it is no share.
        {"The refund of $38 has been credited.", "38",
         CandidateStatus::kUnsupported, MatchReason::kNone, ""},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      const Candidate candidate = JudgedAs(corpus, c);
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung arithmetic: switched off, a computed value is flagged") {
    absl::StatusOr<Gate> gate = Gate::Create({.arithmetic = false});
    REQUIRE(gate.ok());
    const EvidenceCorpus corpus = PricesCorpus();
    const std::string_view answer = "Fare $136 plus bags $109: $245.";
    const Verdict verdict = gate->Judge(answer, corpus);
    const Candidate* sum = AtText(verdict, answer, "245");
    REQUIRE(sum != nullptr);
    CHECK(sum->status == CandidateStatus::kUnsupported);
    const Candidate* fare = AtText(verdict, answer, "136");
    REQUIRE(fare != nullptr);
    CHECK(fare->status == CandidateStatus::kGrounded);
  }
}

}  // namespace
}  // namespace groundgate
