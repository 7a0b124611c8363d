// tests/stages/judge_test.cc — answer + corpus -> Verdict, and its JSON form.
//
// Pins the judge step: candidates in answer order with byte spans, one per
// distinct value with its occurrences, the status of each (grounded, exempt,
// unsupported, unverified) and the reason (exact, canonical, declared
// exemption), carriers of this turn, the grounding split, looked_up, and
// answer_truncated past kMaxAnswerTokens. A second suite pins VerdictToJson:
// no value unless the application opts in, values clipped on a UTF-8
// boundary, keys in a fixed order. The per-law tests live in laws_test.cc;
// answer_carriers has its own suite, each rung and reader its own
// (rung_*_test.cc, read_*_test.cc). Also: two results that disagree
// (a conflict), in the verdict and in evidence_checked.
#include "stages/judge.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evidence/extractor.h"
#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/gate.h"
#include "groundgate/json.h"
#include "groundgate/stages.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/at_text.h"
#include "tests/default_gate.h"
#include "tests/support/json_keys.h"
#include "tests/support/judged_cases.h"

namespace groundgate {
namespace {

using groundgate_test::AtCanonical;
using groundgate_test::DefaultGate;
using groundgate_test::ForEachCase;
using groundgate_test::GateWith;
using groundgate_test::OneResultCorpus;
using groundgate_test::WireOrderCorpus;

std::string SpanText(std::string_view answer, const Candidate& c) {
  return std::string(answer.substr(c.start, c.end - c.start));
}

using groundgate_test::Keys;

TEST_SUITE("judge") {
  TEST_CASE("candidates come in answer order with their byte spans") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus = OneResultCorpus(
        "Why is esx-prod-014 flapping?", "port_stats",
        R"({"port": "fc1/3", "crc_errors": 41200, "host": "esx-prod-014"})",
        "c1");
    const std::string answer =
        "Port **fc1/3** logged 41,200 CRC errors; host `esx-prod-014`, see "
        "INC0041877 for details";
    const Verdict verdict = gate.Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 4);
    const std::vector<std::string> spans = {
        SpanText(answer, verdict.candidates[0]),
        SpanText(answer, verdict.candidates[1]),
        SpanText(answer, verdict.candidates[2]),
        SpanText(answer, verdict.candidates[3])};
    CHECK(spans == std::vector<std::string>{"fc1/3", "41,200", "esx-prod-014",
                                            "INC0041877"});
    CHECK(verdict.candidates[0].start == 7);
    CHECK(verdict.candidates[0].end == 12);
    for (std::size_t i = 1; i < verdict.candidates.size(); ++i) {
      CHECK(verdict.candidates[i - 1].end <= verdict.candidates[i].start);
    }
    CHECK(verdict.candidates[1].shape == "number");
    CHECK(verdict.candidates[1].canonical == "41200");
    CHECK(verdict.candidates[3].shape == "identifier");
    CHECK(verdict.candidates[3].canonical == "inc0041877");
  }

  TEST_CASE("spans count bytes, not characters, after multibyte text") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    const std::string answer = "Überprüfung: fc1/3 — ٤١٢٠٠ Fehler";
    const Verdict verdict = gate.Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(SpanText(answer, verdict.candidates[0]) == "fc1/3");
    CHECK(verdict.candidates[0].start == 15);
    CHECK(SpanText(answer, verdict.candidates[1]) == "٤١٢٠٠");
    CHECK(verdict.candidates[1].canonical == "41200");
  }

  TEST_CASE("a repeated value is one candidate with its occurrences") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"crc": 41200, "lun": "0x0012"})");
    const std::string answer =
        "41,200 errors (41200 total, yes 41,200); LUN 0x0012 is LUN 0012.";
    const Verdict verdict = gate.Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(verdict.candidates[0].canonical == "41200");
    CHECK(verdict.candidates[0].occurrences == 3);
    CHECK(verdict.candidates[0].start == 0);  // the first occurrence
    CHECK(verdict.candidates[0].end == 6);
    // Two spellings of one hex value share a key: one candidate.
    CHECK(verdict.candidates[1].canonical == "0x0012");
    CHECK(verdict.candidates[1].occurrences == 2);
  }

  // A percent and the plain number its canonical form equals are two values:
  // "60 percent" does not hide a "0.6" told elsewhere in the answer
  // (quintd-openweather-llama2-50: a wind speed of 0.6 m/s is judged).
  TEST_CASE("a percent and a number of the same canonical value are two") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"humidity": 60, "rain_mm": 0.4})");
    const std::string answer = "Humidity is 60%, with 0.6 mm of rain.";
    const Verdict verdict = gate.Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 2);
    CHECK(verdict.candidates[0].shape == "percent");
    CHECK(verdict.candidates[0].status == CandidateStatus::kGrounded);
    CHECK(SpanText(answer, verdict.candidates[1]) == "0.6");
    CHECK(verdict.candidates[1].status == CandidateStatus::kUnsupported);
    // The same spelling twice is still one candidate: "60%" and "60
    // percent".
    const Verdict twice =
        gate.Judge("A 60% chance, I repeat, a 60 percent chance.", corpus);
    REQUIRE(twice.candidates.size() == 1);
    CHECK(twice.candidates[0].occurrences == 2);
  }

  TEST_CASE("each status: grounded, exempt, unsupported") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordExempt("Site dc2, fabric fab-a1.");
    corpus.RecordUserMessage("Check esx-prod-014.");
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    const Verdict verdict = gate.Judge(
        "esx-prod-014 on fab-a1 has serial SN-31337 and ticket INC0099999.",
        corpus);
    REQUIRE(verdict.candidates.size() == 4);
    CHECK(AtCanonical(verdict, "esx-prod-014")->status ==
          CandidateStatus::kExempt);
    CHECK(AtCanonical(verdict, "fab-a1")->status == CandidateStatus::kExempt);
    CHECK(AtCanonical(verdict, "sn-31337")->status ==
          CandidateStatus::kGrounded);
    const Candidate* typed = AtCanonical(verdict, "inc0099999");
    REQUIRE(typed != nullptr);
    CHECK(typed->status == CandidateStatus::kUnsupported);
    CHECK(typed->reason == MatchReason::kNone);
    CHECK(typed->grounding == Grounding::kNone);
    CHECK(typed->carriers.empty());
    CHECK(verdict.flagged());
    CHECK(verdict.unsupported() == 1);
    CHECK(verdict.unverified() == 0);
    CHECK(VerdictAction(verdict) == "flagged");
  }

  TEST_CASE("a truncated corpus makes a missing value unverified, not typed") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus(CorpusOptions{.max_index_tokens = 2});
    corpus.RecordToolResult("c1", "t", "SN-31337 SN-41414 SN-51515");
    REQUIRE(corpus.truncated());
    const Verdict verdict =
        gate.Judge("SN-31337 is fine; SN-51515 and SN-99999 are not.", corpus);
    CHECK(verdict.evidence_truncated);
    CHECK(AtCanonical(verdict, "sn-31337")->status ==
          CandidateStatus::kGrounded);
    CHECK(AtCanonical(verdict, "sn-51515")->status ==
          CandidateStatus::kUnverified);
    CHECK(AtCanonical(verdict, "sn-99999")->status ==
          CandidateStatus::kUnverified);
    CHECK(verdict.unverified() == 2);
    CHECK_FALSE(verdict.flagged());
    CHECK(VerdictAction(verdict) == "unverified");
  }

  TEST_CASE("the grounding split separates this turn from prior turns") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Check replication.");
    corpus.RecordToolResult("r1", "get_replication",
                            R"({"group": "cg-ora-prod", "lag": 1840})");
    corpus.RecordUserMessage("Open an incident.");
    corpus.RecordToolResult("t1", "create_incident",
                            R"({"ticket": "INC0042210"})");
    const Verdict verdict = gate.Judge(
        "Opened INC0042210 for the 1840 s lag on cg-ora-prod.", corpus);
    CHECK(verdict.grounding.this_turn == 1);
    // The lag and the group name (a multi-part identifier) were read in
    // the first turn.
    CHECK(verdict.grounding.prior_turns == 2);
    const Candidate* ticket = AtCanonical(verdict, "inc0042210");
    CHECK(ticket->grounding == Grounding::kThisTurn);
    CHECK(ticket->carriers == std::vector<std::string>{"t1"});
    const Candidate* lag = AtCanonical(verdict, "1840");
    CHECK(lag->status == CandidateStatus::kGrounded);
    CHECK(lag->grounding == Grounding::kPriorTurn);
    CHECK(lag->carriers.empty());
    CHECK_FALSE(lag->carriers_cut);
    CHECK_FALSE(verdict.flagged());
  }

  TEST_CASE("looked_up is candidates minus the exempt ones") {
    const Gate gate = GateWith({.exempt_values = {"LAB-0001"}});
    EvidenceCorpus corpus =
        OneResultCorpus("host esx-prod-014", "t", R"({"a": "SN-31337"})", "c1");
    const Verdict verdict = gate.Judge(
        "esx-prod-014, LAB-0001, SN-31337, SN-99999, SN-31337.", corpus);
    CHECK(verdict.candidates.size() == 4);
    CHECK(verdict.looked_up == 2);
    CHECK(verdict.unsupported() == 1);
  }

  TEST_CASE("a candidate's carriers are this turn's ids in wire order") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus = WireOrderCorpus("poll", R"({"code": "E-4410"})",
                                            R"({"code": "E-4410"})");
    const Verdict verdict = gate.Judge("Code E-4410.", corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].carriers ==
          std::vector<std::string>{"call_b", "call_a"});
    CHECK_FALSE(verdict.candidates[0].carriers_cut);

    for (std::size_t i = 0; i < kMaxCarriers; ++i) {
      corpus.RecordToolResult("more" + std::to_string(i), "poll",
                              R"({"code": "E-4410"})");
    }
    const Verdict cut = gate.Judge("Code E-4410.", corpus);
    CHECK(cut.candidates[0].carriers.size() == kMaxCarriers);
    CHECK(cut.candidates[0].carriers_cut);
    CHECK(cut.candidates[0].carriers[0] == "call_b");
  }

  TEST_CASE("an answer with no values is grounded with nothing to look up") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    for (std::string_view answer :
         {"", "   ", "Sure, let me check that for you.",
          "The 48-port switch is fine 24/7."}) {
      CAPTURE(answer);
      const Verdict verdict = gate.Judge(answer, corpus);
      CHECK(verdict.candidates.empty());
      CHECK(verdict.looked_up == 0);
      CHECK_FALSE(verdict.flagged());
      REQUIRE(verdict.answer_carriers.has_value());
      CHECK(verdict.answer_carriers->empty());
      CHECK(VerdictAction(verdict) == "grounded");
    }
  }

  TEST_CASE("past kMaxAnswerTokens the answer is flagged truncated") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    std::string exact_size;
    for (std::size_t i = 0; i + 1 < kMaxAnswerTokens; ++i) exact_size += "ok ";
    exact_size += "SN-99999";
    const Verdict whole = gate.Judge(exact_size, corpus);
    CHECK_FALSE(whole.answer_truncated);
    CHECK(whole.flagged());  // the last token was examined

    const std::string over = exact_size + " SN-88888";
    const Verdict cut = gate.Judge(over, corpus);
    CHECK(cut.answer_truncated);
    CHECK(cut.candidates.size() == 1);  // SN-88888 was not examined
    CHECK(AtCanonical(cut, "sn-88888") == nullptr);
  }

  TEST_CASE("invalid UTF-8 in an answer splits tokens and never crashes") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"serial": "SN-31337"})");
    const std::string answer = "\xff\xfeSN-31337\xc3 and\x80ok\xe2\x82";
    const Verdict verdict = gate.Judge(answer, corpus);
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].canonical == "sn-31337");
    CHECK(verdict.candidates[0].start == 2);
    CHECK(verdict.candidates[0].end == 10);
    CHECK_FALSE(verdict.flagged());
  }

  TEST_CASE("the verdict copies what it needs from answer and corpus") {
    const Gate& gate = DefaultGate();
    Verdict verdict;
    {
      auto corpus = std::make_unique<EvidenceCorpus>();
      corpus->RecordUserMessage("go");
      corpus->RecordToolResult("call_1", "t", R"({"serial": "SN-31337"})");
      auto answer = std::make_unique<std::string>("Serial SN-31337.");
      verdict = gate.Judge(*answer, *corpus);
    }
    REQUIRE(verdict.candidates.size() == 1);
    CHECK(verdict.candidates[0].canonical == "sn-31337");
    CHECK(verdict.candidates[0].carriers == std::vector<std::string>{"call_1"});
    REQUIRE(verdict.answer_carriers.has_value());
    CHECK((*verdict.answer_carriers)[0].tool_call_id == "call_1");
  }

  TEST_CASE("the ladder is what Gate::Judge runs") {
    absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
        evidence::Extractor::Create({});
    REQUIRE(extractor.ok());
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordToolResult("c1", "t", R"({"crc": 41200})");
    const std::string answer = "41,200 and SN-99999";
    const Verdict direct =
        stages::ClimbLadder(answer, corpus, **extractor, GateOptions{});
    const Verdict wrapped = gate.Judge(answer, corpus);
    CHECK(VerdictToJson(direct, {.include_values = true}) ==
          VerdictToJson(wrapped, {.include_values = true}));
  }

  TEST_CASE("two results of one tool that disagree are a conflict") {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("Is it cancelled?");
    corpus.RecordToolResult(
        "call_1", "get_reservation_details",
        R"({"reservation_id": "4WQ150", "status": "confirmed", "total": 1679})");
    corpus.RecordToolResult(
        "call_2", "get_reservation_details",
        R"({"reservation_id": "4WQ150", "status": "cancelled", "total": 1679})");
    // Another reservation's status is another entity: no conflict.
    corpus.RecordToolResult(
        "call_3", "get_reservation_details",
        R"({"reservation_id": "ZZ9ZZ9", "status": "pending", "total": 7777})");
    const std::string answer =
        "Reservation 4WQ150 is confirmed at a total of 1679; ZZ9ZZ9 costs "
        "7777.";
    const Verdict verdict = DefaultGate().Judge(answer, corpus);
    CHECK_FALSE(verdict.flagged());
    // "confirmed" is prose to the extractor; the total agrees in both. The
    // reservation id is the entity's name, never a conflict.
    CHECK(verdict.conflicts.empty());

    EvidenceCorpus changed;
    changed.RecordUserMessage("What is the total now?");
    changed.RecordToolResult("call_1", "get_reservation_details",
                             R"({"reservation_id": "4WQ150", "total": 1679})");
    changed.RecordToolResult("call_2", "get_reservation_details",
                             R"({"reservation_id": "4WQ150", "total": 1859})");
    changed.RecordToolResult("call_3", "search",
                             R"({"reservation_id": "4WQ150", "total": 2210})");
    const std::string stale = "Your total is 1679.";
    const Verdict conflicted = DefaultGate().Judge(stale, changed);
    REQUIRE(conflicted.conflicts.size() == 1);
    CHECK(conflicted.conflicts[0].used_carrier == "call_1");
    CHECK(conflicted.conflicts[0].other_carrier == "call_2");
    CHECK(conflicted.conflicts[0].key_path == "total");
    const std::string json = VerdictToJson(conflicted);
    CHECK(json.find(
              "\"conflicts\":[{\"start\":14,\"end\":18,"
              "\"used_carrier\":\"call_1\",\"other_carrier\":\"call_2\"}]") !=
          std::string::npos);
    CHECK(json.find("total\"") == std::string::npos);

    // The finding reaches evidence_checked: both carriers, and the key and
    // the value only on opt-in (law 8).
    const EvidenceChecked event =
        stages::MakeEvidenceChecked({.conversation_id = "c", .turn = 1},
                                    conflicted, EvidenceAction::kGrounded);
    REQUIRE(event.conflicts.size() == 1);
    CHECK(event.conflicts[0].shape == "number");
    CHECK(event.conflicts[0].start == 14);
    CHECK(event.conflicts[0].end == 18);
    CHECK(event.conflicts[0].used_carrier == "call_1");
    CHECK(event.conflicts[0].other_carrier == "call_2");
    CHECK_FALSE(event.conflicts[0].key.has_value());
    CHECK_FALSE(event.conflicts[0].value.has_value());
    const std::string line = EventToJsonLine(event);
    CHECK(line.find("\"conflicts\":[{\"shape\":\"number\",\"start\":14,"
                    "\"end\":18,\"used_carrier\":\"call_1\","
                    "\"other_carrier\":\"call_2\"}]") != std::string::npos);
    CHECK(line.find("1679") == std::string::npos);
    CHECK(line.find("total") == std::string::npos);
    const EvidenceChecked opted = stages::MakeEvidenceChecked(
        {.conversation_id = "c", .turn = 1, .values = {.include_values = true}},
        conflicted, EvidenceAction::kGrounded);
    REQUIRE(opted.conflicts.size() == 1);
    CHECK(opted.conflicts[0].key == "total");
    CHECK(opted.conflicts[0].value == "1679");
  }

  TEST_CASE("enum names are the words events use") {
    // The name each function gives, beside the word events use.
    const std::pair<std::string_view, std::string_view> names[] = {
        {StatusName(CandidateStatus::kGrounded), "grounded"},
        {StatusName(CandidateStatus::kExempt), "exempt"},
        {StatusName(CandidateStatus::kUnsupported), "unsupported"},
        {StatusName(CandidateStatus::kUnverified), "unverified"},
        {ReasonName(MatchReason::kNone), "none"},
        {ReasonName(MatchReason::kExact), "exact"},
        {ReasonName(MatchReason::kCanonical), "canonical"},
        {ReasonName(MatchReason::kDeclaredExemption), "declared_exemption"},
        {ReasonName(MatchReason::kRespelledDate), "respelled_date"},
        {ReasonName(MatchReason::kRespelledTime), "respelled_time"},
        {GroundingName(Grounding::kNone), "none"},
        {GroundingName(Grounding::kThisTurn), "this_turn"},
        {GroundingName(Grounding::kPriorTurn), "prior_turn"},
    };
    ForEachCase(names,
                [](const std::pair<std::string_view, std::string_view>& name) {
                  CHECK(name.first == name.second);
                });
  }
}

TEST_SUITE("verdict_json") {
  Verdict SampleVerdict() {
    Verdict verdict;
    Candidate grounded;
    grounded.start = 0;
    grounded.end = 6;
    grounded.shape = "number";
    grounded.canonical = "41200";
    grounded.status = CandidateStatus::kGrounded;
    grounded.reason = MatchReason::kExact;
    grounded.carriers = {"call_1"};
    Candidate typed;
    typed.start = 10;
    typed.end = 20;
    typed.shape = "identifier";
    typed.canonical = "inc0099999";
    typed.status = CandidateStatus::kUnsupported;
    verdict.candidates = {grounded, typed};
    verdict.looked_up = 2;
    verdict.grounding.this_turn = 1;
    verdict.answer_carriers =
        std::vector<AnswerCarrier>{{"call_1", "port_stats", 1, 1}};
    return verdict;
  }

  TEST_CASE("keys come out in a fixed order") {
    const nlohmann::ordered_json json =
        VerdictToOrderedJson(SampleVerdict(), {.include_values = true});
    CHECK(Keys(json) == std::vector<std::string>{
                            "action", "candidates", "looked_up", "unsupported",
                            "unverified", "misattributed", "grounded",
                            "carried_by", "conflicts", "evidence_truncated",
                            "answer_truncated", "grounding"});
    REQUIRE(json["unsupported"].size() == 1);
    CHECK(Keys(json["unsupported"][0]) ==
          std::vector<std::string>{"shape", "start", "end", "value"});
    REQUIRE(json["grounded"].size() == 1);
    CHECK(Keys(json["grounded"][0]) ==
          std::vector<std::string>{"shape", "start", "end", "reason", "value"});
    REQUIRE(json["carried_by"].size() == 1);
    CHECK(Keys(json["carried_by"][0]) ==
          std::vector<std::string>{"tool_call_id", "tool_name", "values",
                                   "only"});
    CHECK(Keys(json["grounding"]) ==
          std::vector<std::string>{"this_turn", "prior_turns"});
    CHECK(json.dump() ==
          R"({"action":"flagged","candidates":2,"looked_up":2,)"
          R"("unsupported":[{"shape":"identifier","start":10,"end":20,)"
          R"("value":"inc0099999"}],"unverified":[],"misattributed":[],)"
          R"("grounded":[{"shape":"number","start":0,"end":6,)"
          R"("reason":"exact","value":"41200"}],)"
          R"("carried_by":[{"tool_call_id":"call_1","tool_name":"port_stats",)"
          R"("values":1,"only":1}],"conflicts":[],"evidence_truncated":false,)"
          R"("answer_truncated":false,"grounding":{"this_turn":1,)"
          R"("prior_turns":0}})");
  }

  TEST_CASE("no value appears unless the application opts in") {
    const std::string dump = VerdictToJson(SampleVerdict());
    CHECK(dump.find("\"value\"") == std::string::npos);
    CHECK(dump.find("inc0099999") == std::string::npos);
    CHECK(dump.find("41200") == std::string::npos);
    const std::string opted =
        VerdictToJson(SampleVerdict(), {.include_values = true});
    CHECK(opted.find("\"value\":\"inc0099999\"") != std::string::npos);
    // Grounded values are listed with their reason; their value only when
    // the application opts in.
    CHECK(dump.find("\"reason\":\"exact\"") != std::string::npos);
    CHECK(opted.find("\"value\":\"41200\"") != std::string::npos);
  }

  TEST_CASE("a value is clipped to max_value_bytes on a UTF-8 boundary") {
    struct ClipCase {
      std::string_view canonical;
      std::size_t max_bytes;
      std::string_view clipped;
    };
    static constexpr ClipCase kCases[] = {
        {"abcdef", 64, "abcdef"}, {"abcdef", 6, "abcdef"},
        {"abcdef", 4, "abcd"},    {"abcdef", 0, ""},
        {"ωωωω12", 3, "ω"},  // 2-byte characters: never half of one
        {"ωωωω12", 4, "ωω"},      {"a😀b", 2, "a"},  // a 4-byte character
        {"a😀b", 4, "a"},          {"a😀b", 5, "a😀"},
    };
    for (const ClipCase& c : kCases) {
      CAPTURE(c.canonical);
      CAPTURE(c.max_bytes);
      Verdict verdict;
      Candidate typed;
      typed.shape = "identifier";
      typed.canonical = std::string(c.canonical);
      typed.status = CandidateStatus::kUnsupported;
      verdict.candidates = {typed};
      const nlohmann::ordered_json json = VerdictToOrderedJson(
          verdict, {.include_values = true, .max_value_bytes = c.max_bytes});
      CHECK(json["unsupported"][0]["value"].get<std::string>() == c.clipped);
    }
    const std::string long_value(200, 'x');
    Verdict verdict;
    Candidate typed;
    typed.canonical = long_value;
    typed.status = CandidateStatus::kUnsupported;
    verdict.candidates = {typed};
    CHECK(VerdictToOrderedJson(
              verdict, {.include_values = true})["unsupported"][0]["value"]
              .get<std::string>()
              .size() == kMaxValueBytesInEvents);
  }

  TEST_CASE("carried_by is null when unknown and [] when nothing carried") {
    Verdict none = SampleVerdict();
    none.answer_carriers = std::nullopt;
    CHECK(VerdictToOrderedJson(none)["carried_by"].is_null());
    Verdict empty = SampleVerdict();
    empty.answer_carriers = std::vector<AnswerCarrier>{};
    CHECK(VerdictToOrderedJson(empty)["carried_by"].is_array());
    CHECK(VerdictToOrderedJson(empty)["carried_by"].empty());
  }

  TEST_CASE("unverified values are listed apart, and the action says so") {
    Verdict verdict;
    verdict.evidence_truncated = true;
    Candidate unknown;
    unknown.start = 3;
    unknown.end = 9;
    unknown.shape = "number";
    unknown.canonical = "99999";
    unknown.status = CandidateStatus::kUnverified;
    verdict.candidates = {unknown};
    const nlohmann::ordered_json json = VerdictToOrderedJson(verdict);
    CHECK(json["action"] == "unverified");
    CHECK(json["unsupported"].empty());
    REQUIRE(json["unverified"].size() == 1);
    CHECK(json["unverified"][0]["start"] == 3);
    CHECK(json["evidence_truncated"] == true);
  }

  TEST_CASE("a judged verdict gives byte-identical JSON every time") {
    const Gate& gate = DefaultGate();
    EvidenceCorpus corpus;
    corpus.RecordUserMessage("go");
    corpus.RecordToolResult("c2", "b", R"({"x": "SN-2", "y": "SN-31337"})");
    corpus.RecordToolResult("c1", "a", R"({"x": "SN-1", "y": "SN-31337"})");
    const std::string answer = "SN-31337 SN-1 SN-2 SN-9999 SN-31337";
    const std::string first =
        VerdictToJson(gate.Judge(answer, corpus), {.include_values = true});
    for (int i = 0; i < 20; ++i) {
      CHECK(VerdictToJson(gate.Judge(answer, corpus),
                          {.include_values = true}) == first);
    }
  }
}

}  // namespace
}  // namespace groundgate
