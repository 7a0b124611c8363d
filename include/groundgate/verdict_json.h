// groundgate/verdict_json.h — the stable JSON form of a verdict.
//
// Its one job: turn a Verdict into the JSON text that `groundgate check`
// prints and that events are built from. Keys come out in a fixed order and
// every list in answer or wire order, so the same verdict always gives
// byte-identical text (law 9). The text is all the library hands out: an
// application that wants a JSON DOM parses it with its own library
// (groundgate/json.h does it for nlohmann).
//
// What it does NOT do: carry values by default. Only with
// VerdictJsonOptions::include_values does an unsupported, unverified,
// misattributed or grounded entry gain a "value", clipped to
// max_value_bytes (law 8).
//
//   groundgate::Verdict verdict = gate->Judge(answer, corpus);
//   std::cout << groundgate::VerdictToJson(verdict) << "\n";
//   // {"action":"flagged","candidates":2,"looked_up":2,"unsupported":[...
#ifndef GROUNDGATE_VERDICT_JSON_H_
#define GROUNDGATE_VERDICT_JSON_H_

#include <cstddef>
#include <string>

#include "groundgate/export.h"
#include "groundgate/verdict.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

// A value copied into JSON is clipped to this many bytes (on a UTF-8
// character boundary): enough for any identifier, too little to leak a
// document by accident.
inline constexpr std::size_t kMaxValueBytesInEvents = 64;

struct VerdictJsonOptions {
  bool include_values = false;  // law 8: values only when the app opts in
  std::size_t max_value_bytes = kMaxValueBytesInEvents;
};

// {"action", "candidates", "looked_up",
//  "unsupported": [{"shape", "start", "end"[, "near_miss_carrier"]
//                   [, "value"][, "near_miss"]}],
//  "unverified": [...same...],
//  "misattributed": [{"shape", "start", "end", "named_carrier",
//                     "read_carrier"[, "aggregate"][, "value", "named_value",
//                     "field", "named_path", "read_path"]}],
//  "grounded": [{"shape", "start", "end", "reason"[, "value"]
//                [, "derivation"]}],
//  "carried_by": [{"tool_call_id", "tool_name", "values", "only"}] | null,
//  "conflicts": [{"start", "end", "used_carrier", "other_carrier"[, "key"]}],
//  "evidence_truncated", "answer_truncated",
//  "grounding": {"this_turn", "prior_turns"}}
// reason says why a value counted as read: "exact", "canonical",
// "respelled_date", "respelled_time", "respelled_number", "rounded",
// "identifier_part", "sign_dropped", "derived_sum", "derived_difference",
// "derived_product", "derived_percent", "name_words", "derived_date",
// "converted", "respelled_name", "counted".
// near_miss_carrier names the result that carried the closest value of the
// same shape.
// "misattributed" lists the values read from another record than the one
// the answer tells them of (law 11; Candidate::binding): named_carrier holds
// the record the answer names, read_carrier the one that carried the value
// ("" when no single record did); aggregate ("min", "max", "day",
// "month", "trend", "winner", "leader"; Binding::aggregate) is present when the
// answer told the value of several records together. The list is always
// present, [] when nothing was misattributed; its entries do not flag the
// answer when Verdict::misattribution_warns_only (the action says "grounded"
// then). Values
// ("value", "near_miss", "derivation", "named_value") and key names (the
// conflict's "key", a binding's "field", "named_path", "read_path") appear only
// with include_values.
//
// Returns the object as one line of compact JSON text (no spaces, no
// trailing newline), the bytes `groundgate check` prints after its own
// keys. A string that is not valid UTF-8 (a tool-call id is the model's
// text) has its bad bytes replaced with U+FFFD. Never throws.
std::string VerdictToJson(const Verdict& verdict,
                          const VerdictJsonOptions& options = {});

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_VERDICT_JSON_H_
