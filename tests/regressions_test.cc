// tests/regressions_test.cc — each bug found, pinned by the test that
// caught it. A test here names the behaviour, and its comment the bug.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "evidence/quantities.h"
#include "evidence/tokenizer.h"
#include "groundgate/groundgate.h"
#include "tests/support/judged_cases.h"

namespace groundgate {
namespace {

using groundgate_test::OneResultCorpus;

// How many values of `answer` `gate` leaves unsupported, judged against
// `log`, the one result of a tool the user asked for the log.
int UnsupportedOverLog(const Gate& gate, std::string_view log,
                       std::string_view answer) {
  return gate
      .Judge(answer, OneResultCorpus("show me the log", "log_tail", log, "c1"))
      .unsupported();
}

TEST_SUITE("regressions") {
  // Bug: fullwidth digits were classified as "fullwidth punctuation" before
  // "digit", so "４１２００" produced no token at all and was never judged.
  TEST_CASE("fullwidth digits form a token and meet their ASCII spelling") {
    const std::string text =
        "total \xEF\xBC\x94\xEF\xBC\x91\xEF\xBC\x92"
        "\xEF\xBC\x90\xEF\xBC\x90 errors";  // ４１２００
    const auto tokens = evidence::Tokenize(text);
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[1].start == 6);
    CHECK(tokens[1].end == 6 + 15);

    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus =
        OneResultCorpus("how many?", "stats", R"({"errors": 41200})", "c1");
    const Verdict v = gate->Judge(text, corpus);
    REQUIRE(v.candidates.size() == 1);
    CHECK(v.candidates[0].canonical == "41200");
    CHECK(v.candidates[0].status == CandidateStatus::kGrounded);
    CHECK(v.candidates[0].reason == MatchReason::kCanonical);
  }

  // Bug: a candidate's span was the raw token's, so a value closing a
  // sentence reported its full stop too (found by the CLI's tests).
  TEST_CASE("a value's span excludes the decoration around it") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("which change?");
    const std::string answer = "It is CHG0031337. Costs ($1,234.50).";
    const Verdict v = gate->Judge(answer, corpus);
    REQUIRE(v.candidates.size() == 2);
    CHECK(answer.substr(v.candidates[0].start,
                        v.candidates[0].end - v.candidates[0].start) ==
          "CHG0031337");
    CHECK(answer.substr(v.candidates[1].start,
                        v.candidates[1].end - v.candidates[1].start) ==
          "1,234.50");
  }

  // Bug: in scripts written without spaces a value glued to the words
  // around it made one long token, so a grounded value was flagged as part
  // of the whole sentence (found while writing the fixtures).
  TEST_CASE("a value glued to Japanese text is its own token") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus = OneResultCorpus(
        "status?", "port", R"({"port":"fc1/3","crc_errors":41200})", "c1");
    // "ポートfc1/3のCRCエラーは４１２００件です。"
    const std::string answer =
        "\xE3\x83\x9D\xE3\x83\xBC\xE3\x83\x88"
        "fc1/3\xE3\x81\xAE"
        "CRC\xE3\x82\xA8\xE3\x83\xA9\xE3\x83\xBC\xE3\x81\xAF"
        "\xEF\xBC\x94\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x90\xEF\xBC\x90"
        "\xE4\xBB\xB6\xE3\x81\xA7\xE3\x81\x99\xE3\x80\x82";
    const Verdict v = gate->Judge(answer, corpus);
    CHECK_FALSE(v.flagged());
    REQUIRE(v.candidates.size() == 2);
    CHECK(v.candidates[0].canonical == "fc1/3");
    CHECK(v.candidates[1].canonical == "41200");
    const auto tokens = evidence::Tokenize(
        "\xE6\x9D\xB1\xE4\xBA\xAC"
        "2024");
    CHECK(tokens.size() == 2);  // 東京 | 2024
  }

  // Bug: with names read, a unit with a case step ("-40 dBm" in an example
  // trace) was taken for a camelCase identifier and flagged.
  TEST_CASE("a short unit with a case step is not a name") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus = OneResultCorpus(
        "signal?", "optics", R"({"rx_power": -4.1, "energy_kwh": 3})", "c1");
    const Verdict v = gate->Judge("Receive power is -4.1 dBm, 3 kWh.", corpus);
    CHECK_FALSE(v.flagged());
    // "3 kWh" is a measured quantity: another value is caught.
    CHECK(gate->Judge("Receive power is -4.1 dBm, 4 kWh.", corpus).flagged());
  }

  // Bug: German capitalises every noun; read as names, "Überprüfung" and
  // "Fehler" were flagged. Names are read in English answers only.
  TEST_CASE("capitalised nouns of a non-English answer are not names") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus = OneResultCorpus(
        "Status?", "t", R"({"port": "fc1/3", "crc": 41200})", "c1");
    const Verdict v = gate->Judge(
        "Die Überprüfung von fc1/3 ergab 41200 Fehler beim Empfang.", corpus);
    CHECK_FALSE(v.flagged());
  }

  // Bug: "two rooms" was read as the spelled number 2 and flagged as money
  // or number; a number in words is data only at min_digits.
  TEST_CASE("small numbers in words are prose") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus =
        OneResultCorpus("Book it.", "book", R"({"order": "ORD-55812"})", "c1");
    const Verdict v =
        gate->Judge("I booked two rooms for three nights: ORD-55812.", corpus);
    CHECK_FALSE(v.flagged());
    CHECK(v.candidates.size() == 1);
  }

  // Bug (found by the fuzzer, seed tests/fuzz/corpus/
  // law1_code_span_over_tokens): a code span of several tokens was one
  // candidate looked up whole, but text results index tokens, so a text
  // judged against itself accused its own code span (law 1). The same held
  // for a number in words, for an amount after a currency code with a
  // decimal comma (law1_currency_code_decimal_comma), for a U+2212 minus
  // (law1_unicode_minus) and for "O'Neil" (the
  // tokenizer splits at the apostrophe).
  TEST_CASE("text recorded as evidence grounds its own code spans and words") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    const std::string text =
        "Ran `2048.0 0x0 007 1e-3` for Brendan O'Neil: forty-one thousand "
        "rows, then `kubectl rollout undo`; revenue USD 890,01; delta "
        "\xE2\x88\x92"
        "1555555555555555555.";
    CHECK(UnsupportedOverLog(*gate, "log " + text, text) == 0);
  }

  // Bug: a code span holding a byte that is not UTF-8 (`b\xff`) was read
  // as one value by the answer's code-span reader, while the tokenizer
  // split the evidence at that byte: text judged against itself accused
  // its own span (law 1; found by the record_judge fuzzer,
  // tests/fuzz/corpus/record_judge/law1-code-span-invalid-utf8).
  TEST_CASE("a code span with a byte that is not UTF-8 grounds itself") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    for (const std::string& text :
         {std::string("ho\"ho`b\xff`bo"), std::string("run `kx-\xc3`, then")}) {
      CAPTURE(text);
      CHECK(UnsupportedOverLog(*gate, text, text) == 0);
    }
  }

  // Bug: a code span of one token and markdown emphasis (`b6*`) was read
  // as the value "b6*", while the evidence side indexes the token "b6" (the
  // tokenizer leaves the '*' out): text judged against itself accused its
  // own span (law 1; found by the record_judge fuzzer,
  // tests/fuzz/corpus/record_judge/law1-code-span-star).
  TEST_CASE("a code span of one token grounds itself whatever marks it") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    for (const std::string& text :
         {std::string("`b6*`    "), std::string("see `bost*` now"),
          std::string("run `*ORD-1*` again")}) {
      CAPTURE(text);
      CHECK(UnsupportedOverLog(*gate, "log " + text, text) == 0);
      // Another value in the same marks is still caught.
      CHECK(UnsupportedOverLog(*gate, "log `b7*`", "`b8*`") == 1);
    }
  }

  // Bug: the 12-hour reading of an unmarked time grounded a planted
  // "05:00" through any 17:00 flight, in answers that write 24-hour times.
  TEST_CASE("a 24-hour answer gets no 12-hour reading") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus = OneResultCorpus(
        "When?", "flights",
        R"({"a": {"dep": "16:00:00"}, "b": {"dep": "17:00:00"}})", "c1");
    const Verdict v =
        gate->Judge("The first leaves at 16:00, the second at 05:00.", corpus);
    CHECK(v.flagged());
  }

  // Bug: what the user typed, repeated, was accused when it was a number in
  // words ("ten million") or a name with an apostrophe ("D'Arcy"): the
  // exempt side indexes them word by word and part by part, and only a
  // result's words were looked up that way (law 1; found by the
  // record_judge fuzzer, tests/fuzz/corpus/record_judge/law1-exempt-*).
  TEST_CASE("the user's number in words and apostrophe name are supplied") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    for (const std::string_view text :
         {"ten million      ", "D'Arcy    ",
          "I have ten million dollars and my friend D'Arcy Okafor."}) {
      CAPTURE(text);
      EvidenceCorpus corpus;
      corpus.RecordUserMessage(text);
      CHECK(gate->Judge(text, corpus).unsupported() == 0);
    }
    // Beside them: a number or a name the user did not write is judged.
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("I have ten million dollars; ask D'Arcy.");
    const std::string_view answer =
        "You have twenty million dollars; ask D'Arby.";
    const Verdict v = gate->Judge(answer, corpus);
    CHECK(v.unsupported() == 2);
  }

  // Bug: a number before U+2109 or U+2103 ("8℉") was read as Fahrenheit or
  // Celsius, but the tokenizer reads the symbol as a separator, so no
  // result could be seen to name that scale: beside a result's "C" (read
  // as naming Celsius) the answer's own "8℉" was judged only as a
  // conversion of it, and the very text of the result was accused (law 1;
  // found by the record_judge fuzzer, tests/fuzz/corpus/record_judge/
  // law1-fahrenheit-sign).
  TEST_CASE("a number before a one-character degree sign grounds itself") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    for (const std::string_view text :
         {"[C},8\u2109g", "C}8\u2109", "C 8\u2109g", "42\u2109\u202fwarm",
          "3 \u2103issues", "It was 18 C, or 64\u2109."}) {
      CAPTURE(text);
      EvidenceCorpus corpus = OneResultCorpus("go", "t", text, "c1");
      CHECK(gate->Judge(text, corpus).unsupported() == 0);
    }
    // Beside it, a number no result carried is still judged.
    EvidenceCorpus corpus =
        OneResultCorpus("go", "t", "It was 18 C, or 64\u2109.", "c1");
    CHECK(gate->Judge("It was 18 C, or 66\u2109.", corpus).unsupported() == 1);
  }

  // Every value of an answer that copies `text` as it was recorded (a tool
  // result, or the user's message) is grounded or exempt: law 1.
  void CheckCopiedTextSupported(const std::string& text, bool from_user) {
    CAPTURE(text);
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(from_user ? text : std::string("go"));
    if (!from_user) corpus.RecordToolResult("c1", "t", text);
    const Verdict v = gate->Judge(text, corpus);
    for (const Candidate& c : v.candidates) {
      CAPTURE(c.canonical);
      CHECK(c.status != CandidateStatus::kUnsupported);
    }
  }

  // Bug: after a space, the letters that open a longer token ("kib" of
  // "kib1,2") were read as the number's unit; no result carried that unit
  // as a token, one of its dimension was named ("mib"), so the conversion
  // rung alone judged the number, and its own text did not ground it
  // (law 1; found by the record_judge fuzzer with its law 1 check on:
  // tests/fuzz/corpus/record_judge/law1-glued-unit-{kib,kph,mb}).
  TEST_CASE(
      "a word that opens a longer token is no unit of the number before") {
    for (const char* text : {"07 kib1,2 mib", "7 kph1 mph", "1 mb1G Gb"}) {
      CheckCopiedTextSupported(text, /*from_user=*/false);
    }
    // A unit that is its token whole still is one.
    CHECK(evidence::ReadUnitAfter("7 kib mib", 1).found);
    CHECK_FALSE(evidence::ReadUnitAfter("07 kib1,2 mib", 2).found);
  }

  // Bug: "°K" after a number read as Kelvin, but the conversion rung took
  // only the word "kelvin" as a result naming it: beside a result's "f" or
  // "c", "7°K" copied from the result was judged as a conversion only
  // (law 1; found by the record_judge fuzzer, law1-degree-k). A unit a
  // result writes after a number now names it ("@unit:K").
  TEST_CASE("a unit a result writes after a number names it for conversions") {
    CheckCopiedTextSupported("7\xC2\xB0k f", /*from_user=*/false);
    CheckCopiedTextSupported("7\xC2\xB0K c", /*from_user=*/false);
  }

  // Bug: a year phrase the user typed ("late-2024", "mid-2021") was not
  // exempt in the answer: its candidate is the year, and only a result's
  // same token grounded it (by its identifier part, a rung exempt text
  // never reaches) (law 1; found by the record_judge fuzzer,
  // law1-exempt-year-phrase).
  TEST_CASE("a year phrase the user typed is theirs in the answer") {
    CheckCopiedTextSupported(" late-2024", /*from_user=*/true);
    CheckCopiedTextSupported("by mid-2021", /*from_user=*/true);
    CheckCopiedTextSupported("by mid-2021", /*from_user=*/false);
  }

  // Bug: the corpus skipped the tokens of a date it had read ("8 May" of
  // "024,8 May 7"), so it never keyed the date that begins inside it
  // ("May 7"), which the judge reads when its number reader took the tokens
  // before ("1,2 024,8" as one number) (law 1; found by the record_judge
  // fuzzer, law1-date-inside-number-reading).
  TEST_CASE("a date that begins inside another date a result holds is read") {
    CheckCopiedTextSupported("1,2 024,8 May 7", /*from_user=*/false);
    CheckCopiedTextSupported("1,2 024,8 May 7", /*from_user=*/true);
  }

  // Bug: a result the answer computed as written from operands no result
  // carried ("1234 + 5678 = 6912", the operands its own) was grounded as
  // this turn's with no carrier, even right after a new user turn with no
  // result at all (law 7; found by the record_judge fuzzer,
  // tests/fuzz/corpus/record_judge/law7-written-arithmetic).
  TEST_CASE("arithmetic over the answer's own numbers names no turn (law 7)") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    const std::string answer = "1234 + 5678 = 6912";
    EvidenceCorpus corpus = OneResultCorpus("add them", "stats", "x", "c1");
    for (int turn = 0; turn < 2; ++turn) {
      CAPTURE(turn);
      if (turn == 1) corpus.BeginUserTurn();
      const Verdict v = gate->Judge(answer, corpus);
      REQUIRE(v.candidates.size() == 3);
      const Candidate& result = v.candidates[2];
      CHECK(result.canonical == "6912");
      CHECK(result.status == CandidateStatus::kGrounded);
      CHECK(result.grounding == Grounding::kNone);
      CHECK(result.carriers.empty());
      CHECK(v.grounding.this_turn == 0);
      CHECK(v.grounding.prior_turns == 0);
    }
    // An operand a result of this turn carried still makes it this turn's.
    EvidenceCorpus carried;
    carried.RecordUserMessage("add them");
    carried.RecordToolResult("c1", "stats", R"({"a": 1234})");
    const Verdict v = gate->Judge(answer, carried);
    REQUIRE(v.candidates.size() == 3);
    CHECK(v.candidates[2].status == CandidateStatus::kGrounded);
    CHECK(v.candidates[2].grounding == Grounding::kThisTurn);
    CHECK(v.candidates[2].carriers == std::vector<std::string>{"c1"});
  }

  // Bug: a '+' after a value ("or more") stayed in its canonical form, and
  // a '+' joining two codes hid both, so an answer that wrote the value a
  // result carried so was flagged. The turnout is a real Wikipedia figure.
  TEST_CASE("a value a '+' follows or joins is carried") {
    const std::string_view result =
        "Attendance: 41200+ fans. Turnout 2,037,183+[1]. Order ORD-1042+ADD.";
    groundgate_test::CheckJudgedOverResult(
        result,
        {{"There were 41200 fans.", "41200", CandidateStatus::kGrounded,
          MatchReason::kExact},
         {"Turnout was 2,037,183.", "2,037,183", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         {"Order ORD-1042 shipped.", "ORD-1042", CandidateStatus::kGrounded,
          MatchReason::kExact},
         {"There were 41200+ fans.", "41200", CandidateStatus::kGrounded,
          MatchReason::kExact},
         // Planted beside them: one digit off, and a code the '+' did not
         // join.
         {"There were 41300 fans.", "41300", CandidateStatus::kUnsupported},
         {"Turnout was 2,037,184.", "2,037,184", CandidateStatus::kUnsupported},
         {"Order ORD-1043 shipped.", "ORD-1043", CandidateStatus::kUnsupported},
         {"Order ORD-1042+GIFT shipped.", "ORD-1042+GIFT",
          CandidateStatus::kUnsupported}});
  }

  // Bug: in compact JSON the ':' that ends a key began the next token, so
  // `{"price":5.50}` read the value ":5.50", which no result carried.
  TEST_CASE("a JSON answer's leaves are its values, its keys are words") {
    const std::string_view result =
        R"({"item": "widget", "price": 5.5, "sku": "SKU-7781", "total": 41200})";
    groundgate_test::CheckJudgedOverResult(
        result,
        {{R"({"price":5.50,"sku":"SKU-7781"})", "5.50",
          CandidateStatus::kGrounded, MatchReason::kCanonical},
         {"Here:\n```json\n{\"order_total\":41200,\"price\":[5.50,1.5]}\n```",
          "41200", CandidateStatus::kGrounded, MatchReason::kExact},
         // Planted: a price and a code no result carried.
         {R"({"price":5.75,"sku":"SKU-7781"})", "5.75",
          CandidateStatus::kUnsupported},
         {R"([{"sku":"SKU-7782"}])", "SKU-7782",
          CandidateStatus::kUnsupported}});
    // A key is a field's name, never a value: an identifier-shaped key no
    // result carried flags nothing.
    const Verdict keys = groundgate_test::JudgeOverResult(
        result, R"({"order_total_v2": 41200, "unit_price": 5.5})");
    CHECK_FALSE(keys.flagged());
    CHECK(keys.candidates.size() == 2);
    // A key shaped as data is a value: a map keyed by an order no result
    // carried is flagged.
    groundgate_test::CheckJudgedOverResult(
        result, {{R"({"SKU-7782": {"price": 5.5}})", "SKU-7782",
                  CandidateStatus::kUnsupported}});
  }

  // Bug: values an answer made of read fields were flagged: a host and a
  // port joined, a path's file name, a path written as a link.
  TEST_CASE("an identifier joined or cut from carried values is read") {
    const std::string_view result =
        R"({"host": "db.internal", "port": 5432, "ip": "10.0.0.5",
            "path": "/mnt/data/report_2024.csv", "alt": "/mnt/data/summary.csv"})";
    groundgate_test::CheckJudgedOverResult(
        result,
        {{"Connect to db.internal:5432.", "db.internal:5432",
          CandidateStatus::kGrounded, MatchReason::kIdentifierPart},
         {"Or 10.0.0.5:5432 directly.", "10.0.0.5:5432",
          CandidateStatus::kGrounded, MatchReason::kIdentifierPart},
         {"I saved report_2024.csv for you.", "report_2024.csv",
          CandidateStatus::kGrounded, MatchReason::kIdentifierPart},
         {"[Download](sandbox:/mnt/data/report_2024.csv)",
          "sandbox:/mnt/data/report_2024.csv", CandidateStatus::kGrounded,
          MatchReason::kIdentifierPart},
         // Planted: another port, another file, another path.
         {"Connect to db.internal:5433.", "db.internal:5433",
          CandidateStatus::kUnsupported},
         {"I saved report_2025.csv for you.", "report_2025.csv",
          CandidateStatus::kUnsupported},
         {"[Download](sandbox:/mnt/data/report_2025.csv)",
          "sandbox:/mnt/data/report_2025.csv", CandidateStatus::kUnsupported}});
  }

  // Bug: a range whose ends looked like a month and a day ("1-10") was
  // read as one identifier, and a number in LaTeX kept its delimiters.
  TEST_CASE("a range of carried ends and a number in LaTeX are read") {
    const std::string_view result =
        R"({"min": 1, "max": 10, "p": 0.5, "q": 12.5, "fee": 12})";
    groundgate_test::CheckJudgedOverResult(
        result,
        {{"Scores range 1-10.", "1", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         {"Scores range 1-10.", "10", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         {"So p is $$0.5$$ here.", "0.5", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         {R"(It is \(12.5\) units.)", "12.5", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         {R"(The fee is \$12.)", "12", CandidateStatus::kGrounded,
          MatchReason::kCanonical},
         // Planted: an end no result carried, a number in LaTeX.
         {"Scores range 1-11.", "1-11", CandidateStatus::kUnsupported},
         {"So p is $$0.6$$ here.", "0.6", CandidateStatus::kUnsupported}});
    // A number LaTeX closes after its point ("0.$$") is that number: no
    // identifier "0.$$" is read.
    CHECK_FALSE(groundgate_test::JudgeOverResult(result, "So p is 0.$$ here.")
                    .flagged());
  }

  // Bug: column totals were added up for JSON results only; the same
  // table as CSV or as a markdown table totalled nothing.
  TEST_CASE("the total of a column of a CSV or markdown table is derived") {
    for (const std::string_view result :
         {"item,price\nA,210\nB,370\n", "item\tprice\nA\t210\nB\t370\n",
          "| item | price |\n|---|---|\n| A | $210 |\n| B | $370 |\n"}) {
      CAPTURE(result);
      groundgate_test::CheckJudgedOverResult(
          result,
          {{"You pay $580 for both.", "580", CandidateStatus::kGrounded,
            MatchReason::kDerivedSum, "210 + 370"},
           {"You pay $590 for both.", "590", CandidateStatus::kUnsupported}});
    }
  }
}

}  // namespace
}  // namespace groundgate
