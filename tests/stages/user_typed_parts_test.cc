// tests/stages/user_typed_parts_test.cc — the parts of what the user typed that
// are identifiers of their own (evidence/corpus.cc, ForEachExemptTextKey).
//
// Its one job: pin that the local part of an email address the user typed
// ("sophia_silva_7557" of "sophia_silva_7557@example.com") and the path
// segments of a URL the user typed are exempt, and beside each a planted
// value that must still be flagged: another user's local part, a segment
// the user never typed.
//
// What it does NOT do: pin the email's name words (names_test.cc) or other
// exemptions (rung_exempt_test.cc).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

CandidateStatus StatusOf(const EvidenceCorpus& corpus, std::string_view answer,
                         std::string_view value) {
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  const Candidate* candidate = AtText(verdict, answer, value);
  REQUIRE(candidate != nullptr);
  return candidate->status;
}

TEST_SUITE("user_typed_parts") {
  TEST_CASE(
      "an email local part the user typed is their id; another's is not") {
    EvidenceCorpus corpus = OneResultCorpus(
        "My email is sophia_silva_7557@example.com, please look me up.",
        "find_user_by_email", R"({"status": "ok"})");
    CHECK(StatusOf(corpus, "Your user id is sophia_silva_7557.",
                   "sophia_silva_7557") == CandidateStatus::kExempt);
    CHECK(StatusOf(corpus, "Your user id is sophia_silva_7558.",
                   "sophia_silva_7558") == CandidateStatus::kUnsupported);
    CHECK(StatusOf(corpus, "Your user id is mia_li_7557.", "mia_li_7557") ==
          CandidateStatus::kUnsupported);
  }

  TEST_CASE("a URL path segment the user typed is theirs; its host is not") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(
        "See https://tracker.example.com/tickets/TCK-88231/history please");
    CHECK(StatusOf(corpus, "Ticket TCK-88231 is open.", "TCK-88231") ==
          CandidateStatus::kExempt);
    CHECK(StatusOf(corpus, "Ticket TCK-88232 is open.", "TCK-88232") ==
          CandidateStatus::kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
