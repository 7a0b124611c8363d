// tests/stages/rung_names_test.cc — the names rung (stages/rung_names.cc): a name
// read word by word, or as one handle.
//
// Its one job: pin that a name whose every distinguishing word a result
// carried is grounded (name_words), as is a name a result wrote as one
// handle, and that a name with one word swapped for another is still
// flagged, with the carried word as its near miss; and that a person's
// name (a word a result carried as one: first_name, the name beside an
// email) is judged even when the word list knows its words, in whatever
// turn the person was read, while general knowledge stays unaccused.
//
// It also pins respelled_name: the adjective of a carried place
// ("Catalonian"), the words of a carried abbreviation ("Sociedad Anónima
// (S.A.)"), each beside a made-up one; and that a country's name is
// general knowledge (read_names.cc).
//
// What it does NOT do: pin which runs of words are names (names_test.cc).
#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::AtText;
using groundgate_test::DefaultGate;

constexpr std::string_view kPassenger =
    R"({"first_name": "Beatrix", "last_name": "Okafor",
        "vendor": "hoteldealz"})";

struct Case {
  std::string_view answer;
  std::string_view value;  // the span of the value in the answer
  CandidateStatus status;
  MatchReason reason;
};

TEST_SUITE("rung_names") {
  TEST_CASE("rung names: each word carried grounds it, a swapped word not") {
    const Case cases[] = {
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
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Who is on the booking?");
      corpus.RecordToolResult("call_1", "get_booking", kPassenger);
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

  // A passenger list as an airline tool returns it: first and last names
  // the word list knows ("Mia", "Li"), beside general knowledge.
  constexpr std::string_view kReservation =
      R"({"reservation_id": "ZFA04Y", "origin": "LGA",
          "destination": "ATL", "passengers": [
            {"first_name": "Mia", "last_name": "Li",
             "dob": "1990-04-05"}]})";

  TEST_CASE(
      "rung names: a person's name whose words the list knows is judged") {
    const Case cases[] = {
        {"- **Passenger:** Mia Li", "Mia Li", CandidateStatus::kGrounded,
         MatchReason::kNameWords},
        // A given name swapped for another the list knows.
        {"- **Passenger:** Ava Li", "Ava Li", CandidateStatus::kUnsupported,
         MatchReason::kNone},
        {"The booking is for Noah Li.", "Noah Li",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A surname swapped.
        {"- **Passenger:** Mia Okafor", "Mia Okafor",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"- **Passenger:** Mia Garcia", "Mia Garcia",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A given name that is also a common word, first in its line.
        {"- **Passenger:** Mason Li", "Mason Li", CandidateStatus::kUnsupported,
         MatchReason::kNone},
        {"Grace Li is on the booking.", "Grace Li",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        // A common first word that is no name stays out of it.
        {"Dear Mia Li, your trip is booked.", "Mia Li",
         CandidateStatus::kGrounded, MatchReason::kNameWords},
        // The given name alone.
        {"Thank you, Mia.", "Mia", CandidateStatus::kGrounded,
         MatchReason::kExact},
    };
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
      corpus.RecordToolResult("call_1", "get_reservation_details",
                              kReservation);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
    }
  }

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

  TEST_CASE("rung names: general knowledge beside a person stays unaccused") {
    const std::string_view answers[] = {
        "Mia Li flies from LaGuardia (LGA) to Atlanta.",
        "Mia Li pays with her Mastercard in Las Vegas.",
        "Mia Li lands at Hartsfield-Jackson Atlanta International Airport.",
        "Mia Li departs from LaGuardia Airport.",
    };
    for (const std::string_view answer : answers) {
      CAPTURE(answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
      corpus.RecordToolResult("call_1", "get_reservation_details",
                              kReservation);
      const Verdict verdict = DefaultGate().Judge(answer, corpus);
      CHECK_FALSE(verdict.flagged());
    }
    // The planted ones beside them: a code no result carried glosses
    // nothing, and a person is judged even before a code.
    const Case planted[] = {
        {"Mia Li flies from LaGuardia (JFK).", "LaGuardia",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"The seat is for Ava Li (LGA).", "Ava Li",
         CandidateStatus::kUnsupported, MatchReason::kNone},
        {"Mia Li flies from Quenby (LGA).", "Quenby",
         CandidateStatus::kUnsupported, MatchReason::kNone},
    };
    for (const Case& c : planted) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
      corpus.RecordToolResult("call_1", "get_reservation_details",
                              kReservation);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
    }
  }

  TEST_CASE("rung names: a name beside an email is a person's, alone not") {
    constexpr std::string_view kUser =
        R"({"user": {"username": "lifeng", "email": "life@fmail.com",
                     "name": "Li Feng"}})";
    // The email after the name: the object is known whole only at its end.
    constexpr std::string_view kUserEmailLast =
        R"({"user": {"name": "Li Feng", "email": "life@fmail.com"}})";
    constexpr std::string_view kProduct =
        R"({"product": {"name": "Li Feng", "price_usd": 1245}})";
    struct PersonCase {
      std::string_view result;
      std::string_view answer;
      std::string_view value;  // nullptr-like empty: no candidate expected
      CandidateStatus status;
    };
    const PersonCase cases[] = {
        {kUser, "Your account is under Li Feng.", "Li Feng",
         CandidateStatus::kGrounded},
        {kUser, "Your account is under Ava Feng.", "Ava Feng",
         CandidateStatus::kUnsupported},
        {kUserEmailLast, "Your account is under Li Ava.", "Li Ava",
         CandidateStatus::kUnsupported},
        // Not a person: a product's name makes no known word a person's.
        {kProduct, "It ships to Ava Li.", "", CandidateStatus::kUnsupported},
    };
    for (const PersonCase& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Whose account is it?");
      corpus.RecordToolResult("call_1", "get_account", c.result);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      if (c.value.empty()) {
        CHECK_FALSE(verdict.flagged());
        continue;
      }
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
    }
  }

  // An entity as Wikidata and a weather service describe it (the shapes
  // of ../shared/data/quintd-dev.jsonl, quintd, MIT).
  constexpr std::string_view kEntity =
      R"({"name": "Cellers Unió", "operating area": "Catalonia",
          "legal form": "S.A.", "successor of": "Kingdom of the Lombards",
          "city": {"name": "Dragash", "country": "XK"}})";

  TEST_CASE("rung names: another form of a carried name, and beside it") {
    const Case cases[] = {
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
    for (const Case& c : cases) {
      CAPTURE(c.answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Describe the entity.");
      corpus.RecordToolResult("call_1", "get_entity", kEntity);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
      CHECK(ReasonName(candidate->reason) == ReasonName(c.reason));
      if (c.status == CandidateStatus::kGrounded) {
        CHECK_FALSE(candidate->derivation.empty());
        REQUIRE(candidate->carriers.size() == 1);
        CHECK(candidate->carriers[0] == "call_1");
      }
    }
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

  TEST_CASE("rung names: a country's name is general knowledge") {
    // ICU's English names of regions, Kosovo's user-assigned XK among them.
    for (const std::string_view answer :
         {"Dragash, in Kosovo, expects rain.", "The city lies in Burkina Faso.",
          "Flights to Myanmar and Burma alike."}) {
      CAPTURE(answer);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage("Describe the entity.");
      corpus.RecordToolResult("call_1", "get_entity", kEntity);
      CHECK_FALSE(DefaultGate().Judge(answer, corpus).flagged());
    }
    // A place that is no country is still judged.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Describe the entity.");
    corpus.RecordToolResult("call_1", "get_entity", kEntity);
    const std::string_view answer = "Dragash, near Prizrenovo, expects rain.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    const Candidate* name = AtText(verdict, answer, "Prizrenovo");
    REQUIRE(name != nullptr);
    CHECK(name->status == CandidateStatus::kUnsupported);
  }

  TEST_CASE("rung names: switched off, no name is judged") {
    absl::StatusOr<Gate> gate = Gate::Create({.names = false});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on the booking?");
    corpus.RecordToolResult("call_1", "get_booking", kPassenger);
    const std::string_view answer = "The passenger is Beatrix Okonkwo.";
    const Verdict verdict = gate->Judge(answer, corpus);
    CHECK(AtText(verdict, answer, "Beatrix Okonkwo") == nullptr);
  }
}

}  // namespace
}  // namespace groundgate
