// tests/stages/rung_exempt_test.cc — rung 2 (stages/rung_exempt.cc): a value
// the user or the application supplied (law 4).
//
// Its one job: pin each exemption the rung grants, with its reason
// (declared_exemption, exact, canonical, respelled_number, respelled_date,
// name_words), and beside each a planted value the user never supplied that
// must still be flagged.
//
// What it does NOT do: pin that an exempt value is never matched by parts,
// rounding or arithmetic (laws_test.cc), or a supplied date moved by days
// (rung_derived_dates_test.cc).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

TEST_SUITE("rung_exempt") {
  TEST_CASE("rung exempt: what the user typed is exempt, a neighbour is not") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(
        "Ticket CHG0031337 shows 41200 errors; my budget is 1500000.");
    const JudgedCase cases[] = {
        {"Ticket CHG0031337 is being checked.", "CHG0031337", kExempt, kExact},
        {"Ticket CHG0031338 is being checked.", "CHG0031338", kUnsupported,
         kNone},
        // Respelled by the answer: canonical.
        {"You saw 41,200 errors.", "41,200", kExempt, kCanonical},
        {"You saw 41,202 errors.", "41,202", kUnsupported, kNone},
        // Written as people write money: respelled_number.
        {"Your budget of $1.5M is noted.", "1.5M", kExempt, kRespelledNumber},
        {"Your budget of $1.6M is noted.", "1.6M", kUnsupported, kNone},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE(
      "rung exempt: a value glued to the user's next sentence is theirs") {
    // "www.our-company.com.They sent ...": a full stop with no space after
    // it still ends the value the user typed.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(
        "Post the hobbies to our website www.our-company.com.They sent them "
        "to Bob.");
    const JudgedCase cases[] = {
        {"I posted them to www.our-company.com for you.", "www.our-company.com",
         kExempt, kExact},
        {"I posted them to www.our-company.org for you.", "www.our-company.org",
         kUnsupported, kNone},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
    // Only a value with a '.' of its own before the glued word: "Mr.Smith"
    // supplies no "mr".
    corpus.RecordUserMessage("Ask Mr.Smith about it.");
    CHECK_FALSE(corpus.IsExempt("mr"));
  }

  TEST_CASE("rung exempt: a declared exemption, and only the value declared") {
    absl::StatusOr<Gate> gate = Gate::Create({.exempt_values = {"CHG0031337"}});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What changed?");
    const JudgedCase cases[] = {
        {"Change CHG0031337 was applied.", "CHG0031337", kExempt,
         kDeclaredExemption},
        {"Change CHG0031339 was applied.", "CHG0031339", kUnsupported, kNone},
    };
    CheckJudgedCases(*gate, corpus, cases);
  }

  TEST_CASE("rung exempt: a month and day the user gave, with the year named") {
    EvidenceCorpus corpus;
    corpus.RecordExempt("The current time is 2024-05-15 15:00:00 EST.");
    corpus.RecordUserMessage("I want to fly on May 20th.");
    const JudgedCase cases[] = {
        {"You fly on May 20, 2024.", "May 20, 2024", kExempt, kRespelledDate},
        {"You fly on May 21, 2024.", "May 21, 2024", kUnsupported, kNone},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE("rung exempt: a name whose words the user gave one by one") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("First name Beatrix, last name Okafor.");
    const JudgedCase cases[] = {
        {"The ticket is for Beatrix Okafor.", "Beatrix Okafor", kExempt,
         kNameWords},
        {"The ticket is for Beatrix Okonkwo.", "Beatrix Okonkwo", kUnsupported,
         kNone},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }
  TEST_CASE("rung exempt: a declared exemption wins over evidence") {
    absl::StatusOr<Gate> gate =
        Gate::Create({.exempt_values = {"TENANT-0042"}});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"tenant": "TENANT-0042"})");
    const Verdict verdict = gate->Judge("Tenant TENANT-0042.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == kExempt);
    CHECK(verdict.candidates[0].reason == kDeclaredExemption);
    CHECK(verdict.candidates[0].carriers.empty());
    CHECK(verdict.looked_up == 0);
    REQUIRE(verdict.answer_carriers.has_value());
    CHECK(verdict.answer_carriers->empty());
  }

  TEST_CASE("rung exempt: the reason follows the answer's spelling") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Ticket RITM0058213, amount 41,200.");
    const Verdict verdict = DefaultGate().Judge("RITM0058213: 41,200.", corpus);
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(verdict.candidates[0].status == kExempt);
    CHECK(verdict.candidates[0].reason == kExact);
    CHECK(verdict.candidates[1].status == kExempt);
    CHECK(verdict.candidates[1].reason == kCanonical);
  }

  TEST_CASE("rung exempt: a date the user wrote in words is exempt repeated") {
    EvidenceCorpus corpus = OneResultCorpus(
        "Can I fly on May 30, 2024 at 4:15 PM?", "t", R"({"seats": 0})", "c1");
    const std::string answer = "No seats on 2024-05-30 at 16:15.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    CHECK_FALSE(verdict.flagged());
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(verdict.candidates[0].status == kExempt);
    CHECK(verdict.candidates[0].reason == kRespelledDate);
    CHECK(verdict.candidates[1].status == kExempt);
    CHECK(verdict.candidates[1].reason == kRespelledTime);
  }

  TEST_CASE(
      "rung exempt: a date given without a year takes the conversation's") {
    // tau-bench t0 (credited in tests/fixtures/README.md): "I want to fly
    // on May 20th", then "flights ... on May 20, 2024".
    EvidenceCorpus corpus;
    corpus.RecordExempt("The current time is 2024-05-15 15:00:00 EST.");
    corpus.RecordUserMessage("I want to fly on May 20th, in economy class.");
    corpus.RecordToolResult("c1", "search_direct_flight",
                            R"([{"flight_number": "HAT069"}])");
    CheckJudged(DefaultGate(), corpus,
                {"Flights on May 20, 2024: HAT069.", "May 20, 2024", kExempt,
                 kRespelledDate});
    // A year no one named, or a day the user did not give: typed.
    for (const std::string_view typed : {"Flights on May 20, 2023: HAT069.",
                                         "Flights on May 21, 2024: HAT069."}) {
      CAPTURE(typed);
      CHECK(DefaultGate().Judge(typed, corpus).flagged());
    }
  }
}

}  // namespace
}  // namespace groundgate
