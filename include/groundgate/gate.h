// groundgate/gate.h — the judge: which of an answer's values were read.
//
// Its one job: extract the values an answer states (names, numbers,
// identifiers), look each one up in the conversation's EvidenceCorpus, and
// return a Verdict with the status of each and `answer_carriers`: which of
// this turn's tool results the answer's values were read from. It sits at
// the "judge" step of the data flow, after the model's answer.
//
// What it does NOT do: decide what to do with the verdict (deliver, revise,
// refuse: that is the application's or the runtime's posture), emit events,
// or judge truth. A value that no tool result carried was typed, not read;
// whether a read value is the right one is beyond a set-membership check.
//
//   absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
//   if (!gate.ok()) return gate.status();
//   groundgate::EvidenceCorpus corpus;
//   corpus.RecordUserMessage("How many CRC errors on fc1/3?");
//   corpus.RecordToolResult("call_1", "port_stats",
//                           R"({"port":"fc1/3","crc_errors":41200})");
//   groundgate::Verdict v =
//       gate->Judge("Port fc1/3 logged 41,200 CRC errors.", corpus);
//   // v.flagged() == false; (*v.answer_carriers)[0].tool_call_id == "call_1"
//
// Thread safety: a Gate is immutable after Create and safe for concurrent
// use by multiple threads; share one across all conversations.
#ifndef GROUNDGATE_GATE_H_
#define GROUNDGATE_GATE_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/export.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// At most this many tokens of one answer are examined. An answer is prose a
// person reads; 20,000 tokens is ~15 pages. Past it the verdict carries
// answer_truncated, and the rest is not judged.
inline constexpr std::size_t kMaxAnswerTokens = 20'000;

// A value shape the application declares: an RE2 pattern matched against a
// whole token (anchored at both ends), tested before the built-in rule. A
// token that matches is a candidate even without a digit, so declared shapes
// are how an application makes its own names data (ticket keys, hostnames).
struct DeclaredShape {
  std::string name;     // reported as Candidate::shape; unique, not empty
  std::string pattern;  // RE2 syntax, e.g. "[A-Z]{2,5}-[0-9]+" (JIRA keys)
};

struct GateOptions {
  // A bare number is a candidate when it has at least this many digits.
  // Must be >= 1. Default: 4 (so "3 issues" and "555 errors" are prose).
  // 1 judges every number (strict deployments); a list marker ("1. ",
  // "2) ") is never a value.
  int min_digits = 4;
  // Shapes tested first, in order; the first that matches names the shape.
  std::vector<DeclaredShape> shapes;
  // Values the application supplies itself; compared in canonical form.
  std::vector<std::string> exempt_values;
  // RE2 patterns (anchored to the whole token) for exempt values.
  std::vector<std::string> exempt_patterns;
  // Values without digits are data too: person, place and product names
  // that are not common English words ("Mia Li", "Hilton"), multi-part
  // identifiers ("esxi-host-alpha", "getRefundableOrderList", emails, URLs)
  // and markdown code spans. A name is grounded when a result carried it
  // whole, or carried each of its words (name_words). Default: true.
  // Switch it off for answers whose names come from the model's own
  // knowledge by design.
  bool names = true;
  // A number the answer computed from numbers this turn's results carried
  // (a sum of two or three, a difference, a quantity times a price, a
  // percent of) counts as read, with reason derived_*. Default: true.
  bool arithmetic = true;
  // A measured quantity in prose is a candidate whatever its digit count:
  // a number with a unit ("28 °C", "74.66 years", "16MP"), a decimal part
  // ("6.1"), a sign ("-3"), a percent ("90%"), a field label ("Available
  // Seats: 54"), a rate ("150 cases per million"; not one told as a bound,
  // "fewer than 10 cases per million"), or a place in a range or a score
  // ("20 to 30", "4-1"). It
  // is grounded by a carried number at the precision the answer wrote
  // ("17.6" for 17.58), or in another unit the results name ("63.6 °F"
  // for 17.58 °C: reason converted). Bare counts ("3 issues") stay prose.
  // Default: true.
  bool quantities = true;
  // Law 11: a value the answer tells of one record (the flight, the day,
  // the row its scope names) is checked against that record's own field,
  // and a value told of several records together ("from 13 to 26 °C over
  // the five days", "the highest gust") against their least or greatest.
  // A value read from a sibling record instead is kMisattributed, with
  // the named record's own value (Candidate::binding). Default: true.
  bool bind_records = true;
  // Whether a misattributed value flags the answer (routes like an
  // unsupported one under every posture). false: it is reported, in the
  // verdict, events and the JSON, as a warning only
  // (Verdict::misattribution_warns_only). Default: true.
  bool misattribution_flags = true;
};

class Gate {
 public:
  // Validates the options once. Returns InvalidArgument naming the option
  // and the fix for: min_digits < 1, a shape with an empty or duplicate
  // name, a pattern RE2 rejects, an empty exemption.
  static absl::StatusOr<Gate> Create(GateOptions options);

  ~Gate();
  Gate(Gate&&) noexcept;
  Gate& operator=(Gate&&) noexcept;
  // A Gate holds compiled patterns; share one by reference instead.
  Gate(const Gate&) = delete;
  Gate& operator=(const Gate&) = delete;

  // Judges one answer against the conversation's corpus. Never fails: bad
  // UTF-8 splits tokens, an over-long answer sets answer_truncated. The
  // verdict copies what it needs; it keeps no view into answer or corpus.
  [[nodiscard]] Verdict Judge(std::string_view answer,
                              const EvidenceCorpus& corpus) const;

  [[nodiscard]] const GateOptions& options() const;

 private:
  struct Compiled;
  explicit Gate(std::unique_ptr<Compiled> compiled);
  std::unique_ptr<Compiled> compiled_;
};

// The version of the library linked, "MAJOR.MINOR.PATCH". It can differ from
// GROUNDGATE_VERSION_STRING (groundgate/version.h, the headers compiled
// against) when a shared library is replaced under the application.
[[nodiscard]] std::string_view VersionString();

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_GATE_H_
