// runtime/tool_registry.cc — the application's tools: registered once, run
// by name, never throwing.
//
// Its one job: turn one ToolCall into one ToolOutcome. It sits between the
// model's reply and the record stage: the Agent records only outcomes that
// are ok. Every failure — an unknown name, arguments that are not a JSON
// object, a handler that returns an error or throws — becomes an error
// outcome whose content tells the model what went wrong, so it can correct
// the call.
//
// What it does NOT do: record evidence, time out a handler, or validate the
// arguments against the JSON schema (the handler owns its arguments).
#include <exception>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/absl_view.h"
#include "base/clip.h"
#include "base/json_depth.h"
#include "groundgate/agent.h"
#include "nlohmann/json.hpp"
#include "runtime/tool_outcomes.h"

namespace groundgate {
namespace {

using base::AbslView;
using base::StdView;

bool ValidToolName(std::string_view name) {
  if (name.empty() || name.size() > kMaxToolNameBytes) return false;
  for (const char c : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_' &&
        c != '-') {
      return false;
    }
  }
  return true;
}

// True when `text` is one JSON object nested at most `depth` levels.
bool IsJsonObject(std::string_view text, int depth) {
  if (base::JsonNestsDeeperThan(text, depth)) return false;
  // A SAX pass: validates without building the object.
  return nlohmann::json::accept(text) &&
         text[text.find_first_not_of(" \t\r\n")] == '{';
}

}  // namespace

struct ToolRegistry::Tools {
  std::vector<ToolSpec> specs;                            // registration order
  std::vector<ToolHandler> handlers;                      // parallel to specs
  absl::flat_hash_map<std::string, std::size_t> by_name;  // lookup only
};

ToolRegistry::ToolRegistry() : tools_(std::make_unique<Tools>()) {}
ToolRegistry::~ToolRegistry() = default;
ToolRegistry::ToolRegistry(ToolRegistry&&) noexcept = default;
ToolRegistry& ToolRegistry::operator=(ToolRegistry&&) noexcept = default;

absl::Status ToolRegistry::Register(ToolSpec spec, ToolHandler handler) {
  if (!ValidToolName(spec.name)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ToolSpec.name \"", base::ClipUtf8(spec.name, kMaxToolNameBytes),
        "\" is not a tool name: use 1 to ", kMaxToolNameBytes,
        " characters from [A-Za-z0-9_-]"));
  }
  if (tools_->by_name.contains(spec.name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("ToolSpec.name \"", spec.name,
                     "\" is already registered: give each tool its own name"));
  }
  if (!IsJsonObject(spec.parameters, kMaxToolArgumentDepth)) {
    return absl::InvalidArgumentError(
        absl::StrCat("ToolSpec.parameters of \"", spec.name,
                     "\" is not the text of a JSON object (nested at most ",
                     kMaxToolArgumentDepth,
                     " levels): pass a JSON Schema such as "
                     "{\"type\": \"object\", \"properties\": {}}"));
  }
  if (!handler) {
    return absl::InvalidArgumentError(
        absl::StrCat("the handler of \"", spec.name,
                     "\" is empty: pass a function that returns the result"));
  }
  tools_->by_name.emplace(spec.name, tools_->specs.size());
  tools_->specs.push_back(std::move(spec));
  tools_->handlers.push_back(std::move(handler));
  return absl::OkStatus();
}

ToolOutcome ToolRegistry::Invoke(const ToolCall& call) const {
  const auto it = tools_->by_name.find(AbslView(call.name));
  if (it == tools_->by_name.end()) {
    std::vector<absl::string_view> names;
    for (const ToolSpec& spec : tools_->specs) names.push_back(spec.name);
    return ToolFailure(
        ToolError::kUnknownTool,
        absl::StrCat("error: there is no tool named \"",
                     base::ClipUtf8(call.name, kMaxToolNameBytes),
                     "\". Available tools: ",
                     names.empty() ? "none" : absl::StrJoin(names, ", "), "."));
  }
  const std::string& name = tools_->specs[it->second].name;

  const std::string_view text =
      StdView(absl::StripAsciiWhitespace(call.arguments));
  if (text.size() > kMaxToolArgumentBytes) {
    return ToolFailure(
        ToolError::kBadArguments,
        absl::StrCat("error: the arguments for \"", name, "\" are larger than ",
                     kMaxToolArgumentBytes,
                     " bytes. Send a small JSON object."));
  }
  // Before parsing, so a hostile argument never reaches a recursive walk.
  if (base::JsonNestsDeeperThan(text, kMaxToolArgumentDepth)) {
    return ToolFailure(
        ToolError::kBadArguments,
        absl::StrCat("error: the arguments for \"", name,
                     "\" nest deeper than ", kMaxToolArgumentDepth,
                     " levels. Send a flat JSON object."));
  }
  const std::string_view arguments = text.empty() ? "{}" : text;
  if (!IsJsonObject(arguments, kMaxToolArgumentDepth)) {
    return ToolFailure(
        ToolError::kBadArguments,
        absl::StrCat("error: the arguments for \"", name,
                     "\" are not a JSON object. Send the arguments as one "
                     "JSON object that matches the tool's parameters."));
  }

  absl::StatusOr<std::string> result;
  try {
    result = tools_->handlers[it->second](arguments);
  } catch (const std::exception& e) {
    result = absl::InternalError(e.what());
  } catch (...) {
    result = absl::InternalError("the handler threw an exception");
  }
  if (!result.ok()) {
    return ToolFailure(
        ToolError::kHandlerError,
        absl::StrCat("error: \"", name, "\" failed: ",
                     base::ClipUtf8(StdView(result.status().message()),
                                    kMaxToolErrorBytes)));
  }
  return ToolSuccess(*std::move(result));
}

bool ToolRegistry::Contains(std::string_view name) const {
  return tools_->by_name.contains(AbslView(name));
}

const std::vector<ToolSpec>& ToolRegistry::specs() const {
  return tools_->specs;
}

}  // namespace groundgate
