// python/groundgate_module.cc — the `groundgate` Python module.
//
// Its one job: give Python the library's judgement with Python's types:
// Gate(options) from a dict or keyword arguments, EvidenceCorpus, and
// gate.judge(answer, corpus) returning the verdict's JSON form as dicts and
// lists; check(path) and check_lines(lines) re-judge JSONL traces and
// return what `groundgate check` prints, one dict (or line) per judged
// answer, so a batch engine (dask, Spark, multiprocessing) can shard an
// archive by line. The GIL is released while a corpus records or a gate
// judges, so threads judge in parallel.
//
// What it does NOT do: judge, read options or build a check line itself
// (the library: Gate, traces/options_json.h, traces/check_record.h), or expose
// the Verdict structs (the JSON form is the stable one).
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

#include "absl/status/statusor.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
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

OrderedJson JudgeToJson(const Gate& gate, std::string_view answer,
                        const Corpus& corpus, bool include_values) {
  VerdictJsonOptions options;
  options.include_values = include_values;
  py::gil_scoped_release release;
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

void DefineModule(py::module_& m) {
  using py::arg;

  m.doc() =
      "groundgate: judges whether the values in an LLM agent's answer were "
      "read from its tool results.";
  m.attr("__version__") = GROUNDGATE_VERSION_STRING;

  py::class_<Gate>(m, "Gate", R"doc(
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
)doc")
      .def(py::init(&MakeGate), arg("options") = py::none())
      .def(
          "judge",
          [](const Gate& gate, std::string_view answer, const Corpus& corpus,
             bool include_values) {
            return ToPython(JudgeToJson(gate, answer, corpus, include_values));
          },
          arg("answer"), arg("corpus"), py::kw_only(),
          arg("include_values") = false, R"doc(
Judges one answer against the conversation's corpus. Returns the verdict's
stable JSON form as a dict: action ("grounded", "flagged", "unverified"),
candidates, looked_up, unsupported, unverified, misattributed, grounded,
carried_by, conflicts, evidence_truncated, answer_truncated, grounding. A
misattributed entry is a value read from another record than the one the
answer names (law 11): shape, start, end, named_carrier, read_carrier,
aggregate when several records were named together; with
include_values=True also value, named_value (what the named record holds),
field, named_path and read_path. Values appear only with
include_values=True. Releases the GIL while judging.
)doc")
      .def(
          "judge_json",
          [](const Gate& gate, std::string_view answer, const Corpus& corpus,
             bool include_values) {
            return Utf8Str(traces::DumpCheckLine(
                JudgeToJson(gate, answer, corpus, include_values)));
          },
          arg("answer"), arg("corpus"), py::kw_only(),
          arg("include_values") = false,
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

  py::class_<Corpus>(m, "EvidenceCorpus", R"doc(
One conversation's evidence: record every user message, the system prompt
(record_exempt) and every SUCCESSFUL tool result; never the model's tool
call arguments, an error result or its own text.

EvidenceCorpus(max_index_tokens=200000): past that many distinct values the
corpus is truncated and values not found are "unverified", not flagged.
)doc")
      .def(py::init([](std::size_t max_index_tokens) {
             if (max_index_tokens < 1) {
               throw py::value_error("max_index_tokens: must be >= 1");
             }
             return std::make_unique<Corpus>(
                 CorpusOptions{.max_index_tokens = max_index_tokens});
           }),
           arg("max_index_tokens") = kMaxIndexTokens)
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

PYBIND11_MODULE(groundgate, m) { groundgate::python::DefineModule(m); }
