// tests/stages/rung_exempt_test.cc — rung 2 (stages/rung_exempt.cc): a value the
// user or the application supplied (law 4).
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

#include <span>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

void CheckCases(const Gate& gate, const EvidenceCorpus& corpus,
                std::span<const Case> cases) {
  for (const Case& c : cases) {
    CAPTURE(c.answer);
    const Verdict verdict = gate.Judge(c.answer, corpus);
    const Candidate* candidate = AtText(verdict, c.answer, c.value);
    REQUIRE(candidate != nullptr);
    CHECK(StatusName(candidate->status) == StatusName(c.status));
    CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
  }
}

TEST_SUITE("rung_exempt") {
  TEST_CASE("rung exempt: what the user typed is exempt, a neighbour is not") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(
        "Ticket CHG0031337 shows 41200 errors; my budget is 1500000.");
    const Case cases[] = {
        {"Ticket CHG0031337 is being checked.", "CHG0031337",
         CandidateStatus::kExempt, MatchReason::kExact},
        {"Ticket CHG0031338 is being checked.", "CHG0031338",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // Respelled by the answer: canonical.
        {"You saw 41,200 errors.", "41,200", CandidateStatus::kExempt,
         MatchReason::kCanonical},
        {"You saw 41,202 errors.", "41,202", CandidateStatus::kUnsupported,
         MatchReason::kNone},
        // Written as people write money: respelled_number.
        {"Your budget of $1.5M is noted.", "1.5M", CandidateStatus::kExempt,
         MatchReason::kRespelledNumber},
        {"Your budget of $1.6M is noted.", "1.6M",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    CheckCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE("rung exempt: a declared exemption, and only the value declared") {
    absl::StatusOr<Gate> gate = Gate::Create({.exempt_values = {"CHG0031337"}});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What changed?");
    const Case cases[] = {
        {"Change CHG0031337 was applied.", "CHG0031337",
         CandidateStatus::kExempt, MatchReason::kDeclaredExemption},
        {"Change CHG0031339 was applied.", "CHG0031339",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    CheckCases(*gate, corpus, cases);
  }

  TEST_CASE("rung exempt: a month and day the user gave, with the year named") {
    EvidenceCorpus corpus;
    corpus.RecordExempt("The current time is 2024-05-15 15:00:00 EST.");
    corpus.RecordUserMessage("I want to fly on May 20th.");
    const Case cases[] = {
        {"You fly on May 20, 2024.", "May 20, 2024", CandidateStatus::kExempt,
         MatchReason::kRespelledDate},
        {"You fly on May 21, 2024.", "May 21, 2024",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    CheckCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE("rung exempt: a name whose words the user gave one by one") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("First name Beatrix, last name Okafor.");
    const Case cases[] = {
        {"The ticket is for Beatrix Okafor.", "Beatrix Okafor",
         CandidateStatus::kExempt, MatchReason::kNameWords},
        {"The ticket is for Beatrix Okonkwo.", "Beatrix Okonkwo",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    CheckCases(DefaultGate(), corpus, cases);
  }
}

}  // namespace
}  // namespace groundgate
