// tests/stages/read_code_spans_test.cc — the reader of markdown code spans
// (stages/read_code_spans.cc).
//
// Its one job: pin, through Gate::Judge, that a code span is one candidate
// of shape "code" judged by its whole canonical form: grounded when a
// result wrote it, exempt when the user did, flagged when planted; and
// that a span of several tokens no one wrote whole is no candidate of its
// own (its tokens are judged one by one, law 1).
//
// What it does NOT do: pin which spans MatchCodeSpan reads (names_test.cc)
// or the bugs code spans had (regressions_test.cc).
#include "stages/read_code_spans.h"

#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

// A result whose leaves are a one-word name and a name of several words.
constexpr std::string_view kAccount =
    R"({"account": "Quenby", "host": "esxi host alpha"})";

// The first candidate of shape "code" in `verdict`, or nullptr.
const Candidate* CodeCandidate(const Verdict& verdict) {
  for (const Candidate& c : verdict.candidates) {
    if (c.shape == "code") return &c;
  }
  return nullptr;
}

TEST_SUITE("read_code_spans") {
  TEST_CASE(
      "read code spans: a span a result wrote is one value, planted not") {
    CheckJudgedOverResult(
        kAccount,
        {
            {"The `Quenby` account is open.", "Quenby", kGrounded, kExact},
            {"The `Quenbie` account is open.", "Quenbie", kUnsupported},
            // Several tokens, written whole by the result: one value.
            // (A code span is read in an English answer only: long
            // enough to tell.)
            {"The host `esxi host alpha` is up again, as you asked.",
             "esxi host alpha", kGrounded, kExact},
        });
  }

  TEST_CASE("read code spans: a span of one token is of shape code") {
    const Verdict verdict =
        JudgeOverResult(kAccount, "The `Quenby` account is open.");
    const Candidate* code = CodeCandidate(verdict);
    REQUIRE(code != nullptr);
    CHECK(code->canonical == "quenby");
  }

  TEST_CASE("read code spans: several tokens no one wrote whole are no span") {
    const Verdict verdict = JudgeOverResult(
        kAccount, "The host `esxi host gamma` is up again, as you asked.");
    CHECK(CodeCandidate(verdict) == nullptr);
  }

  TEST_CASE("read code spans: a call's name is an action, not a value") {
    // "I need to use the `get_webpage` function": the model names what it
    // will call, as "GetUser(" or "the GetUserToken API" after a name. The
    // same span that is told of as a value is still judged.
    const Verdict call = JudgeOverResult(
        kAccount,
        "For this request I need to use the `get_webpage` function "
        "which retrieves the page.");
    CHECK(CodeCandidate(call) == nullptr);
    CHECK(call.candidates.empty());
    CheckJudgedOverResult(
        kAccount, {{"The page came from the `get_webpage_v2` service, as you "
                    "asked.",
                    "get_webpage_v2", kUnsupported}});
  }

  TEST_CASE(
      "read code spans: a name the words before call a tool is an action") {
    // "The relevant tool would be `get_webpage`": the model weighs which
    // tool to call, and the trace keeps no tool list to exempt it. A span
    // of the same shape that the words tell as data is still judged.
    const Verdict weighed = JudgeOverResult(
        kAccount,
        "The relevant tool would be `get_webpage` since we need the page.");
    CHECK(CodeCandidate(weighed) == nullptr);
    const Verdict called = JudgeOverResult(
        kAccount, "First I will call `get_channels` and then read them.");
    CHECK(CodeCandidate(called) == nullptr);
    CheckJudgedOverResult(
        kAccount, {{"The tool returned `ord_8812_x` for your request.",
                    "ord_8812_x", kUnsupported},
                   {"The relevant order would be `get_webpage` as you asked.",
                    "get_webpage", kUnsupported},
                   {"The tool would be `ORD-8812` for your request.",
                    "ORD-8812", kUnsupported}});
  }

  TEST_CASE("read code spans: a span the user wrote is exempt") {
    EvidenceCorpus corpus = OneResultCorpus("Is the `Quenby` account open?",
                                            "get_accounts", R"({"open": 3})");
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"The `Quenby` account is open.", "Quenby", kExempt, kExact}});
  }
}

}  // namespace
}  // namespace groundgate
