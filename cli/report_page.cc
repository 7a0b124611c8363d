// cli/report_page.cc — the HTML page `groundgate report` writes.
//
// Its one job: conversations and verdicts to escaped HTML, streamed; see
// report_page.h. What it does NOT do: judge, read traces, or reference
// anything outside the page.
#include "cli/report_page.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/clip.h"
#include "cli/options.h"
#include "groundgate/corpus.h"

namespace groundgate::cli {
namespace {

// The page's style. Statuses have one colour each; a reason code adds an
// underline style so `exact` and `canonical` read apart at a glance.
constexpr std::string_view kStyle = R"css(
:root { --grounded:#1a7f37; --exempt:#0969da; --unsupported:#cf222e;
  --unverified:#9a6700; --misattributed:#8250df; --muted:#57606a;
  --line:#d0d7de; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328;
  display: flex; flex-direction: column; }
#totals { order: -1; padding: 12px 20px; border-bottom: 1px solid var(--line);
  background: #f6f8fa; }
#conversations { padding: 8px 20px 40px; }
h1 { font-size: 20px; margin: 4px 0 6px; }
.note { color: var(--muted); margin: 4px 0 10px; max-width: 70em; }
dl.totals { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 6px 0; }
dl.totals div { display: flex; flex-direction: column; }
dl.totals dt { color: var(--muted); font-size: 12px; }
dl.totals dd { margin: 0; font-size: 18px; font-weight: 600; }
.legend span { margin-right: 10px; }
.controls { margin: 8px 0; display: flex; gap: 12px; align-items: center; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 2px 8px; text-align: left;
  vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
details.conv { border: 1px solid var(--line); border-radius: 6px;
  margin: 6px 0; background: #fff; }
details.conv > summary { padding: 6px 10px; cursor: pointer; }
details.conv.flagged > summary { border-left: 4px solid var(--unsupported); }
.cid { font-family: ui-monospace, monospace; font-weight: 600; }
.dim { color: var(--muted); }
.badge { display: inline-block; padding: 0 6px; border-radius: 10px;
  font-size: 12px; color: #fff; }
.badge.grounded { background: var(--grounded); }
.badge.flagged { background: var(--unsupported); }
.badge.unverified { background: var(--unverified); }
.badge.none { background: var(--muted); }
ol.msgs { list-style: none; margin: 0; padding: 4px 10px 10px; }
li.msg { border-left: 3px solid var(--line); margin: 6px 0; padding: 2px 8px; }
li.msg.user { border-color: #8250df; }
li.msg.system { border-color: #6e7781; }
li.msg.result { border-color: #0969da; background: #f6f8fa; }
li.msg.result.error { border-color: var(--unverified); }
li.msg.answer { border-color: var(--grounded); }
li.msg.answer.flagged { border-color: var(--unsupported); }
li.msg.lit { outline: 2px solid #bf8700; background: #fff8c5; }
.meta { font-size: 12px; color: var(--muted); }
.text { white-space: pre-wrap; word-break: break-word; max-height: 12em;
  overflow: auto; font-family: ui-monospace, monospace; font-size: 13px; }
li.answer .text, li.judged .text { max-height: none;
  font-family: system-ui, sans-serif; font-size: 14px; }
mark.v { background: none; padding: 0 1px; border-bottom: 2px solid;
  cursor: pointer; }
mark.v.grounded { color: var(--grounded); }
mark.v.exempt { color: var(--exempt); }
mark.v.unsupported { color: #fff; background: var(--unsupported);
  border-radius: 3px; }
mark.v.unverified { color: var(--unverified); border-bottom-style: dotted; }
mark.v.misattributed { color: #fff; background: var(--misattributed);
  border-radius: 3px; }
.named { color: var(--misattributed); font-size: 12px; margin-left: 2px; }
mark.v[data-reason="canonical"] { border-bottom-style: double; }
mark.v[data-reason="declared_exemption"] { border-bottom-style: dashed; }
mark.v.on { outline: 2px solid #bf8700; }
.chip { display: inline-block; padding: 0 5px; border-radius: 3px;
  font-size: 12px; border: 1px solid var(--line); }
.chip.grounded { color: var(--grounded); } .chip.exempt { color: var(--exempt); }
.chip.unsupported { color: #fff; background: var(--unsupported); }
.chip.unverified { color: var(--unverified); }
.chip.misattributed { color: #fff; background: var(--misattributed); }
details.verdict > summary { cursor: pointer; font-size: 12px;
  color: var(--muted); }
body:has(#flagged-only:checked) details.conv:not(.flagged) { display: none; }
)css";

// The page's script: the flagged-only filter's count, expand and collapse,
// and a value's carriers lit on click. Everything works without it but
// the click and the count.
constexpr std::string_view kScript = R"js(
(function () {
  var convs = document.querySelectorAll('details.conv');
  var filter = document.getElementById('flagged-only');
  var shown = document.getElementById('shown');
  function count() {
    var n = 0;
    convs.forEach(function (c) {
      if (!filter.checked || c.classList.contains('flagged')) n++;
    });
    shown.textContent = 'showing ' + n + ' of ' + convs.length +
        ' conversations';
    shown.dataset.shown = String(n);
  }
  // #flagged sets the filter; #open=c12 opens conversation 12. Both may
  // be given, joined by '&'.
  location.hash.slice(1).split('&').forEach(function (part) {
    if (part === 'flagged') filter.checked = true;
    if (part.indexOf('open=') === 0) {
      var target = document.getElementById(part.slice(5));
      if (!target || !target.matches('details.conv')) return;
      target.open = true;
      target.querySelectorAll('li.flagged details.verdict').forEach(
          function (d) { d.open = true; });
    }
  });
  filter.addEventListener('change', count);
  document.getElementById('expand').addEventListener('click', function () {
    convs.forEach(function (c) {
      if (!filter.checked || c.classList.contains('flagged')) c.open = true;
    });
  });
  document.getElementById('collapse').addEventListener('click', function () {
    convs.forEach(function (c) { c.open = false; });
  });
  document.addEventListener('click', function (event) {
    var mark = event.target.closest && event.target.closest('mark.v');
    if (!mark) return;
    var conv = mark.closest('details.conv');
    var wasOn = mark.classList.contains('on');
    conv.querySelectorAll('.lit').forEach(function (e) {
      e.classList.remove('lit');
    });
    conv.querySelectorAll('mark.v.on').forEach(function (e) {
      e.classList.remove('on');
    });
    if (wasOn) return;
    mark.classList.add('on');
    var first = null;
    (mark.dataset.carriers || '').split(' ').forEach(function (id) {
      if (!id) return;
      conv.querySelectorAll('li.result').forEach(function (li) {
        if (li.dataset.call === id) {
          li.classList.add('lit');
          if (!first) first = li;
        }
      });
    });
    if (first) first.scrollIntoView({block: 'nearest'});
  });
  count();
  document.body.dataset.ready = '1';
})();
)js";

void AppendEscaped(std::string& out, std::string_view text) {
  for (char c : text) {
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
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

std::string Escaped(std::string_view text) {
  std::string out;
  AppendEscaped(out, text);
  return out;
}

std::string Ratio(std::size_t part, std::size_t whole) {
  if (whole == 0) return "0";
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f",
                static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

// "the record at $.flights[1] in call_1 (search_flights)"; the whole result
// when the path is empty or the root.
std::string PlaceText(
    const RecordPlace& place,
    const std::unordered_map<std::string, std::string>& names) {
  std::string out = place.path.empty() || place.path == "$"
                        ? std::string("the result ")
                        : Concat("the record at ", place.path, " in ");
  out += place.carrier;
  auto it = names.find(place.carrier);
  if (it != names.end() && !it->second.empty()) {
    out += Concat(" (", it->second, ")");
  }
  return out;
}

// What the record the answer names holds instead of a misattributed value,
// and where the value was read: "the record at $.flights[1] in call_1
// holds 174 at prices.economy · the value was read from the record at
// $.flights[0] in call_1".
std::string BindingText(
    const Binding& binding,
    const std::unordered_map<std::string, std::string>& names) {
  std::string out;
  if (binding.aggregate.empty()) {
    out = Concat(PlaceText(binding.named, names), " holds ",
                 binding.named_value, " at ", binding.field);
  } else if (binding.aggregate == "day") {
    out = Concat("the readings of the day the answer names hold ",
                 binding.named_value, " at ", binding.field, ", from ",
                 PlaceText(binding.named, names));
  } else {
    out = Concat("the ", binding.aggregate == "min" ? "least" : "greatest", " ",
                 binding.field, " of the records the answer names is ",
                 binding.named_value, ", at ", PlaceText(binding.named, names));
  }
  if (!binding.read.carrier.empty()) {
    out +=
        Concat(" · the value was read from ", PlaceText(binding.read, names));
  }
  return out;
}

// The hover text of one candidate value.
// `conflict` is the verdict's conflict on this value, or null.
std::string Explain(const Candidate& c,
                    const std::unordered_map<std::string, std::string>& names,
                    const Conflict* conflict) {
  std::string out = Concat(StatusName(c.status));
  if (c.reason != MatchReason::kNone) {
    out += Concat(" (", ReasonName(c.reason), ")");
  }
  out += Concat(" · ", c.shape);
  switch (c.status) {
    case CandidateStatus::kGrounded:
      if (c.grounding == Grounding::kPriorTurn) {
        out +=
            " · read in an earlier user turn: no result of this turn "
            "carried it";
      } else {
        out += " · carried by";
        for (const std::string& id : c.carriers) {
          auto it = names.find(id);
          out += Concat(" ", id);
          if (it != names.end() && !it->second.empty()) {
            out += Concat(" (", it->second, ")");
          }
        }
        if (c.carriers_cut) out += " and more";
      }
      if (!c.derivation.empty()) out += Concat(" · ", c.derivation);
      if (conflict != nullptr) {
        out += Concat(" · results disagree: ", conflict->other_carrier,
                      " carried another value at the same place as ",
                      conflict->used_carrier);
      }
      break;
    case CandidateStatus::kExempt:
      out += " · supplied by the user or the application";
      break;
    case CandidateStatus::kUnsupported:
      out +=
          " · no tool result of this conversation carried it: typed, not "
          "read";
      if (!c.near_miss_carrier.empty()) {
        out +=
            Concat(" · the closest carried value is in ", c.near_miss_carrier);
      }
      break;
    case CandidateStatus::kUnverified:
      out += " · not found, but the evidence was truncated: no one is accused";
      break;
    case CandidateStatus::kMisattributed:
      out += " · read from another record than the one the answer names";
      if (c.binding.has_value()) {
        out += Concat(" · ", BindingText(*c.binding, names));
      }
      break;
  }
  if (c.occurrences > 1) out += Concat(" · used ", c.occurrences, " times");
  return out;
}

// The conflict the verdict lists on `c`, or null.
const Conflict* ConflictOn(const Verdict& verdict, const Candidate& c) {
  for (const Conflict& conflict : verdict.conflicts) {
    if (conflict.candidate < verdict.candidates.size() &&
        &verdict.candidates[conflict.candidate] == &c) {
      return &conflict;
    }
  }
  return nullptr;
}

// The answer's text with each candidate's first occurrence marked.
void AppendMarkedText(
    std::string& out, std::string_view text, const Verdict& verdict,
    const std::unordered_map<std::string, std::string>& names) {
  std::vector<const Candidate*> marks;
  for (const Candidate& c : verdict.candidates) {
    if (c.start < c.end && c.end <= text.size()) marks.push_back(&c);
  }
  std::stable_sort(marks.begin(), marks.end(),
                   [](const Candidate* a, const Candidate* b) {
                     return a->start < b->start;
                   });
  std::size_t at = 0;
  for (const Candidate* c : marks) {
    if (c->start < at) continue;  // overlapping spans: the first one wins
    AppendEscaped(out, text.substr(at, c->start - at));
    std::string carriers;
    for (const std::string& id : c->carriers) {
      if (!carriers.empty()) carriers += ' ';
      carriers += id;
    }
    out +=
        Concat("<mark class=\"v ", StatusName(c->status), "\" data-status=\"",
               StatusName(c->status), "\" data-reason=\"",
               ReasonName(c->reason), "\" data-shape=\"", Escaped(c->shape),
               "\" data-carriers=\"", Escaped(carriers), "\" title=\"",
               Escaped(Explain(*c, names, ConflictOn(verdict, *c))), "\">");
    AppendEscaped(out, text.substr(c->start, c->end - c->start));
    out += "</mark>";
    // Beside a misattributed value, what the record the answer names holds.
    if (c->status == CandidateStatus::kMisattributed &&
        c->binding.has_value()) {
      out += Concat("<span class=\"named\" title=\"",
                    Escaped(BindingText(*c->binding, names)), "\">(",
                    c->binding->aggregate.empty()    ? "the record holds "
                    : c->binding->aggregate == "min" ? "their least is "
                    : c->binding->aggregate == "day" ? "that day holds "
                                                     : "their greatest is ",
                    Escaped(c->binding->named_value), ")</span>");
    }
    at = c->end;
  }
  AppendEscaped(out, text.substr(at));
}

std::string_view ActionClass(std::string_view action) {
  if (action == "flagged") return "flagged";
  if (action == "unverified") return "unverified";
  return "grounded";
}

void AppendVerdictDetails(
    std::string& out, std::string_view text, const JudgedAnswer& answer,
    const std::unordered_map<std::string, std::string>& names) {
  const Verdict& verdict = answer.verdict;
  std::map<std::string_view, int> by_status;
  for (const Candidate& c : verdict.candidates)
    ++by_status[StatusName(c.status)];
  std::string counts;
  for (const auto& [status, n] : by_status) {
    counts += Concat(counts.empty() ? "" : ", ", n, " ", status);
  }
  out += Concat(
      "<details class=\"verdict\"><summary>", verdict.candidates.size(),
      verdict.candidates.size() == 1 ? " value" : " values",
      counts.empty() ? "" : Concat(": ", counts),
      verdict.answer_truncated ? " · answer truncated" : "",
      verdict.evidence_truncated ? " · evidence truncated" : "", "</summary>");
  if (!verdict.candidates.empty()) {
    out +=
        "<table class=\"cands\"><tr><th>value</th><th>shape</th><th>status"
        "</th><th>reason</th><th>carried by</th></tr>";
    for (const Candidate& c : verdict.candidates) {
      out += "<tr><td>";
      if (c.end <= text.size() && c.start < c.end) {
        AppendEscaped(out, text.substr(c.start, c.end - c.start));
      }
      out +=
          Concat("</td><td>", Escaped(c.shape), "</td><td><span class=\"chip ",
                 StatusName(c.status), "\">", StatusName(c.status),
                 "</span></td><td>", ReasonName(c.reason), "</td><td>");
      if (c.grounding == Grounding::kPriorTurn) {
        out += "an earlier user turn";
      }
      for (std::size_t i = 0; i < c.carriers.size(); ++i) {
        auto it = names.find(c.carriers[i]);
        out += Concat(i > 0 ? ", " : "", Escaped(c.carriers[i]));
        if (it != names.end() && !it->second.empty()) {
          out += Concat(" (", Escaped(it->second), ")");
        }
      }
      if (c.carriers_cut) out += " and more";
      if (c.status == CandidateStatus::kMisattributed &&
          c.binding.has_value()) {
        out += Concat("<br><span class=\"named\">",
                      Escaped(BindingText(*c.binding, names)), "</span>");
      }
      out += "</td></tr>";
    }
    out += "</table>";
  }
  const Findings& findings = answer.findings;
  if (!findings.tools.empty()) {
    out +=
        "<table class=\"answer-tools\"><tr><th>tool (this turn)</th>"
        "<th>results</th><th>values recorded</th><th>values carried</th>"
        "<th>ratio</th></tr>";
    for (const ToolTally& tally : findings.tools) {
      out +=
          Concat("<tr><td>", Escaped(tally.tool_name), "</td><td class=\"n\">",
                 tally.results, "</td><td class=\"n\">", tally.values_recorded,
                 "</td><td class=\"n\">",
                 tally.values_carried.has_value()
                     ? std::to_string(*tally.values_carried)
                     : std::string("withheld"),
                 "</td><td class=\"n\">",
                 tally.values_carried.has_value()
                     ? Ratio(static_cast<std::size_t>(*tally.values_carried),
                             tally.values_recorded)
                     : std::string("-"),
                 "</td></tr>");
    }
    out += "</table>";
  }
  if (findings.results_cited_nothing_from.has_value()) {
    if (!findings.results_cited_nothing_from->empty()) {
      out +=
          "<p class=\"cited-nothing\">Results of this turn the answer cited "
          "nothing from: ";
      bool first = true;
      for (const ResultCitedNothingFrom& r :
           *findings.results_cited_nothing_from) {
        out += Concat(
            first ? "" : ", ", "<span class=\"chip\">", Escaped(r.tool_call_id),
            r.tool_name.empty() ? "" : Concat(" (", Escaped(r.tool_name), ")"),
            "</span>");
        first = false;
      }
      out += "</p>";
    }
  } else {
    out +=
        "<p class=\"cited-nothing dim\">Which results the answer cited "
        "nothing from is withheld: a carrier list was cut or the evidence "
        "truncated.</p>";
  }
  out += "</details>";
}

// Each tool call id of `trace`, bounded as the corpus bounds it, with the
// name of its tool: the carriers' names in the hover text.
std::unordered_map<std::string, std::string> ToolNamesByCallId(
    const Trace& trace) {
  std::unordered_map<std::string, std::string> names;
  for (const TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult) {
      names.emplace(BoundedToolCallId(message.tool_call_id),
                    BoundedToolName(message.tool_name));
    }
    for (const TraceToolCall& call : message.tool_calls) {
      names.emplace(BoundedToolCallId(call.id), BoundedToolName(call.name));
    }
  }
  return names;
}

// How a message is headed: its CSS classes and its label, plain text from
// fixed words and the trace's names and ids.
struct MessageHeading {
  std::string classes;
  std::string label;
};

MessageHeading HeadingOf(const TraceMessage& message) {
  MessageHeading heading;
  switch (message.role) {
    case TraceRole::kSystem:
      heading.classes = "system";
      heading.label = "system (exempt)";
      break;
    case TraceRole::kUser:
      heading.classes = "user";
      heading.label = message.starts_user_turn
                          ? "user (exempt)"
                          : "user text beside tool results "
                            "(exempt)";
      break;
    case TraceRole::kAssistant:
      if (!message.tool_calls.empty()) {
        heading.classes = "call";
        heading.label = "assistant calls";
        for (const TraceToolCall& call : message.tool_calls) {
          heading.label +=
              Concat(" ", call.name.empty() ? "?" : BoundedToolName(call.name),
                     " (", BoundedToolCallId(call.id), ")");
        }
        heading.label += " · arguments are never evidence";
      } else if (message.beside_tool_calls) {
        heading.classes = "call";
        heading.label = "assistant text beside tool calls (not judged)";
      } else {
        heading.classes = "answer";
        heading.label = "answer";
      }
      break;
    case TraceRole::kToolResult:
      heading.classes = message.is_error ? "result error" : "result";
      heading.label = Concat(
          "tool result · ",
          message.tool_name.empty() ? "?" : BoundedToolName(message.tool_name),
          " · ", BoundedToolCallId(message.tool_call_id),
          message.is_error ? " · error result: not evidence" : "");
      break;
    case TraceRole::kReasoning:
      heading.classes = "reasoning";
      heading.label = "reasoning (never evidence)";
      break;
  }
  return heading;
}

// Appends one message as an <li>: its heading, then its text; a judged
// answer (`answer` not null) with its values marked and its details.
void AppendMessage(std::string& html, std::size_t position,
                   const TraceMessage& message, const JudgedAnswer* answer,
                   const std::unordered_map<std::string, std::string>& names) {
  auto [classes, label] = HeadingOf(message);
  if (answer != nullptr) {
    const std::string_view action = VerdictAction(answer->verdict);
    classes += Concat(" judged ", ActionClass(action));
    label += Concat(" · <span class=\"badge ", ActionClass(action), "\">",
                    action, "</span>");
  }
  html += Concat("<li class=\"msg ", classes, "\" data-pos=\"", position, "\"");
  if (message.role == TraceRole::kToolResult) {
    html += Concat(" data-call=\"",
                   Escaped(BoundedToolCallId(message.tool_call_id)), "\"");
  }
  html += Concat("><div class=\"meta\">",
                 message.path.empty() ? "" : Escaped(message.path),
                 message.path.empty() ? "" : " · ");
  // The label holds escaped ids; names and ids come from the trace.
  if (answer != nullptr) {
    html += label;  // built from fixed words and the action badge
  } else {
    AppendEscaped(html, label);
  }
  html += "</div>";
  if (answer != nullptr) {
    html += "<div class=\"text\">";
    AppendMarkedText(html, message.text, answer->verdict, names);
    html += "</div>";
    AppendVerdictDetails(html, message.text, *answer, names);
  } else if (!message.text.empty()) {
    const std::string_view shown =
        message.role == TraceRole::kToolResult
            ? base::ClipUtf8View(message.text, kMaxShownResultBytes)
            : std::string_view(message.text);
    html += "<div class=\"text\">";
    AppendEscaped(html, shown);
    if (shown.size() < message.text.size()) {
      html +=
          Concat("<span class=\"dim\"> [", message.text.size() - shown.size(),
                 " more bytes not shown]</span>");
    }
    html += "</div>";
  }
  html += "</li>\n";
}

}  // namespace

ReportPage::ReportPage(std::ostream& out, std::string title,
                       std::size_t max_tool_rows)
    : out_(out),
      title_(std::move(title)),
      max_tool_rows_(max_tool_rows == 0 ? 1 : max_tool_rows) {}

void ReportPage::Begin() {
  out_ << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
       << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width\">\n"
       << "<title>" << Escaped(title_) << "</title>\n<style>" << kStyle
       << "</style></head>\n<body>\n<main id=\"conversations\">\n";
}

void ReportPage::AddConversation(const Trace& trace, std::string_view source,
                                 const std::vector<JudgedAnswer>& answers) {
  const std::size_t number = ++totals_.conversations;
  std::vector<const JudgedAnswer*> at(trace.messages.size(), nullptr);
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  for (const JudgedAnswer& answer : answers) {
    if (answer.position < at.size()) at[answer.position] = &answer;
    const std::string_view action = VerdictAction(answer.verdict);
    if (action == "flagged") ++flagged;
    if (action == "unverified") ++unverified;
    AddToTotals(answer);
  }
  const std::unordered_map<std::string, std::string> names =
      ToolNamesByCallId(trace);
  totals_.judged += answers.size();
  totals_.flagged += flagged;
  totals_.unverified += unverified;
  if (flagged > 0) ++totals_.flagged_conversations;

  const std::string_view state = flagged > 0       ? "flagged"
                                 : unverified > 0  ? "unverified"
                                 : answers.empty() ? "none"
                                                   : "grounded";
  std::string html =
      Concat("<details class=\"conv", flagged > 0 ? " flagged" : "",
             "\" id=\"c", number, "\" data-id=\"", Escaped(trace.id),
             "\" data-flagged=\"", flagged, "\"><summary><span class=\"badge ",
             state, "\">", state == "none" ? "no answer" : state,
             "</span> <span class=\"cid\">", Escaped(trace.id),
             "</span> <span class=\"dim\">", TraceFormatName(trace.format),
             " · ", answers.size(), " judged · ", flagged, " flagged · ",
             Escaped(source), "</span></summary>\n<ol class=\"msgs\">\n");
  for (std::size_t p = 0; p < trace.messages.size(); ++p) {
    const TraceMessage& message = trace.messages[p];
    if (message.role == TraceRole::kToolResult) {
      ++totals_.results;
      if (message.is_error) ++totals_.error_results;
    }
    AppendMessage(html, p, message, at[p], names);
  }
  html += "</ol></details>\n";
  out_ << html;
}

void ReportPage::AddToTotals(const JudgedAnswer& answer) {
  for (const Candidate& c : answer.verdict.candidates) {
    ++totals_.by_status[std::string(StatusName(c.status))];
    if (c.reason != MatchReason::kNone) {
      totals_.reasons.insert(std::string(ReasonName(c.reason)));
    }
  }
  for (const ToolTally& tally : answer.findings.tools) {
    auto it = tools_.find(tally.tool_name);
    if (it == tools_.end() && tools_.size() < max_tool_rows_) {
      it = tools_.emplace(tally.tool_name, ToolTotals{}).first;
    }
    if (it == tools_.end()) ++other_tools_.folded_tallies;
    ToolTotals& tool = it != tools_.end() ? it->second : other_tools_;
    tool.results += static_cast<std::size_t>(tally.results);
    tool.values_recorded += tally.values_recorded;
    if (tally.values_carried.has_value()) {
      tool.values_carried += static_cast<std::size_t>(*tally.values_carried);
    } else {
      tool.carried_partial = true;
    }
  }
  if (answer.findings.results_cited_nothing_from.has_value()) {
    totals_.cited_nothing += answer.findings.results_cited_nothing_from->size();
  }
}

void ReportPage::End(std::size_t files, std::size_t malformed_records,
                     std::size_t unreadable_files) {
  totals_.files = files;
  totals_.malformed_records = malformed_records;
  totals_.unreadable_files = unreadable_files;
  std::string html = "</main>\n<header id=\"totals\">\n";
  html += Concat("<h1>", Escaped(title_), "</h1>\n");
  html +=
      "<p class=\"note\">Every name, number and identifier of each judged "
      "answer is marked: <b>grounded</b> (a tool result carried it), "
      "<b>exempt</b> (the user or the application supplied it), "
      "<b>unsupported</b> (no tool result carried it: typed, not read), "
      "<b>misattributed</b> (read from another record than the one the "
      "answer tells it of; what the named record holds is shown beside it) "
      "or <b>unverified</b> (the evidence was truncated, so no one is "
      "accused). "
      "Hover a value for its reason and carriers; click it to light the "
      "results that carried it. This is a fabrication check, not a "
      "correctness check. Values are shown because this page is the "
      "application's own view of its data; keep it where that data may "
      "be.</p>\n";
  auto total = [&html](std::string_view id, std::string_view name,
                       std::size_t n) {
    html += Concat("<div><dt>", name, "</dt><dd id=\"", id, "\" data-n=\"", n,
                   "\">", n, "</dd></div>");
  };
  auto status = [this](std::string_view name) {
    auto it = totals_.by_status.find(std::string(name));
    return it == totals_.by_status.end() ? std::size_t{0} : it->second;
  };
  html += "<dl class=\"totals\">";
  total("n-conversations", "conversations", totals_.conversations);
  total("n-flagged-conversations", "conversations flagged",
        totals_.flagged_conversations);
  total("n-judged", "answers judged", totals_.judged);
  total("n-flagged", "answers flagged", totals_.flagged);
  total("n-unverified", "answers unverified", totals_.unverified);
  total("n-grounded-values", "values grounded", status("grounded"));
  total("n-exempt-values", "values exempt", status("exempt"));
  total("n-unsupported-values", "values unsupported", status("unsupported"));
  total("n-unverified-values", "values unverified", status("unverified"));
  total("n-misattributed-values", "values misattributed",
        status("misattributed"));
  total("n-results", "tool results", totals_.results);
  total("n-error-results", "error results (not evidence)",
        totals_.error_results);
  total("n-cited-nothing", "results an answer cited nothing from",
        totals_.cited_nothing);
  total("n-malformed", "malformed records", totals_.malformed_records);
  total("n-files", "files", totals_.files);
  html += "</dl>\n<div class=\"legend\">";
  for (std::string_view name :
       {"grounded", "exempt", "unsupported", "unverified", "misattributed"}) {
    html +=
        Concat("<span><mark class=\"v ", name, "\">", name, "</mark></span>");
  }
  html += "<span class=\"dim\">reason codes met:";
  for (const std::string& reason : totals_.reasons) {
    html += Concat(" <mark class=\"v grounded\" data-reason=\"",
                   Escaped(reason), "\">", Escaped(reason), "</mark>");
  }
  html += "</span></div>\n";
  html +=
      "<div class=\"controls\"><label><input type=\"checkbox\" "
      "id=\"flagged-only\"> flagged only</label><button type=\"button\" "
      "id=\"expand\">expand all</button><button type=\"button\" "
      "id=\"collapse\">collapse all</button><span id=\"shown\" "
      "class=\"dim\"></span></div>\n";
  if (!tools_.empty()) {
    html +=
        "<details class=\"tool-totals\"><summary>per tool, summed over judged "
        "answers (a result counts once for each answer of its turn)"
        "</summary><table id=\"tools\"><tr><th>tool</th><th>results</th>"
        "<th>values recorded</th><th>values carried</th><th>ratio</th></tr>";
    auto row = [&html](std::string_view name, std::string_view shown,
                       const ToolTotals& tool) {
      html += Concat(
          "<tr data-tool=\"", Escaped(name), "\"><td>", shown,
          "</td><td class=\"n\">", tool.results, "</td><td class=\"n\">",
          tool.values_recorded, "</td><td class=\"n\">", tool.values_carried,
          tool.carried_partial ? "+" : "", "</td><td class=\"n\">",
          Ratio(tool.values_carried, tool.values_recorded), "</td></tr>");
    };
    for (const auto& [name, tool] : tools_) {
      row(name, Escaped(name.empty() ? "?" : name), tool);
    }
    if (other_tools_.folded_tallies > 0) {
      row(kOtherToolsRow,
          Concat(kOtherToolsRow, " <span class=\"dim\">names past the first ",
                 max_tool_rows_, ", ", other_tools_.folded_tallies,
                 " tallies (see --max-tools)</span>"),
          other_tools_);
    }
    html += "</table></details>\n";
  }
  html += "</header>\n<script>";
  html += kScript;
  html += "</script>\n</body></html>\n";
  out_ << html;
  out_.flush();
}

}  // namespace groundgate::cli
