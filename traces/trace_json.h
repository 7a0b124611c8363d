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

#include <string_view>

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

}  // namespace groundgate

#endif  // GROUNDGATE_TRACES_TRACE_JSON_H_
