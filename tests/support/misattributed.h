// tests/support/misattributed.h — a verdict with a misattributed value
// (law 11), built by hand, for the suites of the surfaces that carry it.
//
// Its one job: one copy of the verdict the JSON form, the events, the
// route, the report, eval and the OTLP records are each checked against:
// "$114" told of flight HAT271, whose economy fare is $174 ($114 is
// HAT139's), beside a grounded HAT271. The judge that binds values to
// records is tested on its own; these suites need only its output.
//
// What it does NOT do: judge anything. The verdict is what Gate::Judge
// would return; no corpus stands behind it.
#ifndef GROUNDGATE_TESTS_SUPPORT_MISATTRIBUTED_H_
#define GROUNDGATE_TESTS_SUPPORT_MISATTRIBUTED_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/verdict.h"

namespace groundgate_test {

// The answer the verdict judged; its spans are those of the candidates.
inline constexpr std::string_view kMisattributedAnswer =
    "Flight HAT271 costs $114 in economy.";

// The flight search the answer read, as the call "call_1" returned it.
inline constexpr std::string_view kFlightSearch =
    R"({"flights": [{"flight_number": "HAT139", "prices": {"economy": 114}},
                    {"flight_number": "HAT271", "prices": {"economy": 174}}]})";

// HAT271 grounded (7..13); "$114" (20..24) misattributed: named
// $.flights[1] of call_1 at prices.economy, which holds 174; read from
// $.flights[0]. `warns_only` sets Verdict::misattribution_warns_only.
// A candidate this turn's call_1 carried, at [start, end).
inline groundgate::Candidate CarriedCandidate(
    std::size_t start, std::size_t end, std::string shape,
    std::string canonical, groundgate::CandidateStatus status,
    groundgate::MatchReason reason) {
  groundgate::Candidate c;
  c.start = start;
  c.end = end;
  c.shape = std::move(shape);
  c.canonical = std::move(canonical);
  c.status = status;
  c.reason = reason;
  c.grounding = groundgate::Grounding::kThisTurn;
  c.carriers = {"call_1"};
  return c;
}

inline groundgate::Verdict MisattributedVerdict(bool warns_only = false) {
  groundgate::Verdict verdict;
  const groundgate::Candidate flight = CarriedCandidate(
      7, 13, "identifier", "hat271", groundgate::CandidateStatus::kGrounded,
      groundgate::MatchReason::kExact);
  groundgate::Candidate fare = CarriedCandidate(
      20, 24, "money", "114", groundgate::CandidateStatus::kMisattributed,
      groundgate::MatchReason::kCanonical);
  fare.binding = groundgate::Binding{
      .named = {.carrier = "call_1", .path = "$.flights[1]"},
      .field = "prices.economy",
      .named_value = "174",
      .read = {.carrier = "call_1", .path = "$.flights[0]"},
      .aggregate = ""};
  verdict.candidates = {flight, fare};
  verdict.looked_up = 2;
  verdict.grounding.this_turn = 2;
  verdict.answer_carriers = std::vector<groundgate::AnswerCarrier>{
      {"call_1", "search_flights", 2, 2}};
  verdict.misattribution_warns_only = warns_only;
  return verdict;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_MISATTRIBUTED_H_
