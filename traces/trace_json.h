// traces/trace_json.h — the record readers over a parsed JSON document.
//
// Its one job: declare the steps of ReadTraceRecord and DetectTraceFormat
// (groundgate/trace.h) that work on an nlohmann document, for the code of
// the library that already holds one (the command's JSONL reader, the
// options file). The public API takes JSON text only.
//
// What it does NOT do: anything the public functions do not: they are these
// functions after a parse.
//
//   absl::StatusOr<nlohmann::json> document = ParseJsonText(line);
//   if (!document.ok()) return document.status();  // "not JSON: ..."
//   absl::StatusOr<Trace> trace = ReadTraceRecord(*document, format);
//
// Thread safety: pure functions.
#ifndef GROUNDGATE_TRACES_TRACE_JSON_H_
#define GROUNDGATE_TRACES_TRACE_JSON_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate {

// DetectTraceFormat (groundgate/trace.h) on a parsed record. Never fails.
TraceFormat DetectTraceFormat(const nlohmann::json& record);

// ReadTraceRecord (groundgate/trace.h) on a parsed record: the same errors
// but "not JSON". Never throws.
absl::StatusOr<Trace> ReadTraceRecord(const nlohmann::json& record,
                                      TraceFormat format);

// Parses a whole JSON text without throwing. Returns the document, or
// InvalidArgument "not JSON: <what the parser expected> (at byte N)"; the
// message never quotes the input: a number too large for a double is
// "not JSON: number overflow (at byte N)", whatever its length.
absl::StatusOr<nlohmann::json> ParseJsonText(std::string_view text);

// ParseJsonText for a trace record: the same verdict on every text, but in
// a long record a dense container that is data, not conversation (a tool's
// structured payload, a table, [1,1,1,...]), is kept as its validated text
// (base::ParseJsonLazily), which the readers write out as text. A record
// costs a small multiple of its line whatever its shape. The readers above
// read such a document exactly as the whole one. A record that is JSON
// only as Python's json.dumps writes it by default (a bare NaN or
// Infinity, a \u escape of a lone surrogate) is read too, after
// base::RepairPythonJson, and each kind of change is added to `warnings`
// (when not null) as "record: ..."; any other error is the exact parse's.
// `lazy` false builds the exact DOM (for a caller that reads the document
// itself), still with the repairs.
absl::StatusOr<nlohmann::json> ParseTraceJsonText(
    std::string_view text, std::vector<std::string>* warnings,
    bool lazy = true);

// Puts a record's own `warnings` (ParseTraceJsonText's) before the
// adapter's in trace->warnings, within kMaxTraceWarnings.
void AddRecordWarnings(std::vector<std::string> warnings, Trace* trace);

}  // namespace groundgate

#endif  // GROUNDGATE_TRACES_TRACE_JSON_H_
