// examples/order_tools.h — the two tools the Agent examples register.
//
// Its one job: the application side the Agent examples share: an
// in-memory store of orders and shipments, and get_order and get_shipment
// over it. A lookup returns the record as JSON or, for an unknown id, the
// absence convention (it grounds what was checked, never the id asked for).
//
//   groundgate::ToolRegistry tools;
//   if (absl::Status added = RegisterOrderTools(&tools); !added.ok()) ...
//
// What it does NOT do: model anything; each example brings its own model
// (a scripted one, a live endpoint).
#ifndef GROUNDGATE_EXAMPLES_ORDER_TOOLS_H_
#define GROUNDGATE_EXAMPLES_ORDER_TOOLS_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "groundgate/agent.h"
#include "groundgate/json.h"

namespace order_tools {

// The application's data, one table of records per tool, keyed by id.
inline constexpr std::string_view kStoreJson = R"({
  "orders": {
    "ORD-1042": {"order_id": "ORD-1042", "customer": "Julia Hester",
                 "total": "1249.50", "status": "shipped",
                 "shipment_id": "SHP-88410"},
    "ORD-1043": {"order_id": "ORD-1043", "customer": "Ken Ito",
                 "total": "86.00", "status": "processing",
                 "shipment_id": null}
  },
  "shipments": {
    "SHP-88410": {"shipment_id": "SHP-88410", "carrier": "DHL",
                  "tracking": "JD014600003812", "status": "in_transit",
                  "eta": "2024-05-17"}
  }
})";

// kStoreJson, parsed once.
inline const nlohmann::json& Store() {
  static const auto* store = new nlohmann::json(
      nlohmann::json::parse(kStoreJson, nullptr, /*allow_exceptions=*/false));
  return *store;
}

// A lookup tool over the store's `table`, by the argument `key`.
inline groundgate::ToolHandler Lookup(std::string table, std::string key) {
  return groundgate::WithJsonArguments(
      [table, key](const nlohmann::json& args) -> absl::StatusOr<std::string> {
        const auto id = args.find(key);
        if (id == args.end() || !id->is_string()) {
          return absl::InvalidArgumentError(key + " is required");
        }
        const nlohmann::json& rows = Store().at(table);
        const auto row = rows.find(id->get<std::string>());
        if (row == rows.end()) {
          return nlohmann::json{{"groundgate_absence",
                                 {{"looked_for", {*id}}, {"checked", {table}}}}}
              .dump();
        }
        return row->dump();
      });
}

// The JSON Schema of a tool's arguments: one required string, `key`.
inline std::string IdParameter(const std::string& key) {
  return groundgate::JsonText({{"type", "object"},
                               {"properties", {{key, {{"type", "string"}}}}},
                               {"required", {key}}});
}

// Registers get_order and get_shipment on `tools`. Returns the first
// Register error.
inline absl::Status RegisterOrderTools(groundgate::ToolRegistry* tools) {
  struct Tool {
    const char* name;
    const char* description;
    const char* table;
    const char* key;
  };
  static constexpr Tool kTools[] = {
      {"get_order", "Look up one order by its id, e.g. ORD-1042.", "orders",
       "order_id"},
      {"get_shipment", "Look up one shipment by its id, e.g. SHP-88410.",
       "shipments", "shipment_id"},
  };
  for (const Tool& tool : kTools) {
    absl::Status added = tools->Register({.name = tool.name,
                                          .description = tool.description,
                                          .parameters = IdParameter(tool.key)},
                                         Lookup(tool.table, tool.key));
    if (!added.ok()) return added;
  }
  return absl::OkStatus();
}

}  // namespace order_tools

#endif  // GROUNDGATE_EXAMPLES_ORDER_TOOLS_H_
