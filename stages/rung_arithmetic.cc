// stages/rung_arithmetic.cc — rung 5: bounded arithmetic over carried
// numbers, and the arithmetic the answer writes, checked as written.
//
// What it does NOT do: search numbers the user or the app supplied that
// the answer does not show (those it shows, a policy's "$50 per passenger",
// are operands with no carrier), or search a turn's numbers for a value
// whose line names no computation.
#include "stages/rung_arithmetic.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "evidence/ascii.h"
#include "evidence/column_totals.h"
#include "evidence/corpus_internal.h"
#include "evidence/counts_named.h"
#include "evidence/extractor.h"
#include "evidence/keys.h"
#include "evidence/numeric_index.h"
#include "evidence/text_tables.h"
#include "stages/read_equations.h"
#include "stages/rung_near_misses.h"
#include "stages/wording.h"

namespace groundgate::stages {
namespace {

MatchReason DerivedReason(evidence::NumericOp op) {
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
    case evidence::NumericOp::kConverted:
      return MatchReason::kConverted;
  }
  return MatchReason::kNone;
}

// The result slots an operand's value was carried at: this turn's
// carriers, or kPriorTurnSlot when only an earlier turn carried it; none
// when no result did (a value the answer derived, or the user supplied).
std::vector<std::uint32_t> SlotsOf(const EvidenceCorpus& corpus,
                                   std::string_view value) {
  const Evidence evidence = corpus.Lookup(value);
  if (evidence.carried_this_turn) {
    return {evidence.carriers.begin(), evidence.carriers.end()};
  }
  if (evidence.carried) return {kPriorTurnSlot};
  return {};
}

bool SameNumber(std::string_view a, std::string_view b) {
  const std::optional<evidence::NumericUnits> x =
      evidence::ExactNumericUnits(a);
  const std::optional<evidence::NumericUnits> y =
      evidence::ExactNumericUnits(b);
  return x.has_value() && y.has_value() && *x == *y;
}

// Grounds `candidate` by a computation the answer wrote, as written.
void GroundAsWritten(JudgeContext& context, const WrittenComputation& written,
                     Candidate* candidate) {
  evidence::NumericMatch match;
  match.op = written.op;
  for (const std::string& operand : written.operands) {
    match.operands.push_back({operand, SlotsOf(context.corpus, operand)});
  }
  context.GroundByMatch(match, DerivedReason(written.op), candidate);
  candidate->derivation = written.text;
}

// The counts the conversation names: the user's, and the answer's own
// ("for two passengers").
std::uint32_t CountsNamed(const JudgeContext& context) {
  return CorpusInternals::counts_named(context.corpus) |
         evidence::CountsNamed(context.answer);
}

// The operand `value` of a match, with the slots that carried it.
evidence::NumericOperand OperandOf(const EvidenceCorpus& corpus,
                                   std::string value) {
  std::vector<std::uint32_t> slots = SlotsOf(corpus, value);
  return evidence::NumericOperand{std::move(value), std::move(slots)};
}

// What is left of an amount the conversation carried, in any turn, once an
// amount the answer shows is taken: "$125 remaining" for a certificate of
// 500 read two turns back, less the $375 the answer shows. One operand is
// the answer's own, each at least kMinComputedLineSharePercent of the
// value: a few lookups per shown number, never a scan of a whole
// conversation's pairs (which grounds wrong totals by accident).
std::optional<evidence::NumericMatch> RemainderOfCarried(
    const JudgeContext& context, const Candidate& target) {
  const std::optional<evidence::NumericUnits> t =
      evidence::ExactNumericUnits(target.canonical);
  if (!t.has_value() || *t <= 0) return std::nullopt;
  for (const Candidate& shown : context.verdict.candidates) {
    if (&shown == &target || shown.status != CandidateStatus::kGrounded ||
        (shown.shape != evidence::kShapeNumber && shown.shape != kShapeMoney)) {
      continue;
    }
    const std::optional<evidence::NumericUnits> s =
        evidence::ExactNumericUnits(shown.canonical);
    if (!s.has_value() || *s <= 0 ||
        *s * 100 < *t * kMinComputedLineSharePercent) {
      continue;
    }
    const std::string whole = evidence::FormatNumericUnits(*t + *s);
    if (!context.corpus.Lookup(whole).carried) continue;
    evidence::NumericMatch match;
    match.op = evidence::NumericOp::kDifference;
    match.operands = {OperandOf(context.corpus, whole),
                      OperandOf(context.corpus, shown.canonical)};
    return match;
  }
  return std::nullopt;
}

// An amount that completes the list it is an item of (ListAround): the
// list's Total line less its other items ("- Total: $833", "- Certificate:
// $500", "- Gift Cards: $327", "- Remaining on MasterCard: $6"), or, without
// one, what a total the conversation carried, in any turn, leaves once the
// other items are paid ("- Gift Card: $128", "- Credit Card: $247" for a
// carried 375). The whole must add up exactly, so a mistyped item is not
// grounded by it.
bool GroundByListPart(JudgeContext& context, Candidate* candidate) {
  const std::optional<ListAmounts> list =
      ListAround(context.answer, candidate->start);
  if (!list.has_value()) return false;
  const std::optional<evidence::NumericUnits> value =
      evidence::ExactNumericUnits(candidate->canonical);
  if (!value.has_value() || *value <= 0) return false;
  evidence::NumericUnits others = 0;
  for (const std::string& other : list->others) {
    const std::optional<evidence::NumericUnits> units =
        evidence::ExactNumericUnits(other);
    if (!units.has_value() || *units <= 0) return false;
    others += *units;
  }
  const evidence::NumericUnits whole = *value + others;
  if (list->total.has_value() &&
      !SameNumber(*list->total, evidence::FormatNumericUnits(whole))) {
    return false;
  }
  const std::string whole_form = evidence::FormatNumericUnits(whole);
  if (!context.corpus.Lookup(whole_form).carried) return false;
  WrittenComputation written;
  written.op = evidence::NumericOp::kDifference;
  written.operands.push_back(whole_form);
  written.text = whole_form;
  for (const std::string& other : list->others) {
    written.operands.push_back(other);
    written.operators.push_back('-');
    written.text.append(" - ").append(other);
  }
  written.result = candidate->canonical;
  GroundAsWritten(context, written, candidate);
  return true;
}

// Lines above a number that ItemStart looks through for its item's header.
constexpr int kMaxItemLines = 12;

std::size_t Indentation(std::string_view line) {
  const std::size_t text = line.find_first_not_of(" \t");
  return text == std::string_view::npos ? line.size() : text;
}

// The start of the list item the number at `at` describes: the nearest
// line above its own indented less (the item's header: "1. **Flight
// HAT004**: ATL to DFW" over "   - Price: $123"), else the first line after
// a blank one ("**Flight HAT063**: DFW to EWR" over "- Price: $186"), else
// its own line, looking kMaxItemLines lines up at most.
std::size_t ItemStart(std::string_view answer, std::size_t at) {
  std::size_t line_start = answer.rfind('\n', at == 0 ? 0 : at - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  const std::size_t own_end = answer.find('\n', line_start);
  const std::size_t own_indent = Indentation(answer.substr(
      line_start, own_end == std::string_view::npos ? std::string_view::npos
                                                    : own_end - line_start));
  std::size_t start = line_start;
  for (int lines = 0; lines < kMaxItemLines && start > 0; ++lines) {
    const std::size_t above_end = start - 1;  // the '\n' ending the line above
    std::size_t above = answer.rfind('\n', above_end == 0 ? 0 : above_end - 1);
    above = (above == std::string_view::npos || above_end == 0) ? 0 : above + 1;
    const std::string_view line = answer.substr(above, above_end - above);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) break;
    start = above;
    if (Indentation(line) < own_indent) break;
  }
  return start;
}

// True when the list item the number at `candidate` describes names
// exactly one identifier ("Flight Number: HAT004" over "Price: $123"): its
// amount is that one row's, not a column's total.
bool ItemNamesOneRow(const JudgeContext& context, const Candidate& candidate) {
  const std::size_t start = ItemStart(context.answer, candidate.start);
  int identifiers = 0;
  for (const Candidate& other : context.verdict.candidates) {
    if (other.start >= start && other.start < candidate.start &&
        other.shape == evidence::kShapeIdentifier) {
      ++identifiers;
    }
  }
  return identifiers == 1;
}

// The items of this turn's results that hold `value` whole as a field
// (a record's field of a JSON list, evidence/records.h; a "key: value"
// line of an item a text result lists, text_tables.h), compared without
// case: how many, and the results that carried them, each once.
struct ItemsHolding {
  std::size_t items = 0;
  std::vector<std::uint32_t> carriers;
};

ItemsHolding CountItemsHolding(const EvidenceCorpus& corpus,
                               std::string_view value) {
  ItemsHolding held;
  auto note = [&](std::uint32_t carrier) {
    ++held.items;
    if (std::find(held.carriers.begin(), held.carriers.end(), carrier) ==
        held.carriers.end()) {
      held.carriers.push_back(carrier);
    }
  };
  for (const evidence::Record& record :
       CorpusInternals::records(corpus).records()) {
    if (std::any_of(record.fields.begin(), record.fields.end(),
                    [&](const evidence::RecordField& field) {
                      return evidence::ascii::EqualsIgnoreCase(field.text,
                                                               value);
                    })) {
      note(record.carrier);
    }
  }
  for (const auto& [held_slot, content] :
       CorpusInternals::contents_this_turn(corpus)) {
    // A copy: clang 14 does not let a lambda capture a structured binding.
    const auto slot = held_slot;
    evidence::ForEachTextListItem(
        content, [&](std::span<const std::string_view> item) {
          const std::vector<std::string_view> fields =
              evidence::ItemFieldValues(item);
          if (std::any_of(fields.begin(), fields.end(),
                          [&](std::string_view f) {
                            return evidence::ascii::EqualsIgnoreCase(f, value);
                          })) {
            note(slot);
          }
        });
  }
  return held;
}

// The words of the answer's line before `start` that name what a count
// is told of: the line after its list marker, up to the number, without
// markdown emphasis, a closing ':' and spaces ("1. **Charlie**: " gives
// "Charlie"). Its last kMaxCountedWords words are tried, shortest first.
constexpr std::size_t kMaxCountedWords = 4;  // a name, not a sentence
std::vector<std::string_view> NamesBeforeCount(std::string_view answer,
                                               std::size_t start) {
  std::size_t begin = answer.rfind('\n', start == 0 ? 0 : start - 1);
  begin = begin == std::string_view::npos || start == 0 ? 0 : begin + 1;
  std::string_view line = answer.substr(begin, start - begin);
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '*' ||
                          s.back() == ':' || s.back() == '-')) {
      s.remove_suffix(1);
    }
    while (!s.empty() && (s.front() == ' ' || s.front() == '*')) {
      s.remove_prefix(1);
    }
    return s;
  };
  line = trim(line);
  std::vector<std::string_view> names;
  std::size_t at = line.size();
  for (std::size_t words = 0; words < kMaxCountedWords && at > 0; ++words) {
    const std::size_t space = line.rfind(' ', at - 1);
    at = space == std::string_view::npos ? 0 : space;
    const std::string_view name = trim(line.substr(at));
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

}  // namespace

void GroundByShownArithmetic(JudgeContext& context) {
  evidence::NumericIndex operands;
  for (const Candidate& c : context.verdict.candidates) {
    if (c.status != CandidateStatus::kGrounded &&
        c.status != CandidateStatus::kExempt) {
      continue;
    }
    if (c.shape != evidence::kShapeNumber && c.shape != kShapeMoney &&
        c.shape != kShapePercent) {
      continue;
    }
    if (c.status == CandidateStatus::kExempt) {
      // A rate or count the user or the app supplied that the answer shows
      // ("$50 per passenger" of the policy, "3 passengers"): an operand
      // with no carrier.
      operands.Add(c.canonical, kSuppliedSlot);
      continue;
    }
    if (c.grounding == Grounding::kPriorTurn) {
      operands.Add(c.canonical, kPriorTurnSlot);
      continue;
    }
    const Evidence evidence = context.corpus.Lookup(c.canonical);
    for (const std::uint32_t slot : evidence.carriers) {
      operands.Add(c.canonical, slot);
    }
  }
  // First what the answer writes out: an equation, or the list a Total
  // line closes, decides its result, right or wrong.
  for (std::size_t& index : context.deferred) {
    if (index == JudgeContext::kDone) continue;
    Candidate* candidate = &context.verdict.candidates[index];
    std::optional<WrittenComputation> written =
        ComputationWrittenFor(context.answer, candidate->start, candidate->end);
    const bool equation = written.has_value();
    if (!equation && ComputationNamed(context.answer, candidate->start).sum) {
      written = ListTotalledAt(context.answer, candidate->start);
    }
    if (!written.has_value()) {
      // Not a computation's result: perhaps the part a list leaves.
      if (!GroundByListPart(context, candidate)) continue;
      context.Finish(candidate, candidate->canonical);
      index = JudgeContext::kDone;
      continue;
    }
    if (SameNumber(written->result, candidate->canonical)) {
      GroundAsWritten(context, *written, candidate);
      for (const std::string& operand : written->operands) {
        for (const std::uint32_t slot : SlotsOf(context.corpus, operand)) {
          operands.Add(candidate->canonical, slot);
        }
      }
    } else {
      // A wrong result of a written equation, or a total its list does not
      // add up to, is typed, not computed, even when every operand was
      // read and some other computation gives it.
      context.MarkNotFound(candidate);
      NameOneStepNearMiss(context, candidate->canonical, candidate);
    }
    context.Finish(candidate, candidate->canonical);
    index = JudgeContext::kDone;
  }
  operands.Prepare();
  // Three shown summands are a list the answer writes (ListTotalledAt);
  // searched, they ground one-digit slips of a real total by accident.
  evidence::DerivationScope scope;
  scope.triples = false;
  scope.named_quantities = CountsNamed(context);
  for (int round = 0; round < kMaxDerivationRounds; ++round) {
    bool derived_any = false;
    for (std::size_t& index : context.deferred) {
      if (index == JudgeContext::kDone) continue;
      Candidate* candidate = &context.verdict.candidates[index];
      // The computation the line names, or any when it names none.
      const ComputationCue cue =
          ComputationNamed(context.answer, candidate->start);
      evidence::DerivationScope named_scope = scope;
      if (cue.sum || cue.difference) {
        named_scope.sums = cue.sum;
        named_scope.differences = cue.difference;
      }
      std::optional<evidence::NumericMatch> derived =
          operands.FindDerivation(candidate->canonical, nullptr, named_scope);
      if (!derived.has_value()) continue;
      context.GroundByMatch(*derived, DerivedReason(derived->op), candidate);
      context.Finish(candidate, candidate->canonical);
      for (const evidence::NumericOperand& operand : derived->operands) {
        for (const std::uint32_t slot : operand.slots) {
          operands.Add(candidate->canonical, slot);
        }
      }
      index = JudgeContext::kDone;
      derived_any = true;
    }
    if (!derived_any) break;
    operands.Prepare();
  }
}

bool GroundByColumnTotal(JudgeContext& context, Candidate* candidate) {
  const evidence::ColumnTotal* total =
      CorpusInternals::FindColumnTotal(context.corpus, candidate->canonical);
  if (total == nullptr) return false;
  // "Price: $123" under "Flight Number: HAT004" is that flight's price, a
  // row of the table, unless the line calls it a total: a one-digit slip
  // of it may equal two flights' fares added up (62 + 61).
  if (!ComputationNamed(context.answer, candidate->start).sum &&
      ItemNamesOneRow(context, *candidate)) {
    return false;
  }
  // Each row an operand carried by the one result that laid the table out
  // (an earlier turn's: no carrier of this one, law 7).
  const std::uint32_t slot =
      total->slot < evidence::kFirstEarlierSlot ? total->slot : kPriorTurnSlot;
  evidence::NumericMatch match;
  match.op = evidence::NumericOp::kSum;
  for (const evidence::NumericUnits row : total->rows) {
    match.operands.push_back({evidence::FormatNumericUnits(row), {slot}});
  }
  context.GroundByMatch(match, MatchReason::kDerivedSum, candidate);
  return true;
}

bool GroundByShareOfCarried(JudgeContext& context, Candidate* candidate) {
  if (!SaysPerCountAfter(context.answer, candidate->end)) return false;
  const std::optional<evidence::NumericUnits> share =
      evidence::ExactNumericUnits(candidate->canonical);
  if (!share.has_value() || *share <= 0) return false;
  const std::uint32_t counts = CountsNamed(context);
  for (int q = 2; q <= evidence::kMaxNamedCount; ++q) {
    if ((counts & (std::uint32_t{1} << q)) == 0) continue;
    // The whole as carried: a refund is often a negative payment.
    for (const evidence::NumericUnits whole : {*share * q, -*share * q}) {
      const std::string whole_form = evidence::FormatNumericUnits(whole);
      if (!context.corpus.Lookup(whole_form).carried) continue;
      // The count is no carried value: an operand with no slot.
      evidence::NumericMatch match;
      match.op = evidence::NumericOp::kProduct;
      match.operands = {OperandOf(context.corpus, whole_form),
                        {std::to_string(q), {}}};
      context.GroundByMatch(match, MatchReason::kDerivedProduct, candidate);
      candidate->derivation = whole_form + " / " + std::to_string(q);
      return true;
    }
  }
  return false;
}

bool GroundByComputedLine(JudgeContext& context, Candidate* candidate) {
  ComputationCue cue = ComputationNamed(context.answer, candidate->start);
  const bool remainder = SaysRemainderAfter(context.answer, candidate->end);
  cue.difference = cue.difference || remainder;
  if (!cue.sum && !cue.difference) return false;
  // Over a whole turn's numbers pair sums and differences already cover
  // much of the integers: only the computation the line names, two
  // operands each a real share of the value, and products only by a count
  // the conversation names (a carried 2 is as often a seat count).
  evidence::DerivationScope scope;
  scope.sums = cue.sum;
  scope.differences = cue.difference;
  scope.triples = false;
  scope.percentages = false;
  scope.carried_quantities = false;
  scope.named_quantities = cue.sum ? CountsNamed(context) : 0;
  scope.min_operand_share_percent = kMinComputedLineSharePercent;
  std::optional<evidence::NumericMatch> derived =
      CorpusInternals::numbers_this_turn(context.corpus)
          .FindDerivation(candidate->canonical, nullptr, scope);
  if (!derived.has_value() && remainder) {
    derived = RemainderOfCarried(context, *candidate);
  }
  if (!derived.has_value()) return false;
  context.GroundByMatch(*derived, DerivedReason(derived->op), candidate);
  return true;
}

bool GroundByEarlierDerivation(JudgeContext& context, Candidate* candidate) {
  const EarlierDerivation* earlier = CorpusInternals::FindEarlierDerivation(
      context.corpus, candidate->canonical);
  if (earlier == nullptr) return false;
  if (!earlier->carried) {
    // Derived from supplied numbers alone: grounded, naming no turn.
    candidate->status = CandidateStatus::kGrounded;
    candidate->reason = earlier->reason;
  } else {
    Evidence evidence;
    evidence.carried = true;
    evidence.carried_this_turn =
        earlier->this_turn && earlier->turn == context.corpus.user_turn();
    if (evidence.carried_this_turn) {
      // The corpus keeps the slots until its next non-const call.
      evidence.carriers = earlier->slots;
      evidence.carriers_cut = earlier->cut;
    }
    context.Ground(std::span<const Evidence>(&evidence, 1), earlier->reason,
                   candidate);
  }
  candidate->derivation = earlier->derivation;
  return true;
}

namespace {

// GroundByListedCount's second reading: a count told of a value the line
// names just before it, as the number of items that hold it.
bool GroundByItemsHolding(JudgeContext& context, std::string_view count,
                          Candidate* candidate) {
  for (const std::string_view name :
       NamesBeforeCount(context.answer, candidate->start)) {
    const ItemsHolding held = CountItemsHolding(context.corpus, name);
    if (held.items == 0) continue;
    if (std::to_string(held.items) != count) return false;
    Evidence evidence;
    evidence.carried = true;
    evidence.carried_this_turn = true;
    evidence.carriers_cut = held.carriers.size() > kMaxCarriers;
    // The span handed to Ground lives as long as the context.
    std::vector<std::uint32_t>& carriers =
        context.merged.emplace_back(held.carriers);
    if (evidence.carriers_cut) carriers.resize(kMaxCarriers);
    evidence.carriers = carriers;
    candidate->derivation = "items holding " + std::string(name);
    context.Ground(std::span<const Evidence>(&evidence, 1),
                   MatchReason::kCounted, candidate);
    return true;
  }
  return false;
}

}  // namespace

bool GroundByListedCount(JudgeContext& context,
                         const evidence::NumberReading& reading,
                         Candidate* candidate) {
  if (reading.kind != evidence::NumberReading::Kind::kPlain ||
      reading.value.empty() || reading.value.size() > 2 ||
      reading.value[0] == '0' ||
      reading.value.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  // What is counted: a word right after the number ("4 members").
  const std::string_view answer = context.answer;
  const std::size_t after = candidate->end;
  if (after + 1 >= answer.size() || answer[after] != ' ') return false;
  const char first = answer[after + 1];
  if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
    return false;
  }
  return context.GroundByKey(
             evidence::DerivedKey(evidence::kCountKey, reading.value),
             MatchReason::kCounted, candidate) ||
         GroundByItemsHolding(context, reading.value, candidate);
}

}  // namespace groundgate::stages
