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

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/corpus_internal.h"
#include "evidence/counts_named.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

constexpr std::string_view kPrices =
    R"({"fare": 136, "bags": 109, "seat": 282, "meal": 177})";

EvidenceCorpus PricesCorpus() {
  return OneResultCorpus("What do I owe?", "get_prices", kPrices);
}

TEST_SUITE("rung_arithmetic") {
  TEST_CASE(
      "rung arithmetic: a value computed from shown numbers, not a typo") {
    const JudgedCase cases[] = {
        {"Fare $136 plus bags $109: $245.", "245", kGrounded, kDerivedSum,
         "109 + 136"},
        {"Fare $136 plus bags $109: $246.", "246", kUnsupported, kNone, ""},
        {"The seat at $282 less the meal at $177 leaves $105.", "105",
         kGrounded, kDerivedDifference, "282 - 177"},
        {"The seat at $282 less the meal at $177 leaves $115.", "115",
         kUnsupported, kNone, ""},
        // A derived value is an operand of the next: $105 + $136 = $241.
        {"$282 - $177 = $105, and $105 + $136 = $241.", "241", kGrounded,
         kDerivedSum, "105 + 136"},
    };
    CheckJudgedCases(DefaultGate(), PricesCorpus(), cases, "call_1");
  }

  TEST_CASE("rung arithmetic: a line that says total may use unshown numbers") {
    const EvidenceCorpus corpus = PricesCorpus();
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"Total: $245.", "245", kGrounded, kDerivedSum},
                      // Without the cue, an unshown sum is a typed number.
                      {"You owe $245.", "245", kUnsupported}});
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
    const Candidate previous =
        CheckJudged(DefaultGate(), corpus,
                    {"New total: $241 (previously $1,679 + $1,859 = $3,538).",
                     "3,538", kGrounded, kDerivedSum, "1679 + 1859"});
    CHECK(previous.grounding == Grounding::kPriorTurn);
    CHECK(previous.carriers.empty());
    CheckJudged(DefaultGate(), corpus,
                {"New total: $241 (previously $1,679 + $1,859 = $3,548).",
                 "3,548", kUnsupported});
  }

  TEST_CASE(
      "rung arithmetic: a count the conversation names multiplies a price") {
    EvidenceCorpus named;
    named.RecordUserMessage("Book it for two passengers.");
    named.RecordToolResult("call_1", "search_flights", R"({"price": 174})");
    CheckJudgedCases(
        DefaultGate(), named,
        {{"The total is $348.", "348", kGrounded, kDerivedProduct, "2 * 174"},
         {"The total is $358.", "358", kUnsupported}});
  }

  TEST_CASE("rung arithmetic: no count named, a double of a price is typed") {
    EvidenceCorpus unnamed;
    unnamed.RecordUserMessage("Book it, please.");
    unnamed.RecordToolResult("call_1", "search_flights", R"({"price": 174})");
    CheckJudged(DefaultGate(), unnamed,
                {"The total is $348.", "348", kUnsupported});
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
    const JudgedCase cases[] = {
        {"Paying $375 with your certificate leaves $125 remaining on it.",
         "125", kGrounded, kDerivedDifference, "500 - 375"},
        {"Paying $375 with your certificate leaves $135 remaining on it.",
         "135", kUnsupported, kNone, ""},
        // Without the word, no remainder is searched.
        {"Paying $375 with your certificate, then $125 on the card.", "125",
         kUnsupported, kNone, ""},
    };
    ForEachCase(cases, [&](const JudgedCase& c) {
      const Candidate candidate = CheckJudged(DefaultGate(), corpus, c);
      // Law 7: an operand of an earlier turn names no carrier.
      CHECK(candidate.carriers.empty());
    });
  }

  TEST_CASE("rung arithmetic: the part a list of payments leaves") {
    const EvidenceCorpus corpus = PaymentCorpus();
    const JudgedCase cases[] = {
        // The parts add up to a total read turns before.
        {"- **Gift Card:** $128\n- **Credit Card:** $247\n", "247", kGrounded,
         kDerivedDifference, "375 - 128"},
        {"- **Gift Card:** $128\n- **Credit Card:** $257\n", "257",
         kUnsupported, kNone, ""},
        // The list's own Total line.
        {"- Total: $833\n- Certificate: $500\n- Gift Cards: $327\n"
         "- Remaining on MasterCard: $6\n",
         "327", kGrounded, kDerivedDifference, "833 - 500 - 6"},
        {"- Total: $833\n- Certificate: $500\n- Gift Cards: $337\n"
         "- Remaining on MasterCard: $6\n",
         "337", kUnsupported, kNone, ""},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE("rung arithmetic: the total of a column of one result's table") {
    // tau-bench airline (MIT, taubench-airline-t8-r1): a one-stop search
    // returns pairs of flights; the answer prices each itinerary as its two
    // business fares added up, on a line that says only "Price".
    EvidenceCorpus corpus =
        OneResultCorpus("The cheapest business round trip, please.",
                        "search_onestop_flight", R"([
        [{"flight_number": "HAT134", "prices": {"economy": 124, "business": 210}},
         {"flight_number": "HAT045", "prices": {"economy": 106, "business": 370}}],
        [{"flight_number": "HAT144", "prices": {"economy": 145, "business": 497}},
         {"flight_number": "HAT045", "prices": {"economy": 106, "business": 370}}]])");
    const JudgedCase cases[] = {
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT045 to SEA\n"
         "   - Price: $580",
         "580", kGrounded, kDerivedSum, "210 + 370"},
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT045 to SEA\n"
         "   - Price: $590",
         "590", kUnsupported, kNone, ""},
        // Fares of two itineraries (210 + 497) are no column of one table.
        {"2. **SFO to SEA**: Flight HAT134 to PHX and HAT144 to PHX\n"
         "   - Price: $707",
         "707", kUnsupported, kNone, ""},
        // Under one flight, a price is that flight's: a slip of it that
        // equals its itinerary's economy fares (124 + 106) stays flagged...
        {"1. **Flight HAT134**: SFO to PHX\n   - Price: $230", "230",
         kUnsupported, kNone, ""},
        {"- **Flight 1:** SFO to PHX\n  - Flight Number: HAT134\n"
         "  - Price: $230",
         "230", kUnsupported, kNone, ""},
        // ... unless its line calls it a total.
        {"1. **Flight HAT134**: SFO to PHX\n   - Total economy fare: $230",
         "230", kGrounded, kDerivedSum, "124 + 106"},
    };
    ForEachCase(cases, [&](const JudgedCase& c) {
      const Candidate candidate = CheckJudged(DefaultGate(), corpus, c);
      if (c.status == kGrounded) {
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
        CHECK(candidate.grounding == Grounding::kThisTurn);
      }
    });
  }

  TEST_CASE("rung arithmetic: a total of one result read turns before") {
    // tau-bench airline (MIT, taubench-airline-t2-r0): the fare per
    // passenger is the sum of the reservation's two flights, read two user
    // turns before the answer restates it.
    EvidenceCorpus corpus =
        OneResultCorpus("Downgrade my reservation JG7FMM.",
                        "get_reservation_details", kTwoFlightReservation);
    corpus.RecordToolResult("call_2", "get_user_details",
                            R"({"membership": "gold", "balance": 2100})");
    corpus.RecordUserMessage("Yes, go ahead.");
    corpus.RecordToolResult("call_3", "update_reservation_flights",
                            R"({"status": "ok"})");
    const JudgedCase cases[] = {
        {"- Total Price: $3,538 per passenger", "3,538", kGrounded, kDerivedSum,
         "1679 + 1859"},
        {"- Total Price: $3,539 per passenger", "3,539", kUnsupported, kNone,
         ""},
        // Two amounts of two results (1679 + 2100) add up to nothing read.
        {"- Total Price: $3,779 per passenger", "3,779", kUnsupported, kNone,
         ""},
        // The flights are one table: their column's total, whatever the
        // line says (GroundByColumnTotal).
        {"- Price: $3,538 per passenger", "3,538", kGrounded, kDerivedSum,
         "1679 + 1859"},
        // Amounts of one object are no column: only a line that names a
        // sum adds them up (2100 + 1859 of two results never).
        {"- Price: $3,959 per passenger", "3,959", kUnsupported, kNone, ""},
    };
    ForEachCase(cases, [&](const JudgedCase& c) {
      const Candidate candidate = CheckJudged(DefaultGate(), corpus, c);
      if (c.status == kGrounded) {
        // Law 7: read in an earlier turn, so no carrier of this one.
        CHECK(candidate.grounding == Grounding::kPriorTurn);
        CHECK(candidate.carriers.empty());
      }
    });
  }

  TEST_CASE(
      "rung arithmetic: a supplied rate the answer shows, times a count") {
    // tau-bench airline (MIT, taubench-airline-t16-r3): the policy's
    // compensation per passenger, times the passengers the answer counts.
    EvidenceCorpus corpus = OneResultCorpus(
        "Our flight was delayed, for all 3 passengers. Silver members get "
        "$50 per passenger, right?",
        "get_reservation_details",
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
    const Candidate total = CheckJudged(
        DefaultGate(), corpus, {right, "150", kGrounded, kDerivedProduct});
    CHECK(total.carriers.empty());  // no result carried an operand
    const std::string planted = answer("152");
    CheckJudged(DefaultGate(), corpus, {planted, "152", kUnsupported});
  }

  TEST_CASE("rung arithmetic: a total line names sums, not differences") {
    // 365 - 69 = 296: a wrong total one digit off the real 295 (105 + 190)
    // must not pass as a difference of two carried numbers.
    EvidenceCorpus corpus = OneResultCorpus(
        "What does economy cost?", "search_flights",
        R"([{"price": 105, "seats": 69}, {"price": 190, "business": 365}])");
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"Total Price: $295", "295", kGrounded, kDerivedSum, "105 + 190"},
         {"Total Price: $296", "296", kUnsupported}});
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
    EvidenceCorpus corpus = OneResultCorpus("Please go ahead with the update.",
                                            "update_reservation_flights", R"({
        "reservation_id": "OWZ4XL",
        "passengers": [{"first_name": "Ivan"}, {"first_name": "Olivia"},
                       {"first_name": "Lei"}],
        "payment_history": [{"payment_id": "gift_card_9823297", "amount": 522},
                            {"payment_id": "gift_card_9823297", "amount": -114}]})");
    const JudgedCase cases[] = {
        {"The refund of $38 per passenger has been credited.", "38", kGrounded,
         kDerivedProduct, "-114 / 3"},
        {"The refund of **$38** per passenger has been credited.", "38",
         kGrounded, kDerivedProduct, "-114 / 3"},
        {"The refund of $39 per passenger has been credited.", "39",
         kUnsupported, kNone, ""},
        // A share of a count nobody named (114 / 2).
        {"The refund of $57 per passenger has been credited.", "57",
         kUnsupported, kNone, ""},
        // Without "per passenger" it is no share.
        {"The refund of $38 has been credited.", "38", kUnsupported, kNone, ""},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung arithmetic: switched off, a computed value is flagged") {
    absl::StatusOr<Gate> gate = Gate::Create({.arithmetic = false});
    REQUIRE(gate.ok());
    const EvidenceCorpus corpus = PricesCorpus();
    constexpr std::string_view kAnswer = "Fare $136 plus bags $109: $245.";
    CheckJudgedCases(*gate, PricesCorpus(),
                     {{kAnswer, "245", kUnsupported},
                      {kAnswer, "136", kGrounded, kCanonical}});
  }

  TEST_CASE("rung arithmetic: a count of what one result lists is read") {
    // The channel's members are listed one a line: "4 members" counted
    // them; "5 members" and a count with nothing counted after it did not.
    EvidenceCorpus corpus = OneResultCorpus(
        "Which channel has the most users?", "get_users_in_channel",
        "- Alice\n- Bob\n- Charlie\n- Eve", "call_1");
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"- general: 4 members", "4", kGrounded, kCounted},
                      {"- general: 5 members", "5", kUnsupported, kNone},
                      {"- general: 4", "4", kUnsupported, kNone}},
                     "call_1");
  }

  TEST_CASE("rung arithmetic: an item's own lines are not counted") {
    // Two messages, each over two lines, and an indented list inside one:
    // the result lists two items, not four or five.
    EvidenceCorpus corpus = OneResultCorpus(
        "How many messages?", "read_channel_messages",
        "- body: Hi\n  sender: Alice\n  cc:\n  - Bob\n- body: Hello\n"
        "  sender: Eve",
        "call_1");
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"- general: 2 messages", "2", kGrounded, kCounted},
                      {"- general: 3 messages", "3", kUnsupported, kNone}},
                     "call_1");
  }

  TEST_CASE(
      "rung arithmetic: a count told of a value is the items that hold it") {
    // Charlie wrote one message in each of two channels: "Charlie: 2
    // messages" counts the items of both results whose field holds
    // Charlie, carried by both (neither result lists two items). A planted
    // count of the same shape, and a count told of a value no item holds,
    // are still flagged.
    EvidenceCorpus corpus = OneResultCorpus(
        "Rank the users by the messages they wrote.", "read_channel_messages",
        "- body: Secret key is 1a7b3d.\n  sender: Charlie\n- body: Hi all\n"
        "  sender: Bob\n- body: Lunch?\n  sender: Eve",
        "call_1");
    corpus.RecordToolResult("call_2", "read_channel_messages",
                            "- body: just testing\n  sender: Charlie");
    const Gate& gate = DefaultGate();
    const Candidate charlie =
        CheckJudged(gate, corpus,
                    {"1. Charlie: 2 messages (in general and private)", "2",
                     kGrounded, kCounted, "items holding Charlie"});
    CHECK(charlie.carriers == std::vector<std::string>{"call_1", "call_2"});
    CheckJudgedCases(gate, corpus,
                     {{"1. Charlie: 4 messages (in general and private)", "4",
                       kUnsupported, kNone},
                      {"1. **Bob**: 1 message", "1", kGrounded, kCounted},
                      {"1. Bob: 2 messages", "2", kUnsupported, kNone},
                      {"1. Quenby: 2 messages", "2", kUnsupported, kNone}});
  }

  TEST_CASE(
      "rung arithmetic: a number an earlier answer derived grounds its "
      "restatement") {
    EvidenceCorpus corpus = PricesCorpus();
    const Gate& gate = DefaultGate();
    // Restated without its operands, a difference is a typed number until
    // the corpus holds the answer that derived it.
    const JudgedCase restated = {"Shall I charge the $105?", "105",
                                 kUnsupported};
    CheckJudged(gate, corpus, restated);
    corpus.RecordJudgedAnswer(gate.Judge(
        "The seat at $282 less the meal at $177 leaves $105.", corpus));
    // The same user turn: its reason, derivation and carriers.
    const Candidate same =
        CheckJudged(gate, corpus,
                    {"Shall I charge the $105?", "105", kGrounded,
                     kDerivedDifference, "282 - 177"});
    CHECK(same.grounding == Grounding::kThisTurn);
    CHECK(same.carriers == std::vector<std::string>{"call_1"});
    // A later turn: read then, naming no carrier of this one (law 7).
    corpus.RecordUserMessage("And the seat?");
    corpus.RecordToolResult("call_2", "get_seat", R"({"row": 14})");
    const Candidate later =
        CheckJudged(gate, corpus,
                    {"Row 14; the $105 stands.", "105", kGrounded,
                     kDerivedDifference, "282 - 177"});
    CHECK(later.grounding == Grounding::kPriorTurn);
    CHECK(later.carriers.empty());
    // A number one off, an equation the answer gets wrong, and a verdict's
    // typed numbers ground nothing.
    CheckJudged(gate, corpus, {"The $106 stands.", "106", kUnsupported});
    CheckJudged(gate, corpus, {"$200 - $96 = $105.", "105", kUnsupported});
    corpus.RecordJudgedAnswer(gate.Judge("A fee of $4,410 applies.", corpus));
    CheckJudged(gate, corpus, {"The fee: $4,410.", "4,410", kUnsupported});
  }

  TEST_CASE("rung arithmetic: a corpus keeps at most kMaxEarlierDerivations") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Add them up.");
    // One more derived number than a corpus keeps: the last is not kept.
    Verdict derived;
    for (std::size_t i = 0; i <= kMaxEarlierDerivations; ++i) {
      Candidate c;
      c.canonical = std::to_string(100000 + i);
      c.status = kGrounded;
      c.reason = kDerivedSum;
      c.derivation = "10000 + 20000";
      derived.candidates.push_back(c);
    }
    corpus.RecordJudgedAnswer(derived);
    CHECK(CorpusInternals::FindEarlierDerivation(corpus, "100000") != nullptr);
    CHECK(CorpusInternals::FindEarlierDerivation(
              corpus, std::to_string(100000 + kMaxEarlierDerivations - 1)) !=
          nullptr);
    CHECK(CorpusInternals::FindEarlierDerivation(
              corpus, std::to_string(100000 + kMaxEarlierDerivations)) ==
          nullptr);
    // Only arithmetic's reasons are kept.
    Verdict respelled;
    respelled.candidates.push_back(
        {.canonical = "30000", .status = kGrounded, .reason = kCanonical});
    EvidenceCorpus other;
    other.RecordJudgedAnswer(respelled);
    CHECK(CorpusInternals::FindEarlierDerivation(other, "30000") == nullptr);
  }

  TEST_CASE("rung arithmetic: a count told of a value counts JSON records") {
    // The same reading over a JSON list: two orders of Mia Li's.
    CheckJudgedOverResult(
        R"({"orders": [{"id": "A1", "buyer": "Mia Li"},
                       {"id": "B2", "buyer": "Ava Li"},
                       {"id": "C3", "buyer": "Mia Li"}]})",
        {{"Mia Li: 2 orders", "2", kGrounded, kCounted, "items holding Mia Li"},
         {"Mia Li: 3 orders", "3", kUnsupported, kNone}});
  }
}

}  // namespace
}  // namespace groundgate
