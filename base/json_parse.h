// base/json_parse.h — JSON text to an nlohmann DOM, parsed by simdjson.
//
// Its one job: build the same nlohmann::json that nlohmann's own parser
// builds from `text`, but scanned by simdjson's On-Demand parser, which
// reads a trace line several times faster than nlohmann's byte-at-a-time
// lexer. ParseJsonText (traces/trace_json.h) tries this first.
//
// "The same": keys in an object are kept last-one-wins, as nlohmann keeps
// them; a number is read from its wire digits by nlohmann's own rules (an
// integer without '-' is unsigned, with '-' signed; one that overflows,
// and any number with a fraction or an exponent, is a double).
//
// What it does NOT do: explain a syntax error. Whenever simdjson rejects
// the text, or the text is one simdjson might read more leniently than
// nlohmann (a raw control byte anywhere), it returns std::nullopt and the
// caller parses with nlohmann, whose error message and verdict stand. So
// text nlohmann rejects is never accepted here. Nesting deeper than
// kMaxSimdjsonDepth also returns std::nullopt (the caller's own depth
// check then names it): the conversion recurses once per level and stays
// well inside any thread's stack.
//
//   if (std::optional<nlohmann::json> fast = ParseJsonWithSimdjson(line)) {
//     return *std::move(fast);
//   }
//   // ... nlohmann::json::parse(line) for the verdict and its message
//
// Thread safety: each thread reuses a parser of its own (thread_local); a
// parser that grew past kMaxRetainedParserBytes for one long line is
// released after it.
#ifndef GROUNDGATE_BASE_JSON_PARSE_H_
#define GROUNDGATE_BASE_JSON_PARSE_H_

#include <cstddef>
#include <optional>
#include <string_view>

#include "nlohmann/json.hpp"

namespace groundgate::base {

// Deeper than this, simdjson's parse fails and the caller's parser decides.
inline constexpr std::size_t kMaxSimdjsonDepth = 512;
// A thread keeps its parser's buffers for text up to this size between
// calls; after longer text they are freed.
inline constexpr std::size_t kMaxRetainedParserBytes = 16u << 20;

// The DOM nlohmann would build from `text`, or std::nullopt when simdjson
// does not accept it (see above: the caller then parses with nlohmann).
[[nodiscard]] std::optional<nlohmann::json> ParseJsonWithSimdjson(
    std::string_view text);

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_JSON_PARSE_H_
