// runtime/refusal.cc — the refusal payload: JSON under kRefusalTypeUrl.
#include "runtime/refusal.h"

#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "groundgate/agent.h"
#include "runtime/absl_view.h"
#include "runtime/clip.h"

namespace groundgate {

using runtime::AbslView;

namespace runtime {

absl::Status MakeRefusal(std::string_view answer, const Verdict& verdict,
                         bool revision_tried) {
  nlohmann::ordered_json payload;
  payload["schema"] = "groundgate.refusal/1";
  payload["revision_tried"] = revision_tried;
  nlohmann::ordered_json values = nlohmann::ordered_json::array();
  std::size_t unsupported = 0;
  for (const Candidate& c : verdict.candidates) {
    if (c.status != CandidateStatus::kUnsupported) continue;
    if (++unsupported > kMaxValuesInRefusal) continue;
    nlohmann::ordered_json entry;
    const std::string_view spelled =
        c.start <= c.end && c.end <= answer.size()
            ? answer.substr(c.start, c.end - c.start)
            : std::string_view(c.canonical);
    entry["value"] = ClipUtf8(spelled, kMaxValueBytesInRefusal);
    entry["canonical"] = ClipUtf8(c.canonical, kMaxValueBytesInRefusal);
    entry["shape"] = c.shape;
    entry["start"] = c.start;
    entry["end"] = c.end;
    values.push_back(std::move(entry));
  }
  payload["unsupported"] = std::move(values);
  const std::size_t more =
      unsupported > kMaxValuesInRefusal ? unsupported - kMaxValuesInRefusal : 0;
  payload["more"] = more;

  absl::Status status = absl::FailedPreconditionError(absl::StrCat(
      "groundgate refused the answer: ", unsupported,
      unsupported == 1 ? " value appears" : " values appear",
      " in no tool result",
      revision_tried ? " after one revision" : " (no revision was possible)"));
  status.SetPayload(
      AbslView(kRefusalTypeUrl),
      absl::Cord(payload.dump(-1, ' ', false,
                              nlohmann::json::error_handler_t::replace)));
  return status;
}

}  // namespace runtime

std::optional<Refusal> ReadRefusal(const absl::Status& status) {
  if (status.ok()) return std::nullopt;
  const auto payload = status.GetPayload(AbslView(kRefusalTypeUrl));
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
  for (const nlohmann::json& entry : *values) {
    if (!entry.is_object()) return std::nullopt;
    RefusedValue value;
    const auto read_string = [&](const char* key, std::string* out) {
      const auto it = entry.find(key);
      if (it == entry.end() || !it->is_string()) return false;
      *out = it->get<std::string>();
      return true;
    };
    const auto read_offset = [&](const char* key, std::size_t* out) {
      const auto it = entry.find(key);
      if (it == entry.end() || !it->is_number_unsigned()) return false;
      *out = it->get<std::size_t>();
      return true;
    };
    if (!read_string("value", &value.value) ||
        !read_string("canonical", &value.canonical) ||
        !read_string("shape", &value.shape) ||
        !read_offset("start", &value.start) ||
        !read_offset("end", &value.end)) {
      return std::nullopt;
    }
    refusal.unsupported.push_back(std::move(value));
  }
  return refusal;
}

bool IsRefusal(const absl::Status& status) {
  return ReadRefusal(status).has_value();
}

}  // namespace groundgate
