// tests/evidence/corpus_test.cc — what EvidenceCorpus records, and what it
// refuses to.
//
// Pins the record step: JSON walked structurally (keys, prose leaves, exact
// number digits), anything else read as text, token-exact lookups, carrier
// lists in wire order with their cap and their per-turn reset, the index
// ceiling, the exempt side, the correction frame, and the absence
// convention. Lookups use canonical forms, as the judge does. It does not
// repeat the one-per-law tests of laws_test.cc, and it does not judge
// answers beyond what a corpus behaviour needs to be seen (judge_test.cc).
#include "groundgate/corpus.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "groundgate/findings.h"
#include "groundgate/gate.h"
#include "groundgate/verdict_json.h"
#include "tests/default_gate.h"
#include "tests/support/cases.h"

namespace groundgate {
namespace {

using groundgate_test::ForEachCase;

std::vector<std::string> CarrierIds(const EvidenceCorpus& corpus,
                                    std::string_view canonical) {
  std::vector<std::string> ids;
  for (const std::uint32_t slot : corpus.Lookup(canonical).carriers) {
    REQUIRE(slot < corpus.results().size());
    ids.push_back(corpus.results()[slot].tool_call_id);
  }
  return ids;
}

// Checks that each key of `carried` is carried in `corpus`, and no key of
// `not_carried` is.
void CheckCarried(const EvidenceCorpus& corpus,
                  std::initializer_list<std::string_view> carried,
                  std::initializer_list<std::string_view> not_carried = {}) {
  for (std::string_view key : carried) {
    CAPTURE(key);
    CHECK(corpus.Lookup(key).carried);
  }
  for (std::string_view key : not_carried) {
    CAPTURE(key);
    CHECK_FALSE(corpus.Lookup(key).carried);
  }
}

std::string Nested(int depth, std::string_view open, std::string_view inner,
                   std::string_view close) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += open;
  text += inner;
  for (int i = 0; i < depth; ++i) text += close;
  return text;
}

TEST_SUITE("corpus") {
  TEST_CASE("a value only as an object key is evidence") {
    EvidenceCorpus corpus;
    const RecordOutcome outcome = corpus.RecordToolResult(
        "c1", "inventory", R"({"esx-prod-014": {"state": "up"}})");
    CHECK(outcome.parsed_as_json);
    CheckCarried(corpus, {"esx-prod-014", "state"});
  }

  TEST_CASE("a value inside a prose string leaf is evidence") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult(
        "c1", "get_incident",
        R"({"work_notes": "Replaced SFP on fc2/14 at 2024-05-15T01:05:00Z; CRC counter still rising (17,350 since swap)."})");
    // Keys are canonical: "17,350" is not one.
    CheckCarried(corpus, {"fc2/14", "2024-05-15t01:05:00z", "17350"},
                 {"17,350"});
  }

  TEST_CASE("a short string leaf is also indexed whole, a paragraph is not") {
    EvidenceCorpus corpus;
    const std::string paragraph(300, 'x');
    corpus.RecordToolResult(
        "c1", "get_user",
        R"({"name": "Julian Hester", "phone": "(555) 123-4567", "bio": ")" +
            paragraph + R"( end"})");
    const std::string whole = paragraph + " end";
    CheckCarried(corpus, {"julian hester", "julian", "123-4567", paragraph},
                 {whole});
  }

  TEST_CASE("numbers keep their exact digits from the wire") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult(
        "c1", "stats",
        R"({"id": 12345678901234567890, "scaled": 1.5e3, "mem": 2048.0, "price": 1234.50, "neg": -41200})");
    // Not carried: what a double would have made of the id.
    CheckCarried(corpus,
                 {"12345678901234567890", "1500", "2048", "1234.5", "-41200"},
                 {"12345678901234567168"});
  }

  TEST_CASE("booleans and null ground nothing") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "flags",
                            R"({"enabled": true, "owner": null})");
    CheckCarried(corpus, {"enabled"}, {"true", "null"});
  }

  TEST_CASE("a scalar JSON document is walked") {
    EvidenceCorpus corpus;
    const RecordOutcome number =
        corpus.RecordToolResult("c1", "calc", "2499.0");
    CHECK(number.parsed_as_json);
    CHECK(corpus.Lookup("2499").carried);
    const RecordOutcome text =
        corpus.RecordToolResult("c2", "id", R"("SN-88412")");
    CHECK(text.parsed_as_json);
    CHECK(corpus.Lookup("sn-88412").carried);
  }

  TEST_CASE("broken JSON is read as text, never dropped") {
    struct BrokenCase {
      std::string_view content;
      std::string_view value;
    };
    static constexpr BrokenCase kCases[] = {
        {R"({"serial": "SN-88412", )", "sn-88412"},
        {R"({"faults": [{"id": "FLT-20240515-0042"}, {"id": "FLT-2024)",
         "flt-20240515-0042"},
        {R"({"a": 1} trailing SN-55512)", "sn-55512"},
        {R"([1, 2, "SN-77312")", "sn-77312"},
        {R"({'single': 'SN-12312'})", "sn-12312"},
        {"fc1/3 is up\n  41200 CRC errors", "41200"},
    };
    ForEachCase(kCases, [&](const BrokenCase& c) {
      CAPTURE(c.content);
      EvidenceCorpus corpus;
      const RecordOutcome outcome =
          corpus.RecordToolResult("c1", "tool", c.content);
      CHECK_FALSE(outcome.parsed_as_json);
      CHECK(corpus.Lookup(c.value).carried);
    });
  }

  TEST_CASE("a substring of a longer token is not evidence") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "lookup", "device naa.0xef0101ab is online");
    corpus.RecordToolResult("c2", "lookup",
                            R"({"wwn": "naa.600a0980383044375"})");
    CheckCarried(corpus, {"naa.0xef0101ab", "naa.600a0980383044375"},
                 {"0xef0101", "ef0101", "ef0101ab", "600a0980383044375"});
  }

  TEST_CASE("hex is indexed with and without its 0x prefix") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "lun", R"({"lun_id": "0x0012"})");
    corpus.RecordToolResult("c2", "fcid", "FCID is 0x6A0120");
    CheckCarried(corpus, {"0x0012", "0012", "0x6a0120", "6a0120"});
  }

  TEST_CASE("a number with a unit is also indexed as the number") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "mem", "RAM: 4096MB, swap 2,048MiB");
    CheckCarried(corpus, {"4096mb", "4096", "2048"});
  }

  TEST_CASE(
      "exact_spelling_seen tells a canonical spelling from a respelling") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "a", R"({"crc": 41200})");
    corpus.RecordToolResult("c2", "b", "rx 98,304 frames");
    CHECK(corpus.Lookup("41200").exact_spelling_seen);
    CHECK(corpus.Lookup("98304").carried);
    CHECK_FALSE(corpus.Lookup("98304").exact_spelling_seen);
  }

  TEST_CASE("carriers are listed in wire order, each once") {
    EvidenceCorpus corpus;
    corpus.BeginUserTurn();
    corpus.RecordToolResult("call_b", "poll", R"({"code": "E-4410"})");
    corpus.RecordToolResult("call_a", "poll",
                            R"({"code": "E-4410", "x": "E-4410"})");
    corpus.RecordToolResult("call_c", "other", R"({"serial": "SN-31337"})");
    // The same id again in this turn adds to the same result.
    corpus.RecordToolResult("call_b", "poll", R"({"again": "E-4410"})");
    corpus.RecordToolResult("call_c", "other", R"({"code": "E-4410"})");

    REQUIRE(corpus.results().size() == 3);
    CHECK(corpus.results()[0].tool_call_id == "call_b");
    CHECK(corpus.results()[1].tool_call_id == "call_a");
    CHECK(corpus.results()[2].tool_call_id == "call_c");
    CHECK(corpus.results()[2].tool_name == "other");
    CHECK(CarrierIds(corpus, "e-4410") ==
          std::vector<std::string>{"call_b", "call_a", "call_c"});
    CHECK(CarrierIds(corpus, "sn-31337") == std::vector<std::string>{"call_c"});
    const Evidence evidence = corpus.Lookup("e-4410");
    CHECK(evidence.carried_this_turn);
    CHECK_FALSE(evidence.carriers_cut);
  }

  TEST_CASE("values_recorded and the outcome count values with repeats") {
    EvidenceCorpus corpus;
    const RecordOutcome first =
        corpus.RecordToolResult("c1", "t", R"({"id": "x1y2", "copy": "x1y2"})");
    CHECK(first.values_seen == 4);  // id, x1y2, copy, x1y2
    CHECK(first.values_new == 3);
    CHECK_FALSE(first.truncated);
    const RecordOutcome second =
        corpus.RecordToolResult("c2", "t", R"({"id": "x1y2"})");
    CHECK(second.values_seen == 2);
    CHECK(second.values_new == 0);
    CHECK(corpus.results()[0].values_recorded == 4);
    CHECK(corpus.results()[1].values_recorded == 2);
    CHECK(corpus.indexed_values() == 3);
  }

  // A word of prose met again in the same result replays what it carried
  // the first time: the counts, carriers and numbers must be
  // those of reading every occurrence.
  TEST_CASE(
      "a word met again in a result's prose counts and carries as read "
      "afresh") {
    const std::vector<std::string> leaves = {
        "port fc1/3 down at 4096 rpm", "port fc1/4 down at 4096 rpm",
        "port fc1/3 up since 2024-05-14 at 12:30", "fee 250 waived",
        "fee 250 due, fc1/4 at 4096 rpm"};
    auto json_of = [](const std::vector<std::string>& items) {
      std::string json = "[";
      for (const std::string& item : items) {
        if (json.size() > 1) json += ",";
        json += "\"" + item + "\"";
      }
      return json + "]";
    };
    std::size_t alone = 0;
    for (const std::string& leaf : leaves) {
      EvidenceCorpus single;
      alone += single.RecordToolResult("c1", "t", json_of({leaf})).values_seen;
    }
    EvidenceCorpus corpus;
    const RecordOutcome together =
        corpus.RecordToolResult("c1", "t", json_of(leaves));
    CHECK(together.values_seen == alone);
    CHECK(corpus.results()[0].values_recorded == alone);
    for (const char* value : {"fc1/3", "fc1/4", "4096", "rpm", "250", "due",
                              "@date:2024-05-14", "@time:12:30"}) {
      CAPTURE(value);
      CHECK(CarrierIds(corpus, value) == std::vector<std::string>{"c1"});
    }

    // A text result (not JSON) reads its words the same way.
    auto seen_as_text = [](const std::string& text) {
      EvidenceCorpus fresh;
      return fresh.RecordToolResult("c1", "t", text).values_seen;
    };
    CHECK(seen_as_text("alpha1 fc1/3 beta2 fc1/3 alpha1") ==
          2 * seen_as_text("alpha1") + 2 * seen_as_text("fc1/3") +
              seen_as_text("beta2"));
  }

  TEST_CASE(
      "a number written alone is bare; one beside a unit is keyed under the "
      "unit's dimension") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t",
                            R"({"count": 41, "note": "count 42 today",
                                "colors": "65K", "ram": "66 MB", "disk": "67GB",
                                "temp": "18°", "price": "$69", "share": "70%",
                                "storage": "128/256GB", "alone": "71"})");
    for (const char* bare : {"41", "42", "71"}) {
      CAPTURE(bare);
      CHECK(corpus.Lookup(bare).carried);
      CHECK(corpus.Lookup(bare).bare_number);
    }
    for (const char* beside : {"65", "66", "67", "18", "69", "70", "128"}) {
      CAPTURE(beside);
      CHECK(corpus.Lookup(beside).carried);
      CHECK_FALSE(corpus.Lookup(beside).bare_number);
    }
    for (const char* key : {"@dim:data:66", "@dim:data:67", "@dim:data:128",
                            "@dim:data:256", "@dim:temperature:18"}) {
      CAPTURE(key);
      CHECK(corpus.Lookup(key).carried);
    }
    // No dimension for a scale, money or a unit nothing converts; a
    // thousands 'K' is carried as its value too.
    CHECK(corpus.Lookup("65000").carried);
    CHECK_FALSE(corpus.Lookup("65").bare_number);
    CHECK_FALSE(corpus.Lookup("650").carried);
    CHECK_FALSE(corpus.Lookup("@dim:data:65").carried);
    CHECK_FALSE(corpus.Lookup("@dim:data:69").carried);
    // A text result is read the same way.
    corpus.RecordToolResult("c2", "t", "Sunny, 22C; 23 clouds; 24 km/h");
    CHECK(corpus.Lookup("@dim:temperature:22").carried);
    CHECK(corpus.Lookup("23").bare_number);
    CHECK(corpus.Lookup("@dim:speed:24").carried);
    CHECK_FALSE(corpus.Lookup("24").bare_number);
  }

  TEST_CASE("an empty result is recorded with no values") {
    EvidenceCorpus corpus;
    const RecordOutcome outcome = corpus.RecordToolResult("c1", "t", "");
    CHECK(outcome.values_seen == 0);
    CHECK_FALSE(outcome.parsed_as_json);
    REQUIRE(corpus.results().size() == 1);
    CHECK(corpus.results()[0].tool_call_id == "c1");
  }

  TEST_CASE("the carrier list is capped at kMaxCarriers and marked cut") {
    EvidenceCorpus corpus;
    for (std::size_t i = 0; i < kMaxCarriers; ++i) {
      corpus.RecordToolResult("c" + std::to_string(i), "poll",
                              R"({"code": "E-4410"})");
    }
    const Evidence full = corpus.Lookup("e-4410");
    CHECK(full.carriers.size() == kMaxCarriers);
    CHECK_FALSE(full.carriers_cut);

    corpus.RecordToolResult("c8", "poll", R"({"code": "E-4410"})");
    corpus.RecordToolResult("c9", "poll", R"({"code": "E-4410"})");
    const Evidence cut = corpus.Lookup("e-4410");
    CHECK(cut.carriers_cut);
    REQUIRE(cut.carriers.size() == kMaxCarriers);
    // The first kMaxCarriers in wire order are the ones kept.
    for (std::size_t i = 0; i < kMaxCarriers; ++i) {
      CHECK(cut.carriers[i] == i);
    }
    // The results themselves are all kept: only the list is capped.
    CHECK(corpus.results().size() == kMaxCarriers + 2);
  }

  TEST_CASE("BeginUserTurn clears carriers but the value stays carried") {
    EvidenceCorpus corpus;
    CHECK(corpus.user_turn() == 0);
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    corpus.BeginUserTurn();
    CHECK(corpus.user_turn() == 1);
    CHECK(corpus.results().empty());
    const Evidence prior = corpus.Lookup("sn-31337");
    CHECK(prior.carried);
    CHECK_FALSE(prior.carried_this_turn);
    CHECK(prior.carriers.empty());
    CHECK(prior.latest_turn == 0);

    // Read again this turn: this turn's carrier only.
    corpus.RecordToolResult("c2", "t", R"({"serial": "SN-31337"})");
    const Evidence again = corpus.Lookup("sn-31337");
    CHECK(again.carried_this_turn);
    CHECK(again.latest_turn == 1);
    CHECK(CarrierIds(corpus, "sn-31337") == std::vector<std::string>{"c2"});
  }

  TEST_CASE("a cut carrier list is whole again in the next user turn") {
    EvidenceCorpus corpus;
    for (std::size_t i = 0; i <= kMaxCarriers; ++i) {
      corpus.RecordToolResult("c" + std::to_string(i), "poll", "E-4410");
    }
    CHECK(corpus.Lookup("e-4410").carriers_cut);
    corpus.BeginUserTurn();
    corpus.RecordToolResult("d1", "poll", "E-4410");
    const Evidence evidence = corpus.Lookup("e-4410");
    CHECK_FALSE(evidence.carriers_cut);
    CHECK(evidence.carriers.size() == 1);
  }

  TEST_CASE("the index stops at max_index_tokens and says it is truncated") {
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 3});
    const RecordOutcome first =
        corpus.RecordToolResult("c1", "t", "alpha1 beta2 gamma3");
    CHECK_FALSE(first.truncated);
    CHECK_FALSE(corpus.truncated());
    const RecordOutcome second =
        corpus.RecordToolResult("c2", "t", "delta4 alpha1");
    CHECK(second.truncated);
    CHECK(corpus.truncated());
    CHECK(corpus.indexed_values() == 3);
    CHECK_FALSE(corpus.Lookup("delta4").carried);
    // A value already held still gains this result as a carrier.
    CHECK(CarrierIds(corpus, "alpha1") == std::vector<std::string>{"c1", "c2"});
    // The flag stays for the rest of the conversation.
    const RecordOutcome third = corpus.RecordToolResult("c3", "t", "alpha1");
    CHECK(third.truncated);
    corpus.BeginUserTurn();
    CHECK(corpus.truncated());
  }

  // The value table is looked up a few carries late (a queue that overlaps
  // its cache misses): what a large result lets in under the
  // ceiling must still be its first distinct values in wire order.
  TEST_CASE(
      "past the ceiling, a large result's first values in wire order are "
      "the ones held") {
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 100});
    std::string json = "[";
    for (int i = 0; i < 300; ++i) {
      if (i > 0) json += ",";
      // Every 7th leaf repeats v3, held before the ceiling: it still counts.
      json += i % 7 == 6 ? "\"v3\"" : "\"v" + std::to_string(i) + "\"";
    }
    json += "]";
    const RecordOutcome outcome = corpus.RecordToolResult("c1", "t", json);
    CHECK(outcome.truncated);
    CHECK(outcome.values_seen == 300);
    CHECK(outcome.values_new == 100);
    CHECK(corpus.indexed_values() == 100);
    int held = 0;
    for (int i = 0; i < 300; ++i) {
      if (corpus.Lookup("v" + std::to_string(i)).carried) ++held;
    }
    CHECK(held == 100);
    // v0..v115 but the repeats' places (i % 7 == 6) are the first 100.
    CHECK(corpus.Lookup("v115").carried);
    CHECK_FALSE(corpus.Lookup("v116").carried);
    CHECK(corpus.results()[0].values_recorded == 300);
  }

  TEST_CASE("values longer than a table entry holds inline are held whole") {
    EvidenceCorpus corpus;
    const std::string digits(40, '7');
    const std::string id = "host-" + digits + "-x1";
    std::string long_leaf;
    for (int i = 0; i < 12; ++i) long_leaf += "word" + std::to_string(i) + " ";
    corpus.RecordToolResult(
        "c1", "t", R"({"id":")" + id + R"(","note":")" + long_leaf + R"("})");
    CHECK(corpus.Lookup(id).carried);
    CHECK(corpus.Lookup("@part:" + digits).carried);
    CHECK(corpus.Lookup("word11").carried);
    CHECK_FALSE(corpus.Lookup(id.substr(0, 32)).carried);
  }

  TEST_CASE("a person's name is marked after many other values of a result") {
    EvidenceCorpus corpus;
    std::string json = R"({"hosts":[)";
    for (int i = 0; i < 200; ++i) {
      if (i > 0) json += ",";
      json += R"({"host":"srv-)" + std::to_string(i) + R"("})";
    }
    json += R"(],"owner":{"first_name":"Zelda","email":"z@example.com"}})";
    corpus.RecordToolResult("c1", "t", json);
    CHECK(corpus.Lookup("zelda").person_name);
    CHECK_FALSE(corpus.Lookup("srv-199").person_name);
    CHECK(corpus.Lookup("srv-199").carried);
  }

  TEST_CASE("exempt values count toward the index ceiling") {
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 2});
    corpus.RecordExempt("one1 two2 three3");
    CHECK(corpus.truncated());
    CHECK(corpus.indexed_values() == 2);
  }

  TEST_CASE("the default ceiling is kMaxIndexTokens") {
    CHECK(CorpusOptions{}.max_index_tokens == kMaxIndexTokens);
    EvidenceCorpus corpus;
    std::string many;
    for (int i = 0; i < 5000; ++i) many += "v" + std::to_string(i) + " ";
    corpus.RecordToolResult("c1", "t", many);
    CHECK_FALSE(corpus.truncated());
    CHECK(corpus.indexed_values() == 5000);
  }

  TEST_CASE("the exempt corpus records no carriers") {
    EvidenceCorpus corpus;
    corpus.RecordExempt("You serve fabric fab-a; change window CHG-2024-0611.");
    CHECK(corpus.IsExempt("chg-2024-0611"));
    CHECK(corpus.IsExempt("fab-a"));
    CHECK_FALSE(corpus.Lookup("chg-2024-0611").carried);
    CHECK(corpus.results().empty());
    CHECK(corpus.user_turn() == 0);  // system text starts no user turn
  }

  TEST_CASE("exempt text is indexed under the same keys as evidence") {
    EvidenceCorpus corpus;
    corpus.RecordExempt("LUN 0x0012 on a 4096MB host, budget 41,200.");
    CHECK(corpus.IsExempt("0x0012"));
    CHECK(corpus.IsExempt("0012"));
    CHECK(corpus.IsExempt("4096"));
    CHECK(corpus.IsExempt("41200"));
  }

  TEST_CASE("escaped Unicode digits in JSON meet their ASCII spelling") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"crc": "٤١٢٠٠", "id": "ＡＢ-12"})");
    CHECK(corpus.Lookup("41200").carried);
    CHECK(corpus.Lookup("ab-12").carried);
  }

  TEST_CASE("a tool result does not make a value exempt") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    CHECK_FALSE(corpus.IsExempt("sn-31337"));
  }

  TEST_CASE("a user message begins a user turn and is exempt") {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    CHECK(corpus.RecordUserMessage("Check host esx-prod-014, ticket 41,200."));
    CHECK(corpus.user_turn() == 1);
    CHECK(corpus.results().empty());
    CHECK(corpus.IsExempt("esx-prod-014"));
    CHECK(corpus.IsExempt("41200"));
    CHECK_FALSE(corpus.Lookup("esx-prod-014").carried);
  }

  TEST_CASE("the correction frame is neither exempt nor a turn boundary") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Summarize INC0041877.");
    corpus.RecordToolResult("c1", "get_incident", R"({"crc": 17350})");
    const std::string frame =
        std::string(kCorrectionFramePrefix) +
        "] These values appear in no tool result: 17,530, ZZ-77310.";
    CHECK_FALSE(corpus.RecordUserMessage(frame));
    CHECK(corpus.user_turn() == 1);
    REQUIRE(corpus.results().size() == 1);
    CHECK(corpus.Lookup("17350").carried_this_turn);
    CHECK_FALSE(corpus.IsExempt("17530"));
    CHECK_FALSE(corpus.IsExempt("zz-77310"));

    // Only a message that begins with the prefix is the library's own.
    CHECK(corpus.RecordUserMessage(" [evidence check] quoted by a user: ZZ-1"));
    CHECK(corpus.user_turn() == 2);
    CHECK(corpus.IsExempt("zz-1"));
    CHECK(corpus.RecordUserMessage("see [evidence check] ZZ-2"));
    CHECK(corpus.IsExempt("zz-2"));
  }

  TEST_CASE("an absence report grounds only its coverage lists") {
    EvidenceCorpus corpus;
    const RecordOutcome outcome = corpus.RecordToolResult(
        "c1", "find_order",
        R"({"groundgate_absence": {"looked_for": ["ORD-99172"],
              "checked": ["orders-2024", "archive-2023"],
              "not_checked": ["archive-2019"], "note": "ORD-11111"},
            "echo": "ORD-99172", "request": {"id": "ORD-22222"}})");
    CHECK(outcome.parsed_as_json);
    CHECK(outcome.absence_report);
    CHECK(corpus.Lookup("orders-2024").carried);
    CHECK(corpus.Lookup("archive-2023").carried);
    CHECK(corpus.Lookup("archive-2019").carried);
    CHECK_FALSE(corpus.Lookup("ord-99172").carried);
    CHECK_FALSE(corpus.Lookup("ord-11111").carried);
    CHECK_FALSE(corpus.Lookup("ord-22222").carried);
    CHECK_FALSE(corpus.Lookup(kAbsenceKey).carried);
    CHECK_FALSE(corpus.Lookup("looked_for").carried);
  }

  TEST_CASE("a reserved key that is not a report object is ordinary JSON") {
    EvidenceCorpus corpus;
    const RecordOutcome outcome = corpus.RecordToolResult(
        "c1", "t", R"({"groundgate_absence": "none", "serial": "SN-31337"})");
    CHECK(outcome.parsed_as_json);
    CHECK_FALSE(outcome.absence_report);
    CHECK(corpus.Lookup("sn-31337").carried);
    // The key's name in prose is ordinary text too.
    const RecordOutcome prose = corpus.RecordToolResult(
        "c2", "t", R"({"note": "no groundgate_absence here: SN-41414"})");
    CHECK_FALSE(prose.absence_report);
    CHECK(corpus.Lookup("sn-41414").carried);
  }

  TEST_CASE("deep nesting does not crash and is read as text") {
    EvidenceCorpus corpus;
    const RecordOutcome arrays = corpus.RecordToolResult(
        "c1", "deep", Nested(10'000, "[", R"("SN-4412")", "]"));
    CHECK_FALSE(arrays.parsed_as_json);
    CHECK(corpus.Lookup("sn-4412").carried);

    const RecordOutcome objects = corpus.RecordToolResult(
        "c2", "deep", Nested(10'000, R"({"k":)", R"("SN-5512")", "}"));
    CHECK_FALSE(objects.parsed_as_json);
    CHECK(corpus.Lookup("sn-5512").carried);

    // Unbalanced: 100,000 opening brackets and nothing else.
    const RecordOutcome open =
        corpus.RecordToolResult("c3", "deep", std::string(100'000, '['));
    CHECK_FALSE(open.parsed_as_json);

    // Moderate nesting is still walked structurally.
    const RecordOutcome shallow = corpus.RecordToolResult(
        "c4", "shallow", Nested(100, "[", R"("SN-6612")", "]"));
    CHECK(shallow.parsed_as_json);
    CHECK(corpus.Lookup("sn-6612").carried);
  }

  TEST_CASE("invalid UTF-8 does not crash and the rest is still read") {
    EvidenceCorpus corpus;
    const std::string json =
        "{\"serial\": \"SN-4412\", \"junk\": \"\xff\xfe\xc3\"}";
    const RecordOutcome outcome = corpus.RecordToolResult("c1", "t", json);
    CHECK_FALSE(outcome.parsed_as_json);  // not valid JSON text: read as text
    CHECK(corpus.Lookup("sn-4412").carried);

    const std::string text = "fc1/3\xff\xc3 CRC 41200\x80 esx-prod-014\xe2\x82";
    corpus.RecordToolResult("c2", "t", text);
    CHECK(corpus.Lookup("fc1/3").carried);
    CHECK(corpus.Lookup("41200").carried);
    CHECK(corpus.Lookup("esx-prod-014").carried);

    corpus.RecordExempt("\xff\xff user \xc0\xaf");
    CHECK(corpus.RecordUserMessage("\xfe\xfe"));
  }

  TEST_CASE(
      "a megabyte tool-call id and tool name are bounded at record time") {
    const std::string long_id = "call_" + std::string(1 << 20, 'a');
    const std::string long_name = "lookup_" + std::string(1 << 20, 'n');
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Which flight?");
    const RecordOutcome outcome = corpus.RecordToolResult(
        long_id, long_name, R"({"flight": "HAT083", "seats": 48213})");
    CHECK(outcome.id_clipped);
    CHECK(outcome.name_clipped);
    REQUIRE(corpus.results().size() == 1);
    const RecordedResult& result = corpus.results()[0];
    CHECK(result.tool_call_id.size() <= kMaxToolCallIdBytes);
    CHECK(result.tool_name.size() <= kMaxRecordedToolNameBytes);
    CHECK(result.tool_call_id == BoundedToolCallId(long_id));
    CHECK(result.tool_name == BoundedToolName(long_name));
    CHECK(result.tool_call_id.starts_with("call_aaaa"));
    CHECK(CarrierIds(corpus, "hat083") ==
          std::vector<std::string>{result.tool_call_id});

    // Every copy a verdict makes is the bounded one: carriers, the near
    // miss, answer_carriers, and the JSON line.
    const std::string answer = "Flight HAT083 has 48231 seats.";
    const Verdict verdict =
        groundgate_test::DefaultGate().Judge(answer, corpus);
    bool saw_carrier = false;
    bool saw_near_miss = false;
    for (const Candidate& c : verdict.candidates) {
      for (const std::string& carrier : c.carriers) {
        CHECK(carrier == result.tool_call_id);
        saw_carrier = true;
      }
      if (!c.near_miss_carrier.empty()) {
        CHECK(c.near_miss_carrier == result.tool_call_id);
        saw_near_miss = true;
      }
    }
    CHECK(saw_carrier);
    CHECK(saw_near_miss);
    REQUIRE(verdict.answer_carriers.has_value());
    REQUIRE(verdict.answer_carriers->size() == 1);
    CHECK(verdict.answer_carriers->front().tool_call_id == result.tool_call_id);
    CHECK(verdict.answer_carriers->front().tool_name == result.tool_name);
    const std::string json = VerdictToJson(verdict);
    CHECK(json.size() < 4096);
    CHECK(json.find(result.tool_call_id) != std::string::npos);
  }

  TEST_CASE("two long ids that share their first bytes stay two carriers") {
    const std::string prefix(200, 'x');
    EvidenceCorpus corpus;
    corpus.RecordToolResult(prefix + "1", "get", R"({"a": "HAT083"})");
    corpus.RecordToolResult(prefix + "2", "get", R"({"b": "HAT083"})");
    REQUIRE(corpus.results().size() == 2);
    CHECK(corpus.results()[0].tool_call_id != corpus.results()[1].tool_call_id);
    CHECK(CarrierIds(corpus, "hat083").size() == 2);
    // The same long id again adds to its result, as a short one does.
    const RecordOutcome again =
        corpus.RecordToolResult(prefix + "1", "get", R"({"c": "ZZZ999"})");
    CHECK(again.id_clipped);
    CHECK(corpus.results().size() == 2);
    CHECK(CarrierIds(corpus, "zzz999") ==
          std::vector<std::string>{corpus.results()[0].tool_call_id});
  }

  TEST_CASE("an id and a name within the bound are kept as they are") {
    const std::string id(kMaxToolCallIdBytes, 'i');
    const std::string name(kMaxRecordedToolNameBytes, 'n');
    EvidenceCorpus corpus;
    const RecordOutcome outcome = corpus.RecordToolResult(id, name, "HAT083");
    CHECK_FALSE(outcome.id_clipped);
    CHECK_FALSE(outcome.name_clipped);
    CHECK(corpus.results()[0].tool_call_id == id);
    CHECK(corpus.results()[0].tool_name == name);
    CHECK(BoundedToolCallId("call_1") == "call_1");
  }

  TEST_CASE("a bounded id is cut on a UTF-8 boundary and ends in its hash") {
    // "é" is two bytes: an odd cut would split one.
    std::string id;
    for (int i = 0; i < 100; ++i) id += "\xC3\xA9";
    const std::string bounded = BoundedToolCallId(id);
    CHECK(bounded.size() <= kMaxToolCallIdBytes);
    const std::size_t tilde = bounded.rfind('~');
    REQUIRE(tilde != std::string::npos);
    CHECK(bounded.size() - tilde == kBoundedSuffixBytes);
    CHECK(tilde % 2 == 0);
    CHECK(id.starts_with(bounded.substr(0, tilde)));
    CHECK(bounded.substr(tilde + 1).find_first_not_of("0123456789abcdef") ==
          std::string::npos);
    // Unseeded: the same in every process (FNV-1a of the whole id), and a
    // bounded id bounds to itself.
    CHECK(BoundedToolCallId(id) == bounded);
    CHECK(BoundedToolCallId(bounded) == bounded);
    CHECK(BoundedToolCallId(std::string(100, 'a')) ==
          std::string(47, 'a') + "~" + "2885d0ac2e5a9d79");
  }

  TEST_CASE("a bounded tool name is still exempt as the name of a tool") {
    const std::string long_name = "tool_" + std::string(500, 'q');
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", long_name, "{}");
    CHECK(corpus.IsExempt(BoundedToolName(long_name)));
  }

  TEST_CASE("a standing declared with a long id is found by its carrier") {
    // The ledger keys ids as the corpus records them, so the carrier a
    // verdict names (bounded) finds a declaration made with the whole id.
    const std::string long_id = "call_" + std::string(1000, 'z');
    EvidenceCorpus corpus;
    corpus.RecordToolResult(long_id, "get", R"({"a": "HAT083"})");
    FindingsLedger ledger;
    ledger.Declare(long_id, Standing::kRuledOut);
    CHECK(ledger.StandingOf(corpus.results()[0].tool_call_id) ==
          Standing::kRuledOut);
    CHECK(ledger.StandingOf(long_id) == Standing::kRuledOut);
    CHECK_FALSE(
        ledger.StandingOf("call_" + std::string(1000, 'y')).has_value());
  }

  TEST_CASE("a moved corpus keeps its state") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("go");
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    EvidenceCorpus moved(std::move(corpus));
    CHECK(moved.Lookup("sn-31337").carried_this_turn);
    CHECK(moved.user_turn() == 1);
    EvidenceCorpus assigned;
    assigned = std::move(moved);
    CHECK(assigned.results().size() == 1);
  }
}

}  // namespace
}  // namespace groundgate
