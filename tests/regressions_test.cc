// tests/regressions_test.cc — each bug found, pinned by the test that
// caught it. A test here names the behaviour, and its comment the bug.
#include <doctest/doctest.h>

#include <string>

#include "evidence/tokenizer.h"
#include "groundgate/groundgate.h"

namespace groundgate {
namespace {

TEST_SUITE("regressions") {
  // Bug: fullwidth digits were classified as "fullwidth punctuation" before
  // "digit", so "４１２００" produced no token at all and was never judged.
  TEST_CASE("fullwidth digits form a token and meet their ASCII spelling") {
    const std::string text =
        "total \xEF\xBC\x94\xEF\xBC\x91\xEF\xBC\x92"
        "\xEF\xBC\x90\xEF\xBC\x90 errors";  // ４１２００
    const auto tokens = evidence::Tokenize(text);
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[1].start == 6);
    CHECK(tokens[1].end == 6 + 15);

    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("how many?");
    corpus.RecordToolResult("c1", "stats", R"({"errors": 41200})");
    const Verdict v = gate->Judge(text, corpus);
    REQUIRE(v.candidates.size() == 1);
    CHECK(v.candidates[0].canonical == "41200");
    CHECK(v.candidates[0].status == CandidateStatus::kGrounded);
    CHECK(v.candidates[0].reason == MatchReason::kCanonical);
  }

  // Bug: a candidate's span was the raw token's, so a value closing a
  // sentence reported its full stop too (found by the CLI's tests).
  TEST_CASE("a value's span excludes the decoration around it") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("which change?");
    const std::string answer = "It is CHG0031337. Costs ($1,234.50).";
    const Verdict v = gate->Judge(answer, corpus);
    REQUIRE(v.candidates.size() == 2);
    CHECK(answer.substr(v.candidates[0].start,
                        v.candidates[0].end - v.candidates[0].start) ==
          "CHG0031337");
    CHECK(answer.substr(v.candidates[1].start,
                        v.candidates[1].end - v.candidates[1].start) ==
          "1,234.50");
  }

  // Bug: in scripts written without spaces a value glued to the words
  // around it made one long token, so a grounded value was flagged as part
  // of the whole sentence (found while writing the fixtures).
  TEST_CASE("a value glued to Japanese text is its own token") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("status?");
    corpus.RecordToolResult("c1", "port",
                            R"({"port":"fc1/3","crc_errors":41200})");
    // "ポートfc1/3のCRCエラーは４１２００件です。"
    const std::string answer =
        "\xE3\x83\x9D\xE3\x83\xBC\xE3\x83\x88"
        "fc1/3\xE3\x81\xAE"
        "CRC\xE3\x82\xA8\xE3\x83\xA9\xE3\x83\xBC\xE3\x81\xAF"
        "\xEF\xBC\x94\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x90\xEF\xBC\x90"
        "\xE4\xBB\xB6\xE3\x81\xA7\xE3\x81\x99\xE3\x80\x82";
    const Verdict v = gate->Judge(answer, corpus);
    CHECK_FALSE(v.flagged());
    REQUIRE(v.candidates.size() == 2);
    CHECK(v.candidates[0].canonical == "fc1/3");
    CHECK(v.candidates[1].canonical == "41200");
    const auto tokens = evidence::Tokenize(
        "\xE6\x9D\xB1\xE4\xBA\xAC"
        "2024");
    CHECK(tokens.size() == 2);  // 東京 | 2024
  }
}

}  // namespace
}  // namespace groundgate
