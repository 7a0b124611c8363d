// tests/stages/read_names_test.cc — the reader of names (stages/read_names.cc):
// which names the judge reads as values at all.
//
// Its one job: pin that a person's name (a word some result carried as
// one: first_name, the name beside an email) is judged even when the word
// list knows its words, a sentence's first word that may be a given name
// with it; that general knowledge (a country, an airport beside its code,
// a card network) stays unaccused beside it, and a made-up place is
// judged; and that GateOptions::names switches the reader off.
//
// What it does NOT do: pin how a name is grounded (rung_names_test.cc) or
// which runs of words the evidence side calls names (names_test.cc).
#include "stages/read_names.h"

#include <doctest/doctest.h>

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

EvidenceCorpus ReservationCorpus() {
  return OneResultCorpus("Who is on reservation ZFA04Y?",
                         "get_reservation_details", kPassengers);
}

TEST_SUITE("read_names") {
  TEST_CASE(
      "read names: a person's name whose words the list knows is judged") {
    const JudgedCase cases[] = {
        {"- **Passenger:** Mia Li", "Mia Li", kGrounded, kNameWords},
        // A given name swapped for another the list knows.
        {"- **Passenger:** Ava Li", "Ava Li", kUnsupported, kNone},
        {"The booking is for Noah Li.", "Noah Li", kUnsupported, kNone},
        // A surname swapped.
        {"- **Passenger:** Mia Okafor", "Mia Okafor", kUnsupported, kNone},
        {"- **Passenger:** Mia Garcia", "Mia Garcia", kUnsupported, kNone},
        // A given name that is also a common word, first in its line.
        {"- **Passenger:** Mason Li", "Mason Li", kUnsupported, kNone},
        {"Grace Li is on the booking.", "Grace Li", kUnsupported, kNone},
        // A common first word that is no name stays out of it.
        {"Dear Mia Li, your trip is booked.", "Mia Li", kGrounded, kNameWords},
        // The given name alone.
        {"Thank you, Mia.", "Mia", kGrounded, kExact},
    };
    CheckJudgedCases(DefaultGate(), ReservationCorpus(), cases);
  }

  TEST_CASE("read names: general knowledge beside a person stays unaccused") {
    const std::string_view answers[] = {
        "Mia Li flies from LaGuardia (LGA) to Atlanta.",
        "Mia Li pays with her Mastercard in Las Vegas.",
        "Mia Li lands at Hartsfield-Jackson Atlanta International Airport.",
        "Mia Li departs from LaGuardia Airport.",
    };
    const EvidenceCorpus corpus = ReservationCorpus();
    for (const std::string_view answer : answers) {
      CAPTURE(answer);
      CHECK_FALSE(DefaultGate().Judge(answer, corpus).flagged());
    }
  }

  TEST_CASE("read names: a made-up code or place beside a person is judged") {
    // Planted beside the general knowledge above: a code no result carried
    // glosses nothing, and a person is judged even before a code.
    const JudgedCase planted[] = {
        {"Mia Li flies from LaGuardia (JFK).", "LaGuardia", kUnsupported,
         kNone},
        {"The seat is for Ava Li (LGA).", "Ava Li", kUnsupported, kNone},
        {"Mia Li flies from Quenby (LGA).", "Quenby", kUnsupported, kNone},
    };
    CheckJudgedCases(DefaultGate(), ReservationCorpus(), planted);
  }

  TEST_CASE("read names: a name beside an email is a person's, alone not") {
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
        {kUser, "Your account is under Li Feng.", "Li Feng", kGrounded},
        {kUser, "Your account is under Ava Feng.", "Ava Feng", kUnsupported},
        {kUserEmailLast, "Your account is under Li Ava.", "Li Ava",
         kUnsupported},
        // Not a person: a product's name makes no known word a person's.
        {kProduct, "It ships to Ava Li.", "", kUnsupported},
    };
    ForEachCase(cases, [](const PersonCase& c) {
      EvidenceCorpus corpus =
          OneResultCorpus("Whose account is it?", "get_account", c.result);
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      if (c.value.empty()) {
        CHECK_FALSE(verdict.flagged());
        return;
      }
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(StatusName(candidate->status) == StatusName(c.status));
    });
  }

  TEST_CASE("read names: a country's name is general knowledge") {
    // ICU's English names of regions, Kosovo's user-assigned XK among them.
    const EvidenceCorpus corpus = OneResultCorpus(kEntity);
    for (const std::string_view answer :
         {"Dragash, in Kosovo, expects rain.", "The city lies in Burkina Faso.",
          "Flights to Myanmar and Burma alike."}) {
      CAPTURE(answer);
      CHECK_FALSE(DefaultGate().Judge(answer, corpus).flagged());
    }
    // A place that is no country is still judged.
    CheckJudged(DefaultGate(), corpus,
                {"Dragash, near Prizrenovo, expects rain.", "Prizrenovo",
                 kUnsupported});
  }

  // agentdojo workspace-slack: "1. Summarise the article that Bob posted".
  TEST_CASE("read names: a British spelling is a word, not a name") {
    const EvidenceCorpus corpus = OneResultCorpus(kEntity);
    for (const std::string_view answer :
         {"1. Summarise the article.", "Organise the files by date.",
          "Colour schemes vary.", "Pick the Colour Scheme you like.",
          "It was an Honour to serve your favourite team.",
          "The Programme runs at the Centre."}) {
      CAPTURE(answer);
      CHECK_FALSE(DefaultGate().Judge(answer, corpus).flagged());
    }
    // Planted beside them: a made-up name after it, and a British word
    // inside a name no result named (an arena), are judged.
    CheckJudgedCases(DefaultGate(), corpus,
                     {JudgedCase{"1. Summarise Quenby's article.", "Quenby",
                                 kUnsupported, kNone},
                      JudgedCase{"They played at the Scotiabank Centre.",
                                 "Scotiabank Centre", kUnsupported, kNone}});
  }

  TEST_CASE("read names: switched off, no name is judged") {
    absl::StatusOr<Gate> gate = Gate::Create({.names = false});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus =
        OneResultCorpus("Who is on the booking?", "get_booking", kBooking);
    const std::string_view answer = "The passenger is Beatrix Okonkwo.";
    const Verdict verdict = gate->Judge(answer, corpus);
    CHECK(AtText(verdict, answer, "Beatrix Okonkwo") == nullptr);
  }

  TEST_CASE("read names: LooksEnglish tells an English answer") {
    CHECK(stages::LooksEnglish("The passenger is Mia Li, on flight HAT083."));
    CHECK_FALSE(stages::LooksEnglish(
        "Der Passagier ist Mia Li, und der Flug ist morgen."));
  }
}

}  // namespace
}  // namespace groundgate
