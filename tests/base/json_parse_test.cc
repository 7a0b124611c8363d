// tests/base/json_parse_test.cc — base/json_parse.h: simdjson builds the DOM
// nlohmann would, and leaves to nlohmann every text it might read
// differently.
#include "base/json_parse.h"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "doctest/doctest.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"
#include "traces/trace_json.h"

namespace groundgate::base {
namespace {

using Json = nlohmann::json;

// nlohmann's own verdict: the DOM, or nullopt when it rejects the text.
std::optional<Json> NlohmannParse(std::string_view text) {
  Json document = Json::parse(text.begin(), text.end(), nullptr, false);
  if (document.is_discarded()) return std::nullopt;
  return document;
}

// The contract: whatever simdjson accepts, nlohmann accepts too, with the
// same DOM, the same types and the same dump.
void CheckSameAsNlohmann(std::string_view text) {
  CAPTURE(text);
  const std::optional<Json> fast = ParseJsonWithSimdjson(text);
  if (!fast) return;
  const std::optional<Json> slow = NlohmannParse(text);
  REQUIRE(slow.has_value());
  CHECK(*fast == *slow);
  CHECK(fast->dump() == slow->dump());
}

TEST_SUITE("json parse") {
  TEST_CASE("json parse builds nlohmann's DOM for a trace record") {
    const std::string_view record =
        R"({"id":"t1","messages":[{"role":"user","content":"hi"},)"
        R"({"role":"tool","tool_call_id":"c1","content":"{\"n\": 42}"},)"
        R"({"role":"assistant","content":"It is 42.","x":[true,false,null]}]})";
    const std::optional<Json> fast = ParseJsonWithSimdjson(record);
    REQUIRE(fast.has_value());
    CHECK(*fast == Json::parse(record));
    CHECK((*fast)["messages"][1]["content"] == "{\"n\": 42}");
  }

  TEST_CASE("json parse types numbers as nlohmann's lexer does") {
    const std::optional<Json> fast = ParseJsonWithSimdjson(
        R"([0, 7, -7, -0, 18446744073709551615, 18446744073709551616,)"
        R"( -9223372036854775808, -9223372036854775809, 1.0, 1e2, 2.5E-3,)"
        R"( 0.1, 123456789012345678901234567890])");
    if (!fast) return;  // simdjson may decline a big integer: nlohmann reads it
    const Json& a = *fast;
    CHECK(a[0].is_number_unsigned());
    CHECK(a[1].is_number_unsigned());
    CHECK(a[2].is_number_integer());
    CHECK_FALSE(a[2].is_number_unsigned());
    CHECK(a[3].is_number_integer());
    CHECK(a[3].dump() == "0");
    CHECK(a[4].get<std::uint64_t>() == 18446744073709551615ull);
    CHECK(a[5].is_number_float());
    CHECK(a[6].get<std::int64_t>() == INT64_MIN);
    CHECK(a[7].is_number_float());
    CHECK(a[8].is_number_float());
    CHECK(a[8].dump() == "1.0");
    CHECK(a[9].is_number_float());
    CHECK(a[12].is_number_float());
  }

  TEST_CASE("json parse keeps the last of duplicate keys, as nlohmann does") {
    const std::optional<Json> fast =
        ParseJsonWithSimdjson(R"({"a": 1, "b": 2, "a": 3})");
    REQUIRE(fast.has_value());
    CHECK((*fast)["a"] == 3);
    CHECK(fast->size() == 2);
    CheckSameAsNlohmann(R"({"a": 1, "b": 2, "a": 3})");
  }

  TEST_CASE("json parse unescapes strings as nlohmann does") {
    for (const std::string_view text :
         {R"(["\u00e9", "\ud83d\ude00", "a\"b\\c\/d\b\f\n\r\t"])",
          "[\"caf\xC3\xA9 \xE2\x82\xAC\"]", R"({"\u0041": "\u0000"})"}) {
      const std::optional<Json> fast = ParseJsonWithSimdjson(text);
      REQUIRE(fast.has_value());
      CheckSameAsNlohmann(text);
    }
  }

  TEST_CASE("json parse leaves to nlohmann what it might read otherwise") {
    // Each of these nlohmann rejects; none may come back as a DOM.
    for (const std::string_view text :
         {std::string_view(""), std::string_view("{"), std::string_view("{} x"),
          std::string_view("[1,]"), std::string_view("{\"a\":\"tab\there\"}"),
          std::string_view("[\"\\ud800\"]"), std::string_view("[01]"),
          std::string_view("[1.]"), std::string_view("[1e400]"),
          std::string_view("[\"\xff\"]"), std::string_view("[tru]"),
          std::string_view("[nul]"), std::string_view("{'a': 1}")}) {
      CAPTURE(text);
      CHECK_FALSE(NlohmannParse(text).has_value());
      CHECK_FALSE(ParseJsonWithSimdjson(text).has_value());
    }
    // A raw control byte inside a string, at every place of a line longer
    // than a few words (the scan reads eight bytes at a time): declined.
    // Every byte from 0x20 up in its place is no control byte.
    const std::string line =
        R"({"content":"0123456789abcdefghijklmnopqrstuv"})";
    for (std::size_t at = 12; at + 2 < line.size(); ++at) {
      CAPTURE(at);
      for (const char control : {'\x01', '\x1f', '\x00'}) {
        std::string broken = line;
        broken[at] = control;
        CHECK_FALSE(ParseJsonWithSimdjson(broken).has_value());
      }
      for (const char plain : {' ', '\x7f', '~'}) {
        std::string fine = line;
        fine[at] = plain;
        CHECK(ParseJsonWithSimdjson(fine).has_value());
      }
    }
    // Scalars at the root are nlohmann's to read.
    CHECK_FALSE(ParseJsonWithSimdjson("42").has_value());
    CHECK_FALSE(ParseJsonWithSimdjson("\"s\"").has_value());
  }

  TEST_CASE("json parse declines deep nesting without recursing into it") {
    const std::string deep =
        std::string(100'000, '[') + std::string(100'000, ']');
    CHECK_FALSE(ParseJsonWithSimdjson(deep).has_value());
    // Just past the limit: declined (and read by nlohmann), never an
    // assertion inside simdjson.
    const std::string past = std::string(kMaxSimdjsonDepth, '[') +
                             std::string(kMaxSimdjsonDepth, ']');
    CHECK_FALSE(ParseJsonWithSimdjson(past).has_value());
    const std::string ok =
        std::string(300, '[') + "{\"a\":1}" + std::string(300, ']');
    CHECK(ParseJsonWithSimdjson(ok).has_value());
    CheckSameAsNlohmann(ok);
  }

  TEST_CASE("json parse agrees with nlohmann on every mutated fixture line") {
    // Each line of a fixture, and each line with one byte changed at a
    // spread of positions: whatever simdjson accepts must be nlohmann's DOM.
    std::ifstream fixture(std::string(GROUNDGATE_SOURCE_DIR) +
                          "/tests/fixtures/storage_ops.jsonl");
    REQUIRE(fixture.good());
    std::string line;
    std::size_t lines = 0;
    std::size_t accepted = 0;
    constexpr char kBytes[] = {'"', '\\', '{', '}', '[',  ']', ',',   ':',
                               '0', '-',  'e', ' ', '\t', 'x', '\x80'};
    while (std::getline(fixture, line) && lines < 20) {
      ++lines;
      CheckSameAsNlohmann(line);
      const std::size_t step = line.size() / 40 + 1;
      for (std::size_t at = 0; at < line.size(); at += step) {
        std::string mutated = line;
        mutated[at] = kBytes[(at / step) % sizeof(kBytes)];
        if (ParseJsonWithSimdjson(mutated)) ++accepted;
        CheckSameAsNlohmann(mutated);
      }
    }
    CHECK(lines > 0);
    CHECK(accepted > 0);  // the contract was exercised, not only declined
  }

  TEST_CASE("json parse: ParseJsonText reads the same through either parser") {
    // A line simdjson declines (a raw tab in whitespace) and its twin it
    // takes: the same DOM, and the same trace.
    const std::string_view fast_line =
        R"({"id":"t","messages":[{"role":"assistant","content":"x 4242"}]})";
    const std::string slow_line =
        "{\"id\":\"t\",\t\"messages\":[{\"role\":\"assistant\",\"content\":"
        "\"x 4242\"}]}";
    REQUIRE(ParseJsonWithSimdjson(fast_line).has_value());
    REQUIRE_FALSE(ParseJsonWithSimdjson(slow_line).has_value());
    const auto a = ParseJsonText(fast_line);
    const auto b = ParseJsonText(slow_line);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(*a == *b);
    // The error message is nlohmann's, as before.
    const auto bad = ParseJsonText("{\"id\": }");
    REQUIRE_FALSE(bad.ok());
    CHECK(std::string(bad.status().message()).starts_with("not JSON: "));
  }
}

// A long record with dense data: a table of small objects, [1,1,...] and
// arrays nested deep, beside the conversation. min_text_bytes 0 and a
// small min_members make a short text show the policy.
LazyPolicy SmallPolicy() {
  LazyPolicy policy;
  policy.min_text_bytes = 0;
  policy.min_members = 5;
  return policy;
}

TEST_CASE("a dense container is kept as its text, the conversation is built") {
  const std::string text =
      R"({"id":"t","messages":[{"role":"user","content":"hi"},)"
      R"({"role":"tool","content":"x"},{"role":"user","content":"a"},)"
      R"({"role":"assistant","content":"b"},{"role":"user","content":"c"}],)"
      R"("meta":{"rows":[{"a":41,"b":"x"},{"a":42,"b":"y"},{"a":43},{"a":44},)"
      R"({"a":45}],"ones":[1, 1,1,1,1],"deep":[[[1]],[[2]],[[3]],[[4]],[5]],)"
      R"("few":[1,2,3]}})";
  const std::optional<Json> lazy = ParseJsonLazily(text, SmallPolicy());
  REQUIRE(lazy.has_value());
  CHECK((*lazy)["messages"].is_array());  // objects with "role": built
  CHECK((*lazy)["messages"].size() == 5);
  const Json& meta = (*lazy)["meta"];
  CHECK(IsRawJson(meta["rows"]));
  CHECK(RawJsonText(meta["rows"]).starts_with(R"([{"a":41,"b":"x"})"));
  CHECK(RawJsonText(meta["ones"]) == "[1, 1,1,1,1]");  // as spelled
  CHECK(IsRawJson(meta["deep"]));
  CHECK(meta["few"].is_array());  // fewer members than the policy's
  // Written out, it reads as the exact DOM.
  CHECK(Json::parse(DumpJson(*lazy)) == *NlohmannParse(text));
  // Without raw nodes, DumpJson is nlohmann's dump.
  const Json exact = *NlohmannParse(text);
  CHECK(DumpJson(exact) == exact.dump());
}

TEST_CASE("a lazy parse accepts exactly what the exact parse accepts") {
  const LazyPolicy policy = SmallPolicy();
  // Broken inside the part it does not build: still not JSON.
  for (const std::string_view bad :
       {R"({"m":[1,1,1,1,1,1 1]})", R"({"m":[1,1,1,1,1,01]})",
        R"({"m":[1,1,1,1,1,tru]})", R"({"m":[1,1,1,1,1,[1,]]})",
        R"({"m":{"a":1,"b":2,"c":3,"d":4,"e":5,"f"}})"}) {
    CAPTURE(bad);
    CHECK_FALSE(ParseJsonLazily(bad, policy).has_value());
  }
  // A raw container deeper than the policy allows: the caller decides.
  LazyPolicy shallow = policy;
  shallow.max_depth = 3;
  CHECK_FALSE(
      ParseJsonLazily(R"({"m":[1,1,1,1,1,[[[1]]]]})", shallow).has_value());
  CHECK(ParseJsonLazily(R"({"m":[1,1,1,1,1,[1]]})", shallow).has_value());
  // A short text under the default policy is the exact DOM.
  const std::string_view short_text = R"({"m":[1,1,1,1,1,1,1,1]})";
  CHECK(*ParseJsonLazily(short_text, LazyPolicy{}) ==
        *NlohmannParse(short_text));
}

TEST_CASE("a record with dense data reads the same trace as the exact DOM") {
  // An MCP result whose structured payload is a table of 3,000 rows, and
  // an evidenceflow step whose content is [1,1,...]: past 1 MiB of text,
  // both are kept raw and written out as text.
  std::string rows = "[";
  for (int i = 0; i < 3000; ++i) {
    if (i > 0) rows += ",";
    rows += R"({"flight":"HAT)" + std::to_string(100 + i) + R"(","fare":)" +
            std::to_string(100 + i % 97) + "}";
  }
  rows += "]";
  std::string padding(1 << 20, 'x');
  const std::string mcp =
      R"({"id":"m","meta":{"note":")" + padding +
      R"("},"messages":[{"role":"user","content":"Fares?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1",)"
      R"("type":"function","function":{"name":"fares","arguments":"{}"}}]},)"
      R"({"role":"tool","tool_call_id":"c1","content":{"content":[],)"
      R"("structuredContent":{"rows":)" +
      rows + R"(}}},{"role":"assistant","content":"HAT150 costs 150."}]})";
  std::string ones = "[";
  for (int i = 0; i < 2000; ++i) ones += i > 0 ? ",1" : "1";
  ones += "]";
  const std::string flow =
      R"({"id":"f","pad":")" + padding +
      R"(","steps":[{"type":"user","content":"Count?"},)"
      R"({"type":"tool_call","tool":"count","id":"c1","content":{}},)"
      R"({"type":"tool_result","tool":"count","tool_call_id":"c1",)"
      R"("content":{"ones":)" +
      ones + R"(}},{"type":"assistant","content":"There are 2000."}]})";
  for (const std::string& line : {mcp, flow}) {
    const absl::StatusOr<Json> lazy = ParseTraceJsonText(line, nullptr);
    REQUIRE(lazy.ok());
    CHECK(DumpJson(*lazy) != lazy->dump());  // raw nodes inside
    const absl::StatusOr<Trace> from_lazy =
        ReadTraceRecord(*lazy, TraceFormat::kAuto);
    const absl::StatusOr<Trace> from_exact =
        ReadTraceRecord(*NlohmannParse(line), TraceFormat::kAuto);
    REQUIRE(from_lazy.ok());
    REQUIRE(from_exact.ok());
    REQUIRE(from_lazy->messages.size() == from_exact->messages.size());
    for (std::size_t i = 0; i < from_lazy->messages.size(); ++i) {
      const std::string& a = from_lazy->messages[i].text;
      const std::string& b = from_exact->messages[i].text;
      if (a == b) continue;
      CAPTURE(i);
      CHECK(Json::parse(a) == Json::parse(b));  // the same JSON, as spelled
    }
  }
}

TEST_CASE(
    "a long conversation list is kept as its text and read element "
    "by element") {
  LazyPolicy policy = SmallPolicy();
  policy.min_list_elements = 4;
  // Strings that hold brackets, commas, quotes and backslashes; a nested
  // list; scalars; spaces around everything.
  const std::string text =
      R"({"id":"t","messages": [ {"role":"user","content":"a [b], {c}"},)"
      R"( {"role":"assistant","content":"say \"]\" and \\"} ,)"
      R"({"role":"tool","content":[{"type":"text","text":"x,y"}]},)"
      R"(7, "s", null ,[1,[2]], {"role":"user","content":"end"} ],)"
      R"("meta":{"few":[1,2]}})";
  const std::optional<Json> lazy = ParseJsonLazily(text, policy);
  REQUIRE(lazy.has_value());
  const Json exact = *NlohmannParse(text);
  const Json& list = (*lazy)["messages"];
  CHECK(IsRawJson(list));
  CHECK(IsList(list));
  CHECK(ElementCount(list) == 8);
  std::vector<Json> read;
  CHECK(ForEachElement(list, [&](const Json& element) {
    read.push_back(element);
    return true;
  }));
  CHECK(Json(read) == exact["messages"]);
  // A visit that stops stops the walk.
  std::size_t visits = 0;
  CHECK_FALSE(ForEachElement(list, [&](const Json&) { return ++visits < 2; }));
  CHECK(visits == 2);
  // The same calls on the exact DOM's array; nothing else is a list.
  CHECK(IsList(exact["messages"]));
  CHECK(ElementCount(exact["messages"]) == 8);
  CHECK_FALSE(IsList(exact["meta"]));
  CHECK(ElementCount(exact["meta"]) == 0);
  CHECK_FALSE(ForEachElement(exact["id"], [](const Json&) { return true; }));
  // An empty list, and a list of fewer elements than the policy's.
  const std::optional<Json> empty =
      ParseJsonLazily(R"({"messages":[ ],"steps":[1,2]})", policy);
  REQUIRE(empty.has_value());
  CHECK((*empty)["messages"].is_array());
  CHECK((*empty)["steps"].is_array());
  // A root array is a list; an array under another key, or deeper, is not.
  const std::optional<Json> root =
      ParseJsonLazily(R"([{"type":"user"},{"type":"user"},{"type":"a"},)"
                      R"({"type":"b"},{"type":"c"}])",
                      policy);
  REQUIRE(root.has_value());
  CHECK(IsRawJson(*root));
  CHECK(ElementCount(*root) == 5);
  const std::optional<Json> nested = ParseJsonLazily(
      R"({"tools":[{"type":"a"},{"type":"a"},{"type":"a"},{"type":"a"}],)"
      R"("x":{"messages":[{"role":"u"},{"role":"u"},{"role":"u"},)"
      R"({"role":"u"}]}})",
      policy);
  REQUIRE(nested.has_value());
  CHECK((*nested)["tools"].is_array());
  CHECK((*nested)["x"]["messages"].is_array());
}

TEST_CASE(
    "a record of many tiny messages reads the same trace as the exact "
    "DOM, in every format") {
  // Past 1 MiB of text and 1,024 entries, each format's list is kept raw.
  auto repeat = [](std::string_view entry, int count) {
    std::string out;
    for (int i = 0; i < count; ++i) {
      if (i > 0) out += ",";
      out += entry;
    }
    return out;
  };
  const int n = 12000;
  const std::string chat =
      R"({"id":"c","messages":[{"role":"user","content":"Fare?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1",)"
      R"("type":"function","function":{"name":"fare","arguments":"{}"}}]},)"
      R"({"role":"tool","tool_call_id":"c1","content":"HAT150 costs 150."},)" +
      repeat(R"({"role":"user","content":"and then, and then, and then?"},)"
             R"({"role":"assistant","content":"HAT150 costs 150 [sic]."})",
             n) +
      "]}";
  const std::string anthropic =
      R"({"id":"a","system":"Be brief.","messages":[)" +
      repeat(R"({"role":"user","content":"Fare of HAT150, please?"},)"
             R"({"role":"assistant","content":[{"type":"text",)"
             R"("text":"It costs 150 dollars."}]})",
             n) +
      "]}";
  const std::string responses =
      R"({"id":"r","input":[)" +
      repeat(R"({"role":"user","content":"What is the fare now?"},)"
             R"({"type":"message","role":"assistant","content":[)"
             R"({"type":"output_text","text":"It is 150."}]})",
             n) +
      "]}";
  const std::string steps = "[" +
                            repeat(R"({"type":"user","content":"Fare?"},)"
                                   R"({"type":"assistant","content":)"
                                   R"("It is 150 dollars, as before."})",
                                   n) +
                            "]";
  const std::string mcp =
      R"({"id":"m","messages":[)" +
      repeat(R"({"role":"user","content":"Fare of HAT150, please?"},)"
             R"({"role":"assistant","content":"It costs 150 dollars."})",
             n) +
      R"(,{"jsonrpc":"2.0","id":1,"method":"tools/call","params":)"
      R"({"name":"fare","arguments":{}}}]})";
  for (const std::string& line : {chat, anthropic, responses, steps, mcp}) {
    CAPTURE(line.substr(0, 40));
    REQUIRE(line.size() > (std::size_t{1} << 20));
    const absl::StatusOr<Json> lazy = ParseTraceJsonText(line, nullptr);
    REQUIRE(lazy.ok());
    const bool raw_inside = DumpJson(*lazy) != lazy->dump();
    CHECK(raw_inside);
    const Json exact = *NlohmannParse(line);
    CHECK(DetectTraceFormat(*lazy) == DetectTraceFormat(exact));
    const absl::StatusOr<Trace> from_lazy =
        ReadTraceRecord(*lazy, TraceFormat::kAuto);
    const absl::StatusOr<Trace> from_exact =
        ReadTraceRecord(exact, TraceFormat::kAuto);
    REQUIRE(from_lazy.ok());
    REQUIRE(from_exact.ok());
    CHECK(from_lazy->format == from_exact->format);
    REQUIRE(from_lazy->messages.size() == from_exact->messages.size());
    CHECK(from_lazy->messages.size() >= 2 * n);
    for (std::size_t i = 0; i < from_lazy->messages.size(); ++i) {
      const TraceMessage& a = from_lazy->messages[i];
      const TraceMessage& b = from_exact->messages[i];
      if (a.text == b.text && a.path == b.path && a.role == b.role &&
          a.index == b.index) {
        continue;
      }
      CAPTURE(i);
      CHECK(a.text == b.text);
      CHECK(a.path == b.path);
      CHECK(a.index == b.index);
      break;
    }
  }
  // A list a reader refuses is refused the same way, named as an array.
  const absl::StatusOr<Trace> lazy_wrong = ReadTraceRecord(
      *ParseTraceJsonText(steps, nullptr), TraceFormat::kOpenAiChat);
  const absl::StatusOr<Trace> exact_wrong =
      ReadTraceRecord(*NlohmannParse(steps), TraceFormat::kOpenAiChat);
  REQUIRE_FALSE(lazy_wrong.ok());
  CHECK(lazy_wrong.status() == exact_wrong.status());
  CHECK(std::string(lazy_wrong.status().message()).find("got array") !=
        std::string::npos);
}

TEST_CASE(
    "Python's NaN, Infinity and lone surrogates are made JSON, and said") {
  PythonJsonRepairs repairs;
  const std::optional<std::string> fixed = RepairPythonJson(
      R"({"a": NaN, "b": [Infinity,-Infinity], "s": "NaN \ud83d\ude00 \ud800x",)"
      R"( "t": "\udc00", "u": "\\ud800"})",
      &repairs);
  REQUIRE(fixed.has_value());
  CHECK(*fixed ==
        R"({"a": null, "b": [null,null], "s": "NaN \ud83d\ude00 \ufffdx",)"
        R"( "t": "\ufffd", "u": "\\ud800"})");
  CHECK(repairs.non_finite == 3);
  CHECK(repairs.lone_surrogates == 2);
  CHECK(NlohmannParse(*fixed).has_value());
  // Nothing to change: nothing returned.
  CHECK_FALSE(RepairPythonJson(R"({"a": "NaN", "b": 1})", &repairs));
  CHECK_FALSE(repairs.any());
  // NaN as a prefix of a longer word is not a value: left for the parser.
  CHECK_FALSE(RepairPythonJson(R"({"a": NaNa})", &repairs));
}

TEST_CASE("a record Python wrote with NaN is read, with a warning") {
  const std::string line =
      R"({"id":"py","messages":[{"role":"user","content":"Temp?"},)"
      R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1",)"
      R"("type":"function","function":{"name":"t","arguments":"{}"}}]},)"
      R"({"role":"tool","tool_call_id":"c1","content":"21.5"},)"
      R"({"role":"assistant","content":"It is 21.5.","score":NaN,)"
      R"("note":"\ud800"}]})";
  const absl::StatusOr<Trace> trace =
      ReadTraceRecord(std::string_view(line), TraceFormat::kAuto);
  REQUIRE(trace.ok());
  REQUIRE(trace->warnings.size() >= 2);
  CHECK(trace->warnings[0].starts_with("record: 1 NaN or Infinity"));
  CHECK(trace->warnings[1].starts_with("record: 1 \\u escapes"));
  CHECK(trace->messages.back().text == "It is 21.5.");
  // Not JSON for another reason: the exact parse's error stands.
  const absl::StatusOr<Trace> broken =
      ReadTraceRecord(std::string_view(R"({"id":"x","v":NaN,"messages":[})"),
                      TraceFormat::kAuto);
  CHECK_FALSE(broken.ok());
}

}  // namespace
}  // namespace groundgate::base
