// tests/evidence/canonical_test.cc — the canonicalizer behind law 1, table by
// table.
//
// Pins the canonical form of every spelling the issue names: case, the
// decoration stripped from both ends, thousands separators (western and
// Indian), exact decimals of any length and exponent forms, hex with and
// without its prefix, Unicode digits and case folding. Both the corpus and
// the judge call this one function, so each row here is a pair of spellings
// that must meet. It does not test which tokens are data (extractor_test.cc)
// or how text splits into tokens (tokenizer_test.cc).
#include "evidence/canonical.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

struct FormCase {
  std::string_view input;
  std::string_view form;
  bool is_number;
};

// Checks `c.input`'s canonical form and whether it is a number; returns the
// whole result for a caller's further checks.
CanonicalForm CheckFormCase(const FormCase& c) {
  CAPTURE(c.input);
  const CanonicalForm form = Canonicalize(c.input);
  CHECK(form.form == c.form);
  CHECK(form.is_number == c.is_number);
  return form;
}

TEST_SUITE("canonical") {
  TEST_CASE("canonical forms: case, decoration, grouping, exact decimals") {
    static constexpr FormCase kCases[] = {
        // Lowercase; letters and inner punctuation stay.
        {"ESX-Prod-014", "esx-prod-014", false},
        {"FC1/3", "fc1/3", false},
        {"20:00:00:25:B5:AA:00:1F", "20:00:00:25:b5:aa:00:1f", false},
        // Leading decoration: $ # @ + ' " ` ( [ { <
        {"$41200", "41200", true},
        {"#4412", "4412", true},
        {"@esx01", "esx01", false},
        {"+4412", "4412", true},
        {"'fc1/3", "fc1/3", false},
        {"\"fc1/3", "fc1/3", false},
        {"`fc1/3", "fc1/3", false},
        {"(fc1/3", "fc1/3", false},
        {"[fc1/3", "fc1/3", false},
        {"{fc1/3", "fc1/3", false},
        {"<fc1/3", "fc1/3", false},
        // Trailing decoration: . , ; : ! ? % ' " ` ) ] } >
        {"fc1/3.", "fc1/3", false},
        {"fc1/3,", "fc1/3", false},
        {"fc1/3;", "fc1/3", false},
        {"fc1/3:", "fc1/3", false},
        {"fc1/3!", "fc1/3", false},
        {"fc1/3?", "fc1/3", false},
        {"4412%", "4412", true},
        {"fc1/3'", "fc1/3", false},
        {"fc1/3\"", "fc1/3", false},
        {"fc1/3`", "fc1/3", false},
        {"fc1/3)", "fc1/3", false},
        {"fc1/3]", "fc1/3", false},
        {"fc1/3}", "fc1/3", false},
        {"fc1/3>", "fc1/3", false},
        // Repeated, on both ends at once.
        {"($1,234.50).", "1234.5", true},
        {"`<esx-prod-014>`,", "esx-prod-014", false},
        {"\"'[{x1}]'\"", "x1", false},
        // Inner punctuation is not decoration.
        {"a.b", "a.b", false},
        {"-42", "-42", true},
        // Thousands separators, western and Indian.
        {"41,200", "41200", true},
        {"1,234,567", "1234567", true},
        {"1,234,567.5", "1234567.5", true},
        {"1,23,456", "123456", true},
        {"12,34,56,789", "123456789", true},
        // Not a valid grouping: not a number, kept as written.
        {"12,34", "12,34", false},
        {"1,2345", "1,2345", false},
        {"1234,567", "1234,567", false},
        // Exact decimals: trailing fraction zeros go, nothing else changes.
        {"98304.0", "98304", true},
        {"1234.50", "1234.5", true},
        {"2048.000", "2048", true},
        {"0.0", "0", true},
        {"-0", "0", true},
        {"-0.50", "-0.5", true},
        {"12345678901234567890", "12345678901234567890", true},
        {"123456789012345678901234567890.10",
         "123456789012345678901234567890.1", true},
        {"0.30000000000000004", "0.30000000000000004", true},
        // Leading zeros are kept: 02134 is a postal code, not 2134.
        {"007", "007", true},
        {"02134", "02134", true},
        {"0012", "0012", true},
        // Exponent forms.
        {"1.5e3", "1500", true},
        {"1E-3", "0.001", true},
        {"2.5E+2", "250", true},
        {"1.0e2", "100", true},
        {"12e0", "12", true},
        {"-4.1e-2", "-0.041", true},
        {"0.00041e5", "41", true},
        // A hostile exponent is not expanded: it stays as written, on both
        // sides alike.
        {"1e400", "1e400", false},
        // Half a number is not a number.
        {"1.", "1", true},  // the trailing '.' is decoration
        {".5", ".5", false},
        {"1.2.3", "1.2.3", false},
        {"1e", "1e", false},
        // Nothing left after decoration.
        {"", "", false},
        {"$.,", "", false},
        {"(%)", "", false},
    };
    ForEachCase(kCases, CheckFormCase);
  }

  TEST_CASE("a thousands separator does not make a value fabricated") {
    CHECK(Canonicalize("41,200").form == Canonicalize("41200").form);
    CHECK(Canonicalize("$1,234.50").form == Canonicalize("1234.5").form);
    CHECK(Canonicalize("1,23,456").form == Canonicalize("123,456").form);
    CHECK(Canonicalize("2048.0").form == Canonicalize("2048").form);
    CHECK(Canonicalize("98,304.00").form == Canonicalize("98304").form);
  }

  TEST_CASE("numbers stay exact decimals of any length, never a double") {
    // Through a double both would be 12345678901234567168.
    CHECK(Canonicalize("12345678901234567890").form !=
          Canonicalize("12345678901234567891").form);
    const std::string long_digits(400, '7');
    CHECK(Canonicalize(long_digits).form == long_digits);
    CHECK(Canonicalize(long_digits + ".000").form == long_digits);
    // 1e64 still expands exactly.
    CHECK(Canonicalize("1e64").form == "1" + std::string(64, '0'));
  }

  TEST_CASE("0x hex keeps its digits without the prefix, on both sides") {
    struct HexCase {
      std::string_view input;
      std::string_view form;
      std::string_view hex_digits;
    };
    static constexpr HexCase kCases[] = {
        {"0xEF01", "0xef01", "ef01"},
        {"0x0012", "0x0012", "0012"},
        {"0X6A0120", "0x6a0120", "6a0120"},
        {"(0xef0101ab).", "0xef0101ab", "ef0101ab"},
        // Without a prefix there is nothing to drop: the corpus indexes a
        // prefixed value under both spellings, so bare digits still meet.
        {"ef01", "ef01", ""},
        {"6a0120", "6a0120", ""},
        // Not hex after the prefix, or no digits at all.
        {"0x", "0x", ""},
        {"0xzz12", "0xzz12", ""},
        // A prefix inside a longer token is not a prefix.
        {"naa.0xef0101ab", "naa.0xef0101ab", ""},
    };
    ForEachCase(kCases, [&](const HexCase& c) {
      CAPTURE(c.input);
      const CanonicalForm form = Canonicalize(c.input);
      CHECK(form.form == c.form);
      CHECK(form.hex_digits == c.hex_digits);
      CHECK_FALSE(form.is_number);
    });
  }

  TEST_CASE("Unicode digits of every script map to ASCII") {
    static constexpr FormCase kCases[] = {
        {"４１２００", "41200", true},       // fullwidth
        {"٤١٢٠٠", "41200", true},            // Arabic-Indic
        {"۴۱۲۰۰", "41200", true},            // extended Arabic-Indic (Persian)
        {"४१२००", "41200", true},            // Devanagari
        {"৪১২০০", "41200", true},            // Bengali
        {"٤١,٢٠٠", "41200", true},           // grouped after mapping
        {"１２３４．５０", "1234.5", true},  // fullwidth full stop
        {"ＦＣ１／３", "fc1/3", false},      // fullwidth letters and solidus
    };
    ForEachCase(kCases, [&](const FormCase& c) {
      CAPTURE(c.input);
      CHECK(CheckFormCase(c).changed);
    });
  }

  TEST_CASE("non-ASCII text is case folded, so two cases are one value") {
    CHECK(Canonicalize("ÉCOLE-12").form == "école-12");
    CHECK(Canonicalize("École-12").form == Canonicalize("ÉCOLE-12").form);
    CHECK(Canonicalize("Straße-7").form == Canonicalize("STRASSE-7").form);
    CHECK(Canonicalize("ΣΊΣΥΦΟΣ").form == Canonicalize("σίσυφος").form);
    CHECK(Canonicalize("ΩMEGA12").form == "ωmega12");
    // NFKC turns fullwidth decoration into ASCII; it is stripped after.
    CHECK(Canonicalize("（fc1/3）").form == "fc1/3");
  }

  TEST_CASE("changed says whether canonicalization did more than lowercase") {
    struct ChangedCase {
      std::string_view input;
      bool changed;
    };
    static constexpr ChangedCase kCases[] = {
        {"41200", false},   {"ESX-PROD-014", false}, {"(fc1/3).", false},
        {"0xEF01", false},  {"007", false},          {"41,200", true},
        {"98304.0", true},  {"1.5e3", true},         {"-0", true},
        {"Straße-7", true}, {"٤١٢٠٠", true},
    };
    ForEachCase(kCases, [&](const ChangedCase& c) {
      CAPTURE(c.input);
      CHECK(Canonicalize(c.input).changed == c.changed);
    });
  }

  TEST_CASE("invalid UTF-8 is replaced, never read past") {
    const std::string input =
        "ab\xff"
        "12";
    const CanonicalForm form = Canonicalize(input);
    CHECK(form.form ==
          "ab\xEF\xBF\xBD"
          "12");
    // A sequence cut off at the end of the token.
    const std::string cut = "x1\xe2\x82";
    CHECK(Canonicalize(cut).form == "x1\xEF\xBF\xBD");
  }

  TEST_CASE("StripDecoration strips both ends and returns a view") {
    const std::string token = "($1,234.50).";
    const std::string_view stripped = StripDecoration(token);
    CHECK(stripped == "1,234.50");
    CHECK(stripped.data() == token.data() + 2);
    CHECK(StripDecoration("fc1/3") == "fc1/3");
    CHECK(StripDecoration("\"\"").empty());
    CHECK(StripDecoration("").empty());
  }

  TEST_CASE("CanonicalNumber accepts numbers only and leaves *out alone") {
    std::string out = "untouched";
    for (std::string_view text :
         {"", "-", "abc", "1a", ".5", "1.", "1.2.3", "1e", "1e+", "--1",
          "1,2345", "12,34", "1,", ",1", "1 234", "0x12", "1e400", "+1"}) {
      CAPTURE(text);
      CHECK_FALSE(CanonicalNumber(text, &out));
      CHECK(out == "untouched");
    }
    CHECK(CanonicalNumber("1,234,567", &out));
    CHECK(out == "1234567");
    CHECK(CanonicalNumber("-0.50", &out));
    CHECK(out == "-0.5");
    CHECK(CanonicalNumber("1e-3", &out));
    CHECK(out == "0.001");
  }

  TEST_CASE("CountDigits counts ASCII digits only") {
    CHECK(CountDigits("") == 0);
    CHECK(CountDigits("esx-prod-014") == 3);
    CHECK(CountDigits("1234.5") == 5);
    CHECK(CountDigits("٤١٢٠٠") == 0);
  }
}

}  // namespace
}  // namespace groundgate::evidence
