// stages/rung_near_misses.cc — the foot of the ladder: the carried value an
// unsupported one most likely stands for.
//
// What it does NOT do: change a candidate's status.
#include "stages/rung_near_misses.h"

#include <algorithm>
#include <chrono>
#include <span>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"

namespace groundgate::stages {
namespace {

// A whole date one day either side: the near misses of a date.
std::vector<std::string> DateVariants(const evidence::DateTimeValue& when) {
  std::vector<std::string> variants;
  if (when.year == 0 || when.month == 0 || when.day == 0) return variants;
  namespace chrono = std::chrono;
  const chrono::year_month_day date{chrono::year(when.year),
                                    chrono::month(when.month),
                                    chrono::day(when.day)};
  if (!date.ok()) return variants;
  for (const int step : {-1, 1}) {
    evidence::DateTimeValue near = when;
    near.kind = evidence::DateTimeValue::Kind::kDate;
    const chrono::year_month_day shifted{chrono::sys_days(date) +
                                         chrono::days(step)};
    near.year = static_cast<int>(shifted.year());
    near.month = static_cast<int>(static_cast<unsigned>(shifted.month()));
    near.day = static_cast<int>(static_cast<unsigned>(shifted.day()));
    const absl::InlinedVector<std::string, 2> keys =
        evidence::DateTimeLookupKeys(near);
    if (!keys.empty()) variants.push_back(keys.front());
  }
  return variants;
}

// Names the first carried value among `variants` (same shape, one step
// away), with its first carrier this turn.
void NameNearMiss(JudgeContext& context, std::span<const std::string> variants,
                  Candidate* candidate) {
  for (const std::string& variant : variants) {
    const Evidence evidence = context.corpus.Lookup(variant);
    if (!evidence.carried) continue;
    // A date key ("@date:2024-07-08") is shown as its date.
    context.SetNearMiss(
        variant.starts_with("@") && variant.find(':') != std::string::npos
            ? variant.substr(variant.find(':') + 1)
            : variant,
        evidence, candidate);
    return;
  }
}

}  // namespace

void NameOneStepNearMiss(JudgeContext& context, const std::string& key,
                         Candidate* candidate) {
  if (candidate->status != CandidateStatus::kUnsupported) return;
  if (key.size() > kMaxNearMissBytes) return;
  std::string variant = key;
  auto found = [&]() {
    const Evidence evidence = context.corpus.Lookup(variant);
    if (!evidence.carried) return false;
    context.SetNearMiss(variant, evidence, candidate);
    return true;
  };
  const bool hex = std::none_of(key.begin(), key.end(),
                                [](char c) { return c >= 'g' && c <= 'z'; });
  const char last_letter = hex ? 'f' : 'z';
  for (std::size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    const bool digit = c >= '0' && c <= '9';
    const bool letter = c >= 'a' && c <= 'z';
    if (!digit && !letter) continue;
    for (char r = digit ? '0' : 'a'; r <= (digit ? '9' : last_letter); ++r) {
      if (r == c) continue;
      variant[i] = r;
      if (found()) return;
    }
    variant[i] = c;
  }
  auto alnum = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
  };
  for (std::size_t i = 0; i + 1 < key.size(); ++i) {
    // Two different letters or digits: a swap with a separator changes
    // the value's shape, not one keystroke of it.
    if (key[i] == key[i + 1] || !alnum(key[i]) || !alnum(key[i + 1])) {
      continue;
    }
    std::swap(variant[i], variant[i + 1]);
    if (found()) return;
    std::swap(variant[i], variant[i + 1]);
  }
}

void NameDateNearMiss(JudgeContext& context,
                      const evidence::DateTimeValue& when,
                      Candidate* candidate) {
  if (candidate->status != CandidateStatus::kUnsupported) return;
  NameNearMiss(context, DateVariants(when), candidate);
}

void NearMissOneWordOff(JudgeContext& context, const NameWordsFound& words,
                        Candidate* candidate) {
  if (candidate->status != CandidateStatus::kUnsupported ||
      words.missing != 1 || words.first_carried == nullptr) {
    return;
  }
  context.SetNearMiss(words.first_carried->canonical,
                      context.corpus.Lookup(words.first_carried->canonical),
                      candidate);
}

}  // namespace groundgate::stages
