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
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

TEST_SUITE("rung_names") {
  TEST_CASE("rung names: each word carried grounds it, a swapped word not") {
    const JudgedCase cases[] = {
        // First and last name from two fields.
        {"The passenger is Beatrix Okafor.", "Beatrix Okafor", kGrounded,
         kNameWords},
        {"The passenger is Beatrix Okonkwo.", "Beatrix Okonkwo", kUnsupported,
         kNone},
        {"The passenger is Imogen Okafor.", "Imogen Okafor", kUnsupported,
         kNone},
        // Written as one handle in the result.
        {"I booked it through Hotel Dealz.", "Hotel Dealz", kGrounded,
         kNameWords},
        {"I booked it through Hotel Dealzy.", "Hotel Dealzy", kUnsupported,
         kNone},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("Who is on the booking?", "get_booking", kBooking);
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("corpus: words of people's names are known in every turn") {
    EvidenceCorpus corpus =
        OneResultCorpus("Who is on reservation ZFA04Y?",
                        "get_reservation_details", kPassengers);
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

  // The passenger list of one turn, then a search of the next.
  EvidenceCorpus UpgradeCorpus() {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Who is on reservation ZFA04Y?");
    corpus.RecordToolResult("call_1", "get_reservation_details", kPassengers);
    corpus.RecordUserMessage("Upgrade her to business, please.");
    corpus.RecordToolResult("call_2", "search_direct_flight",
                            R"({"flight_number": "HAT083", "price": 1245})");
    return corpus;
  }

  TEST_CASE("rung names: a passenger list read a turn earlier still judges") {
    const EvidenceCorpus corpus = UpgradeCorpus();
    const Candidate read = CheckJudged(DefaultGate(), corpus,
                                       {"Mia Li is now in business on HAT083.",
                                        "Mia Li", kGrounded, kNameWords});
    // Law 7: read, but not by a result of this turn.
    CHECK(read.grounding == Grounding::kPriorTurn);
    CHECK(read.carriers.empty());
  }

  TEST_CASE("rung names: a passenger read a turn earlier, a word swapped") {
    const JudgedCase cases[] = {
        {"Ava Li is now in business on HAT083.", "Ava Li", kUnsupported},
        {"Mia Okafor is now in business on HAT083.", "Mia Okafor",
         kUnsupported},
    };
    CheckJudgedCases(DefaultGate(), UpgradeCorpus(), cases);
  }

  TEST_CASE("rung names: a known name's word read a turn earlier judges it") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Find me a hotel.");
    corpus.RecordToolResult("call_1", "search_hotels",
                            R"({"hotel_name": "Hilton San Francisco"})");
    corpus.RecordUserMessage("Book it.");
    corpus.RecordToolResult("call_2", "book_hotel", R"({"status": "booked"})");
    const Candidate read =
        CheckJudged(DefaultGate(), corpus,
                    {"You are booked at Hilton San Francisco.",
                     "Hilton San Francisco", kGrounded, kExact});
    CHECK(read.grounding == Grounding::kPriorTurn);
    CheckJudged(
        DefaultGate(), corpus,
        {"You are booked at Hilton Chicago.", "Hilton Chicago", kUnsupported});
    // No word of it was ever carried: general knowledge.
    CHECK_FALSE(
        DefaultGate().Judge("Your flight lands in Chicago.", corpus).flagged());
  }

  TEST_CASE("rung names: another form of a carried name, and beside it") {
    const JudgedCase cases[] = {
        // The adjective of a carried place or people.
        {"It is a Catalonian enterprise.", "Catalonian", kGrounded,
         kRespelledName},
        {"It was a Lombardic kingdom.", "Lombardic", kGrounded, kRespelledName},
        {"It is a Sardinian enterprise.", "Sardinian", kUnsupported, kNone},
        {"It is a Catalanese enterprise.", "Catalanese", kUnsupported, kNone},
        // The words of a carried abbreviation written right after them.
        {"Its legal form is a Sociedad Anónima (S.A.).", "Sociedad Anónima",
         kGrounded, kRespelledName},
        {"Its legal form is a Sociedad Limitada (S.A.).", "Sociedad Limitada",
         kUnsupported, kNone},
        {"Its legal form is a Sociedad Limitada (S.L.).", "Sociedad Limitada",
         kUnsupported, kNone},
    };
    EvidenceCorpus corpus =
        OneResultCorpus("Describe the entity.", "get_entity", kEntity);
    ForEachCase(cases, [&](const JudgedCase& c) {
      const Candidate candidate = CheckJudged(DefaultGate(), corpus, c);
      if (c.status == kGrounded) {
        CHECK_FALSE(candidate.derivation.empty());
        REQUIRE(candidate.carriers.size() == 1);
        CHECK(candidate.carriers[0] == "call_1");
      }
    });
  }

  TEST_CASE("rung names: an adjective of nationality opening a name") {
    // The shape of a Wikidata entity, as kasnerz/quintd gives it (MIT).
    EvidenceCorpus corpus = OneResultCorpus(
        "Who is Vincent Vaughan?", "get_entity",
        R"({"occupation": "Gaelic football player", "sport": "Gaelic football"})");
    const JudgedCase cases[] = {
        {"He is an Irish Gaelic football player.", "Irish Gaelic", kGrounded,
         kNameWords},
        // The words after it must still be carried.
        {"He plays for the Irish Quenbury Rovers.", "Irish Quenbury Rovers",
         kUnsupported, kNone},
    };
    CheckJudgedCases(DefaultGate(), corpus, cases, "call_1");
  }

  TEST_CASE("rung names: a person's name is never an adjective's respelling") {
    EvidenceCorpus corpus =
        OneResultCorpus("Who is on the booking?", "get_booking",
                        R"({"first_name": "Juliana", "last_name": "Okafor"})");
    // "Julianan" would be "Juliana" + "n" in a place's name.
    CheckJudged(
        DefaultGate(), corpus,
        {"The passenger is Julianan Okafor.", "Julianan Okafor", kUnsupported});
  }

  // ToolTalk (credited in tests/fixtures/README.md): the assistant names
  // the sender of "hotel-dealz-noreply@deals.com" Hotel Dealz, and of
  // "dasherservice@dashmart.com" DasherService.
  EvidenceCorpus InboxCorpus() {
    EvidenceCorpus corpus =
        OneResultCorpus("Anything about Edinburgh in my inbox?", "SearchInbox",
                        R"({"emails": [
                                  {"sender": "hotel-dealz-noreply@deals.com"},
                                  {"sender": "dasherservice@dashmart.com"},
                                  {"sender": "j.quenby2@mail.com"}]})");
    return corpus;
  }

  TEST_CASE("rung names: a sender's name is read from its email address") {
    constexpr std::string_view kAnswer =
        "One email is from Hotel Dealz, one from DasherService, one from "
        "Quenby and one from Hotel Dealzz.";
    const JudgedCase cases[] = {
        {kAnswer, "Hotel Dealz", kGrounded, kNameWords},
        {kAnswer, "DasherService", kGrounded, kCanonical},
        // A local part with digits is an identifier part, not a name word;
        // one letter ("j") names no one.
        {kAnswer, "Quenby", kUnsupported},
        {kAnswer, "Hotel Dealzz", kUnsupported},
    };
    CheckJudgedCases(DefaultGate(), InboxCorpus(), cases);
  }

  TEST_CASE("rung names: an email's domain names its mail service, no one") {
    // "a DashMart address", "a Gmail address": the label before the
    // top-level domain is the service the mailbox is at. It never marks a
    // person's name, and a registry's level ("co" of "mail.co.uk") or one
    // letter ("j") names nothing.
    EvidenceCorpus corpus = InboxCorpus();
    corpus.RecordToolResult("call_2", "SearchInbox",
                            R"({"sender": "security-facebook-com@gmail.com",
                                "cc": "ann@mail.co.uk"})");
    CHECK(corpus.Lookup("dashmart").carried);
    CHECK_FALSE(corpus.Lookup("dashmart").person_name);
    CHECK_FALSE(corpus.Lookup("co").carried);
    CHECK_FALSE(corpus.Lookup("j").carried);
    CheckJudgedCases(
        DefaultGate(), corpus,
        {{"It came from a Gmail address.", "Gmail", kGrounded, kCanonical},
         {"It came from a Hotmail address.", "Hotmail", kUnsupported}});
  }
}

}  // namespace
}  // namespace groundgate
