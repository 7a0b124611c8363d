// tests/support/json_keys.h — the keys of a JSON object, in order.
//
// Its one job: `Keys`, so a suite can pin the order of a verdict's or an
// event's keys in one comparison. What it does NOT do: parse (the suite
// parses with ParseOrderedJson or nlohmann).
#ifndef GROUNDGATE_TESTS_SUPPORT_JSON_KEYS_H_
#define GROUNDGATE_TESTS_SUPPORT_JSON_KEYS_H_

#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace groundgate_test {

inline std::vector<std::string> Keys(const nlohmann::ordered_json& object) {
  std::vector<std::string> keys;
  for (auto it = object.begin(); it != object.end(); ++it) {
    keys.push_back(it.key());
  }
  return keys;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_JSON_KEYS_H_
