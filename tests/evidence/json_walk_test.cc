// tests/evidence/json_walk_test.cc — a tool result's JSON, walked structurally.
//
// Pins what WalkJson hands the corpus: every key and every leaf in document
// order, strings unescaped, numbers as the exact digits of the wire,
// booleans and null skipped; a document that is not whole JSON (or is too
// deep) is refused before the visitor sees anything, so the caller reads it
// as text; and the absence convention visits only the coverage lists. It
// does not test indexing (corpus_test.cc).
#include "evidence/json_walk.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "groundgate/corpus.h"
#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

using Leaf = std::pair<JsonLeafKind, std::string>;

struct Walked {
  JsonWalkResult result;
  std::vector<Leaf> leaves;
};

Walked Walk(std::string_view content) {
  Walked walked;
  walked.result = WalkJson(content, [&](JsonLeafKind kind, std::string_view s) {
    walked.leaves.emplace_back(kind, std::string(s));
  });
  return walked;
}

Leaf Key(std::string_view s) { return {JsonLeafKind::kKey, std::string(s)}; }
Leaf Str(std::string_view s) { return {JsonLeafKind::kString, std::string(s)}; }
Leaf Num(std::string_view s) { return {JsonLeafKind::kNumber, std::string(s)}; }

// Checks that `content` is refused whole: not parsed, no absence report,
// and never half of each (the visitor saw nothing).
void CheckRefused(std::string_view content) {
  CAPTURE(content);
  const Walked walked = Walk(content);
  CHECK_FALSE(walked.result.parsed);
  CHECK_FALSE(walked.result.absence_report);
  CHECK(walked.leaves.empty());
}

std::string Nested(std::size_t depth) {
  return std::string(depth, '[') + "1" + std::string(depth, ']');
}

TEST_SUITE("json_walk") {
  TEST_CASE("every key and leaf is visited in document order") {
    const Walked walked = Walk(
        R"({"a": [1, 2.50, -3e2, "x\u0034y"], "b": null, "c": true,
            "d": {"e": "f", "g": []}, "h": {}})");
    CHECK(walked.result.parsed);
    CHECK_FALSE(walked.result.absence_report);
    const std::vector<Leaf> expected = {
        Key("a"), Num("1"), Num("2.50"), Num("-3e2"), Str("x4y"), Key("b"),
        Key("c"), Key("d"), Key("e"),    Str("f"),    Key("g"),   Key("h"),
    };
    CHECK(walked.leaves == expected);
  }

  TEST_CASE("numbers are the exact digits of the wire") {
    const Walked walked =
        Walk("[12345678901234567890 , 1.50,1E+2\n,\t-0.0 , 98304.0]");
    CHECK(walked.result.parsed);
    const std::vector<Leaf> expected = {Num("12345678901234567890"),
                                        Num("1.50"), Num("1E+2"), Num("-0.0"),
                                        Num("98304.0")};
    CHECK(walked.leaves == expected);
  }

  TEST_CASE("strings and keys are unescaped") {
    const Walked walked = Walk(R"({"a\"b": "line\nnext \u00e9 \ud83d\ude00"})");
    CHECK(walked.result.parsed);
    const std::vector<Leaf> expected = {
        Key("a\"b"), Str("line\nnext \xC3\xA9 \xF0\x9F\x98\x80")};
    CHECK(walked.leaves == expected);
  }

  TEST_CASE("MayBeJson: only text a JSON value can begin is parsed") {
    for (std::string_view json :
         {"{}", "[1]", "\"a\"", "-1", "7", "true", "false", "null",
          " \r\n\t{\"a\": 1}", "2021-02-25,0.09"}) {
      INFO(json);
      CHECK(MayBeJson(json));
    }
    for (std::string_view text :
         {"", " \n", "# country: Mongolia\ndate,value", "date,value",
          "Port fc1/3 is down", "\xEF\xBB\xBF{}", "+1", "\f{}"}) {
      INFO(text);
      CHECK_FALSE(MayBeJson(text));
      CHECK_FALSE(WalkJson(text, [](JsonLeafKind, std::string_view) {}).parsed);
    }
  }

  TEST_CASE("a scalar document is walked") {
    CHECK(Walk("42 ").leaves == std::vector<Leaf>{Num("42")});
    CHECK(Walk(" 2499.0\n").leaves == std::vector<Leaf>{Num("2499.0")});
    CHECK(Walk(R"("SN-88412")").leaves == std::vector<Leaf>{Str("SN-88412")});
    for (std::string_view scalar :
         {"true", "false", "null", " true ", " null"}) {
      CAPTURE(scalar);
      const Walked walked = Walk(scalar);
      CHECK(walked.result.parsed);
      CHECK(walked.leaves.empty());
    }
  }

  // A root `null` is consumed before what follows it is checked: the
  // whitespace after it is no trailing content, and the document is read
  // as JSON, not as text, as `true `, `42 ` and `"a" ` are.
  TEST_CASE("a root null followed by whitespace is one JSON document") {
    for (std::string_view scalar : {"null ", " null ", "null\n"}) {
      CAPTURE(scalar);
      const Walked walked = Walk(scalar);
      CHECK(walked.result.parsed);
      CHECK(walked.leaves.empty());
    }
  }

  TEST_CASE("what is not one whole JSON document is refused untouched") {
    for (std::string_view content : {
             "",
             "   \n",
             "plain text with SN-4412",
             "fc1/3 is up",
             "[1, 2",
             R"({"a": "SN-1", "b": [1, 2})",
             R"({"a": 1} {"b": 2})",
             R"({"a": 1} trailing)",
             R"({'a': 1})",
             "tru",
             "nul",
             "-",
             "01",
             R"({"a": 1,})",
             "\"unterminated",
         }) {
      CheckRefused(content);
    }
  }

  TEST_CASE("invalid UTF-8 inside JSON refuses the document") {
    CheckRefused("{\"a\": \"SN-1\", \"b\": \"x\xff\"}");
  }

  TEST_CASE("nesting deeper than kMaxJsonDepth is refused, never a crash") {
    const Walked shallow = Walk(Nested(kMaxJsonDepth - 1));
    CHECK(shallow.result.parsed);
    CHECK(shallow.leaves == std::vector<Leaf>{Num("1")});
    for (std::size_t depth :
         {kMaxJsonDepth + 1, std::size_t{10'000}, std::size_t{200'000}}) {
      CAPTURE(depth);
      CheckRefused(Nested(depth));
    }
  }

  TEST_CASE("an absence report visits only checked and not_checked") {
    const Walked walked = Walk(
        R"({"echo": "ORD-99172",
            "groundgate_absence": {"looked_for": ["ORD-99172"],
                                   "checked": ["orders-2024", "archive-2023"],
                                   "reason": "ORD-11111",
                                   "not_checked": ["archive-2019"]},
            "request": {"id": "ORD-22222"}})");
    CHECK(walked.result.parsed);
    CHECK(walked.result.absence_report);
    const std::vector<Leaf> expected = {Str("orders-2024"), Str("archive-2023"),
                                        Str("archive-2019")};
    CHECK(walked.leaves == expected);
  }

  TEST_CASE("an absence report may hold scalars and empty lists") {
    const Walked walked = Walk(
        R"({"groundgate_absence": {"looked_for": "x", "checked": "orders-db",
                                   "not_checked": []}})");
    CHECK(walked.result.absence_report);
    CHECK(walked.leaves == std::vector<Leaf>{Str("orders-db")});
  }

  TEST_CASE("the reserved key is the convention only at the root, as object") {
    struct Case {
      std::string_view content;
      bool absence;
    };
    static constexpr Case kCases[] = {
        {R"({"groundgate_absence": "none"})", false},
        {R"({"groundgate_absence": ["a"]})", false},
        {R"(["groundgate_absence"])", false},
        {R"({"note": "groundgate_absence"})", false},
        {R"({"groundgate_absence": {}})", true},
    };
    ForEachCase(kCases, [&](const Case& c) {
      CAPTURE(c.content);
      const Walked walked = Walk(c.content);
      CHECK(walked.result.parsed);
      CHECK(walked.result.absence_report == c.absence);
    });
  }

  // The absence path checks the whole document, not only the report's own
  // fields: an error after the report (a bad literal, a second document)
  // makes it no JSON, never a walked absence report.
  TEST_CASE("a document with an absence report must still be whole JSON") {
    for (std::string_view content : {
             R"({"groundgate_absence": {"checked": ["a-1"]}} {"b": 2})",
             R"({"groundgate_absence": {"checked": ["a-1"]}, "x": tru})",
             R"({"x": tru, "groundgate_absence": {"checked": ["a-1"]}})",
             R"({"groundgate_absence": {"checked": ["a-1"]}, "x": 01})",
         }) {
      CheckRefused(content);
    }
  }

  TEST_CASE("a broken absence report is refused like any broken JSON") {
    CheckRefused(
        R"({"groundgate_absence": {"looked_for": ["X-1"], "checked": ["a-1")");
  }
}

TEST_CASE("leaf views stay valid until WalkJson returns, across visits") {
  // The corpus memoizes repeated leaves by their views: a view
  // from an early visit must still read the same bytes at the last one,
  // escaped strings (unescaped into the parser's buffer) included.
  const std::string json =
      R"({"name":"a\u00e9b","items":[{"name":"x1"},{"name":"x2"}],"n":41200})";
  std::vector<std::pair<std::string_view, std::string>> seen;
  bool all_valid = true;
  const JsonWalkResult result =
      WalkJson(json, [&](JsonLeafKind, std::string_view text) {
        for (const auto& [view, copy] : seen) all_valid &= view == copy;
        seen.emplace_back(text, std::string(text));
      });
  CHECK(result.parsed);
  CHECK(all_valid);
  REQUIRE(seen.size() == 9);
  CHECK(seen[1].second ==
        "a\xc3\xa9"
        "b");
}

// The corpus tells "name" beside "email" in one object from a "name" in
// another (a user's, not a product's) by JsonLeafPlace::object.
TEST_CASE("json_walk: a leaf and the keys beside it share their object") {
  const std::string json =
      R"({"user": {"name": "Li Feng", "email": "li@x.com"},
          "items": [{"name": "Phone"}, {"name": "Case"}], "n": 1})";
  std::vector<std::pair<std::string, std::uint32_t>> seen;
  const JsonWalkResult result = WalkJson(
      json, [&](JsonLeafKind, std::string_view text, const JsonLeafPlace& p) {
        seen.emplace_back(std::string(text), p.object);
      });
  CHECK(result.parsed);
  auto object_of = [&](std::string_view text) {
    for (const auto& [t, object] : seen) {
      if (t == text) return object;
    }
    return std::uint32_t{0xFFFFFFFF};
  };
  // The root's members: "user", "items", "n".
  CHECK(object_of("user") == object_of("n"));
  CHECK(object_of("user") != 0);
  // "name", its value and "email" stand in one object, not the root's.
  CHECK(object_of("Li Feng") == object_of("email"));
  CHECK(object_of("Li Feng") != object_of("user"));
  // Each element of the array is an object of its own.
  CHECK(object_of("Phone") != object_of("Case"));
  CHECK(object_of("Phone") != object_of("Li Feng"));
}

// The corpus totals a column of one table, not of every table of a result
// (evidence/column_totals.h): JsonLeafPlace::array tells the array
// instances apart, and a path with another "[]" tells an array nested
// first in another from it.
TEST_CASE("json_walk: leaves of one array instance share its id") {
  const std::string json =
      R"({"n": 7, "pairs": [[{"p": 210}, {"p": 370}], [{"p": 497}, {"p": 106}]],
          "flat": [11, 12], "nested": [[21, 22], 23]})";
  struct Seen {
    std::string text;
    std::uint64_t path;
    std::uint32_t array;
  };
  std::vector<Seen> seen;
  const JsonWalkResult result = WalkJson(
      json,
      [&](JsonLeafKind kind, std::string_view text, const JsonLeafPlace& p) {
        if (kind == JsonLeafKind::kNumber) {
          seen.push_back({std::string(text), p.path, p.array});
        }
      });
  CHECK(result.parsed);
  auto at = [&](std::string_view text) {
    for (const Seen& s : seen) {
      if (s.text == text) return s;
    }
    return Seen{"", 0, 0xFFFFFFFF};
  };
  CHECK(at("7").array == 0);  // in no array
  // One inner array: one id, one path (a column); the next inner array:
  // the same path, another id.
  CHECK(at("210").array != 0);
  CHECK(at("210").array == at("370").array);
  CHECK(at("210").path == at("370").path);
  CHECK(at("497").array == at("106").array);
  CHECK(at("497").array != at("210").array);
  CHECK(at("497").path == at("210").path);
  CHECK(at("11").array == at("12").array);
  CHECK(at("11").array != at("210").array);
  // [[21, 22], 23]: the inner array begins where the outer does, so the
  // ids may be equal, but the paths differ.
  CHECK(at("21").array == at("22").array);
  CHECK((at("21").array != at("23").array || at("21").path != at("23").path));
}

// A thread keeps a walk's scratch (padded copy, leaf list) for the next
// walk: a walk inside a visitor must not take the outer walk's.
TEST_CASE("json_walk: a walk inside a visitor leaves the outer walk whole") {
  std::vector<Leaf> outer;
  std::vector<Leaf> inner;
  const JsonWalkResult result =
      WalkJson("[1, 2, 3]", [&](JsonLeafKind kind, std::string_view text) {
        outer.emplace_back(kind, std::string(text));
        if (text == "1") {
          CHECK(WalkJson("[7, 8, 9, 10]", [&](JsonLeafKind k,
                                              std::string_view t) {
                  inner.emplace_back(k, std::string(t));
                }).parsed);
        }
      });
  CHECK(result.parsed);
  CHECK(outer == std::vector<Leaf>{Num("1"), Num("2"), Num("3")});
  CHECK(inner == std::vector<Leaf>{Num("7"), Num("8"), Num("9"), Num("10")});
  // The next walk on this thread reuses the scratch and sees only its own.
  CHECK(Walk("[4]").leaves == std::vector<Leaf>{Num("4")});
}

TEST_CASE("json_walk: ahead sees every leaf before visit, in order") {
  std::string json = "[";
  for (int i = 0; i < 100; ++i) {
    json += (i > 0 ? "," : "") + std::to_string(i);
  }
  json += "]";
  std::vector<std::string> ahead;
  std::vector<std::string> visited;
  const JsonWalkResult result = WalkJson(
      json,
      [&](JsonLeafKind, std::string_view text) { ahead.emplace_back(text); },
      [&](JsonLeafKind, std::string_view text, const JsonLeafPlace&) {
        visited.emplace_back(text);
        // This leaf was seen ahead, and at most kJsonLookahead leaves ago.
        CHECK(ahead.size() >= visited.size());
        CHECK(ahead.size() <= visited.size() + kJsonLookahead);
      });
  CHECK(result.parsed);
  CHECK(ahead == visited);
  CHECK(visited.size() == 100);
}

// A document of more leaves than the walk keeps in its list is walked a
// second time, visiting as it goes: the visitor sees the same leaves, at
// the same places, in the same order, with the same look ahead, and a
// document broken at its very end is still refused whole.
TEST_CASE("json_walk: a document of millions of leaves is visited in order") {
  // 600,000 rows of {"a":N,"b":"x"}: 2.4 million keys and leaves, more than
  // the 24 MiB list holds.
  constexpr int kRows = 600000;
  std::string json = "{\"rows\":[";
  for (int i = 0; i < kRows; ++i) {
    if (i > 0) json += ',';
    json += "{\"a\":" + std::to_string(i % 1000) + ",\"b\":\"x\"}";
  }
  json += "]}";
  std::size_t visits = 0;
  std::size_t ahead_count = 0;
  bool in_order = true;
  bool places_agree = true;
  JsonLeafPlace first_a{};
  std::uint32_t last_object = 0;
  const JsonWalkResult result = WalkJson(
      json, [&](JsonLeafKind, std::string_view) { ++ahead_count; },
      [&](JsonLeafKind kind, std::string_view text,
          const JsonLeafPlace& place) {
        // Leaves 0 and 1 are the key "rows"... then, per row: key a, its
        // number, key b, its string.
        const std::size_t i = visits++;
        in_order = in_order && ahead_count >= visits &&
                   ahead_count <= visits + kJsonLookahead;
        if (i < 1) return;
        const std::size_t row = (i - 1) / 4;
        const std::size_t field = (i - 1) % 4;
        if (field == 1) {
          in_order = in_order && kind == JsonLeafKind::kNumber &&
                     text == std::to_string(row % 1000);
          if (row == 0) first_a = place;
          // Every row's "a" shares a path and an array; each row is its
          // own object.
          places_agree = places_agree && place.path == first_a.path &&
                         place.array == first_a.array &&
                         (row == 0 || place.object > last_object);
          last_object = place.object;
        }
        if (field == 3) {
          in_order = in_order && kind == JsonLeafKind::kString && text == "x";
        }
      });
  CHECK(result.parsed);
  CHECK(visits == 1 + 4 * static_cast<std::size_t>(kRows));
  CHECK(ahead_count == visits);
  CHECK(in_order);
  CHECK(places_agree);
  // The same text with its last byte broken: nothing visited at all.
  std::string broken = json;
  broken.back() = ']';
  CheckRefused(broken);
}

}  // namespace
}  // namespace groundgate::evidence
