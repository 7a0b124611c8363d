// tests/stages/read_dates_test.cc — the reader of dates and clock times
// (stages/read_dates.cc): one value, however spelled.
//
// Its one job: pin which text the gate reads as a date or a time. A
// multi-token date is ONE candidate whose span covers all its tokens, and
// its year or day alone is never a candidate; the grounded list of
// VerdictToJson shows the reason. Month names of the listed locales read in
// their own date orders, and an abbreviation or a common word only in a
// whole date; a numeric date only where its order is certain; a year alone
// never; and a time written without AM/PM has its 12-hour reading as
// alternate keys.
//
// What it does NOT do: pin the reasons a date is grounded or exempt by
// (rung_respellings_test.cc, rung_exempt_test.cc, rung_derived_dates_test.cc),
// the other canonical forms (canonical_test.cc) or the candidate rule for
// non-dates (extractor_test.cc).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/extractor.h"
#include "evidence/tokenizer.h"
#include "evidence/unicode.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/json.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/support/judged_suite.h"

namespace groundgate {
namespace {

using enum CandidateStatus;
using enum MatchReason;

// The verdict on `answer` over the airline schedule.
Verdict JudgeFlight(std::string_view answer) {
  return DefaultGate().Judge(answer, OneResultCorpus(kSchedule));
}

// The first date or time MatchDateTime reads in `text`, or nullopt.
std::optional<evidence::DateTimeValue> FirstDateTime(std::string_view text) {
  for (const evidence::TokenSpan span : evidence::Tokenize(text)) {
    if (auto when = evidence::MatchDateTime(text, span)) return when;
  }
  return std::nullopt;
}

std::string SpanText(std::string_view text,
                     const evidence::DateTimeValue& when) {
  return std::string(text.substr(when.start, when.end - when.start));
}

template <typename Keys>
std::vector<std::string> AsVector(const Keys& keys) {
  return std::vector<std::string>(keys.begin(), keys.end());
}

TEST_SUITE("read_dates") {
  TEST_CASE("a year written before its month is one value either way") {
    // quintd-dev gsmarena: "Announced": "2013, September. Released 2013, Q4"
    // and "2021, March 29"; the texts write "September 2013", "March 29,
    // 2021" or "2013-09" (credit: kasnerz/quintd, MIT).
    constexpr std::string_view kPhone =
        R"({"Announced": "2013, September. Released 2013, Q4",
            "Launched": "2021, March 29"})";
    struct Case {
      std::string_view answer;
      std::string_view value;
      bool grounded;
    };
    static const Case kCases[] = {
        {"It was announced in September 2013.", "September 2013", true},
        {"It was announced in 2013-09.", "2013-09", true},
        {"It was announced in 2013, September.", "2013, September", true},
        {"It launched on March 29, 2021.", "March 29, 2021", true},
        {"It launched in March 2021.", "March 2021", true},
        {"It launched on 2021-03-29.", "2021-03-29", true},
        // Planted: another month, another day, another year.
        {"It was announced in October 2013.", "October 2013", false},
        {"It was announced in 2013-10.", "2013-10", false},
        {"It launched on March 28, 2021.", "March 28, 2021", false},
        {"It launched in March 2022.", "March 2022", false},
    };
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_0", "get_gsmarena", kPhone);
    ForEachCase(kCases, [&](const Case& c) {
      const Verdict verdict = DefaultGate().Judge(c.answer, corpus);
      const Candidate* candidate = AtText(verdict, c.answer, c.value);
      REQUIRE(candidate != nullptr);
      CHECK(candidate->shape == "date");
      CHECK((candidate->status == kGrounded) == c.grounded);
    });
  }

  TEST_CASE("a month after \"mid-\" is the month") {
    const std::optional<evidence::DateTimeValue> mid =
        FirstDateTime("with a peak in mid-April 2020.");
    REQUIRE(mid.has_value());
    CHECK(evidence::DateTimeCanonical(*mid) == "2020-04");
    CHECK_FALSE(FirstDateTime("a mid-range phone of 2020").has_value());
  }

  TEST_CASE("a year and a month only when the month is one") {
    CHECK_FALSE(FirstDateTime("build 2015-13 failed").has_value());
    const std::optional<evidence::DateTimeValue> ym =
        FirstDateTime("since 2015-07.");
    REQUIRE(ym.has_value());
    CHECK(ym->kind == evidence::DateTimeValue::Kind::kYearMonth);
    CHECK(evidence::DateTimeCanonical(*ym) == "2015-07");
  }

  TEST_CASE("a month-name date is one candidate; its year is not another") {
    const std::string answer = "Flight 4WQ150 leaves May 22, 2024 at 2:00 PM.";
    const Verdict verdict = JudgeFlight(answer);
    REQUIRE(verdict.candidates.size() == 3);
    const Candidate& date = verdict.candidates[1];
    CHECK(date.start == answer.find("May"));
    CHECK(date.end == answer.find(" at"));
    CHECK(date.shape == "date");
    const Candidate& time = verdict.candidates[2];
    CHECK(answer.substr(time.start, time.end - time.start) == "2:00 PM");
    for (const Candidate& c : verdict.candidates) {
      CHECK(c.canonical != "2024");
      CHECK(c.status == kGrounded);
    }
    CHECK_FALSE(verdict.flagged());
    // The same date in two spellings is one distinct value.
    const Verdict twice = JudgeFlight("On 2024-05-22, that is May 22, 2024.");
    REQUIRE(twice.candidates.size() == 1);
    CHECK(twice.candidates[0].occurrences == 2);
  }

  TEST_CASE("a typed year inside a date no longer counts as its own value") {
    // The baseline flagged "2024" here: no result carried the bare year.
    const Verdict verdict = JudgeFlight("Your flight on May 22, 2024 is set.");
    CHECK_FALSE(verdict.flagged());
    CHECK(verdict.candidates.size() == 1);
  }

  TEST_CASE("an ambiguous numeric date is left to the ordinary rule") {
    EvidenceCorpus corpus =
        OneResultCorpus("When?", "t", R"({"d": "2024-06-05"})", "c1");
    const Verdict verdict = DefaultGate().Judge("On 05/06/2024.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].shape == "identifier");
    CHECK(verdict.candidates[0].status == kUnsupported);
  }

  TEST_CASE("prose that looks like a date is not one") {
    static const std::string_view kProse[] = {
        "You may 3 times retry.",  // "may" the verb: months are capitalized
        "Open 24/7.",
        "Score 16:9 wide.",
        "WWPN 21:00:00:24:ff:4c:8a:32.",
        "At 14:00 PM.",  // not a 12-hour time: left to the ordinary rule
    };
    for (const std::string_view text : kProse) {
      CAPTURE(text);
      for (const evidence::TokenSpan span : evidence::Tokenize(text)) {
        const auto when = evidence::MatchDateTime(text, span);
        if (when.has_value()) {
          // Only "14:00" itself may be read, never with its "PM".
          CHECK(text.substr(when->start, when->end - when->start) == "14:00");
        }
      }
    }
  }

  TEST_CASE("the date and time keys never meet an ordinary token") {
    const auto keys = evidence::DateTimeIndexKeys(*evidence::MatchDateTime(
        "2024-05-06T13:25:06", evidence::TokenSpan{0, 19}));
    CHECK(std::vector<std::string>(keys.begin(), keys.end()) ==
          std::vector<std::string>{"@date:2024-05-06", "@md:05-06",
                                   "@ym:2024-05", "@time:13:25",
                                   "@time:13:25:06"});
    // '@' is leading decoration: no canonical form can begin with it.
    EvidenceCorpus corpus =
        OneResultCorpus("go", "t", R"({"k": "@date:2024-05-06"})", "c1");
    CHECK_FALSE(corpus.Lookup("@date:2024-05-06").carried);
    CHECK(corpus.Lookup("date:2024-05-06").carried);
  }

  TEST_CASE("a date is indexed from text results and string leaves alike") {
    EvidenceCorpus corpus =
        OneResultCorpus("go", "t", "Departure May 22, 2024 at 2:00 PM", "c1");
    CHECK(corpus.Lookup("@date:2024-05-22").carried);
    CHECK(corpus.Lookup("@time:14:00").carried);
    corpus.RecordToolResult("c2", "t", R"({"when": "2023-09-12 14:05:30"})");
    CHECK(corpus.Lookup("@date:2023-09-12").carried);
    CHECK(corpus.Lookup("@time:14:05").carried);
    CHECK(corpus.Lookup("@time:14:05:30").carried);
    CHECK_FALSE(corpus.Lookup("@time:14:05:00").carried);
  }

  TEST_CASE("a date wrapped over a line break and indentation is one date") {
    // YAML and quoted mail fold long lines with an indented continuation:
    // the date the email states is June 10th 2024, whatever the fold.
    EvidenceCorpus corpus = OneResultCorpus(
        "When is the reunion?", "search_emails",
        "- body: 'The reunion will be at the house on June\n    10th 2024 at "
        "1 PM.'\n  id_: '16'",
        "c1");
    CHECK(corpus.Lookup("@date:2024-06-10").carried);
    CheckJudgedCases(DefaultGate(), corpus,
                     {{"The reunion is on June 10th, 2024.", "June 10th, 2024",
                       kGrounded, kRespelledDate},
                      {"The reunion is on June 11th, 2024.", "June 11th, 2024",
                       kUnsupported, kNone}});
  }

  TEST_CASE("a line break that is no wrap still ends a date") {
    // With no indentation the next line is a new record, and a blank line
    // a new paragraph: neither joins a month to the number after it.
    for (const char* text : {"Month: June\n10 items", "June\n\n    10 items",
                             "June\n                      10 items"}) {
      CAPTURE(text);
      EvidenceCorpus corpus = OneResultCorpus("go", "t", text, "c1");
      CHECK_FALSE(corpus.Lookup("@md:06-10").carried);
    }
  }

  TEST_CASE("check output lists grounded values with their reason") {
    const std::string answer = "You fly on May 22, 2024 at 2:00 PM.";
    const nlohmann::ordered_json json =
        VerdictToOrderedJson(JudgeFlight(answer));
    REQUIRE(json["grounded"].size() == 2);
    CHECK(json["grounded"][0]["shape"] == "date");
    CHECK(json["grounded"][0]["start"] == answer.find("May"));
    CHECK(json["grounded"][0]["reason"] == "respelled_date");
    CHECK(json["grounded"][1]["reason"] == "respelled_time");
    CHECK_FALSE(json["grounded"][0].contains("value"));
    const nlohmann::ordered_json with_values =
        VerdictToOrderedJson(JudgeFlight(answer), {.include_values = true});
    CHECK(with_values["grounded"][0]["value"] == "2024-05-22");
    CHECK(with_values["grounded"][1]["value"] == "14:00");
  }

  TEST_CASE("a month name in another language is read in its date order") {
    struct Case {
      std::string_view text;
      std::string_view value;  // the span MatchDateTime reads
      std::string_view canonical;
    };
    static const Case kCases[] = {
        {"Départ le 22 mai 2024.", "22 mai 2024", "2024-05-22"},
        {"Abflug am 22. Mai 2024.", "22. Mai 2024", "2024-05-22"},
        {"Abflug am 22. Mai.", "22. Mai", "--05-22"},
        {"Salida el 22 de mayo de 2024.", "22 de mayo de 2024", "2024-05-22"},
        {"Salida el 22 de mayo del 2024.", "22 de mayo del 2024", "2024-05-22"},
        {"Partida em 22 de maio de 2024.", "22 de maio de 2024", "2024-05-22"},
        {"Salida el 22 de mayo.", "22 de mayo", "--05-22"},
        {"En mayo de 2024.", "mayo de 2024", "2024-05"},
        {"Vol en mai 2024.", "mai 2024", "2024-05"},
        {"Partenza il 22 maggio.", "22 maggio", "--05-22"},
        {"Le 1er mai.", "1er mai", "--05-01"},
        {"Le 22 févr. 2024.", "22 févr. 2024", "2024-02-22"},
        {"En févr. 2024.", "févr. 2024", "2024-02"},
        {"Im Okt. 2024.", "Okt. 2024", "2024-10"},
        {"Am 3. März 2024.", "3. März 2024", "2024-03-03"},
        {"Vertrek op 22 mei 2024.", "22 mei 2024", "2024-05-22"},
        {"Avgång 22 maj 2024.", "22 maj 2024", "2024-05-22"},
        {"Avreise 22. mai 2024.", "22. mai 2024", "2024-05-22"},
        {"Odlot 22 maja 2024.", "22 maja 2024", "2024-05-22"},
        {"Odlot w listopad 2024.", "listopad 2024", "2024-11"},
        {"Odlet 22. května 2024.", "22. května 2024", "2024-05-22"},
        {"Odlet 22 ŘÍJNA 2024.", "22 ŘÍJNA 2024", "2024-10-22"},
        {"Kalkış 22 Mayıs 2024.", "22 Mayıs 2024", "2024-05-22"},
        {"KASIM 2024 raporu.", "KASIM 2024", "2024-11"},
        {"Вылет 22 мая 2024.", "22 мая 2024", "2024-05-22"},
        {"Вылет 22 сент. 2024.", "22 сент. 2024", "2024-09-22"},
        {"Вылет в май 2024.", "май 2024", "2024-05"},
        {"Partenza il 22 set 2024.", "22 set 2024", "2024-09-22"},
        {"Dutch: 22 april 2024.", "22 april 2024", "2024-04-22"},
        {"German: 22. April 2024.", "22. April 2024", "2024-04-22"},
        {"English: 2 may 2024.", "2 may 2024", "2024-05-02"},
        // English ordinals and the "of" connector.
        {"You fly on May 22nd.", "May 22nd", "--05-22"},
        {"You fly on the 22nd of May.", "22nd of May", "--05-22"},
        {"You fly on the 22nd of May 2024.", "22nd of May 2024", "2024-05-22"},
        {"You fly on the 1st of March, 2024.", "1st of March, 2024",
         "2024-03-01"},
    };
    ForEachCase(kCases, [](const Case& c) {
      const auto when = FirstDateTime(c.text);
      REQUIRE(when.has_value());
      CHECK(SpanText(c.text, *when) == c.value);
      CHECK(evidence::DateTimeCanonical(*when) == c.canonical);
      CHECK(evidence::DateTimeShape(*when) == "date");
    });
  }

  TEST_CASE("every month name ICU gives a listed locale reads in a date") {
    static const char* const kLocales[] = {"en", "fr", "de", "es", "it",
                                           "pt", "nl", "sv", "da", "nb",
                                           "pl", "cs", "tr", "ru"};
    std::size_t names = 0;
    for (const char* locale : kLocales) {
      const std::vector<evidence::LocaleMonthName> months =
          evidence::LocaleMonthNames(locale);
      CHECK(months.size() >= 72);  // 12 months, 2 widths, 3 cases at least
      for (const evidence::LocaleMonthName& name : months) {
        const std::string text = "On 22 " + name.utf8 + " 2024 we left.";
        CAPTURE(locale);
        CAPTURE(text);
        const auto when = FirstDateTime(text);
        REQUIRE(when.has_value());
        CHECK(when->kind == evidence::DateTimeValue::Kind::kDate);
        CHECK(when->month == name.month);
        CHECK(when->day == 22);
        CHECK(when->year == 2024);
        ++names;
      }
    }
    CHECK(names > 1000);
  }

  TEST_CASE("an abbreviation or a common word is a month only in a date") {
    static const std::string_view kProse[] = {
        "We set 2024 targets.",    // Italian/Portuguese "set"
        "PCIe gen 4 slots.",       // Italian "gen"
        "Plug in 22 gen.",         // an abbreviation needs its year
        "Mars 2020 landed.",       // French/Swedish "mars": a rover
        "Odlot maja 2024.",        // a genitive stands after a day
        "You may 3 times retry.",  // English in lower case
        "These 2 may differ.",     //
        "Step 2. May I help?",     // a dotted day, an English name
        "Turn it out 22 times.",   // Portuguese "out"
        "He left 3 de 4 runs.",    // "de" without a month
        "The led 22 was on.",      // Czech "led"
        "Versión mayo.",           // a month without a number
    };
    for (const std::string_view text : kProse) {
      CAPTURE(text);
      CHECK_FALSE(FirstDateTime(text).has_value());
    }
  }

  TEST_CASE("a time without AM/PM has its 12-hour reading as alternate keys") {
    struct Case {
      std::string_view text;
      std::vector<std::string> alternate;
    };
    const Case kCases[] = {
        {"at 01:00", {"@time:13:00"}},
        {"at 1:00", {"@time:13:00"}},
        {"at 11:59", {"@time:23:59"}},
        {"at 1:05:30", {"@time:13:05:30"}},
        {"at 12:30", {"@time:00:30"}},  // a 12-hour clock's midnight hour
        {"on 2023-09-12 01:00", {"@date:2023-09-12", "@time:13:00"}},
        // A 24-hour hour, AM/PM written, or 24-hour by ISO grammar: none.
        {"at 00:30", {}},
        {"at 13:00", {}},
        {"at 23:15", {}},
        {"at 1:00 PM", {}},
        {"at 1:00 AM", {}},
        {"at 1am", {}},
        {"at 1 p.m.", {}},
        {"on 2023-09-12 1:00 PM", {}},
        {"on 2024-05-06T01:00:00", {}},
        {"at 01:00Z", {}},
        {"at 01:00+02:00", {}},
        {"at 02:15:00+1", {}},
        {"on 2024-05-22", {}},
        {"on May 22", {}},
    };
    ForEachCase(kCases, [](const Case& c) {
      const auto when = FirstDateTime(c.text);
      REQUIRE(when.has_value());
      CHECK(AsVector(evidence::DateTimeAlternateLookupKeys(*when)) ==
            c.alternate);
    });
  }

  TEST_CASE("a time's ordinary keys read the 24-hour clock; its clock kind") {
    const auto one = FirstDateTime("at 01:00");
    REQUIRE(one.has_value());
    CHECK(AsVector(evidence::DateTimeLookupKeys(*one)) ==
          std::vector<std::string>{"@time:01:00"});
    CHECK(one->clock == evidence::DateTimeValue::Clock::kUnmarked);
    const auto pm = FirstDateTime("at 1:00 PM");
    REQUIRE(pm.has_value());
    CHECK(pm->clock == evidence::DateTimeValue::Clock::kMeridiem);
    const auto iso = FirstDateTime("at 2024-05-06T01:00");
    REQUIRE(iso.has_value());
    CHECK(iso->clock == evidence::DateTimeValue::Clock::k24Hour);
  }

  TEST_CASE("a numeric date is read only where its order is certain") {
    struct Case {
      std::string_view text;
      std::string_view canonical;  // empty: not a date
    };
    static const Case kCases[] = {
        {"on 22/05/2024", "2024-05-22"},  // a day over 12 comes first
        {"on 05/22/2024", "2024-05-22"},  // a day over 12 comes second
        {"on 22.05.2024", "2024-05-22"},
        {"on 22-05-2024", "2024-05-22"},
        {"on 2024/05/22", "2024-05-22"},  // year first: always month, day
        {"on 2024.05.22", "2024-05-22"},
        {"on 2024-5-2", "2024-05-02"},
        {"on 05/05/2024", "2024-05-05"},  // both orders agree
        {"on 05/06/2024", ""},            // May 6 or June 5
        {"on 06.05.2024", ""},
        {"on 31/02/2024", ""},  // no such day
        {"on 22/05/24", ""},    // a two-digit year
        {"on 2024/22/05", ""},  // year first, then month: no month 22
    };
    ForEachCase(kCases, [](const Case& c) {
      const auto when = FirstDateTime(c.text);
      if (c.canonical.empty()) {
        CHECK_FALSE(when.has_value());
      } else {
        REQUIRE(when.has_value());
        CHECK(evidence::DateTimeCanonical(*when) == c.canonical);
      }
    });
  }

  TEST_CASE("a year alone in prose is the ordinary number rule's") {
    static const std::string_view kProse[] = {
        "Founded in 1903.", "In 2024 we flew.", "Since 1999, 2001 and 2024.",
        "Built 1903-1910.",  // a range, not a date
    };
    for (const std::string_view text : kProse) {
      CAPTURE(text);
      CHECK_FALSE(FirstDateTime(text).has_value());
    }
    EvidenceCorpus corpus = OneResultCorpus("When was it founded?", "t",
                                            R"({"founded": 1903})", "c1");
    const Verdict verdict =
        DefaultGate().Judge("Founded in 1903, rebuilt in 1911.", corpus);
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(verdict.candidates[0].shape == "number");
    CHECK(verdict.candidates[0].canonical == "1903");
    CHECK(verdict.candidates[0].status == kGrounded);
    CHECK(verdict.candidates[1].shape == "number");
    CHECK(verdict.candidates[1].canonical == "1911");
    CHECK(verdict.candidates[1].status == kUnsupported);
  }
}

}  // namespace
}  // namespace groundgate
