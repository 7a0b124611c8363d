// tests/rung_names_test.cc — the names rung (stages/rung_names.cc): a name
// read word by word, or as one handle.
//
// Its one job: pin that a name whose every distinguishing word a result
// carried is grounded (name_words), as is a name a result wrote as one
// handle, and that a name with one word swapped for another is still
// flagged, with the carried word as its near miss.
//
// What it does NOT do: pin which runs of words are names
// (names_test.cc) or which are general knowledge (read_names.cc).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;

// The candidate whose span text is `text`, or nullptr.
const Candidate* AtText(const Verdict& verdict, std::string_view answer,
                        std::string_view text) {
  for (const Candidate& c : verdict.candidates) {
    if (answer.substr(c.start, c.end - c.start) == text) return &c;
  }
  return nullptr;
}

constexpr std::string_view kPassenger =
    R"({"first_name": "Beatrix", "last_name": "Okafor",
        "vendor": "hoteldealz"})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

TEST_SUITE("rung_names") {
  TEST_CASE("rung names: each word carried grounds it, a swapped word not") {
    const Case cases[] = {
        // First and last name from two fields.
        {"The passenger is Beatrix Okafor.", "Beatrix Okafor",
         CandidateStatus::kGrounded, MatchReason::kNameWords},
        {"The passenger is Beatrix Okonkwo.", "Beatrix Okonkwo",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"The passenger is Imogen Okafor.", "Imogen Okafor",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // Written as one handle in the result.
        {"I booked it through Hotel Dealz.", "Hotel Dealz",
         CandidateStatus::kGrounded, MatchReason::kNameWords},
        {"I booked it through Hotel Dealzy.", "Hotel Dealzy",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Who is on the booking?");
      corpus.RecordToolResult("call_1", "get_booking", kPassenger);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      if (c.status == CandidateStatus::kGrounded) {
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
  }

  TEST_CASE("rung names: switched off, no name is judged") {
    absl::StatusOr<Gate> gate = Gate::Create({.names = false});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on the booking?");
    corpus.RecordToolResult("call_1", "get_booking", kPassenger);
    const std::string_view answer = "The passenger is Beatrix Okonkwo.";
    const Verdict verdict = gate->Judge(answer, corpus);
    CHECK(AtText(verdict, answer, "Beatrix Okonkwo") == nullptr);
  }
}

}  // namespace
}  // namespace groundgate
