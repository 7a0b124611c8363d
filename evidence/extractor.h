// evidence/extractor.h — which tokens are values, and under which keys.
//
// Its one job: read a token into its value keys (ReadToken, used by both the
// corpus and the judge, law 1) and decide which answer tokens are data
// (Extractor::Classify). The rule is conservative: a token is a candidate
// when it matches a declared shape, or carries a digit and is distinctive —
// an identifier (digits with letters or `: _ - / .`, 4+ characters) or a
// bare number of min_digits+ digits. A number with a unit is judged on its
// number alone; `N/M` of one or two digits each (`24/7`) is prose.
//
// Dates and clock times are read by evidence/dates/ (MatchDateTime in
// dates/date_time.h, their keys in dates/date_keys.h); both headers are
// included here, as every reader of an answer's tokens reads dates too.
//
// What it does NOT do: look anything up, or read a value across tokens
// (dates do that, in evidence/dates/).
#ifndef GROUNDGATE_EVIDENCE_EXTRACTOR_H_
#define GROUNDGATE_EVIDENCE_EXTRACTOR_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "evidence/canonical.h"
#include "evidence/dates/date_keys.h"
#include "evidence/dates/date_time.h"
#include "groundgate/gate.h"

namespace groundgate::evidence {

// The keys a token's value is indexed and looked up under.
struct TokenValue {
  CanonicalForm canonical;
  // When the token is a number with a unit ("4096MB"), the number's
  // canonical form ("4096"); else empty.
  std::string number_before_unit;
};

// Reads one token. Shared by the evidence side and the answer side.
TokenValue ReadToken(std::string_view token);

inline constexpr std::string_view kShapeNumber = "number";
inline constexpr std::string_view kShapeIdentifier = "identifier";

// A candidate value found in an answer token.
struct ExtractedValue {
  std::string shape;
  std::string canonical;  // the value's canonical form, as shown
  // The value's identity, looked up in the corpus: the canonical form, or
  // for hex its digits without "0x" (the corpus indexes both spellings of a
  // prefixed value, so the bare digits meet either side's spelling), or for
  // a number with a unit the number alone.
  std::string key;
  bool changed = false;          // canonicalization joined spellings
  bool declared_exempt = false;  // GateOptions exempted it
};

class Extractor {
 public:
  // Compiles the declared shapes and exemptions once. The Status names the
  // option and the fix.
  static absl::StatusOr<std::unique_ptr<Extractor>> Create(
      const GateOptions& options);
  ~Extractor();

  // The candidate in one answer token, or nullopt when it is prose.
  // Thread-safe (const, compiled patterns only).
  std::optional<ExtractedValue> Classify(std::string_view token) const;

 private:
  struct Patterns;
  Extractor(const GateOptions& options, std::unique_ptr<Patterns> patterns);
  int min_digits_;
  std::vector<std::string> shape_names_;
  std::vector<std::string> exempt_values_;  // canonical, sorted
  std::unique_ptr<Patterns> patterns_;
};

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_EXTRACTOR_H_
