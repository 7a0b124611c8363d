// stages/repeated_uses.cc — a value the answer uses more than once, one
// use at a time (repeated_uses.h).
#include "stages/repeated_uses.h"

#include <algorithm>
#include <utility>

#include "evidence/ascii.h"

namespace groundgate::stages {
namespace {

namespace ascii = evidence::ascii;

bool IsUnsupported(const Candidate& c) {
  return c.status == CandidateStatus::kUnsupported;
}

// True when [start, end) lies within a candidate's span: the "6" of the
// date "January 6" is part of that value, not a use of the number 6.
bool InsideAnother(const std::vector<Candidate>& candidates, std::size_t start,
                   std::size_t end) {
  return std::any_of(candidates.begin(), candidates.end(),
                     [&](const Candidate& other) {
                       return other.start <= start && end <= other.end &&
                              other.end - other.start > end - start;
                     });
}

}  // namespace

bool StandsAlone(std::string_view answer, std::size_t at, std::size_t size) {
  const auto part_of_number = [&](std::size_t i) {
    // A sign of the Latin-1 block ("°C", "µg", "m²") is a unit, not a
    // letter of a longer word.
    return i < answer.size() &&
           ((IsWordByte(answer[i]) && answer[i] != '\xC2') ||
            ((answer[i] == '.' || answer[i] == ',') && i + 1 < answer.size() &&
             ascii::IsDigit(answer[i + 1])));
  };
  if (at > 0 && (IsWordByte(answer[at - 1]) ||
                 ((answer[at - 1] == '.' || answer[at - 1] == ',') && at > 1 &&
                  ascii::IsDigit(answer[at - 2])))) {
    return false;
  }
  return !part_of_number(at + size);
}

void SplitRepeatedUses(std::string_view answer,
                       absl::FunctionRef<bool(const Candidate&)> split,
                       std::vector<Candidate>* candidates,
                       std::vector<std::size_t>* origin) {
  std::vector<std::pair<Candidate, std::size_t>> uses;  // use, its first
  for (std::size_t i = 0; i < candidates->size(); ++i) {
    const Candidate& c = (*candidates)[i];
    if (c.occurrences < 2 || !split(c) || c.end > answer.size() ||
        c.start >= c.end) {
      continue;
    }
    const std::string_view written = answer.substr(c.start, c.end - c.start);
    int left = c.occurrences - 1;
    for (std::size_t at = answer.find(written, c.end);
         at != std::string_view::npos && left > 0;
         at = answer.find(written, at + 1)) {
      if (!StandsAlone(answer, at, written.size()) ||
          InsideAnother(*candidates, at, at + written.size())) {
        continue;
      }
      Candidate use = c;
      use.start = at;
      use.end = at + written.size();
      use.occurrences = 1;
      uses.emplace_back(std::move(use), i);
      --left;
    }
  }
  origin->clear();
  if (uses.empty()) return;
  // Merge by position; a use's first keeps its place among the firsts.
  std::vector<Candidate> merged;
  merged.reserve(candidates->size() + uses.size());
  std::vector<std::size_t> new_index(candidates->size());
  std::vector<std::size_t> copies_of;  // for each use: its first's old index
  std::size_t next_use = 0;
  std::stable_sort(uses.begin(), uses.end(), [](const auto& a, const auto& b) {
    return a.first.start < b.first.start;
  });
  std::vector<std::pair<std::size_t, std::size_t>> use_at;  // merged, first
  for (std::size_t i = 0; i <= candidates->size(); ++i) {
    while (next_use < uses.size() &&
           (i == candidates->size() ||
            uses[next_use].first.start < (*candidates)[i].start)) {
      use_at.emplace_back(merged.size(), uses[next_use].second);
      merged.push_back(std::move(uses[next_use].first));
      ++next_use;
    }
    if (i == candidates->size()) break;
    new_index[i] = merged.size();
    merged.push_back(std::move((*candidates)[i]));
  }
  origin->resize(merged.size());
  for (std::size_t i = 0; i < merged.size(); ++i) (*origin)[i] = i;
  for (const auto& [at, first] : use_at) (*origin)[at] = new_index[first];
  *candidates = std::move(merged);
}

void FoldRepeatedUses(const std::vector<std::size_t>& origin,
                      Verdict* verdict) {
  if (origin.empty()) return;
  std::vector<Candidate>& candidates = verdict->candidates;
  std::vector<bool> folded(candidates.size(), false);
  for (std::size_t i = 0; i < origin.size(); ++i) {
    if (origin[i] == i) continue;
    Candidate& first = candidates[origin[i]];
    if (candidates[i].status == first.status &&
        first.status != CandidateStatus::kMisattributed) {
      folded[i] = true;
      continue;
    }
    --first.occurrences;
    ++verdict->looked_up;
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (folded[i]) continue;
    if (kept != i) candidates[kept] = std::move(candidates[i]);
    ++kept;
  }
  candidates.resize(kept);
}

void ListEachUnsupportedUse(std::string_view answer, Verdict* verdict) {
  std::vector<std::size_t> origin;
  SplitRepeatedUses(answer, IsUnsupported, &verdict->candidates, &origin);
  for (std::size_t i = 0; i < origin.size(); ++i) {
    if (origin[i] == i) continue;
    --verdict->candidates[origin[i]].occurrences;
    ++verdict->looked_up;
  }
}

std::vector<TextSpan> ConflictSpans(const Verdict& verdict) {
  std::vector<TextSpan> spans;
  spans.reserve(verdict.conflicts.size());
  for (const Conflict& conflict : verdict.conflicts) {
    spans.push_back(conflict.candidate < verdict.candidates.size()
                        ? TextSpan{verdict.candidates[conflict.candidate].start,
                                   verdict.candidates[conflict.candidate].end}
                        : TextSpan{});
  }
  return spans;
}

void ReindexConflicts(const std::vector<TextSpan>& spans, Verdict* verdict) {
  const std::vector<Candidate>& candidates = verdict->candidates;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < verdict->conflicts.size() && i < spans.size();
       ++i) {
    const auto at = std::find_if(
        candidates.begin(), candidates.end(), [&](const Candidate& c) {
          return c.start == spans[i].start && c.end == spans[i].end;
        });
    if (at == candidates.end()) continue;
    Conflict& conflict = verdict->conflicts[i];
    conflict.candidate = static_cast<std::size_t>(at - candidates.begin());
    if (kept != i) verdict->conflicts[kept] = std::move(conflict);
    ++kept;
  }
  verdict->conflicts.resize(kept);
}

}  // namespace groundgate::stages
