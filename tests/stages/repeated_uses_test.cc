// tests/stages/repeated_uses_test.cc — a value the answer uses more than
// once (stages/repeated_uses.h).
//
// Pins that an unsupported value is listed at each use written the same
// way, each with its own span, while a grounded one stays one candidate
// with its occurrences; that a use inside a longer number is not a use;
// that the correction frame and a refusal name such a value once; and that
// a conflict stays on its candidate when uses are inserted before it.
#include "stages/repeated_uses.h"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "groundgate/corpus.h"
#include "groundgate/stages.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;

std::string SpanText(std::string_view answer, const Candidate& c) {
  return std::string(answer.substr(c.start, c.end - c.start));
}

EvidenceCorpus FareCorpus() {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("What does flight HAT069 cost?");
  corpus.RecordToolResult("call_1", "get_flight",
                          R"({"flight": "HAT069", "price": 114})");
  return corpus;
}

std::vector<const Candidate*> Unsupported(const Verdict& verdict) {
  std::vector<const Candidate*> found;
  for (const Candidate& c : verdict.candidates) {
    if (c.status == CandidateStatus::kUnsupported) found.push_back(&c);
  }
  return found;
}

TEST_SUITE("repeated_uses") {
  TEST_CASE("an unsupported value is listed at each use written the same way") {
    const std::string answer =
        "HAT069 costs $114, or $977.50 with bags. Pay $977.50 at the gate; "
        "1977.50 is not it.";
    const Verdict verdict = DefaultGate().Judge(answer, FareCorpus());
    const std::vector<const Candidate*> typed = Unsupported(verdict);
    // $977.50 twice, each at its place; 1977.50 is its own value, not a
    // use of 977.50.
    REQUIRE(typed.size() == 3);
    CHECK(SpanText(answer, *typed[0]) == "977.50");
    CHECK(typed[0]->start == answer.find("977.50"));
    CHECK(SpanText(answer, *typed[1]) == "977.50");
    CHECK(typed[1]->start == answer.find("977.50", typed[0]->end));
    CHECK(SpanText(answer, *typed[2]) == "1977.50");
    for (const Candidate* c : typed) CHECK(c->occurrences == 1);
    for (std::size_t i = 1; i < verdict.candidates.size(); ++i) {
      CHECK(verdict.candidates[i - 1].start < verdict.candidates[i].start);
    }
    // Every candidate but the exempt ones is looked up: the second use too.
    CHECK(verdict.looked_up == static_cast<int>(verdict.candidates.size()));
    // The JSON verdict lists both spans.
    const std::string json = VerdictToJson(verdict);
    CHECK(json.find("\"start\":" + std::to_string(typed[1]->start)) !=
          std::string::npos);

    // A grounded value used twice is still one candidate.
    const std::string read = "HAT069 costs $114; yes, $114.";
    const Verdict grounded = DefaultGate().Judge(read, FareCorpus());
    REQUIRE(grounded.candidates.size() == 2);
    CHECK(grounded.candidates[1].occurrences == 2);
    CHECK_FALSE(grounded.flagged());
  }

  // The "6" of "January 6" is part of the date, not a use of 6: the use
  // found is the one that stands as a value ("6 bags"), wherever the date
  // stands (quintd-openweather-zephyr-4: "Saturday, January 6" before
  // "from 2 to 6 meters per second").
  TEST_CASE("a number inside another value is not a use of it") {
    const std::string answer =
        "Bring 6 bags. On January 6, the fare is $114, and 6 bags fit.";
    std::vector<Candidate> candidates(3);
    candidates[0].start = answer.find('6');
    candidates[0].end = candidates[0].start + 1;
    candidates[0].occurrences = 2;
    candidates[0].status = CandidateStatus::kUnsupported;
    candidates[1].start = answer.find("January 6");
    candidates[1].end = candidates[1].start + 9;
    candidates[1].shape = "date";
    candidates[2].start = answer.find("$114");
    candidates[2].end = candidates[2].start + 4;
    std::vector<std::size_t> origin;
    stages::SplitRepeatedUses(
        answer,
        [](const Candidate& c) {
          return c.status == CandidateStatus::kUnsupported;
        },
        &candidates, &origin);
    REQUIRE(candidates.size() == 4);
    CHECK(candidates[3].start == answer.find("6 bags fit"));
    CHECK(origin[3] == 0);
  }

  TEST_CASE("a use written another way stays counted in the first") {
    const std::string answer = "It costs $1,977.50 in all; $1977.50 with bags.";
    const Verdict verdict = DefaultGate().Judge(answer, FareCorpus());
    const std::vector<const Candidate*> typed = Unsupported(verdict);
    REQUIRE(typed.size() == 1);
    CHECK(SpanText(answer, *typed[0]) == "1,977.50");
    CHECK(typed[0]->occurrences == 2);
  }

  TEST_CASE("the correction frame and a refusal name a value once") {
    const std::string answer = "It costs $977.50, and $977.50 is final.";
    const Verdict verdict = DefaultGate().Judge(answer, FareCorpus());
    REQUIRE(Unsupported(verdict).size() == 2);
    const std::string frame = stages::CorrectionFrame(answer, verdict);
    CHECK(frame.find("\"977.50\"") != std::string::npos);
    CHECK(frame.find("\"977.50\"") == frame.rfind("\"977.50\""));
    CHECK(frame.find("more") == std::string::npos);
    const absl::Status refusal =
        stages::RefusalStatus(answer, verdict, /*revision_tried=*/true);
    CHECK(std::string(refusal.message()).find("1 value appears") !=
          std::string::npos);
    const std::optional<Refusal> read = ReadRefusal(refusal);
    REQUIRE(read.has_value());
    CHECK(read->unsupported.size() == 1);
  }

  TEST_CASE(
      "a conflict stays on its candidate when uses are listed before it") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What is the total now?");
    corpus.RecordToolResult("call_1", "get_reservation_details",
                            R"({"reservation_id": "4WQ150", "total": 1679})");
    corpus.RecordToolResult("call_2", "get_reservation_details",
                            R"({"reservation_id": "4WQ150", "total": 1859})");
    const std::string answer =
        "Fees: $977.50, again $977.50. Your total is 1679.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    REQUIRE(Unsupported(verdict).size() == 2);
    REQUIRE(verdict.conflicts.size() == 1);
    REQUIRE(verdict.conflicts[0].candidate < verdict.candidates.size());
    const Candidate& conflicted =
        verdict.candidates[verdict.conflicts[0].candidate];
    CHECK(SpanText(answer, conflicted) == "1679");
    CHECK(conflicted.status == CandidateStatus::kGrounded);
  }
}

}  // namespace
}  // namespace groundgate
