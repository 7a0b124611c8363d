// tests/stages/rung_own_spelling_test.cc — rung 1
// (stages/rung_own_spelling.cc): the value's own canonical form, carried by a
// result.
//
// Its one job: pin, through Gate::Judge and the rung's entry point, the
// reasons the rung gives (exact, canonical, respelled_number) and, beside
// each value it grounds, a planted value one character away that it must
// still flag.
//
// What it does NOT do: pin the other keys a value is met through
// (rung_respellings_test.cc) or what the user supplied
// (rung_exempt_test.cc).
#include "stages/rung_own_spelling.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

constexpr std::string_view kTicket =
    R"({"ticket": "CHG0031337", "errors": 41200, "budget": 1200000,
        "opened": "2024-05-22"})";

TEST_SUITE("rung_own_spelling") {
  TEST_CASE("rung own spelling: grounds the carried value, flags the planted") {
    const JudgedCase cases[] = {
        // Spelled as the result spelled it.
        {"Ticket CHG0031337 is open.", "CHG0031337", kGrounded, kExact},
        {"Ticket CHG0031338 is open.", "CHG0031338", kUnsupported, kNone},
        // One canonical form joins two spellings (law 1).
        {"We logged 41,200 errors.", "41,200", kGrounded, kCanonical},
        {"We logged 41,300 errors.", "41,300", kUnsupported, kNone},
        // A number as people write it, whose value was carried.
        {"The budget is $1.2M this year.", "1.2M", kGrounded, kRespelledNumber},
        {"The budget is $1.4M this year.", "1.4M", kUnsupported, kNone},
        // A date spelled as the result spelled it.
        {"It was opened on 2024-05-22.", "2024-05-22", kGrounded, kExact},
        {"It was opened on 2024-05-29.", "2024-05-29", kUnsupported, kNone},
    };
    EvidenceCorpus corpus = OneResultCorpus("What is the state of my ticket?",
                                            "get_ticket", kTicket);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  // quintd gsmarena (kasnerz/quintd, MIT): "Type": "STN, 65K colors", told
  // as "a display with 65,000 colors".
  TEST_CASE("rung own spelling: a result's thousands 'K' is its value too") {
    CheckJudgedOverResult(
        R"({"Display": "STN, 65K colors"})",
        {
            {"A display with 65,000 colors.", "65,000", kGrounded, kCanonical},
            {"A display with 66,000 colors.", "66,000", kUnsupported, kNone},
            {"A display with 650,000 colors.", "650,000", kUnsupported, kNone},
            {"A display with 6,500 colors.", "6,500", kUnsupported, kNone},
        });
  }

  TEST_CASE("rung own spelling: a number in words a text result wrote alike") {
    EvidenceCorpus corpus =
        OneResultCorpus("How many visitors came?", "search",
                        "The museum counted forty-one thousand visitors.");
    const std::string_view read = "About forty-one thousand visitors came.";
    const Verdict grounded = DefaultGate().Judge(read, corpus);
    REQUIRE(grounded.candidates.size() == 1);
    CHECK(grounded.candidates[0].status == kGrounded);
    CHECK(grounded.candidates[0].reason == kCanonical);
    const std::string_view planted = "About forty-two thousand visitors came.";
    const Verdict flagged = DefaultGate().Judge(planted, corpus);
    REQUIRE(flagged.candidates.size() == 1);
    CHECK(flagged.candidates[0].status == kUnsupported);
  }

  TEST_CASE("rung own spelling: the entry point grounds only its own key") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_ticket", kTicket);
    stages::JudgeContext context = ContextFor("CHG0031337 CHG0031338", corpus);
    Candidate* read = context.NewCandidate("chg0031337");
    REQUIRE(read != nullptr);
    read->canonical = "chg0031337";
    CHECK(stages::GroundBySpelling(context, "chg0031337", /*respelled=*/false,
                                   read));
    CHECK(read->status == kGrounded);
    CHECK(read->reason == kExact);
    Candidate* planted = context.NewCandidate("chg0031338");
    REQUIRE(planted != nullptr);
    CHECK_FALSE(stages::GroundBySpelling(context, "chg0031338",
                                         /*respelled=*/false, planted));
    CHECK(planted->status == kUnsupported);
    CHECK(planted->reason == kNone);
  }
  TEST_CASE("rung own spelling: exact when spelled as read, else canonical") {
    struct ReasonCase {
      std::string_view evidence;
      std::string_view answer;
      MatchReason reason;
    };
    static constexpr ReasonCase kCases[] = {
        {R"({"crc": 41200})", "41200", kExact},
        {R"({"crc": 41200})", "41,200", kCanonical},
        {R"({"mem": 2048.0})", "2048", kCanonical},
        {R"({"mem": 2048.0})", "2048.0", kCanonical},
        {"crc 41,200 total", "41200", kCanonical},
        {R"({"host": "esx-prod-014"})", "esx-prod-014", kExact},
        {R"({"host": "ESX-PROD-014"})", "esx-prod-014", kExact},
        {R"({"host": "esx-prod-014"})", "ESX-PROD-014", kExact},
        {R"({"lun": "0x0012"})", "0012", kCanonical},
        {R"({"lun": "0012"})", "0x0012", kCanonical},
        {R"({"mem": "4096"})", "4096MB", kCanonical},
        {R"({"crc": 41200})", "٤١٢٠٠", kCanonical},
        {R"({"crc": 41200})", "４１２００", kCanonical},
    };
    ForEachCase(kCases, [](const ReasonCase& c) {
      CAPTURE(c.evidence);
      EvidenceCorpus corpus;
      corpus.RecordToolResult("c1", "t", c.evidence);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      REQUIRE(verdict.candidates.size() == 1);
      CHECK(verdict.candidates[0].status == kGrounded);
      CHECK(ReasonName(verdict.candidates[0].reason) == ReasonName(c.reason));
    });
  }

  // Bug (fixed): a prefixed hex value is looked up by its bare digits, and
  // the corpus marks the bare-digit key as a respelling even when the result
  // spelled it with the prefix, so the same spelling on both sides read
  // "canonical". The judge now asks about the answer's own spelling.
  TEST_CASE("rung own spelling: a hex value spelled as read is exact") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"lun": "0x0012"})");
    const Verdict verdict = DefaultGate().Judge("LUN 0x0012.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == kGrounded);
    CHECK(ReasonName(verdict.candidates[0].reason) == "exact");
  }

  TEST_CASE(
      "rung own spelling: a value carried and exempt counts as grounded") {
    // Rung 1 comes before rung 2: what a result carried is grounded even
    // when the user typed it too.
    EvidenceCorpus corpus =
        OneResultCorpus("My number is 222-929-5297.", "get_account",
                        R"({"phone": "222-929-5297"})", "c1");
    const Verdict verdict =
        DefaultGate().Judge("Your phone is 222-929-5297.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].status == kGrounded);
    CHECK(verdict.candidates[0].carriers == std::vector<std::string>{"c1"});
    CHECK(verdict.looked_up == 1);
  }
}

}  // namespace
}  // namespace groundgate
