// tests/fuzz/json_parse_fuzzer.cc — target `json_parse`: simdjson against
// nlohmann on the same bytes (base/json_parse.h).
//
// Its one job: hold ParseJsonWithSimdjson to its contract on arbitrary
// bytes. Whatever it accepts, nlohmann's own parser accepts too, with an
// equal DOM and the same dump (types included: an unsigned, a signed and a
// double 1 dump differently); ParseJsonText, which tries simdjson first,
// returns exactly nlohmann's verdict. ParseJsonLazily accepts the same texts,
// and its DumpJson reads back as nlohmann's DOM; RepairPythonJson returns a
// text exactly when it changed one. A crash, a sanitizer report or a
// broken contract stops the run.
//
// What it does NOT do: read traces (the adapters and jsonl targets do).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "base/json_parse.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "tests/fuzz/fuzz_checks.h"
#include "traces/trace_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json slow =
      nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  const std::optional<nlohmann::json> fast =
      groundgate::base::ParseJsonWithSimdjson(text);
  if (fast.has_value()) {
    GG_FUZZ_CHECK(!slow.is_discarded(),
                  "simdjson accepts only what nlohmann accepts");
    GG_FUZZ_CHECK(*fast == slow, "the same DOM as nlohmann's");
    GG_FUZZ_CHECK(
        fast->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) ==
            slow.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
        "the same dump as nlohmann's (number types included)");
  }
  const absl::StatusOr<nlohmann::json> parsed = groundgate::ParseJsonText(text);
  GG_FUZZ_CHECK(parsed.ok() == !slow.is_discarded(),
                "ParseJsonText accepts exactly what nlohmann accepts");
  if (parsed.ok()) GG_FUZZ_CHECK(*parsed == slow, "and reads it alike");
  // The lazy parse (dense containers kept as text, here from 3 members on)
  // accepts exactly the same texts, and its text reads back as the DOM.
  groundgate::base::LazyPolicy policy;
  policy.min_text_bytes = 0;
  policy.min_members = 3;
  policy.min_list_elements = 2;
  const std::optional<nlohmann::json> lazy =
      groundgate::base::ParseJsonLazily(text, policy);
  if (lazy.has_value()) {
    GG_FUZZ_CHECK(!slow.is_discarded(),
                  "the lazy parse accepts only what nlohmann accepts");
    const std::string dumped = groundgate::base::DumpJson(*lazy);
    const nlohmann::json reread = nlohmann::json::parse(dumped, nullptr, false);
    GG_FUZZ_CHECK(reread == slow, "the lazy DOM's text reads as the DOM");
    // A conversation's list kept raw is read element by element as the
    // exact DOM's elements.
    auto same_elements = [](const nlohmann::json& list,
                            const nlohmann::json& exact) {
      std::vector<nlohmann::json> read;
      const bool whole = groundgate::base::ForEachElement(
          list, [&](const nlohmann::json& element) {
            read.push_back(nlohmann::json::parse(
                groundgate::base::DumpJson(element), nullptr, false));
            return true;
          });
      GG_FUZZ_CHECK(whole, "every element of a list is read");
      GG_FUZZ_CHECK(nlohmann::json(read) == exact,
                    "a list's elements read as the exact DOM's");
      GG_FUZZ_CHECK(groundgate::base::ElementCount(list) == exact.size(),
                    "a list's count is its elements'");
    };
    if (groundgate::base::IsList(*lazy)) same_elements(*lazy, slow);
    if (lazy->is_object()) {
      for (const char* key : {"messages", "steps", "input", "output"}) {
        const auto it = lazy->find(key);
        if (it != lazy->end() && groundgate::base::IsList(*it)) {
          same_elements(*it, slow[key]);
        }
      }
    }
  } else if (fast.has_value()) {
    GG_FUZZ_CHECK(false, "the lazy parse accepts what simdjson accepts");
  }
  // Python's spellings made JSON: the repair never turns JSON into non-JSON.
  groundgate::base::PythonJsonRepairs repairs;
  const std::optional<std::string> repaired =
      groundgate::base::RepairPythonJson(text, &repairs);
  GG_FUZZ_CHECK(repaired.has_value() == repairs.any(),
                "a repair is returned exactly when something changed");
  return 0;
}
