// groundgate/verdict.h — what the gate concluded about one answer.
//
// Its one job: hold a judgement as plain data. Gate::Judge fills it; the
// application (or the runtime's route and emit stages) reads it. A Verdict
// holds the answer's values themselves (canonical forms): it is the
// application's own data. Events built from it carry no value unless the
// application opts in (law 8); see VerdictToJson.
//
// A verdict says whether each value was READ from a tool result, not whether
// the answer is true: "port fc1/3 is healthy" when the data says it is down
// uses only grounded values and passes. groundgate is a fabrication
// detector, not a correctness judge.
#ifndef GROUNDGATE_VERDICT_H_
#define GROUNDGATE_VERDICT_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "groundgate/export.h"

GROUNDGATE_API_BEGIN
namespace groundgate {

enum class CandidateStatus {
  kGrounded,     // a tool result of this conversation carried it
  kExempt,       // the user or the application supplied it
  kUnsupported,  // no tool result carried it: it was typed, not read
  kUnverified,   // not found, but the corpus was truncated (law 5)
  // Read, but from another record than the one the answer tells it of
  // (law 11): "$114" in a sentence about flight HAT271 whose economy fare
  // is $174 ($114 is HAT139's). Candidate::binding names the record the
  // answer names, the value that record holds and the record that did
  // carry the answer's value. Never set when the corpus was truncated.
  kMisattributed,
};

// Why a value counted as read (or exempt). kNone for unsupported/unverified.
enum class MatchReason {
  kNone,
  kExact,      // the answer spelled it as the canonical form
  kCanonical,  // one canonical form joined two spellings (41,200 vs 41200)
  kDeclaredExemption,  // GateOptions exempted it
  // A date ("May 22, 2024", the date of "2024-05-22T10:00:00") met a
  // carried date through its date key, not through its own spelling.
  kRespelledDate,
  // A clock time ("2:00 PM", "14:00") met a carried time ("14:00:00", the
  // time of a timestamp) through its time key; also "01:00" written without
  // AM/PM for a carried "13:00:00".
  kRespelledTime,
  // A number spelled the way people write it ("$1.2M", "41.2k", "12%",
  // "41 200", "forty-one thousand") met the carried number it stands for.
  kRespelledNumber,
  // The answer showed a carried number to fewer places: "51.94" for
  // "51.9433", "1.2M" for "1234567".
  kRounded,
  // A delimited part of a carried identifier: "7504069" of
  // "certificate_7504069"; or the last digits of a carried number after
  // "ending in".
  kIdentifierPart,
  // The carried number was negative and the wording around the answer's
  // value says so ("refund of $6,594" for -6594).
  kSignDropped,
  // Computed from numbers this turn's results carried (Candidate::derivation
  // says how; the carriers are the operands' carriers).
  kDerivedSum,
  kDerivedDifference,
  kDerivedProduct,
  kDerivedPercent,
  // A name whose every word a tool result carried ("Mia Li" from
  // first_name "Mia" and last_name "Li").
  kNameWords,
  // A carried (or supplied) date moved by a number of days the user asked
  // for ("2024-05-19" for a carried "2024-05-18" after "shift it to the
  // next day"; Candidate::derivation says "2024-05-18 + 1 day").
  kDerivedDate,
  // A carried reading in another unit of the same dimension: "63.6 °F" for
  // a carried 17.58 where the results name °C, "45%" for a carried 0.4523
  // (Candidate::derivation says "17.58 °C").
  kConverted,
  // A name written in another form of a carried name: the adjective of a
  // carried place or people ("Catalonian" for "Catalonia", "Lombardic" for
  // "Lombards"; Candidate::derivation says "catalonia"), or the words a
  // carried abbreviation written right after them stands for ("Sociedad
  // Anónima (S.A.)"; derivation "s.a").
  kRespelledName,
  // A count of what one result lists, one item a line: "4 members" for a
  // result that lists four names ("- Alice\n- Bob\n- Charlie\n- Eve").
  kCounted,
};

enum class Grounding {
  kNone,
  kThisTurn,   // a result of the current user turn carried it
  kPriorTurn,  // only results of earlier user turns did (law 7)
};

// Where one record sits: the result that carried it and its path in that
// result, "$.flights[2]" (an object of an array), "$.rates.EUR" (a value of
// a map keyed by id), "$[4]" (a row of a CSV or text table, counted from
// the first data row, 0-based).
struct RecordPlace {
  std::string carrier;  // the tool-call id of the result
  std::string path;     // keys and indices, never values
};

// Why a value is misattributed (law 11). Paths and the field are keys, and
// named_value is a value: events and the JSON verdict show them only on
// opt-in (law 8), as they do a conflict's key path.
struct Binding {
  // The record the answer tells the value of. For a value told of several
  // records together (aggregate not empty), the record that holds the
  // extreme or the first of them.
  RecordPlace named;
  // The field within the record, as a dotted key path: "prices.economy",
  // "main.temp_min"; a table's column name.
  std::string field;
  // What the named record holds in that field, as the result wrote it
  // ("174"); for "min" or "max", the extreme; for "day" or "month", the
  // least and greatest its readings hold there ("4.1 to 8.3", or one
  // value); for "trend", the values of the reading the range opens on
  // and of the one it closes on ("0.0361 to 0.0355"); for "winner", the
  // total of the side the answer named and the other side's ("1-3"); for
  // "leader", that side's goals in the part and the other side's ("0-1").
  std::string named_value;
  // The record whose field did carry the answer's value; path empty when
  // no single record did.
  RecordPlace read;
  // Empty when the answer tells the value of one record; "min" or "max"
  // when it tells it of several records together ("temperatures from 13 to
  // 26 °C over the five days": 13 must be their least); "day" when it
  // tells it of one day of several readings (one of them must hold it;
  // `named` is the day's first); "month" the same for one month of a
  // series ("1043 cases per million in August 2020"); "trend" when the
  // value is a date closing a range told with a rise or fall the readings
  // do not show ("increased from May 5 to May 11": `named` is the closing
  // reading, `read` the opening one); "winner" when the value is a score
  // told with a side of a contest as its winner or loser that the totals
  // say otherwise ("X won 1-3" where X scored 1: `named` is X's scores,
  // `field` the total's key); "leader" when the value is a part's score
  // told in favour of a side that led neither the part nor the whole at
  // its end ("the second period ended 0-1 in favor of X" where X scored 0
  // in it and trailed: `named` is X's scores, `field` the part's key).
  std::string aggregate;
};

struct Candidate {
  // Byte offsets of the first occurrence in the UTF-8 answer: [start,
  // end). A later use misattributed where the first is not (or the
  // reverse) is a candidate of its own, at that use (law 11).
  std::size_t start = 0;
  std::size_t end = 0;
  // "number", "identifier", "date", "time", "datetime" or a declared shape
  std::string shape;
  std::string canonical;  // the value's canonical form
  CandidateStatus status = CandidateStatus::kUnsupported;
  MatchReason reason = MatchReason::kNone;
  Grounding grounding = Grounding::kNone;
  // This turn's tool-call ids that carried the value, in wire order, each
  // once, at most kMaxCarriers; carriers_cut when more carried it (law 6).
  std::vector<std::string> carriers;
  bool carriers_cut = false;
  // How often the answer used the value at this candidate: a later use
  // written the same way that is unsupported, or misattributed, or bound
  // to another verdict than the first, is a candidate of its own.
  int occurrences = 1;
  // For a derived value, how: "1679 + 1859", "3 * 129.5", "10% of 2500",
  // "2024-05-18 + 1 day".
  // It holds values: an event shows it only on opt-in (law 8).
  std::string derivation;
  // For an unsupported value, the tool call whose result carried the
  // closest value of the same shape (one digit, one day, one word away),
  // so a correction can say where to look; empty when none is close. The
  // value itself is near_miss, shown in events only on opt-in (law 8).
  std::string near_miss_carrier;
  std::string near_miss;
  // Set when status is kMisattributed: what the answer names, and what it
  // holds (law 11).
  std::optional<Binding> binding;
};

// Two of this turn's results carried different values under the same JSON
// key path, and the answer used one of them ("status": "confirmed" in one
// result, "cancelled" in a later one).
struct Conflict {
  std::size_t candidate = 0;  // index into Verdict::candidates
  std::string key_path;       // "reservation.status": keys, never values
  std::string used_carrier;   // a result that carried the answer's value
  std::string other_carrier;  // a result that carried another value there
};

// One tool result of this turn that the answer's values were read from.
struct AnswerCarrier {
  std::string tool_call_id;
  std::string tool_name;
  int values = 0;  // distinct answer values this result carried
  int only = 0;    // of those, how many no other result of this turn carried
};

struct GroundingSplit {
  int this_turn = 0;    // grounded values a result of this turn carried
  int prior_turns = 0;  // grounded values only earlier turns carried
};

struct Verdict {
  // Candidates in answer order, one per distinct value, and one more for
  // each later use of a value that is flagged at its own place (an
  // unsupported value at every use written the same way; a misattributed
  // use) or judged otherwise than its first.
  std::vector<Candidate> candidates;
  int looked_up = 0;                // candidates minus the exempt ones
  bool evidence_truncated = false;  // the corpus hit its ceiling (law 5)
  // The answer had more than kMaxAnswerTokens tokens; the rest was not
  // examined. A flag, never a silent cut (law 10).
  bool answer_truncated = false;
  GroundingSplit grounding;
  // Which of this turn's results the answer's values were read from, in the
  // order the corpus first recorded each result. std::nullopt when the
  // corpus was truncated or any involved carrier list was cut (law 6); empty
  // when nothing was grounded this turn.
  std::optional<std::vector<AnswerCarrier>> answer_carriers;
  // Values the answer used on which this turn's results disagree, in answer
  // order (the conflicting_evidence finding).
  std::vector<Conflict> conflicts;

  // True when GateOptions::misattribution_flags was false: misattributed
  // values are reported (status, events, JSON) but do not flag the answer,
  // so every posture delivers it as it delivers a grounded one.
  bool misattribution_warns_only = false;

  [[nodiscard]] int unsupported() const;    // count of kUnsupported
  [[nodiscard]] int unverified() const;     // count of kUnverified
  [[nodiscard]] int misattributed() const;  // count of kMisattributed
  // True when some value was typed, not read, or read from another record
  // than the one the answer names (unless misattribution_warns_only); the
  // corpus was whole either way (law 5).
  [[nodiscard]] bool flagged() const {
    return unsupported() > 0 ||
           (!misattribution_warns_only && misattributed() > 0);
  }
};

std::string_view StatusName(CandidateStatus status);  // "grounded", ...
std::string_view ReasonName(MatchReason reason);      // "exact", ...
std::string_view GroundingName(Grounding grounding);  // "this_turn", ...

// The verdict's action word: "unverified" when the evidence was truncated,
// else "flagged" when a value is unsupported, else "grounded".
std::string_view VerdictAction(const Verdict& verdict);

}  // namespace groundgate
GROUNDGATE_API_END

#endif  // GROUNDGATE_VERDICT_H_
