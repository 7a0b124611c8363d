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
#include <cstring>
#include <functional>
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

// Keys that mark an object as part of a conversation's structure (a
// message, a content part, an item, a step, a JSON-RPC frame): an array or
// map whose first member is such an object is always built whole.
bool IsStructuralKey(std::string_view key) {
  static constexpr std::string_view kKeys[] = {
      "role",       "type",         "content",     "jsonrpc",
      "method",     "result",       "params",      "function",
      "tool_calls", "tool_call_id", "tool_use_id", "input",
      "output",     "steps",        "messages",    "text"};
  for (const std::string_view k : kKeys) {
    if (key == k) return true;
  }
  return false;
}

// The root object's members that hold a conversation's list: a lazy parse
// keeps a long one raw, and the trace readers read it element by element.
bool IsListKey(std::string_view key) {
  return key == "messages" || key == "steps" || key == "input" ||
         key == "output";
}

bool IsStructural(const Json& member) {
  if (!member.is_object()) return false;
  for (const auto& [key, value] : member.items()) {
    if (IsStructuralKey(key)) return true;
  }
  return false;
}

// One document to one DOM. With a lazy policy, a dense container (see
// ParseJsonLazily) is validated but not built: it becomes a raw node.
class Converter {
 public:
  // `text_end`: one past the last byte of the document's text.
  Converter(od::document& doc, const LazyPolicy* lazy, const char* text_end)
      : doc_(doc), lazy_(lazy), text_end_(text_end) {}

  // `list` is true for a conversation's list: the root array, or an array
  // under one of the root object's list keys (IsListKey).
  simdjson::error_code Convert(od::value value, std::size_t depth, Json* out,
                               bool list = false) {
    // Checked before descending: On-Demand itself only asserts its depth
    // (in a debug build) and would read past its stack of open scopes. The
    // root is depth 1; the parser was allocated for kMaxSimdjsonDepth.
    if (depth + 1 >= kMaxSimdjsonDepth) return simdjson::DEPTH_ERROR;
    od::json_type type;
    if (auto error = value.type().get(type)) return error;
    // A lazy parse gives up past its policy's depth wherever the container
    // is, so that a container later kept raw was checked before it was.
    const bool container =
        type == od::json_type::object || type == od::json_type::array;
    if (container && lazy_ != nullptr && depth > lazy_->max_depth) {
      return simdjson::DEPTH_ERROR;
    }
    switch (type) {
      case od::json_type::object: {
        // Where a container that may turn raw begins (lazy parses only).
        const char* start =
            lazy_ != nullptr ? value.raw_json_token().data() : nullptr;
        od::object object;
        if (auto error = value.get_object().get(object)) return error;
        return ConvertObject(object, depth, start, out);
      }
      case od::json_type::array: {
        // Where a container that may turn raw begins (lazy parses only).
        const char* start =
            lazy_ != nullptr ? value.raw_json_token().data() : nullptr;
        od::array array;
        if (auto error = value.get_array().get(array)) return error;
        return ConvertArray(array, depth, start, out, list);
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

 private:
  // True when a container below the root has just reached the number of
  // members at which a lazy parse keeps it raw, unless one is structural.
  // False at once for an exact parse, which asks nothing more.
  bool AtLazyThreshold(std::size_t depth, std::size_t members) const {
    return lazy_ != nullptr && depth >= 2 && members == lazy_->min_members;
  }

  simdjson::error_code ConvertObject(od::object object, std::size_t depth,
                                     const char* start, Json* out) {
    *out = Json::object();
    auto& members = out->get_ref<Json::object_t&>();
    std::size_t count = 0;
    bool structural = false;  // some member so far has a structural key
    bool raw = false;
    for (auto field_result : object) {
      od::field field;
      if (auto error = std::move(field_result).get(field)) return error;
      std::string_view key;
      if (auto error = field.unescaped_key().get(key)) return error;
      if (raw) {
        if (auto error = Validate(field.value(), depth + 1)) return error;
        continue;
      }
      // Copied before the value is read: the key's view lives in the
      // parser's string buffer, which the value's strings extend.
      std::string owned_key(key);
      Json member;
      const bool list = depth == 1 && IsListKey(owned_key);
      if (auto error = Convert(field.value(), depth + 1, &member, list)) {
        return error;
      }
      // Last one wins, as in nlohmann's parser.
      if (lazy_ != nullptr && !structural) {
        structural = IsStructuralKey(owned_key);
      }
      members.insert_or_assign(std::move(owned_key), std::move(member));
      if (AtLazyThreshold(depth, ++count) && !structural) raw = true;
    }
    return raw ? MakeRaw(start, '}', out) : simdjson::SUCCESS;
  }

  // True when a conversation's list has just reached the number of
  // elements at which a lazy parse keeps it raw, whatever they hold.
  bool AtListThreshold(std::size_t elements) const {
    return lazy_ != nullptr && elements == lazy_->min_list_elements;
  }

  simdjson::error_code ConvertArray(od::array array, std::size_t depth,
                                    const char* start, Json* out, bool list) {
    *out = Json::array();
    auto& elements = out->get_ref<Json::array_t&>();
    bool raw = false;
    for (auto element_result : array) {
      od::value element;
      if (auto error = std::move(element_result).get(element)) return error;
      if (raw) {
        if (auto error = Validate(element, depth + 1)) return error;
        continue;
      }
      Json converted;
      if (auto error = Convert(element, depth + 1, &converted)) return error;
      elements.push_back(std::move(converted));
      if (list ? AtListThreshold(elements.size())
               : AtLazyThreshold(depth, elements.size()) &&
                     !IsStructural(elements.front())) {
        raw = true;
      }
    }
    return raw ? MakeRaw(start, ']', out) : simdjson::SUCCESS;
  }

  // Reads a value through, as Convert does, building nothing; past the
  // policy's depth the whole parse gives up (the caller then parses
  // exactly, and the record's depth check names the field).
  simdjson::error_code Validate(od::value value, std::size_t depth) {
    if (depth + 1 >= kMaxSimdjsonDepth) return simdjson::DEPTH_ERROR;
    od::json_type type;
    if (auto error = value.type().get(type)) return error;
    const bool container =
        type == od::json_type::object || type == od::json_type::array;
    if (container && depth > lazy_->max_depth) return simdjson::DEPTH_ERROR;
    switch (type) {
      case od::json_type::object: {
        od::object object;
        if (auto error = value.get_object().get(object)) return error;
        for (auto field_result : object) {
          od::field field;
          if (auto error = std::move(field_result).get(field)) return error;
          std::string_view key;
          if (auto error = field.unescaped_key().get(key)) return error;
          if (auto error = Validate(field.value(), depth + 1)) return error;
        }
        return simdjson::SUCCESS;
      }
      case od::json_type::array: {
        od::array array;
        if (auto error = value.get_array().get(array)) return error;
        for (auto element_result : array) {
          od::value element;
          if (auto error = std::move(element_result).get(element)) {
            return error;
          }
          if (auto error = Validate(element, depth + 1)) return error;
        }
        return simdjson::SUCCESS;
      }
      default: {
        Json scalar;  // a scalar costs no allocation but a string's
        return Convert(value, depth, &scalar);
      }
    }
  }

  // The container that began at `start` and just closed, as a raw node:
  // its text up to the `close` byte before the document's position.
  simdjson::error_code MakeRaw(const char* start, char close, Json* out) {
    // Only the root ends the text: the document has no location past it.
    const char* end = text_end_;
    if (doc_.current_location().get(end) != simdjson::SUCCESS) end = text_end_;
    while (end > start && *(end - 1) != close) --end;
    if (end == start) return simdjson::TAPE_ERROR;
    *out = Json::binary(Json::binary_t::container_type(start, end),
                        kRawJsonSubtype);
    return simdjson::SUCCESS;
  }

  od::document& doc_;
  const LazyPolicy* lazy_;
  const char* text_end_;
};

// The root: an object or an array; a scalar document (rare in a trace) is
// left to nlohmann (simdjson 3.0's scalar documents read differently at
// their end).
simdjson::error_code ConvertRoot(od::document& doc, std::string_view text,
                                 const LazyPolicy* lazy, bool root_is_list,
                                 Json* out) {
  od::json_type type;
  if (auto error = doc.type().get(type)) return error;
  if (type != od::json_type::object && type != od::json_type::array) {
    return simdjson::INCORRECT_TYPE;
  }
  od::value root;
  if (auto error = doc.get_value().get(root)) return error;
  Converter converter(doc, lazy, text.data() + text.size());
  if (auto error = converter.Convert(root, 1, out, root_is_list)) {
    return error;
  }
  // Trailing content ("{} x") is an error nlohmann reports: past the root,
  // simdjson 3.0 finds no location only at the end of the text.
  return doc.current_location().error() == simdjson::OUT_OF_BOUNDS
             ? simdjson::SUCCESS
             : simdjson::TRAILING_CONTENT;
}

// True when `text` holds a byte below 0x20: valid only as whitespace
// between tokens, and a raw one inside a string is an error nlohmann
// reports but simdjson 3.0 may not. Every line is scanned whole, so eight
// bytes are tested at once: in a word w, (w - 0x20 in each byte) & ~w has
// a byte's high bit set for some byte exactly when some byte is below 0x20
// (exact for any bound up to 0x80).
bool HasControlByte(std::string_view text) {
  constexpr std::uint64_t kEachByte = 0x0101010101010101;
  constexpr std::uint64_t kHighBits = 0x8080808080808080;
  std::uint64_t below = 0;
  std::size_t i = 0;
  for (; i + sizeof(std::uint64_t) <= text.size(); i += sizeof(std::uint64_t)) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof word);
    below |= (word - kEachByte * 0x20) & ~word & kHighBits;
  }
  bool found = below != 0;
  for (; i < text.size(); ++i) {
    found |= static_cast<unsigned char>(text[i]) < 0x20;
  }
  return found;
}

struct ThreadParser {
  od::parser parser;
  std::string buffer;  // the text, copied with simdjson's padding after it
};

}  // namespace

namespace {

// `root_is_list`: a root array is a conversation's list (a record's), not
// one element of one (ForEachElement's).
std::optional<Json> ParseWith(std::string_view text, const LazyPolicy* lazy,
                              bool root_is_list = true) {
  if (text.empty() || HasControlByte(text)) return std::nullopt;
  if (lazy != nullptr && text.size() < lazy->min_text_bytes) lazy = nullptr;
  thread_local std::unique_ptr<ThreadParser> state;
  if (!state) state = std::make_unique<ThreadParser>();
  // Sized once: assign-then-append would double a long line's copy.
  state->buffer.clear();
  state->buffer.reserve(text.size() + simdjson::SIMDJSON_PADDING);
  state->buffer.append(text);
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
        ConvertRoot(doc, std::string_view(state->buffer.data(), text.size()),
                    lazy, root_is_list, &out) == simdjson::SUCCESS) {
      result = std::move(out);
    }
  }
  if (text.size() > kMaxRetainedParserBytes) state.reset();
  return result;
}

}  // namespace

std::optional<Json> ParseJsonWithSimdjson(std::string_view text) {
  return ParseWith(text, nullptr);
}

std::optional<Json> ParseJsonLazily(std::string_view text,
                                    const LazyPolicy& policy) {
  return ParseWith(text, &policy);
}

bool IsRawJson(const Json& value) {
  return value.is_binary() && value.get_binary().has_subtype() &&
         value.get_binary().subtype() == kRawJsonSubtype;
}

std::string_view RawJsonText(const Json& value) {
  const Json::binary_t& bytes = value.get_binary();
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

namespace {

bool IsJsonSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Calls on_element(text) with the text of each element of `array`, the
// text of one JSON array that was validated, until it returns false; no
// parse, no index: a byte walk that knows strings, escapes and nesting.
// Returns false when on_element did.
template <typename OnElement>
bool SplitElements(std::string_view array, OnElement&& on_element) {
  constexpr std::size_t kNone = std::string_view::npos;
  std::size_t depth = 0;
  std::size_t start = kNone;  // where the current element began
  auto emit = [&](std::size_t end) {
    if (start == kNone) return true;
    while (end > start && IsJsonSpace(array[end - 1])) --end;
    const bool go_on = on_element(array.substr(start, end - start));
    start = kNone;
    return go_on;
  };
  for (std::size_t i = 0; i < array.size(); ++i) {
    const char c = array[i];
    if (IsJsonSpace(c)) continue;
    if (depth == 1 && start == kNone && c != ',' && c != ']') start = i;
    switch (c) {
      case '"':
        // To the closing quote; an escape's next byte is never it.
        for (++i; i < array.size() && array[i] != '"'; ++i) {
          if (array[i] == '\\') ++i;
        }
        break;
      case '[':
      case '{':
        ++depth;
        break;
      case ']':
      case '}':
        if (--depth == 0 && !emit(i)) return false;
        break;
      case ',':
        if (depth == 1 && !emit(i)) return false;
        break;
      default:
        break;
    }
  }
  return true;
}

}  // namespace

bool IsList(const Json& value) {
  return value.is_array() ||
         (IsRawJson(value) && RawJsonText(value).starts_with('['));
}

std::size_t ElementCount(const Json& list) {
  if (list.is_array()) return list.size();
  if (!IsList(list)) return 0;
  std::size_t count = 0;
  SplitElements(RawJsonText(list), [&](std::string_view) {
    ++count;
    return true;
  });
  return count;
}

bool ForEachElement(const Json& list,
                    const std::function<bool(const Json&)>& visit) {
  if (list.is_array()) {
    for (const Json& element : list) {
      if (!visit(element)) return false;
    }
    return true;
  }
  if (!IsList(list)) return false;
  // Inside an element, the policy the whole record's parse applied.
  LazyPolicy policy;
  policy.min_text_bytes = 0;
  return SplitElements(RawJsonText(list), [&](std::string_view text) {
    std::optional<Json> element =
        ParseWith(text, &policy, /*root_is_list=*/false);
    if (!element.has_value()) {
      // A scalar root is left to nlohmann by the fast parse.
      element = Json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (element->is_discarded()) return false;
    }
    return visit(*element);
  });
}

namespace {

bool HoldsRawJson(const Json& value) {
  if (IsRawJson(value)) return true;
  if (!value.is_structured()) return false;
  for (const Json& child : value) {
    if (HoldsRawJson(child)) return true;
  }
  return false;
}

void AppendJson(const Json& value, std::string* out) {
  if (IsRawJson(value)) {
    out->append(RawJsonText(value));
    return;
  }
  if (value.is_object()) {
    out->push_back('{');
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) out->push_back(',');
      first = false;
      out->append(
          Json(key).dump(-1, ' ', false, Json::error_handler_t::replace));
      out->push_back(':');
      AppendJson(member, out);
    }
    out->push_back('}');
    return;
  }
  if (value.is_array()) {
    out->push_back('[');
    bool first = true;
    for (const Json& element : value) {
      if (!first) out->push_back(',');
      first = false;
      AppendJson(element, out);
    }
    out->push_back(']');
    return;
  }
  out->append(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

}  // namespace

namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit a \u escape at text[i] ('\\') spells in four hex digits,
// or -1.
int EscapedUnit(std::string_view text, std::size_t i) {
  if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') {
    return -1;
  }
  int unit = 0;
  for (std::size_t k = i + 2; k < i + 6; ++k) {
    const int digit = HexDigit(text[k]);
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

bool EndsValue(char c) {
  return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' ||
         c == '\r' || c == '\n';
}

}  // namespace

std::optional<std::string> RepairPythonJson(std::string_view text,
                                            PythonJsonRepairs* repairs) {
  PythonJsonRepairs found;
  std::string out;
  std::size_t copied = 0;  // text[copied, i) is still to be copied
  auto replace = [&](std::size_t at, std::size_t length,
                     std::string_view with) {
    if (out.empty()) out.reserve(text.size());
    out.append(text.substr(copied, at - copied));
    out.append(with);
    copied = at + length;
  };
  bool in_string = false;
  char last = '\0';  // the last byte outside strings that is not a space
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '"') {
        in_string = false;
      } else if (c == '\\') {
        const int unit = EscapedUnit(text, i);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
          const int next = EscapedUnit(text, i + 6);
          if (next >= 0xDC00 && next <= 0xDFFF) {
            i += 11;  // a pair: kept
            continue;
          }
        }
        if (unit >= 0xD800 && unit <= 0xDFFF) {
          replace(i, 6, "\\ufffd");
          ++found.lone_surrogates;
          i += 5;
          continue;
        }
        ++i;  // any other escape: its next byte is not the string's end
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      last = c;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    if (last == ':' || last == '[' || last == ',' || last == '\0') {
      for (const std::string_view word : {"NaN", "Infinity", "-Infinity"}) {
        if (text.substr(i, word.size()) == word &&
            (i + word.size() == text.size() ||
             EndsValue(text[i + word.size()]))) {
          replace(i, word.size(), "null");
          ++found.non_finite;
          i += word.size() - 1;
          break;
        }
      }
    }
    last = c;
  }
  if (repairs != nullptr) *repairs = found;
  if (!found.any()) return std::nullopt;
  out.append(text.substr(copied));
  return out;
}

std::string DumpJson(const Json& value) {
  if (!HoldsRawJson(value)) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  std::string out;
  AppendJson(value, &out);
  return out;
}

}  // namespace groundgate::base
