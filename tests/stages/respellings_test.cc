// tests/stages/respellings_test.cc — values read in another spelling than the one
// the result gave: identifier parts, last digits, a date's year, a dropped
// sign, a 12-hour time without AM/PM; near misses and conflicts.
//
// Its one job: pin, through Gate::Judge, each lookup rung past the value's
// own spelling, with the reason it reports, and the planted value beside
// each that must stay unsupported (law 2: a part is a delimited field, never
// a substring).
//
// What it does NOT do: pin numbers as people write them (numbers_test.cc,
// money_test.cc), dates (dates_test.cc) or names (names_test.cc).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/gate.h"
#include "groundgate/stages.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

// A payment history of the airline traces (tau-bench, credited in
// tests/fixtures/README.md).
constexpr std::string_view kReservation =
    R"({"reservation_id": "4WQ150", "user_id": "mia_li_3668",
        "payment_history": [
          {"payment_id": "certificate_7504069", "amount": 250},
          {"payment_id": "credit_card_4421486", "amount": -6594}],
        "card": "4111111111111784",
        "created_at": "2024-05-06T13:25:06",
        "departure": "13:00:00"})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

TEST_CASE("respellings: each rung grounds its respelling and no planted one") {
  const Case cases[] = {
      // A delimited part of a carried identifier.
      {"Use certificate 7504069 for $250.", "7504069",
       CandidateStatus::kGrounded, MatchReason::kIdentifierPart},
      {"Use certificate 7504068 for $250.", "7504068",
       CandidateStatus::kUnsupported, MatchReason::kNone},
      // Part of a part is a substring: never.
      {"Use certificate 750406 now.", "750406", CandidateStatus::kUnsupported,
       MatchReason::kNone},
      // The last four digits, when the wording asks for them.
      {"Charged to the card ending in 1784.", "1784",
       CandidateStatus::kGrounded, MatchReason::kIdentifierPart},
      {"Charged to the card ending in 1785.", "1785",
       CandidateStatus::kUnsupported, MatchReason::kNone},
      // Without the wording, four digits are a number of their own.
      {"There were 1784 seats.", "1784", CandidateStatus::kUnsupported,
       MatchReason::kNone},
      // The year of a carried date.
      {"It was booked in 2024.", "2024", CandidateStatus::kGrounded,
       MatchReason::kRespelledDate},
      {"It was booked in 2023.", "2023", CandidateStatus::kUnsupported,
       MatchReason::kNone},
      // A sign the wording dropped.
      {"A refund of 6,594 went to your card.", "6,594",
       CandidateStatus::kGrounded, MatchReason::kSignDropped},
      {"You paid 6,594 in total.", "6,594", CandidateStatus::kUnsupported,
       MatchReason::kNone},
      // A charge or a difference a calculator wrote negative (tau-bench
      // t22: "-114.0", then "an additional cost of $114 has been charged").
      {"The additional cost of $6,594 has been charged.", "6,594",
       CandidateStatus::kGrounded, MatchReason::kSignDropped},
      {"The price difference is $6,594.", "6,594", CandidateStatus::kGrounded,
       MatchReason::kSignDropped},
      {"The additional cost of $6,595 has been charged.", "6,595",
       CandidateStatus::kUnsupported, MatchReason::kNone},
      // A 12-hour time written without AM/PM.
      {"It departs at 01:00 local time.", "01:00", CandidateStatus::kGrounded,
       MatchReason::kRespelledTime},
      {"It departs at 02:00 local time.", "02:00",
       CandidateStatus::kUnsupported, MatchReason::kNone},
  };
  for (const Case& c : cases) {
    CAPTURE(c.answer);
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("What did I pay?");
    corpus.RecordToolResult("call_1", "get_reservation_details", kReservation);
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

TEST_CASE("respellings: a near miss names the carrier of the closest value") {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("Which reservation?");
  corpus.RecordToolResult("call_1", "list", R"({"ids": ["HAT083"]})");
  corpus.RecordToolResult("call_2", "get", R"({"id": "ZZZ999", "n": 48213})");
  const std::string answer =
      "Flight HAT084 holds 48231 seats; ticket QQQ111 is yours.";
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  const Candidate* one_digit = AtText(verdict, answer, "HAT084");
  REQUIRE(one_digit != nullptr);
  CHECK(one_digit->status == CandidateStatus::kUnsupported);
  CHECK(one_digit->near_miss_carrier == "call_1");
  CHECK(one_digit->near_miss == "hat083");
  const Candidate* swapped = AtText(verdict, answer, "48231");
  REQUIRE(swapped != nullptr);
  CHECK(swapped->near_miss_carrier == "call_2");
  const Candidate* far = AtText(verdict, answer, "QQQ111");
  REQUIRE(far != nullptr);
  CHECK(far->near_miss_carrier.empty());
  // Law 8: the carrier's id is an identity; the value only on opt-in.
  const std::string plain = VerdictToJson(verdict);
  CHECK(plain.find("\"near_miss_carrier\":\"call_1\"") != std::string::npos);
  CHECK(plain.find("hat083") == std::string::npos);
  const std::string opted = VerdictToJson(verdict, {.include_values = true});
  CHECK(opted.find("\"near_miss\":\"hat083\"") != std::string::npos);
}

TEST_CASE("respellings: a sender's name is read from its email address") {
  // ToolTalk (credited in tests/fixtures/README.md): the assistant names
  // the sender of "hotel-dealz-noreply@deals.com" Hotel Dealz, and of
  // "dasherservice@dashmart.com" DasherService.
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("Anything about Edinburgh in my inbox?");
  corpus.RecordToolResult("call_1", "SearchInbox",
                          R"({"emails": [
                                {"sender": "hotel-dealz-noreply@deals.com"},
                                {"sender": "dasherservice@dashmart.com"},
                                {"sender": "j.quenby2@mail.com"}]})");
  const std::string answer =
      "One email is from Hotel Dealz, one from DasherService, one from "
      "Quenby and one from Hotel Dealzz.";
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  const Candidate* words = AtText(verdict, answer, "Hotel Dealz");
  REQUIRE(words != nullptr);
  CHECK(words->status == CandidateStatus::kGrounded);
  CHECK(words->reason == MatchReason::kNameWords);
  const Candidate* whole = AtText(verdict, answer, "DasherService");
  REQUIRE(whole != nullptr);
  CHECK(whole->status == CandidateStatus::kGrounded);
  // A local part with digits is an identifier part, not a name word; one
  // letter ("j") names no one.
  const Candidate* digits = AtText(verdict, answer, "Quenby");
  REQUIRE(digits != nullptr);
  CHECK(digits->status == CandidateStatus::kUnsupported);
  const Candidate* changed = AtText(verdict, answer, "Hotel Dealzz");
  REQUIRE(changed != nullptr);
  CHECK(changed->status == CandidateStatus::kUnsupported);
  // The domain is no one's name.
  CHECK_FALSE(corpus.Lookup("dashmart").carried);
  CHECK_FALSE(corpus.Lookup("j").carried);
}

TEST_CASE("respellings: a hex value's near miss is another hex value") {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("Which port?");
  corpus.RecordToolResult("call_1", "ports",
                          R"({"wwpn": "50:06:01:60:9f:a0:e1:7c"})");
  corpus.RecordToolResult("call_2", "ports", R"({"id": "port-ab12"})");
  const std::string answer =
      "Port 50:06:01:60:9f:a0:e1:7d is down; so are 50:06:01:60:9f:a0:e1:7z, "
      "5:006:01:60:9f:a0:e1:7c and port-ab21.";
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  // One hex digit off: named.
  const Candidate* hex = AtText(verdict, answer, "50:06:01:60:9f:a0:e1:7d");
  REQUIRE(hex != nullptr);
  CHECK(hex->status == CandidateStatus::kUnsupported);
  CHECK(hex->near_miss_carrier == "call_1");
  // A letter beyond f makes it no hex value: its letters range over a-z,
  // and 'z' -> 'c' is one of those steps.
  const Candidate* beyond = AtText(verdict, answer, "50:06:01:60:9f:a0:e1:7z");
  REQUIRE(beyond != nullptr);
  CHECK(beyond->near_miss_carrier == "call_1");
  // A digit swapped with a separator changes the shape: no near miss.
  const Candidate* shifted = AtText(verdict, answer, "5:006:01:60:9f:a0:e1:7c");
  REQUIRE(shifted != nullptr);
  CHECK(shifted->status == CandidateStatus::kUnsupported);
  CHECK(shifted->near_miss_carrier.empty());
  // Two neighbouring digits swapped: named.
  const Candidate* swapped = AtText(verdict, answer, "port-ab21");
  REQUIRE(swapped != nullptr);
  CHECK(swapped->near_miss_carrier == "call_2");
}

TEST_CASE(
    "respellings: numbers in words are read in any case, and only large") {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("How many?");
  corpus.RecordToolResult("call_1", "count", R"({"n": 41000, "m": 41})");
  for (const std::string_view answer :
       {"It holds forty-one thousand rows.",
        "It holds FORTY-ONE THOUSAND rows.", "Forty-One Thousand rows."}) {
    CAPTURE(answer);
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].canonical == "41000");
    CHECK(verdict.candidates[0].reason == MatchReason::kRespelledNumber);
  }
  // Below min_digits a number in words is no candidate; with min_digits 2
  // it is one.
  const Verdict small = DefaultGate().Judge("It holds forty-one rows.", corpus);
  CHECK(small.candidates.empty());
  absl::StatusOr<Gate> two = Gate::Create({.min_digits = 2});
  REQUIRE(two.ok());
  const Verdict read = two->Judge("It holds forty-one rows.", corpus);
  REQUIRE(read.candidates.size() == 1);
  CHECK(read.candidates[0].canonical == "41");
  CHECK(read.candidates[0].status == CandidateStatus::kGrounded);
}

TEST_CASE("respellings: the correction frame says where a near miss was read") {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("Which flight?");
  corpus.RecordToolResult("call_7", "search", R"({"flight": "HAT083"})");
  const std::string answer = "Take flight HAT084.";
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  const std::string frame = stages::CorrectionFrame(answer, verdict);
  CHECK(frame.find("\"HAT084\" (compare the result of call_7)") !=
        std::string::npos);
  // The carried value itself is never quoted: the model must read it.
  CHECK(frame.find("HAT083") == std::string::npos);
}

TEST_CASE("respellings: two results of one tool that disagree are a conflict") {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage("Is it cancelled?");
  corpus.RecordToolResult(
      "call_1", "get_reservation_details",
      R"({"reservation_id": "4WQ150", "status": "confirmed", "total": 1679})");
  corpus.RecordToolResult(
      "call_2", "get_reservation_details",
      R"({"reservation_id": "4WQ150", "status": "cancelled", "total": 1679})");
  // Another reservation's status is another entity: no conflict.
  corpus.RecordToolResult(
      "call_3", "get_reservation_details",
      R"({"reservation_id": "ZZ9ZZ9", "status": "pending", "total": 7777})");
  const std::string answer =
      "Reservation 4WQ150 is confirmed at a total of 1679; ZZ9ZZ9 costs 7777.";
  const Verdict verdict = DefaultGate().Judge(answer, corpus);
  CHECK_FALSE(verdict.flagged());
  // "confirmed" is prose to the extractor; the total agrees in both. The
  // reservation id is the entity's name, never a conflict.
  CHECK(verdict.conflicts.empty());

  EvidenceCorpus changed;
  changed.RecordUserMessage("What is the total now?");
  changed.RecordToolResult("call_1", "get_reservation_details",
                           R"({"reservation_id": "4WQ150", "total": 1679})");
  changed.RecordToolResult("call_2", "get_reservation_details",
                           R"({"reservation_id": "4WQ150", "total": 1859})");
  changed.RecordToolResult("call_3", "search",
                           R"({"reservation_id": "4WQ150", "total": 2210})");
  const std::string stale = "Your total is 1679.";
  const Verdict conflicted = DefaultGate().Judge(stale, changed);
  REQUIRE(conflicted.conflicts.size() == 1);
  CHECK(conflicted.conflicts[0].used_carrier == "call_1");
  CHECK(conflicted.conflicts[0].other_carrier == "call_2");
  CHECK(conflicted.conflicts[0].key_path == "total");
  const std::string json = VerdictToJson(conflicted);
  CHECK(
      json.find("\"conflicts\":[{\"start\":14,\"end\":18,"
                "\"used_carrier\":\"call_1\",\"other_carrier\":\"call_2\"}]") !=
      std::string::npos);
  CHECK(json.find("total\"") == std::string::npos);

  // The finding reaches evidence_checked: both carriers, and the key and
  // the value only on opt-in (law 8).
  const EvidenceChecked event =
      stages::MakeEvidenceChecked({.conversation_id = "c", .turn = 1},
                                  conflicted, EvidenceAction::kGrounded);
  REQUIRE(event.conflicts.size() == 1);
  CHECK(event.conflicts[0].shape == "number");
  CHECK(event.conflicts[0].start == 14);
  CHECK(event.conflicts[0].end == 18);
  CHECK(event.conflicts[0].used_carrier == "call_1");
  CHECK(event.conflicts[0].other_carrier == "call_2");
  CHECK_FALSE(event.conflicts[0].key.has_value());
  CHECK_FALSE(event.conflicts[0].value.has_value());
  const std::string line = EventToJsonLine(event);
  CHECK(line.find("\"conflicts\":[{\"shape\":\"number\",\"start\":14,"
                  "\"end\":18,\"used_carrier\":\"call_1\","
                  "\"other_carrier\":\"call_2\"}]") != std::string::npos);
  CHECK(line.find("1679") == std::string::npos);
  CHECK(line.find("total") == std::string::npos);
  const EvidenceChecked opted = stages::MakeEvidenceChecked(
      {.conversation_id = "c", .turn = 1, .values = {.include_values = true}},
      conflicted, EvidenceAction::kGrounded);
  REQUIRE(opted.conflicts.size() == 1);
  CHECK(opted.conflicts[0].key == "total");
  CHECK(opted.conflicts[0].value == "1679");
}

}  // namespace
}  // namespace groundgate
