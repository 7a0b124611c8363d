// traces/options_json.h — GateOptions (and CorpusOptions) written as JSON,
// for the C API and the Python module.
//
// Its one job: read a JSON object {"min_digits", "shapes", "exempt_values",
// "exempt_patterns", "names", "arithmetic", "quantities", "bind_records",
// "misattribution_flags"} into GateOptions,
// with an error naming the member and what was expected. gg_gate_create
// (groundgate_c.h) and the Python module's Gate(...) both read options
// through it, so both accept the same spelling and say the same thing.
//
// CorpusOptions are read the same way from {"max_index_tokens",
// "process_caches"}: gg_corpus_create_with_options reads them.
//
// What it does NOT do: validate the gate options' values (Gate::Create does:
// min_digits >= 1, unique shape names, patterns RE2 accepts), or read a
// file. The `groundgate check --shapes FILE` reader (cli/options.cc) admits
// the members shapes, exempt_values, exempt_patterns and reads them here.
//
//   absl::StatusOr<groundgate::GateOptions> options =
//       groundgate::traces::GateOptionsFromJson(
//           R"({"min_digits": 3, "exempt_values": ["TENANT-0042"]})");
//   if (!options.ok()) return options.status();  // "min_digits: expected..."
//
// Thread safety: pure functions.
#ifndef GROUNDGATE_TRACES_OPTIONS_JSON_H_
#define GROUNDGATE_TRACES_OPTIONS_JSON_H_

#include <string_view>

#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "nlohmann/json.hpp"

namespace groundgate::traces {

// Reads a parsed options object. Returns InvalidArgument for a document
// that is not an object, an unknown member, or a member of the wrong type
// ("shapes[1].pattern: expected a string, got number"). Never throws.
absl::StatusOr<GateOptions> GateOptionsFromJson(const nlohmann::json& options);

// The same for JSON text; "not JSON: ... (at byte N)" when it does not
// parse. Never throws.
absl::StatusOr<GateOptions> GateOptionsFromJsonText(std::string_view text);

// The options as the object GateOptionsFromJson reads, every member
// present: GateOptionsFromJson(GateOptionsToJson(o)) gives `o` back (the
// Python module pickles a Gate this way).
nlohmann::json GateOptionsToJson(const GateOptions& options);

// Reads a parsed corpus options object: "max_index_tokens" (an integer,
// at least 1) and "process_caches" (true or false); a member left out
// keeps its default. Returns InvalidArgument for a document that is not
// an object, an unknown member, or a member of the wrong type or range
// ("max_index_tokens: must be at least 1, got 0"). Never throws.
absl::StatusOr<CorpusOptions> CorpusOptionsFromJson(
    const nlohmann::json& options);

// The same for JSON text; "not JSON: ... (at byte N)" when it does not
// parse. Never throws.
absl::StatusOr<CorpusOptions> CorpusOptionsFromJsonText(std::string_view text);

}  // namespace groundgate::traces

#endif  // GROUNDGATE_TRACES_OPTIONS_JSON_H_
