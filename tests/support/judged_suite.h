// tests/support/judged_suite.h — the names a judge's suite calls by name.
//
// Its one job: the using-declarations each suite of a reader or a rung
// (tests/stages/read_*_test.cc, rung_*_test.cc) wrote at its top, written
// once: the shared tool results, the gate, the tables of judged answers
// and the context for calling a rung directly, all named unqualified inside
// namespace groundgate.
//
//   #include "tests/support/judged_suite.h"
//
//   namespace groundgate {
//   namespace {
//   using enum CandidateStatus;
//   using enum MatchReason;
//
//   TEST_CASE("...") { CheckJudgedOverResult(kWeather, {...}); }
//
// What it does NOT do: bring in the verdict's enumerators (each suite's
// `using enum` lines do, in its own anonymous namespace, so they never
// meet a name of the library's), or serve a suite outside tests/stages/.
#ifndef GROUNDGATE_TESTS_SUPPORT_JUDGED_SUITE_H_
#define GROUNDGATE_TESTS_SUPPORT_JUDGED_SUITE_H_

#include "tests/at_text.h"
#include "tests/default_gate.h"
#include "tests/support/cases.h"
#include "tests/support/judged_cases.h"
#include "tests/support/ladder.h"
#include "tests/support/tool_results.h"

namespace groundgate {

using groundgate_test::AtText;
using groundgate_test::CheckJudged;
using groundgate_test::CheckJudgedCases;
using groundgate_test::CheckJudgedOverResult;
using groundgate_test::ContextFor;
using groundgate_test::DefaultGate;
using groundgate_test::ForEachCase;
using groundgate_test::GateWith;
using groundgate_test::JudgedCase;
using groundgate_test::JudgeOverResult;
using groundgate_test::kBooking;
using groundgate_test::kEntity;
using groundgate_test::kPassengers;
using groundgate_test::kSchedule;
using groundgate_test::kTwoFlightReservation;
using groundgate_test::kWeather;
using groundgate_test::OneResultCorpus;

}  // namespace groundgate

#endif  // GROUNDGATE_TESTS_SUPPORT_JUDGED_SUITE_H_
