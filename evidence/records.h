// evidence/records.h — the records of one user turn's tool results.
//
// Its one job: say which record each leaf of a result belongs to, the
// leaf's field path within that record, and which leaves identify the
// record, so the judge can check a value against the record the answer
// names (law 11). A record is an object of an array of two or more objects
// ("$.flights[2]"), a value of a map whose two or more values are all
// objects ("$.rates.EUR"), or a row of a CSV, TSV or markdown table in a
// text result ("$[4]", counted from the first data row). Records that
// stand side by side form a group: a sibling is a record of the same group.
//
// A leaf's field path is its keys from the record down, dotted
// ("prices.economy", "main.temp_min", "weather[].description"); a table's
// column name. An array of objects inside a record is a group of its own,
// and its leaves are not the outer record's fields.
//
// What identifies a record, among its siblings:
//   - a string leaf no sibling holds that has a digit ("HAT069", "ORD-7"),
//     or that stands under a key naming a name, id or code ("name",
//     "flight_number", "team", "city") and begins with a capital;
//   - a number no sibling holds under a key that names an id or a year
//     ("id", "user_id", "year");
//   - the date and the clock time of its first date or date-time leaf
//     ("2024-01-05 02:00:00": day 2024-01-05, time 02:00), which may be
//     shared with siblings (the eight forecasts of one day).
//
// Beside records, it keeps the parts two sibling objects number under the
// same keys ("homeScore" and "awayScore", each with "period1".."period3":
// PartPair), for the judge's check of a score told of one part, and the
// two sides they are, with their totals and names (SidePair), for its
// check of a winner.
//
// What it does NOT do: canonicalize or index (the corpus's value table
// does); read a result that is not a JSON document or a table (its lines
// are no records here); keep anything past kMaxRecordLeaves.
//
//   evidence::RecordSet set;
//   set.Add(0, R"([{"id":"A1","price":5},{"id":"B2","price":7}])");
//   // set.records()[1].fields: {"id","B2"}, {"price","7"}; identifiers {"B2"}
//
// Thread safety: a RecordSet is a value; const use from many threads is safe.
#ifndef GROUNDGATE_EVIDENCE_RECORDS_H_
#define GROUNDGATE_EVIDENCE_RECORDS_H_

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_set.h"

namespace groundgate::evidence {

// Past this many leaves in one turn's records, the set stops growing and
// says it is incomplete: the judge then binds no value (it cannot know what
// a record it did not read holds).
inline constexpr std::size_t kMaxRecordLeaves = 200'000;

// One leaf of a record. The views point into the RecordSet that holds the
// record (its interned paths and its text arena) and live as long as it.
struct RecordField {
  std::string_view path;  // "prices.economy"
  std::string_view
      text;  // as the result wrote it: "174", "2024-01-05 02:00:00"
  std::optional<double> number;  // when `text` is one number
};

struct Record {
  std::uint32_t carrier = 0;  // the result's index in the corpus's results()
  std::uint32_t group = 0;    // index into RecordSet::groups()
  std::string path;           // "$.flights[2]"
  std::vector<RecordField> fields;
  std::vector<std::string> identifiers;  // as written: "HAT069", "2010"
  std::string day;                       // "2024-01-05", or empty
  std::string time;                      // "02:00", or empty
  // `day` read (after RecordSet::Finish): 0 when there is none; weekday
  // 0 = Monday ... 6 = Sunday.
  int year = 0;
  int month = 0;
  int mday = 0;
  int weekday = -1;
  // DaysFromCivil(year, month, mday), set by Finish; for a record with no
  // day, that of the zeros above.
  long days = 0;
};

struct RecordGroup {
  std::uint32_t carrier = 0;
  std::string path;                    // "$.flights"; a text table: "$"
  std::vector<std::uint32_t> records;  // indices into RecordSet::records()
  // Days between the group's first and last record's day (after Finish).
  int day_span = 0;
};

// Two sibling objects that number the parts of one whole under the same
// keys, a stem and an index ("homeScore" and "awayScore" of one game, each
// {"period1": 2, "period2": 0}): one part's two values, in member order.
// Only a key exactly two siblings hold with a number is a part: with more,
// no pair is told.
struct PartPair {
  std::uint32_t carrier = 0;
  std::string first_path;   // "$.homeScore"
  std::string second_path;  // "$.awayScore"
  std::string stem;         // "period", lowercase
  int index = 0;            // 2 of "period2"
  double first = 0;
  double second = 0;
};

// The two sides of one contest: two sibling objects that number parts
// (PartPair) and hold a total under one key of kTotalKeys ("homeScore"
// and "awayScore", each {"display": 3, "period1": 1, ...}), with the
// names of each side: the text leaves, under keys that hold "name", of
// the siblings whose keys open as the side's own does ("homeTeam":
// "name", "shortName", "nameCode"), and the word that opens its key
// ("home"). Nothing when the two keys share no ending, or no total is
// held by both.
struct SidePair {
  std::uint32_t carrier = 0;
  std::string first_path;   // "$.homeScore"
  std::string second_path;  // "$.awayScore"
  std::string total_key;    // "display"
  double first_total = 0;
  double second_total = 0;
  std::string first_word;                // "home", lowercase
  std::string second_word;               // "away"
  std::vector<std::string> first_names;  // "Los Angeles Kings", "Kings"
  std::vector<std::string> second_names;
};

// The keys a side's total stands under, in order of preference.
inline constexpr std::string_view kTotalKeys[] = {"display", "total", "final",
                                                  "score", "current"};

class RecordSet {
 public:
  RecordSet() = default;
  // Fields view the set's own storage: move it, never copy it.
  RecordSet(RecordSet&&) noexcept = default;
  RecordSet& operator=(RecordSet&&) noexcept = default;
  RecordSet(const RecordSet&) = delete;
  RecordSet& operator=(const RecordSet&) = delete;

  // Reads one result's content as records: a JSON document structurally,
  // else as a table when its lines hold one. What stands outside every
  // record is loose (below).
  void Add(std::uint32_t carrier, std::string_view content);

  // Marks the set incomplete: some result was not read (too large, or the
  // leaf budget ran out). The judge binds nothing then.
  void MarkIncomplete() { complete_ = false; }

  [[nodiscard]] const std::vector<Record>& records() const { return records_; }
  [[nodiscard]] const std::vector<RecordGroup>& groups() const {
    return groups_;
  }
  // Numbers and short strings the results carried outside any record (a
  // top-level total, a text result's words): a value that also stands
  // there may be told of that, so it is not bound. Numbers sorted
  // (after Finish); strings lowercased.
  [[nodiscard]] const std::vector<double>& loose_numbers() const {
    return loose_numbers_;
  }
  [[nodiscard]] bool HoldsLooseText(std::string_view lowercase) const;
  // Sorts what Add gathered and builds the lookups below; call once after
  // the last Add.
  void Finish();

  // The lookups a judge makes per value, each without a scan of the
  // records (valid after Finish):
  // the records an identifier names, by its text as written (and, for one
  // with a digit, lowercased: "hat069");
  [[nodiscard]] std::span<const std::uint32_t> NamedBy(
      std::string_view text) const;
  // whether some identifier begins with this word, as written or (with a
  // digit) lowercased: a judge looks up runs of words only from such a
  // word;
  [[nodiscard]] bool BeginsAnIdentifier(std::string_view word) const;
  // whether any record has an identifier at all (else no word begins one);
  [[nodiscard]] bool HasIdentifiers() const { return !first_words_.empty(); }
  // the records with a numeric field in [low, high], each once, in order
  // (a field that reads as NaN is in no range);
  void WithNumberIn(double low, double high,
                    std::vector<std::uint32_t>* out) const;
  // the records with a field whose text is the code `text` exactly (two
  // to six capitals and digits, two capitals or more: "SEA");
  [[nodiscard]] std::span<const std::uint32_t> WithText(
      std::string_view text) const;
  // the records with a field holding the clock time hour:minute
  // ("06:00:00", "2024-01-05 06:00:00").
  [[nodiscard]] std::span<const std::uint32_t> WithTime(int hour,
                                                        int minute) const;
  // the records whose day falls on that month and day of the month, in
  // any year; and those whose day is that weekday (0 = Monday).
  [[nodiscard]] std::span<const std::uint32_t> OnMonthDay(int month,
                                                          int mday) const;
  [[nodiscard]] std::span<const std::uint32_t> OnWeekday(int weekday) const;
  [[nodiscard]] bool complete() const { return complete_; }
  // An estimate of the memory the set holds (record_cache.h's budget).
  [[nodiscard]] std::size_t bytes() const;
  // The numbered parts sibling objects hold (PartPair above), in the
  // results' order.
  [[nodiscard]] const std::vector<PartPair>& part_pairs() const {
    return part_pairs_;
  }
  void AddPartPair(PartPair pair) { part_pairs_.push_back(std::move(pair)); }
  // The sides of contests (SidePair above), in the results' order.
  [[nodiscard]] const std::vector<SidePair>& side_pairs() const {
    return side_pairs_;
  }
  void AddSidePair(SidePair pair) { side_pairs_.push_back(std::move(pair)); }

  // Used by the readers of records.cc.
  std::uint32_t NewGroup(std::uint32_t carrier, std::string path);
  Record& NewRecord(std::uint32_t group, std::string path);
  // Room for `more` records past those held, grown geometrically: a
  // reader that knows a group's size asks once, not per record.
  void ReserveRecords(std::size_t more);
  Record& mutable_record(std::uint32_t i) { return records_[i]; }
  // A field of `record` whose path and text the set keeps.
  void AddField(Record& record, std::string_view path, std::string_view text,
                std::optional<double> number);
  void AddLoose(std::string_view text);
  // Counts `n` leaves against kMaxRecordLeaves; false (and incomplete) once
  // past it.
  bool Spend(std::size_t n);
  // Sets each record's identifiers of `group` from its fields (see above).
  void Identify(std::uint32_t group);

 private:
  // Keeps `word` as the first word of an identifier, and its first byte.
  void AddFirstWord(std::string word);

  std::vector<Record> records_;
  // Interned field paths (a node set: stable addresses) and the texts,
  // appended to chunks that are never grown past their reserve.
  absl::node_hash_set<std::string> paths_;
  std::vector<std::unique_ptr<std::string>> chunks_;
  std::vector<RecordGroup> groups_;
  std::vector<double> loose_numbers_;
  std::vector<std::string> loose_texts_;  // sorted by Finish
  absl::flat_hash_map<std::string, std::vector<std::uint32_t>> named_by_;
  absl::flat_hash_set<std::string> first_words_;
  std::bitset<256> first_word_bytes_;  // the bytes first_words_ open with
  absl::flat_hash_map<std::string, std::vector<std::uint32_t>> with_text_;
  // A lookup from a number (minutes of a clock time, a month and day) to
  // the records that have it, each once, in order: the keys sorted, one
  // entry per key and record, the records beside them. Built by sorting
  // one list of pairs: no table or list per key.
  struct Postings {
    std::vector<int> keys;
    std::vector<std::uint32_t> records;
    // Takes `pairs` (key, record) in any order, repeats included.
    void Build(std::vector<std::pair<int, std::uint32_t>>& pairs);
    [[nodiscard]] std::span<const std::uint32_t> Of(int key) const;
  };
  Postings with_time_;
  Postings on_month_day_;
  std::vector<std::uint32_t> on_weekday_[7];
  std::vector<std::pair<double, std::uint32_t>> numbers_;  // sorted
  std::vector<PartPair> part_pairs_;
  std::vector<SidePair> side_pairs_;
  std::size_t leaves_ = 0;
  std::size_t reading_bytes_ = 0;  // the content Add is reading
  bool complete_ = true;
  // What Identify reads while the set is being read, kept from one group
  // to the next (Finish lets it go). What a field's key says, by interned
  // path (one view per distinct path): whether it names an id or a year,
  // and a name.
  struct KeySays {
    bool id_or_year = false;
    bool name = false;
  };
  absl::flat_hash_map<const char*, KeySays> key_says_;
  // Identify's lists, emptied for each group: the key at each field's
  // place in the record before, the fields that may identify, and how
  // many fields of the group hold each such text.
  std::vector<std::pair<const char*, KeySays>> key_at_place_;
  std::vector<std::pair<std::uint32_t, std::string_view>> may_identify_;
  absl::flat_hash_map<absl::string_view, int> held_;
};

namespace internal {
// SplitDateTime past its first look (records.cc).
bool SplitDateTimeRead(std::string_view text, std::string* day,
                       std::string* time);
}  // namespace internal

// The date and clock time of a date or date-time text: "2024-01-05",
// "2024-01-05 02:00:00", "2024-01-05T02:00:00Z" give day "2024-01-05" and
// time "" or "02:00". False for any other text. Either output may be null;
// on false, neither is written. Inline, with what turns most texts away
// read first (it is asked of every field of every record): no date is
// shorter than ten bytes or lacks the dashes of "2024-01-05".
inline bool SplitDateTime(std::string_view text, std::string* day,
                          std::string* time) {
  if (text.size() < 10 || text[4] != '-' || text[7] != '-') return false;
  return internal::SplitDateTimeRead(text, day, time);
}

// The text std::to_chars writes for `value` (the shortest that reads back
// as it, fixed or scientific, whichever is shorter): a record's text of a
// number. Written without to_chars's cost for a value of at most 15
// significant digits in fixed form, most numbers a result holds.
std::string DoubleText(double value);

// Room for any text DoubleChars writes (the longest is 24 bytes,
// "-2.2250738585072014e-308").
inline constexpr std::size_t kDoubleCharsBytes = 32;

// DoubleText's text written into `out`, which holds kDoubleCharsBytes:
// the bytes written, without a string's cost.
std::size_t DoubleChars(double value, char* out);

// Days since 1970-01-01 of a civil date (proleptic Gregorian).
long DaysFromCivil(int year, int month, int mday);

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_RECORDS_H_
