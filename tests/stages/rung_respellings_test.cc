// tests/stages/rung_respellings_test.cc — rung 3 (stages/rung_respellings.cc):
// the value met through another key than its own spelling.
//
// Its one job: pin each respelling the rung grounds, through Gate::Judge
// and its entry point: a date or time met through its keys (in any of its
// spellings and languages), identifier parts, last digits, a date's year, a
// dropped sign, a hemisphere letter, a number's other reading, a 12-hour
// time without AM/PM (refused in a 24-hour answer), an identifier joined
// from carried values (host:port, a path as a link); beside each, a planted
// value the rung must still flag (law 2: a part is a delimited field, never
// a substring).
//
// What it does NOT do: pin which text is read as a date
// (read_dates_test.cc) or a number (read_numbers_test.cc), or the near miss
// named for what stays unsupported (rung_near_misses_test.cc).
#include "stages/rung_respellings.h"

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

constexpr std::string_view kFlight =
    R"({"flight": "HAT083", "departs": "2024-05-22T10:00:00",
        "boarding": "14:00:00", "refund": -1234.5})";

TEST_SUITE("rung_respellings") {
  TEST_CASE("rung respellings: another key grounds it, a neighbour it flags") {
    const JudgedCase cases[] = {
        // A date met through its date key.
        {"It leaves on May 22, 2024.", "May 22, 2024", kGrounded,
         kRespelledDate},
        {"It leaves on May 23, 2024.", "May 23, 2024", kUnsupported, kNone},
        // A clock time met through its time key.
        {"Boarding starts at 2:00 PM.", "2:00 PM", kGrounded, kRespelledTime},
        {"Boarding starts at 3:00 PM.", "3:00 PM", kUnsupported, kNone},
        // A number's other reading: accounting parentheses are a negative.
        {"The balance is (1,234.50) after the refund.", "1,234.50", kGrounded,
         kRespelledNumber},
        {"The balance is (1,234.60) after the refund.", "1,234.60",
         kUnsupported, kNone},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("When do I leave?", "get_flight", kFlight);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung respellings: an identifier joined from carried values") {
    constexpr std::string_view kService =
        R"({"host": "db.internal", "port": 5432, "backlog": 70000,
            "dump": "/tmp/dump_7.sql"})";
    const JudgedCase cases[] = {
        {"Connect to db.internal:5432.", "db.internal:5432", kGrounded,
         kIdentifierPart},
        {"Open file:///tmp/dump_7.sql now.", "file:///tmp/dump_7.sql",
         kGrounded, kIdentifierPart},
        {"I wrote dump_7.sql.", "dump_7.sql", kGrounded, kIdentifierPart},
        // A port past 65535 is no port; a port no result carried, a path
        // no result carried, are flagged.
        {"Connect to db.internal:70000.", "db.internal:70000", kUnsupported,
         kNone},
        {"Connect to db.internal:5433.", "db.internal:5433", kUnsupported,
         kNone},
        {"Open file:///tmp/dump_8.sql now.", "file:///tmp/dump_8.sql",
         kUnsupported, kNone},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("Where is the database?", "get_service", kService);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung respellings: a hemisphere letter is the carried sign") {
    // quintd-dev openweather (kasnerz/quintd, MIT): "coord": {"lon":
    // -84.5041, "lat": 39.2903}, answered as "39.2903°N 84.5041°W".
    constexpr std::string_view kCity =
        R"({"city": {"coord": {"lat": 39.2903, "lon": -84.5041}},
            "south": {"lat": -33.8688}})";
    const JudgedCase cases[] = {
        {"It lies at 39.2903\xC2\xB0N 84.5041\xC2\xB0W.", "84.5041", kGrounded,
         kSignDropped},
        {"It lies at 84.5041 degrees west.", "84.5041", kGrounded,
         kSignDropped},
        {"Sydney is at 33.8688\xC2\xB0 S.", "33.8688", kGrounded, kSignDropped},
        // The other hemisphere, a wrong number, or no degree: flagged.
        {"It lies at 84.5041\xC2\xB0"
         "E.",
         "84.5041", kUnsupported, kNone},
        {"It lies at 84.5042\xC2\xB0W.", "84.5042", kUnsupported, kNone},
        {"It draws 84.5041 W of power.", "84.5041", kUnsupported, kNone},
    };
    EvidenceCorpus corpus = OneResultCorpus("Where is it?", "get_city", kCity);
    CheckJudgedCases(DefaultGate(), corpus, cases);
  }

  TEST_CASE("rung respellings: no 12-hour reading in an answer on 24 hours") {
    EvidenceCorpus corpus =
        OneResultCorpus("When do I leave?", "get_flight", kFlight);
    // "02:00" could be 14:00 on a 12-hour clock; beside "16:00" it is not.
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"Boarding is at 02:00.", "02:00", kGrounded, kRespelledTime},
         {"Boarding is at 02:00, landing at 16:00.", "02:00", kUnsupported}});
  }

  TEST_CASE(
      "rung respellings: the entry point reads a part, never a substring") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "get_payment",
                            R"({"payment_id": "certificate_7504069"})");
    stages::JudgeContext context = ContextFor("7504069 750406", corpus);
    Candidate* part = context.NewCandidate("7504069");
    REQUIRE(part != nullptr);
    CHECK(stages::GroundByRespelling(context, "7504069", part));
    CHECK(part->reason == kIdentifierPart);
    REQUIRE(part->carriers.size() == 1);
    CHECK(part->carriers[0] == "call_1");
    Candidate* substring = context.NewCandidate("750406");
    REQUIRE(substring != nullptr);
    substring->start = 8;
    CHECK_FALSE(stages::GroundByRespelling(context, "750406", substring));
    CHECK(substring->status == kUnsupported);
  }

  // A payment history of the airline traces (tau-bench, credited in
  // tests/fixtures/README.md).
  constexpr std::string_view kPayments =
      R"({"reservation_id": "4WQ150", "user_id": "mia_li_3668",
          "payment_history": [
            {"payment_id": "certificate_7504069", "amount": 250},
            {"payment_id": "credit_card_4421486", "amount": -6594}],
          "card": "4111111111111784",
          "created_at": "2024-05-06T13:25:06",
          "departure": "13:00:00"})";

  TEST_CASE(
      "rung respellings: each lookup grounds its respelling, no planted") {
    const JudgedCase cases[] = {
        // A delimited part of a carried identifier.
        {"Use certificate 7504069 for $250.", "7504069", kGrounded,
         kIdentifierPart},
        {"Use certificate 7504068 for $250.", "7504068", kUnsupported, kNone},
        // Part of a part is a substring: never.
        {"Use certificate 750406 now.", "750406", kUnsupported, kNone},
        // The last four digits, when the wording asks for them.
        {"Charged to the card ending in 1784.", "1784", kGrounded,
         kIdentifierPart},
        {"Charged to the card ending in 1785.", "1785", kUnsupported, kNone},
        // Without the wording, four digits are a number of their own.
        {"There were 1784 seats.", "1784", kUnsupported, kNone},
        // The year of a carried date.
        {"It was booked in 2024.", "2024", kGrounded, kRespelledDate},
        {"It was booked in 2023.", "2023", kUnsupported, kNone},
        // A sign the wording dropped.
        {"A refund of 6,594 went to your card.", "6,594", kGrounded,
         kSignDropped},
        {"You paid 6,594 in total.", "6,594", kUnsupported, kNone},
        // A charge or a difference a calculator wrote negative (tau-bench
        // t22: "-114.0", then "an additional cost of $114 has been charged").
        {"The additional cost of $6,594 has been charged.", "6,594", kGrounded,
         kSignDropped},
        {"The price difference is $6,594.", "6,594", kGrounded, kSignDropped},
        {"The additional cost of $6,595 has been charged.", "6,595",
         kUnsupported, kNone},
        // A 12-hour time written without AM/PM.
        {"It departs at 01:00 local time.", "01:00", kGrounded, kRespelledTime},
        {"It departs at 02:00 local time.", "02:00", kUnsupported, kNone},
    };
    EvidenceCorpus corpus = OneResultCorpus(
        "What did I pay?", "get_reservation_details", kPayments);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung respellings: a date or time grounded with the reason why") {
    struct Case {
      std::string_view answer;
      std::string_view value;  // the candidate's span text
      std::string_view shape;
      std::string_view canonical;
      MatchReason reason;
    };
    static const Case kCases[] = {
        {"You fly on May 22, 2024.", "May 22, 2024", "date", "2024-05-22",
         kRespelledDate},
        {"You fly on 22 May 2024.", "22 May 2024", "date", "2024-05-22",
         kRespelledDate},
        {"You fly on May 22nd, 2024.", "May 22nd, 2024", "date", "2024-05-22",
         kRespelledDate},
        {"You fly on the 22nd of May.", "22nd of May", "date", "--05-22",
         kRespelledDate},
        {"You fly on May 22nd.", "May 22nd", "date", "--05-22", kRespelledDate},
        {"You fly on May 22.", "May 22", "date", "--05-22", kRespelledDate},
        {"You fly in May 2024.", "May 2024", "date", "2024-05", kRespelledDate},
        {"Boarding on Sep 12, 2023.", "Sep 12, 2023", "date", "2023-09-12",
         kRespelledDate},
        {"Boarding on Sept. 12.", "Sept. 12", "date", "--09-12",
         kRespelledDate},
        {"You fly on 2024/05/22.", "2024/05/22", "date", "2024-05-22",
         kRespelledDate},
        {"You fly on 05/22/2024.", "05/22/2024", "date", "2024-05-22",
         kRespelledDate},
        {"You fly on 22/05/2024.", "22/05/2024", "date", "2024-05-22",
         kRespelledDate},
        {"Booked on 2024-05-06.", "2024-05-06", "date", "2024-05-06",
         kRespelledDate},
        {"It leaves at 14:00.", "14:00", "time", "14:00", kRespelledTime},
        {"It leaves at 2:00 PM.", "2:00 PM", "time", "14:00", kRespelledTime},
        {"It leaves at 2pm.", "2pm", "time", "14:00", kRespelledTime},
        {"It leaves at 2 PM.", "2 PM", "time", "14:00", kRespelledTime},
        {"It leaves at 2:00 p.m. sharp.", "2:00 p.m", "time", "14:00",
         kRespelledTime},
        {"It lands at 5:30 PM.", "5:30 PM", "time", "17:30", kRespelledTime},
        {"It lands at 17:30:45.", "17:30:45", "time", "17:30:45", kExact},
        // "+1": the next day, as the airline schedules write it.
        {"It lands at 2:15 AM.", "2:15 AM", "time", "02:15", kRespelledTime},
        {"Booked at 1:25 PM.", "1:25 PM", "time", "13:25", kRespelledTime},
        {"Booked at 13:25:06.", "13:25:06", "time", "13:25:06", kRespelledTime},
        {"Boarding at 9:05 AM.", "9:05 AM", "time", "09:05", kRespelledTime},
        {"Booked 2024-05-06 13:25.", "2024-05-06 13:25", "datetime",
         "2024-05-06t13:25", kRespelledDate},
        {"Booked 2024-05-06T13:25:06Z.", "2024-05-06T13:25:06Z", "datetime",
         "2024-05-06t13:25:06", kRespelledDate},
        // Spelled as the result spelled it: exact (rung 1), as before.
        {"You fly on 2024-05-22.", "2024-05-22", "date", "2024-05-22", kExact},
        {"It leaves at 14:00:00.", "14:00:00", "time", "14:00", kExact},
        {"Booked 2024-05-06T13:25:06.", "2024-05-06T13:25:06", "datetime",
         "2024-05-06t13:25:06", kExact},
    };
    const EvidenceCorpus corpus = OneResultCorpus(kSchedule);
    ForEachCase(kCases, [&](const Case& c) {
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      CHECK_FALSE(verdict.flagged());
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(candidate->status == kGrounded);
      CHECK(candidate->shape == c.shape);
      CHECK(candidate->canonical == c.canonical);
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      CHECK(candidate->carriers == std::vector<std::string>{"call_0"});
    });
  }

  TEST_CASE("rung respellings: a planted date or time is still caught") {
    struct Case {
      std::string_view answer;
      std::string_view value;
    };
    static const Case kCases[] = {
        {"You fly on May 23, 2024.", "May 23, 2024"},  // another day
        {"You fly on May 22, 2025.", "May 22, 2025"},  // another year
        {"You fly on 23 May 2024.", "23 May 2024"},
        {"You fly on May 23.", "May 23"},
        {"You fly in June 2024.", "June 2024"},
        {"You fly on 2024-05-23.", "2024-05-23"},
        {"You fly on 2024/05/21.", "2024/05/21"},
        {"It leaves at 14:01.", "14:01"},  // another minute
        {"It leaves at 2:00 AM.", "2:00 AM"},
        {"It leaves at 3pm.", "3pm"},
        {"It lands at 17:30:44.", "17:30:44"},  // another second
        {"Booked 2024-05-06T13:26:06.", "2024-05-06T13:26:06"},
        {"Booked 2024-05-07T13:25:06.", "2024-05-07T13:25:06"},
        {"Booked 2024-05-06 13:26.", "2024-05-06 13:26"},
    };
    const EvidenceCorpus corpus = OneResultCorpus(kSchedule);
    ForEachCase(kCases, [&](const Case& c) {
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(candidate->status == kUnsupported);
      CHECK(candidate->reason == kNone);
      CHECK(verdict.flagged());
    });
  }

  TEST_CASE(
      "rung respellings: a date in another language grounds its ISO form") {
    struct Case {
      std::string_view result;  // a text tool result
      std::string_view answer;
      std::string_view value;  // the answer's candidate
    };
    static const Case kCases[] = {
        {"Abflug am 22. Mai 2024 um 14:00", "You fly on 2024-05-22.",
         "2024-05-22"},
        {R"({"date": "2024-05-22"})", "Départ le 22 mai 2024.", "22 mai 2024"},
        {R"({"date": "2024-05-22"})", "Salida el 22 de mayo de 2024.",
         "22 de mayo de 2024"},
        {R"({"date": "2024-05-22"})", "Вылет 22 мая.", "22 мая"},
        {"Salida: 22 de mayo de 2024", "You fly on May 22.", "May 22"},
    };
    ForEachCase(kCases, [](const Case& c) {
      EvidenceCorpus corpus =
          OneResultCorpus("When do I fly?", "t", c.result, "c1");
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      CHECK_FALSE(verdict.flagged());
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(candidate->status == kGrounded);
      CHECK(candidate->reason == kRespelledDate);
    });
  }

  TEST_CASE("rung respellings: another day in another language is caught") {
    EvidenceCorpus corpus = OneResultCorpus("When do I fly?", "t",
                                            R"({"date": "2024-05-22"})", "c1");
    const std::string answer = "Départ le 23 mai 2024.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const Candidate* candidate = AtText(verdict, answer, "23 mai 2024");
    REQUIRE(candidate != nullptr);
    CHECK(candidate->status == kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
