// stages/route.cc — the route step: a posture turns a verdict into deliver,
// revise or refuse.
//
// Its one job: the posture table of stages.h, the correction frame a
// revision sends, and the refusal Status rails returns (written here, and
// read back by ReadRefusal). The latch (one revision per user turn) and the
// wrap-up rule are inputs: the loop keeps that state and passes it in.
//
// What it does NOT do: talk to the model or change the conversation; the
// loop appends the frame. It never lets a partial corpus accuse (law 5).
#include <optional>
#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "base/absl_view.h"
#include "base/clip.h"
#include "groundgate/stages.h"
#include "nlohmann/json.hpp"

namespace groundgate::stages {

RouteDecision Route(const Verdict& verdict, Posture posture,
                    const RouteState& state) {
  if (verdict.evidence_truncated) {
    return {RouteAction::kDeliver, EvidenceAction::kUnverified};
  }
  if (!verdict.flagged()) {
    return {RouteAction::kDeliver, EvidenceAction::kGrounded};
  }
  const bool may_revise = !state.revision_asked && !state.wrap_up;
  switch (posture) {
    case Posture::kAssist:
      return {RouteAction::kDeliver, EvidenceAction::kFlagged};
    case Posture::kGuard:
      return may_revise ? RouteDecision{RouteAction::kAskRevision,
                                        EvidenceAction::kRevisionAsked}
                        : RouteDecision{RouteAction::kDeliver,
                                        EvidenceAction::kFlagged};
    case Posture::kRails:
      return may_revise ? RouteDecision{RouteAction::kAskRevision,
                                        EvidenceAction::kRevisionAsked}
                        : RouteDecision{RouteAction::kRefuse,
                                        EvidenceAction::kRefused};
  }
  return {RouteAction::kDeliver, EvidenceAction::kFlagged};
}

namespace {

// Whether a candidate is one the frame and the refusal name: an unsupported
// value always; a misattributed one unless the gate was told to warn only.
// A value the answer typed at several places is listed once per place
// (stages/repeated_uses.h) but named once, at its first.
bool NamesUnsupported(const Verdict& verdict, const Candidate& c) {
  if (c.status != CandidateStatus::kUnsupported) return false;
  for (const Candidate& earlier : verdict.candidates) {
    if (&earlier == &c) return true;
    if (earlier.status == CandidateStatus::kUnsupported &&
        earlier.canonical == c.canonical && earlier.shape == c.shape) {
      return false;
    }
  }
  return true;
}
bool NamesMisattributed(const Verdict& verdict, const Candidate& c) {
  return c.status == CandidateStatus::kMisattributed &&
         !verdict.misattribution_warns_only;
}

// The value as the answer spelled it, or its canonical form when the span
// does not fit the answer.
std::string_view Spelled(std::string_view answer, const Candidate& c) {
  return c.start <= c.end && c.end <= answer.size()
             ? answer.substr(c.start, c.end - c.start)
             : std::string_view(c.canonical);
}

std::string Clipped(std::string_view text) {
  return base::ClipUtf8(text, kMaxValueBytesInCorrectionFrame);
}

// "the record at $.flights[2] in the result of call_1", or "the result of
// call_1" for a record that is the whole result.
std::string RecordWords(const RecordPlace& place) {
  if (place.path.empty() || place.path == "$") {
    return absl::StrCat("the result of ", Clipped(place.carrier));
  }
  return absl::StrCat("the record at ", Clipped(place.path),
                      " in the result of ", Clipped(place.carrier));
}

// What the named record holds instead of a misattributed value:
//   is not what the record at $.flights[2] in the result of call_1 holds at
//   prices.economy: it holds 174
//   is not the least prices.economy of the records the answer names: that
//   is 112 (the record at $.flights[1] in the result of call_1)
//   is not one of the readings of the day the answer names: at main.temp
//   they hold 4.1 to 8.3 (from the record at $.list[8] in the result of
//   call_1)
//   closes a rise or fall the readings do not show: at value they run
//   0.0361 to 0.0355 (to the record at $[40] in the result of call_1)
//   tells a winner the totals do not: at display the side it names and
//   the other hold 1-3 (the record at $.homeScore in the result of call_1)
//   tells a lead the part's goals do not: at period2 the side it names
//   and the other hold 0-1 (the record at $.homeScore in the result of
//   call_1)
std::string BindingWords(const Binding& binding) {
  const std::string field =
      binding.field.empty() ? std::string("its field") : Clipped(binding.field);
  if (binding.aggregate == "day" || binding.aggregate == "month") {
    return absl::StrCat(" is not one of the readings of the ",
                        base::AbslView(binding.aggregate),
                        " the answer names: at ", field, " they hold ",
                        Clipped(binding.named_value), " (from ",
                        RecordWords(binding.named), ")");
  }
  if (binding.aggregate == "winner") {
    return absl::StrCat(" tells a winner the totals do not: at ", field,
                        " the side it names and the other hold ",
                        Clipped(binding.named_value), " (",
                        RecordWords(binding.named), ")");
  }
  if (binding.aggregate == "leader") {
    return absl::StrCat(" tells a lead the part's goals do not: at ", field,
                        " the side it names and the other hold ",
                        Clipped(binding.named_value), " (",
                        RecordWords(binding.named), ")");
  }
  if (binding.aggregate == "trend") {
    return absl::StrCat(" closes a rise or fall the readings do not show: at ",
                        field, " they run ", Clipped(binding.named_value),
                        " (to ", RecordWords(binding.named), ")");
  }
  if (!binding.aggregate.empty()) {
    const std::string_view extreme = binding.aggregate == "min" ? "least"
                                     : binding.aggregate == "max"
                                         ? "greatest"
                                         : std::string_view(binding.aggregate);
    return absl::StrCat(" is not the ", base::AbslView(extreme), " ", field,
                        " of the records the answer names: that is ",
                        Clipped(binding.named_value), " (",
                        RecordWords(binding.named), ")");
  }
  return absl::StrCat(" is not what ", RecordWords(binding.named), " holds at ",
                      field, ": it holds ", Clipped(binding.named_value));
}

}  // namespace

std::string CorrectionFrame(std::string_view answer, const Verdict& verdict) {
  std::size_t unsupported = 0;
  std::size_t misattributed = 0;
  for (const Candidate& c : verdict.candidates) {
    if (NamesUnsupported(verdict, c)) ++unsupported;
    if (NamesMisattributed(verdict, c)) ++misattributed;
  }
  // The library's words first, the quoted values last: a model that copies
  // the frame's opening copies an instruction, not a value.
  std::string frame = absl::StrCat(base::AbslView(kCorrectionFramePrefix), "]");
  if (unsupported > 0 || misattributed == 0) {
    absl::StrAppend(
        &frame,
        " Your answer states values that appear in no tool result of this "
        "conversation. Call a tool that provides them, or say plainly that "
        "the data was not collected. Do not state a value you did not read "
        "from a tool result.");
  }
  if (misattributed > 0) {
    absl::StrAppend(
        &frame,
        " Your answer tells values of records that do not hold them: each "
        "was read from another record than the one the answer names. State "
        "what the named record holds, or tie the value to the record it was "
        "read from.");
  }
  std::size_t quoted = 0;
  if (unsupported > 0 || misattributed == 0) {
    absl::StrAppend(&frame, " The values:");
    std::size_t listed = 0;
    for (const Candidate& c : verdict.candidates) {
      if (!NamesUnsupported(verdict, c)) continue;
      if (quoted == kMaxValuesInCorrectionFrame) continue;
      absl::StrAppend(&frame, listed == 0 ? " \"" : ", \"",
                      Clipped(Spelled(answer, c)), "\"");
      // Where to look: the result that carried the closest value.
      if (!c.near_miss_carrier.empty()) {
        absl::StrAppend(&frame, " (compare the result of ",
                        Clipped(c.near_miss_carrier), ")");
      }
      ++quoted;
      ++listed;
    }
    if (unsupported > listed) {
      absl::StrAppend(&frame, ", and ", unsupported - listed, " more");
    }
  }
  if (misattributed > 0) {
    absl::StrAppend(&frame, unsupported > 0
                                ? ". The values told of the wrong record:"
                                : " The values:");
    std::size_t listed = 0;
    for (const Candidate& c : verdict.candidates) {
      if (!NamesMisattributed(verdict, c)) continue;
      if (quoted == kMaxValuesInCorrectionFrame) continue;
      absl::StrAppend(&frame, listed == 0 ? " \"" : "; \"",
                      Clipped(Spelled(answer, c)), "\"");
      if (c.binding.has_value()) {
        absl::StrAppend(&frame, BindingWords(*c.binding));
      }
      ++quoted;
      ++listed;
    }
    if (misattributed > listed) {
      absl::StrAppend(&frame, "; and ", misattributed - listed, " more");
    }
  }
  return frame;
}

absl::Status RefusalStatus(std::string_view answer, const Verdict& verdict,
                           bool revision_tried) {
  nlohmann::ordered_json payload;
  payload["schema"] = "groundgate.refusal/1";
  payload["revision_tried"] = revision_tried;
  nlohmann::ordered_json values = nlohmann::ordered_json::array();
  nlohmann::ordered_json misattributed_values = nlohmann::ordered_json::array();
  std::size_t unsupported = 0;
  std::size_t misattributed = 0;
  std::size_t named = 0;  // of both kinds, against kMaxValuesInRefusal
  for (const Candidate& c : verdict.candidates) {
    const bool is_unsupported = NamesUnsupported(verdict, c);
    const bool is_misattributed = NamesMisattributed(verdict, c);
    if (!is_unsupported && !is_misattributed) continue;
    ++(is_unsupported ? unsupported : misattributed);
    if (++named > kMaxValuesInRefusal) continue;
    nlohmann::ordered_json entry;
    entry["value"] =
        base::ClipUtf8(Spelled(answer, c), kMaxValueBytesInRefusal);
    entry["canonical"] = base::ClipUtf8(c.canonical, kMaxValueBytesInRefusal);
    entry["shape"] = c.shape;
    entry["start"] = c.start;
    entry["end"] = c.end;
    if (is_misattributed) {
      const Binding binding = c.binding.value_or(Binding{});
      entry["named_carrier"] =
          base::ClipUtf8(binding.named.carrier, kMaxValueBytesInRefusal);
      entry["named_value"] =
          base::ClipUtf8(binding.named_value, kMaxValueBytesInRefusal);
      entry["field"] = base::ClipUtf8(binding.field, kMaxValueBytesInRefusal);
    }
    (is_unsupported ? values : misattributed_values)
        .push_back(std::move(entry));
  }
  payload["unsupported"] = std::move(values);
  // Only a refusal that has misattributed values says so: a refusal of
  // typed values keeps the documented keys.
  if (misattributed > 0) {
    payload["misattributed"] = std::move(misattributed_values);
  }
  const std::size_t more =
      named > kMaxValuesInRefusal ? named - kMaxValuesInRefusal : 0;
  payload["more"] = more;

  std::string counted;
  if (unsupported > 0 || misattributed == 0) {
    counted = absl::StrCat(
        unsupported, unsupported == 1 ? " value appears" : " values appear",
        " in no tool result");
  }
  if (misattributed > 0) {
    absl::StrAppend(&counted, counted.empty() ? "" : " and ", misattributed,
                    misattributed == 1 ? " value is" : " values are",
                    " read from another record than the one named");
  }
  absl::Status status = absl::FailedPreconditionError(absl::StrCat(
      "groundgate refused the answer: ", counted,
      revision_tried ? " after one revision" : " (no revision was possible)"));
  status.SetPayload(
      base::AbslView(kRefusalTypeUrl),
      absl::Cord(payload.dump(-1, ' ', false,
                              nlohmann::json::error_handler_t::replace)));
  return status;
}

}  // namespace groundgate::stages

namespace groundgate {

std::optional<Refusal> ReadRefusal(const absl::Status& status) {
  if (status.ok()) return std::nullopt;
  const auto payload = status.GetPayload(base::AbslView(kRefusalTypeUrl));
  if (!payload.has_value()) return std::nullopt;
  const nlohmann::json json = nlohmann::json::parse(
      std::string(*payload), nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return std::nullopt;
  const auto values = json.find("unsupported");
  const auto tried = json.find("revision_tried");
  if (values == json.end() || !values->is_array() || tried == json.end() ||
      !tried->is_boolean()) {
    return std::nullopt;
  }
  Refusal refusal;
  refusal.revision_tried = tried->get<bool>();
  if (const auto more = json.find("more");
      more != json.end() && more->is_number_unsigned()) {
    refusal.more = more->get<std::size_t>();
  }
  const auto read_values = [](const nlohmann::json& list,
                              std::vector<RefusedValue>* out) {
    for (const nlohmann::json& entry : list) {
      if (!entry.is_object()) return false;
      RefusedValue value;
      const auto read_string = [&](const char* key, std::string* text) {
        const auto it = entry.find(key);
        if (it == entry.end() || !it->is_string()) return false;
        *text = it->get<std::string>();
        return true;
      };
      const auto read_offset = [&](const char* key, std::size_t* offset) {
        const auto it = entry.find(key);
        if (it == entry.end() || !it->is_number_unsigned()) return false;
        *offset = it->get<std::size_t>();
        return true;
      };
      if (!read_string("value", &value.value) ||
          !read_string("canonical", &value.canonical) ||
          !read_string("shape", &value.shape) ||
          !read_offset("start", &value.start) ||
          !read_offset("end", &value.end)) {
        return false;
      }
      // A misattributed value's binding; absent from an unsupported one.
      read_string("named_carrier", &value.named_carrier);
      read_string("named_value", &value.named_value);
      read_string("field", &value.field);
      out->push_back(std::move(value));
    }
    return true;
  };
  if (!read_values(*values, &refusal.unsupported)) return std::nullopt;
  if (const auto misattributed = json.find("misattributed");
      misattributed != json.end()) {
    if (!misattributed->is_array() ||
        !read_values(*misattributed, &refusal.misattributed)) {
      return std::nullopt;
    }
  }
  return refusal;
}

bool IsRefusal(const absl::Status& status) {
  return ReadRefusal(status).has_value();
}

}  // namespace groundgate
