// evidence/corpus_internal.h — what the judge reads of an EvidenceCorpus
// beyond its public API.
//
// Its one job: CorpusInternals, the accessors EvidenceCorpus grants (as a
// friend) to the library's own layers above evidence/ (stages/ reads them
// for its rungs) and to its tests: the indexes behind the judge's derived
// dates, rounding and arithmetic. They return evidence/ types, which the
// public header include/groundgate/corpus.h does not name.
// What it does NOT do: change a corpus, or promise anything to an
// application (this header is not part of include/groundgate/).
//
//   const evidence::NumericIndex& numbers =
//       CorpusInternals::numbers_this_turn(context.corpus);
//
// Thread safety: as EvidenceCorpus's const methods; each view lives until
// the corpus's next non-const call.
#ifndef GROUNDGATE_EVIDENCE_CORPUS_INTERNAL_H_
#define GROUNDGATE_EVIDENCE_CORPUS_INTERNAL_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evidence/column_totals.h"
#include "evidence/numeric_index.h"
#include "evidence/records.h"
#include "evidence/relative_days.h"
#include "groundgate/corpus.h"
#include "groundgate/verdict.h"

namespace groundgate {

// A number an answer judged earlier in the conversation derived by
// arithmetic (EvidenceCorpus::RecordJudgedAnswer), as the judge grounds it
// when a later answer restates it.
struct EarlierDerivation {
  MatchReason reason = MatchReason::kNone;
  std::string derivation;  // "105 + 263"
  // Some operand was carried by a result (else all were supplied, and the
  // value names no turn).
  bool carried = false;
  // Every carried operand was carried in user turn `turn`, by the results
  // `slots` (indices into that turn's results(), at most kMaxCarriers;
  // `cut` when more did).
  bool this_turn = false;
  std::uint32_t turn = 0;
  std::vector<std::uint32_t> slots;
  bool cut = false;
};

class CorpusInternals {
 public:
  // The day shifts the user or the application asked for in this
  // conversation ("the next day", "3 days later"), for the judge's derived
  // dates (evidence/relative_days.h).
  [[nodiscard]] static const evidence::DayShifts& day_shifts(
      const EvidenceCorpus& corpus);

  // The days of the month the user or the application named alone ("the
  // 6th"), bit d for day d; for the judge's dates.
  [[nodiscard]] static std::uint32_t days_of_month_named(
      const EvidenceCorpus& corpus);

  // The numbers this turn's results carried, for the judge's rounding
  // lookup and arithmetic (evidence/numeric_index.h).
  [[nodiscard]] static const evidence::NumericIndex& numbers_this_turn(
      const EvidenceCorpus& corpus);

  // The total of a column of one table a result carried (the prices of one
  // reservation's flights, added up) equal to `canonical_number`: this
  // turn's first, then an earlier turn's (its slot from
  // evidence::kFirstEarlierSlot up); nullptr when none is, or the text is
  // no canonical number. For the judge's arithmetic
  // (evidence/column_totals.h).
  [[nodiscard]] static const evidence::ColumnTotal* FindColumnTotal(
      const EvidenceCorpus& corpus, std::string_view canonical_number);

  // The counts the user named with what they count ("two passengers", "3
  // nights"), and the lengths of the lists results carried under such a
  // noun ("passengers" with three elements): bit q for q in [2, 12]; for
  // the judge's products and per-count shares (evidence/counts_named.h).
  [[nodiscard]] static std::uint32_t counts_named(const EvidenceCorpus& corpus);

  // This turn's results read as records (evidence/records.h), for the
  // judge's binding of a value to the record the answer names (law 11).
  // Read from the kept contents at the first call after a change and kept
  // until the next; safe to call from concurrent const users (a mutex).
  [[nodiscard]] static const evidence::RecordSet& records(
      const EvidenceCorpus& corpus);

  // This turn's results as recorded, each with its index into results(),
  // absence reports left out; empty once they passed the bytes the corpus
  // keeps (then contents_whole is false). For the judge's readings of a
  // text result's list items (evidence/text_tables.h's TextListItems).
  [[nodiscard]] static std::span<const std::pair<std::uint32_t, std::string>>
  contents_this_turn(const EvidenceCorpus& corpus);
  [[nodiscard]] static bool contents_whole(const EvidenceCorpus& corpus);
  // The number `canonical` as an earlier answer of the conversation derived
  // it (EvidenceCorpus::RecordJudgedAnswer); nullptr when none did. For the
  // judge's arithmetic.
  [[nodiscard]] static const EarlierDerivation* FindEarlierDerivation(
      const EvidenceCorpus& corpus, std::string_view canonical);
};

}  // namespace groundgate

#endif  // GROUNDGATE_EVIDENCE_CORPUS_INTERNAL_H_
