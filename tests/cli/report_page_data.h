// tests/cli/report_page_data.h — read the JSON a `groundgate report` page
// embeds, as its script reads it.
//
// Its one job: pull the index (`<script type="application/json"
// id="index">`) and each conversation's body (`id="dN"`) out of a page,
// parse them, and follow a shared message's reference to where it was
// written in full, so a test can check what the page will show before a
// browser draws it. Used by the report and cli misattributed suites.
//
// What it does NOT do: run the page's script (tests/cli/report_test.cc
// renders the page in headless Chromium for that) or check HTML.
#ifndef GROUNDGATE_TESTS_CLI_REPORT_PAGE_DATA_H_
#define GROUNDGATE_TESTS_CLI_REPORT_PAGE_DATA_H_

#include <doctest/doctest.h>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace groundgate_test {

struct ReportPageData {
  nlohmann::json index;                       // files, facets, rows
  std::map<std::size_t, nlohmann::json> bodies;  // by conversation number
  std::size_t body_bytes = 0;  // the JSON text of every body
};

// One candidate value of a judged answer, as the page stores it.
struct ReportValue {
  std::size_t conversation = 0;
  std::string text;  // as the answer wrote it
  nlohmann::json candidate;
};

// Every JSON script of `html`. A script that is not JSON fails the test.
inline ReportPageData ReadReportPageData(const std::string& html) {
  ReportPageData data;
  const std::string open = "<script type=\"application/json\" id=\"";
  for (std::size_t at = html.find(open); at != std::string::npos;
       at = html.find(open, at + 1)) {
    const std::size_t id_start = at + open.size();
    const std::size_t id_end = html.find('"', id_start);
    const std::size_t text_start = html.find('>', id_end) + 1;
    const std::size_t text_end = html.find("</script>", text_start);
    REQUIRE(text_end != std::string::npos);
    const std::string id = html.substr(id_start, id_end - id_start);
    const std::string text = html.substr(text_start, text_end - text_start);
    nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
    CAPTURE(id);
    REQUIRE_FALSE(parsed.is_discarded());
    if (id == "index") {
      data.index = std::move(parsed);
    } else {
      REQUIRE(id.size() > 1);
      REQUIRE(id[0] == 'd');
      data.bodies[std::stoul(id.substr(1))] = std::move(parsed);
      data.body_bytes += text.size();
    }
  }
  return data;
}

// The messages of conversation `n`, each reference followed.
inline std::vector<nlohmann::json> ReportMessages(const ReportPageData& data,
                                                  std::size_t n) {
  std::vector<nlohmann::json> messages;
  auto body = data.bodies.find(n);
  if (body == data.bodies.end()) return messages;
  for (const nlohmann::json& entry : body->second["m"]) {
    if (entry.is_array()) {
      const nlohmann::json& target =
          data.bodies.at(entry[0].get<std::size_t>())["m"]
                     [entry[1].get<std::size_t>()];
      REQUIRE(target.is_object());  // a reference leads to a full message
      messages.push_back(target);
    } else {
      messages.push_back(entry);
    }
  }
  return messages;
}

// Every candidate of every judged answer of the page.
inline std::vector<ReportValue> ReportValues(const ReportPageData& data) {
  std::vector<ReportValue> values;
  for (const auto& [n, body] : data.bodies) {
    for (const nlohmann::json& m : ReportMessages(data, n)) {
      if (!m.contains("v")) continue;
      std::map<std::size_t, std::string> marked;
      for (const nlohmann::json& part : m["sg"]) {
        if (part.is_array()) {
          marked[part[0].get<std::size_t>()] = part[1].get<std::string>();
        }
      }
      for (std::size_t i = 0; i < m["v"].size(); ++i) {
        const nlohmann::json& c = m["v"][i];
        values.push_back(
            {n, marked.contains(i) ? marked[i] : c.value("t", ""), c});
      }
    }
  }
  return values;
}

// True when the page stores `value` as a candidate with `status`.
inline bool StoredAs(const ReportPageData& data, const std::string& value,
                     const std::string& status) {
  for (const ReportValue& v : ReportValues(data)) {
    if (v.text == value && v.candidate["st"] == status) return true;
  }
  return false;
}

// How many candidates the page stores with `status`.
inline std::size_t CountStored(const ReportPageData& data,
                               const std::string& status) {
  std::size_t n = 0;
  for (const ReportValue& v : ReportValues(data)) {
    if (v.candidate["st"] == status) ++n;
  }
  return n;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_CLI_REPORT_PAGE_DATA_H_
