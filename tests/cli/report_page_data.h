// tests/cli/report_page_data.h — read the JSON a `groundgate report` page
// embeds, as its script reads it.
//
// Its one job: pull the index (`<script id="index">`, plain JSON or
// gzipped as base64) and each conversation's body (a line of a `class="bodies"`
// block, plain JSON or gzipped as base64) out of a page, parse them, and follow
// a shared message's reference to where it was written in full, so a test can
// check what the page will show before a browser draws it. Used by the report
// and cli misattributed suites.
//
// What it does NOT do: run the page's script (tests/cli/report_test.cc
// renders the page in headless Chromium for that) or check HTML.
#ifndef GROUNDGATE_TESTS_CLI_REPORT_PAGE_DATA_H_
#define GROUNDGATE_TESTS_CLI_REPORT_PAGE_DATA_H_

#include <doctest/doctest.h>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "nlohmann/json.hpp"
#include "tests/support/gunzip.h"

namespace groundgate_test {

struct ReportPageData {
  nlohmann::json index;                          // files, facets, rows
  std::map<std::size_t, nlohmann::json> bodies;  // by conversation number
  std::vector<std::size_t> number_of_line;       // body line -> its number
  std::size_t body_bytes = 0;                    // the JSON text of every body
  std::size_t blocks = 0;
  std::size_t gzipped_blocks = 0;
};

// One candidate value of a judged answer, as the page stores it.
struct ReportValue {
  std::size_t conversation = 0;
  std::string text;  // as the answer wrote it
  nlohmann::json candidate;
};

// The JSON text of the `<script ... id="ID">` of `html`: plain, or
// gzipped as base64 (data-gzip="1"), inflated.
inline std::string ReportScript(const std::string& html,
                                const std::string& id) {
  const std::size_t at = html.find("id=\"" + id + "\"");
  REQUIRE(at != std::string::npos);
  const std::size_t tag_end = html.find('>', at);
  const std::size_t end = html.find("</script>", tag_end);
  REQUIRE(end != std::string::npos);
  std::string text = html.substr(tag_end + 1, end - tag_end - 1);
  if (html.substr(at, tag_end - at).find("data-gzip=\"1\"") ==
      std::string::npos) {
    return text;
  }
  std::string member;
  REQUIRE(absl::Base64Unescape(text, &member));
  const std::optional<std::string> inflated = Gunzip(member);
  REQUIRE(inflated.has_value());
  return *inflated;
}

// The index and the bodies of `html`: one body per line of the blocks, in
// order, the n-th for the n-th row of the index; each block starts at the
// line its data-first names. A line that is not JSON, or a block that is
// neither plain JSON nor gzip, fails the test.
inline ReportPageData ReadReportPageData(const std::string& html) {
  ReportPageData data;
  data.index =
      nlohmann::json::parse(ReportScript(html, "index"), nullptr, false);
  REQUIRE(data.index.is_object());
  std::size_t line = 0;
  for (std::size_t open = html.find("class=\"bodies\"");
       open != std::string::npos;
       open = html.find("class=\"bodies\"", open + 1)) {
    const std::size_t first_at = html.find("data-first=\"", open);
    REQUIRE(first_at != std::string::npos);
    CHECK(std::stoul(html.substr(first_at + 12)) == line);
    const std::size_t tag_end = html.find('>', open);
    const std::size_t end = html.find("</script>", tag_end);
    REQUIRE(end != std::string::npos);
    const bool gzipped =
        html.substr(open, tag_end - open).find("data-gzip=\"1\"") !=
        std::string::npos;
    std::string bodies = html.substr(tag_end + 1, end - tag_end - 1);
    ++data.blocks;
    if (gzipped) {
      ++data.gzipped_blocks;
      std::string member;
      REQUIRE(absl::Base64Unescape(bodies, &member));
      const std::optional<std::string> text = Gunzip(member);
      REQUIRE(text.has_value());
      bodies = "\n" + *text;
    }
    REQUIRE(bodies.starts_with("\n"));
    for (std::size_t at = 1; at < bodies.size();) {
      std::size_t stop = bodies.find('\n', at);
      if (stop == std::string::npos) stop = bodies.size();
      const std::string text = bodies.substr(at, stop - at);
      nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
      CAPTURE(line);
      REQUIRE_FALSE(parsed.is_discarded());
      REQUIRE(line < data.index["rows"].size());
      const std::size_t number = data.index["rows"][line][0].get<std::size_t>();
      data.bodies[number] = std::move(parsed);
      data.number_of_line.push_back(number);
      data.body_bytes += text.size();
      ++line;
      at = stop + 1;
    }
  }
  CHECK(line == data.index["rows"].size());
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
      const std::size_t line = entry[0].get<std::size_t>();
      REQUIRE(line < data.number_of_line.size());
      const nlohmann::json& target = data.bodies.at(
          data.number_of_line[line])["m"][entry[1].get<std::size_t>()];
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
