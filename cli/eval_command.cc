// cli/eval_command.cc — `groundgate eval`: score the gate on labelled traces.
//
// Its one job: each record's labels to byte spans of the judged message,
// each judged message's flags matched against them, and the counts to a
// table or a JSON object. See eval_command.h.
//
// What it does NOT do: judge anything itself (ReplayTrace and the Gate
// do), or keep more than one record and the running counts in memory.
#include "cli/eval_command.h"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/clip.h"
#include "cli/jsonl_input.h"
#include "groundgate/groundgate.h"
#include "groundgate/trace.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr std::string_view kCommand = "groundgate eval";

// The command as its start and its usage errors name it.
constexpr CommandText kCommandText = {
    .name = kCommand,
    .usage_line =
        "usage: groundgate eval [--json] [--fail-under X] [--format NAME] "
        "[--judge-intermediate] [--min-digits N] [--misattribution MODE] "
        "[--shapes FILE] [--max-line-bytes N] [--max-missed N] "
        "[--max-label-types N] [--no-process-caches] FILE...",
    .help = EvalUsage,
};
// The shape reported for a labelled span that no candidate value overlaps:
// the gate did not see a value there at all.
constexpr std::string_view kNoValueShape = "(no value)";
// The label type of a "planted" span.
constexpr std::string_view kPlantedType = "planted";
// The label type the types past --max-label-types are summed under.
constexpr std::string_view kOtherTypes = "(other types)";

struct EvalArgs : CommonArgs {
  bool json = false;
  // --fail-under X: exit 1 when F1 is below X (or cannot be computed).
  std::optional<double> fail_under;
  std::size_t max_missed = kDefaultMaxMissed;
  std::size_t max_label_types = kDefaultMaxLabelTypes;
};

absl::StatusOr<EvalArgs> ParseArgs(std::span<const std::string_view> args) {
  EvalArgs parsed;
  const absl::Status status = ParseCommandArgs(
      args, "FILE",
      [&](std::span<const std::string_view> all,
          std::size_t* i) -> absl::StatusOr<bool> {
        const std::string_view arg = all[*i];
        if (arg == "--json") {
          parsed.json = true;
          return true;
        }
        if (IsFlag(arg, "--fail-under")) {
          absl::StatusOr<std::string> value = FlagValue(all, i, "--fail-under");
          if (!value.ok()) return value.status();
          double rate = -1;
          const char* end = value->data() + value->size();
          auto [ptr, ec] = std::from_chars(value->data(), end, rate);
          if (value->empty() || ec != std::errc() || ptr != end ||
              !(rate >= 0) || !(rate <= 1)) {
            return absl::InvalidArgumentError(
                Concat("--fail-under: expected an F1 from 0 to 1, got \"",
                       *value, "\""));
          }
          parsed.fail_under = rate;
          return true;
        }
        absl::StatusOr<bool> taken =
            TakeCountFlag(all, i, "--max-missed", &parsed.max_missed);
        if (!taken.ok() || *taken) return taken;
        return TakeCountFlag(all, i, "--max-label-types",
                             &parsed.max_label_types);
      },
      &parsed);
  if (!status.ok()) return status;
  return parsed;
}

// A labelled span in code points, as the record states it.
struct Label {
  std::size_t start = 0;
  std::size_t end = 0;
  std::string type;
  std::string path;  // "labels[2]", for errors
};

// A labelled span in bytes of the judged text.
struct ByteSpan {
  std::size_t start = 0;
  std::size_t end = 0;
  std::string type;
};

struct RecordLabels {
  std::optional<std::size_t> judge_index;
  std::vector<Label> labels;
  // The labels skipped, each as "labels[2]: what": the record is still
  // scored on the others.
  std::vector<std::string> skipped;
};

absl::Status ReadOffset(const Json& entry, std::string_view key,
                        const std::string& path, std::size_t* out);

// Reads one entry of "labels" or "planted"; the error names the entry.
absl::Status ReadLabel(const Json& entry, bool typed, Label* label) {
  if (!entry.is_object()) {
    return absl::InvalidArgumentError(
        Concat(label->path, ": expected an object, got ", entry.type_name()));
  }
  if (absl::Status s = ReadOffset(entry, "start", label->path, &label->start);
      !s.ok()) {
    return s;
  }
  if (absl::Status s = ReadOffset(entry, "end", label->path, &label->end);
      !s.ok()) {
    return s;
  }
  if (label->end <= label->start) {
    return absl::InvalidArgumentError(
        Concat(label->path, ": end must be greater than start"));
  }
  if (typed) {
    auto type = entry.find("type");
    if (type == entry.end()) {
      return absl::InvalidArgumentError(Concat(label->path, ".type: missing"));
    }
    if (!type->is_string() || type->get_ref<const std::string&>().empty()) {
      return absl::InvalidArgumentError(
          Concat(label->path, ".type: expected a non-empty string"));
    }
    label->type = type->get<std::string>();
  } else {
    label->type = std::string(kPlantedType);
  }
  return absl::OkStatus();
}

absl::Status ReadOffset(const Json& entry, std::string_view key,
                        const std::string& path, std::size_t* out) {
  auto it = entry.find(key);
  if (it == entry.end()) {
    return absl::InvalidArgumentError(Concat(path, ".", key, ": missing"));
  }
  if (!it->is_number_unsigned()) {
    return absl::InvalidArgumentError(Concat(
        path, ".", key, ": expected a non-negative integer, got ",
        it->is_number() ? "a negative or fractional number" : it->type_name()));
  }
  *out = it->get<std::size_t>();
  return absl::OkStatus();
}

absl::Status ReadSpans(const Json& record, std::string_view key, bool typed,
                       RecordLabels* out) {
  auto it = record.find(key);
  if (it == record.end() || it->is_null()) return absl::OkStatus();
  if (!it->is_array()) {
    return absl::InvalidArgumentError(
        Concat(key, ": expected an array, got ", it->type_name()));
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    Label label;
    label.path = Concat(key, "[", i, "]");
    if (absl::Status s = ReadLabel((*it)[i], typed, &label); !s.ok()) {
      out->skipped.emplace_back(MessageOf(s));
      continue;
    }
    out->labels.push_back(std::move(label));
  }
  return absl::OkStatus();
}

absl::StatusOr<RecordLabels> ReadLabels(const Json& record) {
  RecordLabels out;
  if (!record.is_object()) return out;
  auto index = record.find("judge_index");
  if (index != record.end() && !index->is_null()) {
    if (!index->is_number_unsigned()) {
      return absl::InvalidArgumentError(
          Concat("judge_index: expected a non-negative integer, got ",
                 index->type_name()));
    }
    out.judge_index = index->get<std::size_t>();
  }
  if (absl::Status s = ReadSpans(record, "labels", true, &out); !s.ok()) {
    return s;
  }
  if (absl::Status s = ReadSpans(record, "planted", false, &out); !s.ok()) {
    return s;
  }
  if (!out.judge_index.has_value() &&
      (!out.labels.empty() || !out.skipped.empty())) {
    return absl::InvalidArgumentError(
        "judge_index: missing (labels are offsets into the message it "
        "names)");
  }
  return out;
}

// The byte offset of code point `code_point` in UTF-8 `text`; nullopt when
// the text has fewer code points.
std::optional<std::size_t> ByteOffset(std::string_view text,
                                      std::size_t code_point) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (seen == code_point) return i;
    ++seen;
  }
  if (seen == code_point) return text.size();
  return std::nullopt;
}

std::size_t CodePoints(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

bool Overlaps(std::size_t a_start, std::size_t a_end, std::size_t b_start,
              std::size_t b_end) {
  return a_start < b_end && b_start < a_end;
}

struct TypeScore {
  std::size_t spans = 0;
  std::size_t caught = 0;
};

struct ShapeScore {
  std::size_t spans = 0;
  std::size_t caught = 0;
  std::size_t false_accusations = 0;
  std::size_t unlabelled_flags = 0;
};

struct Missed {
  std::string trace_id;
  std::size_t message_index = 0;
  std::string type;
  std::size_t start = 0;  // code points, as labelled
  std::size_t end = 0;
  std::string shape;
  std::string status;  // of the value the gate saw there, or "no_value"
  // The rung that grounded it ("derived_sum": a planted value arithmetic
  // made by accident), or "" when none.
  std::string reason;
};

class EvalScores {
 public:
  EvalScores(std::size_t max_missed, std::size_t max_label_types)
      : max_missed_(max_missed), max_label_types_(max_label_types) {}

  void Score(const std::string& trace_id, const TraceMessage& message,
             const Verdict& verdict, const std::vector<ByteSpan>& spans,
             const std::vector<Label>& labels) {
    ++judged_;
    if (VerdictAction(verdict) == "unverified") ++unverified_;
    std::vector<const Candidate*> flags;
    for (const Candidate& c : verdict.candidates) {
      if (IsEvalFlag(verdict, c)) flags.push_back(&c);
    }
    if (spans.empty()) {
      ++unlabelled_;
      if (!flags.empty()) ++unlabelled_flagged_;
      for (const Candidate* flag : flags) {
        ++shapes_[flag->shape].unlabelled_flags;
        ++unlabelled_flags_;
      }
      return;
    }
    ++labelled_;
    for (std::size_t i = 0; i < spans.size(); ++i) {
      const ByteSpan& span = spans[i];
      const Candidate* caught_by = nullptr;
      const Candidate* seen = nullptr;
      for (const Candidate& c : verdict.candidates) {
        if (!Overlaps(c.start, c.end, span.start, span.end)) continue;
        if (seen == nullptr) seen = &c;
        if (IsEvalFlag(verdict, c)) {
          caught_by = &c;
          break;
        }
      }
      const Candidate* shape_of = caught_by != nullptr ? caught_by : seen;
      const std::string shape =
          shape_of != nullptr ? shape_of->shape : std::string(kNoValueShape);
      TypeScore& type = TypeOf(span.type);
      ShapeScore& by_shape = shapes_[shape];
      ++type.spans;
      ++by_shape.spans;
      if (caught_by != nullptr) {
        ++type.caught;
        ++by_shape.caught;
      } else if (missed_.size() >= max_missed_) {
        ++missed_omitted_;
      } else {
        missed_.push_back({trace_id, message.index,
                           base::ClipUtf8(span.type, kMaxEvalNameBytes),
                           labels[i].start, labels[i].end, shape,
                           seen != nullptr
                               ? std::string(StatusName(seen->status))
                               : "no_value",
                           seen != nullptr && seen->reason != MatchReason::kNone
                               ? std::string(ReasonName(seen->reason))
                               : ""});
      }
    }
    for (const Candidate* flag : flags) {
      bool inside = false;
      for (const ByteSpan& span : spans) {
        if (Overlaps(flag->start, flag->end, span.start, span.end)) {
          inside = true;
          break;
        }
      }
      if (inside) {
        ++flags_inside_;
      } else {
        ++shapes_[flag->shape].false_accusations;
        ++false_accusations_;
      }
    }
  }

  // Precision, recall and F1 of the flags against the labels. A flag is
  // right when it lands on a labelled span, wrong anywhere else: outside
  // every span of a labelled answer (a false accusation) or in an answer
  // with no labels. Recall is the labelled spans a flag caught. nullopt
  // where a figure has no denominator (no flag, no span).
  struct Quality {
    std::size_t flags_inside = 0;
    std::size_t flags_outside = 0;
    std::size_t spans = 0;
    std::size_t caught = 0;
    std::optional<double> precision;
    std::optional<double> recall;
    std::optional<double> f1;
  };
  Quality Figures() const {
    Quality q;
    q.flags_inside = flags_inside_;
    q.flags_outside = false_accusations_ + unlabelled_flags_;
    for (const auto& [type, score] : types_) {
      q.spans += score.spans;
      q.caught += score.caught;
    }
    if (q.flags_inside + q.flags_outside > 0) {
      q.precision = static_cast<double>(q.flags_inside) /
                    static_cast<double>(q.flags_inside + q.flags_outside);
    }
    if (q.spans > 0) {
      q.recall = static_cast<double>(q.caught) / static_cast<double>(q.spans);
    }
    if (q.precision && q.recall) {
      q.f1 = *q.precision + *q.recall > 0
                 ? 2 * *q.precision * *q.recall / (*q.precision + *q.recall)
                 : 0.0;
    }
    return q;
  }

  OrderedJson ToJson(const InputCounts& input) const {
    OrderedJson out;
    out["records"] = input.records;
    out["malformed_records"] = input.malformed_records;
    out["judged"] = judged_;
    out["unverified"] = unverified_;
    out["labelled_answers"] = labelled_;
    out["unlabelled_answers"] = unlabelled_;
    out["unlabelled_flagged"] = unlabelled_flagged_;
    out["unlabelled_flags"] = unlabelled_flags_;
    std::size_t spans = 0;
    std::size_t caught = 0;
    for (const auto& [type, score] : types_) {
      spans += score.spans;
      caught += score.caught;
    }
    out["spans"] = spans;
    out["caught"] = caught;
    out["false_accusations"] = false_accusations_;
    const Quality q = Figures();
    out["flags_inside"] = q.flags_inside;
    out["flags_outside"] = q.flags_outside;
    out["precision"] = Rounded(q.precision);
    out["recall"] = Rounded(q.recall);
    out["f1"] = Rounded(q.f1);
    out["skipped_labels"] = skipped_labels_;
    out["by_type"] = OrderedJson::array();
    for (const auto& [type, score] : types_) {
      OrderedJson entry;
      entry["type"] = type;
      entry["spans"] = score.spans;
      entry["caught"] = score.caught;
      entry["missed"] = score.spans - score.caught;
      out["by_type"].push_back(std::move(entry));
    }
    out["by_shape"] = OrderedJson::array();
    for (const auto& [shape, score] : shapes_) {
      OrderedJson entry;
      entry["shape"] = shape;
      entry["spans"] = score.spans;
      entry["caught"] = score.caught;
      entry["false_accusations"] = score.false_accusations;
      entry["unlabelled_flags"] = score.unlabelled_flags;
      out["by_shape"].push_back(std::move(entry));
    }
    out["missed_omitted"] = missed_omitted_;
    out["missed"] = OrderedJson::array();
    for (const Missed& m : missed_) {
      OrderedJson entry;
      entry["trace_id"] = m.trace_id;
      entry["message_index"] = m.message_index;
      entry["type"] = m.type;
      entry["start"] = m.start;
      entry["end"] = m.end;
      entry["shape"] = m.shape;
      entry["status"] = m.status;
      entry["reason"] =
          m.reason.empty() ? OrderedJson(nullptr) : OrderedJson(m.reason);
      out["missed"].push_back(std::move(entry));
    }
    return out;
  }

  void PrintTable(const InputCounts& input, std::ostream& out) const {
    out << kCommand << ": " << input.records << " records, " << judged_
        << " judged answers: " << labelled_ << " labelled, " << unlabelled_
        << " unlabelled";
    if (unverified_ > 0) out << ", " << unverified_ << " unverified";
    out << "\n\n";
    char row[160];
    std::snprintf(row, sizeof(row), "%-24s %7s %7s %7s %11s\n", "label type",
                  "spans", "caught", "missed", "catch rate");
    out << row;
    std::size_t spans = 0;
    std::size_t caught = 0;
    auto print_type = [&](const std::string& name, const TypeScore& score) {
      std::snprintf(row, sizeof(row), "%-24s %7zu %7zu %7zu %11s\n",
                    name.c_str(), score.spans, score.caught,
                    score.spans - score.caught,
                    Rate(score.caught, score.spans).c_str());
      out << row;
    };
    for (const auto& [type, score] : types_) {
      print_type(type, score);
      spans += score.spans;
      caught += score.caught;
    }
    print_type("all", TypeScore{spans, caught});
    out << '\n';
    std::snprintf(row, sizeof(row), "%-24s %7s %7s %17s %17s\n", "shape",
                  "spans", "caught", "false accusations", "unlabelled flags");
    out << row;
    for (const auto& [shape, score] : shapes_) {
      std::snprintf(row, sizeof(row), "%-24s %7zu %7zu %17zu %17zu\n",
                    shape.c_str(), score.spans, score.caught,
                    score.false_accusations, score.unlabelled_flags);
      out << row;
    }
    out << "\nfalse accusations: " << false_accusations_
        << " flags outside every labelled span, in " << labelled_
        << " labelled answers\n"
        << "unlabelled answers with a flag: " << unlabelled_flagged_ << " of "
        << unlabelled_ << " (" << Rate(unlabelled_flagged_, unlabelled_)
        << "), " << unlabelled_flags_ << " flags\n";
    const Quality q = Figures();
    out << "precision: "
        << Rate(q.flags_inside, q.flags_inside + q.flags_outside) << " ("
        << q.flags_inside << " of " << q.flags_inside + q.flags_outside
        << " flags on a labelled span)\n"
        << "recall:    " << Rate(q.caught, q.spans) << " (" << q.caught
        << " of " << q.spans << " labelled spans caught)\n"
        << "F1:        " << (q.f1 ? Fixed(*q.f1) : "-") << '\n';
    if (skipped_labels_ > 0) {
      out << "skipped labels: " << skipped_labels_ << '\n';
    }
  }

  void SkipLabels(std::size_t count) { skipped_labels_ += count; }
  std::optional<double> F1() const { return Figures().f1; }

 private:
  // A figure to 4 decimals, so the JSON is the same on every machine;
  // null when it has no denominator.
  static OrderedJson Rounded(const std::optional<double>& value) {
    if (!value) return nullptr;
    return std::round(*value * 10000) / 10000;
  }
  static std::string Fixed(double value) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.3f", value);
    return text;
  }

  static std::string Rate(std::size_t part, std::size_t whole) {
    if (whole == 0) return "-";
    char text[32];
    std::snprintf(
        text, sizeof(text), "%.1f%%",
        100.0 * static_cast<double>(part) / static_cast<double>(whole));
    return text;
  }

  std::size_t judged_ = 0;
  std::size_t unverified_ = 0;
  std::size_t labelled_ = 0;
  std::size_t unlabelled_ = 0;
  std::size_t unlabelled_flagged_ = 0;
  std::size_t unlabelled_flags_ = 0;
  // A span's type score: its own row while fewer than max_label_types_
  // types are known, else the "(other types)" row.
  TypeScore& TypeOf(const std::string& type) {
    const std::string name = base::ClipUtf8(type, kMaxEvalNameBytes);
    auto it = types_.find(name);
    if (it != types_.end()) return it->second;
    if (types_.size() >= max_label_types_)
      return types_[std::string(kOtherTypes)];
    return types_[name];
  }

  std::size_t max_missed_;
  std::size_t max_label_types_;
  std::size_t missed_omitted_ = 0;  // missed spans past max_missed_
  std::size_t skipped_labels_ = 0;  // labels skipped with a warning
  std::size_t false_accusations_ = 0;
  std::size_t flags_inside_ = 0;  // flags on a labelled span
  // Ordered maps: output order is by name, never by hash (law 9).
  std::map<std::string, TypeScore> types_;
  std::map<std::string, ShapeScore> shapes_;
  std::vector<Missed> missed_;
};

// Finds the message judge_index names among the messages the replay
// judges. Returns its position in trace.messages, or an error saying what
// the index names instead.
absl::StatusOr<std::size_t> FindJudged(const Trace& trace, std::size_t index,
                                       const ReplayOptions& replay) {
  std::string_view found;
  for (std::size_t p = 0; p < trace.messages.size(); ++p) {
    const TraceMessage& message = trace.messages[p];
    if (message.index != index) continue;
    const bool blank =
        message.text.find_first_not_of(" \t\r\n") == std::string::npos;
    const bool judged =
        !blank &&
        (message.IsAnswer() ||
         (replay.judge_intermediate && message.role == TraceRole::kReasoning));
    if (judged) return p;
    if (found.empty()) {
      found = message.role == TraceRole::kAssistant
                  ? "an assistant message "
                    "that is not an answer"
                  : TraceRoleName(message.role);
    }
  }
  if (found.empty()) {
    return absl::InvalidArgumentError(
        Concat("judge_index: ", index, " names no message (the record has ",
               trace.messages.empty() ? std::size_t{0}
                                      : trace.messages.back().index + 1,
               ")"));
  }
  return absl::InvalidArgumentError(Concat(
      "judge_index: message ", index, " is not a judged answer (", found, ")"));
}

}  // namespace

bool IsEvalFlag(const Verdict& verdict, const Candidate& c) {
  return c.status == CandidateStatus::kUnsupported ||
         (c.status == CandidateStatus::kMisattributed &&
          !verdict.misattribution_warns_only);
}

std::string_view EvalUsage() {
  static const std::string* const kUsage = new std::string(Concat(
      "usage: groundgate eval [--json] [--fail-under X] [--format NAME]\n"
      "                       [--judge-intermediate]\n"
      "                       [--min-digits N] [--misattribution MODE]\n"
      "                       [--shapes FILE]\n"
      "                       [--max-line-bytes N] [--max-missed N]\n"
      "                       [--max-label-types N] [--no-process-caches]\n"
      "                       FILE...\n"
      "\n"
      "Scores the gate on labelled traces: how many labelled spans a flag\n"
      "caught, how many flags fell outside every labelled span (false\n"
      "accusations), and how many judged answers with no labels had a flag,\n"
      "per label type and per shape.\n"
      "\n"
      "Input: JSONL trace records as for `groundgate check` (FILE - reads\n"
      "standard input), each of which may add:\n"
      "  \"judge_index\": N    the message to score: its position in the\n"
      "                      record's list (messages, input then output\n"
      "                      items, or steps); it must be a judged answer\n"
      "  \"labels\": [{\"start\", \"end\", \"type\"}]\n"
      "                      spans of that message's text in characters\n"
      "                      (Unicode code points), end exclusive; type\n"
      "                      names the kind (\"fabricated\", \"incorrect\")\n"
      "  \"planted\": [{\"start\", \"end\"}]\n"
      "                      spans of type \"planted\"\n"
      "A record without judge_index is scored on every answer, all of them\n"
      "unlabelled. A bad label (end not past start, a type missing, an\n"
      "offset past the message's end) is named as FILE:LINE: warning:\n"
      "labels[N]: what; label skipped, and the record is scored on the\n"
      "others. A span is caught when a flagged value overlaps it: an\n"
      "unsupported one, or a misattributed one (read from another record\n"
      "than the one the answer names; not with --misattribution warn), so\n"
      "labels of type \"misattributed\" are scored like any other;\n"
      "its shape is that value's, else the shape of a value the gate saw\n"
      "there, else \"(no value)\".\n"
      "\n"
      "Output: a table, or with --json one object {\"records\",\n"
      "\"malformed_records\", \"judged\", \"unverified\", "
      "\"labelled_answers\",\n"
      "\"unlabelled_answers\", \"unlabelled_flagged\", \"unlabelled_flags\",\n"
      "\"spans\", \"caught\", \"false_accusations\", \"flags_inside\",\n"
      "\"flags_outside\", \"precision\", \"recall\", \"f1\", "
      "\"skipped_labels\",\n"
      "\"by_type\": [{\"type\",\n"
      "\"spans\", \"caught\", \"missed\"}], \"by_shape\": [{\"shape\", "
      "\"spans\",\n"
      "\"caught\", \"false_accusations\", \"unlabelled_flags\"}],\n"
      "\"missed_omitted\", \"missed\":\n"
      "[{\"trace_id\", \"message_index\", \"type\", \"start\", \"end\", "
      "\"shape\",\n"
      "\"status\"}]}. No value is printed.\n"
      "\n"
      "Precision is the share of flags that land on a labelled span: a\n"
      "flag outside every span of a labelled answer, or in an answer with\n"
      "no labels, counts against it. Recall is the share of labelled spans\n"
      "a flag caught. F1 is their harmonic mean. A figure with nothing to\n"
      "divide by is \"-\" in the table and null in JSON.\n"
      "\n"
      "Options:\n"
      "  --json            print one JSON object instead of the table\n"
      "  --fail-under X    exit 1 when F1 is under X (0 to 1) or cannot be\n"
      "                    computed\n"
      "  --max-missed N    list at most N missed spans, the first met; the\n"
      "                    rest are counted as \"missed_omitted\" (default ",
      kDefaultMaxMissed,
      ")\n"
      "  --max-label-types N\n"
      "                    score at most N label types apart; later types\n"
      "                    are summed as \"(other types)\" (default ",
      kDefaultMaxLabelTypes,
      ")\n"
      "                    (a listed type is cut to ",
      kMaxEvalNameBytes, " bytes; a trace id past ", kMaxTraceIdBytes,
      "\n                    bytes, to a prefix and a hash)\n",
      TraceFlagsHelp(),
      "  -h, --help        print this help\n"
      "\n"
      "  An option given twice is an error.\n"
      "\n"
      "Exit status: 0 scored, 1 F1 under --fail-under, 2 a usage or input\n"
      "error (a malformed record is named as FILE:LINE: field: what and\n"
      "skipped) or standard output could not be written.\n"
      "\n"
      "Examples:\n"
      "  groundgate eval labelled.jsonl\n"
      "      the scores as a table, with precision, recall and F1\n"
      "  groundgate eval --json labelled.jsonl | jq .f1\n"
      "  groundgate eval --fail-under 0.8 labelled.jsonl\n"
      "      fail a CI job when F1 drops under 0.8\n"));
  return *kUsage;
}

int RunEvalCommand(std::span<const std::string_view> args, std::istream& in,
                   std::ostream& out, std::ostream& err) {
  const absl::StatusOr<EvalArgs> parsed = ParseArgs(args);
  CommandStart start = StartCommand(kCommandText, parsed, out, err);
  if (const int* exit_code = std::get_if<int>(&start)) return *exit_code;
  const Gate& gate = std::get<Gate>(start);
  const ReplayOptions& replay = parsed->trace.replay;
  EvalScores scores(parsed->max_missed, parsed->max_label_types);
  JsonlInput input(kCommand, parsed->trace.format, in, err,
                   parsed->trace.max_line_bytes);
  input.KeepDocuments();  // the labels are read from each record
  for (const std::string& file : parsed->files) {
    input.Read(file, [&](const InputRecord& record) {
      absl::StatusOr<RecordLabels> labels = ReadLabels(record.document);
      if (!labels.ok()) {
        input.RejectRecord(record.source, record.line, labels.status());
        return;
      }
      // A bad label is skipped with a warning; the record is scored on the
      // others.
      auto skip_label = [&](std::string_view what) {
        err << record.source << ':' << record.line << ": warning: " << what
            << "; label skipped\n";
        scores.SkipLabels(1);
      };
      for (const std::string& what : labels->skipped) skip_label(what);
      std::optional<std::size_t> judged_position;
      std::vector<ByteSpan> spans;
      std::vector<Label> kept;
      if (labels->judge_index.has_value()) {
        absl::StatusOr<std::size_t> position =
            FindJudged(record.trace, *labels->judge_index, replay);
        if (!position.ok()) {
          input.RejectRecord(record.source, record.line, position.status());
          return;
        }
        judged_position = *position;
        const std::string& text = record.trace.messages[*position].text;
        for (const Label& label : labels->labels) {
          std::optional<std::size_t> start = ByteOffset(text, label.start);
          std::optional<std::size_t> end = ByteOffset(text, label.end);
          if (!start.has_value() || !end.has_value()) {
            skip_label(Concat(
                label.path, ".end: ", label.end, " is past the end of message ",
                *labels->judge_index, " (", CodePoints(text), " characters)"));
            continue;
          }
          spans.push_back({*start, *end, label.type});
          kept.push_back(label);
        }
      }
      ReplayTrace(record.trace, gate, replay, [&](const JudgedMessage& judged) {
        if (judged_position.has_value() &&
            judged.position != *judged_position) {
          return;
        }
        scores.Score(record.trace.id, judged.message, judged.verdict, spans,
                     kept);
      });
    });
  }
  if (parsed->json) {
    out << scores.ToJson(input.counts())
               .dump(2, ' ', false, OrderedJson::error_handler_t::replace)
        << '\n';
  } else {
    scores.PrintTable(input.counts(), out);
  }
  if (OutputErrors(out).Report(kCommand, kStdoutDisplayName, err)) {
    return kExitUsageError;
  }
  // Whether F1 is under --fail-under, said before the summary, which
  // stays the last line.
  bool under = false;
  if (parsed->fail_under.has_value()) {
    const std::optional<double> f1 = scores.F1();
    under = !f1.has_value() || *f1 < *parsed->fail_under;
    if (under) {
      char figures[96];
      if (f1.has_value()) {
        std::snprintf(figures, sizeof(figures), "F1 %.4f is under %.4f", *f1,
                      *parsed->fail_under);
      } else {
        std::snprintf(figures, sizeof(figures),
                      "F1 cannot be computed (no flag or no labelled span)");
      }
      err << kCommand << ": " << figures << " (--fail-under)\n";
    }
  }
  const InputCounts& counts = input.counts();
  err << kCommand << ": records=" << counts.records;
  PrintInputCounts(counts, err);
  err << '\n';
  if (HadInputErrors(counts)) return kExitUsageError;
  if (under) return kExitFlagged;
  return kExitGrounded;
}

}  // namespace groundgate::cli
