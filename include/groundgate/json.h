// groundgate/json.h — optional nlohmann::json conveniences over the API's
// JSON text.
//
// Its one job: let an application that already uses nlohmann::json work
// with groundgate in nlohmann types. The compiled library takes and returns
// JSON as text (std::string, std::string_view) and never exposes a JSON
// library's types; this header converts at the application's side. It is
// header-only: every function is inline, compiled into the application,
// never into libgroundgate, so nlohmann is a dependency of the application
// that includes it and of no one else. Include it explicitly;
// groundgate/groundgate.h does not.
//
// What it does NOT do: change any output. Each function parses the
// library's text or dumps the application's JSON; the bytes the library
// writes are the same with or without it.
//
//   #include "groundgate/groundgate.h"
//   #include "groundgate/json.h"  // needs nlohmann_json 3.11
//
//   groundgate::ToolRegistry tools;
//   absl::Status added = tools.Register(
//       {.name = "get_order",
//        .description = "Look up one order by id.",
//        .parameters = groundgate::JsonText(
//            {{"type", "object"},
//             {"properties", {{"order_id", {{"type", "string"}}}}},
//             {"required", {"order_id"}}})},
//       groundgate::WithJsonArguments(
//           [&](const nlohmann::json& args) -> absl::StatusOr<std::string> {
//             return orders.Find(args.at("order_id").get<std::string>());
//           }));
//   nlohmann::ordered_json verdict =
//       groundgate::VerdictToOrderedJson(gate->Judge(answer, corpus));
//   if (verdict["action"] == "flagged") { ... }
//
// Thread safety: pure functions.
#ifndef GROUNDGATE_JSON_H_
#define GROUNDGATE_JSON_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "groundgate/agent.h"
#include "groundgate/events.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"
#include "nlohmann/json.hpp"

namespace groundgate {

// `value` as compact JSON text, for the API's JSON text fields
// (ToolSpec::parameters, OpenAiClientOptions::extra_body). A string that is
// not valid UTF-8 has its bad bytes replaced with U+FFFD. Never throws.
inline std::string JsonText(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The library's JSON text (VerdictToJson, EventToJsonLine, ToOpenAiJson)
// parsed into an object whose keys keep the library's order. The text is
// valid JSON by construction; anything else gives a discarded value
// (is_discarded()), never an exception.
inline nlohmann::ordered_json ParseOrderedJson(std::string_view text) {
  return nlohmann::ordered_json::parse(text, nullptr,
                                       /*allow_exceptions=*/false);
}

// VerdictToJson (groundgate/verdict_json.h) as an nlohmann object.
inline nlohmann::ordered_json VerdictToOrderedJson(
    const Verdict& verdict, const VerdictJsonOptions& options = {}) {
  return ParseOrderedJson(VerdictToJson(verdict, options));
}

// EventToJsonLine (groundgate/events.h) as an nlohmann object.
inline nlohmann::ordered_json EventToOrderedJson(const Event& event) {
  return ParseOrderedJson(EventToJsonLine(event));
}

// ToOpenAiJson (groundgate/agent.h) as an nlohmann object, for a
// ModelClient that adds "model" and its settings before it sends the body.
inline nlohmann::ordered_json ToOpenAiOrderedJson(const ModelRequest& request) {
  return ParseOrderedJson(ToOpenAiJson(request));
}

// ModelReplyFromOpenAiJson (groundgate/agent.h) for a response the
// application already parsed. (Not an overload of it: a std::string
// converts to both std::string_view and nlohmann::json.) The response is
// dumped whole, and nlohmann's dump recurses once per level: for untrusted
// text, call ModelReplyFromOpenAiJson on the text instead. Never throws.
inline absl::StatusOr<ModelReply> ModelReplyFromOpenAiJsonObject(
    const nlohmann::json& response) {
  return ModelReplyFromOpenAiJson(std::string_view(JsonText(response)));
}

// A handler of nlohmann::json arguments.
using JsonToolHandler =
    std::function<absl::StatusOr<std::string>(const nlohmann::json& arguments)>;

// A ToolHandler (groundgate/agent.h) that parses the call's arguments and
// hands them to `handler` as an nlohmann::json object. The registry has
// already checked that they are one JSON object; text that still does not
// parse gives InvalidArgument. An empty `handler` gives an empty ToolHandler
// (which Register refuses). What `handler` throws, the registry catches.
inline ToolHandler WithJsonArguments(JsonToolHandler handler) {
  if (!handler) return ToolHandler();
  return [handler = std::move(handler)](
             std::string_view arguments) -> absl::StatusOr<std::string> {
    const nlohmann::json parsed =
        nlohmann::json::parse(arguments, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) {
      return absl::InvalidArgumentError("the arguments are not JSON");
    }
    return handler(parsed);
  };
}

}  // namespace groundgate

#endif  // GROUNDGATE_JSON_H_
