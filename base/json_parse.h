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
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "nlohmann/json.hpp"

namespace groundgate::base {

// Deeper than this, simdjson's parse fails and the caller's parser decides.
inline constexpr std::size_t kMaxSimdjsonDepth = 512;
// A thread keeps its parser's buffers for text up to this size between
// calls; after longer text they are freed.
inline constexpr std::size_t kMaxRetainedParserBytes = 4u << 20;

// The DOM nlohmann would build from `text`, or std::nullopt when simdjson
// does not accept it (see above: the caller then parses with nlohmann).
[[nodiscard]] std::optional<nlohmann::json> ParseJsonWithSimdjson(
    std::string_view text);

// When ParseJsonLazily keeps a container as its text instead of building it.
struct LazyPolicy {
  // Only in a text at least this long: a short line is built whole.
  std::size_t min_text_bytes = std::size_t{1} << 20;
  // A container below the root (an array, or an object) with at least this
  // many members, none of them structural: an array whose first element
  // is not an object with a conversation's key ("role", "type",
  // "content", "jsonrpc", "text", ...), an object with none of those keys
  // among its members. Such a container is data a trace carries (a tool's
  // structured payload, a table, [1,1,1,...]), never a message list.
  std::size_t min_members = 1024;
  // A conversation's list (the root array, or the array under the root
  // object's "messages", "steps", "input" or "output") with at least this
  // many elements is kept raw too, whatever they hold: a record of a
  // million tiny messages would otherwise stand in memory as one tree six
  // times its text. The trace readers read such a list element by element
  // (ForEachElement).
  std::size_t min_list_elements = 1024;
  // A container that nests deeper than this (counted from the root) makes
  // the parse give up (std::nullopt): the caller then parses exactly and
  // its own depth check names the field.
  std::size_t max_depth = kMaxSimdjsonDepth;
};

// A raw node: nlohmann's binary value with this subtype, holding the JSON
// text of a container exactly as the input spelled it (validated).
inline constexpr std::uint8_t kRawJsonSubtype = 0x4A;

// ParseJsonWithSimdjson, except that a dense container (LazyPolicy) is
// validated but kept as a raw node: its text costs its own size, where a
// DOM of [1,1,1,...] costs eight times it and one of small objects twenty.
// A trace reader that only writes such a container out as text
// (DumpJson) reads the same record either way.
[[nodiscard]] std::optional<nlohmann::json> ParseJsonLazily(
    std::string_view text, const LazyPolicy& policy);

// True for a raw node (kRawJsonSubtype).
[[nodiscard]] bool IsRawJson(const nlohmann::json& value);
// A raw node's JSON text. Requires IsRawJson(value).
[[nodiscard]] std::string_view RawJsonText(const nlohmann::json& value);

// True for an array, or a raw node that holds an array's text.
[[nodiscard]] bool IsList(const nlohmann::json& value);
// The number of elements of a list (IsList); 0 for anything else.
[[nodiscard]] std::size_t ElementCount(const nlohmann::json& list);
// Calls `visit` with each element of a list (IsList), in order, until it
// returns false. An array's elements are visited where they are; a raw
// node's are built one at a time (under the policy ParseJsonLazily applies
// inside a list) and dropped after their visit, so a long list costs its
// text and one element. Returns false when `list` is not a list or a visit
// returned false.
bool ForEachElement(const nlohmann::json& list,
                    const std::function<bool(const nlohmann::json&)>& visit);

// `value` as JSON text, as nlohmann's dump(-1, ' ', false, replace) writes
// it, with each raw node inside it written as its own text.
[[nodiscard]] std::string DumpJson(const nlohmann::json& value);

// What RepairPythonJson changed.
struct PythonJsonRepairs {
  std::size_t non_finite = 0;       // NaN, Infinity, -Infinity -> null
  std::size_t lone_surrogates = 0;  // "\ud800" unpaired -> "\ufffd"
  bool any() const { return non_finite > 0 || lone_surrogates > 0; }
};

// The JSON that Python's json.dumps writes by default but JSON forbids,
// made JSON: a bare NaN, Infinity or -Infinity (outside strings, where a
// value stands) becomes null, and a \u escape of a surrogate that has no
// partner becomes \ufffd (U+FFFD). Everything else is copied as it is.
// Returns std::nullopt when there was nothing to change.
[[nodiscard]] std::optional<std::string> RepairPythonJson(
    std::string_view text, PythonJsonRepairs* repairs);

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_JSON_PARSE_H_
