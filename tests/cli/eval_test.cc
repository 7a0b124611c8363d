// tests/cli/eval_test.cc — `groundgate eval` reproduces hand-computed scores.
//
// Its one job: run the built command on tests/fixtures/adapters/
// labelled_eval.jsonl, whose scores were worked out by hand (see
// tests/fixtures/adapters/README.md), and on small inline records, and
// check every count: per label type, per shape, false accusations and
// flagged unlabelled answers; plus how a bad label is reported.
//
// What it does NOT do: test the judge's value rules (the evidence suites
// do); the labels here sit on values whose verdicts the cli suite pins.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/cli_run.h"

namespace {

using groundgate_test::AdapterFixture;
using groundgate_test::Contains;
using groundgate_test::RunGroundgate;
using groundgate_test::RunResult;
using groundgate_test::ScratchDir;
using Json = nlohmann::json;

Json EvalJson(const std::vector<std::string>& files, int expected_exit,
              const std::string& stdin_text = "") {
  std::vector<std::string> args = {"eval", "--json"};
  args.insert(args.end(), files.begin(), files.end());
  RunResult result = RunGroundgate(args, stdin_text);
  CAPTURE(result.err);
  CHECK(result.exit_code == expected_exit);
  Json scores = Json::parse(result.out, nullptr, false);
  REQUIRE(scores.is_object());
  return scores;
}

Json Entry(const Json& list, const std::string& key, const std::string& name) {
  for (const Json& entry : list) {
    if (entry[key] == name) return entry;
  }
  FAIL("no entry " << name);
  return Json();
}

}  // namespace

TEST_SUITE_BEGIN("eval");

TEST_CASE("eval reproduces the hand-computed scores of the labelled fixture") {
  // Hand-computed (tests/fixtures/adapters/README.md):
  //   eval-a  WH-0418 fabricated caught, 2024-07-09 incorrect caught, UPS
  //           incorrect missed (no value there), T-88231 a false accusation
  //   eval-b  the planted tracking number caught; the first answer unscored
  //   eval-c  no labels, one flag            -> an unlabelled flagged answer
  //   eval-d  no judge_index: two answers, one flagged, both unlabelled
  //   eval-e  offsets in code points after "ô" and "—": the tracking number
  //           caught, WH-0412 labelled but grounded, missed
  //   eval-f  its one label past the end: the label skipped with a
  //           warning, the answer scored unlabelled (and not flagged)
  const Json scores = EvalJson({AdapterFixture("labelled_eval.jsonl")}, 0);
  CHECK(scores["records"] == 6);
  CHECK(scores["malformed_records"] == 0);
  CHECK(scores["skipped_labels"] == 1);
  CHECK(scores["judged"] == 7);
  CHECK(scores["labelled_answers"] == 3);
  CHECK(scores["unlabelled_answers"] == 4);
  CHECK(scores["unlabelled_flagged"] == 2);
  CHECK(scores["unlabelled_flags"] == 2);
  CHECK(scores["spans"] == 6);
  CHECK(scores["caught"] == 4);
  CHECK(scores["false_accusations"] == 1);
  // Precision: 4 flags on a labelled span, 1 false accusation and 2 in
  // unlabelled answers against them, 4/7. Recall: 4 of 6 spans. F1:
  // 2 * 4/7 * 2/3 / (4/7 + 2/3) = 8/13.
  CHECK(scores["flags_inside"] == 4);
  CHECK(scores["flags_outside"] == 3);
  CHECK(scores["precision"] == 0.5714);
  CHECK(scores["recall"] == 0.6667);
  CHECK(scores["f1"] == 0.6154);

  const Json& types = scores["by_type"];
  REQUIRE(types.size() == 3);
  CHECK(types[0]["type"] == "fabricated");  // ordered by name
  CHECK(Entry(types, "type", "fabricated")["spans"] == 3);
  CHECK(Entry(types, "type", "fabricated")["caught"] == 2);
  CHECK(Entry(types, "type", "incorrect")["spans"] == 2);
  CHECK(Entry(types, "type", "incorrect")["caught"] == 1);
  CHECK(Entry(types, "type", "planted")["spans"] == 1);
  CHECK(Entry(types, "type", "planted")["caught"] == 1);

  const Json& shapes = scores["by_shape"];
  REQUIRE(shapes.size() == 3);
  // eval-a's "2024-07-09" is a date, not an identifier.
  const Json date = Entry(shapes, "shape", "date");
  CHECK(date["spans"] == 1);
  CHECK(date["caught"] == 1);
  const Json identifier = Entry(shapes, "shape", "identifier");
  CHECK(identifier["spans"] == 4);
  CHECK(identifier["caught"] == 3);
  CHECK(identifier["false_accusations"] == 1);
  CHECK(identifier["unlabelled_flags"] == 2);
  const Json no_value = Entry(shapes, "shape", "(no value)");
  CHECK(no_value["spans"] == 1);
  CHECK(no_value["caught"] == 0);

  const Json& missed = scores["missed"];
  REQUIRE(missed.size() == 2);
  CHECK(missed[0]["trace_id"] == "eval-a");
  CHECK(missed[0]["status"] == "no_value");
  CHECK(missed[0]["reason"].is_null());
  CHECK(missed[1]["trace_id"] == "eval-e");
  CHECK(missed[1]["start"] == 10);  // code points, as labelled
  CHECK(missed[1]["status"] == "grounded");
  // Which rung grounded the planted value: how a miss happened.
  CHECK(missed[1]["reason"] == "exact");
}

TEST_CASE("eval prints the same scores as a table by default") {
  RunResult result =
      RunGroundgate({"eval", AdapterFixture("labelled_eval.jsonl")});
  CHECK(result.exit_code == 0);
  CHECK(Contains(result.out,
                 "6 records, 7 judged answers: 3 labelled, 4 unlabelled"));
  CHECK(Contains(result.out, "fabricated"));
  CHECK(Contains(result.out, "66.7%"));
  CHECK(Contains(result.out, "false accusations: 1 flags"));
  CHECK(Contains(result.out, "unlabelled answers with a flag: 2 of 4"));
  CHECK(Contains(result.out,
                 "precision: 57.1% (4 of 7 flags on a labelled span)\n"
                 "recall:    66.7% (4 of 6 labelled spans caught)\n"
                 "F1:        0.615\n"
                 "skipped labels: 1\n"));
  CHECK(Contains(result.err,
                 "labelled_eval.jsonl:6: warning: labels[0].end: 400 is "
                 "past the end of message 3 (16 characters); label skipped"));
}

TEST_CASE("eval reads standard input and labels in any trace format") {
  // An evidenceflow record: judge_index names the step.
  const std::string answer = "Build B-55104 fixed it.";
  const Json record = {
      {"id", "ef"},
      {"steps",
       {{{"type", "user"}, {"content", "Which build fixed BUG-40213?"}},
        {{"type", "tool_result"},
         {"tool", "bugs"},
         {"content", "fixed in B-55103"}},
        {{"type", "assistant"}, {"content", answer}}}},
      {"judge_index", 2},
      {"labels", {{{"start", 6}, {"end", 13}, {"type", "fabricated"}}}}};
  const Json scores = EvalJson({"-"}, 0, record.dump() + "\n");
  CHECK(scores["caught"] == 1);
  CHECK(scores["false_accusations"] == 0);
}

TEST_CASE("eval --fail-under exits 1 when F1 is under the bar") {
  const std::string fixture = AdapterFixture("labelled_eval.jsonl");
  CHECK(RunGroundgate({"eval", "--fail-under", "0.6", fixture}).exit_code ==
        0);  // F1 8/13 = 0.615
  RunResult under = RunGroundgate({"eval", "--fail-under=0.62", fixture});
  CHECK(under.exit_code == 1);
  CHECK(Contains(under.err, "F1 0.6154 is under 0.6200 (--fail-under)"));
  RunResult bad = RunGroundgate({"eval", "--fail-under", "80", fixture});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "--fail-under: expected an F1 from 0 to 1"));
}

TEST_CASE("eval skips a bad label with a warning and scores the record") {
  const std::string base =
      R"({"id": "x", "messages": [{"role": "user", "content": "hi"},)"
      R"( {"role": "assistant", "content": "Order ORD-1234."}])";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {base + R"(, "judge_index": 1, "labels": [{"start": 0, "end": 5}]})",
       "labels[0].type: missing"},
      {base + R"(, "judge_index": 1, "labels": [{"start": 5, "end": 5,)"
              R"( "type": "x"}]})",
       "labels[0]: end must be greater than start"},
      {base + R"(, "judge_index": 1, "planted": [{"start": -1, "end": 5}]})",
       "planted[0].start: expected a non-negative integer, got a negative or "
       "fractional number"},
      // The good label beside a bad one is scored: ORD-1234 is caught.
      {base + R"(, "judge_index": 1, "labels": [{"start": 9, "end": 3,)"
              R"( "type": "x"}, {"start": 6, "end": 14, "type": "x"}]})",
       "labels[0]: end must be greater than start"},
  };
  std::string text;
  for (const auto& [line, what] : cases) text += line + "\n";
  ScratchDir dir;
  const std::string file = dir.Write("bad.jsonl", text);
  RunResult result = RunGroundgate({"eval", "--json", file});
  CHECK(result.exit_code == 0);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string expected = file + ":" + std::to_string(i + 1) +
                                 ": warning: " + cases[i].second +
                                 "; label skipped";
    CAPTURE(expected);
    CAPTURE(result.err);
    CHECK(Contains(result.err, expected));
  }
  const Json scores = Json::parse(result.out, nullptr, false);
  REQUIRE(scores.is_object());
  CHECK(scores["records"] == cases.size());
  CHECK(scores["malformed_records"] == 0);
  CHECK(scores["skipped_labels"] == cases.size());
  CHECK(scores["spans"] == 1);
  CHECK(scores["caught"] == 1);
}

TEST_CASE("eval names a bad judge_index and skips the record") {
  const std::string base =
      R"({"id": "x", "messages": [{"role": "user", "content": "hi"},)"
      R"( {"role": "assistant", "content": "Order ORD-1234."}])";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {base + R"(, "judge_index": 0})",
       "judge_index: message 0 is not a "
       "judged answer (user)"},
      {base + R"(, "judge_index": 7})", "judge_index: 7 names no message"},
      {base + R"(, "judge_index": "1"})",
       "judge_index: expected a "
       "non-negative integer"},
      {base + R"(, "labels": [{"start": 0, "end": 5, "type": "x"}]})",
       "judge_index: missing"},
      {base + R"(, "judge_index": 1, "labels": {"start": 0}})",
       "labels: expected an array, got object"},
  };
  std::string text;
  for (const auto& [line, what] : cases) text += line + "\n";
  ScratchDir dir;
  const std::string file = dir.Write("bad.jsonl", text);
  RunResult result = RunGroundgate({"eval", "--json", file});
  CHECK(result.exit_code == 2);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string expected =
        file + ":" + std::to_string(i + 1) + ": " + cases[i].second;
    CAPTURE(expected);
    CAPTURE(result.err);
    CHECK(Contains(result.err, expected));
  }
  const Json scores = Json::parse(result.out, nullptr, false);
  REQUIRE(scores.is_object());
  CHECK(scores["records"] == 0);
  CHECK(scores["malformed_records"] == cases.size());
}

TEST_CASE("eval help names the label fields and an unknown option exits 2") {
  RunResult help = RunGroundgate({"eval", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(Contains(help.out, "judge_index"));
  CHECK(Contains(help.out, "planted"));
  CHECK(Contains(help.out, "code points"));
  RunResult bad = RunGroundgate({"eval", "--bogus", "x.jsonl"});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "usage"));
}

TEST_CASE(
    "eval --max-missed lists at most N missed spans and counts the rest") {
  // The fixture has two missed spans (see the hand-computed case above).
  const Json all = EvalJson({AdapterFixture("labelled_eval.jsonl")}, 0);
  CHECK(all["missed"].size() == 2);
  CHECK(all["missed_omitted"] == 0);
  const Json one =
      EvalJson({"--max-missed", "1", AdapterFixture("labelled_eval.jsonl")}, 0);
  CHECK(one["missed"].size() == 1);
  CHECK(one["missed_omitted"] == 1);
  CHECK(one["missed"][0] == all["missed"][0]);  // the first met is kept
  CHECK(one["spans"] == all["spans"]);          // the counts are whole
}

TEST_CASE("eval --max-label-types sums later types as (other types)") {
  const Json all = EvalJson({AdapterFixture("labelled_eval.jsonl")}, 0);
  REQUIRE(all["by_type"].size() == 3);
  const Json one = EvalJson(
      {"--max-label-types", "1", AdapterFixture("labelled_eval.jsonl")}, 0);
  REQUIRE(one["by_type"].size() == 2);
  int spans = 0;
  int caught = 0;
  bool other = false;
  for (const Json& entry : one["by_type"]) {
    spans += entry["spans"].get<int>();
    caught += entry["caught"].get<int>();
    other = other || entry["type"] == "(other types)";
  }
  CHECK(other);
  CHECK(spans == all["spans"]);
  CHECK(caught == all["caught"]);
  RunResult bad = RunGroundgate({"eval", "--max-missed", "0", "-"});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "--max-missed: expected a whole number"));
}

TEST_CASE("eval cuts a long trace id and label type it keeps") {
  const std::string long_id(5000, 'r');
  const std::string long_type(5000, 't');
  const Json record = {
      {"id", long_id},
      {"messages",
       {{{"role", "user"}, {"content", "Which port?"}},
        {{"role", "assistant"},
         {"content", nullptr},
         {"tool_calls",
          {{{"id", "call_1"},
            {"type", "function"},
            {"function", {{"name", "get_port"}, {"arguments", "{}"}}}}}}},
        {{"role", "tool"},
         {"tool_call_id", "call_1"},
         {"content", R"({"port":"fc1/3"})"}},
        {{"role", "assistant"}, {"content", "Port fc1/3 is down."}}}},
      {"judge_index", 3},
      {"labels", {{{"start", 5}, {"end", 10}, {"type", long_type}}}}};
  const Json scores = EvalJson({"-"}, 0, record.dump() + "\n");
  REQUIRE(scores["missed"].size() == 1);  // fc1/3 was read: not caught
  // Every output bounds a trace id alike: a prefix and a hash.
  const std::string bounded_id = scores["missed"][0]["trace_id"];
  CHECK(bounded_id.size() == groundgate::kMaxTraceIdBytes);
  CHECK(bounded_id.starts_with(long_id.substr(0, 64)));
  CHECK(bounded_id[groundgate::kMaxTraceIdBytes - 17] == '~');
  CHECK(scores["missed"][0]["type"].get<std::string>() ==
        long_type.substr(0, 128));
  CHECK(scores["by_type"][0]["type"].get<std::string>().size() == 128);
}

TEST_SUITE_END();
