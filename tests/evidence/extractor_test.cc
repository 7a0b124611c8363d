// tests/evidence/extractor_test.cc — which answer tokens are data, and under
// which key.
//
// Pins the conservative rule of DESIGN.md: identifiers (a digit with letters
// or `: _ - / .`, 4+ characters), bare numbers of min_digits+ digits, a
// number with a glued unit judged on its number alone, prose that wears a
// number (`32G`, `47th`, `48-port`, `24/7`, `3 issues`) left alone; declared
// shapes tested first and anchored; exemptions by value and by pattern; and
// the Status that names the option when GateOptions are wrong. It does not
// test lookups (judge_test.cc) or the law tests (laws_test.cc).
#include "evidence/extractor.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/units.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

std::unique_ptr<Extractor> MakeExtractor(const GateOptions& options = {}) {
  absl::StatusOr<std::unique_ptr<Extractor>> extractor =
      Extractor::Create(options);
  REQUIRE(extractor.ok());
  return *std::move(extractor);
}

std::string MessageOf(const absl::Status& status) {
  return std::string(status.message());
}

// Expectation for one token. An empty shape means "prose: not a candidate".
struct ClassifyCase {
  std::string_view token;
  std::string_view shape;
  std::string_view canonical;
  std::string_view key;
};

void CheckCases(const Extractor& extractor,
                const std::vector<ClassifyCase>& cases) {
  ForEachCase(cases, [&](const ClassifyCase& c) {
    CAPTURE(c.token);
    const std::optional<ExtractedValue> value = extractor.Classify(c.token);
    if (c.shape.empty()) {
      CHECK_FALSE(value.has_value());
      return;
    }
    REQUIRE(value.has_value());
    CHECK(value->shape == c.shape);
    CHECK(value->canonical == c.canonical);
    CHECK(value->key == c.key);
    CHECK_FALSE(value->declared_exempt);
  });
}

TEST_SUITE("extractor") {
  TEST_CASE("identifiers: a digit with letters or : _ - / . and 4+ chars") {
    const std::unique_ptr<Extractor> extractor = MakeExtractor();
    CheckCases(
        *extractor,
        {
            {"esx-prod-014", "identifier", "esx-prod-014", "esx-prod-014"},
            {"fc1/3", "identifier", "fc1/3", "fc1/3"},
            {"abc1", "identifier", "abc1", "abc1"},
            {"4XGCCM", "identifier", "4xgccm", "4xgccm"},
            {"2024-05-15", "identifier", "2024-05-15", "2024-05-15"},
            {"2024-05-15T03:12:44Z", "identifier", "2024-05-15t03:12:44z",
             "2024-05-15t03:12:44z"},
            {"10:00", "identifier", "10:00", "10:00"},
            {"20:00:00:25:b5:aa:00:1f", "identifier", "20:00:00:25:b5:aa:00:1f",
             "20:00:00:25:b5:aa:00:1f"},
            {"CHG-2024-0611", "identifier", "chg-2024-0611", "chg-2024-0611"},
            {"v9.1.1b", "identifier", "v9.1.1b", "v9.1.1b"},
            {"10.40.12.114", "identifier", "10.40.12.114", "10.40.12.114"},
            {"vol_ora_data01", "identifier", "vol_ora_data01",
             "vol_ora_data01"},
            {"12/2024", "identifier", "12/2024", "12/2024"},
            {"1/128", "identifier", "1/128", "1/128"},
            {"Ωmega12", "identifier", "ωmega12", "ωmega12"},
            {"é123", "identifier", "é123", "é123"},
            // Decoration is not part of the value.
            {"(esx-prod-014).", "identifier", "esx-prod-014", "esx-prod-014"},
            // Hex: the key is the digits, so either side's prefix meets.
            {"0x0012", "identifier", "0x0012", "0012"},
            {"0xEF0101", "identifier", "0xef0101", "ef0101"},
            // Too short, or no digit: prose.
            {"a1", "", "", ""},
            {"fc1", "", "", ""},
            {"4ab", "", "", ""},
            {"esx-prod", "", "", ""},
            {"hello", "", "", ""},
            {"--", "", "", ""},
        });
  }

  TEST_CASE("bare numbers are data from min_digits digits on") {
    const std::unique_ptr<Extractor> extractor = MakeExtractor();
    CheckCases(*extractor,
               {
                   {"1234", "number", "1234", "1234"},
                   {"41,200", "number", "41200", "41200"},
                   {"$1,234.50", "number", "1234.5", "1234.5"},
                   {"98304.0", "number", "98304", "98304"},
                   {"1234.5", "number", "1234.5", "1234.5"},
                   {"12345678901234567890", "number", "12345678901234567890",
                    "12345678901234567890"},
                   {"0012", "number", "0012", "0012"},  // leading zeros count
                   {"-41200", "number", "-41200", "-41200"},
                   {"٤١٢٠٠", "number", "41200", "41200"},
                   {"41,200%", "number", "41200", "41200"},
                   // Fewer than four digits: prose.
                   {"3", "", "", ""},
                   {"555", "", "", ""},
                   {"1.5", "", "", ""},
                   {"10.5", "", "", ""},
                   {"12.5%", "", "", ""},
                   {"100%", "", "", ""},
               });
  }

  TEST_CASE("a number with a glued unit is judged on its number alone") {
    const std::unique_ptr<Extractor> extractor = MakeExtractor();
    CheckCases(*extractor,
               {
                   {"32G", "", "", ""},
                   {"47th", "", "", ""},
                   {"48-port", "", "", ""},
                   {"$20/month", "", "", ""},
                   {"3-day", "", "", ""},
                   {"128k", "", "", ""},
                   {"4x", "", "", ""},
                   {"4096MB", "number", "4096", "4096"},
                   {"1,200/month", "number", "1200", "1200"},
                   {"12345ms", "number", "12345", "12345"},
                   {"1234th", "number", "1234", "1234"},
                   {"2048-port", "number", "2048", "2048"},
                   // Letters that are not a unit make an identifier.
                   {"4XGCCM", "identifier", "4xgccm", "4xgccm"},
                   {"16gfc", "identifier", "16gfc", "16gfc"},
               });
  }

  TEST_CASE("a part of a year holds the year; a decade is prose") {
    // quintd-dev owid texts: "by mid-2021", "in the mid-1990s".
    const std::unique_ptr<Extractor> extractor = MakeExtractor();
    CheckCases(*extractor,
               {
                   {"mid-2021", "number", "2021", "2021"},
                   {"early-2020", "number", "2020", "2020"},
                   {"late-1999", "number", "1999", "1999"},
                   {"1990s", "", "", ""},
                   {"mid-1990s", "", "", ""},
                   {"mid-90s", "", "", ""},
                   {"2020s", "", "", ""},
                   // Not a year: the ordinary rule.
                   {"mid-20210", "identifier", "mid-20210", "mid-20210"},
                   {"1995q", "identifier", "1995q", "1995q"},
               });
  }

  TEST_CASE("N/M of one or two digits each is prose") {
    const std::unique_ptr<Extractor> extractor = MakeExtractor();
    CheckCases(*extractor, {
                               {"24/7", "", "", ""},
                               {"9/11", "", "", ""},
                               {"1/2", "", "", ""},
                               {"12/31", "", "", ""},
                               {"123/45", "identifier", "123/45", "123/45"},
                           });
  }

  TEST_CASE("prose wearing a number is not a candidate in a whole answer") {
    absl::StatusOr<Gate> gate = Gate::Create({});
    REQUIRE(gate.ok());
    EvidenceCorpus corpus;
    const Verdict verdict = gate->Judge(
        "The 48-port switch logged 555 CRC errors and 3 issues; support is "
        "24/7 at $20/month for 32G optics, the 47th ticket this year.",
        corpus);
    CHECK(verdict.candidates.empty());
    CHECK_FALSE(verdict.flagged());
  }

  TEST_CASE("min_digits sets the bare-number threshold, not identifiers") {
    GateOptions two;
    two.min_digits = 2;
    const std::unique_ptr<Extractor> low = MakeExtractor(two);
    CheckCases(*low, {
                         {"12", "number", "12", "12"},
                         {"3", "", "", ""},
                         {"32G", "number", "32", "32"},
                         {"24/7", "", "", ""},
                     });
    GateOptions six;
    six.min_digits = 6;
    const std::unique_ptr<Extractor> high = MakeExtractor(six);
    CheckCases(*high, {
                          {"41,200", "", "", ""},
                          {"123456", "number", "123456", "123456"},
                          {"abc1", "identifier", "abc1", "abc1"},
                      });
  }

  TEST_CASE("declared shapes are tested first, in order, on the whole token") {
    GateOptions options;
    options.shapes = {
        {"jira", "[A-Z]{2,5}-[0-9]+"}, {"host", "esx-[a-z]+(-[0-9]+)?"},
        {"port", "fc[0-9]+/[0-9]+"},   {"three", "[0-9]{3}"},
        {"also_jira", "OPS-[0-9]+"},
    };
    const std::unique_ptr<Extractor> extractor = MakeExtractor(options);
    CheckCases(*extractor,
               {
                   {"OPS-42", "jira", "ops-42", "ops-42"},  // first match wins
                   {"(OPS-42).", "jira", "ops-42", "ops-42"},
                   // A declared shape makes a token data even without a digit.
                   {"esx-prod", "host", "esx-prod", "esx-prod"},
                   {"esx-prod-014", "host", "esx-prod-014", "esx-prod-014"},
                   {"fc1/3", "port", "fc1/3", "fc1/3"},
                   {"555", "three", "555", "555"},
                   // Anchored at both ends: a partial match is not the shape.
                   {"xOPS-42", "identifier", "xops-42", "xops-42"},
                   {"OPS-42x", "identifier", "ops-42x", "ops-42x"},
                   {"1234", "number", "1234", "1234"},
                   // Patterns see the token as written (case-sensitive RE2).
                   {"ops-42", "identifier", "ops-42", "ops-42"},
               });
  }

  TEST_CASE("declared exempt values compare in canonical form") {
    GateOptions options;
    options.exempt_values = {"TENANT-0042", "41,200", "0xEF01", "4096MB"};
    const std::unique_ptr<Extractor> extractor = MakeExtractor(options);
    for (std::string_view token :
         {"tenant-0042", "TENANT-0042", "41200", "41,200.0", "0xef01", "ef01",
          "4096", "4096MB"}) {
      CAPTURE(token);
      const std::optional<ExtractedValue> value = extractor->Classify(token);
      REQUIRE(value.has_value());
      CHECK(value->declared_exempt);
    }
    for (std::string_view token : {"TENANT-0043", "41201", "0xef02"}) {
      CAPTURE(token);
      const std::optional<ExtractedValue> value = extractor->Classify(token);
      REQUIRE(value.has_value());
      CHECK_FALSE(value->declared_exempt);
    }
  }

  TEST_CASE("declared exempt patterns match the whole token") {
    GateOptions options;
    options.exempt_patterns = {"LAB-[0-9]+", "10\\.99\\.[0-9.]+"};
    const std::unique_ptr<Extractor> extractor = MakeExtractor(options);
    struct ExemptCase {
      std::string_view token;
      bool exempt;
    };
    static constexpr ExemptCase kCases[] = {
        {"LAB-1234", true},   {"(LAB-1234).", true}, {"10.99.1.7", true},
        {"XLAB-1234", false}, {"LAB-1234x", false},  {"lab-1234", false},
        {"10.98.1.7", false},
    };
    ForEachCase(kCases, [&](const ExemptCase& c) {
      CAPTURE(c.token);
      const std::optional<ExtractedValue> value = extractor->Classify(c.token);
      REQUIRE(value.has_value());
      CHECK(value->declared_exempt == c.exempt);
    });
  }

  TEST_CASE("Gate::Create names the option and the fix on bad options") {
    struct BadOptions {
      std::string_view what;
      GateOptions options;
      std::vector<std::string_view> message_parts;
    };
    const BadOptions kCases[] = {
        {"min_digits 0", {.min_digits = 0}, {"min_digits", "at least 1"}},
        {"min_digits -3", {.min_digits = -3}, {"min_digits", "-3"}},
        {"empty shape name",
         {.shapes = {{"", "[0-9]+"}}},
         {"shapes[0]", "name"}},
        {"duplicate shape name",
         {.shapes = {{"ticket", "INC[0-9]+"}, {"ticket", "CHG[0-9]+"}}},
         {"shapes[1]", "\"ticket\"", "unique"}},
        {"built-in shape name",
         {.shapes = {{"number", "[0-9]+"}}},
         {"shapes[0]", "built-in"}},
        {"bad shape pattern",
         {.shapes = {{"ok", "[0-9]+"}, {"broken", "[a-"}}},
         {"shapes[1]", "\"broken\"", "pattern"}},
        {"bad exempt pattern",
         {.exempt_patterns = {"LAB-[0-9]+", "(unclosed"}},
         {"exempt_patterns[1]", "pattern"}},
        {"empty exempt value",
         {.exempt_values = {"TENANT-1", "$."}},
         {"exempt_values[1]", "empty"}},
    };
    for (const BadOptions& c : kCases) {
      CAPTURE(c.what);
      const absl::StatusOr<Gate> gate = Gate::Create(c.options);
      REQUIRE_FALSE(gate.ok());
      CHECK(gate.status().code() == absl::StatusCode::kInvalidArgument);
      const std::string message = MessageOf(gate.status());
      CAPTURE(message);
      for (std::string_view part : c.message_parts) {
        CHECK(message.find(part) != std::string::npos);
      }
      // The extractor gives the same answer: Gate::Create is a thin wrapper.
      CHECK_FALSE(Extractor::Create(c.options).ok());
    }
  }

  TEST_CASE("Gate::Create accepts the defaults and keeps the options") {
    GateOptions options;
    options.min_digits = 5;
    options.shapes = {{"jira", "[A-Z]+-[0-9]+"}};
    const absl::StatusOr<Gate> gate = Gate::Create(options);
    REQUIRE(gate.ok());
    CHECK(gate->options().min_digits == 5);
    REQUIRE(gate->options().shapes.size() == 1);
    CHECK(gate->options().shapes[0].name == "jira");
    CHECK(Gate::Create({}).ok());
  }

  TEST_CASE("ReadToken gives the evidence side the same keys as the answer") {
    const TokenValue grouped = ReadToken("41,200");
    CHECK(grouped.canonical.form == "41200");
    CHECK(grouped.number_before_unit.empty());
    const TokenValue unit = ReadToken("4,096MB");
    CHECK(unit.canonical.form == "4,096mb");
    CHECK(unit.number_before_unit == "4096");
    const TokenValue code = ReadToken("4XGCCM");
    CHECK(code.canonical.form == "4xgccm");
    CHECK(code.number_before_unit.empty());
    const TokenValue hex = ReadToken("0x0012");
    CHECK(hex.canonical.hex_digits == "0012");
  }

  TEST_CASE("the unit vocabulary knows real units and nothing else") {
    for (std::string_view unit :
         {"th", "st", "nd", "rd", "k", "m", "bn", "kb", "mib", "gbps", "ms",
          "s", "min", "h", "g", "gb", "tb", "iops", "rpm", "days",
          // Phones and weather (quintd-dev): 16MP, 3340mAh, 1017hPa, 2.41m/s.
          "mp", "mah", "hpa", "m/s", "km/h", "ppi"}) {
      CAPTURE(unit);
      CHECK(IsUnitSuffix(unit));
    }
    for (std::string_view word :
         {"", "port", "xgccm", "gfc", "abc", "GB", "month"}) {
      CAPTURE(word);
      CHECK_FALSE(IsUnitSuffix(word));
    }
  }

  TEST_CASE("NumberBeforeUnit splits a number from its unit") {
    struct UnitCase {
      std::string_view form;
      std::string_view number;
    };
    static constexpr UnitCase kCases[] = {
        {"4096mb", "4096"},
        {"16mp", "16"},
        {"3340mah", "3340"},
        {"2.41m/s", "2.41"},
        {"30km/h", "30"},
        {"2.41m/x", ""},
        {"48-port", "48"},
        {"1,200/month", "1,200"},
        {"47th", "47"},
        {"-12.5ms", "-12.5"},
        {"3-day", "3"},
        {"4xgccm", ""},
        {"1234", ""},
        {"mb4096", ""},
        {"48-p", ""},
        {"48-", ""},
        {"20/12", ""},
        {"12.", ""},
        {"", ""},
    };
    ForEachCase(kCases, [&](const UnitCase& c) {
      CAPTURE(c.form);
      CHECK(NumberBeforeUnit(c.form) == c.number);
    });
  }
}

}  // namespace
}  // namespace groundgate::evidence
