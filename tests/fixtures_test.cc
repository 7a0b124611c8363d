// tests/fixtures_test.cc — the measured rates on realistic conversations.
//
// Replays every conversation of tests/fixtures/*.jsonl the way
// `groundgate check` does (system -> RecordExempt, user -> RecordUserMessage,
// tool -> RecordToolResult, assistant text without tool calls -> Judge) and
// holds each judged answer to its expectation: a correct answer is not
// flagged, and an answer with a planted value is flagged for that value and
// nothing else. The counts are pinned in both directions, so a change that
// starts accusing correct answers, or silently stops examining values, fails
// here. The fixture format is described in tests/fixtures/README.md. It does
// not run the CLI binary (cli_test.cc does).
#include <doctest/doctest.h>

#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "groundgate/groundgate.h"
#include "nlohmann/json.hpp"

namespace groundgate {
namespace {

using Json = nlohmann::json;

// What one fixture file measured.
struct Tally {
  std::size_t conversations = 0;
  std::size_t correct_answers = 0;    // expected "grounded"
  std::size_t correct_values = 0;     // values looked up in those answers
  std::size_t false_accusations = 0;  // values flagged that were read
  std::size_t planted = 0;            // expected "flagged", one plant each
  std::size_t caught = 0;             // plants flagged at their span
  std::size_t carriers_checked = 0;   // expectations with "carried_by"
};

std::string FixturePath(std::string_view name) {
  return std::string(GROUNDGATE_SOURCE_DIR) + "/tests/fixtures/" +
         std::string(name);
}

// `content` as the CLI reads it: a string, null, or text parts.
std::string MessageText(const Json& message) {
  const auto it = message.find("content");
  if (it == message.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  std::string text;
  if (it->is_array()) {
    for (const Json& part : *it) {
      if (part.value("type", "") != "text") continue;
      if (!text.empty()) text += "\n";
      text += part.value("text", "");
    }
  }
  return text;
}

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// Judges one conversation and checks each judged answer against `expect`.
void ReplayConversation(const Gate& gate, const Json& trace, Tally* tally) {
  const std::string id = trace.value("id", "");
  CAPTURE(id);
  REQUIRE(trace.contains("messages"));
  REQUIRE(trace.contains("expect"));
  const Json& messages = trace["messages"];
  std::unordered_map<std::size_t, const Json*> expectations;
  for (const Json& expect : trace["expect"]) {
    REQUIRE(expect.contains("message"));
    const bool fresh =
        expectations.emplace(expect["message"].get<std::size_t>(), &expect)
            .second;
    REQUIRE(fresh);
  }

  EvidenceCorpus corpus;
  std::unordered_map<std::string, std::string> call_names;
  std::size_t judged = 0;
  for (std::size_t index = 0; index < messages.size(); ++index) {
    const Json& message = messages[index];
    const std::string role = message.value("role", "");
    const std::string text = MessageText(message);
    if (role == "system" || role == "developer") {
      corpus.RecordExempt(text);
    } else if (role == "user") {
      corpus.RecordUserMessage(text);
    } else if (role == "tool") {
      const std::string call_id = message.value("tool_call_id", "");
      const std::string name = message.value(
          "name",
          call_names.count(call_id) != 0 ? call_names[call_id] : std::string());
      corpus.RecordToolResult(call_id, name, text);
    } else if (role == "assistant") {
      const auto calls = message.find("tool_calls");
      if (calls != message.end() && calls->is_array() && !calls->empty()) {
        // Asking, not answering: its arguments are never evidence.
        for (const Json& call : *calls) {
          call_names[call.value("id", "")] = call["function"].value("name", "");
        }
        continue;
      }
      if (IsBlank(text)) continue;
      ++judged;
      CAPTURE(index);
      const auto found = expectations.find(index);
      REQUIRE_MESSAGE(found != expectations.end(),
                      "a judged answer has no expectation");
      const Json& expect = *found->second;
      const Verdict verdict = gate.Judge(text, corpus);
      CHECK_FALSE(verdict.evidence_truncated);
      CHECK_FALSE(verdict.answer_truncated);

      const std::string want = expect.value("verdict", "");
      if (want == "grounded") {
        ++tally->correct_answers;
        tally->correct_values += static_cast<std::size_t>(verdict.looked_up);
        for (const Candidate& c : verdict.candidates) {
          if (c.status != CandidateStatus::kUnsupported) continue;
          ++tally->false_accusations;
          FAIL_CHECK("false accusation: \"",
                     text.substr(c.start, c.end - c.start), "\"");
        }
      } else {
        REQUIRE(want == "flagged");
        const std::string planted = expect.value("planted", "");
        REQUIRE_FALSE(planted.empty());
        CAPTURE(planted);
        ++tally->planted;
        bool caught_here = false;
        for (const Candidate& c : verdict.candidates) {
          if (c.status != CandidateStatus::kUnsupported) continue;
          const std::string span = text.substr(c.start, c.end - c.start);
          if (span.find(planted) != std::string::npos) {
            caught_here = true;
          } else {
            // Anything else flagged in a planted answer was read.
            ++tally->false_accusations;
            FAIL_CHECK("false accusation beside a plant: \"", span, "\"");
          }
        }
        CHECK_MESSAGE(caught_here, "a planted value was missed");
        if (caught_here) ++tally->caught;
      }

      if (expect.contains("carried_by")) {
        ++tally->carriers_checked;
        REQUIRE(verdict.answer_carriers.has_value());
        std::vector<std::string> ids;
        for (const AnswerCarrier& c : *verdict.answer_carriers) {
          ids.push_back(c.tool_call_id);
        }
        CHECK(ids == expect["carried_by"].get<std::vector<std::string>>());
      }
    }
  }
  // Every expectation names a message that was judged.
  CHECK(judged == expectations.size());
}

Tally ReplayFile(std::string_view name) {
  const absl::StatusOr<Gate> gate = Gate::Create({});
  REQUIRE(gate.ok());
  std::ifstream file(FixturePath(name));
  REQUIRE_MESSAGE(file.good(), "cannot open ", FixturePath(name));
  Tally tally;
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(file, line)) {
    ++line_number;
    if (IsBlank(line)) continue;
    CAPTURE(line_number);
    const Json trace = Json::parse(line, nullptr, false);
    REQUIRE_FALSE(trace.is_discarded());
    ++tally.conversations;
    ReplayConversation(*gate, trace, &tally);
  }
  return tally;
}

// `name`'s tally beside the counts pinned for it, in both directions: no
// correct answer accused, every plant caught.
void CheckReplay(std::string_view name, const Tally& pinned) {
  const Tally tally = ReplayFile(name);
  CHECK(tally.conversations == pinned.conversations);
  CHECK(tally.correct_answers == pinned.correct_answers);
  CHECK(tally.correct_values == pinned.correct_values);
  CHECK(tally.false_accusations == 0);
  CHECK(tally.planted == pinned.planted);
  CHECK(tally.caught == tally.planted);
  CHECK(tally.carriers_checked == pinned.carriers_checked);
}

TEST_SUITE("fixtures") {
  TEST_CASE(
      "storage operations: no correct answer accused, every plant caught") {
    CheckReplay("storage_ops.jsonl",
                {.conversations = 29,
                 .correct_answers = 22,
                 // 136: names, money and digit-free identifiers are values
                 // too, and measured quantities in prose ("2.5 GB",
                 // "-4.1 dBm").
                 .correct_values = 136,
                 .planted = 14,
                 .carriers_checked = 10});
  }

  TEST_CASE("shared excerpts: no correct answer accused, every plant caught") {
    CheckReplay("shared_excerpts.jsonl",
                {.conversations = 22,
                 .correct_answers = 39,
                 // 59: "2023-03-15 10:30:00" is one datetime value, no
                 // longer a date and a time counted apart; names and amounts
                 // under four digits count, and measured quantities in prose.
                 .correct_values = 59,
                 .planted = 11,
                 .carriers_checked = 0});
  }
}

}  // namespace
}  // namespace groundgate
