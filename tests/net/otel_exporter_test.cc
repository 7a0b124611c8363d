// tests/net/otel_exporter_test.cc — evidence_checked as OTLP/HTTP, protobuf
// or JSON, gzipped or not (include/groundgate/otel.h).
//
// Pins the record field by field (names, 64-bit integers as strings, no
// value unless both the application and the exporter opt in: law 8), the
// protobuf encoding against the JSON one (the same records read back by the
// real decoder), partialSuccess in either encoding, the
// queue (a full queue drops and counts without blocking, even while the
// collector stalls), batching, retries, Flush and Shutdown, and the whole
// path from an Agent through libcurl to a loopback collector. When
// tests/otlp/node_modules is installed (npm ci --prefix tests/otlp), the
// payload is also decoded by the real OTLP message types (tests/otlp/
// decode.js); otherwise a MESSAGE says that check was skipped.
#if GROUNDGATE_HAS_NET

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "groundgate/agent.h"
#include "groundgate/otel.h"
#include "groundgate/version.h"
#include "net/otlp_json.h"
#include "net/otlp_proto.h"
#include "nlohmann/json.hpp"
#include "tests/loopback_http.h"
#include "tests/support/cases.h"
#include "tests/support/gunzip.h"
#include "tests/support/tool_registry.h"

namespace groundgate {
namespace {

using namespace std::chrono_literals;
using Json = nlohmann::json;
using groundgate_test::ForEachCase;
using groundgate_test::Gunzip;
using groundgate_test::OneToolRegistry;

// Long enough for any wait on a loaded two-core machine under TSan; a test
// that passes never waits this long.
constexpr auto kPatience = 30s;
// For the flushes of kMaxOtlpMaxBatchSize records (~12 MB of JSON encoded
// three times over): under ASan on two busy cores they take ~45 s.
constexpr auto kLongPatience = 300s;
// A flush interval no test lives to see: batches go out only when full or
// flushed.
constexpr std::chrono::milliseconds kNever = std::chrono::hours(1);

const std::chrono::system_clock::time_point kTime{
    std::chrono::nanoseconds(1700000000123456789)};

// A flagged judgement: 5 candidates, 4 looked up, 1 typed (an identifier
// whose canonical value the event carries, as if the application opted in),
// 2 carriers, 1 conflict.
EvidenceChecked FlaggedEvent() {
  EvidenceChecked e;
  e.conversation_id = "conv-7";
  e.turn = 2;
  e.iteration = 3;
  e.action = EvidenceAction::kFlagged;
  e.posture = Posture::kGuard;
  e.after_revision = true;
  e.wrap_up = false;
  e.candidates = 5;
  e.looked_up = 4;
  e.unsupported = {{.shape = "identifier",
                    .start = 10,
                    .end = 19,
                    .value = "trk-99812",
                    .near_miss_carrier = "call_1"}};
  e.carried_by = std::vector<AnswerCarrier>{
      {.tool_call_id = "call_1", .tool_name = "get_order", .values = 2},
      {.tool_call_id = "call_2", .tool_name = "get_rate", .values = 1}};
  e.conflicts = {{.shape = "number",
                  .start = 30,
                  .end = 35,
                  .used_carrier = "call_1",
                  .other_carrier = "call_2"}};
  e.evidence_truncated = false;
  e.answer_truncated = false;
  e.grounding = {.this_turn = 2, .prior_turns = 1};
  return e;
}

Json Body(std::span<const EvidenceChecked> events,
          const OtlpExporterOptions& options = {}) {
  return Json::parse(OtlpLogsRequestJson(events, kTime, options));
}

const Json& OnlyRecord(const Json& body) {
  return body["resourceLogs"][0]["scopeLogs"][0]["logRecords"][0];
}

// key -> AnyValue of an OTLP attributes list.
Json AttributeMap(const Json& list) {
  Json out = Json::object();
  for (const Json& kv : list) out[kv["key"].get<std::string>()] = kv["value"];
  return out;
}

std::size_t RecordCount(const std::string& body) {
  const Json json = Json::parse(body);
  std::size_t count = 0;
  for (const Json& resource_logs : json["resourceLogs"]) {
    for (const Json& scope_logs : resource_logs["scopeLogs"]) {
      count += scope_logs["logRecords"].size();
    }
  }
  return count;
}

// ------------------------------------------------------- the real decoder

std::filesystem::path OtlpDir() {
  return std::filesystem::path(GROUNDGATE_SOURCE_DIR) / "tests" / "otlp";
}

bool RealDecoderInstalled() {
  return std::filesystem::exists(OtlpDir() / "node_modules" / "@opentelemetry" /
                                 "otlp-transformer") &&
         std::system("command -v node >/dev/null 2>&1") == 0;
}

struct Decoded {
  bool ran = false;  // false: decoder not installed
  bool ok = false;
  std::string error;  // decode.js's stderr when !ok
  Json out;
};

// Runs tests/otlp/decode.js on `body`.
Decoded DecodeWithRealOtlp(const std::string& body) {
  Decoded decoded;
  if (!RealDecoderInstalled()) return decoded;
  decoded.ran = true;
  static std::atomic<int> counter{0};
  const std::filesystem::path base =
      std::filesystem::temp_directory_path() /
      ("groundgate_otlp_" + std::to_string(::getpid()) + "_" +
       std::to_string(counter.fetch_add(1)));
  const std::string in = base.string() + ".json";
  const std::string out = base.string() + ".out";
  const std::string err = base.string() + ".err";
  std::ofstream(in, std::ios::binary) << body;
  const std::string command = "node '" + (OtlpDir() / "decode.js").string() +
                              "' < '" + in + "' > '" + out + "' 2> '" + err +
                              "'";
  const int rc = std::system(command.c_str());
  std::stringstream out_text, err_text;
  out_text << std::ifstream(out).rdbuf();
  err_text << std::ifstream(err).rdbuf();
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  decoded.ok = rc == 0;
  decoded.error = err_text.str();
  if (decoded.ok) decoded.out = Json::parse(out_text.str(), nullptr, false);
  return decoded;
}

// The protobuf ExportLogsServiceResponse that decode.js writes for
// `rejected` records, or nullopt when the decoder is not installed.
std::optional<std::string> RealProtobufResponse(int rejected) {
  if (!RealDecoderInstalled()) return std::nullopt;
  const std::string out =
      (std::filesystem::temp_directory_path() /
       ("groundgate_otlp_response_" + std::to_string(::getpid())))
          .string();
  const std::string command = "node '" + (OtlpDir() / "decode.js").string() +
                              "' --response " + std::to_string(rejected) +
                              " > '" + out + "'";
  const int rc = std::system(command.c_str());
  std::stringstream bytes;
  bytes << std::ifstream(out, std::ios::binary).rdbuf();
  std::filesystem::remove(out);
  if (rc != 0) return std::nullopt;
  return bytes.str();
}

void SayDecoderSkipped() {
  MESSAGE(
      "the real OTLP decoder was NOT run (install it with: npm ci --prefix "
      "tests/otlp --ignore-scripts); checked field by field only");
}

// ------------------------------------------------------- a fake transport

// Records every request; answers with `respond` (default 200 "{}"). Can
// hold requests until released, to stand for a collector that stalls.
class FakeCollector {
 public:
  using Respond =
      std::function<absl::StatusOr<OtlpHttpResponse>(int call_index)>;

  explicit FakeCollector(Respond respond = nullptr)
      : respond_(std::move(respond)) {}

  OtlpTransport transport() {
    return [this](const OtlpHttpRequest& request)
               -> absl::StatusOr<OtlpHttpResponse> {
      int index = 0;
      {
        std::unique_lock lock(mu_);
        index = static_cast<int>(requests_.size());
        requests_.push_back(request);
        changed_.notify_all();
        // A stalled collector: wait for Release, or for the exporter's
        // cancel flag, which (like HttpSend) is polled.
        while (holding_ && !request.cancel->load()) {
          changed_.wait_for(lock, 5ms);
        }
        if (holding_) return absl::CancelledError("stalled request cancelled");
      }
      if (respond_) return respond_(index);
      return OtlpHttpResponse{.status = 200, .body = "{}"};
    };
  }

  void Hold() {
    std::lock_guard lock(mu_);
    holding_ = true;
  }
  void Release() {
    std::lock_guard lock(mu_);
    holding_ = false;
    changed_.notify_all();
  }

  bool WaitForRequests(std::size_t count) {
    std::unique_lock lock(mu_);
    return changed_.wait_for(lock, kPatience,
                             [&] { return requests_.size() >= count; });
  }
  std::vector<OtlpHttpRequest> requests() const {
    std::lock_guard lock(mu_);
    return requests_;
  }
  std::vector<std::size_t> batch_sizes() const {
    std::vector<std::size_t> sizes;
    for (const OtlpHttpRequest& request : requests()) {
      sizes.push_back(RecordCount(request.body));
    }
    return sizes;
  }

 private:
  Respond respond_;
  mutable std::mutex mu_;
  std::condition_variable changed_;
  bool holding_ = false;
  std::vector<OtlpHttpRequest> requests_;
};

// Plain JSON bodies, so these tests count records by parsing them; the
// protobuf and gzip tests set their own encoding.
OtlpExporterOptions FakeOptions(FakeCollector& collector) {
  OtlpExporterOptions options;
  options.encoding = OtlpEncoding::kJson;
  options.compression = OtlpCompression::kNone;
  options.flush_interval = kNever;
  options.initial_backoff = 1ms;
  options.transport = collector.transport();
  return options;
}

std::unique_ptr<OtlpExporter> MustCreate(OtlpExporterOptions options) {
  absl::StatusOr<std::unique_ptr<OtlpExporter>> exporter =
      OtlpExporter::Create(std::move(options));
  REQUIRE(exporter.ok());
  return *std::move(exporter);
}

// The stats of an exporter made with `options` once it has flushed
// `events` flagged events (every one queued, the flush in time).
OtlpExporterStats StatsAfterFlush(OtlpExporterOptions options, int events = 1,
                                  std::chrono::seconds patience = kPatience) {
  std::unique_ptr<OtlpExporter> exporter = MustCreate(std::move(options));
  for (int i = 0; i < events; ++i) CHECK(exporter->Enqueue(FlaggedEvent()));
  CHECK(exporter->Flush(patience).ok());
  return exporter->stats();
}

TEST_SUITE("otel_exporter") {
  // ------------------------------------------------------------ the record

  TEST_CASE(
      "an evidence_checked event maps field by field to an OTLP log "
      "record") {
    const EvidenceChecked event = FlaggedEvent();
    const Json body = Body(
        {&event, 1},
        {.service_name = "order-agent",
         .resource_attributes = {{"deployment.environment.name", "test"}}});
    REQUIRE(body["resourceLogs"].size() == 1);
    const Json& resource_logs = body["resourceLogs"][0];
    const Json resource = AttributeMap(resource_logs["resource"]["attributes"]);
    CHECK(resource == Json::parse(R"({
      "service.name": {"stringValue": "order-agent"},
      "telemetry.sdk.name": {"stringValue": "groundgate"},
      "telemetry.sdk.language": {"stringValue": "cpp"},
      "telemetry.sdk.version": {"stringValue": ")" GROUNDGATE_VERSION_STRING
                                  R"("},
      "deployment.environment.name": {"stringValue": "test"}})"));
    REQUIRE(resource_logs["scopeLogs"].size() == 1);
    CHECK(resource_logs["scopeLogs"][0]["scope"] ==
          Json{{"name", "groundgate"}, {"version", GROUNDGATE_VERSION_STRING}});
    REQUIRE(resource_logs["scopeLogs"][0]["logRecords"].size() == 1);

    const Json& record = OnlyRecord(body);
    CHECK(record["timeUnixNano"] == "1700000000123456789");
    CHECK(record["observedTimeUnixNano"] == "1700000000123456789");
    CHECK(record["severityNumber"] == 13);
    CHECK(record["severityText"] == "WARN");
    CHECK(record["eventName"] == "gen_ai.evaluation.result");
    const Json attributes = AttributeMap(record["attributes"]);
    CHECK(attributes == Json::parse(R"({
      "event.name": {"stringValue": "gen_ai.evaluation.result"},
      "gen_ai.evaluation.name": {"stringValue": "groundgate.evidence"},
      "gen_ai.evaluation.score.label": {"stringValue": "flagged"},
      "gen_ai.evaluation.score.value": {"doubleValue": 0.75},
      "gen_ai.evaluation.explanation": {"stringValue":
          "1 of 4 looked-up values was not read from any tool result"},
      "gen_ai.conversation.id": {"stringValue": "conv-7"},
      "groundgate.posture": {"stringValue": "guard"},
      "groundgate.turn": {"intValue": "2"},
      "groundgate.iteration": {"intValue": "3"},
      "groundgate.after_revision": {"boolValue": true},
      "groundgate.wrap_up": {"boolValue": false},
      "groundgate.candidates": {"intValue": "5"},
      "groundgate.looked_up": {"intValue": "4"},
      "groundgate.unsupported": {"intValue": "1"},
      "groundgate.unverified": {"intValue": "0"},
      "groundgate.misattributed": {"intValue": "0"},
      "groundgate.conflicts": {"intValue": "1"},
      "groundgate.carriers": {"intValue": "2"},
      "groundgate.grounded_this_turn": {"intValue": "2"},
      "groundgate.grounded_prior_turns": {"intValue": "1"},
      "groundgate.evidence_truncated": {"boolValue": false},
      "groundgate.answer_truncated": {"boolValue": false},
      "groundgate.unsupported_shapes": {"arrayValue": {"values": [
          {"stringValue": "identifier"}]}}})"));
    // Attribute order is fixed (law 9): the same event, the same bytes.
    CHECK(OtlpLogsRequestJson({&event, 1}, kTime, {}) ==
          OtlpLogsRequestJson({&event, 1}, kTime, {}));
  }

  TEST_CASE(
      "field names are lowerCamelCase and 64-bit integers are JSON "
      "strings") {
    const EvidenceChecked event = FlaggedEvent();
    const Json body = Body({&event, 1});
    const std::regex camel("[a-z][a-zA-Z]*");
    int int_values = 0;
    // Walks every object; the keys of OTLP messages, never attribute keys
    // (those are values of "key").
    std::function<void(const Json&)> walk = [&](const Json& node) {
      if (node.is_array()) {
        for (const Json& item : node) walk(item);
        return;
      }
      if (!node.is_object()) return;
      for (auto it = node.begin(); it != node.end(); ++it) {
        CAPTURE(it.key());
        CHECK(std::regex_match(it.key(), camel));
        if (it.key() == "intValue" || it.key() == "timeUnixNano" ||
            it.key() == "observedTimeUnixNano") {
          CHECK(it.value().is_string());
          CHECK(std::regex_match(it.value().get<std::string>(),
                                 std::regex("-?[0-9]+")));
          ++int_values;
        }
        if (it.key() == "severityNumber") CHECK(it.value().is_number());
        walk(it.value());
      }
    };
    walk(body);
    CHECK(int_values > 10);
  }

  TEST_CASE(
      "law 8: no value reaches a record unless the exporter opts in "
      "too") {
    const EvidenceChecked with_value = FlaggedEvent();  // the app opted in
    const std::string plain = OtlpLogsRequestJson({&with_value, 1}, kTime, {});
    CHECK(plain.find("trk-99812") == std::string::npos);
    CHECK(plain.find("_values\"") == std::string::npos);

    const Json opted = Body({&with_value, 1}, {.include_values = true});
    const Json attributes = AttributeMap(OnlyRecord(opted)["attributes"]);
    CHECK(attributes["groundgate.unsupported_values"] ==
          Json::parse(R"({"arrayValue": {"values": [
              {"stringValue": "trk-99812"}]}})"));
    CHECK_FALSE(attributes.contains("groundgate.unverified_values"));

    // The exporter's opt-in alone adds nothing: the event has no value.
    EvidenceChecked without_value = FlaggedEvent();
    without_value.unsupported[0].value.reset();
    const std::string exporter_only = OtlpLogsRequestJson(
        {&without_value, 1}, kTime, {.include_values = true});
    CHECK(exporter_only.find("_values\"") == std::string::npos);
  }

  TEST_CASE("a misattributed value is counted, its value on double opt-in") {
    // "$114" told of flight HAT271 (law 11), beside the typed identifier.
    EvidenceChecked event = FlaggedEvent();
    event.misattributed = {{.shape = "money",
                            .start = 20,
                            .end = 24,
                            .named_carrier = "call_1",
                            .read_carrier = "call_1",
                            .value = "114",
                            .named_value = "174"}};
    const Json plain =
        AttributeMap(OnlyRecord(Body({&event, 1}))["attributes"]);
    CHECK(plain["groundgate.misattributed"] == Json{{"intValue", "1"}});
    CHECK(plain["groundgate.misattributed_shapes"] ==
          Json::parse(R"({"arrayValue": {"values": [
              {"stringValue": "money"}]}})"));
    CHECK(plain["gen_ai.evaluation.explanation"]["stringValue"] ==
          "1 of 4 looked-up values was not read from any tool result; 1 from "
          "another record than the one the answer names");
    // A misattributed value was read: the score counts it as found.
    CHECK(plain["gen_ai.evaluation.score.value"]["doubleValue"] == 0.75);
    const std::string text = OtlpLogsRequestJson({&event, 1}, kTime, {});
    CHECK(text.find("114") == std::string::npos);
    CHECK(text.find("174") == std::string::npos);
    const Json opted = AttributeMap(
        OnlyRecord(Body({&event, 1}, {.include_values = true}))["attributes"]);
    CHECK(opted["groundgate.misattributed_values"] ==
          Json::parse(R"({"arrayValue": {"values": [
              {"stringValue": "114"}]}})"));

    // Misattributed alone, flagged; and warned of only, grounded.
    EvidenceChecked alone = event;
    alone.unsupported.clear();
    CHECK(AttributeMap(OnlyRecord(
              Body({&alone, 1}))["attributes"])["gen_ai.evaluation.explanation"]
                                               ["stringValue"] ==
          "1 of 4 looked-up values was read from another record than the "
          "one the answer names");
    EvidenceChecked warned = alone;
    warned.action = EvidenceAction::kGrounded;
    const Json record = OnlyRecord(Body({&warned, 1}));
    CHECK(record["severityText"] == "INFO");
    CHECK(AttributeMap(record["attributes"])["gen_ai.evaluation.explanation"]
                                            ["stringValue"] ==
          "4 of 4 looked-up values were read from tool results; 1 from "
          "another record than the one the answer names (a warning only)");
  }

  TEST_CASE("severity, label and score follow the action") {
    struct Case {
      EvidenceAction action;
      int looked_up, unsupported, unverified;
      int severity;
      std::string severity_text;
      std::optional<double> score;
      std::string explanation;
    };
    const std::vector<Case> cases = {
        {EvidenceAction::kGrounded, 3, 0, 0, 9, "INFO", 1.0,
         "3 of 3 looked-up values were read from tool results"},
        {EvidenceAction::kFlagged, 4, 2, 0, 13, "WARN", 0.5,
         "2 of 4 looked-up values were not read from any tool result"},
        {EvidenceAction::kRevisionAsked, 1, 1, 0, 13, "WARN", 0.0,
         "1 of 1 looked-up value was not read from any tool result"},
        {EvidenceAction::kRefused, 2, 1, 0, 17, "ERROR", 0.5,
         "1 of 2 looked-up values was not read from any tool result"},
        {EvidenceAction::kUnverified, 4, 0, 1, 13, "WARN", 0.75,
         "the evidence was truncated: 1 of 4 looked-up values was not found "
         "and could not be judged"},
        // Nothing looked up: no score (1.0 would claim a check).
        {EvidenceAction::kGrounded, 0, 0, 0, 9, "INFO", std::nullopt,
         "the answer stated no value that needed a look-up"},
    };
    ForEachCase(cases, [&](const Case& c) {
      CAPTURE(EvidenceActionName(c.action));
      CAPTURE(c.looked_up);
      EvidenceChecked event;
      event.action = c.action;
      event.candidates = c.looked_up;
      event.looked_up = c.looked_up;
      event.unsupported.resize(c.unsupported, {.shape = "number"});
      event.unverified.resize(c.unverified, {.shape = "number"});
      const Json record = OnlyRecord(Body({&event, 1}));
      CHECK(record["severityNumber"] == c.severity);
      CHECK(record["severityText"] == c.severity_text);
      const Json attributes = AttributeMap(record["attributes"]);
      CHECK(attributes["gen_ai.evaluation.score.label"]["stringValue"] ==
            std::string(EvidenceActionName(c.action)));
      if (c.score.has_value()) {
        CHECK(attributes["gen_ai.evaluation.score.value"]["doubleValue"]
                  .get<double>() == doctest::Approx(*c.score));
      } else {
        CHECK_FALSE(attributes.contains("gen_ai.evaluation.score.value"));
      }
      CHECK(attributes["gen_ai.evaluation.explanation"]["stringValue"] ==
            c.explanation);
      // An empty conversation id is no attribute at all.
      CHECK_FALSE(attributes.contains("gen_ai.conversation.id"));
    });
  }

  TEST_CASE(
      "carriers is absent when not known whole (law 6) or on "
      "revision_asked") {
    EvidenceChecked unknown = FlaggedEvent();
    unknown.carried_by.reset();
    CHECK_FALSE(AttributeMap(OnlyRecord(Body({&unknown, 1}))["attributes"])
                    .contains("groundgate.carriers"));
    EvidenceChecked asked = FlaggedEvent();
    asked.action = EvidenceAction::kRevisionAsked;
    CHECK_FALSE(AttributeMap(OnlyRecord(Body({&asked, 1}))["attributes"])
                    .contains("groundgate.carriers"));
    EvidenceChecked none = FlaggedEvent();
    none.carried_by = std::vector<AnswerCarrier>{};
    CHECK(AttributeMap(OnlyRecord(
              Body({&none, 1}))["attributes"])["groundgate.carriers"] ==
          Json{{"intValue", "0"}});
  }

  TEST_CASE(
      "invalid UTF-8 in a conversation id becomes U+FFFD, never a "
      "throw") {
    EvidenceChecked event = FlaggedEvent();
    event.conversation_id = "conv-\xff\xfe";
    const Json attributes =
        AttributeMap(OnlyRecord(Body({&event, 1}))["attributes"]);
    CHECK(attributes["gen_ai.conversation.id"]["stringValue"] ==
          "conv-\xef\xbf\xbd\xef\xbf\xbd");
  }

  TEST_CASE("the real OTLP decoder accepts the request and reads it back") {
    std::vector<EvidenceChecked> events = {FlaggedEvent(), FlaggedEvent()};
    events[1].action = EvidenceAction::kGrounded;
    events[1].unsupported.clear();
    const std::string body =
        OtlpLogsRequestJson(events, kTime, {.include_values = true});
    const Decoded decoded = DecodeWithRealOtlp(body);
    if (!decoded.ran) {
      SayDecoderSkipped();
      return;
    }
    INFO(decoded.error);
    REQUIRE(decoded.ok);
    REQUIRE(decoded.out["records"].size() == 2);
    const Json& first = decoded.out["records"][0];
    CHECK(first["timeUnixNano"] == "1700000000123456789");
    CHECK(first["severityNumber"] == 13);
    CHECK(first["eventName"] == "gen_ai.evaluation.result");
    CHECK(first["attributes"]["groundgate.turn"] == Json{{"intValue", "2"}});
    CHECK(first["attributes"]["gen_ai.evaluation.score.value"] ==
          Json{{"doubleValue", 0.75}});
    CHECK(first["attributes"]["groundgate.unsupported_values"]["arrayValue"]
               ["values"][0]["stringValue"] == "trk-99812");
    CHECK(decoded.out["records"][1]["severityNumber"] == 9);
    CHECK(decoded.out["scope"]["version"] == GROUNDGATE_VERSION_STRING);
    CHECK(decoded.out["resource"]["service.name"] ==
          Json{{"stringValue", "groundgate"}});
  }

  TEST_CASE("the real OTLP decoder rejects what a collector would not read") {
    if (!RealDecoderInstalled()) {
      SayDecoderSkipped();
      return;
    }
    const EvidenceChecked event = FlaggedEvent();
    const std::string good = OtlpLogsRequestJson({&event, 1}, kTime, {});
    // The decoder is strict enough to notice the mistakes this mapping must
    // not make: an int64 as a JSON number, a snake_case field name.
    std::string as_number = good;
    const std::string quoted = "\"timeUnixNano\":\"1700000000123456789\"";
    as_number.replace(as_number.find(quoted), quoted.size(),
                      "\"timeUnixNano\":1700000000123456789");
    CHECK_FALSE(DecodeWithRealOtlp(as_number).ok);
    std::string snake = good;
    snake.replace(snake.find("\"eventName\""), 11, "\"event_name\"");
    CHECK_FALSE(DecodeWithRealOtlp(snake).ok);
    CHECK(DecodeWithRealOtlp(good).ok);
  }

  // ------------------------------------------------------ protobuf, gzip

  // Records that exercise every kind of attribute: a flagged one with values
  // (arrays), a grounded one (a score of 1), one with nothing looked up (no
  // score), an empty conversation id, invalid UTF-8, a negative count.
  std::vector<otlp_internal::EvidenceRecord> VariedRecords() {
    std::vector<EvidenceChecked> events(4, FlaggedEvent());
    events[1].action = EvidenceAction::kGrounded;
    events[1].unsupported.clear();
    events[2].action = EvidenceAction::kRefused;
    events[2].looked_up = 0;
    events[2].conversation_id = "";
    events[3].conversation_id = "conv-\xff\xfe \xe2\x82 ok \xf0\x9f\x98\x80";
    events[3].turn = -1;
    // The Run's span and the reply's id; a malformed context is left out.
    events[0].trace_context = {"4bf92f3577b34da6a3ce929d0e0e4736",
                               "00f067aa0ba902b7"};
    events[0].response_id = "chatcmpl-abc123";
    events[2].trace_context = {"4BF92F3577B34DA6A3CE929D0E0E4736",
                               "00f067aa0ba902b7"};
    std::vector<otlp_internal::EvidenceRecord> records;
    for (const EvidenceChecked& event : events) {
      records.push_back(otlp_internal::Summarize(event, 1700000000123456789ULL,
                                                 /*include_values=*/true));
    }
    return records;
  }

  otlp_internal::ResourceInfo TestResource() {
    return {.service_name = "order-agent",
            .attributes = {{"deployment.environment.name", "prod"}}};
  }

  TEST_CASE(
      "the protobuf body reads back, with the real OTLP definitions, as "
      "the same records as the JSON body") {
    const std::vector<otlp_internal::EvidenceRecord> records = VariedRecords();
    const std::string json =
        otlp_internal::RenderLogsRequest(records, TestResource());
    const std::string protobuf =
        otlp_internal::RenderLogsRequestProtobuf(records, TestResource());
    // Tag 1, length-delimited: resource_logs.
    REQUIRE(!protobuf.empty());
    CHECK(protobuf[0] == '\x0a');
    // Fewer bytes than JSON, as otel.h says.
    CAPTURE(json.size());
    CAPTURE(protobuf.size());
    CHECK(protobuf.size() < json.size());
    const Decoded from_json = DecodeWithRealOtlp(json);
    const Decoded from_protobuf = DecodeWithRealOtlp(protobuf);
    if (!from_json.ran) {
      SayDecoderSkipped();
      return;
    }
    INFO(from_json.error);
    INFO(from_protobuf.error);
    REQUIRE(from_json.ok);
    REQUIRE(from_protobuf.ok);
    REQUIRE(from_protobuf.out["records"].size() == 4);
    CHECK(from_protobuf.out == from_json.out);
    // The values read back, not only their agreement.
    const Json& first = from_protobuf.out["records"][0];
    CHECK(first["timeUnixNano"] == "1700000000123456789");
    CHECK(first["observedTimeUnixNano"] == "1700000000123456789");
    CHECK(first["severityNumber"] == 13);
    CHECK(first["severityText"] == "WARN");
    CHECK(first["eventName"] == "gen_ai.evaluation.result");
    CHECK(first["attributes"]["groundgate.turn"] == Json{{"intValue", "2"}});
    CHECK(first["attributes"]["groundgate.after_revision"] ==
          Json{{"boolValue", true}});
    CHECK(first["attributes"]["gen_ai.evaluation.score.value"] ==
          Json{{"doubleValue", 0.75}});
    CHECK(first["attributes"]["groundgate.unsupported_values"]["arrayValue"]
               ["values"][0]["stringValue"] == "trk-99812");
    CHECK(first["traceId"] == "4bf92f3577b34da6a3ce929d0e0e4736");
    CHECK(first["spanId"] == "00f067aa0ba902b7");
    CHECK(first["attributes"]["gen_ai.response.id"] ==
          Json{{"stringValue", "chatcmpl-abc123"}});
    CHECK_FALSE(from_protobuf.out["records"][1].contains("traceId"));
    CHECK_FALSE(from_protobuf.out["records"][2].contains("traceId"));
    CHECK_FALSE(from_protobuf.out["records"][1]["attributes"].contains(
        "gen_ai.response.id"));
    CHECK(from_protobuf.out["records"][3]["attributes"]["groundgate.turn"] ==
          Json{{"intValue", "-1"}});
    CHECK(from_protobuf.out["records"][3]["attributes"]
                           ["gen_ai.conversation.id"]["stringValue"] ==
          "conv-\xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd ok \xf0\x9f\x98\x80");
    CHECK(from_protobuf.out["resource"]["deployment.environment.name"] ==
          Json{{"stringValue", "prod"}});
    CHECK(from_protobuf.out["scope"]["version"] == GROUNDGATE_VERSION_STRING);

    // gzip changes the bytes on the wire, not what they say.
    const std::optional<std::string> gzipped = otlp_internal::Gzip(protobuf);
    REQUIRE(gzipped.has_value());
    CHECK(Gunzip(*gzipped).value_or("") == protobuf);
    const Decoded from_gzip = DecodeWithRealOtlp(*gzipped);
    INFO(from_gzip.error);
    REQUIRE(from_gzip.ok);
    CHECK(from_gzip.out == from_json.out);
  }

  TEST_CASE(
      "law 8: no value reaches a protobuf record unless the exporter opts "
      "in too") {
    const EvidenceChecked with_value = FlaggedEvent();  // the app opted in
    const otlp_internal::EvidenceRecord plain =
        otlp_internal::Summarize(with_value, 1, /*include_values=*/false);
    const std::string body =
        otlp_internal::RenderLogsRequestProtobuf({&plain, 1}, TestResource());
    CHECK(body.find("trk-99812") == std::string::npos);
    CHECK(body.find("_values") == std::string::npos);
    const otlp_internal::EvidenceRecord opted =
        otlp_internal::Summarize(with_value, 1, /*include_values=*/true);
    CHECK(otlp_internal::RenderLogsRequestProtobuf({&opted, 1}, TestResource())
              .find("trk-99812") != std::string::npos);
  }

  TEST_CASE("the real OTLP decoder rejects a protobuf body it would not read") {
    if (!RealDecoderInstalled()) {
      SayDecoderSkipped();
      return;
    }
    const std::string good = otlp_internal::RenderLogsRequestProtobuf(
        VariedRecords(), TestResource());
    CHECK(DecodeWithRealOtlp(good).ok);
    // A field the message does not have (ExportLogsServiceRequest field 9,
    // a varint) is noticed, as is a cut body.
    CHECK_FALSE(DecodeWithRealOtlp(good + std::string("\x48\x01", 2)).ok);
    CHECK_FALSE(DecodeWithRealOtlp(good.substr(0, good.size() - 3)).ok);
  }

  TEST_CASE("ill-formed UTF-8 becomes U+FFFD, one per maximal subpart") {
    struct Case {
      std::string name;
      std::string in;
      std::string out;
    };
    const std::string r = "\xef\xbf\xbd";
    const std::vector<Case> cases = {
        {"ascii", "plain", "plain"},
        {"two, three and four bytes", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
         "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"},
        {"a lone continuation byte", "a\x80z", "a" + r + "z"},
        {"an overlong lead", "\xc0\xaf", r + r},
        {"a truncated three-byte sequence", "\xe2\x82x", r + "x"},
        {"a surrogate", "\xed\xa0\x80", r + r + r},
        {"past U+10FFFF", "\xf4\x90\x80\x80", r + r + r + r},
        {"cut at the end", "ok\xf0\x9f\x98", "ok" + r},
    };
    ForEachCase(cases, [](const Case& c) {
      CHECK(otlp_internal::ValidUtf8(c.in) == c.out);
    });
  }

  TEST_CASE(
      "by default a request is protobuf, gzipped, and its headers say "
      "so") {
    FakeCollector collector;
    OtlpExporterOptions options;
    options.flush_interval = kNever;
    options.transport = collector.transport();
    options.headers = {{"Authorization", "Bearer sk-test-0001"}};
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Flush(kPatience).ok());
    REQUIRE(collector.requests().size() == 1);
    const OtlpHttpRequest request = collector.requests()[0];
    using Header = std::pair<std::string, std::string>;
    CHECK(request.headers ==
          std::vector<Header>{{"Content-Type", "application/x-protobuf"},
                              {"Content-Encoding", "gzip"},
                              {"Authorization", "Bearer sk-test-0001"}});
    REQUIRE(request.body.size() > 2);
    CHECK(request.body.substr(0, 2) == "\x1f\x8b");
    const std::string protobuf = Gunzip(request.body).value_or("");
    REQUIRE(!protobuf.empty());
    CHECK(protobuf[0] == '\x0a');
    CHECK(exporter->stats().exported == 2);
    const Decoded decoded = DecodeWithRealOtlp(request.body);
    if (!decoded.ran) {
      SayDecoderSkipped();
      return;
    }
    INFO(decoded.error);
    REQUIRE(decoded.ok);
    REQUIRE(decoded.out["records"].size() == 2);
    CHECK(decoded.out["records"][1]["attributes"]
                     ["gen_ai.evaluation.score.label"] ==
          Json{{"stringValue", "flagged"}});
  }

  TEST_CASE(
      "a partialSuccess is read as its Content-Type says, else in the "
      "request's encoding") {
    // ExportLogsServiceResponse{partial_success{rejected_log_records: 3,
    // error_message: "rejected by the test"}}, as decode.js writes it.
    const std::string protobuf_3 =
        std::string("\x0a\x18\x08\x03\x12\x14", 6) + "rejected by the test";
    if (std::optional<std::string> real = RealProtobufResponse(3)) {
      CHECK(*real == protobuf_3);
    } else {
      SayDecoderSkipped();
    }
    const std::string json_2 =
        R"({"partialSuccess":{"rejectedLogRecords":"2"}})";
    struct Case {
      std::string name;
      OtlpEncoding request_encoding;
      std::string content_type;
      std::string body;
      std::uint64_t rejected;
    };
    const std::vector<Case> cases = {
        {"protobuf, named", OtlpEncoding::kProtobuf, "application/x-protobuf",
         protobuf_3, 3},
        {"protobuf, unnamed", OtlpEncoding::kProtobuf, "", protobuf_3, 3},
        {"JSON to a protobuf request", OtlpEncoding::kProtobuf,
         "application/json; charset=utf-8", json_2, 2},
        {"protobuf to a JSON request", OtlpEncoding::kJson,
         "Application/X-Protobuf", protobuf_3, 3},
        {"JSON, unnamed", OtlpEncoding::kJson, "", json_2, 2},
        {"an empty protobuf answer", OtlpEncoding::kProtobuf,
         "application/x-protobuf", "", 0},
        {"a cut protobuf answer", OtlpEncoding::kProtobuf,
         "application/x-protobuf", protobuf_3.substr(0, 5), 0},
    };
    ForEachCase(cases, [](const Case& c) {
      FakeCollector collector([&c](int) -> absl::StatusOr<OtlpHttpResponse> {
        return OtlpHttpResponse{
            .status = 200, .body = c.body, .content_type = c.content_type};
      });
      OtlpExporterOptions options = FakeOptions(collector);
      options.encoding = c.request_encoding;
      const OtlpExporterStats stats = StatsAfterFlush(options, 4);
      CHECK(stats.rejected == c.rejected);
      CHECK(stats.exported == 4 - c.rejected);
    });
  }

  // ------------------------------------------------------------- options

  TEST_CASE("Create names the bad option and never quotes a header value") {
    struct Case {
      std::string name;
      OtlpExporterOptions options;
      std::string mentions;
    };
    const std::vector<Case> cases = {
        {"ftp endpoint", {.endpoint = "ftp://collector:4318"}, "endpoint"},
        {"bare scheme", {.endpoint = "http://"}, "endpoint"},
        {"CR in a header value",
         {.headers = {{"Authorization", "Bearer sk-secret\r\nX: y"}}},
         "headers[0]"},
        {"space in a header name",
         {.headers = {{"Bad Name", "v"}}},
         "headers[0]"},
        {"empty service name", {.service_name = ""}, "service_name"},
        {"empty resource key",
         {.resource_attributes = {{"", "v"}}},
         "resource_attributes[0]"},
        {"zero queue", {.queue_capacity = 0}, "queue_capacity"},
        {"huge queue",
         {.queue_capacity = kMaxOtlpQueueCapacity + 1},
         "queue_capacity"},
        {"batch above queue",
         {.queue_capacity = 4, .max_batch_size = 5},
         "max_batch_size"},
        {"batch above the cap",
         {.queue_capacity = 2 * kMaxOtlpMaxBatchSize,
          .max_batch_size = kMaxOtlpMaxBatchSize + 1},
         "max_batch_size"},
        {"zero interval", {.flush_interval = 0ms}, "flush_interval"},
        {"endless interval",
         {.flush_interval = std::chrono::milliseconds::max()},
         "flush_interval"},
        {"zero timeout", {.request_timeout = 0ms}, "request_timeout"},
        {"endless timeout",
         {.request_timeout = kMaxOtlpInterval + 1ms},
         "request_timeout"},
        {"negative retries", {.max_retries = -1}, "max_retries"},
        {"too many retries",
         {.max_retries = kMaxOtlpRetries + 1},
         "max_retries"},
        {"negative backoff", {.initial_backoff = -1ms}, "initial_backoff"},
        {"negative shutdown", {.shutdown_timeout = -1ms}, "shutdown_timeout"},
        {"unknown encoding",
         {.encoding = static_cast<OtlpEncoding>(7)},
         "encoding"},
        {"unknown compression",
         {.compression = static_cast<OtlpCompression>(7)},
         "compression"},
    };
    ForEachCase(cases, [&](const Case& c) {
      absl::StatusOr<std::unique_ptr<OtlpExporter>> exporter =
          OtlpExporter::Create(c.options);
      REQUIRE_FALSE(exporter.ok());
      CHECK(exporter.status().code() == absl::StatusCode::kInvalidArgument);
      const std::string message(exporter.status().message());
      CAPTURE(message);
      CHECK(message.find(c.mentions) != std::string::npos);
      CHECK(message.find("sk-secret") == std::string::npos);
    });
    // The defaults are valid, and an endpoint may end in a slash.
    CHECK(OtlpExporter::Create({}).ok());
    CHECK(OtlpExporter::Create({.endpoint = "HTTPS://collector:4318/"}).ok());
  }

  // -------------------------------------------------- queue and batching

  TEST_CASE(
      "records go out in batches of max_batch_size, the rest on "
      "Flush") {
    FakeCollector collector;
    OtlpExporterOptions options = FakeOptions(collector);
    options.max_batch_size = 4;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    const EvidenceChecked event = FlaggedEvent();
    for (int i = 0; i < 10; ++i) CHECK(exporter->Enqueue(event));
    REQUIRE(collector.WaitForRequests(2));
    CHECK(exporter->Flush(kPatience).ok());
    CHECK(collector.batch_sizes() == std::vector<std::size_t>{4, 4, 2});
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.enqueued == 10);
    CHECK(stats.exported == 10);
    CHECK(stats.batches == 3);
    CHECK(stats.dropped == 0);
    const OtlpHttpRequest request = collector.requests()[0];
    CHECK(request.url == "http://127.0.0.1:4318/v1/logs");
    REQUIRE(!request.headers.empty());
    CHECK(request.headers[0] == std::pair<std::string, std::string>(
                                    "Content-Type", "application/json"));
  }

  TEST_CASE("a lone record goes out after flush_interval without a Flush") {
    FakeCollector collector;
    OtlpExporterOptions options = FakeOptions(collector);
    options.flush_interval = 20ms;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    CHECK(exporter->Enqueue(FlaggedEvent()));
    REQUIRE(collector.WaitForRequests(1));
    CHECK(collector.batch_sizes() == std::vector<std::size_t>{1});
  }

  TEST_CASE(
      "a full queue drops and counts, and Enqueue returns at once "
      "while the collector stalls") {
    FakeCollector collector;
    collector.Hold();
    OtlpExporterOptions options = FakeOptions(collector);
    options.queue_capacity = 4;
    options.max_batch_size = 1;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    const EvidenceChecked event = FlaggedEvent();
    CHECK(exporter->Enqueue(event));
    // The worker now sits in a request the collector does not answer.
    REQUIRE(collector.WaitForRequests(1));
    const auto started = std::chrono::steady_clock::now();
    int accepted = 0;
    for (int i = 0; i < 100; ++i) accepted += exporter->Enqueue(event) ? 1 : 0;
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(accepted == 4);
    // Blocking on the stalled request would never return; this bound only
    // guards against a wait that ends by accident.
    CHECK(took < 5s);
    OtlpExporterStats stats = exporter->stats();
    CHECK(stats.enqueued == 5);
    CHECK(stats.dropped == 96);
    CHECK(stats.exported == 0);
    collector.Release();
    CHECK(exporter->Flush(kPatience).ok());
    stats = exporter->stats();
    CHECK(stats.exported == 5);
    CHECK(stats.dropped == 96);
  }

  TEST_CASE("many threads enqueue at once; every event is counted once") {
    FakeCollector collector;
    OtlpExporterOptions options = FakeOptions(collector);
    options.queue_capacity = 512;
    options.max_batch_size = 64;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    const EvidenceChecked event = FlaggedEvent();
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < 500; ++i) exporter->Enqueue(event);
      });
    }
    for (std::thread& thread : threads) thread.join();
    CHECK(exporter->Flush(kPatience).ok());
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.enqueued + stats.dropped == 2000);
    CHECK(stats.exported == stats.enqueued);
    std::size_t received = 0;
    for (std::size_t size : collector.batch_sizes()) {
      CHECK(size <= 64);
      received += size;
    }
    CHECK(received == stats.exported);
  }

  TEST_CASE("a batch too long for one request goes out in several") {
    FakeCollector collector;
    OtlpExporterOptions options = FakeOptions(collector);
    options.queue_capacity = kMaxOtlpMaxBatchSize;
    options.max_batch_size = kMaxOtlpMaxBatchSize;
    const OtlpExporterStats stats = StatsAfterFlush(
        options, static_cast<int>(kMaxOtlpMaxBatchSize), kLongPatience);
    CHECK(stats.exported == kMaxOtlpMaxBatchSize);
    CHECK(stats.failed == 0);
    const std::vector<OtlpHttpRequest> requests = collector.requests();
    REQUIRE(requests.size() >= 2);
    std::size_t records = 0;
    std::size_t bytes = 0;
    for (const OtlpHttpRequest& request : requests) {
      CHECK(request.body.size() <= kMaxOtlpRequestBytes);
      records += RecordCount(request.body);
      bytes += request.body.size();
    }
    CHECK(records == kMaxOtlpMaxBatchSize);
    CHECK(stats.batches == requests.size());
    // The header's figure: a record is ~1.5 KB of JSON without values.
    const std::size_t per_record = bytes / records;
    CAPTURE(per_record);
    CHECK(per_record > 1000);
    CHECK(per_record < 2000);
  }

  TEST_CASE("a batch split in halves fails or is abandoned half by half") {
    // The first request fails for good (400); the rest are sent.
    FakeCollector collector([](int call) -> absl::StatusOr<OtlpHttpResponse> {
      if (call == 0) return OtlpHttpResponse{.status = 400, .body = "{}"};
      return OtlpHttpResponse{.status = 200, .body = "{}"};
    });
    OtlpExporterOptions options = FakeOptions(collector);
    options.queue_capacity = kMaxOtlpMaxBatchSize;
    options.max_batch_size = kMaxOtlpMaxBatchSize;
    const OtlpExporterStats stats = StatsAfterFlush(
        options, static_cast<int>(kMaxOtlpMaxBatchSize), kLongPatience);
    const std::vector<std::size_t> sizes = collector.batch_sizes();
    REQUIRE(sizes.size() >= 2);
    CHECK(stats.failed == sizes.front());
    CHECK(stats.failed_batches == 1);
    CHECK(stats.exported + stats.failed == kMaxOtlpMaxBatchSize);
  }

  // ----------------------------------------------------------- retries

  TEST_CASE("503 is retried with backoff, then the batch is exported") {
    FakeCollector collector([](int call) -> absl::StatusOr<OtlpHttpResponse> {
      if (call < 2) return OtlpHttpResponse{.status = 503};
      return OtlpHttpResponse{.status = 200, .body = "{}"};
    });
    const OtlpExporterStats stats = StatsAfterFlush(FakeOptions(collector));
    CHECK(collector.requests().size() == 3);
    CHECK(stats.exported == 1);
    CHECK(stats.retries == 2);
    CHECK(stats.failed == 0);
    CHECK(stats.last_http_status == 503);
    CHECK(stats.last_error_code == "UNAVAILABLE");
    // Every attempt sends the same body.
    CHECK(collector.requests()[0].body == collector.requests()[2].body);
  }

  TEST_CASE("retries stop at max_retries and the batch counts as failed") {
    FakeCollector collector([](int) -> absl::StatusOr<OtlpHttpResponse> {
      return OtlpHttpResponse{.status = 429};
    });
    OtlpExporterOptions options = FakeOptions(collector);
    options.max_retries = 2;
    const OtlpExporterStats stats = StatsAfterFlush(options, 2);
    CHECK(collector.requests().size() == 3);
    CHECK(stats.failed == 2);
    CHECK(stats.failed_batches == 1);
    CHECK(stats.retries == 2);
    CHECK(stats.exported == 0);
    CHECK(stats.last_error_code == "RESOURCE_EXHAUSTED");
  }

  TEST_CASE("what will not change by itself is not retried") {
    struct Case {
      std::string name;
      absl::StatusOr<OtlpHttpResponse> response;
      std::string code;
      int http_status;
    };
    const std::vector<Case> cases = {
        {"400", OtlpHttpResponse{.status = 400}, "INVALID_ARGUMENT", 400},
        {"401", OtlpHttpResponse{.status = 401}, "UNAUTHENTICATED", 401},
        {"413", OtlpHttpResponse{.status = 413}, "INVALID_ARGUMENT", 413},
        {"a bad URL", absl::InvalidArgumentError("bad url"), "INVALID_ARGUMENT",
         0},
    };
    ForEachCase(cases, [&](const Case& c) {
      FakeCollector collector(
          [&](int) -> absl::StatusOr<OtlpHttpResponse> { return c.response; });
      const OtlpExporterStats stats = StatsAfterFlush(FakeOptions(collector));
      CHECK(collector.requests().size() == 1);
      CHECK(stats.failed == 1);
      CHECK(stats.retries == 0);
      CHECK(stats.last_error_code == c.code);
      CHECK(stats.last_http_status == c.http_status);
    });
  }

  TEST_CASE("a transport failure is retried") {
    FakeCollector collector([](int call) -> absl::StatusOr<OtlpHttpResponse> {
      if (call == 0) return absl::UnavailableError("connection refused");
      if (call == 1) return absl::DeadlineExceededError("timed out");
      return OtlpHttpResponse{.status = 200};
    });
    const OtlpExporterStats stats = StatsAfterFlush(FakeOptions(collector));
    CHECK(stats.exported == 1);
    CHECK(stats.retries == 2);
    CHECK(stats.last_http_status == 0);
    CHECK(stats.last_error_code == "DEADLINE_EXCEEDED");
  }

  TEST_CASE("Retry-After in seconds replaces the backoff") {
    FakeCollector collector([](int call) -> absl::StatusOr<OtlpHttpResponse> {
      if (call == 0) return OtlpHttpResponse{.status = 503, .retry_after = "0"};
      return OtlpHttpResponse{.status = 200};
    });
    OtlpExporterOptions options = FakeOptions(collector);
    // Without the header the retry would wait an hour-long backoff (capped
    // at kMaxOtlpBackoff): the Flush would time out.
    options.initial_backoff = kNever;
    CHECK(StatsAfterFlush(options).exported == 1);
  }

  TEST_CASE("a partialSuccess counts its rejected records") {
    FakeCollector collector([](int) -> absl::StatusOr<OtlpHttpResponse> {
      return OtlpHttpResponse{
          .status = 200,
          .body = R"({"partialSuccess":{"rejectedLogRecords":"2",)"
                  R"("errorMessage":"too old"}})"};
    });
    const OtlpExporterStats stats = StatsAfterFlush(FakeOptions(collector), 3);
    CHECK(stats.exported == 1);
    CHECK(stats.rejected == 2);
  }

  // -------------------------------------------------- flush and shutdown

  TEST_CASE("Shutdown flushes what was queued, then refuses more") {
    FakeCollector collector;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(FakeOptions(collector));
    for (int i = 0; i < 3; ++i) CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Shutdown(kPatience).ok());
    CHECK(collector.batch_sizes() == std::vector<std::size_t>{3});
    CHECK_FALSE(exporter->Enqueue(FlaggedEvent()));
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.exported == 3);
    CHECK(stats.dropped == 1);
    CHECK(exporter->Shutdown(kPatience).ok());  // idempotent
    // Nothing left to settle; an endless timeout does not overflow.
    CHECK(exporter->Flush(std::chrono::milliseconds::max()).ok());
  }

  TEST_CASE("the destructor flushes") {
    FakeCollector collector;
    {
      std::unique_ptr<OtlpExporter> exporter =
          MustCreate(FakeOptions(collector));
      CHECK(exporter->Enqueue(FlaggedEvent()));
    }
    CHECK(collector.batch_sizes() == std::vector<std::size_t>{1});
  }

  TEST_CASE(
      "Shutdown gives up on a stalled collector and counts the "
      "records abandoned") {
    FakeCollector collector;
    collector.Hold();
    OtlpExporterOptions options = FakeOptions(collector);
    options.max_batch_size = 2;
    std::unique_ptr<OtlpExporter> exporter = MustCreate(options);
    for (int i = 0; i < 5; ++i) CHECK(exporter->Enqueue(FlaggedEvent()));
    REQUIRE(collector.WaitForRequests(1));
    CHECK(exporter->Flush(10ms).code() == absl::StatusCode::kDeadlineExceeded);
    CHECK(exporter->Shutdown(50ms).code() ==
          absl::StatusCode::kDeadlineExceeded);
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.abandoned == 5);
    CHECK(stats.exported == 0);
    CHECK(stats.failed == 0);
  }

  TEST_CASE(
      "a subscription that outlives the exporter counts nothing and "
      "breaks nothing") {
    EventBus bus;
    FakeCollector collector;
    Subscription subscription;
    {
      std::unique_ptr<OtlpExporter> exporter =
          MustCreate(FakeOptions(collector));
      subscription = exporter->Subscribe(bus);
      bus.Publish(FlaggedEvent());
    }
    bus.Publish(FlaggedEvent());  // the exporter is gone: dropped, no crash
    CHECK(collector.batch_sizes() == std::vector<std::size_t>{1});
    CHECK(bus.stats().handler_exceptions == 0);
  }

  // ----------------------------------------------- over HTTP, end to end

  ToolRegistry OrderTools() {
    return OneToolRegistry("get_order",
                           R"({"order_id":"ORD-1042","total":41200})");
  }

  TEST_CASE(
      "an Agent's evidence_checked reaches a loopback collector as "
      "OTLP/HTTP JSON") {
    testing::LoopbackHttpServer server([](const testing::LoopbackRequest&) {
      return testing::LoopbackReply::Json(R"({"partialSuccess":{}})");
    });
    REQUIRE(server.listening());
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = server.url() + "/",
                    .headers = {{"Authorization", "Bearer sk-test-0001"}},
                    .service_name = "order-agent",
                    .encoding = OtlpEncoding::kJson,
                    .compression = OtlpCompression::kNone,
                    .flush_interval = kNever});
    EventBus bus;
    Subscription exported = exporter->Subscribe(bus);
    ToolRegistry tools = OrderTools();
    ScriptedModel model(
        {ModelReply::Call("call_1", "get_order", R"({"id":"ORD-1042"})"),
         ModelReply::Answer("Order ORD-1042 totals 41,200 and ships as "
                            "TRK-99812.")});
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        Agent::Create({.conversation_id = "conv-e2e"}, &model, &tools, &bus);
    REQUIRE(agent.ok());
    REQUIRE((*agent)->Run("Where is order ORD-1042?").ok());
    CHECK(exporter->Flush(kPatience).ok());

    REQUIRE(server.request_count() == 1);
    const testing::LoopbackRequest request = server.requests()[0];
    CHECK(request.method == "POST");
    CHECK(request.path == "/v1/logs");
    CHECK(request.Header("Content-Type") == "application/json");
    CHECK(request.Header("Authorization") == "Bearer sk-test-0001");
    const Json body = Json::parse(request.body);
    // Law 8: neither the typed value nor the read one travels (the clock
    // readings are left out: their digits could hold anything).
    Json without_clock = body;
    Json& sent =
        without_clock["resourceLogs"][0]["scopeLogs"][0]["logRecords"][0];
    sent.erase("timeUnixNano");
    sent.erase("observedTimeUnixNano");
    const std::string text = without_clock.dump();
    CHECK(text.find("99812") == std::string::npos);
    CHECK(text.find("1042") == std::string::npos);
    const Json attributes = AttributeMap(OnlyRecord(body)["attributes"]);
    CHECK(attributes["gen_ai.evaluation.score.label"]["stringValue"] ==
          "flagged");
    CHECK(attributes["gen_ai.conversation.id"]["stringValue"] == "conv-e2e");
    CHECK(attributes["groundgate.unsupported"]["intValue"] == "1");
    CHECK(attributes["groundgate.carriers"]["intValue"] == "1");
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.exported == 1);
    CHECK(stats.batches == 1);

    const Decoded decoded = DecodeWithRealOtlp(request.body);
    if (!decoded.ran) {
      SayDecoderSkipped();
    } else {
      INFO(decoded.error);
      REQUIRE(decoded.ok);
      REQUIRE(decoded.out["records"].size() == 1);
      CHECK(decoded.out["records"][0]["eventName"] ==
            "gen_ai.evaluation.result");
      CHECK(decoded.out["resource"]["service.name"] ==
            Json{{"stringValue", "order-agent"}});
    }
  }

  TEST_CASE(
      "by default a loopback collector gets gzipped protobuf and its "
      "protobuf partialSuccess is read") {
    const std::string rejected_1 =
        std::string("\x0a\x02\x08\x01", 4);  // partial_success{rejected: 1}
    testing::LoopbackHttpServer server(
        [&rejected_1](const testing::LoopbackRequest&) {
          testing::LoopbackReply reply;
          reply.headers = {{"Content-Type", "application/x-protobuf"}};
          reply.body = rejected_1;
          return reply;
        });
    REQUIRE(server.listening());
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = server.url(),
                    .service_name = "order-agent",
                    .flush_interval = kNever});
    for (int i = 0; i < 3; ++i) CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Flush(kPatience).ok());
    REQUIRE(server.request_count() == 1);
    const testing::LoopbackRequest request = server.requests()[0];
    CHECK(request.path == "/v1/logs");
    CHECK(request.Header("Content-Type") == "application/x-protobuf");
    CHECK(request.Header("Content-Encoding") == "gzip");
    CHECK(request.Header("User-Agent") ==
          "groundgate/" GROUNDGATE_VERSION_STRING);
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.exported == 2);
    CHECK(stats.rejected == 1);
    const Decoded decoded = DecodeWithRealOtlp(request.body);
    if (!decoded.ran) {
      SayDecoderSkipped();
      return;
    }
    INFO(decoded.error);
    REQUIRE(decoded.ok);
    REQUIRE(decoded.out["records"].size() == 3);
    CHECK(decoded.out["resource"]["service.name"] ==
          Json{{"stringValue", "order-agent"}});
  }

  TEST_CASE("the exporter's requests share one connection to the collector") {
    testing::LoopbackHttpServer server(
        [](const testing::LoopbackRequest&) {
          return testing::LoopbackReply::Json(R"({"partialSuccess":{}})");
        },
        testing::LoopbackOptions{.keep_alive = true});
    REQUIRE(server.listening());
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = server.url(), .flush_interval = kNever});
    for (int i = 0; i < 3; ++i) {
      CHECK(exporter->Enqueue(FlaggedEvent()));
      CHECK(exporter->Flush(kPatience).ok());
    }
    CHECK(server.request_count() == 3);
    CHECK(server.connection_count() == 1);
    CHECK(exporter->stats().exported == 3);
  }

  TEST_CASE("a collector's 503 is retried over HTTP") {
    std::atomic<int> calls{0};
    testing::LoopbackHttpServer server([&](const testing::LoopbackRequest&) {
      if (calls.fetch_add(1) == 0) {
        testing::LoopbackReply busy = testing::LoopbackReply::Json("{}", 503);
        busy.headers.emplace_back("Retry-After", "0");
        return busy;
      }
      return testing::LoopbackReply::Json("{}");
    });
    REQUIRE(server.listening());
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = server.url(), .flush_interval = kNever});
    CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Flush(kPatience).ok());
    CHECK(server.request_count() == 2);
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.exported == 1);
    CHECK(stats.retries == 1);
    CHECK(stats.last_http_status == 503);
  }

  TEST_CASE("a collector that never answers is cancelled by Shutdown") {
    testing::LoopbackHttpServer server([](const testing::LoopbackRequest&) {
      testing::LoopbackReply never = testing::LoopbackReply::Json("{}");
      never.delay = std::chrono::minutes(5);
      return never;
    });
    REQUIRE(server.listening());
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = server.url(), .flush_interval = kNever});
    CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Flush(10ms).code() == absl::StatusCode::kDeadlineExceeded);
    REQUIRE(server.WaitForRequests(1, kPatience));
    const auto started = std::chrono::steady_clock::now();
    CHECK(exporter->Shutdown(50ms).code() ==
          absl::StatusCode::kDeadlineExceeded);
    // Well under the 10 s request timeout: the request was cancelled.
    CHECK(std::chrono::steady_clock::now() - started < 8s);
    CHECK(exporter->stats().abandoned == 1);
  }

  TEST_CASE("a refused connection is retried, then counted failed") {
    int port = 0;
    {
      testing::LoopbackHttpServer closed([](const testing::LoopbackRequest&) {
        return testing::LoopbackReply::Json("{}");
      });
      REQUIRE(closed.listening());
      port = closed.port();
    }  // nothing listens there now
    std::unique_ptr<OtlpExporter> exporter =
        MustCreate({.endpoint = "http://127.0.0.1:" + std::to_string(port),
                    .flush_interval = kNever,
                    .max_retries = 1,
                    .initial_backoff = 1ms});
    CHECK(exporter->Enqueue(FlaggedEvent()));
    CHECK(exporter->Flush(kPatience).ok());
    const OtlpExporterStats stats = exporter->stats();
    CHECK(stats.failed == 1);
    CHECK(stats.retries == 1);
    CHECK(stats.last_http_status == 0);
    CHECK(stats.last_error_code == "UNAVAILABLE");
  }
}

}  // namespace
}  // namespace groundgate

#endif  // GROUNDGATE_HAS_NET
