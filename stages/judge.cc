// stages/judge.cc — extraction, lookup and the verdict's bookkeeping.
//
// At each token the judge tries, in order, the readers of values that may
// span several tokens — a date or clock time (`May 22, 2024`, `2:00 PM`),
// a number as people write it (`$1.2M`, `41 200`, `forty-one thousand`),
// a name (`Mia Li`), a code span — and then the one-token rule of the
// extractor. A value read over several tokens is ONE candidate: the year
// inside a date, or the digits inside an amount, are never candidates of
// their own.
//
// Each candidate is then looked up along a fixed ladder, strongest first,
// and the first rung that holds names the reason:
//   1. its own canonical form (exact / canonical);
//   2. exempt: the user or the application supplied it;
//   3. structural respellings: the date and time keys, a date's year, an
//      identifier's delimited part or last digits, a dropped sign, the other
//      reading of a number or a 12-hour time;
//   4. rounding of a number this turn's results carried;
//   5. arithmetic over numbers this turn's results carried (bounded); for
//      a date, a carried or supplied date moved by the days the user asked
//      for ("the next day");
//   6. otherwise unsupported (or unverified when the corpus was truncated),
//      with the nearest carried value of the same shape, if one is close.
// Rungs 3 to 5 never use text the user or the app supplied: an exempt value
// is matched only by its own spelling or its date and time keys.
#include "stages/judge.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "evidence/canonical.h"
#include "evidence/keys.h"
#include "evidence/names.h"
#include "evidence/numbers.h"
#include "evidence/numeric_index.h"
#include "evidence/relative_days.h"
#include "evidence/tokenizer.h"
#include "findings/answer_carriers.h"
#include "groundgate/gate.h"
#include "stages/wording.h"

namespace groundgate::stages {
namespace {

// Digits before the decimal point of a canonical number ("-1234.5": 4).
int IntegerDigits(std::string_view number) {
  int digits = 0;
  for (const char c : number) {
    if (c == '.') break;
    digits += c >= '0' && c <= '9';
  }
  return digits;
}

bool IsAsciiDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return c >= '0' && c <= '9'; });
}

// Words the list lacks that are greetings, not names.
const absl::flat_hash_set<std::string_view> kInterjections = {
    "congrats", "ok", "okay", "hi", "hello", "thanks", "bye"};

constexpr std::string_view kShapeMoney = "money";
constexpr std::string_view kShapePercent = "percent";
constexpr std::string_view kShapeName = "name";
constexpr std::string_view kShapeCode = "code";

// Shorter digit-free tokens with a case step are units ("dBm", "kWh").
constexpr std::size_t kMaxUnitBytes = 4;

// True when the answer reads as English: of its all-lowercase ASCII words
// of two letters or more, at least kMinEnglishShare percent are common
// English words; with fewer than three such words, when it has no
// non-ASCII letter at all.
constexpr int kMinEnglishShare = 60;
bool LooksEnglish(std::string_view answer) {
  int words = 0;
  int common = 0;
  bool non_ascii = false;
  std::size_t i = 0;
  while (i < answer.size()) {
    const unsigned char c = static_cast<unsigned char>(answer[i]);
    if (c >= 0x80) non_ascii = true;
    if (c < 'a' || c > 'z') {
      ++i;
      continue;
    }
    const bool starts_word =
        i == 0 || !std::isalpha(static_cast<unsigned char>(answer[i - 1]));
    std::size_t end = i;
    while (end < answer.size() && answer[end] >= 'a' && answer[end] <= 'z') {
      ++end;
    }
    const bool ends_word =
        end == answer.size() ||
        (!std::isalpha(static_cast<unsigned char>(answer[end])) &&
         static_cast<unsigned char>(answer[end]) < 0x80);
    if (starts_word && ends_word && end - i >= 2) {
      ++words;
      common += evidence::IsCommonWord(answer.substr(i, end - i));
    }
    i = end;
  }
  if (words < 3) return !non_ascii;
  return common * 100 >= words * kMinEnglishShare;
}

// True when the answer names a hundred or a scale ("hundred", "Thousand",
// "MILLION", "billion"): a number in words of three digits or more names
// one, so an answer without any holds no such number to read.
bool NamesLargeNumberWord(std::string_view answer) {
  for (std::size_t i = 0; i < answer.size(); ++i) {
    // ASCII lowercase by one bit: only 'H' and 'h' become 'h', and so on.
    std::string_view stem;
    switch (answer[i] | 0x20) {
      case 'h':
        stem = "hundred";
        break;
      case 't':
        stem = "thousand";
        break;
      case 'i':
        stem = "illion";
        break;
      default:
        continue;
    }
    if (answer.size() - i < stem.size()) continue;
    std::size_t k = 1;
    while (k < stem.size() && (answer[i + k] | 0x20) == stem[k]) ++k;
    if (k == stem.size()) return true;
  }
  return false;
}

// One answer's judgement.
class AnswerJudge {
 public:
  AnswerJudge(std::string_view answer, const EvidenceCorpus& corpus,
              const evidence::Extractor& extractor, const GateOptions& options)
      : answer_(answer),
        corpus_(corpus),
        extractor_(extractor),
        options_(options),
        read_names_(options.names && LooksEnglish(answer)),
        read_number_words_(options.min_digits < 3 ||
                           NamesLargeNumberWord(answer)),
        results_(corpus.results()) {
    verdict_.evidence_truncated = corpus.truncated();
    verdict_.candidates.reserve(kExpectedCandidates);
  }

  Verdict Run() {
    std::size_t tokens = 0;
    evidence::ForEachToken(answer_, [&](evidence::TokenSpan span) {
      if (++tokens > kMaxAnswerTokens) {
        verdict_.answer_truncated = true;
        return false;
      }
      if (span.start < consumed_until_) return true;
      const std::string_view token =
          answer_.substr(span.start, span.end - span.start);
      if (TryDateTime(span, token)) return true;
      if (read_names_ && TryCodeSpan(span, token)) return true;
      if (TryNumber(span, token)) return true;
      // A name begins with a capital (ASCII, or a Latin letter beyond it).
      const unsigned char first = static_cast<unsigned char>(token.front());
      if (read_names_ && ((first >= 'A' && first <= 'Z') || first >= 0x80) &&
          TryName(span)) {
        return true;
      }
      JudgeToken(span, token);
      return true;
    });
    JudgeDeferredNumbers();
    verdict_.answer_carriers = findings::ComputeAnswerCarriers(
        carried_this_turn_, results_, verdict_.evidence_truncated);
    return std::move(verdict_);
  }

 private:
  // A new candidate for `identity`, or nullptr when the answer already used
  // the value (its occurrences grow).
  Candidate* NewCandidate(const std::string& identity) {
    auto [it, inserted] =
        seen_.try_emplace(identity, verdict_.candidates.size());
    if (!inserted) {
      ++verdict_.candidates[it->second].occurrences;
      return nullptr;
    }
    return &verdict_.candidates.emplace_back();
  }

  // Bookkeeping once a candidate's status is final.
  void Finish(Candidate* candidate, std::string_view key) {
    if (candidate->status == CandidateStatus::kGrounded) {
      for (const ConflictingPlace& place : corpus_.ConflictsOf(key)) {
        if (place.carrier >= results_.size() ||
            place.other_carrier >= results_.size()) {
          continue;
        }
        verdict_.conflicts.push_back(
            {static_cast<std::size_t>(candidate - verdict_.candidates.data()),
             place.key, results_[place.carrier].tool_call_id,
             results_[place.other_carrier].tool_call_id});
        break;  // one disagreement per value is enough to say where to look
      }
    }
    if (candidate->status != CandidateStatus::kExempt) ++verdict_.looked_up;
  }

  // Marks `candidate` grounded by `found` (every key it needed, each
  // carried) and books its carriers. A value needing several keys is this
  // turn's only when all were carried this turn; its carriers are the union.
  void Ground(std::span<const Evidence> found, MatchReason reason,
              Candidate* candidate) {
    candidate->status = CandidateStatus::kGrounded;
    candidate->reason = reason;
    const bool this_turn =
        std::all_of(found.begin(), found.end(),
                    [](const Evidence& e) { return e.carried_this_turn; });
    if (!this_turn) {
      candidate->grounding = Grounding::kPriorTurn;
      ++verdict_.grounding.prior_turns;
      return;
    }
    candidate->grounding = Grounding::kThisTurn;
    std::span<const std::uint32_t> slots = found.front().carriers;
    bool cut = found.front().carriers_cut;
    if (found.size() > 1) {
      std::vector<std::uint32_t>& merged = merged_.emplace_back();
      for (const Evidence& e : found) {
        merged.insert(merged.end(), e.carriers.begin(), e.carriers.end());
        cut |= e.carriers_cut;
      }
      std::sort(merged.begin(), merged.end());
      merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
      if (merged.size() > kMaxCarriers) {
        merged.resize(kMaxCarriers);
        cut = true;
      }
      slots = merged;
    }
    candidate->carriers_cut = cut;
    for (const std::uint32_t slot : slots) {
      if (slot < results_.size()) {
        candidate->carriers.push_back(results_[slot].tool_call_id);
      }
    }
    carried_this_turn_.push_back({slots, cut});
    ++verdict_.grounding.this_turn;
  }

  // Grounds `candidate` when `key` is carried. Returns whether it was.
  bool GroundByKey(std::string_view key, MatchReason reason,
                   Candidate* candidate) {
    const Evidence evidence = corpus_.Lookup(key);
    if (!evidence.carried) return false;
    Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
    return true;
  }

  // Grounds `candidate` by the result slots a NumericIndex match named (the
  // union of its operands' slots, all of this turn).
  void GroundByMatch(const evidence::NumericMatch& match, MatchReason reason,
                     Candidate* candidate) {
    std::vector<std::uint32_t>& slots = merged_.emplace_back();
    for (const evidence::NumericOperand& operand : match.operands) {
      slots.insert(slots.end(), operand.slots.begin(), operand.slots.end());
    }
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    Evidence evidence;
    evidence.carried = true;
    // An operand read in an earlier user turn makes the value that turn's.
    evidence.carried_this_turn =
        slots.empty() || slots.back() != kPriorTurnSlot;
    if (!evidence.carried_this_turn) slots.clear();
    evidence.carriers_cut = slots.size() > kMaxCarriers;
    if (evidence.carriers_cut) slots.resize(kMaxCarriers);
    evidence.carriers = slots;
    candidate->derivation = Derivation(match);
    Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
  }

  // How a match was made, in the answer's terms: "1679 + 1859".
  static std::string Derivation(const evidence::NumericMatch& match) {
    std::string out;
    const auto& ops = match.operands;
    auto operand = [&](std::size_t i) -> std::string_view {
      return i < ops.size() ? std::string_view(ops[i].value) : "?";
    };
    switch (match.op) {
      case evidence::NumericOp::kRounded:
        out.append("~ ").append(operand(0));
        break;
      case evidence::NumericOp::kSum:
        for (std::size_t i = 0; i < ops.size(); ++i) {
          if (i > 0) out.append(" + ");
          out.append(ops[i].value);
        }
        break;
      case evidence::NumericOp::kDifference:
        out.append(operand(0)).append(" - ").append(operand(1));
        break;
      case evidence::NumericOp::kProduct:
        out.append(operand(0)).append(" * ").append(operand(1));
        break;
      case evidence::NumericOp::kPercentOf:
        out.append(operand(0)).append("% of ").append(operand(1));
        break;
    }
    return out;
  }

  static MatchReason DerivedReason(evidence::NumericOp op) {
    switch (op) {
      case evidence::NumericOp::kRounded:
        return MatchReason::kRounded;
      case evidence::NumericOp::kSum:
        return MatchReason::kDerivedSum;
      case evidence::NumericOp::kDifference:
        return MatchReason::kDerivedDifference;
      case evidence::NumericOp::kProduct:
        return MatchReason::kDerivedProduct;
      case evidence::NumericOp::kPercentOf:
        return MatchReason::kDerivedPercent;
    }
    return MatchReason::kNone;
  }

  // Grounds `candidate` when every key is carried.
  bool GroundByKeys(std::span<const std::string> keys, MatchReason reason,
                    Candidate* candidate) {
    if (keys.empty()) return false;
    absl::InlinedVector<Evidence, 2> found;
    for (const std::string& key : keys) {
      found.push_back(corpus_.Lookup(key));
      if (!found.back().carried) return false;
    }
    Ground(found, reason, candidate);
    return true;
  }

  void MarkExempt(MatchReason reason, Candidate* candidate) {
    candidate->status = CandidateStatus::kExempt;
    candidate->reason = reason;
  }

  // Law 5: with a partial corpus, "not found" accuses no one.
  void MarkNotFound(Candidate* candidate) {
    candidate->status = verdict_.evidence_truncated
                            ? CandidateStatus::kUnverified
                            : CandidateStatus::kUnsupported;
  }

  // Records `value` as the near miss and its first carrier this turn (none
  // when only an earlier turn carried it).
  void SetNearMiss(std::string value, const Evidence& evidence,
                   Candidate* candidate) const {
    candidate->near_miss = std::move(value);
    if (!evidence.carriers.empty() &&
        evidence.carriers.front() < results_.size()) {
      candidate->near_miss_carrier =
          results_[evidence.carriers.front()].tool_call_id;
    }
  }

  // Names the carried value closest to an unsupported one, among
  // `variants` (same shape, one step away), with its first carrier this
  // turn.
  void NameNearMiss(std::span<const std::string> variants,
                    Candidate* candidate) {
    for (const std::string& variant : variants) {
      const Evidence evidence = corpus_.Lookup(variant);
      if (!evidence.carried) continue;
      // A date key ("@date:2024-07-08") is shown as its date.
      SetNearMiss(
          variant.starts_with("@") && variant.find(':') != std::string::npos
              ? variant.substr(variant.find(':') + 1)
              : variant,
          evidence, candidate);
      return;
    }
  }

  // The one-token rule's reading of the token at `span`, computed once
  // per token however many readers ask.
  std::optional<evidence::ExtractedValue>& Classified(evidence::TokenSpan span,
                                                      std::string_view token) {
    if (classified_start_ != span.start) {
      classified_ = extractor_.Classify(token);
      classified_start_ = span.start;
    }
    return classified_;
  }

  // ---- dates and times ---------------------------------------------------

  bool TryDateTime(evidence::TokenSpan span, std::string_view token) {
    const std::optional<evidence::DateTimeValue> when =
        evidence::MatchDateTime(answer_, span);
    if (!when.has_value()) return false;
    // A shape the application declared for this token still wins.
    static const std::optional<evidence::ExtractedValue> kNotOneToken;
    const std::optional<evidence::ExtractedValue>& single =
        when->tokens == 1 ? Classified(span, token) : kNotOneToken;
    if (single.has_value() && single->shape != evidence::kShapeNumber &&
        single->shape != evidence::kShapeIdentifier) {
      return false;
    }
    consumed_until_ = when->end;
    const absl::InlinedVector<std::string, 2> keys =
        evidence::DateTimeLookupKeys(*when);
    std::string identity;
    for (const std::string& key : keys) identity.append(key).append(" ");
    Candidate* candidate = NewCandidate(identity);
    if (candidate == nullptr) return true;
    candidate->start = when->start;
    candidate->end = when->end;
    candidate->shape = std::string(evidence::DateTimeShape(*when));
    candidate->canonical = evidence::DateTimeCanonical(*when);
    JudgeDateTime(*when, keys, single.has_value() && single->declared_exempt,
                  candidate);
    Finish(candidate, keys.empty() ? std::string_view() : keys.front());
    return true;
  }

  // A date or time: its own spelling first, then its date and time keys,
  // then (a time written without AM/PM) its other reading.
  void JudgeDateTime(const evidence::DateTimeValue& when,
                     std::span<const std::string> keys, bool declared_exempt,
                     Candidate* candidate) {
    const evidence::CanonicalForm spelled = evidence::Canonicalize(
        answer_.substr(when.start, when.end - when.start));
    const MatchReason respelled =
        when.kind == evidence::DateTimeValue::Kind::kTime
            ? MatchReason::kRespelledTime
            : MatchReason::kRespelledDate;
    if (declared_exempt) {
      MarkExempt(MatchReason::kDeclaredExemption, candidate);
      return;
    }
    if (const Evidence evidence = corpus_.Lookup(spelled.form);
        evidence.carried) {
      Ground(std::span<const Evidence>(&evidence, 1),
             !spelled.changed && evidence.exact_spelling_seen
                 ? MatchReason::kExact
                 : MatchReason::kCanonical,
             candidate);
      return;
    }
    if (GroundByKeys(keys, respelled, candidate)) return;
    if (corpus_.IsExempt(spelled.form)) {
      MarkExempt(
          spelled.changed ? MatchReason::kCanonical : MatchReason::kExact,
          candidate);
      return;
    }
    // Exempt when each key was supplied by the user or the app (or carried).
    const bool all_known =
        std::all_of(keys.begin(), keys.end(), [&](const std::string& key) {
          return corpus_.Lookup(key).carried || corpus_.IsExempt(key);
        });
    if (all_known || SuppliedWithoutYear(when) || DayNamedAlone(when)) {
      MarkExempt(respelled, candidate);
      return;
    }
    // An answer that writes "16:00" elsewhere is on a 24-hour clock: its
    // "05:00" is five in the morning, not a 12-hour "5:00" for 17:00.
    if (!WritesTwentyFourHour()) {
      const absl::InlinedVector<std::string, 2> other =
          evidence::DateTimeAlternateLookupKeys(when);
      if (GroundByKeys(other, MatchReason::kRespelledTime, candidate)) return;
    }
    if (ReadByDayShift(when, candidate)) return;
    MarkNotFound(candidate);
    if (candidate->status == CandidateStatus::kUnsupported) {
      NameNearMiss(DateVariants(when), candidate);
    }
  }

  // True when the user (or the app) gave this date's month and day
  // without a year ("I want to fly on May 20th") and the answer added a
  // year the conversation names ("May 20, 2024", where the app said "The
  // current time is 2024-05-15" or a result carried a 2024 date).
  bool SuppliedWithoutYear(const evidence::DateTimeValue& when) const {
    if (when.kind != evidence::DateTimeValue::Kind::kDate || when.year == 0) {
      return false;
    }
    for (const std::string& key : evidence::DateTimeIndexKeys(when)) {
      if (!key.starts_with("@md:")) continue;
      if (!corpus_.IsExempt(key)) return false;
      const std::string year =
          evidence::DerivedKey(evidence::kYearKey, std::to_string(when.year));
      return corpus_.IsExempt(year) || corpus_.Lookup(year).carried;
    }
    return false;
  }

  // True when the user (or the app) named this date's day alone ("the
  // 6th") and the conversation names its month: a carried or supplied
  // date in the same year and month for "2024-05-06", in the same month
  // for "May 6th".
  bool DayNamedAlone(const evidence::DateTimeValue& when) const {
    using Kind = evidence::DateTimeValue::Kind;
    if (when.day < 1 || when.day > 31 ||
        ((corpus_.days_of_month_named() >> when.day) & 1u) == 0) {
      return false;
    }
    std::string month_key;
    if (when.kind == Kind::kDate) {
      for (const std::string& key : evidence::DateTimeIndexKeys(when)) {
        if (key.starts_with("@ym:")) month_key = key;
      }
    } else if (when.kind == Kind::kMonthDay && when.month >= 1 &&
               when.month <= 12) {
      month_key = evidence::MonthKey(when.month);
    }
    return !month_key.empty() &&
           (corpus_.IsExempt(month_key) || corpus_.Lookup(month_key).carried);
  }

  // A date the user asked to move: a carried (grounded) or supplied
  // (exempt) date n days before the answer's, where the user or the
  // application asked for n days later ("the next day", "3 days later",
  // "tomorrow"), or n days after it for n days earlier ("the day before").
  // The smallest n wins, a later shift first.
  bool ReadByDayShift(const evidence::DateTimeValue& when,
                      Candidate* candidate) {
    using Kind = evidence::DateTimeValue::Kind;
    const evidence::DayShifts& shifts = corpus_.day_shifts();
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
        const Evidence evidence = corpus_.Lookup(keys.front());
        const bool exempt = !evidence.carried && corpus_.IsExempt(keys.front());
        if (!evidence.carried && !exempt) continue;
        // The answer's date is the base moved the other way.
        candidate->derivation = evidence::DateTimeCanonical(base);
        candidate->derivation.append(sign < 0 ? " + " : " - ");
        candidate->derivation.append(std::to_string(n));
        candidate->derivation.append(n == 1 ? " day" : " days");
        if (exempt) {
          MarkExempt(MatchReason::kDerivedDate, candidate);
        } else {
          Ground(std::span<const Evidence>(&evidence, 1),
                 MatchReason::kDerivedDate, candidate);
        }
        return true;
      }
    }
    return false;
  }

  // True when the answer writes some clock time with an hour from 13 to
  // 23 ("16:00"). Computed once.
  bool WritesTwentyFourHour() {
    if (!writes_24h_.has_value()) {
      bool found = false;
      for (std::size_t i = answer_.find(':');
           i != std::string_view::npos && !found;
           i = answer_.find(':', i + 1)) {
        if (i < 2 || i + 2 >= answer_.size()) continue;
        const char h1 = answer_[i - 2];
        const char h2 = answer_[i - 1];
        const bool minutes = answer_[i + 1] >= '0' && answer_[i + 1] <= '5' &&
                             answer_[i + 2] >= '0' && answer_[i + 2] <= '9';
        if (!minutes || h1 < '0' || h1 > '2' || h2 < '0' || h2 > '9') continue;
        const int hour = (h1 - '0') * 10 + (h2 - '0');
        const bool preceded_by_digit =
            i >= 3 && answer_[i - 3] >= '0' && answer_[i - 3] <= '9';
        found = !preceded_by_digit && hour >= 13 && hour <= 23;
      }
      writes_24h_ = found;
    }
    return *writes_24h_;
  }

  // A whole date one day either side: the near misses of a date.
  static std::vector<std::string> DateVariants(
      const evidence::DateTimeValue& when) {
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

  // ---- code spans and names ---------------------------------------------

  // A markdown code span whose content is a value the one-token rule does
  // not already read (`esxi host alpha`, `payment_method`).
  bool TryCodeSpan(evidence::TokenSpan span, std::string_view token) {
    if (span.start == 0 || answer_[span.start - 1] != '`') return false;
    std::optional<evidence::CodeSpanReading> code =
        evidence::MatchCodeSpan(answer_, span);
    if (!code.has_value()) return false;
    if (code->tokens == 1 && Classified(span, token).has_value()) {
      return false;
    }
    // Several tokens: one value only when a result (or the user) wrote it
    // whole; otherwise its tokens are judged one by one, as the evidence
    // side indexed them (law 1).
    if (code->tokens > 1 && !corpus_.Lookup(code->canonical).carried &&
        !corpus_.IsExempt(code->canonical)) {
      return false;
    }
    consumed_until_ = code->end;
    Candidate* candidate = NewCandidate(code->canonical);
    if (candidate == nullptr) return true;
    candidate->start = code->start;
    candidate->end = code->end;
    candidate->shape = std::string(kShapeCode);
    candidate->canonical = std::move(code->canonical);
    JudgeWhole(candidate);
    Finish(candidate, candidate->canonical);
    return true;
  }

  // A value judged by its whole canonical form only (a code span, an
  // identifier without digits).
  void JudgeWhole(Candidate* candidate) {
    const std::string& key = candidate->canonical;
    if (const Evidence evidence = corpus_.Lookup(key); evidence.carried) {
      Ground(std::span<const Evidence>(&evidence, 1),
             evidence.exact_spelling_seen ? MatchReason::kExact
                                          : MatchReason::kCanonical,
             candidate);
    } else if (corpus_.IsExempt(key)) {
      MarkExempt(MatchReason::kExact, candidate);
    } else {
      MarkNotFound(candidate);
    }
  }

  // A person, place or product name: whole, or word by word.
  bool TryName(evidence::TokenSpan span) {
    std::optional<evidence::NameReading> name =
        evidence::MatchName(answer_, span);
    if (!name.has_value()) return false;
    if (IsWorldKnowledge(*name) || IsCallName(name->end)) {
      consumed_until_ = name->end;
      return true;
    }
    consumed_until_ = name->end;
    Candidate* candidate = NewCandidate(name->canonical);
    if (candidate == nullptr) return true;
    candidate->start = name->start;
    candidate->end = name->end;
    candidate->shape = std::string(kShapeName);
    candidate->canonical = name->canonical;
    JudgeName(*name, candidate);
    Finish(candidate, candidate->canonical);
    return true;
  }

  // A name word as the evidence side indexed it: whole, or, for "o'neil"
  // (the tokenizer splits at an apostrophe), the evidence of its last part
  // when every part was carried.
  Evidence LookupWord(const std::string& word) const {
    Evidence whole = corpus_.Lookup(word);
    if (whole.carried) return whole;
    std::size_t begin = 0;
    Evidence last;
    bool split = false;
    for (std::size_t i = 0; i <= word.size(); ++i) {
      const bool apostrophe =
          i < word.size() &&
          (word[i] == '\'' || (word.compare(i, 3, "\xE2\x80\x99") == 0));
      if (i < word.size() && !apostrophe) continue;
      if (i > begin) {
        last = corpus_.Lookup(std::string_view(word).substr(begin, i - begin));
        if (!last.carried) return whole;
      }
      if (apostrophe) {
        split = true;
        begin = i + (word[i] == '\'' ? 1 : 3);
        i = begin - 1;
      }
    }
    return split ? last : whole;
  }

  // A name whose every word the word list knows as a proper noun or a
  // common word ("Atlanta", "Las Vegas", "Mastercard", "Linux") is general
  // knowledge the model may state without reading it (an airport code's
  // city), unless a result carried one of its words: then a changed word
  // ("Mia Smith" for a carried "Mia Li") is the typical fabrication.
  bool IsWorldKnowledge(const evidence::NameReading& name) const {
    bool carried = false;
    for (const evidence::NameWord& word : name.words) {
      if (word.connector || word.common) continue;
      if (kInterjections.contains(word.canonical)) continue;
      if (!IsKnownWordOrParts(word.canonical)) return false;
      // A word as short as an airport code ("las") is no sign that the
      // result named this very thing.
      carried |= word.canonical.size() > 3 &&
                 corpus_.Lookup(word.canonical).carried_this_turn;
    }
    return !carried;
  }

  // "las" (of Las Vegas) and the parts of "Seattle-Tacoma" count as known
  // when the list knows them, or they are too short to be a name alone.
  static bool IsKnownWordOrParts(std::string_view word) {
    std::size_t begin = 0;
    while (begin <= word.size()) {
      std::size_t end = word.find('-', begin);
      if (end == std::string_view::npos) end = word.size();
      const std::string_view part = word.substr(begin, end - begin);
      if (part.size() > 3 && !evidence::IsCommonWord(part) &&
          !evidence::IsKnownProperNoun(part)) {
        return false;
      }
      begin = end + 1;
    }
    return true;
  }

  void JudgeName(const evidence::NameReading& name, Candidate* candidate) {
    if (const Evidence evidence = corpus_.Lookup(name.canonical);
        evidence.carried) {
      Ground(std::span<const Evidence>(&evidence, 1),
             evidence.exact_spelling_seen ? MatchReason::kExact
                                          : MatchReason::kCanonical,
             candidate);
      return;
    }
    if (corpus_.IsExempt(name.canonical)) {
      MarkExempt(MatchReason::kExact, candidate);
      return;
    }
    // Written as one handle in the result: "Hotel Dealz" for "hoteldealz".
    if (name.words.size() > 1) {
      std::string joined;
      for (const evidence::NameWord& word : name.words) {
        joined.append(word.canonical);
      }
      if (GroundByKey(joined, MatchReason::kNameWords, candidate)) return;
    }
    // Word by word: every word a result carried ("Mia" and "Li" from
    // first_name and last_name). Connectors ("van") are not looked up.
    absl::InlinedVector<Evidence, evidence::kMaxNameWords> found;
    int missing = 0;
    int known = 0;  // carried or exempt
    const evidence::NameWord* carried_word = nullptr;
    for (const evidence::NameWord& word : name.words) {
      // Connectors ("van") and common words ("Hotel", "International") say
      // what kind of name it is; the other words say which.
      if (word.connector || word.common) continue;
      const Evidence evidence = LookupWord(word.canonical);
      if (evidence.carried) {
        found.push_back(evidence);
        ++known;
        if (carried_word == nullptr) carried_word = &word;
      } else {
        ++missing;
        if (corpus_.IsExempt(word.canonical)) ++known;
      }
    }
    if (missing == 0 && !found.empty()) {
      Ground(found, MatchReason::kNameWords, candidate);
      return;
    }
    if (known == static_cast<int>(found.size()) + missing) {
      MarkExempt(MatchReason::kNameWords, candidate);
      return;
    }
    MarkNotFound(candidate);
    // One word off a carried name is the typical fabrication: name where
    // its other words were read.
    if (candidate->status == CandidateStatus::kUnsupported && missing == 1 &&
        carried_word != nullptr) {
      SetNearMiss(carried_word->canonical,
                  corpus_.Lookup(carried_word->canonical), candidate);
    }
  }

  // ---- numbers as people write them ----------------------------------------

  // A number that MatchNumber reads: money, a scaled number, a number in
  // words, a grouping over several tokens are candidates whatever their
  // digit count; a plain number is one only when the one-token rule says so
  // (min_digits), and then gains the reading's other spellings.
  bool TryNumber(evidence::TokenSpan span, std::string_view token) {
    std::optional<evidence::NumberReading> reading =
        evidence::MatchNumber(answer_, span, read_number_words_);
    if (!reading.has_value()) return false;
    const std::optional<evidence::ExtractedValue>& single =
        Classified(span, token);
    // A declared shape, an identifier, or a number with a unit: the
    // one-token rule's business.
    if (single.has_value() && single->shape != evidence::kShapeNumber) {
      return false;
    }
    // A number in words is data only as large as a digit one would be
    // ("forty-one thousand", not "two rooms").
    const bool spelled_large =
        reading->spelled &&
        IntegerDigits(reading->value) >= options_.min_digits;
    if (reading->spelled && !spelled_large) return false;
    const bool special =
        reading->kind == evidence::NumberReading::Kind::kMoney ||
        reading->scaled || spelled_large || reading->tokens > 1;
    if (!special && !single.has_value()) return false;
    if (reading->tokens > 1) consumed_until_ = reading->end;
    Candidate* candidate = NewCandidate(reading->value);
    if (candidate == nullptr) return true;
    if (reading->tokens == 1 && reading->start >= span.start &&
        reading->end <= span.end && !reading->spelled) {
      // One token: the span covers the digits, not the decoration ("1,234.50"
      // in "$1,234.50"), as for any one-token value.
      const std::string_view value_text = evidence::StripDecoration(token);
      candidate->start = span.start + static_cast<std::size_t>(
                                          value_text.data() - token.data());
      candidate->end = candidate->start + value_text.size();
    } else {
      candidate->start = reading->start;
      candidate->end = reading->end;
    }
    switch (reading->kind) {
      case evidence::NumberReading::Kind::kMoney:
        candidate->shape = std::string(kShapeMoney);
        break;
      case evidence::NumberReading::Kind::kPercent:
        candidate->shape = std::string(kShapePercent);
        break;
      case evidence::NumberReading::Kind::kPlain:
        candidate->shape = std::string(evidence::kShapeNumber);
        break;
    }
    candidate->canonical = reading->value;
    JudgeNumber(*reading, single, special, candidate);
    return true;
  }

  void JudgeNumber(const evidence::NumberReading& reading,
                   const std::optional<evidence::ExtractedValue>& single,
                   bool special, Candidate* candidate) {
    const std::size_t index =
        static_cast<std::size_t>(candidate - verdict_.candidates.data());
    if (single.has_value() && single->declared_exempt) {
      MarkExempt(MatchReason::kDeclaredExemption, candidate);
      Finish(candidate, reading.value);
      return;
    }
    // 1. Its own value, then its other reading.
    const bool respelled =
        reading.scaled || reading.spelled || reading.tokens > 1 ||
        reading.kind == evidence::NumberReading::Kind::kPercent;
    if (const Evidence evidence = corpus_.Lookup(reading.value);
        evidence.carried) {
      MatchReason reason = MatchReason::kRespelledNumber;
      if (!respelled) {
        const bool spelled_canonically =
            single.has_value() ? !single->changed : false;
        reason = spelled_canonically && evidence.exact_spelling_seen
                     ? MatchReason::kExact
                     : MatchReason::kCanonical;
      }
      Ground(std::span<const Evidence>(&evidence, 1), reason, candidate);
      Finish(candidate, reading.value);
      return;
    }
    if (!reading.alternative.empty()) {
      const MatchReason reason =
          reading.kind == evidence::NumberReading::Kind::kPercent
              ? MatchReason::kCanonical
              : MatchReason::kRespelledNumber;
      if (GroundByKey(reading.alternative, reason, candidate)) {
        Finish(candidate, reading.alternative);
        return;
      }
    }
    // A reading over several tokens that a result wrote in the same tokens
    // ("forty-one thousand", "USD 890,01" in a text result), where the
    // evidence side read the tokens one by one: they were read (law 1).
    if (reading.spelled || reading.tokens > 1) {
      if (std::optional<Evidence> words =
              TokensCarried(reading.start, reading.end)) {
        Ground(std::span<const Evidence>(&*words, 1), MatchReason::kCanonical,
               candidate);
        Finish(candidate, reading.value);
        return;
      }
    }
    // 2. Supplied by the user or the app.
    if (corpus_.IsExempt(reading.value) ||
        (!reading.alternative.empty() &&
         corpus_.IsExempt(reading.alternative)) ||
        (single.has_value() && corpus_.IsExempt(single->key))) {
      MarkExempt(
          special ? MatchReason::kRespelledNumber : MatchReason::kCanonical,
          candidate);
      Finish(candidate, reading.value);
      return;
    }
    // 3. Structural respellings: a date's year, an identifier's part or
    // last digits, a dropped sign.
    if (GroundByRespelling(reading.value, candidate)) {
      Finish(candidate, reading.value);
      return;
    }
    // 4. A carried number shown to fewer places.
    const evidence::NumericIndex& numbers = corpus_.numbers_this_turn();
    if (std::optional<evidence::NumericMatch> rounded =
            numbers.FindRounded(reading.value, reading.step)) {
      GroundByMatch(*rounded, MatchReason::kRounded, candidate);
      Finish(candidate, reading.value);
      return;
    }
    if (!reading.alternative.empty() && !reading.alternative_step.empty()) {
      if (std::optional<evidence::NumericMatch> rounded = numbers.FindRounded(
              reading.alternative, reading.alternative_step)) {
        GroundByMatch(*rounded, MatchReason::kRounded, candidate);
        Finish(candidate, reading.value);
        return;
      }
    }
    // 5. Arithmetic over the answer's own grounded numbers: once the whole
    // answer was read.
    if (options_.arithmetic) {
      deferred_.push_back(index);
      return;
    }
    NotFoundNumber(candidate);
  }

  // The evidence of the first token of answer_[start, end) when every
  // token there was carried (as the evidence side indexes tokens).
  std::optional<Evidence> TokensCarried(std::size_t start,
                                        std::size_t end) const {
    if (start >= end || end > answer_.size()) return std::nullopt;
    const std::string_view text = answer_.substr(start, end - start);
    std::optional<Evidence> first;
    bool all = true;
    evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
      const evidence::TokenValue value =
          evidence::ReadToken(text.substr(span.start, span.end - span.start));
      const Evidence found = corpus_.Lookup(value.canonical.form);
      if (!found.carried) {
        all = false;
        return false;
      }
      if (!first.has_value()) first = found;
      return true;
    });
    if (!all) return std::nullopt;
    return first;
  }

  void NotFoundNumber(Candidate* candidate) {
    MarkNotFound(candidate);
    if (candidate->status == CandidateStatus::kUnsupported) {
      NameOneStepNearMiss(candidate->canonical, candidate);
    }
    Finish(candidate, candidate->canonical);
  }

  // Rung 5. The operands are the numbers this answer itself shows that a
  // result of this turn carried ("$105 + $190 = $295"): over every number
  // of a turn, sums of two cover so many integers that a mistyped price
  // would pass as "derived" (evidence/numeric_index.h has the measurement).
  void JudgeDeferredNumbers() {
    if (deferred_.empty()) return;
    evidence::NumericIndex operands;
    for (const Candidate& c : verdict_.candidates) {
      if (c.status != CandidateStatus::kGrounded) continue;
      if (c.shape != evidence::kShapeNumber && c.shape != kShapeMoney &&
          c.shape != kShapePercent) {
        continue;
      }
      if (c.grounding == Grounding::kPriorTurn) {
        operands.Add(c.canonical, kPriorTurnSlot);
        continue;
      }
      const Evidence evidence = corpus_.Lookup(c.canonical);
      for (const std::uint32_t slot : evidence.carriers) {
        operands.Add(c.canonical, slot);
      }
    }
    operands.Prepare();
    // A derived value may be an operand of the next ("$282 - $177 = $105",
    // then "$105 + $263 = $368"): a few rounds, each adding what it
    // derived.
    for (int round = 0; round < kMaxDerivationRounds; ++round) {
      bool derived_any = false;
      for (std::size_t& index : deferred_) {
        if (index == kDone) continue;
        Candidate* candidate = &verdict_.candidates[index];
        std::optional<evidence::NumericMatch> derived =
            operands.FindDerivation(candidate->canonical);
        if (!derived.has_value()) continue;
        GroundByMatch(*derived, DerivedReason(derived->op), candidate);
        Finish(candidate, candidate->canonical);
        for (const evidence::NumericOperand& operand : derived->operands) {
          for (const std::uint32_t slot : operand.slots) {
            operands.Add(candidate->canonical, slot);
          }
        }
        index = kDone;
        derived_any = true;
      }
      if (!derived_any) break;
      operands.Prepare();
    }
    for (const std::size_t index : deferred_) {
      if (index == kDone) continue;
      Candidate* candidate = &verdict_.candidates[index];
      std::optional<evidence::NumericMatch> derived;
      // A value the line calls computed ("Total Price: $255") may rest on
      // any of this turn's numbers, shown or not.
      if (!derived.has_value() && SaysComputed(answer_, candidate->start)) {
        derived =
            corpus_.numbers_this_turn().FindDerivation(candidate->canonical);
      }
      if (derived.has_value()) {
        GroundByMatch(*derived, DerivedReason(derived->op), candidate);
        Finish(candidate, candidate->canonical);
        continue;
      }
      NotFoundNumber(candidate);
    }
  }

  // ---- one token: numbers and identifiers --------------------------------

  void JudgeToken(evidence::TokenSpan span, std::string_view token) {
    // The last reader of this token: its reading may be moved from.
    std::optional<evidence::ExtractedValue>& value = Classified(span, token);
    if (!value.has_value()) {
      if (read_names_) JudgeDigitlessIdentifier(span, token);
      return;
    }
    Candidate* candidate = NewCandidate(value->key);
    if (candidate == nullptr) return;
    // The span covers the value, not the decoration around it: "CHG0031337"
    // in "(CHG0031337)." and "1,234.50" in "$1,234.50".
    const std::string_view value_text = evidence::StripDecoration(token);
    candidate->start =
        span.start + static_cast<std::size_t>(value_text.data() - token.data());
    candidate->end = candidate->start + value_text.size();
    candidate->shape = std::move(value->shape);
    candidate->canonical = std::move(value->canonical);
    const bool spelled_canonically = !value->changed;

    if (value->declared_exempt) {
      MarkExempt(MatchReason::kDeclaredExemption, candidate);
    } else if (const Evidence evidence = corpus_.Lookup(value->key);
               evidence.carried) {
      // Exact when both sides spelled it alike. A hex value is looked up by
      // its bare digits; whether a result wrote it the answer's way (with
      // or without "0x") is asked of the answer's own spelling.
      const bool evidence_spelled_alike =
          value->key == candidate->canonical
              ? evidence.exact_spelling_seen
              : corpus_.Lookup(candidate->canonical).exact_spelling_seen;
      Ground(std::span<const Evidence>(&evidence, 1),
             spelled_canonically && evidence_spelled_alike
                 ? MatchReason::kExact
                 : MatchReason::kCanonical,
             candidate);
    } else if (corpus_.IsExempt(value->key)) {
      MarkExempt(
          spelled_canonically ? MatchReason::kExact : MatchReason::kCanonical,
          candidate);
    } else if (!GroundByRespelling(value->key, candidate)) {
      MarkNotFound(candidate);
      if (candidate->status == CandidateStatus::kUnsupported) {
        NameOneStepNearMiss(value->key, candidate);
      }
    }
    Finish(candidate, value->key);
  }

  // `esxi-host-alpha`, `getRefundableOrderList`, `mia.li@example.com`.
  void JudgeDigitlessIdentifier(evidence::TokenSpan span,
                                std::string_view token) {
    std::optional<std::string> form = evidence::ReadDigitlessIdentifier(token);
    if (!form.has_value()) return;
    // A name in call syntax ("[ToolSearcher(keywords=...)]", "the
    // GetUserToken API") is an action the model takes, not a value it
    // states.
    if (IsCallName(span.end)) return;
    // Four letters or fewer ("dBm", "kWh", "mAh") is a unit, not a name.
    if (form->size() <= kMaxUnitBytes) return;
    Candidate* candidate = NewCandidate(*form);
    if (candidate == nullptr) return;
    const std::string_view value_text = evidence::StripDecoration(token);
    candidate->start =
        span.start + static_cast<std::size_t>(value_text.data() - token.data());
    candidate->end = candidate->start + value_text.size();
    candidate->shape = std::string(evidence::kShapeIdentifier);
    candidate->canonical = *std::move(form);
    JudgeWhole(candidate);
    Finish(candidate, candidate->canonical);
  }

  bool IsCallName(std::size_t end) const {
    const std::string_view after =
        answer_.substr(std::min(end, answer_.size()));
    return after.starts_with("(") || after.starts_with(" API") ||
           after.starts_with(" api") || after.starts_with(" tool") ||
           after.starts_with(" function");
  }

  // Rung 3 for a number or an identifier the corpus does not hold as
  // spelled: a date's year, an identifier's part or last digits, a sign
  // the wording dropped.
  bool GroundByRespelling(const std::string& key, Candidate* candidate) {
    const bool digits = IsAsciiDigits(key);
    if (digits && key.size() == 4 && key.front() != '0' &&
        GroundByKey(evidence::DerivedKey(evidence::kYearKey, key),
                    MatchReason::kRespelledDate, candidate)) {
      return true;
    }
    if (key.size() >= evidence::kMinPartBytes &&
        GroundByKey(evidence::DerivedKey(evidence::kPartKey, key),
                    MatchReason::kIdentifierPart, candidate)) {
      return true;
    }
    if (digits && key.size() == evidence::kTailDigits &&
        AsksForLastDigits(answer_, candidate->start) &&
        GroundByKey(evidence::DerivedKey(evidence::kTailKey, key),
                    MatchReason::kIdentifierPart, candidate)) {
      return true;
    }
    if (key.front() != '-' && SaysSignDropped(answer_, candidate->start) &&
        GroundByKey(evidence::DerivedKey("-", key), MatchReason::kSignDropped,
                    candidate)) {
      return true;
    }
    return false;
  }

  // Names the carried value one character away from `key`: each digit
  // replaced by another digit, each ASCII letter by another letter (by
  // another of a-f in a hex value: "9f:a0" is not mistyped as "9g:a0"), or
  // two neighbouring letters or digits swapped, tried in that order in one
  // buffer (no allocation per variant; at most a few hundred lookups, on
  // unsupported values only).
  void NameOneStepNearMiss(const std::string& key, Candidate* candidate) {
    if (key.size() > kMaxNearMissBytes) return;
    std::string variant = key;
    auto found = [&]() {
      const Evidence evidence = corpus_.Lookup(variant);
      if (!evidence.carried) return false;
      SetNearMiss(variant, evidence, candidate);
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

  // Longer values are not searched for near misses (a hash or a token is
  // not mistyped by one character in a way worth naming).
  static constexpr std::size_t kMaxNearMissBytes = 24;
  // Room reserved for candidates up front: most answers hold fewer.
  static constexpr std::size_t kExpectedCandidates = 32;

  std::string_view answer_;
  const EvidenceCorpus& corpus_;
  const evidence::Extractor& extractor_;
  const GateOptions& options_;
  // Names are read in English answers only: in German every noun is
  // capitalised, and a word list of another language is not at hand.
  const bool read_names_;
  // Numbers in words are read only where the answer names a hundred or a
  // scale (NamesLargeNumberWord), or min_digits admits smaller ones.
  const bool read_number_words_;
  const std::vector<RecordedResult>& results_;
  Verdict verdict_;
  // Distinct values by identity -> index in verdict_.candidates. Output
  // order is the candidates vector (answer order), never this map's.
  absl::flat_hash_map<std::string, std::size_t> seen_;
  std::vector<findings::CarriedValue> carried_this_turn_;
  // Carrier lists merged from several keys; a deque so the spans handed to
  // carried_this_turn_ stay valid.
  std::deque<std::vector<std::uint32_t>> merged_;
  // The end of the last value read over several tokens: its later tokens
  // are part of it.
  std::size_t consumed_until_ = 0;
  std::optional<bool> writes_24h_;
  // Classified()'s memo: the reading of the token that starts there.
  std::size_t classified_start_ = static_cast<std::size_t>(-1);
  std::optional<evidence::ExtractedValue> classified_;
  // Numbers left for the arithmetic rung, by index in the candidates
  // (kDone once derived).
  std::vector<std::size_t> deferred_;
  static constexpr std::size_t kDone = static_cast<std::size_t>(-1);
  // The slot of an operand an earlier user turn carried (sorts last).
  static constexpr std::uint32_t kPriorTurnSlot = 0xFFFFFFFF;
  // Chained derivations: an answer that shows its work rarely nests deeper.
  static constexpr int kMaxDerivationRounds = 3;
};

}  // namespace

Verdict JudgeAnswer(std::string_view answer, const EvidenceCorpus& corpus,
                    const evidence::Extractor& extractor,
                    const GateOptions& options) {
  return AnswerJudge(answer, corpus, extractor, options).Run();
}

}  // namespace groundgate::stages
