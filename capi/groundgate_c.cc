// capi/groundgate_c.cc — the C API (include/groundgate/groundgate_c.h) over
// the C++ one.
//
// Its one job: check each call's arguments, forward it to Gate, EvidenceCorpus
// and VerdictToJson, and turn every failure into a gg_code and a gg_error.
// Every entry point runs its body inside Guarded(), which catches whatever a
// C++ call throws (std::bad_alloc from an allocation, anything else as an
// internal error), so nothing propagates into C.
//
// What it does NOT do: judge, read options or build check lines itself
// (Gate, traces/options_json.h, traces/check_record.h do), or keep any global
// state besides the one preallocated out-of-memory error.
#include "groundgate/groundgate_c.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict_json.h"
#include "traces/check_record.h"
#include "traces/options_json.h"

// The handles are the C++ objects themselves, wrapped so that the C
// declarations (incomplete struct types) name them.
struct gg_gate {
  groundgate::Gate gate;
};

struct gg_corpus {
  groundgate::EvidenceCorpus corpus;
};

struct gg_error {
  gg_code code = GG_INTERNAL;
  std::string message;
};

namespace {

using groundgate::traces::CheckOptions;

// Flags each entry point accepts; anything else is refused, so a flag a
// later version adds is never silently ignored by an older library.
constexpr unsigned kJudgeFlags = GG_INCLUDE_VALUES;
constexpr unsigned kCheckFlags = GG_INCLUDE_VALUES | GG_JUDGE_INTERMEDIATE;

// Handed out when the gg_error itself cannot be allocated; gg_error_free
// leaves it alone. Its message fits the small-string buffer, so making it
// allocates nothing.
gg_error* OutOfMemoryError() {
  static gg_error error{GG_OUT_OF_MEMORY, "out of memory"};
  return &error;
}

// Stores an error in *error unless the caller passed NULL or an error is
// already there (the first one is kept). Returns `code`.
gg_code Fail(gg_error** error, gg_code code,
             std::string_view message) noexcept {
  if (error == nullptr || *error != nullptr) return code;
  try {
    // Ownership passes to the caller, who frees it with gg_error_free.
    *error = std::make_unique<gg_error>(
                 gg_error{.code = code, .message = std::string(message)})
                 .release();
  } catch (...) {
    *error = OutOfMemoryError();
  }
  return code;
}

gg_code NullArgument(gg_error** error, std::string_view function,
                     std::string_view argument) noexcept {
  try {
    return Fail(
        error, GG_INVALID_ARGUMENT,
        std::string(function) + ": " + std::string(argument) + " is NULL");
  } catch (...) {
    return Fail(error, GG_INVALID_ARGUMENT, "an argument is NULL");
  }
}

gg_code FromStatus(gg_error** error, std::string_view function,
                   const absl::Status& status) {
  // ResourceExhausted is Gate::Create's "patterns exceed RE2's memory
  // budget": the options are what to change.
  const gg_code code =
      status.code() == absl::StatusCode::kInvalidArgument ||
              status.code() == absl::StatusCode::kResourceExhausted
          ? GG_INVALID_ARGUMENT
          : GG_INTERNAL;
  return Fail(error, code,
              std::string(function) + ": " + std::string(status.message()));
}

gg_code UnknownFlags(gg_error** error, std::string_view function,
                     unsigned flags) {
  return Fail(error, GG_INVALID_ARGUMENT,
              absl::StrCat(std::string(function), ": unknown flags 0x",
                           absl::Hex(flags)));
}

// Runs one entry point's body; no exception leaves it.
template <typename Body>
gg_code Guarded(gg_error** error, std::string_view function,
                Body&& body) noexcept {
  try {
    return std::forward<Body>(body)();
  } catch (const std::bad_alloc&) {
    return Fail(error, GG_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    try {
      return Fail(error, GG_INTERNAL,
                  std::string(function) + ": internal error: " + e.what());
    } catch (...) {
      return Fail(error, GG_INTERNAL, "internal error");
    }
  } catch (...) {
    return Fail(error, GG_INTERNAL, "internal error");
  }
}

// A malloc'ed, NUL-terminated copy for the caller to gg_string_free.
char* MallocCopy(std::string_view text) {
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy == nullptr) throw std::bad_alloc();
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

}  // namespace

extern "C" {

const char* gg_version(void) { return GROUNDGATE_VERSION_STRING; }

gg_code gg_error_code(const gg_error* error) {
  return error == nullptr ? GG_INTERNAL : error->code;
}

const char* gg_error_message(const gg_error* error) {
  return error == nullptr ? "" : error->message.c_str();
}

void gg_error_free(gg_error* error) {
  if (error == OutOfMemoryError()) return;
  // Made by Fail with make_unique; the caller hands ownership back.
  std::unique_ptr<gg_error> owned(error);
}

const char* gg_code_name(gg_code code) {
  switch (code) {
    case GG_OK:
      return "ok";
    case GG_INVALID_ARGUMENT:
      return "invalid_argument";
    case GG_OUT_OF_MEMORY:
      return "out_of_memory";
    case GG_INTERNAL:
      return "internal";
  }
  return "unknown";
}

gg_code gg_gate_create(const char* options_json, gg_gate** out_gate,
                       gg_error** error) {
  constexpr std::string_view kFunction = "gg_gate_create";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (out_gate == nullptr) return NullArgument(error, kFunction, "out_gate");
    groundgate::GateOptions options;
    if (options_json != nullptr) {
      absl::StatusOr<groundgate::GateOptions> read =
          groundgate::traces::GateOptionsFromJsonText(options_json);
      if (!read.ok()) return FromStatus(error, kFunction, read.status());
      options = *std::move(read);
    }
    absl::StatusOr<groundgate::Gate> gate =
        groundgate::Gate::Create(std::move(options));
    if (!gate.ok()) return FromStatus(error, kFunction, gate.status());
    // Ownership passes to the caller, who frees it with gg_gate_free.
    *out_gate =
        std::make_unique<gg_gate>(gg_gate{.gate = *std::move(gate)}).release();
    return GG_OK;
  });
}

void gg_gate_free(gg_gate* gate) { std::unique_ptr<gg_gate> owned(gate); }

namespace {

// A new corpus; ownership passes to the caller, who frees it with
// gg_corpus_free.
gg_corpus* NewCorpus(const groundgate::CorpusOptions& options) {
  return std::make_unique<gg_corpus>(
             gg_corpus{.corpus = groundgate::EvidenceCorpus(options)})
      .release();
}

}  // namespace

gg_code gg_corpus_create(size_t max_index_tokens, gg_corpus** out_corpus,
                         gg_error** error) {
  constexpr std::string_view kFunction = "gg_corpus_create";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (out_corpus == nullptr) {
      return NullArgument(error, kFunction, "out_corpus");
    }
    groundgate::CorpusOptions options;
    if (max_index_tokens != 0) options.max_index_tokens = max_index_tokens;
    *out_corpus = NewCorpus(options);
    return GG_OK;
  });
}

gg_code gg_corpus_create_with_options(const char* options_json,
                                      gg_corpus** out_corpus,
                                      gg_error** error) {
  constexpr std::string_view kFunction = "gg_corpus_create_with_options";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (out_corpus == nullptr) {
      return NullArgument(error, kFunction, "out_corpus");
    }
    groundgate::CorpusOptions options;
    if (options_json != nullptr) {
      absl::StatusOr<groundgate::CorpusOptions> read =
          groundgate::traces::CorpusOptionsFromJsonText(options_json);
      if (!read.ok()) return FromStatus(error, kFunction, read.status());
      options = *read;
    }
    *out_corpus = NewCorpus(options);
    return GG_OK;
  });
}

void gg_corpus_free(gg_corpus* corpus) {
  std::unique_ptr<gg_corpus> owned(corpus);
}

gg_code gg_corpus_record_user_message(gg_corpus* corpus, const char* text,
                                      int* began_user_turn, gg_error** error) {
  constexpr std::string_view kFunction = "gg_corpus_record_user_message";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (corpus == nullptr) return NullArgument(error, kFunction, "corpus");
    if (text == nullptr) return NullArgument(error, kFunction, "text");
    const bool began = corpus->corpus.RecordUserMessage(text);
    if (began_user_turn != nullptr) *began_user_turn = began ? 1 : 0;
    return GG_OK;
  });
}

gg_code gg_corpus_record_exempt(gg_corpus* corpus, const char* text,
                                gg_error** error) {
  constexpr std::string_view kFunction = "gg_corpus_record_exempt";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (corpus == nullptr) return NullArgument(error, kFunction, "corpus");
    if (text == nullptr) return NullArgument(error, kFunction, "text");
    corpus->corpus.RecordExempt(text);
    return GG_OK;
  });
}

gg_code gg_corpus_record_tool_result(gg_corpus* corpus,
                                     const char* tool_call_id,
                                     const char* tool_name, const char* content,
                                     gg_error** error) {
  constexpr std::string_view kFunction = "gg_corpus_record_tool_result";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (corpus == nullptr) return NullArgument(error, kFunction, "corpus");
    if (tool_call_id == nullptr) {
      return NullArgument(error, kFunction, "tool_call_id");
    }
    if (tool_name == nullptr) {
      return NullArgument(error, kFunction, "tool_name");
    }
    if (content == nullptr) return NullArgument(error, kFunction, "content");
    corpus->corpus.RecordToolResult(tool_call_id, tool_name, content);
    return GG_OK;
  });
}

namespace {

// gg_judge and gg_judge_and_record: with `record`, the corpus keeps what
// the gate derived in the answer.
gg_code JudgeAnswer(std::string_view function, const gg_gate* gate,
                    const gg_corpus* corpus, gg_corpus* recorded,
                    const char* answer, unsigned flags, char** out_verdict_json,
                    gg_error** error) {
  const std::string_view kFunction = function;
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (gate == nullptr) return NullArgument(error, kFunction, "gate");
    if (corpus == nullptr) return NullArgument(error, kFunction, "corpus");
    if (answer == nullptr) return NullArgument(error, kFunction, "answer");
    if (out_verdict_json == nullptr) {
      return NullArgument(error, kFunction, "out_verdict_json");
    }
    if ((flags & ~kJudgeFlags) != 0) {
      return UnknownFlags(error, kFunction, flags & ~kJudgeFlags);
    }
    const groundgate::Verdict verdict =
        gate->gate.Judge(answer, corpus->corpus);
    groundgate::VerdictJsonOptions json_options;
    json_options.include_values = (flags & GG_INCLUDE_VALUES) != 0;
    *out_verdict_json =
        MallocCopy(groundgate::VerdictToJson(verdict, json_options));
    if (recorded != nullptr) recorded->corpus.RecordJudgedAnswer(verdict);
    return GG_OK;
  });
}

}  // namespace

gg_code gg_judge(const gg_gate* gate, const gg_corpus* corpus,
                 const char* answer, unsigned flags, char** out_verdict_json,
                 gg_error** error) {
  return JudgeAnswer("gg_judge", gate, corpus, nullptr, answer, flags,
                     out_verdict_json, error);
}

gg_code gg_judge_and_record(const gg_gate* gate, gg_corpus* corpus,
                            const char* answer, unsigned flags,
                            char** out_verdict_json, gg_error** error) {
  return JudgeAnswer("gg_judge_and_record", gate, corpus, corpus, answer, flags,
                     out_verdict_json, error);
}

gg_code gg_check_record(const gg_gate* gate, const char* record,
                        const char* fallback_id, unsigned flags,
                        char** out_lines, gg_error** error) {
  constexpr std::string_view kFunction = "gg_check_record";
  return Guarded(error, kFunction, [&]() -> gg_code {
    if (gate == nullptr) return NullArgument(error, kFunction, "gate");
    if (record == nullptr) return NullArgument(error, kFunction, "record");
    if (out_lines == nullptr) {
      return NullArgument(error, kFunction, "out_lines");
    }
    if ((flags & ~kCheckFlags) != 0) {
      return UnknownFlags(error, kFunction, flags & ~kCheckFlags);
    }
    CheckOptions options;
    options.json.include_values = (flags & GG_INCLUDE_VALUES) != 0;
    options.replay.judge_intermediate = (flags & GG_JUDGE_INTERMEDIATE) != 0;
    const std::string_view line =
        groundgate::traces::TrimJsonlLine(record, /*first_line=*/true);
    std::string lines;
    if (!groundgate::traces::IsBlankJsonlLine(line)) {
      const absl::Status status = groundgate::traces::CheckRecord(
          line, fallback_id == nullptr ? "" : fallback_id, gate->gate, options,
          [&](nlohmann::ordered_json judged) {
            lines += groundgate::traces::DumpCheckLine(judged);
            lines += '\n';
          });
      if (!status.ok()) return FromStatus(error, kFunction, status);
    }
    *out_lines = MallocCopy(lines);
    return GG_OK;
  });
}

void gg_string_free(char* text) { std::free(text); }

}  // extern "C"
