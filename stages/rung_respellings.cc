// stages/rung_respellings.cc — rung 3: structural respellings.
//
// What it does NOT do: round or compute (rungs 4 and 5).
#include "stages/rung_respellings.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "evidence/keys.h"
#include "stages/wording.h"

namespace groundgate::stages {
namespace {

bool IsAsciiDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return c >= '0' && c <= '9'; });
}

// True when the answer writes some clock time with an hour from 13 to
// 23 ("16:00"). Computed once per answer.
bool WritesTwentyFourHour(JudgeContext& context) {
  if (!context.writes_24h.has_value()) {
    const std::string_view answer = context.answer;
    bool found = false;
    for (std::size_t i = answer.find(':');
         i != std::string_view::npos && !found; i = answer.find(':', i + 1)) {
      if (i < 2 || i + 2 >= answer.size()) continue;
      const char h1 = answer[i - 2];
      const char h2 = answer[i - 1];
      const bool minutes = answer[i + 1] >= '0' && answer[i + 1] <= '5' &&
                           answer[i + 2] >= '0' && answer[i + 2] <= '9';
      if (!minutes || h1 < '0' || h1 > '2' || h2 < '0' || h2 > '9') continue;
      const int hour = (h1 - '0') * 10 + (h2 - '0');
      const bool preceded_by_digit =
          i >= 3 && answer[i - 3] >= '0' && answer[i - 3] <= '9';
      found = !preceded_by_digit && hour >= 13 && hour <= 23;
    }
    context.writes_24h = found;
  }
  return *context.writes_24h;
}

}  // namespace

MatchReason RespelledReason(const evidence::DateTimeValue& when) {
  return when.kind == evidence::DateTimeValue::Kind::kTime
             ? MatchReason::kRespelledTime
             : MatchReason::kRespelledDate;
}

bool GroundByDateTimeKeys(JudgeContext& context,
                          const evidence::DateTimeValue& when,
                          std::span<const std::string> keys,
                          Candidate* candidate) {
  return context.GroundByKeys(keys, RespelledReason(when), candidate);
}

bool GroundByTwelveHourReading(JudgeContext& context,
                               const evidence::DateTimeValue& when,
                               Candidate* candidate) {
  if (WritesTwentyFourHour(context)) return false;
  const absl::InlinedVector<std::string, 2> other =
      evidence::DateTimeAlternateLookupKeys(when);
  return context.GroundByKeys(other, MatchReason::kRespelledTime, candidate);
}

bool GroundByOtherReading(JudgeContext& context,
                          const evidence::NumberReading& reading,
                          Candidate* candidate) {
  if (reading.alternative.empty()) return false;
  const MatchReason reason =
      reading.kind == evidence::NumberReading::Kind::kPercent
          ? MatchReason::kCanonical
          : MatchReason::kRespelledNumber;
  return context.GroundByKey(reading.alternative, reason, candidate);
}

bool GroundByRespelling(JudgeContext& context, const std::string& key,
                        Candidate* candidate) {
  const bool digits = IsAsciiDigits(key);
  if (digits && key.size() == 4 && key.front() != '0' &&
      context.GroundByKey(evidence::DerivedKey(evidence::kYearKey, key),
                          MatchReason::kRespelledDate, candidate)) {
    return true;
  }
  if (key.size() >= evidence::kMinPartBytes &&
      context.GroundByKey(evidence::DerivedKey(evidence::kPartKey, key),
                          MatchReason::kIdentifierPart, candidate)) {
    return true;
  }
  if (digits && key.size() == evidence::kTailDigits &&
      AsksForLastDigits(context.answer, candidate->start) &&
      context.GroundByKey(evidence::DerivedKey(evidence::kTailKey, key),
                          MatchReason::kIdentifierPart, candidate)) {
    return true;
  }
  if (key.front() != '-' &&
      (SaysSignDropped(context.answer, candidate->start) ||
       SaysSouthOrWest(context.answer, candidate->end)) &&
      context.GroundByKey(evidence::DerivedKey("-", key),
                          MatchReason::kSignDropped, candidate)) {
    return true;
  }
  return false;
}

bool GroundByJoinedIdentifier(JudgeContext& context, const std::string& key,
                              Candidate* candidate) {
  const std::string_view form = key;
  // A link to a file: the path after the scheme is the value.
  for (const std::string_view scheme : {"sandbox:", "file://"}) {
    if (form.size() > scheme.size() + 1 && form.starts_with(scheme) &&
        form[scheme.size()] == '/') {
      return context.GroundByKey(form.substr(scheme.size()),
                                 MatchReason::kIdentifierPart, candidate);
    }
  }
  // host:port: a port of 1-5 digits up to 65535 after the last ':', and a
  // host name or an IPv4 address before it.
  const std::size_t colon = form.rfind(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  const std::string_view host = form.substr(0, colon);
  const std::string_view port = form.substr(colon + 1);
  constexpr std::size_t kMaxPortDigits = 5;
  constexpr long kMaxPort = 65535;
  if (!IsAsciiDigits(port) || port.size() > kMaxPortDigits ||
      std::stol(std::string(port)) > kMaxPort) {
    return false;
  }
  const bool named = std::any_of(host.begin(), host.end(),
                                 [](char c) { return c >= 'a' && c <= 'z'; });
  const bool dotted_quad = std::count(host.begin(), host.end(), '.') == 3;
  if ((!named && !dotted_quad) ||
      host.find_first_of(":/@") != std::string_view::npos) {
    return false;
  }
  const std::string keys[] = {std::string(host), std::string(port)};
  return context.GroundByKeys(keys, MatchReason::kIdentifierPart, candidate);
}

}  // namespace groundgate::stages
