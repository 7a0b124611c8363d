// groundgate/corpus.h — the per-conversation evidence corpus.
//
// Its one job: remember, in canonical form, every value that this
// conversation's tool results carried, and which of this user turn's results
// carried each one. It sits at the "record" step of the data flow: the loop
// calls RecordToolResult after each tool result, RecordUserMessage for each
// user message, RecordExempt for system text. Gate::Judge reads it.
//
// What it does NOT do: judge anything, decide what counts as an answer's
// value (that is the Gate's extractor), or keep earlier turns' raw tool
// results. It keeps the current turn's results as recorded, at most 8 MiB
// of them, so the judge can read them as records (law 11: which flight,
// which day a value belongs to); a turn past that binds no value. It never
// records tool-call arguments or the model's own text: the application
// simply never passes them here (law 3).
//
//   groundgate::EvidenceCorpus corpus;
//   corpus.RecordExempt(system_prompt);
//   corpus.RecordUserMessage("Why is port fc1/3 down?");   // a new user turn
//   corpus.RecordToolResult("call_1", "port_status",
//                           R"({"port":"fc1/3","crc_errors":41200})");
//   groundgate::Verdict v = gate.Judge(answer, corpus);
//
// Thread safety: an EvidenceCorpus is one conversation's state; it is not
// safe for concurrent mutation. Distinct corpora may be used on distinct
// threads freely, and const methods may run concurrently with each other.
#ifndef GROUNDGATE_CORPUS_H_
#define GROUNDGATE_CORPUS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "groundgate/export.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// At most this many carriers (tool-call ids) are kept per value per user
// turn. Eight is more than any answer cites for one value in practice, and a
// fixed bound keeps the index's memory proportional to its distinct values.
// When a ninth result carries a value the list is marked cut (law 6).
inline constexpr std::size_t kMaxCarriers = 8;

// Default ceiling on the distinct canonical values (evidence plus exempt)
// one conversation's corpus holds. Past it the corpus is truncated() and
// verdicts accuse no one (law 5). 200,000 values is roughly 10–20 MB of
// index; a long conversation over large tool results stays well below it.
inline constexpr std::size_t kMaxIndexTokens = 200'000;

// A tool-call id is kept to at most this many bytes. Real ids are ~30 bytes
// ("call_8f2K...", "toolu_01A..."); a model or a trace that types a
// paragraph as an id must not have it copied into every carrier list, near
// miss and verdict. The same bound as kMaxIdBytesInEvents (events.h), so an
// event never cuts a recorded id again.
inline constexpr std::size_t kMaxToolCallIdBytes = 64;

// A tool name is kept to at most this many bytes: OpenAI and Anthropic both
// refuse function names longer than 64 characters, so a longer one is not a
// name the application registered (agent.h's kMaxToolNameBytes, which
// includes this header, holds registered names to the same 64).
inline constexpr std::size_t kMaxRecordedToolNameBytes = 64;

// The numbers derived in earlier answers that a corpus keeps
// (RecordJudgedAnswer): an answer derives a few, a long conversation tens.
inline constexpr std::size_t kMaxEarlierDerivations = 256;

// The suffix BoundedToolCallId and BoundedToolName put on a cut id or name:
// '~' and 16 lowercase hex digits of a 64-bit FNV-1a hash of the whole
// original, so two long ids that share their first bytes stay two carriers.
inline constexpr std::size_t kBoundedSuffixBytes = 17;

// Returns `id` unchanged when it is at most kMaxToolCallIdBytes long; else
// its longest prefix that ends on a UTF-8 character boundary and leaves room
// for the suffix, then '~' and the 16 hex digits of the hash of the whole id
// ("call_aaaa...aaaa~3f9c0d1e2b4a5f60"), at most kMaxToolCallIdBytes in all.
// The same input always gives the same output, in every process (the hash
// is unseeded), so a caller may bound an id it meets elsewhere (a trace's
// tool message) to find the carrier the corpus recorded. Distinct long ids
// collide only when their 64-bit hashes do. Never fails.
[[nodiscard]] std::string BoundedToolCallId(std::string_view id);

// The same for a tool name, with kMaxRecordedToolNameBytes.
[[nodiscard]] std::string BoundedToolName(std::string_view name);

// A user message that begins with this prefix was written by the library
// itself (the guard posture's correction frame). It is neither exempt nor a
// user-turn boundary (law 4).
inline constexpr std::string_view kCorrectionFramePrefix = "[evidence check";

// The reserved key of the absence convention (law 3). A tool that reports
// "not found" returns a JSON object holding this key:
//
//   {"groundgate_absence": {"looked_for": ["ABC123"],
//                           "checked": ["orders-db", "archive-2023"],
//                           "not_checked": ["archive-2022"]}}
//
// Only the coverage lists, "checked" and "not_checked", are indexed. What was
// looked for, and every other member of the result, grounds nothing: a tool
// that echoes the model's request back must not make the request evidence.
inline constexpr std::string_view kAbsenceKey = "groundgate_absence";

struct CorpusOptions {
  // Ceiling on distinct canonical values held (evidence and exempt together).
  // Must be at least 1. Default: kMaxIndexTokens.
  std::size_t max_index_tokens = kMaxIndexTokens;
  // Share what reading a text yields with every corpus of the process: a
  // system prompt's keys, a tool result's effect on the index, a turn's
  // records, each read once and replayed or shared after
  // (RecordToolResult and RecordExempt below say what each holds and its
  // bounds). The verdicts are the same either way; false
  // reads every text in this corpus again and holds nothing process-wide
  // (a fresh process's cost, or a memory bound for an embedder).
  bool process_caches = true;
};

// What one RecordToolResult call did.
struct RecordOutcome {
  bool parsed_as_json = false;  // walked structurally (else read as text)
  bool absence_report = false;  // followed the kAbsenceKey convention
  std::size_t values_seen = 0;  // canonical values met, with repeats
  std::size_t values_new = 0;   // values the index did not hold before
  bool truncated = false;       // the corpus hit its ceiling (now or before)
  // The tool-call id was longer than kMaxToolCallIdBytes: the result is
  // recorded, and named in results(), carriers and verdicts, under
  // BoundedToolCallId(tool_call_id).
  bool id_clipped = false;
  // The tool name was longer than kMaxRecordedToolNameBytes: recorded (and
  // exempt) as BoundedToolName(tool_name).
  bool name_clipped = false;
};

// What the corpus knows of one canonical value. Views point into the corpus
// and stay valid until its next non-const call.
struct Evidence {
  bool carried = false;            // some tool result of the run carried it
  bool carried_this_turn = false;  // a result of the current user turn did
  std::uint32_t latest_turn = 0;   // latest user turn whose result carried it
  // Some result spelled it exactly as its canonical form (else only
  // respellings such as "41,200" or "98304.0" carried it).
  bool exact_spelling_seen = false;
  // Some result of the run, in any turn, carried it as a word of a person's
  // name: a JSON string under a key such as "first_name", "last_name",
  // "passenger_name" or "author", or under "name" in an object that also
  // holds an email address. The judge reads a name with such a word as a
  // person's, whose every word must have been read.
  bool person_name = false;
  // Some result of the run, in any turn, wrote it as a number standing
  // alone: a JSON number, or digits with no unit after them ("65" of
  // "count: 65", not of "65K colors", "65 °C" or "$65"). A number carried
  // only beside units is keyed under each unit's dimension too
  // ("@dim:data:65", evidence/keys.h), and the judge reads an answer's
  // "65 MB" as read only when one of the two holds.
  bool bare_number = false;
  // This turn's carriers as indices into results(), in wire order, each once.
  std::span<const std::uint32_t> carriers;
  bool carriers_cut = false;  // a carrier beyond kMaxCarriers was dropped
};

// A place where two of this turn's results disagree: both came from the
// same tool and carried different values at the same JSON key path of the
// same entity (the object's first member, say "reservation_id", alike).
struct ConflictingPlace {
  std::string key;                  // the innermost key name, e.g. "status"
  std::uint32_t carrier = 0;        // the result that carried this value
  std::uint32_t other_carrier = 0;  // a result with another value there
};

// One tool result recorded in the current user turn.
struct RecordedResult {
  std::string tool_call_id;  // at most kMaxToolCallIdBytes: BoundedToolCallId
  std::string tool_name;  // at most kMaxRecordedToolNameBytes: BoundedToolName
  std::size_t values_recorded = 0;  // canonical values it carried, with repeats
};

class EvidenceCorpus {
 public:
  explicit EvidenceCorpus(CorpusOptions options = {});
  ~EvidenceCorpus();
  EvidenceCorpus(EvidenceCorpus&&) noexcept;
  EvidenceCorpus& operator=(EvidenceCorpus&&) noexcept;
  // One conversation's state is not meant to be copied; move it.
  EvidenceCorpus(const EvidenceCorpus&) = delete;
  EvidenceCorpus& operator=(const EvidenceCorpus&) = delete;

  // Starts a new user turn: this turn's carrier lists and results() are
  // cleared (law 7). Values stay known: an answer may still use a value read
  // in an earlier turn, and it is grounded with no carrier of this turn.
  void BeginUserTurn();

  // Records one tool result's content. Content that parses as JSON is walked
  // structurally (every key and every leaf; string leaves whole and as
  // tokens; numbers with their exact digits). Anything else, broken JSON
  // included, is tokenized as text (law 2). Never fails: invalid UTF-8 and
  // absurd nesting cost a flag or are read as text, never a crash.
  //
  // Pass only successful results: an error text that quotes the model's
  // arguments must not ground them (law 3). Recording the same tool_call_id
  // twice in one turn adds to the same result.
  //
  // The id and the name are bounded here, once: longer than
  // kMaxToolCallIdBytes or kMaxRecordedToolNameBytes, they are kept as
  // BoundedToolCallId / BoundedToolName, and the outcome says so
  // (id_clipped, name_clipped). Only the bounded forms are stored, so a
  // megabyte id costs 64 bytes per carrier, not a megabyte.
  //
  // A result of 128 bytes to 64 KiB that the process has recorded before
  // (the same lookup in another run of one task, one data set judged for
  // several models) is read once per process: while it is read, what the
  // reading does to the index is written down, in order, and a
  // process-wide cache keyed by the exact bytes of the content keeps it;
  // a later corpus recording the same content replays it through the same
  // functions. The outcome and the index are the same as reading the
  // content again, whatever the corpus held before (the ceiling, carrier
  // caps and conflicts included). The cache holds at most 1024 results
  // and 4 MiB by its own estimate, dropping the least recently used; it
  // writes a result down on its first sighting while the process's
  // results repeat, else on its second, and is safe to use from any
  // thread. See evidence/result_cache.h.
  //
  // The records the judge binds values to (law 11) are read from a turn's
  // results when an answer first needs them. A turn whose results the
  // process read before, the same bytes at the same slots (2 KiB to
  // 256 KiB in all), shares the records read then: a second process-wide
  // cache holds at most 256 turns and 4 MiB by its own estimate, on the
  // same admission. See evidence/record_cache.h.
  //
  // With CorpusOptions::process_caches false, neither cache is used.
  RecordOutcome RecordToolResult(std::string_view tool_call_id,
                                 std::string_view tool_name,
                                 std::string_view content);

  // Records text the user or the application supplied (system prompt,
  // application context). Its values are exempt; it never records carriers.
  //
  // A text of at least 256 bytes that the process has met before (the same
  // system prompt in every conversation) is read once per process: a
  // process-wide cache, keyed by the exact bytes of the text, holds what it
  // yields (its keys, the day shifts and days of the month it names) as an
  // immutable set that every corpus recording the text shares. The cache
  // admits a text on its second sighting and holds at most 32 texts and
  // 4 MiB (texts, keys and tables; a text over 1 MiB is never cached),
  // dropping the least recently used; it is safe to use from any thread.
  // The result is the same as reading the text again: the same values
  // exempt, the same count against max_index_tokens, the same truncated()
  // (a set whose keys would cross the ceiling is read key by key, in text
  // order). See evidence/exempt_cache.h. With
  // CorpusOptions::process_caches false, the cache is not used.
  void RecordExempt(std::string_view text);

  // Records what the gate derived in an answer judged over this corpus:
  // each number the arithmetic rung grounded (derived_sum, derived_
  // difference, derived_product, derived_percent), with its derivation and
  // the results its operands were read from. A later answer of the
  // conversation that restates such a number grounds it the same way,
  // though it no longer shows the operands ("the cost difference of $368"
  // after "$105 + $263 = $368"): with the same reason, derivation and
  // carriers in the same user turn, as read in an earlier turn after it
  // (law 7). Nothing else of the answer is recorded: a value the answer
  // typed, or only restated, grounds nothing (law 3). Call it with each
  // verdict Gate::Judge returned for this corpus, before recording what
  // comes after the answer; the runtime and the trace replay do. At most
  // kMaxEarlierDerivations numbers are kept per conversation; later ones
  // are not. Never fails.
  void RecordJudgedAnswer(const Verdict& verdict);

  // Records that the conversation carried content the caller could not
  // read: an image, a binary document, encrypted or compacted content, a
  // part of a type the caller does not know. The values it may hold are
  // unknown, so from now on the corpus is partial exactly as when it hits
  // its ceiling: truncated() is true and verdicts accuse no one (law 5).
  // Values recorded before and after are still indexed. Never fails.
  void MarkPartial();

  // Records a user message: begins a new user turn and records its text as
  // exempt — unless it starts with kCorrectionFramePrefix, in which case the
  // library wrote it and it is neither (law 4). Returns true when the message
  // began a user turn.
  bool RecordUserMessage(std::string_view text);

  // Looks up one canonical value (as produced by the Gate's extractor). Dates
  // and clock times are also indexed under keys that begin with '@'
  // ("@date:2024-05-22", "@md:05-22", "@ym:2024-05", "@time:14:00",
  // "@time:14:00:06"), which no canonical form can equal; see
  // evidence/README.md.
  [[nodiscard]] Evidence Lookup(std::string_view canonical) const;

  // True when the user or the application supplied this canonical value,
  // or it is the name of a tool a recorded result came from (the
  // application named its tools: "I called GetUserToken" invents nothing).
  [[nodiscard]] bool IsExempt(std::string_view canonical) const;

  // Where this turn's results disagree about a value they carried (indices
  // into results()); empty when none do. Only JSON results are compared.
  [[nodiscard]] std::span<const ConflictingPlace> ConflictsOf(
      std::string_view canonical) const;

  // The current user turn's results, in the order they were first recorded.
  [[nodiscard]] const std::vector<RecordedResult>& results() const;

  // True once the index hit max_index_tokens, or MarkPartial was called:
  // some values were not indexed and stay unknown for the rest of the
  // conversation (law 5).
  [[nodiscard]] bool truncated() const;

  // The current user turn, counted from 0 (before any BeginUserTurn).
  [[nodiscard]] std::uint32_t user_turn() const;

  // Distinct canonical values held (evidence and exempt).
  [[nodiscard]] std::size_t indexed_values() const;

 private:
  // The library's own layers read the indexes behind the judge's rungs
  // through it (evidence/corpus_internal.h).
  friend class CorpusInternals;
  struct Index;
  std::unique_ptr<Index> index_;
};

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_CORPUS_H_
