// traces/options_json.cc — GateOptions and CorpusOptions written as JSON.
// See options_json.h.
//
// What it does NOT do: check values Gate::Create checks, or throw (every
// access is guarded by a type test first).
#include "traces/options_json.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "groundgate/trace.h"
#include "traces/trace_json.h"

namespace groundgate::traces {
namespace {

using Json = nlohmann::json;

// The members an options object may hold, for the unknown-member message.
constexpr std::string_view kMembers =
    "min_digits, shapes, exempt_values, exempt_patterns, names, arithmetic, "
    "quantities, bind_records, misattribution_flags";

// The members a corpus options object may hold.
constexpr std::string_view kCorpusMembers = "max_index_tokens, process_caches";

// Debian's abseil has its own string_view: StrCat takes std::string.
std::string Str(std::string_view text) { return std::string(text); }

absl::Status Mistyped(std::string_view path, std::string_view expected,
                      const Json& value) {
  return absl::InvalidArgumentError(absl::StrCat(
      Str(path), ": expected ", Str(expected), ", got ", value.type_name()));
}

absl::Status ReadStringList(const Json& value, std::string_view key,
                            std::vector<std::string>* out) {
  if (!value.is_array()) {
    return Mistyped(key, "an array of strings", value);
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& item = value[i];
    if (!item.is_string()) {
      return Mistyped(absl::StrCat(Str(key), "[", i, "]"), "a string", item);
    }
    out->push_back(item.get<std::string>());
  }
  return absl::OkStatus();
}

absl::Status ReadShapes(const Json& value, std::vector<DeclaredShape>* out) {
  if (!value.is_array()) {
    return Mistyped("shapes", "an array of {\"name\", \"pattern\"}", value);
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& shape = value[i];
    const std::string path = absl::StrCat("shapes[", i, "]");
    if (!shape.is_object()) {
      return Mistyped(path, "an object {\"name\", \"pattern\"}", shape);
    }
    DeclaredShape declared;
    for (const auto& [key, member] : shape.items()) {
      std::string* field = key == "name"      ? &declared.name
                           : key == "pattern" ? &declared.pattern
                                              : nullptr;
      if (field == nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(
            path, ": unknown key \"", key, "\" (expected name and pattern)"));
      }
      if (!member.is_string()) {
        return Mistyped(absl::StrCat(path, ".", key), "a string", member);
      }
      *field = member.get<std::string>();
    }
    for (const char* key : {"name", "pattern"}) {
      if (!shape.contains(key)) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ".", key, ": missing"));
      }
    }
    out->push_back(std::move(declared));
  }
  return absl::OkStatus();
}

absl::Status ReadMinDigits(const Json& value, int* out) {
  // A bool is not a number here, though nlohmann keeps them apart anyway.
  if (value.is_number_integer()) {
    const auto digits = value.get<std::int64_t>();
    if (digits < std::numeric_limits<int>::min() ||
        digits > std::numeric_limits<int>::max()) {
      return absl::InvalidArgumentError(
          absl::StrCat("min_digits: ", digits, " is out of range"));
    }
    *out = static_cast<int>(digits);
    return absl::OkStatus();
  }
  if (value.is_number_unsigned()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "min_digits: ", value.get<std::uint64_t>(), " is out of range"));
  }
  return Mistyped("min_digits", "an integer", value);
}

absl::Status ReadBool(const Json& value, std::string_view key, bool* out) {
  if (!value.is_boolean()) return Mistyped(key, "true or false", value);
  *out = value.get<bool>();
  return absl::OkStatus();
}

absl::Status ReadIndexTokens(const Json& value, std::size_t* out) {
  constexpr std::string_view kKey = "max_index_tokens";
  if (value.is_number_unsigned() ||
      (value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
    const auto tokens = value.get<std::uint64_t>();
    if (tokens < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat(Str(kKey), ": must be at least 1, got 0"));
    }
    if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
      if (tokens > std::numeric_limits<std::size_t>::max()) {
        return absl::InvalidArgumentError(
            absl::StrCat(Str(kKey), ": ", tokens, " is out of range"));
      }
    }
    *out = static_cast<std::size_t>(tokens);
    return absl::OkStatus();
  }
  if (value.is_number_integer()) {
    return absl::InvalidArgumentError(absl::StrCat(
        Str(kKey), ": must be at least 1, got ", value.get<std::int64_t>()));
  }
  return Mistyped(kKey, "an integer", value);
}

}  // namespace

absl::StatusOr<GateOptions> GateOptionsFromJson(const Json& options) {
  if (!options.is_object()) {
    return Mistyped("options",
                    absl::StrCat("an object with any of ", Str(kMembers)),
                    options);
  }
  GateOptions read;
  for (const auto& [key, value] : options.items()) {
    absl::Status status;
    if (key == "min_digits") {
      status = ReadMinDigits(value, &read.min_digits);
    } else if (key == "shapes") {
      status = ReadShapes(value, &read.shapes);
    } else if (key == "exempt_values") {
      status = ReadStringList(value, key, &read.exempt_values);
    } else if (key == "exempt_patterns") {
      status = ReadStringList(value, key, &read.exempt_patterns);
    } else if (key == "names") {
      status = ReadBool(value, key, &read.names);
    } else if (key == "arithmetic") {
      status = ReadBool(value, key, &read.arithmetic);
    } else if (key == "quantities") {
      status = ReadBool(value, key, &read.quantities);
    } else if (key == "bind_records") {
      status = ReadBool(value, key, &read.bind_records);
    } else if (key == "misattribution_flags") {
      status = ReadBool(value, key, &read.misattribution_flags);
    } else {
      status = absl::InvalidArgumentError(absl::StrCat(
          "unknown option \"", key, "\" (expected ", Str(kMembers), ")"));
    }
    if (!status.ok()) return status;
  }
  return read;
}

absl::StatusOr<GateOptions> GateOptionsFromJsonText(std::string_view text) {
  absl::StatusOr<Json> document = ParseJsonText(text);
  if (!document.ok()) return document.status();
  return GateOptionsFromJson(*document);
}

absl::StatusOr<CorpusOptions> CorpusOptionsFromJson(const Json& options) {
  if (!options.is_object()) {
    return Mistyped("options",
                    absl::StrCat("an object with any of ", Str(kCorpusMembers)),
                    options);
  }
  CorpusOptions read;
  for (const auto& [key, value] : options.items()) {
    absl::Status status;
    if (key == "max_index_tokens") {
      status = ReadIndexTokens(value, &read.max_index_tokens);
    } else if (key == "process_caches") {
      status = ReadBool(value, key, &read.process_caches);
    } else {
      status = absl::InvalidArgumentError(absl::StrCat(
          "unknown option \"", key, "\" (expected ", Str(kCorpusMembers), ")"));
    }
    if (!status.ok()) return status;
  }
  return read;
}

absl::StatusOr<CorpusOptions> CorpusOptionsFromJsonText(std::string_view text) {
  absl::StatusOr<Json> document = ParseJsonText(text);
  if (!document.ok()) return document.status();
  return CorpusOptionsFromJson(*document);
}

Json GateOptionsToJson(const GateOptions& options) {
  Json shapes = Json::array();
  for (const DeclaredShape& shape : options.shapes) {
    shapes.push_back({{"name", shape.name}, {"pattern", shape.pattern}});
  }
  return {{"min_digits", options.min_digits},
          {"shapes", std::move(shapes)},
          {"exempt_values", options.exempt_values},
          {"exempt_patterns", options.exempt_patterns},
          {"names", options.names},
          {"arithmetic", options.arithmetic},
          {"quantities", options.quantities},
          {"bind_records", options.bind_records},
          {"misattribution_flags", options.misattribution_flags}};
}

}  // namespace groundgate::traces
