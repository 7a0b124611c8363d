// cli/check_output.cc — the output formats of `groundgate check`. See
// check_output.h.
//
// What it does NOT do: judge, or decide what is a flag or a known flag.
#include "cli/check_output.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/clip.h"
#include "cli/options.h"
#include "groundgate/version.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

using OrderedJson = nlohmann::ordered_json;

// A tool-call id in a text line or message is cut to this many bytes and
// "…": ids run to 40 characters of noise, and the start tells them apart
// for a reader, who has the JSONL or SARIF output for the whole.
constexpr std::size_t kShownIdBytes = 12;

// The text summary names at most this many flagged traces; the rest are
// counted. A line a person reads, whatever the archive's size.
constexpr std::size_t kMaxNamedTraces = 10;

// ANSI colours of the text format.
constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kRed = "\x1b[31m";
constexpr std::string_view kYellow = "\x1b[33m";
constexpr std::string_view kDim = "\x1b[2m";
constexpr std::string_view kReset = "\x1b[0m";

// The rules of the SARIF output, one per kind of flag.
struct Rule {
  std::string_view id;
  std::string_view name;
  std::string_view short_text;
  std::string_view full_text;
};
constexpr Rule kRules[] = {
    {"unsupported", "UnsupportedValue",
     "A value of the answer was not read from any tool result.",
     "The answer states a name, number or identifier that no tool result of "
     "its conversation carried and the user or system did not supply: it "
     "was typed, not read. groundgate detects fabrication; it does not "
     "judge whether an answer is correct."},
    {"misattributed", "MisattributedValue",
     "A value was read from another record than the one the answer names.",
     "The answer ties the value to one record (the flight or day it names) "
     "but that record does not hold it; another record does."},
};

std::size_t RuleIndex(std::string_view kind) {
  return kind == kRules[1].id ? 1 : 0;
}

std::string ShownId(std::string_view id) {
  if (id.size() <= kShownIdBytes) return std::string(id);
  return Concat(base::ClipUtf8View(id, kShownIdBytes), "…");
}

// "in call_dhYr8aQ… search_flight", or "" when there is no carrier.
std::string Where(std::string_view carrier, std::string_view tool) {
  if (carrier.empty()) return "";
  std::string where = Concat("in ", ShownId(carrier));
  if (!tool.empty()) where += Concat(" ", tool);
  return where;
}

std::string Quoted(std::string_view text) {
  return OrderedJson(std::string(text))
      .dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

// "unsupported date \"May 26, 2024\" (closest: 2024-05-25 in call_dhYr8aQ…
// search_flight)", or without values "unsupported date at bytes 112-124
// (closest in call_dhYr8aQ… search_flight)".
std::string FlagText(const FlaggedValue& flag, bool include_values) {
  std::string text = Concat(flag.kind, " ", flag.shape);
  if (include_values) {
    text += Concat(" ", Quoted(flag.text));
  } else {
    text += Concat(" at bytes ", flag.start, "-", flag.end);
  }
  if (flag.kind == "misattributed") {
    if (include_values) {
      text += Concat(" (the record in ", ShownId(flag.named_carrier), " holds ",
                     Quoted(flag.named_value), "; read ",
                     Where(flag.read_carrier, ""), ")");
    } else {
      text += Concat(" (the answer names the record in ",
                     ShownId(flag.named_carrier), "; read ",
                     Where(flag.read_carrier, ""), ")");
    }
  } else if (!flag.near_miss_carrier.empty()) {
    const std::string where =
        Where(flag.near_miss_carrier, flag.near_miss_tool);
    text += include_values && !flag.near_miss.empty()
                ? Concat(" (closest: ", flag.near_miss, " ", where, ")")
                : Concat(" (closest ", where, ")");
  }
  return text;
}

// "1 judged answer", "2 judged answers".
std::string Counted(std::size_t count, std::string_view noun) {
  return Concat(count, " ", noun, count == 1 ? "" : "s");
}

// "t10-r0 msg 30" (and " reasoning" for a judged reasoning message).
std::string AnswerName(const CheckedAnswer& answer) {
  return Concat(answer.trace_id, " msg ", answer.message_index,
                answer.reasoning ? " reasoning" : "");
}

class QuietOutput : public CheckOutput {
 public:
  void Answer(const CheckedAnswer&) override {}
  void Finish(const CheckTotals&) override {}
};

class JsonlOutput : public CheckOutput {
 public:
  explicit JsonlOutput(std::ostream& out) : out_(out) {}
  void Answer(const CheckedAnswer& answer) override {
    out_ << answer.jsonl << '\n';
  }
  void Finish(const CheckTotals&) override {}

 private:
  std::ostream& out_;
};

class TextOutput : public CheckOutput {
 public:
  TextOutput(const OutputOptions& options, std::ostream& out)
      : options_(options), out_(out) {}

  void Answer(const CheckedAnswer& answer) override {
    bool shown = false;
    for (const FlaggedValue& flag : answer.flags) {
      if (flag.known && options_.hide_known) continue;
      shown = true;
      out_ << Paint(kBold, Concat(answer.source, ":", answer.line)) << ' '
           << AnswerName(answer) << ": "
           << Paint(flag.kind == "misattributed" ? kYellow : kRed, flag.kind)
           << FlagText(flag, options_.include_values).substr(flag.kind.size())
           << '\n';
    }
    if (!shown) return;
    if (flagged_traces_.empty() || flagged_traces_.back() != answer.trace_id) {
      // Records are read in order: a trace's answers come together.
      if (flagged_traces_.size() < kMaxNamedTraces) {
        flagged_traces_.push_back(answer.trace_id);
      } else if (last_unnamed_ != answer.trace_id) {
        ++unnamed_traces_;
        last_unnamed_ = answer.trace_id;
      }
    }
  }

  void Finish(const CheckTotals& totals) override {
    if (totals.flagged_answers == 0) {
      out_ << Paint(kBold, "groundgate:") << " nothing flagged in "
           << Counted(totals.judged, "judged answer");
    } else {
      out_ << Paint(kBold, "groundgate:") << ' '
           << Paint(kRed, Counted(totals.new_flags, "flagged value")) << " in "
           << totals.flagged_answers << " of "
           << Counted(totals.judged, "judged answer") << "; traces: ";
      for (std::size_t i = 0; i < flagged_traces_.size(); ++i) {
        out_ << (i > 0 ? ", " : "") << flagged_traces_[i];
      }
      if (unnamed_traces_ > 0) out_ << " and " << unnamed_traces_ << " more";
    }
    if (totals.known_flags > 0) {
      out_ << Paint(kDim,
                    Concat(" (", Counted(totals.known_flags, "known flag"),
                           " of the baseline not shown)"));
    }
    out_ << '\n';
  }

 private:
  std::string Paint(std::string_view colour, std::string_view text) const {
    if (!options_.color) return std::string(text);
    return Concat(colour, text, kReset);
  }

  OutputOptions options_;
  std::ostream& out_;
  std::vector<std::string> flagged_traces_;
  std::size_t unnamed_traces_ = 0;
  std::string last_unnamed_;
};

class GithubOutput : public CheckOutput {
 public:
  GithubOutput(const OutputOptions& options, std::ostream& out)
      : options_(options), out_(out) {}

  void Answer(const CheckedAnswer& answer) override {
    for (const FlaggedValue& flag : answer.flags) {
      if (flag.known && options_.hide_known) continue;
      out_ << "::error file=" << EscapeGithubProperty(answer.source)
           << ",line=" << answer.line << ",title="
           << EscapeGithubProperty(
                  Concat("groundgate: ", flag.kind, " ", flag.shape))
           << "::"
           << EscapeGithubMessage(
                  Concat(AnswerName(answer), ": ",
                         FlagText(flag, options_.include_values)))
           << '\n';
    }
  }
  void Finish(const CheckTotals&) override {}

 private:
  OutputOptions options_;
  std::ostream& out_;
};

// What junit and sarif hold of an answer until the end.
struct HeldAnswer {
  std::size_t line = 0;
  std::string name;  // AnswerName
  std::string trace_id;
  std::size_t message_index = 0;
  bool unverified = false;
  std::vector<FlaggedValue> flags;  // the shown ones only
};

// The held answers of one input file, in input order.
struct HeldFile {
  std::string source;
  std::vector<HeldAnswer> answers;
};

class HeldOutput : public CheckOutput {
 public:
  HeldOutput(const OutputOptions& options, std::ostream& out)
      : options_(options), out_(out) {}

  void Answer(const CheckedAnswer& answer) override {
    if (files_.empty() || files_.back().source != answer.source) {
      files_.push_back(HeldFile{answer.source, {}});
    }
    HeldAnswer held{answer.line,
                    AnswerName(answer),
                    answer.trace_id,
                    answer.message_index,
                    answer.action == "unverified",
                    {}};
    for (const FlaggedValue& flag : answer.flags) {
      if (flag.known && options_.hide_known) continue;
      held.flags.push_back(flag);
      // The values are not needed past here unless they are printed.
      if (!options_.include_values) {
        held.flags.back().canonical.clear();
        held.flags.back().text.clear();
        held.flags.back().near_miss.clear();
        held.flags.back().named_value.clear();
      }
    }
    files_.back().answers.push_back(std::move(held));
  }

 protected:
  OutputOptions options_;
  std::ostream& out_;
  std::vector<HeldFile> files_;
};

class JunitOutput : public HeldOutput {
 public:
  using HeldOutput::HeldOutput;

  void Finish(const CheckTotals&) override {
    std::size_t tests = 0;
    std::size_t failures = 0;
    std::size_t skipped = 0;
    for (const HeldFile& file : files_) {
      for (const HeldAnswer& answer : file.answers) {
        ++tests;
        if (!answer.flags.empty()) ++failures;
        if (answer.unverified && answer.flags.empty()) ++skipped;
      }
    }
    out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         << "<testsuites name=\"groundgate check\" tests=\"" << tests
         << "\" failures=\"" << failures << "\" errors=\"0\" skipped=\""
         << skipped << "\">\n";
    for (const HeldFile& file : files_) WriteSuite(file);
    out_ << "</testsuites>\n";
  }

 private:
  void WriteSuite(const HeldFile& file) {
    std::size_t failures = 0;
    std::size_t skipped = 0;
    for (const HeldAnswer& answer : file.answers) {
      if (!answer.flags.empty()) ++failures;
      if (answer.unverified && answer.flags.empty()) ++skipped;
    }
    const std::string source = EscapeXml(file.source);
    out_ << "  <testsuite name=\"" << source << "\" tests=\""
         << file.answers.size() << "\" failures=\"" << failures
         << "\" errors=\"0\" skipped=\"" << skipped << "\">\n";
    for (const HeldAnswer& answer : file.answers) {
      out_ << "    <testcase classname=\"" << source << "\" name=\""
           << EscapeXml(answer.name) << "\" file=\"" << source << "\" line=\""
           << answer.line << "\"";
      if (answer.flags.empty() && !answer.unverified) {
        out_ << "/>\n";
        continue;
      }
      out_ << ">\n";
      if (!answer.flags.empty()) {
        out_ << "      <failure type=\"" << answer.flags.front().kind
             << "\" message=\"" << answer.flags.size()
             << (answer.flags.size() == 1 ? " value" : " values")
             << " flagged: typed, not read from a tool result\">";
        for (const FlaggedValue& flag : answer.flags) {
          out_ << EscapeXml(Concat(file.source, ":", answer.line, " ",
                                   answer.name, ": ",
                                   FlagText(flag, options_.include_values)))
               << '\n';
        }
        out_ << "</failure>\n";
      } else {
        out_ << "      <skipped message=\"the evidence was truncated: its "
                "values are unverified\"/>\n";
      }
      out_ << "    </testcase>\n";
    }
    out_ << "  </testsuite>\n";
  }
};

// A relative or absolute path as a URI reference: every byte but the
// unreserved ones and '/' percent-encoded.
std::string PathUri(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                       (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                       c == '_' || c == '~' || c == '/';
    if (plain) {
      uri += ch;
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 0xF];
    }
  }
  return uri;
}

class SarifOutput : public HeldOutput {
 public:
  using HeldOutput::HeldOutput;

  void Finish(const CheckTotals&) override {
    OrderedJson rules = OrderedJson::array();
    for (const Rule& rule : kRules) {
      rules.push_back({{"id", rule.id},
                       {"name", rule.name},
                       {"shortDescription", {{"text", rule.short_text}}},
                       {"fullDescription", {{"text", rule.full_text}}},
                       {"defaultConfiguration", {{"level", "error"}}}});
    }
    OrderedJson results = OrderedJson::array();
    for (const HeldFile& file : files_) {
      for (const HeldAnswer& answer : file.answers) {
        for (const FlaggedValue& flag : answer.flags) {
          OrderedJson properties = {{"trace_id", answer.trace_id},
                                    {"message_index", answer.message_index},
                                    {"shape", flag.shape},
                                    {"start", flag.start},
                                    {"end", flag.end}};
          if (options_.include_values) {
            properties["value"] = flag.canonical;
            properties["text"] = flag.text;
          }
          results.push_back(
              {{"ruleId", flag.kind},
               {"ruleIndex", RuleIndex(flag.kind)},
               {"level", "error"},
               {"message",
                {{"text", Concat(answer.name, ": ",
                                 FlagText(flag, options_.include_values))}}},
               {"locations",
                OrderedJson::array(
                    {{{"physicalLocation",
                       {{"artifactLocation", {{"uri", PathUri(file.source)}}},
                        {"region", {{"startLine", answer.line}}}}}}})},
               {"properties", std::move(properties)}});
        }
      }
    }
    OrderedJson driver = {{"name", "groundgate"},
                          {"version", GROUNDGATE_VERSION_STRING},
                          {"rules", std::move(rules)}};
    OrderedJson run = {{"tool", {{"driver", std::move(driver)}}},
                       {"results", std::move(results)}};
    OrderedJson log = {
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", OrderedJson::array({std::move(run)})}};
    out_ << log.dump(2, ' ', false, OrderedJson::error_handler_t::replace)
         << '\n';
  }
};

std::string EscapeGithub(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property ? "%3A" : ":";
        break;
      case ',':
        out += property ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The length of the well-formed UTF-8 sequence at text[i], or 0.
std::size_t Utf8Length(std::string_view text, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 < 0x80) return 1;
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
    return 0;
  }
  if (text.size() - i < len) return 0;
  const auto b1 = static_cast<unsigned char>(text[i + 1]);
  if (b1 < lo || b1 > hi) return 0;
  for (std::size_t k = 2; k < len; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if (b < 0x80 || b > 0xBF) return 0;
  }
  return len;
}

}  // namespace

std::optional<OutputFormat> ParseOutputFormatName(std::string_view name) {
  if (name == "text") return OutputFormat::kText;
  if (name == "jsonl") return OutputFormat::kJsonl;
  if (name == "github") return OutputFormat::kGithub;
  if (name == "junit") return OutputFormat::kJunit;
  if (name == "sarif") return OutputFormat::kSarif;
  return std::nullopt;
}

bool CheckedAnswer::HasNewFlag() const {
  for (const FlaggedValue& flag : flags) {
    if (!flag.known) return true;
  }
  return false;
}

std::unique_ptr<CheckOutput> MakeCheckOutput(const OutputOptions& options,
                                             std::ostream& out) {
  if (options.quiet) return std::make_unique<QuietOutput>();
  switch (options.format) {
    case OutputFormat::kText:
      return std::make_unique<TextOutput>(options, out);
    case OutputFormat::kGithub:
      return std::make_unique<GithubOutput>(options, out);
    case OutputFormat::kJunit:
      return std::make_unique<JunitOutput>(options, out);
    case OutputFormat::kSarif:
      return std::make_unique<SarifOutput>(options, out);
    case OutputFormat::kJsonl:
      break;
  }
  return std::make_unique<JsonlOutput>(out);
}

std::string EscapeGithubMessage(std::string_view text) {
  return EscapeGithub(text, /*property=*/false);
}

std::string EscapeGithubProperty(std::string_view text) {
  return EscapeGithub(text, /*property=*/true);
}

std::string EscapeXml(std::string_view text) {
  constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = Utf8Length(text, i);
    if (len == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (len > 1) {
      out.append(text.substr(i, len));
      i += len;
      continue;
    }
    const char c = text[i++];
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\t':
      case '\n':
      case '\r':
        out += c;
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          out += kReplacement;
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace groundgate::cli
