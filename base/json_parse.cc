// base/json_parse.cc — simdjson On-Demand to an nlohmann DOM.
//
// On-Demand is lazy: a syntax error can surface after part of the document
// was converted. The partial DOM is then thrown away and the caller parses
// the text again with nlohmann, so a document is either converted whole or
// not at all.
#include "base/json_parse.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <system_error>
#include <utility>

namespace groundgate::base {
namespace {

namespace od = simdjson::ondemand;
using Json = nlohmann::json;

// raw_json_token() keeps the whitespace that follows a number.
std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\n' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// A number's wire digits, typed as nlohmann's lexer types them: an integer
// token is unsigned without a '-' and signed with one while it fits; any
// other number (or an integer that overflows) is a double. False for a
// double that is not finite (nlohmann rejects "1e400").
bool NumberFromDigits(std::string_view digits, Json* out) {
  const char* begin = digits.data();
  const char* end = digits.data() + digits.size();
  const bool integer = digits.find_first_of(".eE") == std::string_view::npos;
  if (integer) {
    if (!digits.empty() && digits.front() == '-') {
      std::int64_t value = 0;
      const auto [ptr, ec] = std::from_chars(begin, end, value);
      if (ec == std::errc() && ptr == end) {
        *out = Json(value);
        return true;
      }
    } else {
      std::uint64_t value = 0;
      const auto [ptr, ec] = std::from_chars(begin, end, value);
      if (ec == std::errc() && ptr == end) {
        *out = Json(value);
        return true;
      }
    }
  }
  double value = 0;
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return false;
  *out = Json(value);
  return true;
}

simdjson::error_code Convert(od::value value, std::size_t depth, Json* out);

simdjson::error_code ConvertObject(od::object object, std::size_t depth,
                                   Json* out) {
  *out = Json::object();
  auto& members = out->get_ref<Json::object_t&>();
  for (auto field_result : object) {
    od::field field;
    if (auto error = std::move(field_result).get(field)) return error;
    std::string_view key;
    if (auto error = field.unescaped_key().get(key)) return error;
    // Copied before the value is read: the key's view lives in the
    // parser's string buffer, which the value's strings extend.
    std::string owned_key(key);
    Json member;
    if (auto error = Convert(field.value(), depth + 1, &member)) return error;
    // Last one wins, as in nlohmann's parser.
    members.insert_or_assign(std::move(owned_key), std::move(member));
  }
  return simdjson::SUCCESS;
}

simdjson::error_code ConvertArray(od::array array, std::size_t depth,
                                  Json* out) {
  *out = Json::array();
  auto& elements = out->get_ref<Json::array_t&>();
  for (auto element_result : array) {
    od::value element;
    if (auto error = std::move(element_result).get(element)) return error;
    Json converted;
    if (auto error = Convert(element, depth + 1, &converted)) return error;
    elements.push_back(std::move(converted));
  }
  return simdjson::SUCCESS;
}

simdjson::error_code Convert(od::value value, std::size_t depth, Json* out) {
  // Checked before descending: On-Demand itself only asserts its depth (in
  // a debug build) and would read past its stack of open scopes. The root
  // is depth 1; the parser was allocated for kMaxSimdjsonDepth.
  if (depth + 1 >= kMaxSimdjsonDepth) return simdjson::DEPTH_ERROR;
  od::json_type type;
  if (auto error = value.type().get(type)) return error;
  switch (type) {
    case od::json_type::object: {
      od::object object;
      if (auto error = value.get_object().get(object)) return error;
      return ConvertObject(object, depth, out);
    }
    case od::json_type::array: {
      od::array array;
      if (auto error = value.get_array().get(array)) return error;
      return ConvertArray(array, depth, out);
    }
    case od::json_type::number: {
      const std::string_view raw = TrimRight(value.raw_json_token());
      od::number number;  // validates the grammar ("01", "1." fail)
      if (auto error = value.get_number().get(number)) return error;
      return NumberFromDigits(raw, out) ? simdjson::SUCCESS
                                        : simdjson::NUMBER_ERROR;
    }
    case od::json_type::string: {
      std::string_view text;
      if (auto error = value.get_string().get(text)) return error;
      *out = Json(std::string(text));
      return simdjson::SUCCESS;
    }
    case od::json_type::boolean: {
      bool flag = false;
      if (auto error = value.get_bool().get(flag)) return error;
      *out = Json(flag);
      return simdjson::SUCCESS;
    }
    case od::json_type::null: {
      bool is_null = false;
      if (auto error = value.is_null().get(is_null)) return error;
      if (!is_null) return simdjson::INCORRECT_TYPE;
      *out = Json(nullptr);
      return simdjson::SUCCESS;
    }
  }
  return simdjson::INCORRECT_TYPE;
}

// The root: an object or an array; a scalar document (rare in a trace) is
// left to nlohmann (simdjson 3.0's scalar documents read differently at
// their end).
simdjson::error_code ConvertRoot(od::document& doc, Json* out) {
  od::json_type type;
  if (auto error = doc.type().get(type)) return error;
  if (type != od::json_type::object && type != od::json_type::array) {
    return simdjson::INCORRECT_TYPE;
  }
  od::value root;
  if (auto error = doc.get_value().get(root)) return error;
  if (auto error = Convert(root, 1, out)) return error;
  // Trailing content ("{} x") is an error nlohmann reports: past the root,
  // simdjson 3.0 finds no location only at the end of the text.
  return doc.current_location().error() == simdjson::OUT_OF_BOUNDS
             ? simdjson::SUCCESS
             : simdjson::TRAILING_CONTENT;
}

// True when `text` holds a byte below 0x20: valid only as whitespace
// between tokens, and a raw one inside a string is an error nlohmann
// reports but simdjson 3.0 may not.
bool HasControlByte(std::string_view text) {
  bool found = false;
  for (const char c : text) found |= static_cast<unsigned char>(c) < 0x20;
  return found;
}

struct ThreadParser {
  od::parser parser;
  std::string buffer;  // the text, copied with simdjson's padding after it
};

}  // namespace

std::optional<Json> ParseJsonWithSimdjson(std::string_view text) {
  if (text.empty() || HasControlByte(text)) return std::nullopt;
  thread_local std::unique_ptr<ThreadParser> state;
  if (!state) state = std::make_unique<ThreadParser>();
  state->buffer.assign(text);
  state->buffer.append(simdjson::SIMDJSON_PADDING, '\0');

  std::optional<Json> result;
  {
    od::document doc;
    Json out;
    // Buffers grow to the longest text and are reused after it.
    const bool ready =
        state->parser.capacity() >= text.size()
            ? true
            : state->parser.allocate(text.size(), kMaxSimdjsonDepth) ==
                  simdjson::SUCCESS;
    if (ready &&
        state->parser
                .iterate(state->buffer.data(), text.size(),
                         state->buffer.size())
                .get(doc) == simdjson::SUCCESS &&
        ConvertRoot(doc, &out) == simdjson::SUCCESS) {
      result = std::move(out);
    }
  }
  if (text.size() > kMaxRetainedParserBytes) state.reset();
  return result;
}

}  // namespace groundgate::base
