// stages/rung_derived_dates.cc — rung 5 of the date ladder: a date moved by
// the days the user asked for.
//
// What it does NOT do: read the user's words (evidence/relative_days.cc).
#include "stages/rung_derived_dates.h"

#include <array>
#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_format.h"
#include "evidence/ascii.h"
#include "evidence/corpus_internal.h"
#include "evidence/keys.h"
#include "evidence/relative_days.h"
#include "evidence/text_tables.h"
#include "stages/wording.h"

namespace groundgate::stages {

bool GroundByDayShift(JudgeContext& context,
                      const evidence::DateTimeValue& when,
                      Candidate* candidate) {
  using Kind = evidence::DateTimeValue::Kind;
  const evidence::DayShifts& shifts =
      CorpusInternals::day_shifts(context.corpus);
  if (shifts.empty() ||
      (when.kind != Kind::kDate && when.kind != Kind::kMonthDay)) {
    return false;
  }
  namespace chrono = std::chrono;
  // A date without its year moves within a leap year (Feb 29 exists).
  constexpr int kAnyLeapYear = 2000;
  const bool has_year = when.kind == Kind::kDate;
  const chrono::year_month_day date{
      chrono::year(has_year ? when.year : kAnyLeapYear),
      chrono::month(static_cast<unsigned>(when.month)),
      chrono::day(static_cast<unsigned>(when.day))};
  if (!date.ok()) return false;
  for (int n = 1; n <= evidence::kMaxDayShift; ++n) {
    // n days later: the base is n days before the answer's date.
    for (const int sign : {-1, 1}) {
      if (sign < 0 ? !shifts.Later(n) : !shifts.Earlier(n)) continue;
      const chrono::year_month_day moved{chrono::sys_days(date) +
                                         chrono::days(sign * n)};
      evidence::DateTimeValue base = when;
      base.year = has_year ? static_cast<int>(moved.year()) : 0;
      base.month = static_cast<int>(static_cast<unsigned>(moved.month()));
      base.day = static_cast<int>(static_cast<unsigned>(moved.day()));
      const absl::InlinedVector<std::string, 2> keys =
          evidence::DateTimeLookupKeys(base);
      if (keys.empty()) continue;
      const Evidence evidence = context.corpus.Lookup(keys.front());
      const bool exempt =
          !evidence.carried && context.corpus.IsExempt(keys.front());
      if (!evidence.carried && !exempt) continue;
      // The answer's date is the base moved the other way.
      candidate->derivation = evidence::DateTimeCanonical(base);
      candidate->derivation.append(sign < 0 ? " + " : " - ");
      candidate->derivation.append(std::to_string(n));
      candidate->derivation.append(n == 1 ? " day" : " days");
      if (exempt) {
        context.MarkExempt(MatchReason::kDerivedDate, candidate);
      } else {
        context.Ground(std::span<const Evidence>(&evidence, 1),
                       MatchReason::kDerivedDate, candidate);
      }
      return true;
    }
  }
  return false;
}

bool GroundByCompletedDay(JudgeContext& context,
                          const evidence::DateTimeValue& when,
                          Candidate* candidate) {
  using Kind = evidence::DateTimeValue::Kind;
  if (when.kind != Kind::kDate && when.kind != Kind::kMonthDay) return false;
  namespace chrono = std::chrono;
  // The weekdays a result named with this day: at most seven lookups.
  std::array<std::optional<Evidence>, 8> named;
  bool any = false;
  for (int w = 1; w <= 7; ++w) {
    Evidence e = context.corpus.Lookup(evidence::DerivedKey(
        evidence::kWeekdayDayKey,
        std::to_string(w) + "-" + std::to_string(when.day)));
    if (e.carried) {
      named[static_cast<std::size_t>(w)] = std::move(e);
      any = true;
    }
  }
  if (!any) return false;
  static constexpr std::string_view kNames[] = {
      "",         "Monday", "Tuesday",  "Wednesday",
      "Thursday", "Friday", "Saturday", "Sunday"};
  const int first = when.kind == Kind::kDate ? when.year : kFirstCompletedYear;
  const int last = when.kind == Kind::kDate ? when.year : kLastCompletedYear;
  for (int year = first; year <= last; ++year) {
    const chrono::year_month_day date{
        chrono::year(year), chrono::month(static_cast<unsigned>(when.month)),
        chrono::day(static_cast<unsigned>(when.day))};
    if (!date.ok()) continue;
    const auto weekday = static_cast<std::size_t>(
        chrono::weekday(chrono::sys_days(date)).iso_encoding());
    if (!named[weekday].has_value()) continue;
    // The month itself, then the month before it.
    for (const int back : {0, 1}) {
      evidence::DateTimeValue month;
      month.kind = Kind::kYearMonth;
      month.year = when.month - back >= 1 ? year : year - 1;
      month.month = when.month - back >= 1 ? when.month - back : 12;
      const absl::InlinedVector<std::string, 2> keys =
          evidence::DateTimeLookupKeys(month);
      if (keys.empty()) continue;
      const Evidence carried = context.corpus.Lookup(keys.front());
      if (!carried.carried) continue;
      const std::array<Evidence, 2> found = {*named[weekday], carried};
      candidate->derivation = std::string(kNames[weekday]) + " " +
                              std::to_string(when.day) + " in " +
                              evidence::DateTimeCanonical(month);
      context.Ground(found, MatchReason::kDerivedDate, candidate);
      return true;
    }
  }
  return false;
}

void NoteShownTime(JudgeContext& context, const DateTimeRead& read) {
  using Kind = evidence::DateTimeValue::Kind;
  const evidence::DateTimeValue& when = read.when;
  if (read.candidate == nullptr || read.keys.empty() ||
      (when.kind != Kind::kTime && when.kind != Kind::kDateTime)) {
    return;
  }
  JudgeContext::ShownTime shown;
  shown.index = static_cast<std::size_t>(read.candidate -
                                         context.verdict.candidates.data());
  shown.minutes = when.hour * 60 + when.minute;
  shown.unmarked = when.kind == Kind::kTime && when.second == 0 &&
                   when.clock == evidence::DateTimeValue::Clock::kUnmarked;
  shown.time_key = read.keys.back();
  context.shown_times.push_back(std::move(shown));
}

void GroundDurationsBetweenShownTimes(JudgeContext& context) {
  std::vector<JudgeContext::ShownTime>& times = context.shown_times;
  if (times.size() < 3) return;
  auto settled = [&](const JudgeContext::ShownTime& t) {
    const CandidateStatus status = context.verdict.candidates[t.index].status;
    return status == CandidateStatus::kGrounded ||
           status == CandidateStatus::kExempt;
  };
  for (const JudgeContext::ShownTime& duration : times) {
    Candidate* candidate = &context.verdict.candidates[duration.index];
    if (!duration.unmarked ||
        candidate->status != CandidateStatus::kUnsupported ||
        !SaysDuration(context.answer, candidate->start, candidate->end)) {
      continue;
    }
    for (const JudgeContext::ShownTime& from : times) {
      if (from.index == duration.index || !settled(from)) continue;
      const JudgeContext::ShownTime* to = nullptr;
      for (const JudgeContext::ShownTime& t : times) {
        if (t.index != duration.index && t.index != from.index && settled(t) &&
            t.minutes - from.minutes == duration.minutes) {
          to = &t;
          break;
        }
      }
      if (to == nullptr) continue;
      absl::InlinedVector<Evidence, 2> found;
      for (const JudgeContext::ShownTime* operand : {to, &from}) {
        Evidence evidence = context.corpus.Lookup(operand->time_key);
        if (evidence.carried) found.push_back(std::move(evidence));
      }
      const Candidate& later = context.verdict.candidates[to->index];
      const Candidate& earlier = context.verdict.candidates[from.index];
      candidate->derivation = later.canonical + " - " + earlier.canonical;
      candidate->near_miss.clear();
      candidate->near_miss_carrier.clear();
      if (found.empty()) {
        context.MarkExempt(MatchReason::kDerivedDifference, candidate);
      } else {
        context.Ground(std::span<const Evidence>(found.data(), found.size()),
                       MatchReason::kDerivedDifference, candidate);
      }
      break;
    }
  }
}

namespace {

// The clock times `text` writes, in minutes since midnight, appended to
// `out`: each run of digits and ':' shaped H:MM, HH:MM or HH:MM:SS
// ("2024-05-15 13:30:00" gives 13:30; a date's '-' ends a run).
void AppendClockTimes(std::string_view text, std::vector<int>* out) {
  std::size_t i = 0;
  while (i < text.size()) {
    if (!evidence::ascii::IsDigit(text[i]) ||
        (i > 0 &&
         (evidence::ascii::IsDigit(text[i - 1]) || text[i - 1] == ':'))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() &&
           (evidence::ascii::IsDigit(text[end]) || text[end] == ':')) {
      ++end;
    }
    const std::string_view run = text.substr(i, end - i);
    i = end;
    const std::size_t colon = run.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 2 ||
        run.size() < colon + 3 ||
        (run.size() > colon + 3 && run[colon + 3] != ':')) {
      continue;
    }
    int hour = 0;
    for (std::size_t k = 0; k < colon; ++k) hour = hour * 10 + (run[k] - '0');
    if (!evidence::ascii::IsDigit(run[colon + 1]) ||
        !evidence::ascii::IsDigit(run[colon + 2])) {
      continue;
    }
    const int minute = (run[colon + 1] - '0') * 10 + (run[colon + 2] - '0');
    if (hour > 23 || minute > 59) continue;
    out->push_back(hour * 60 + minute);
  }
}

// One item's span: minutes from its earlier to its later time, and the
// result that carried it.
struct ItemSpan {
  int minutes = 0;
  int from = 0;
  std::uint32_t carrier = 0;
};

void AddItemSpans(std::vector<int>& times, std::uint32_t carrier,
                  std::vector<ItemSpan>* spans) {
  if (times.size() < 2 || times.size() > kMaxTimesPerItem) return;
  for (std::size_t a = 0; a < times.size(); ++a) {
    for (std::size_t b = 0; b < times.size(); ++b) {
      if (times[b] > times[a]) {
        spans->push_back({times[b] - times[a], times[a], carrier});
      }
    }
  }
}

// The spans of every record and listed item of this turn's results.
std::vector<ItemSpan> SpansOfItems(const EvidenceCorpus& corpus) {
  std::vector<ItemSpan> spans;
  std::vector<int> times;
  const evidence::RecordSet& records = CorpusInternals::records(corpus);
  for (const evidence::Record& record : records.records()) {
    times.clear();
    for (const evidence::RecordField& field : record.fields) {
      AppendClockTimes(field.text, &times);
    }
    AddItemSpans(times, record.carrier, &spans);
  }
  for (const auto& [held_slot, content] :
       CorpusInternals::contents_this_turn(corpus)) {
    // A copy: clang 14 does not let a lambda capture a structured binding.
    const auto slot = held_slot;
    evidence::ForEachTextListItem(content,
                                  [&](std::span<const std::string_view> item) {
                                    times.clear();
                                    for (const std::string_view line : item) {
                                      AppendClockTimes(line, &times);
                                    }
                                    AddItemSpans(times, slot, &spans);
                                  });
  }
  return spans;
}

std::string ClockText(int minutes) {
  return absl::StrFormat("%02d:%02d", minutes / 60, minutes % 60);
}

}  // namespace

void GroundDurationsWithinOneItem(JudgeContext& context) {
  std::optional<std::vector<ItemSpan>> spans;  // read at the first need
  for (const JudgeContext::ShownTime& duration : context.shown_times) {
    Candidate* candidate = &context.verdict.candidates[duration.index];
    if (!duration.unmarked || duration.minutes == 0 ||
        candidate->status != CandidateStatus::kUnsupported ||
        !SaysDuration(context.answer, candidate->start, candidate->end)) {
      continue;
    }
    if (!spans.has_value()) spans = SpansOfItems(context.corpus);
    for (const ItemSpan& span : *spans) {
      if (span.minutes != duration.minutes) continue;
      Evidence evidence;
      evidence.carried = true;
      evidence.carried_this_turn = true;
      // The span handed to Ground lives as long as the context.
      evidence.carriers = context.merged.emplace_back(1, span.carrier);
      candidate->derivation =
          ClockText(span.from + span.minutes) + " - " + ClockText(span.from);
      candidate->near_miss.clear();
      candidate->near_miss_carrier.clear();
      context.Ground(std::span<const Evidence>(&evidence, 1),
                     MatchReason::kDerivedDifference, candidate);
      break;
    }
  }
}

}  // namespace groundgate::stages
