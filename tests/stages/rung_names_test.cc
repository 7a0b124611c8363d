// tests/stages/rung_names_test.cc — the names rung (stages/rung_names.cc): a
// name read word by word, or as one handle.
//
// Its one job: pin that a name whose every distinguishing word a result
// carried is grounded (name_words), as is a name a result wrote as one
// handle or a sender's email address spelled, and that a name with one word
// swapped for another is still flagged; a person's name read in an earlier
// turn still judges (law 7).
//
// It also pins respelled_name: the adjective of a carried place
// ("Catalonian"), the words of a carried abbreviation ("Sociedad Anónima
// (S.A.)"), each beside a made-up one.
//
// What it does NOT do: pin which runs of words are names and which are
// judged at all (read_names_test.cc, names_test.cc).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"
#include "tests/support/judged_cases.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::CheckJudged;
using groundgate_test::CheckJudgedCases;
using groundgate_test::DefaultGate;
using groundgate_test::ForEachCase;
using groundgate_test::JudgedCase;

constexpr std::string_view kPassenger =
    R"({"first_name": "Beatrix", "last_name": "Okafor",
        "vendor": "hoteldealz"})";

TEST_SUITE("rung_names") {
  TEST_CASE("rung names: each word carried grounds it, a swapped word not") {
    const JudgedCase cases[] = {
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
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on the booking?");
    corpus.RecordToolResult("call_1", "get_booking", kPassenger);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  // A passenger list as an airline tool returns it: first and last names
  // the word list knows ("Mia", "Li"), beside general knowledge.
  constexpr std::string_view kReservation =
      R"({"reservation_id": "ZFA04Y", "origin": "LGA",
          "destination": "ATL", "passengers": [
            {"first_name": "Mia", "last_name": "Li",
             "dob": "1990-04-05"}]})";

  TEST_CASE("corpus: words of people's names are known in every turn") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
    corpus.RecordToolResult("call_1", "get_reservation_details", kReservation);
    corpus.RecordToolResult(
        "call_2", "get_user",
        R"({"user": {"name": "Sean O'Neil", "email": "sean@x.com"},
            "team": {"name": "Kim Rovers"}})");
    corpus.RecordUserMessage("Thanks.");
    CHECK(corpus.Lookup("mia").person_name);
    CHECK(corpus.Lookup("li").person_name);
    CHECK_FALSE(corpus.Lookup("li").carried_this_turn);
    CHECK(corpus.Lookup("sean").person_name);
    CHECK(corpus.Lookup("neil").person_name);  // "O'Neil" is two tokens
    // Carried, but not as a person's name.
    CHECK(corpus.Lookup("zfa04y").carried);
    CHECK_FALSE(corpus.Lookup("zfa04y").person_name);
    CHECK(corpus.Lookup("kim").carried);
    CHECK_FALSE(corpus.Lookup("kim").person_name);
  }

  TEST_CASE("rung names: a passenger list read a turn earlier still judges") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
    corpus.RecordToolResult("call_1", "get_reservation_details", kReservation);
    corpus.RecordUserMessage("Upgrade her to business, please.");
    corpus.RecordToolResult("call_2", "search_direct_flight",
                            R"({"flight_number": "HAT083", "price": 1245})");
    {
      const std::string_view answer = "Mia Li is now in business on HAT083.";
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      const Candidate* name = AtText(verdict, answer, "Mia Li");
      REQUIRE(name != nullptr);
      CHECK(name->status == CandidateStatus::kGrounded);
      // Law 7: read, but not by a result of this turn.
      CHECK(name->grounding == Grounding::kPriorTurn);
      CHECK(name->carriers.empty());
    }
    for (const std::string_view answer :
         {"Ava Li is now in business on HAT083.",
          "Mia Okafor is now in business on HAT083."}) {
      CAPTURE(answer);
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      const Candidate* name =
          AtText(verdict, answer, answer.substr(0, answer.find(" is")));
      REQUIRE(name != nullptr);
      CHECK(name->status == CandidateStatus::kUnsupported);
    }
  }

  TEST_CASE("rung names: a known name's word read a turn earlier judges it") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Find me a hotel.");
    corpus.RecordToolResult("call_1", "search_hotels",
                            R"({"hotel_name": "Hilton San Francisco"})");
    corpus.RecordUserMessage("Book it.");
    corpus.RecordToolResult("call_2", "book_hotel", R"({"status": "booked"})");
    {
      const std::string_view answer = "You are booked at Hilton San Francisco.";
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      const Candidate* name = AtText(verdict, answer, "Hilton San Francisco");
      REQUIRE(name != nullptr);
      CHECK(name->status == CandidateStatus::kGrounded);
      CHECK(name->grounding == Grounding::kPriorTurn);
    }
    {
      const std::string_view answer = "You are booked at Hilton Chicago.";
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      const Candidate* name = AtText(verdict, answer, "Hilton Chicago");
      REQUIRE(name != nullptr);
      CHECK(name->status == CandidateStatus::kUnsupported);
    }
    {  // No word of it was ever carried: general knowledge.
      const std::string_view answer = "Your flight lands in Chicago.";
      CHECK_FALSE(DefaultGate().Judge(answer, corpus).flagged());
    }
  }

  // An entity as Wikidata and a weather service describe it (the shapes
  // of ../shared/data/quintd-dev.jsonl, quintd, MIT).
  constexpr std::string_view kEntity =
      R"({"name": "Cellers Unió", "operating area": "Catalonia",
          "legal form": "S.A.", "successor of": "Kingdom of the Lombards",
          "city": {"name": "Dragash", "country": "XK"}})";

  TEST_CASE("rung names: another form of a carried name, and beside it") {
    const JudgedCase cases[] = {
        // The adjective of a carried place or people.
        {"It is a Catalonian enterprise.", "Catalonian",
         CandidateStatus::kGrounded, MatchReason::kRespelledName},
        {"It was a Lombardic kingdom.", "Lombardic", CandidateStatus::kGrounded,
         MatchReason::kRespelledName},
        {"It is a Sardinian enterprise.", "Sardinian",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"It is a Catalanese enterprise.", "Catalanese",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // The words of a carried abbreviation written right after them.
        {"Its legal form is a Sociedad Anónima (S.A.).", "Sociedad Anónima",
         CandidateStatus::kGrounded, MatchReason::kRespelledName},
        {"Its legal form is a Sociedad Limitada (S.A.).", "Sociedad Limitada",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"Its legal form is a Sociedad Limitada (S.L.).", "Sociedad Limitada",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Describe the entity.");
    corpus.RecordToolResult("call_1", "get_entity", kEntity);
    ForEachCase(cases, [&](const JudgedCase& c) {
      const Candidate candidate = CheckJudged(DefaultGate(), corpus, c);
      if (c.status == CandidateStatus::kGrounded) {
        CHECK_FALSE(candidate.derivation.empty());
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
      }
    });
  }

  TEST_CASE("rung names: a person's name is never an adjective's respelling") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on the booking?");
    corpus.RecordToolResult(
        "call_1", "get_booking",
        R"({"first_name": "Juliana", "last_name": "Okafor"})");
    // "Julianan" would be "Juliana" + "n" in a place's name.
    const std::string_view answer = "The passenger is Julianan Okafor.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const Candidate* name = AtText(verdict, answer, "Julianan Okafor");
    REQUIRE(name != nullptr);
    CHECK(name->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung names: a sender's name is read from its email address") {
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
}

}  // namespace
}  // namespace groundgate
