// stages/verdict_json.h — the parts of the verdict's JSON that other JSON
// forms share, so each is written in one place.
//
// Its one job: the verdict's JSON as an nlohmann object, for the library's
// own JSON forms that add keys to it (`groundgate check`'s lines); and the
// "carried_by" value, which the verdict's JSON, the evidence_checked event
// (runtime/event_json.cc) and `groundgate check`'s lines
// (traces/check_record.cc) all carry, built by one function so that the
// three cannot drift apart. The public API hands out only the text
// (groundgate/verdict_json.h).
//
// What it does NOT do: decide whether the key is present (an
// evidence_checked event on revision_asked leaves it out) or clip anything
// (a carrier is an identity, never a value).
//
//   out["carried_by"] = stages::CarriedByJson(verdict.answer_carriers);
#ifndef GROUNDGATE_STAGES_VERDICT_JSON_H_
#define GROUNDGATE_STAGES_VERDICT_JSON_H_

#include <optional>
#include <string>
#include <vector>

#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "nlohmann/json.hpp"

namespace groundgate::stages {

// The object VerdictToJson writes as text (its keys and order are
// documented there). Never throws.
nlohmann::ordered_json VerdictJsonObject(const Verdict& verdict,
                                         const VerdictJsonOptions& options);

// The dump every JSON text the library hands out is written with: compact,
// and a string that is not valid UTF-8 gets U+FFFD for its bad bytes
// rather than an exception.
inline std::string DumpJson(const nlohmann::ordered_json& value) {
  return value.dump(-1, ' ', false,
                    nlohmann::ordered_json::error_handler_t::replace);
}

// [{"tool_call_id", "tool_name", "values", "only"}] in the list's order
// (wire order), or null when there is no list (law 6: the carriers cannot
// be known whole). Never throws.
nlohmann::ordered_json CarriedByJson(
    const std::optional<std::vector<AnswerCarrier>>& carriers);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_VERDICT_JSON_H_
