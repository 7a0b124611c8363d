// traces/check_record.cc — one trace record to `groundgate check`'s lines.
// See check_record.h.
//
// What it does NOT do: open files or judge anything itself: the verdicts are
// ReplayTrace's, their JSON VerdictToJson's.
#include "traces/check_record.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/status/statusor.h"
#include "base/clip.h"
#include "stages/verdict_json.h"

namespace groundgate::traces {
namespace {

// A UTF-8 byte order mark some editors write at the start of a file.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// Well-formed UTF-8 (Unicode 15, table 3-7): no overlong forms, no
// surrogates, nothing past U+10FFFF. nlohmann's serializer accepts exactly
// these; anything else it escapes by its error handler.
bool IsWellFormedUtf8(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len) return false;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (b1 < lo || b1 > hi) return false;
    for (std::size_t k = 2; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if (b < 0x80 || b > 0xBF) return false;
    }
    i += len;
  }
  return true;
}

// JSON text, written as nlohmann's dump(-1, ' ', false, replace) writes it.
class LineWriter {
 public:
  explicit LineWriter(std::string* out) : out_(*out) {}

  void String(std::string_view s) {
    if (!IsWellFormedUtf8(s)) {
      out_ += nlohmann::ordered_json(std::string(s))
                  .dump(-1, ' ', false,
                        nlohmann::ordered_json::error_handler_t::replace);
      return;
    }
    out_ += '"';
    std::size_t plain = 0;  // start of the run not yet copied
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out_.append(s.data() + plain, i - plain);
      plain = i + 1;
      switch (c) {
        case '"':
          out_ += "\\\"";
          break;
        case '\\':
          out_ += "\\\\";
          break;
        case '\b':
          out_ += "\\b";
          break;
        case '\f':
          out_ += "\\f";
          break;
        case '\n':
          out_ += "\\n";
          break;
        case '\r':
          out_ += "\\r";
          break;
        case '\t':
          out_ += "\\t";
          break;
        default: {
          static constexpr char kHex[] = "0123456789abcdef";
          out_ += "\\u00";
          out_ += kHex[c >> 4];
          out_ += kHex[c & 0xF];
        }
      }
    }
    out_.append(s.data() + plain, s.size() - plain);
    out_ += '"';
  }
  void Bool(bool v) { out_ += v ? "true" : "false"; }
  void Null() { out_ += "null"; }
  // `"key":` after a ',' unless first in its object or array.
  void Key(std::string_view key) {
    Separate();
    out_ += '"';
    out_ += key;
    out_ += "\":";
    fresh_ = true;  // the value that follows needs no separator
  }
  void Open(char bracket) {
    Separate();
    out_ += bracket;
    fresh_ = true;
  }
  void Close(char bracket) {
    out_ += bracket;
    fresh_ = false;
  }
  // After a scalar value.
  void Done() { fresh_ = false; }
  // "key": value, for the scalar members of an object.
  void Text(std::string_view key, std::string_view value) {
    Key(key);
    String(value);
    Done();
  }
  template <typename Integer>
  requires(std::is_integral_v<Integer> &&
           !std::is_same_v<Integer, bool>) void Number(std::string_view key,
                                                       Integer value) {
    Key(key);
    out_ += std::to_string(value);
    Done();
  }
  void Flag(std::string_view key, bool value) {
    Key(key);
    Bool(value);
    Done();
  }

 private:
  void Separate() {
    if (!fresh_) out_ += ',';
    fresh_ = false;
  }

  std::string& out_;
  bool fresh_ = true;
};

// The answer's bytes at a candidate's span: the value as written ("2:30
// PM" where the canonical form is "14:30"), clipped as a value is.
std::string_view WrittenText(std::string_view answer, const Candidate& c,
                             std::size_t max_bytes) {
  if (c.start >= c.end || c.end > answer.size()) return {};
  return base::ClipUtf8View(answer.substr(c.start, c.end - c.start), max_bytes);
}

void WriteSpans(const Verdict& verdict, std::string_view answer,
                CandidateStatus status, const VerdictJsonOptions& options,
                LineWriter& w) {
  w.Open('[');
  for (const Candidate& c : verdict.candidates) {
    if (c.status != status) continue;
    w.Open('{');
    w.Text("shape", c.shape);
    w.Number("start", c.start);
    w.Number("end", c.end);
    if (status == CandidateStatus::kGrounded) {
      w.Text("reason", ReasonName(c.reason));
    }
    if (!c.near_miss_carrier.empty()) {
      w.Text("near_miss_carrier", c.near_miss_carrier);
    }
    if (options.include_values) {
      w.Text("value", base::ClipUtf8View(c.canonical, options.max_value_bytes));
      if (!c.derivation.empty()) {
        w.Text("derivation",
               base::ClipUtf8View(c.derivation, options.max_value_bytes));
      }
      if (!c.near_miss.empty()) {
        w.Text("near_miss",
               base::ClipUtf8View(c.near_miss, options.max_value_bytes));
      }
      w.Text("text", WrittenText(answer, c, options.max_value_bytes));
    }
    w.Close('}');
  }
  w.Close(']');
}

// The "misattributed" list exactly as VerdictToJson writes it
// (stages/verdict_json.cc).
void WriteMisattributed(const Verdict& verdict, std::string_view answer,
                        const VerdictJsonOptions& options, LineWriter& w) {
  const Binding none;
  w.Open('[');
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kMisattributed) continue;
    const Binding& b = c.binding.has_value() ? *c.binding : none;
    w.Open('{');
    w.Text("shape", c.shape);
    w.Number("start", c.start);
    w.Number("end", c.end);
    w.Text("named_carrier", b.named.carrier);
    w.Text("read_carrier", b.read.carrier);
    if (!b.aggregate.empty()) w.Text("aggregate", b.aggregate);
    if (options.include_values) {
      const std::size_t max = options.max_value_bytes;
      w.Text("value", base::ClipUtf8View(c.canonical, max));
      w.Text("named_value", base::ClipUtf8View(b.named_value, max));
      w.Text("field", base::ClipUtf8View(b.field, max));
      w.Text("named_path", base::ClipUtf8View(b.named.path, max));
      w.Text("read_path", base::ClipUtf8View(b.read.path, max));
      w.Text("text", WrittenText(answer, c, max));
    }
    w.Close('}');
  }
  w.Close(']');
}

}  // namespace

std::string_view TrimJsonlLine(std::string_view line, bool first_line) {
  if (first_line && line.starts_with(kUtf8Bom)) {
    line.remove_prefix(kUtf8Bom.size());
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

bool IsBlankJsonlLine(std::string_view line) {
  return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

nlohmann::ordered_json CheckLine(const Trace& trace,
                                 const JudgedMessage& judged,
                                 const VerdictJsonOptions& json_options,
                                 std::string_view source) {
  nlohmann::ordered_json line;
  line["trace_id"] = trace.id;
  line["message_index"] = judged.message.index;
  // Only a reasoning message says so: an answer's line keeps the
  // documented keys.
  if (judged.message.role == TraceRole::kReasoning) {
    line["judged"] = "reasoning";
  }
  nlohmann::ordered_json verdict =
      stages::VerdictJsonObject(judged.verdict, json_options);
  if (json_options.include_values) {
    // Each listed entry, in candidate order per list, as CheckLineText
    // writes it.
    const std::string_view answer = judged.message.text;
    for (const auto& [key, status] :
         {std::pair{"unsupported", CandidateStatus::kUnsupported},
          std::pair{"unverified", CandidateStatus::kUnverified},
          std::pair{"misattributed", CandidateStatus::kMisattributed},
          std::pair{"grounded", CandidateStatus::kGrounded}}) {
      nlohmann::ordered_json& entries = verdict[key];
      std::size_t next = 0;
      for (const Candidate& c : judged.verdict.candidates) {
        if (c.status != status || next >= entries.size()) continue;
        entries[next++]["text"] =
            std::string(WrittenText(answer, c, json_options.max_value_bytes));
      }
    }
  }
  for (auto it = verdict.begin(); it != verdict.end(); ++it) {
    line[it.key()] = std::move(it.value());
  }
  if (!source.empty()) line["source"] = source;
  line["schema"] = kCheckLineSchema;
  return line;
}

std::string CheckLineText(const Trace& trace, const JudgedMessage& judged,
                          const VerdictJsonOptions& options,
                          std::string_view source) {
  const Verdict& verdict = judged.verdict;
  const std::string_view answer = judged.message.text;
  std::string text;
  text.reserve(256);
  LineWriter w(&text);
  w.Open('{');
  w.Text("trace_id", trace.id);
  w.Number("message_index", judged.message.index);
  if (judged.message.role == TraceRole::kReasoning) {
    w.Text("judged", "reasoning");
  }
  // From here, VerdictToJson's keys in its order.
  w.Text("action", VerdictAction(verdict));
  w.Number("candidates", verdict.candidates.size());
  w.Number("looked_up", verdict.looked_up);
  w.Key("unsupported");
  WriteSpans(verdict, answer, CandidateStatus::kUnsupported, options, w);
  w.Key("unverified");
  WriteSpans(verdict, answer, CandidateStatus::kUnverified, options, w);
  w.Key("misattributed");
  WriteMisattributed(verdict, answer, options, w);
  w.Key("grounded");
  WriteSpans(verdict, answer, CandidateStatus::kGrounded, options, w);
  w.Key("carried_by");
  // stages::CarriedByJson's shape, written in place.
  if (verdict.answer_carriers.has_value()) {
    w.Open('[');
    for (const AnswerCarrier& carrier : *verdict.answer_carriers) {
      w.Open('{');
      w.Text("tool_call_id", carrier.tool_call_id);
      w.Text("tool_name", carrier.tool_name);
      w.Number("values", carrier.values);
      w.Number("only", carrier.only);
      w.Close('}');
    }
    w.Close(']');
  } else {
    w.Null();
    w.Done();
  }
  w.Key("conflicts");
  w.Open('[');
  for (const Conflict& conflict : verdict.conflicts) {
    if (conflict.candidate >= verdict.candidates.size()) continue;
    const Candidate& c = verdict.candidates[conflict.candidate];
    w.Open('{');
    w.Number("start", c.start);
    w.Number("end", c.end);
    w.Text("used_carrier", conflict.used_carrier);
    w.Text("other_carrier", conflict.other_carrier);
    if (options.include_values) {
      w.Text("key",
             base::ClipUtf8View(conflict.key_path, options.max_value_bytes));
    }
    w.Close('}');
  }
  w.Close(']');
  w.Flag("evidence_truncated", verdict.evidence_truncated);
  w.Flag("answer_truncated", verdict.answer_truncated);
  w.Key("grounding");
  w.Open('{');
  w.Number("this_turn", verdict.grounding.this_turn);
  w.Number("prior_turns", verdict.grounding.prior_turns);
  w.Close('}');
  if (!source.empty()) w.Text("source", source);
  w.Number("schema", kCheckLineSchema);
  w.Close('}');
  return text;
}

std::string DumpCheckLine(const nlohmann::ordered_json& line) {
  // Strings came from a parser that validated their UTF-8; `replace` only
  // guarantees that no exception can leave dump().
  return line.dump(-1, ' ', false,
                   nlohmann::ordered_json::error_handler_t::replace);
}

absl::Status CheckRecord(
    std::string_view record, std::string_view fallback_id, const Gate& gate,
    const CheckOptions& options,
    const std::function<void(nlohmann::ordered_json)>& on_line) {
  absl::StatusOr<Trace> trace = ReadTraceRecord(record, options.format);
  if (!trace.ok()) return trace.status();
  if (trace->id.empty()) trace->id = std::string(fallback_id);
  ReplayTrace(*trace, gate, options.replay, [&](const JudgedMessage& judged) {
    on_line(CheckLine(*trace, judged, options.json, fallback_id));
  });
  return absl::OkStatus();
}

}  // namespace groundgate::traces
