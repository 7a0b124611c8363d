// tests/fuzz/record_judge_fuzzer.cc — libFuzzer target over record + judge.
//
// Its one job: feed arbitrary bytes through the whole evidence path — record
// a tool result (JSON or not), record user text, judge an answer, print the
// verdict's JSON — and through the value functions underneath (Canonicalize,
// Tokenize, ReadToken, Classify, FoldUnicode, WalkJson), and stop on any
// crash, sanitizer report, exception, or broken contract of the public
// headers (law 10: bad input costs nothing but a flag).
//
// Input layout: TOOL_RESULT 0x00 ANSWER 0x00 USER_MESSAGE. Missing parts are
// empty; an input with no 0x00 is used as both the tool result and the
// answer, so the fuzzer starts out with answers that quote their evidence.
// The input's length modulo kScenarioCount picks the one scenario it goes
// through (value functions, a two-call corpus, a text corpus, an exempt
// corpus, a truncated corpus, a crowded corpus, a determinism corpus, a
// replayed corpus). Each
// records the input once or twice and judges it at most twice: under ASan
// and UBSan the library costs about 1.5 us a byte of input for a record and
// a judgement, so every extra pass is a fraction of exec/s. The fuzzer's
// length mutations spread every seed over all eight.
//
// What it does NOT do: judge whether a verdict is right beyond contracts
// that hold for every input (spans inside the answer, law 5, law 6, law 9,
// and law 1 on a text corpus: an answer that is the very text recorded as
// evidence has nothing unsupported). Built only with -DGROUNDGATE_BUILD_FUZZ=ON
// and clang; see README.md.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evidence/canonical.h"
#include "evidence/extractor.h"
#include "evidence/json_walk.h"
#include "evidence/result_cache.h"
#include "evidence/tokenizer.h"
#include "evidence/unicode.h"
#include "evidence/units.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "tests/fuzz/fuzz_checks.h"

namespace groundgate::fuzz {
namespace {

// A corpus this small truncates on almost any input: it exercises law 5.
constexpr std::size_t kTinyIndexTokens = 8;
// One more carrier than a list keeps, to exercise law 6.
constexpr std::size_t kCarriersToOverflow = kMaxCarriers + 1;
// The crowded corpus records the whole result once and this much of it
// kCarriersToOverflow - 1 more times: the cap needs many calls, not many
// bytes, and nine records of a 4 KiB result cost more than the rest of an
// input's work together. 128 bytes hold a handful of values (a port status
// object); 512 made this the costliest scenario (2.2 ms an input, 1.2 now).
constexpr std::size_t kCrowdPrefixBytes = 128;
// The scenarios an input can go through; its length picks one.
constexpr std::size_t kScenarioCount = 8;

struct FuzzInput {
  std::string_view tool_result;
  std::string_view answer;
  std::string_view user_message;
};

FuzzInput Split(std::string_view bytes) {
  FuzzInput input;
  const std::size_t first = bytes.find('\0');
  if (first == std::string_view::npos) {
    input.tool_result = bytes;
    input.answer = bytes;
    return input;
  }
  input.tool_result = bytes.substr(0, first);
  const std::string_view rest = bytes.substr(first + 1);
  const std::size_t second = rest.find('\0');
  input.answer = rest.substr(0, second);
  if (second != std::string_view::npos) {
    input.user_message = rest.substr(second + 1);
  }
  return input;
}

const evidence::Extractor& DefaultExtractor() {
  static const evidence::Extractor* const extractor = [] {
    absl::StatusOr<std::unique_ptr<evidence::Extractor>> created =
        evidence::Extractor::Create(GateOptions{});
    GG_FUZZ_CHECK(created.ok(), "default GateOptions are valid");
    // Leaked on purpose: it lives for the whole process.
    return created->release();
  }();
  return *extractor;
}

bool IsExactDecimal(std::string_view form) {
  std::size_t i = 0;
  if (i < form.size() && form[i] == '-') ++i;
  const std::size_t int_start = i;
  while (i < form.size() && form[i] >= '0' && form[i] <= '9') ++i;
  if (i == int_start) return false;
  if (i == form.size()) return true;
  if (form[i] != '.') return false;
  const std::size_t frac_start = ++i;
  while (i < form.size() && form[i] >= '0' && form[i] <= '9') ++i;
  return i > frac_start && i == form.size();
}

void CheckCanonical(const evidence::CanonicalForm& canonical) {
  for (char c : canonical.form) {
    GG_FUZZ_CHECK(c < 'A' || c > 'Z', "a canonical form is lowercase");
  }
  if (canonical.is_number) {
    GG_FUZZ_CHECK(IsExactDecimal(canonical.form),
                  "is_number means -?\\d+(\\.\\d+)?");
  }
}

// The value functions on raw bytes: no crash, and their stated contracts.
void ExerciseValueFunctions(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t length = 0;
    evidence::DecodeUtf8(text, pos, &length);
    GG_FUZZ_CHECK(length >= 1 && length <= text.size() - pos,
                  "DecodeUtf8 spans 1+ bytes inside the text");
    pos += length;
  }
  (void)evidence::FoldUnicode(text);
  CheckCanonical(evidence::Canonicalize(text));
  std::string number;
  (void)evidence::CanonicalNumber(text, &number);

  const std::vector<evidence::TokenSpan> spans = evidence::Tokenize(text);
  std::size_t previous_end = 0;
  for (const evidence::TokenSpan& span : spans) {
    GG_FUZZ_CHECK(span.start >= previous_end && span.start < span.end &&
                      span.end <= text.size(),
                  "tokens are non-empty, in order, inside the text");
    previous_end = span.end;
    const std::string_view token =
        text.substr(span.start, span.end - span.start);

    const std::string_view stripped = evidence::StripDecoration(token);
    GG_FUZZ_CHECK(stripped.empty() || (stripped.data() >= token.data() &&
                                       stripped.data() + stripped.size() <=
                                           token.data() + token.size()),
                  "StripDecoration returns a view into the token");
    const evidence::TokenValue value = evidence::ReadToken(token);
    CheckCanonical(value.canonical);
    const std::string_view before_unit =
        evidence::NumberBeforeUnit(value.canonical.form);
    GG_FUZZ_CHECK(
        before_unit.empty() ||
            value.canonical.form.substr(0, before_unit.size()) == before_unit,
        "NumberBeforeUnit returns a prefix of the form");
    (void)DefaultExtractor().Classify(token);
  }
  std::size_t visited = 0;
  evidence::ForEachToken(text, [&](const evidence::TokenSpan& span) {
    GG_FUZZ_CHECK(visited < spans.size() &&
                      span.start == spans[visited].start &&
                      span.end == spans[visited].end,
                  "ForEachToken and Tokenize agree");
    ++visited;
    return true;
  });
  GG_FUZZ_CHECK(visited == spans.size(), "ForEachToken and Tokenize agree");

  evidence::WalkJson(text, [](evidence::JsonLeafKind, std::string_view leaf) {
    volatile std::size_t sink = leaf.size();
    (void)sink;
  });
}

// Judges `answer`, checks what every verdict must satisfy, and returns it.
Verdict JudgeAndCheck(const Gate& gate, std::string_view answer,
                      const EvidenceCorpus& corpus) {
  Verdict verdict = gate.Judge(answer, corpus);
  CheckVerdict(verdict, answer, corpus);
  return verdict;
}

// Law 9: the same inputs give a byte-identical verdict and JSON. Also
// prints the values: dump() throws on invalid UTF-8 in a string, and an
// escaped exception is a finding too (nothing throws across the API).
void CheckDeterministic(const Gate& gate, std::string_view answer,
                        const EvidenceCorpus& corpus, const Verdict& first) {
  const std::string json = DumpVerdict(first);
  const std::string again = VerdictToJson(gate.Judge(answer, corpus));
  GG_FUZZ_CHECK(json == again, "the same inputs give the same verdict (law 9)");
}

// Law 1 as an oracle: when the answer is the very text the corpus recorded,
// both sides tokenized and canonicalized it alike, so nothing is
// unsupported. GROUNDGATE_FUZZ_SKIP_SELF_GROUNDING=1 turns this off, to hunt
// crashes past a known law 1 finding.
void CheckGroundsItself(const Verdict& verdict, const char* what) {
  static const bool skip = [] {
    const char* env = std::getenv("GROUNDGATE_FUZZ_SKIP_SELF_GROUNDING");
    return env != nullptr && std::string_view(env) == "1";
  }();
  if (skip || verdict.evidence_truncated || verdict.unsupported() == 0) return;
  for (const Candidate& candidate : verdict.candidates) {
    if (candidate.status == CandidateStatus::kUnsupported) {
      std::fprintf(stderr, "unsupported: \"%s\" (%s) at %zu-%zu\n",
                   candidate.canonical.c_str(), candidate.shape.c_str(),
                   candidate.start, candidate.end);
    }
  }
  GG_FUZZ_CHECK(verdict.unsupported() == 0, what);
}

// The tool result as a tool result (JSON walked, anything else as text),
// recorded twice after a system text and the user message; judged, and
// what it derived recorded (RecordJudgedAnswer); then a new user turn,
// judged again (law 7: what an earlier turn's answer derived names no
// carrier either).
void RunTwoCallCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus corpus;
  corpus.RecordExempt("You are the storage operations assistant at dc-east-2.");
  const bool began_turn = corpus.RecordUserMessage(input.user_message);
  GG_FUZZ_CHECK(
      began_turn == !input.user_message.starts_with(kCorrectionFramePrefix),
      "only a correction frame does not begin a user turn (law 4)");
  const RecordOutcome outcome =
      corpus.RecordToolResult("call_1", "port_status", input.tool_result);
  corpus.RecordToolResult("call_2", "fabric_inventory", input.tool_result);
  GG_FUZZ_CHECK(outcome.values_new <= outcome.values_seen,
                "new values are among the values seen");
  corpus.RecordJudgedAnswer(JudgeAndCheck(gate, input.answer, corpus));
  corpus.BeginUserTurn();
  const Verdict next_turn = JudgeAndCheck(gate, input.answer, corpus);
  for (const Candidate& candidate : next_turn.candidates) {
    GG_FUZZ_CHECK(candidate.carriers.empty() &&
                      candidate.grounding != Grounding::kThisTurn,
                  "a new user turn clears the carriers (law 7)");
  }
}

// Law 9 and law 10: the tool result recorded once after the user message,
// the answer judged twice; both verdicts print (with and without values)
// byte-identically.
void RunDeterminismCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus corpus;
  corpus.RecordUserMessage(input.user_message);
  corpus.RecordToolResult("call_1", "port_status", input.tool_result);
  CheckDeterministic(gate, input.answer, corpus,
                     JudgeAndCheck(gate, input.answer, corpus));
}

// The tool result as text: a prefix no JSON starts with forces the text
// path. Judging that very text must accuse nothing (law 1: one spelling per
// value on both sides); the answer is judged against it too.
void RunTextCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus text_corpus;
  text_corpus.RecordUserMessage("show me the log");
  const std::string as_text = "log " + std::string(input.tool_result);
  const RecordOutcome text_outcome =
      text_corpus.RecordToolResult("call_log", "log_tail", as_text);
  GG_FUZZ_CHECK(!text_outcome.parsed_as_json, "\"log ...\" is not JSON");
  CheckGroundsItself(JudgeAndCheck(gate, input.tool_result, text_corpus),
                     "text recorded as evidence grounds itself (law 1)");
  if (input.answer.data() != input.tool_result.data()) {
    JudgeAndCheck(gate, input.answer, text_corpus);
  }
}

// The user message's values are exempt, never carried (law 4).
void RunExemptCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus exempt_corpus;
  exempt_corpus.RecordUserMessage(input.tool_result);
  exempt_corpus.RecordExempt(input.answer);
  CheckGroundsItself(JudgeAndCheck(gate, input.answer, exempt_corpus),
                     "text recorded as exempt exempts itself (law 1, law 4)");
}

// A corpus that truncates (law 5).
void RunTinyCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus tiny(CorpusOptions{.max_index_tokens = kTinyIndexTokens});
  tiny.RecordUserMessage(input.user_message);
  tiny.RecordToolResult("call_1", "port_status", input.tool_result);
  JudgeAndCheck(gate, input.answer, tiny);
}

// More carriers than a list keeps (law 6): the whole result once, then its
// first kCrowdPrefixBytes by kCarriersToOverflow - 1 more calls, so every
// value in that prefix is carried by one call more than a list keeps.
void RunCrowdedCorpus(const Gate& gate, const FuzzInput& input) {
  EvidenceCorpus crowded;
  crowded.RecordToolResult("call_0", "port_status", input.tool_result);
  const std::string_view prefix = input.tool_result.substr(
      0, std::min(input.tool_result.size(), kCrowdPrefixBytes));
  for (std::size_t i = 1; i < kCarriersToOverflow; ++i) {
    crowded.RecordToolResult("call_" + std::to_string(i), "port_status",
                             prefix);
  }
  JudgeAndCheck(gate, input.answer, crowded);
}

// A result recorded again is replayed from the process's ResultCache
// (evidence/result_cache.h), and a replay does what the reading did: the
// result, padded with spaces to the cache's least size, is recorded into
// three corpora after the user message (the first reads it; the replay is
// written by the first or the second; the third replays it), and the
// answer judged against the first and the third prints byte-identically.
void RunReplayedCorpus(const Gate& gate, const FuzzInput& input) {
  std::string content(input.tool_result);
  if (content.size() < evidence::kMinCachedResultBytes) {
    content.resize(evidence::kMinCachedResultBytes, ' ');
  }
  std::optional<std::string> read;
  for (int sighting = 0; sighting < 3; ++sighting) {
    EvidenceCorpus corpus;
    corpus.RecordUserMessage(input.user_message);
    corpus.RecordToolResult("call_1", "port_status", content);
    if (sighting == 1) continue;
    const std::string json =
        DumpVerdict(JudgeAndCheck(gate, input.answer, corpus));
    if (!read.has_value()) {
      read = json;
    } else {
      GG_FUZZ_CHECK(json == *read,
                    "a replayed result judges as the result read");
    }
  }
}

// The value functions over the tool result and, when it is another text,
// the answer; no corpus.
void RunValueFunctions(const Gate&, const FuzzInput& input) {
  ExerciseValueFunctions(input.tool_result);
  if (input.answer.data() != input.tool_result.data()) {
    ExerciseValueFunctions(input.answer);
  }
}

// The scenarios in the order an input's length modulo kScenarioCount
// picks them.
using Scenario = void (*)(const Gate&, const FuzzInput&);
constexpr Scenario kScenarios[] = {RunValueFunctions,    RunTwoCallCorpus,
                                   RunTextCorpus,        RunExemptCorpus,
                                   RunTinyCorpus,        RunCrowdedCorpus,
                                   RunDeterminismCorpus, RunReplayedCorpus};
static_assert(std::size(kScenarios) == kScenarioCount);

void TestOneInput(std::string_view bytes) {
  const FuzzInput input = Split(bytes);
  kScenarios[bytes.size() % kScenarioCount](DeclaredShapesGate(), input);
}

}  // namespace
}  // namespace groundgate::fuzz

// Builds the shared Gate and Extractor before the first input.
GG_FUZZ_TEXT_TARGET((void)groundgate::fuzz::DefaultExtractor())
