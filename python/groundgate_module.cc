// python/groundgate_module.cc — the `groundgate` Python module.
//
// Its one job: give Python the library's judgement with Python's types:
// Gate(options) from a dict or keyword arguments, EvidenceCorpus, and
// gate.judge(answer, corpus) returning the verdict's JSON form as dicts and
// lists; check(path) and check_lines(lines) re-judge JSONL traces and
// return what `groundgate check` prints, one dict (or line) per judged
// answer, so a batch engine (dask, Spark, multiprocessing) can shard an
// archive by line; Agent runs the library's agent loop with a Python model
// callable or OpenAiClient, Python tools (Tool) and an on_event callback
// that receives events as dicts. The GIL is released while a corpus
// records, a gate judges or an agent runs, so threads work in parallel;
// the loop takes it back only to call Python.
//
// What it does NOT do: judge, read options, build a check line or run the
// loop itself (the library: Gate, traces/options_json.h,
// traces/check_record.h, Agent), or expose the Verdict structs (the JSON
// form is the stable one). The package src/groundgate/__init__.py re-exports
// this module, groundgate._groundgate.
//
//   import groundgate
//   gate = groundgate.Gate(exempt_values=["TENANT-0042"])
//   corpus = groundgate.EvidenceCorpus()
//   corpus.record_user_message("How many CRC errors on port fc1/3?")
//   corpus.record_tool_result("call_1", "port_stats",
//                             '{"port": "fc1/3", "crc_errors": 41200}')
//   verdict = gate.judge("Port fc1/3 logged 41,200 CRC errors.", corpus)
//   assert verdict["action"] == "grounded"
//
// Thread safety: a Gate is immutable and may be shared by any number of
// threads. An EvidenceCorpus guards itself: recording waits for judges of
// it to finish, and judges of one corpus run concurrently.
#include <pybind11/pybind11.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/cord.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "groundgate/agent.h"
#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/gate.h"
#ifdef GROUNDGATE_PYTHON_NET
#include "groundgate/openai_client.h"
#endif
#include "groundgate/stages.h"
#include "groundgate/trace.h"
#include "groundgate/verdict_json.h"
#include "groundgate/version.h"
#include "nlohmann/json.hpp"
#include "stages/verdict_json.h"
#include "traces/check_record.h"
#include "traces/options_json.h"

namespace py = pybind11;

namespace groundgate::python {
namespace {

using OrderedJson = nlohmann::ordered_json;

// How check() and check_lines() name a record without an id when no
// source is given: "<lines>:3", as the command names stdin "<stdin>:3".
constexpr std::string_view kDefaultSource = "<lines>";

// ---- JSON <-> Python ---------------------------------------------------

// A str from UTF-8 bytes. Offsets and shapes are ASCII; a value clipped at
// 64 bytes ends on a character boundary, and an answer's bad bytes become
// U+FFFD rather than an exception.
py::str Utf8Str(std::string_view text) {
  PyObject* str = PyUnicode_DecodeUTF8(
      text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(str);
}

py::object ToPython(const OrderedJson& value) {
  switch (value.type()) {
    case OrderedJson::value_t::null:
      return py::none();
    case OrderedJson::value_t::boolean:
      return py::bool_(value.get<bool>());
    case OrderedJson::value_t::number_integer:
      return py::int_(value.get<std::int64_t>());
    case OrderedJson::value_t::number_unsigned:
      return py::int_(value.get<std::uint64_t>());
    case OrderedJson::value_t::number_float:
      return py::float_(value.get<double>());
    case OrderedJson::value_t::string:
      return Utf8Str(value.get_ref<const std::string&>());
    case OrderedJson::value_t::array: {
      py::list list(value.size());
      for (std::size_t i = 0; i < value.size(); ++i) {
        list[i] = ToPython(value[i]);
      }
      return list;
    }
    case OrderedJson::value_t::object: {
      py::dict dict;
      for (auto it = value.begin(); it != value.end(); ++it) {
        dict[Utf8Str(it.key())] = ToPython(it.value());
      }
      return dict;
    }
    case OrderedJson::value_t::binary:
    case OrderedJson::value_t::discarded:
      break;
  }
  return py::none();
}

py::object ToPython(const nlohmann::json& value) {
  return ToPython(OrderedJson(value));
}

// Options given as Python objects, as the JSON GateOptionsFromJson reads.
nlohmann::json FromPython(py::handle value, const std::string& path) {
  if (value.is_none()) return nullptr;
  // bool before int: True is an int in Python.
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) {
    int overflow = 0;
    const long long number =
        PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow != 0) throw py::value_error(path + ": out of range");
    return static_cast<std::int64_t>(number);
  }
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    nlohmann::json object = nlohmann::json::object();
    for (auto [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) {
        throw py::type_error(path + ": keys must be str");
      }
      const std::string name = key.cast<std::string>();
      object[name] = FromPython(item, path.empty() ? name : path + "." + name);
    }
    return object;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    nlohmann::json array = nlohmann::json::array();
    std::size_t i = 0;
    for (py::handle item : value) {
      array.push_back(FromPython(item, path + "[" + std::to_string(i) + "]"));
      ++i;
    }
    return array;
  }
  throw py::type_error(
      (path.empty() ? std::string("options") : path) + ": a " +
      std::string(py::str(py::type::of(value).attr("__name__"))) +
      " is not an option value (use dict, list, str, int or bool)");
}

// ---- Gate ----------------------------------------------------------------

// Makes a Gate from an options dict and keyword arguments (which win).
// ValueError with the library's message for a bad option.
std::unique_ptr<Gate> MakeGate(const py::object& options,
                               const py::kwargs& kwargs) {
  nlohmann::json json = nlohmann::json::object();
  if (!options.is_none()) {
    if (!py::isinstance<py::dict>(options)) {
      throw py::type_error("Gate(options): options must be a dict or None");
    }
    json = FromPython(options, "");
  }
  for (auto [key, value] : kwargs) {
    const std::string name = key.cast<std::string>();
    json[name] = FromPython(value, name);
  }
  absl::StatusOr<GateOptions> read = traces::GateOptionsFromJson(json);
  if (!read.ok()) throw py::value_error(std::string(read.status().message()));
  absl::StatusOr<Gate> gate = Gate::Create(*std::move(read));
  if (!gate.ok()) throw py::value_error(std::string(gate.status().message()));
  return std::make_unique<Gate>(*std::move(gate));
}

// ---- EvidenceCorpus ------------------------------------------------------

// One conversation's corpus with the lock that lets Python threads share
// it while the GIL is released: recording is exclusive, judging shared.
struct Corpus {
  explicit Corpus(CorpusOptions options) : corpus(options) {}
  EvidenceCorpus corpus;
  mutable std::shared_mutex mutex;
};

py::dict OutcomeDict(const RecordOutcome& outcome) {
  py::dict dict;
  dict["parsed_as_json"] = outcome.parsed_as_json;
  dict["absence_report"] = outcome.absence_report;
  dict["values_seen"] = outcome.values_seen;
  dict["values_new"] = outcome.values_new;
  dict["truncated"] = outcome.truncated;
  return dict;
}

// With `record`, the corpus also keeps what the gate derived in the answer
// (EvidenceCorpus::RecordJudgedAnswer), under the corpus's writer lock.
OrderedJson JudgeToJson(const Gate& gate, std::string_view answer,
                        Corpus& corpus, bool include_values, bool record) {
  VerdictJsonOptions options;
  options.include_values = include_values;
  py::gil_scoped_release release;
  if (record) {
    std::unique_lock lock(corpus.mutex);
    const Verdict verdict = gate.Judge(answer, corpus.corpus);
    corpus.corpus.RecordJudgedAnswer(verdict);
    return stages::VerdictJsonObject(verdict, options);
  }
  std::shared_lock lock(corpus.mutex);
  return stages::VerdictJsonObject(gate.Judge(answer, corpus.corpus), options);
}

// ---- check ---------------------------------------------------------------

struct CheckRequest {
  traces::CheckOptions options;
  bool skip_malformed = false;
  bool as_text = false;
};

// What re-judging some lines gave: the lines in order, and the first
// malformed line's "SOURCE:LINE: message" unless skip_malformed.
struct CheckResult {
  std::vector<OrderedJson> lines;
  std::vector<std::string> texts;  // instead of lines, when as_text
  std::optional<std::string> error;
};

// Judges one input line the way the command does. Returns false when the
// run must stop (a malformed line, not skipped).
bool CheckOneLine(std::string_view raw, std::string_view source,
                  std::size_t line_number, const Gate& gate,
                  const CheckRequest& request, CheckResult* result) {
  const std::string_view line =
      traces::TrimJsonlLine(raw, /*first_line=*/line_number == 1);
  if (traces::IsBlankJsonlLine(line)) return true;
  std::string name(source);
  name += ':';
  name += std::to_string(line_number);
  const absl::Status status = traces::CheckRecord(
      line, name, gate, request.options, [&](OrderedJson judged) {
        if (request.as_text) {
          result->texts.push_back(traces::DumpCheckLine(judged));
        } else {
          result->lines.push_back(std::move(judged));
        }
      });
  if (status.ok() || request.skip_malformed) return true;
  result->error = name + ": " + std::string(status.message());
  return false;
}

py::list CheckResultToPython(const CheckResult& result) {
  if (result.error.has_value()) throw py::value_error(*result.error);
  py::list list;
  if (!result.texts.empty()) {
    for (const std::string& text : result.texts) list.append(Utf8Str(text));
  } else {
    for (const OrderedJson& line : result.lines) list.append(ToPython(line));
  }
  return list;
}

CheckRequest MakeCheckRequest(bool include_values, const std::string& format,
                              bool judge_intermediate, bool skip_malformed,
                              bool as_text) {
  std::optional<TraceFormat> parsed = ParseTraceFormatName(format);
  if (!parsed.has_value()) {
    throw py::value_error("format: unknown format \"" + format +
                          "\" (expected auto, openai-chat, openai-responses, "
                          "anthropic, mcp or evidenceflow)");
  }
  CheckRequest request;
  request.options.format = *parsed;
  request.options.replay.judge_intermediate = judge_intermediate;
  request.options.json.include_values = include_values;
  request.skip_malformed = skip_malformed;
  request.as_text = as_text;
  return request;
}

// The gate check() and check_lines() use: the one given, else one made from
// the keyword options (kept alive in `owned`).
const Gate& GateFor(const py::object& gate, const py::kwargs& options,
                    std::unique_ptr<Gate>* owned) {
  if (!gate.is_none()) {
    if (options.size() != 0) {
      throw py::type_error("pass either a Gate or gate options, not both");
    }
    return gate.cast<const Gate&>();
  }
  *owned = MakeGate(py::none(), options);
  return **owned;
}

py::list CheckFile(const py::object& path, const py::object& gate_arg,
                   bool include_values, const std::string& format,
                   bool judge_intermediate, bool skip_malformed, bool as_text,
                   const py::kwargs& options) {
  const std::string source =
      py::str(py::module_::import("os").attr("fsdecode")(path));
  std::unique_ptr<Gate> owned;
  const Gate& gate = GateFor(gate_arg, options, &owned);
  const CheckRequest request = MakeCheckRequest(
      include_values, format, judge_intermediate, skip_malformed, as_text);

  std::error_code ec;
  errno = 0;
  std::ifstream file;
  if (std::filesystem::is_directory(source, ec)) {
    errno = EISDIR;
  } else {
    file.open(source, std::ios::binary);
  }
  if (!file.is_open()) {
    if (errno == 0) errno = EIO;
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, source.c_str());
    throw py::error_already_set();
  }
  CheckResult result;
  bool read_error = false;
  {
    py::gil_scoped_release release;
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(file, line)) {
      ++line_number;
      if (!CheckOneLine(line, source, line_number, gate, request, &result)) {
        break;
      }
    }
    read_error = file.bad();
  }
  if (read_error) {
    throw py::value_error(source + ": read error; the rest was not read");
  }
  return CheckResultToPython(result);
}

py::list CheckLines(const py::iterable& lines, const py::object& gate_arg,
                    const std::string& source, std::size_t first_line,
                    bool include_values, const std::string& format,
                    bool judge_intermediate, bool skip_malformed, bool as_text,
                    const py::kwargs& options) {
  if (first_line < 1) throw py::value_error("first_line: must be >= 1");
  std::unique_ptr<Gate> owned;
  const Gate& gate = GateFor(gate_arg, options, &owned);
  const CheckRequest request = MakeCheckRequest(
      include_values, format, judge_intermediate, skip_malformed, as_text);
  std::vector<std::string> copies;
  for (py::handle line : lines) {
    if (!py::isinstance<py::str>(line) && !py::isinstance<py::bytes>(line)) {
      throw py::type_error("check_lines: every line must be str or bytes");
    }
    copies.push_back(line.cast<std::string>());
    // Lines from readlines() or dask's read_text keep their newline.
    if (!copies.back().empty() && copies.back().back() == '\n') {
      copies.back().pop_back();
    }
  }
  CheckResult result;
  {
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < copies.size(); ++i) {
      if (!CheckOneLine(copies[i], source, first_line + i, gate, request,
                        &result)) {
        break;
      }
    }
  }
  return CheckResultToPython(result);
}

// The calling thread's CPU time, which Python's time.thread_time() also
// reads: on a shared machine, wall time counts other processes' turns.
double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) +
         static_cast<double>(now.tv_nsec) * 1e-9;
}

// For bench_overhead.py: the mean CPU seconds of one Gate::Judge over
// `iterations` calls made from C++, the GIL released, so Python's own cost
// per call can be told apart. `output` is what each call also builds:
// "verdict" (nothing more), "json" (VerdictToJson, what judge() converts to
// dicts) or "text" (its dump, what judge_json() returns).
double TimeJudgeInCpp(const Gate& gate, std::string_view answer,
                      const Corpus& corpus, std::size_t iterations,
                      const std::string& output) {
  if (output != "verdict" && output != "json" && output != "text") {
    throw py::value_error("output: expected verdict, json or text");
  }
  if (iterations == 0) throw py::value_error("iterations: must be >= 1");
  py::gil_scoped_release release;
  std::shared_lock lock(corpus.mutex);
  // Each verdict's size is summed and checked, so no call can be skipped.
  auto verdict_size = [&]() -> std::size_t {
    const Verdict verdict = gate.Judge(answer, corpus.corpus);
    if (output == "json") {
      return stages::VerdictJsonObject(verdict, {}).size();
    }
    if (output == "text") return VerdictToJson(verdict).size();
    return verdict.candidates.size();
  };
  const std::size_t expected = verdict_size();
  std::size_t total = 0;
  const double start = ThreadCpuSeconds();
  for (std::size_t i = 0; i < iterations; ++i) total += verdict_size();
  const double elapsed = ThreadCpuSeconds() - start;
  if (total != expected * iterations) {
    throw std::logic_error("the same answer gave different verdicts");
  }
  return elapsed / static_cast<double>(iterations);
}

// ---- Python objects held by C++ ----------------------------------------

// A Python object that C++ copies freely (std::function handlers, pool
// threads) without the GIL: copies touch only the shared_ptr's count, and
// the last owner takes the GIL to drop the object.
struct HeldObject {
  explicit HeldObject(py::object held) : object(std::move(held)) {}
  HeldObject(const HeldObject&) = delete;
  HeldObject& operator=(const HeldObject&) = delete;
  ~HeldObject() {
    py::gil_scoped_acquire gil;
    object.release().dec_ref();
  }
  py::object object;
};

std::shared_ptr<HeldObject> Hold(py::object object) {
  return std::make_shared<HeldObject>(std::move(object));
}

// "ValueError: no such order", the way a traceback's last line names it.
// REQUIRES: the GIL is held.
std::string ExceptionText(const py::error_already_set& error) {
  std::string text = py::str(error.type().attr("__name__"));
  const std::string message = py::str(error.value());
  if (!message.empty()) text += ": " + message;
  return text;
}

// JSON text (the library's) as dicts and lists. REQUIRES: the GIL is held.
py::object JsonTextToPython(std::string_view text) {
  const OrderedJson parsed =
      OrderedJson::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) {
    throw std::logic_error("the library wrote text that is not JSON");
  }
  return ToPython(parsed);
}

// ---- the model: a Python callable ---------------------------------------

// A ModelClient over a Python callable. Complete hands it the request as
// the chat-completions body (ToOpenAiJson: messages, tools, tool_choice,
// parallel_tool_calls) as dicts, and reads what it returns: a str (the
// answer), a message dict ({"content", "tool_calls"}), a whole
// chat-completions response ({"choices": [...]}), or an object with
// model_dump() (the openai package's ChatCompletion). An exception the
// callable raises ends the Run: Complete returns Internal "model callable
// raised <Type>: <message>" and keeps the exception, so Agent.run can
// raise RunError from it.
class CallableModel : public ModelClient {
 public:
  explicit CallableModel(std::shared_ptr<HeldObject> callable)
      : callable_(std::move(callable)) {}

  absl::StatusOr<ModelReply> Complete(const ModelRequest& request) override {
    const std::string body = ToOpenAiJson(request);
    py::gil_scoped_acquire gil;
    try {
      py::object reply = callable_->object(JsonTextToPython(body));
      if (py::hasattr(reply, "model_dump")) reply = reply.attr("model_dump")();
      if (py::isinstance<py::str>(reply)) {
        ModelReply answer = ModelReply::Answer(reply.cast<std::string>());
        GiveText(request, answer);
        return answer;
      }
      if (!py::isinstance<py::dict>(reply)) {
        return absl::InvalidArgumentError(
            "model callable returned a " +
            std::string(py::str(py::type::of(reply).attr("__name__"))) +
            "; it must return a str, a message dict or a chat-completions "
            "response dict");
      }
      absl::StatusOr<ModelReply> parsed =
          ModelReplyFromOpenAiJson(FromPython(reply, "reply").dump());
      if (parsed.ok()) GiveText(request, *parsed);
      return parsed;
    } catch (py::error_already_set& error) {
      const std::string text = ExceptionText(error);
      error_ = error.value();
      return absl::InternalError("model callable raised " + text);
    } catch (const std::exception& error) {  // FromPython's TypeError
      return absl::InvalidArgumentError(
          std::string("model callable returned a reply that is not JSON: ") +
          error.what());
    }
  }

  // The exception the callable raised in the last Run, or None; cleared.
  // REQUIRES: the GIL is held.
  py::object TakeError() { return std::exchange(error_, py::none()); }

 private:
  // A callable gives its reply whole: its text reaches on_text in one piece.
  static void GiveText(const ModelRequest& request, const ModelReply& reply) {
    if (request.on_text && !reply.content.empty()) {
      request.on_text(reply.content);
    }
  }

 public:
 private:
  std::shared_ptr<HeldObject> callable_;
  py::object error_ = py::none();  // touched with the GIL only
};

// ---- tools ---------------------------------------------------------------

// One tool the model may call: its spec and a Python callable that takes the
// arguments as a dict and returns the tool message (a str as it is, any
// other value as JSON text, json.dumps).
struct PyTool {
  ToolSpec spec;
  std::shared_ptr<HeldObject> function;
};

// The parameters of Tool(...): a dict (a JSON Schema), its JSON text, or
// None for an object schema without properties.
std::string ParametersText(const py::object& parameters) {
  if (parameters.is_none()) {
    return R"({"type":"object","properties":{}})";
  }
  if (py::isinstance<py::str>(parameters))
    return parameters.cast<std::string>();
  return FromPython(parameters, "parameters").dump();
}

// The ToolHandler of one Python tool. An exception the callable raises, or
// a return value json.dumps cannot write, becomes a failed call: the
// ToolRegistry turns it into the error tool message the model reads
// ("error: <tool> failed: ValueError: ..."), never evidence (law 3).
ToolHandler PythonToolHandler(std::shared_ptr<HeldObject> function) {
  return [function = std::move(function)](
             std::string_view arguments) -> absl::StatusOr<std::string> {
    py::gil_scoped_acquire gil;
    try {
      py::object result = function->object(JsonTextToPython(arguments));
      if (py::isinstance<py::str>(result)) return result.cast<std::string>();
      return py::module_::import("json")
          .attr("dumps")(result, py::arg("ensure_ascii") = false)
          .cast<std::string>();
    } catch (py::error_already_set& error) {
      return absl::UnknownError(ExceptionText(error));
    }
  };
}

// ---- RunError and Refused ------------------------------------------------

// The exception classes the module registers; set once at import.
py::handle g_run_error;
py::handle g_refused;

// Raises RunError (Refused for a rails refusal) for a Run that returned
// `status`, with `code` the status code's name ("INTERNAL") and, for a
// refusal, the payload's members as attributes. `cause`, when not None,
// becomes __cause__ (the model callable's own exception).
[[noreturn]] void RaiseRunError(const absl::Status& status, py::object cause) {
  const absl::optional<absl::Cord> payload = status.GetPayload(
      absl::string_view(kRefusalTypeUrl.data(), kRefusalTypeUrl.size()));
  const py::handle type = payload.has_value() ? g_refused : g_run_error;
  py::object error = type(Utf8Str(std::string(status.message())));
  error.attr("code") = absl::StatusCodeToString(status.code());
  if (payload.has_value()) {
    py::object refusal = JsonTextToPython(std::string(*payload));
    error.attr("unsupported") = refusal.attr("get")("unsupported", py::list());
    error.attr("misattributed") =
        refusal.attr("get")("misattributed", py::list());
    error.attr("more") = refusal.attr("get")("more", 0);
    error.attr("revision_tried") = refusal.attr("get")("revision_tried", false);
  }
  if (!cause.is_none()) {
    PyException_SetCause(error.ptr(), cause.release().ptr());  // steals
  }
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

// ---- the Agent -----------------------------------------------------------

std::optional<Posture> ParsePosture(std::string_view name) {
  for (Posture posture : {Posture::kAssist, Posture::kGuard, Posture::kRails}) {
    if (PostureName(posture) == name) return posture;
  }
  return std::nullopt;
}

// tool_choice as the OpenAI request writes it: "auto", "required", "none",
// or {"type": "function", "function": {"name": ...}}.
std::optional<ToolChoice> ParseToolChoice(const py::object& choice) {
  if (choice.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(choice)) {
    const std::string mode = choice.cast<std::string>();
    if (mode == "auto") return ToolChoice{.mode = ToolChoice::Mode::kAuto};
    if (mode == "required") {
      return ToolChoice{.mode = ToolChoice::Mode::kRequired};
    }
    if (mode == "none") return ToolChoice{.mode = ToolChoice::Mode::kNone};
  } else if (py::isinstance<py::dict>(choice)) {
    const nlohmann::json json = FromPython(choice, "tool_choice");
    const auto function = json.find("function");
    if (function != json.end() && function->is_object() &&
        function->contains("name") && (*function)["name"].is_string()) {
      return ToolChoice{.mode = ToolChoice::Mode::kFunction,
                        .function = (*function)["name"].get<std::string>()};
    }
  }
  throw py::value_error(
      "tool_choice: expected \"auto\", \"required\", \"none\" or "
      "{\"type\": \"function\", \"function\": {\"name\": ...}}");
}

std::vector<EventKind> ParseEventKinds(const py::object& kinds) {
  constexpr EventKind kAll[] = {
      EventKind::kRunStarted,      EventKind::kModelCalled,
      EventKind::kToolCalled,      EventKind::kEvidenceChecked,
      EventKind::kContingentFound, EventKind::kRunFinished};
  if (kinds.is_none()) return {std::begin(kAll), std::end(kAll)};
  std::vector<EventKind> chosen;
  for (py::handle item : kinds) {
    const std::string name = py::str(item);
    bool known = false;
    for (EventKind kind : kAll) {
      if (EventKindName(kind) == name) {
        chosen.push_back(kind);
        known = true;
      }
    }
    if (!known) {
      throw py::value_error("events: unknown event \"" + name +
                            "\" (expected run_started, model_called, "
                            "tool_called, evidence_checked, "
                            "contingent_found or run_finished)");
    }
  }
  return chosen;
}

// One conversation driven from Python. It owns what the C++ Agent points
// at (the model, the tools, the bus) and keeps the Python objects it was
// given alive. Members are destroyed bottom-up: the Agent before what it
// points at.
struct PyAgent {
  std::mutex run_mutex;  // Run is never concurrent on one Agent
  std::atomic<bool> cancel{false};
  py::object model_object;  // the callable or the OpenAiClient
  py::object gate_object;   // the Gate, or None
  std::unique_ptr<CallableModel> callable_model;  // when model is a callable
  ToolRegistry tools;
  EventBus bus;
  std::vector<Subscription> subscriptions;
  VerdictJsonOptions values;
  std::unique_ptr<Agent> agent;
};

// Makes the event handler that hands `callback` each event as the dict of
// its JSON form (EventToJsonLine). An exception the callback raises is
// reported as unraisable (sys.unraisablehook) and the Run goes on, as the
// bus goes on past a failing C++ subscriber.
EventBus::Handler PythonEventHandler(std::shared_ptr<HeldObject> callback) {
  return [callback = std::move(callback)](const Event& event) {
    const std::string line = EventToJsonLine(event);
    py::gil_scoped_acquire gil;
    try {
      callback->object(JsonTextToPython(line));
    } catch (py::error_already_set& error) {
      error.discard_as_unraisable("groundgate Agent on_event callback");
    }
  };
}

py::dict RunResultDict(const RunResult& run, const VerdictJsonOptions& values) {
  py::dict result;
  result["answer"] = Utf8Str(run.answer);
  result["judged"] = run.judged;
  result["action"] =
      run.action.has_value()
          ? py::object(py::str(std::string(EvidenceActionName(*run.action))))
          : py::object(py::none());
  result["verdict"] =
      run.judged ? ToPython(stages::VerdictJsonObject(run.verdict, values))
                 : py::object(py::none());
  result["iterations"] = run.iterations;
  result["tool_calls"] = run.tool_calls;
  if (run.usage.has_value()) {
    py::dict usage;
    usage["prompt_tokens"] = run.usage->prompt_tokens;
    usage["completion_tokens"] = run.usage->completion_tokens;
    usage["total_tokens"] = run.usage->total_tokens;
    result["usage"] = usage;
  } else {
    result["usage"] = py::none();
  }
  result["revision_asked"] = run.revision_asked;
  result["wrap_up"] = run.wrap_up;
  return result;
}

// Hands `callback` (iteration, text) for each piece of an answer's text as
// it arrives. An exception it raises is reported as unraisable and the Run
// goes on, as with on_event.
std::function<void(int, std::string_view)> PartialTextHandler(
    std::shared_ptr<HeldObject> callback) {
  return
      [callback = std::move(callback)](int iteration, std::string_view text) {
        py::gil_scoped_acquire gil;
        try {
          callback->object(iteration, Utf8Str(text));
        } catch (py::error_already_set& error) {
          error.discard_as_unraisable("groundgate Agent.run on_partial_text");
        }
      };
}

py::dict AgentRun(PyAgent& self, std::string_view message,
                  const py::object& timeout, const std::string& trace_id,
                  const std::string& span_id,
                  const py::object& on_partial_text) {
  std::unique_lock lock(self.run_mutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    throw std::runtime_error(
        "Agent.run: this Agent is already running (one conversation runs "
        "one turn at a time; use one Agent per thread)");
  }
  RunOptions options;
  if (!timeout.is_none()) {
    const double seconds = timeout.cast<double>();
    if (!(seconds > 0)) throw py::value_error("timeout: must be > 0 seconds");
    options.deadline = absl::Now() + absl::Seconds(seconds);
  }
  options.cancel = &self.cancel;
  options.trace_context = {.trace_id = trace_id, .span_id = span_id};
  if (!on_partial_text.is_none()) {
    if (!PyCallable_Check(on_partial_text.ptr())) {
      throw py::type_error(
          "on_partial_text: must be a callable taking (iteration, text)");
    }
    options.on_partial_text = PartialTextHandler(Hold(on_partial_text));
  }
  self.cancel.store(false);
  absl::StatusOr<RunResult> run;
  {
    py::gil_scoped_release release;
    run = self.agent->Run(message, options);
  }
  py::object cause = self.callable_model != nullptr
                         ? self.callable_model->TakeError()
                         : py::object(py::none());
  if (!run.ok()) RaiseRunError(run.status(), std::move(cause));
  return RunResultDict(*run, self.values);
}

std::unique_ptr<PyAgent> MakeAgent(
    const py::object& model, const py::iterable& tools,
    const std::string& posture, const py::object& gate, int max_iterations,
    const std::string& system_prompt, const std::string& conversation_id,
    bool include_values, std::size_t max_index_tokens,
    const py::object& on_event, const py::object& events,
    const py::object& tool_choice, const py::object& parallel_tool_calls,
    int tool_concurrency);

#ifdef GROUNDGATE_PYTHON_NET
// ---- the OpenAI-compatible client ---------------------------------------

// groundgate_net's OpenAiCompatibleClient, usable as an Agent's model: its
// calls run with the GIL released, like the rest of a Run.
struct PyOpenAiClient {
  std::unique_ptr<OpenAiCompatibleClient> client;
};

absl::Duration SecondsOption(double seconds) {
  return absl::Microseconds(static_cast<std::int64_t>(seconds * 1e6));
}

std::unique_ptr<PyOpenAiClient> MakeOpenAiClient(
    std::string base_url, std::string model, std::string api_key_env,
    bool require_api_key, const py::object& extra_body,
    const py::object& extra_headers, double call_timeout, int max_retries,
    double initial_backoff, double max_backoff, std::size_t max_response_bytes,
    bool stream) {
  OpenAiClientOptions options;
  options.stream = stream;
  options.base_url = std::move(base_url);
  options.model = std::move(model);
  options.api_key_env = std::move(api_key_env);
  options.require_api_key = require_api_key;
  if (py::isinstance<py::str>(extra_body)) {
    options.extra_body = extra_body.cast<std::string>();
  } else if (!extra_body.is_none()) {
    options.extra_body = FromPython(extra_body, "extra_body").dump();
  }
  if (!extra_headers.is_none()) {
    if (!py::isinstance<py::dict>(extra_headers)) {
      throw py::type_error("extra_headers: must be a dict of str to str");
    }
    for (auto [name, value] : extra_headers.cast<py::dict>()) {
      options.extra_headers.emplace_back(py::str(name), py::str(value));
    }
  }
  options.call_timeout = SecondsOption(call_timeout);
  options.max_retries = max_retries;
  options.initial_backoff = SecondsOption(initial_backoff);
  options.max_backoff = SecondsOption(max_backoff);
  options.max_response_bytes = max_response_bytes;
  absl::StatusOr<std::unique_ptr<OpenAiCompatibleClient>> client =
      OpenAiCompatibleClient::Create(std::move(options));
  if (!client.ok()) {
    throw py::value_error(std::string(client.status().message()));
  }
  return std::make_unique<PyOpenAiClient>(
      PyOpenAiClient{.client = *std::move(client)});
}
#endif  // GROUNDGATE_PYTHON_NET

std::unique_ptr<PyAgent> MakeAgent(
    const py::object& model, const py::iterable& tools,
    const std::string& posture, const py::object& gate, int max_iterations,
    const std::string& system_prompt, const std::string& conversation_id,
    bool include_values, std::size_t max_index_tokens,
    const py::object& on_event, const py::object& events,
    const py::object& tool_choice, const py::object& parallel_tool_calls,
    int tool_concurrency) {
  auto self = std::make_unique<PyAgent>();
  ModelClient* client = nullptr;
#ifdef GROUNDGATE_PYTHON_NET
  if (py::isinstance<PyOpenAiClient>(model)) {
    client = model.cast<PyOpenAiClient&>().client.get();
  }
#endif
  if (client == nullptr) {
    if (!PyCallable_Check(model.ptr())) {
      throw py::type_error(
          "Agent(model): model must be an OpenAiClient or a callable that "
          "takes the request dict and returns the reply");
    }
    self->callable_model = std::make_unique<CallableModel>(Hold(model));
    client = self->callable_model.get();
  }
  self->model_object = model;
  for (py::handle item : tools) {
    if (!py::isinstance<PyTool>(item)) {
      throw py::type_error(
          "Agent(tools): every tool must be a groundgate.Tool");
    }
    const PyTool& tool = item.cast<const PyTool&>();
    const absl::Status added =
        self->tools.Register(tool.spec, PythonToolHandler(tool.function));
    if (!added.ok()) throw py::value_error(std::string(added.message()));
  }
  const std::optional<Posture> parsed_posture = ParsePosture(posture);
  if (!parsed_posture.has_value()) {
    throw py::value_error(
        "posture: expected \"assist\", \"guard\" or "
        "\"rails\", not \"" +
        posture + "\"");
  }
  if (max_index_tokens < 1) {
    throw py::value_error("max_index_tokens: must be >= 1");
  }
  AgentOptions options;
  options.posture = *parsed_posture;
  options.max_iterations = max_iterations;
  if (!gate.is_none()) {
    options.gate = &gate.cast<const Gate&>();
    self->gate_object = gate;
  }
  options.corpus.max_index_tokens = max_index_tokens;
  options.system_prompt = system_prompt;
  options.conversation_id = conversation_id;
  options.event_values.include_values = include_values;
  self->values.include_values = include_values;
  options.tool_choice = ParseToolChoice(tool_choice);
  if (!parallel_tool_calls.is_none()) {
    options.parallel_tool_calls = parallel_tool_calls.cast<bool>();
  }
  options.tool_concurrency = tool_concurrency;
  if (!on_event.is_none()) {
    if (!PyCallable_Check(on_event.ptr())) {
      throw py::type_error("on_event: must be a callable taking one dict");
    }
    std::shared_ptr<HeldObject> callback = Hold(on_event);
    for (EventKind kind : ParseEventKinds(events)) {
      self->subscriptions.push_back(
          self->bus.Subscribe(kind, PythonEventHandler(callback)));
    }
  }
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      Agent::Create(std::move(options), client, &self->tools, &self->bus);
  if (!agent.ok()) throw py::value_error(std::string(agent.status().message()));
  self->agent = *std::move(agent);
  return self;
}

std::unique_ptr<PyTool> MakeTool(std::string name, const py::object& function,
                                 std::string description,
                                 const py::object& parameters) {
  if (!PyCallable_Check(function.ptr())) {
    throw py::type_error("Tool(function): must be a callable taking a dict");
  }
  auto tool = std::make_unique<PyTool>();
  tool->spec = {.name = std::move(name),
                .description = std::move(description),
                .parameters = ParametersText(parameters)};
  tool->function = Hold(function);
  // The registry's own checks, once, so a bad tool fails where it is made.
  ToolRegistry check;
  const absl::Status added =
      check.Register(tool->spec, PythonToolHandler(tool->function));
  if (!added.ok()) throw py::value_error(std::string(added.message()));
  return tool;
}

// Names the types as the package exports them ("groundgate.EvidenceCorpus"),
// in signatures (pybind11 writes a class's __module__ into each signature
// that names it), reprs and pickles.
template <typename Class>
Class& Public(Class& type) {
  type.attr("__module__") = "groundgate";
  return type;
}

void DefineModule(py::module_& m) {
  using py::arg;

  m.doc() =
      "groundgate: judges whether the values in an LLM agent's answer were "
      "read from its tool results.";
  m.attr("__version__") = GROUNDGATE_VERSION_STRING;

  // RunError and Refused, then every class, before any function that names
  // them, so signatures say groundgate.EvidenceCorpus.
  static py::exception<std::runtime_error> run_error(m, "RunError");
  static py::exception<std::runtime_error> refused(m, "Refused",
                                                   run_error.ptr());
  run_error.attr("__module__") = "groundgate";
  refused.attr("__module__") = "groundgate";
  run_error.attr("__doc__") =
      "Agent.run failed: the model callable raised (its exception is "
      "__cause__), the model client failed, or the Run hit its timeout or "
      "was cancelled. code is the status code's name (\"INTERNAL\", "
      "\"UNAVAILABLE\", \"DEADLINE_EXCEEDED\", \"CANCELLED\", ...).";
  refused.attr("__doc__") =
      "Under rails, the answer was refused: it still stated values no tool "
      "result carried after its one revision. unsupported and misattributed "
      "list them ({value, canonical, shape, start, end, ...}); more counts "
      "those past the list's cap; revision_tried says whether a revision "
      "was asked for.";
  g_run_error = run_error;
  g_refused = refused;

  py::class_<Gate> gate_class(m, "Gate", R"doc(
An immutable judge, made once and shared by every conversation and thread.

Gate(options=None, **kwargs): options is a dict with any of min_digits
(int >= 1, default 4), shapes ([{"name", "pattern"}]), exempt_values
([str]), exempt_patterns ([str], RE2), names (bool, default True),
arithmetic (bool, default True), quantities (bool, default True: measured
quantities in prose, "28 °C", "90%"), bind_records (bool, default True: a
value told of one record must be that record's, law 11),
misattribution_flags (bool, default True; False reports a misattributed
value as a warning that does not flag the answer); keyword arguments
override it. Raises
ValueError naming the option and the fix for a bad one.
)doc");
  py::class_<Corpus> corpus_class(m, "EvidenceCorpus", R"doc(
One conversation's evidence: record every user message, the system prompt
(record_exempt) and every SUCCESSFUL tool result; never the model's tool
call arguments, an error result or its own text.

EvidenceCorpus(max_index_tokens=200000, *, process_caches=True): past
max_index_tokens distinct values the corpus is truncated and values not
found are "unverified", not flagged. process_caches=False reads every
system prompt, tool result and turn's records again instead of sharing
what the process read before (the same verdicts; a fresh process's cost,
and nothing held process-wide).
)doc");
  py::class_<PyTool> tool_class(m, "Tool", R"doc(
One tool an Agent offers the model.

Tool(name, function, *, description="", parameters=None): name is
[A-Za-z0-9_-], at most 64 bytes; parameters is a JSON Schema as a dict (or
its JSON text; None: an object without properties). function receives the
call's arguments as a dict and returns the tool message: a str as it is,
anything else as json.dumps writes it. An exception it raises becomes the
error tool message the model reads ("error: NAME failed: ValueError: ..."),
which is never evidence. Raises ValueError for a bad name or schema.
)doc");
#ifdef GROUNDGATE_PYTHON_NET
  py::class_<PyOpenAiClient> client_class(m, "OpenAiClient", R"doc(
A model for Agent: any OpenAI-compatible chat-completions endpoint
(llama.cpp's server, vLLM, Ollama's /v1, OpenAI).

OpenAiClient(base_url, model, *, api_key_env="OPENAI_API_KEY",
require_api_key=False, extra_body=None, extra_headers=None,
call_timeout=120.0, max_retries=2, initial_backoff=0.5, max_backoff=8.0,
max_response_bytes=8388608, stream=False): posts to base_url +
"/chat/completions";
extra_body (a dict or its JSON text) adds members to every request
({"temperature": 0}); times are in seconds. The API key is read from the
environment variable api_key_env once, here, and sent only as
"Authorization: Bearer". Retries 408, 409, 429 and 5xx with backoff.
With stream=True it asks for server-sent events and reads the reply as it
arrives (Agent.run's on_partial_text sees the text piece by piece); a
stream cut after its first event is not retried.
Raises ValueError naming the bad option. Calls run without the GIL.
)doc");
#endif
  py::class_<PyAgent> agent_class(m, "Agent", R"doc(
An agent loop with the gate inside it: one conversation. The model calls
tools, their results are recorded as evidence, the answer is judged, and
the posture decides what happens to a flagged answer: "assist" delivers it
flagged, "guard" names the unsupported values back to the model once,
"rails" does too and then refuses (run raises Refused).

Agent(model, tools=(), *, posture="assist", gate=None, max_iterations=8,
system_prompt="", conversation_id="", include_values=False,
max_index_tokens=200000, on_event=None, events=None, tool_choice=None,
parallel_tool_calls=None, tool_concurrency=1)

model is an OpenAiClient or a callable that receives the chat-completions
request body as a dict (messages, tools, tool_choice, ...) and returns a
str (the answer), a message dict ({"content": ..., "tool_calls": [{"id",
"function": {"name", "arguments"}}]}), a whole chat-completions response,
or an object with model_dump(). on_event receives each event (those named
in events: "evidence_checked", "tool_called", ...; None: all) as the dict
of its JSON form; an exception it raises goes to sys.unraisablehook.
Values appear in events and verdicts only with include_values=True.
Raises ValueError naming a bad option.
)doc");
  Public(gate_class);
  Public(corpus_class);
  Public(tool_class);
#ifdef GROUNDGATE_PYTHON_NET
  Public(client_class);
#endif
  Public(agent_class);

  gate_class.def(py::init(&MakeGate), arg("options") = py::none())
      .def(
          "judge",
          [](const Gate& gate, std::string_view answer, Corpus& corpus,
             bool include_values, bool record) {
            return ToPython(
                JudgeToJson(gate, answer, corpus, include_values, record));
          },
          arg("answer"), arg("corpus"), py::kw_only(),
          arg("include_values") = false, arg("record") = false, R"doc(
Judges one answer against the conversation's corpus. Returns the verdict's
stable JSON form as a dict: action ("grounded", "flagged", "unverified"),
candidates, looked_up, unsupported, unverified, misattributed, grounded,
carried_by, conflicts, evidence_truncated, answer_truncated, grounding. A
misattributed entry is a value read from another record than the one the
answer names (law 11): shape, start, end, named_carrier, read_carrier,
aggregate when several records were named together; with
include_values=True also value, named_value (what the named record holds),
field, named_path and read_path. Values appear only with
include_values=True. With record=True the corpus also keeps what the gate
derived in the answer, so a later answer that restates such a number
without its operands grounds it (nothing else of the answer is kept: the
model cannot ground itself); the loop's own answers should be judged so.
Releases the GIL while judging.
)doc")
      .def(
          "judge_json",
          [](const Gate& gate, std::string_view answer, Corpus& corpus,
             bool include_values, bool record) {
            return Utf8Str(traces::DumpCheckLine(
                JudgeToJson(gate, answer, corpus, include_values, record)));
          },
          arg("answer"), arg("corpus"), py::kw_only(),
          arg("include_values") = false, arg("record") = false,
          "The same verdict as judge(), as one line of JSON text.")
      .def_property_readonly(
          "options",
          [](const Gate& gate) {
            return ToPython(traces::GateOptionsToJson(gate.options()));
          },
          "The options as a dict (every member present).")
      .def(py::pickle(
          [](const Gate& gate) {
            return ToPython(traces::GateOptionsToJson(gate.options()));
          },
          [](const py::object& state) {
            return MakeGate(state, py::kwargs());
          }));

  corpus_class
      .def(py::init([](std::size_t max_index_tokens, bool process_caches) {
             if (max_index_tokens < 1) {
               throw py::value_error("max_index_tokens: must be >= 1");
             }
             return std::make_unique<Corpus>(
                 CorpusOptions{.max_index_tokens = max_index_tokens,
                               .process_caches = process_caches});
           }),
           arg("max_index_tokens") = kMaxIndexTokens, py::kw_only(),
           arg("process_caches") = true)
      .def(
          "record_user_message",
          [](Corpus& corpus, std::string_view text) {
            py::gil_scoped_release release;
            std::unique_lock lock(corpus.mutex);
            return corpus.corpus.RecordUserMessage(text);
          },
          arg("text"),
          "Starts a user turn; its values are exempt. Returns False for a "
          "correction frame (\"[evidence check...\") the library wrote.")
      .def(
          "record_exempt",
          [](Corpus& corpus, std::string_view text) {
            py::gil_scoped_release release;
            std::unique_lock lock(corpus.mutex);
            corpus.corpus.RecordExempt(text);
          },
          arg("text"), "Records text the application supplied: exempt.")
      .def(
          "record_tool_result",
          [](Corpus& corpus, std::string_view tool_call_id,
             std::string_view tool_name, std::string_view content) {
            RecordOutcome outcome;
            {
              py::gil_scoped_release release;
              std::unique_lock lock(corpus.mutex);
              outcome = corpus.corpus.RecordToolResult(tool_call_id, tool_name,
                                                       content);
            }
            return OutcomeDict(outcome);
          },
          arg("tool_call_id"), arg("tool_name"), arg("content"),
          "Records one successful tool result. Returns what it did: "
          "parsed_as_json, absence_report, values_seen, values_new, "
          "truncated.")
      .def_property_readonly("truncated",
                             [](const Corpus& corpus) {
                               std::shared_lock lock(corpus.mutex);
                               return corpus.corpus.truncated();
                             })
      .def_property_readonly("user_turn",
                             [](const Corpus& corpus) {
                               std::shared_lock lock(corpus.mutex);
                               return corpus.corpus.user_turn();
                             })
      .def_property_readonly("indexed_values", [](const Corpus& corpus) {
        std::shared_lock lock(corpus.mutex);
        return corpus.corpus.indexed_values();
      });

  tool_class
      .def(py::init(&MakeTool), arg("name"), arg("function"), py::kw_only(),
           arg("description") = "", arg("parameters") = py::none())
      .def_property_readonly(
          "name", [](const PyTool& tool) { return Utf8Str(tool.spec.name); })
      .def_property_readonly(
          "description",
          [](const PyTool& tool) { return Utf8Str(tool.spec.description); })
      .def_property_readonly(
          "parameters",
          [](const PyTool& tool) {
            return JsonTextToPython(tool.spec.parameters);
          },
          "The JSON Schema as a dict.")
      .def_property_readonly(
          "function", [](const PyTool& tool) { return tool.function->object; });

#ifdef GROUNDGATE_PYTHON_NET
  client_class
      .def(py::init(&MakeOpenAiClient), arg("base_url"), arg("model"),
           py::kw_only(), arg("api_key_env") = "OPENAI_API_KEY",
           arg("require_api_key") = false, arg("extra_body") = py::none(),
           arg("extra_headers") = py::none(), arg("call_timeout") = 120.0,
           arg("max_retries") = 2, arg("initial_backoff") = 0.5,
           arg("max_backoff") = 8.0,
           arg("max_response_bytes") = std::size_t{8} << 20,
           arg("stream") = false)
      .def_property_readonly("endpoint",
                             [](const PyOpenAiClient& client) {
                               return client.client->endpoint();
                             })
      .def_property_readonly("model",
                             [](const PyOpenAiClient& client) {
                               return client.client->options().model;
                             })
      .def_property_readonly("has_api_key", [](const PyOpenAiClient& client) {
        return client.client->has_api_key();
      });
#endif

  agent_class
      .def(py::init(&MakeAgent), arg("model"), arg("tools") = py::tuple(),
           py::kw_only(), arg("posture") = "assist", arg("gate") = py::none(),
           arg("max_iterations") = kDefaultMaxIterations,
           arg("system_prompt") = "", arg("conversation_id") = "",
           arg("include_values") = false,
           arg("max_index_tokens") = kMaxIndexTokens,
           arg("on_event") = py::none(), arg("events") = py::none(),
           arg("tool_choice") = py::none(),
           arg("parallel_tool_calls") = py::none(), arg("tool_concurrency") = 1)
      .def("run", &AgentRun, arg("message"), py::kw_only(),
           arg("timeout") = py::none(), arg("trace_id") = "",
           arg("span_id") = "", arg("on_partial_text") = py::none(), R"doc(
Runs one user turn and returns {answer, judged, action, verdict,
iterations, tool_calls, usage, revision_asked, wrap_up}; verdict is the
judge()'s dict form (None when nothing was judged). Calling run again
continues the conversation. Raises Refused under rails when the answer is
refused, RunError when the model fails (a model callable's exception is
its __cause__), times out (timeout, seconds) or is cancelled (cancel()).
trace_id and span_id (W3C, lowercase hex) go into each evidence_checked
event. on_partial_text(iteration, text) receives the model's text as it
arrives (piece by piece from an OpenAiClient with stream=True, whole from a
callable), BEFORE it is judged: show it as a draft; the judged answer is
the returned dict's. The GIL is released while the loop runs; Python callables take it
back when called.
)doc")
      .def(
          "cancel", [](PyAgent& self) { self.cancel.store(true); },
          "Stops the run in progress (from another thread, or a tool) "
          "before its next model or tool call: run raises RunError "
          "CANCELLED.")
      .def_property_readonly(
          "messages",
          [](PyAgent& self) {
            std::unique_lock lock(self.run_mutex, std::try_to_lock);
            if (!lock.owns_lock()) {
              throw std::runtime_error("Agent.messages: a run is in progress");
            }
            ModelRequest request;
            request.messages = self.agent->messages();
            const py::object body = JsonTextToPython(ToOpenAiJson(request));
            return py::object(body["messages"]);
          },
          "The conversation so far, as chat-completions message dicts.")
      .def_property_readonly("posture", [](const PyAgent& self) {
        return std::string(PostureName(self.agent->options().posture));
      });

  m.def("check", &CheckFile, arg("path"), arg("gate") = py::none(),
        py::kw_only(), arg("include_values") = false, arg("format") = "auto",
        arg("judge_intermediate") = false, arg("skip_malformed") = false,
        arg("as_text") = false, R"doc(
Re-judges a JSONL trace file the way `groundgate check PATH` does and
returns one dict per judged answer, in order, equal to the lines the command
prints (as_text=True: the lines themselves, as str without newline).
gate is a Gate, or None to make one from the keyword options (min_digits,
shapes, ...). A malformed line raises ValueError "PATH:LINE: ..." unless
skip_malformed=True; an unreadable file raises OSError. Releases the GIL.
)doc");
  m.def("check_lines", &CheckLines, arg("lines"), arg("gate") = py::none(),
        py::kw_only(), arg("source") = std::string(kDefaultSource),
        arg("first_line") = 1, arg("include_values") = false,
        arg("format") = "auto", arg("judge_intermediate") = false,
        arg("skip_malformed") = false, arg("as_text") = false, R"doc(
check() over JSONL lines already in memory (str or bytes), for one partition
of an archive; a line's trailing newline is ignored. A record whose id
is "" is named "SOURCE:LINE" (one without "id" is malformed), where the i-th line is line first_line + i: pass the file's name and the partition's
first line number to get exactly what check(path) gives.
)doc");
  m.def("_time_judge_in_cpp", &TimeJudgeInCpp, arg("gate"), arg("answer"),
        arg("corpus"), arg("iterations"), arg("output") = "verdict",
        "For bench_overhead.py: mean thread CPU seconds per Gate::Judge "
        "called from C++ (GIL released).");
}

}  // namespace
}  // namespace groundgate::python

PYBIND11_MODULE(_groundgate, m) { groundgate::python::DefineModule(m); }
