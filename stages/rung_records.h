// stages/rung_records.h — law 11: a value is checked against the record
// the answer tells it of.
//
// Its one job: after the ladder has grounded an answer's values, take each
// number, clock time, code, score and range of dates a result of this turn
// carried, find what its scope names (read_scopes.h: the record an
// identifier or a day and time names in its clause, else in its sentence or
// list item), and mark it kMisattributed, with a Binding, when:
//   - the scope names exactly one record R of the group whose records hold
//     the value, R holds the value in no field, and R holds a field in which
//     a sibling holds it, with a value of its shape (`$114` told of HAT271,
//     whose economy fare is 174; HAT139's is 114): the binding names R,
//     that field, R's value there and the sibling;
//   - the scope names one day of several readings (a date, a weekday, "the
//     third day"; a date between two readings in a row of a series names
//     those two; of several days, the one written just after the value,
//     "a low of 3.19°C on January 8th"; or an earlier sentence of the
//     paragraph did), and none of
//     that day's readings holds the value while another day's does (the
//     readings just before and after the day count for an extreme or an
//     end of a range only: one reading told plainly of a day is the day's
//     own, as the records date it) (aggregate "day": the binding names
//     the day's first reading and the values its field takes that day); or
//     a first value of the clause pins one reading of the day and a later
//     value the words tell of one of its fields is not that reading's; or
//     another value of the clause is misattributed, read from a reading
//     of another day that holds this value exactly as written, where the
//     day holds it only at the precision written (values told together
//     were read together);
//   - the wording tells the value as the least or the greatest of several
//     records ("a low of", "the highest gust", "ranging from X to Y"), the
//     scope names none of them (then all of the group, or the month or
//     year the sentence names, when the scope before names none either;
//     or the stretch of days it or the scope before opens with, "From
//     January 3rd to January 7th", or the one day the scope before opens
//     with, "On January 5th, ...", read as that day's value, when the
//     value is not the whole group's extreme either; a scope that tells of
//     the whole stretch, "throughout the forecast period", "overall", is of
//     all of the group whatever day the scope before opened with), and the
//     value is neither,
//     as the wording says, of any field the words name (or of a series' one
//     field of numbers) holding it there, or, when a nearer and more specific
//     field word names fields none of which holds it ("wind speeds ...
//     to 14.3" for a gust), of those on whose scale it lies; a range's
//     second end is told by the words before its first; one reading's
//     own temp_min is no stretch's low, and a low is also the least of
//     the field temp_min bounds (temp), as written, not near it
//     (aggregate "min" or "max": the binding names the record holding
//     the true extreme and its value);
//   - the wording tells it as the least or greatest of one named day's
//     readings ("a high of 5.97°C on January 7th"), of a field the words
//     name (or, as written, of the field that one bounds), and it is the
//     extreme of no day-long window that starts within half a day of that
//     day's midnight (aggregate "min" or "max", the day's own extreme);
//   - its clause names one month of a series ("in August 2020", no bound)
//     and none of that month's readings, nor the one just before or after
//     it, holds the value while another does (aggregate "month"); a peak
//     placed in a month ("a peak of 55.87% in September 2022") must be the
//     greatest of that month and the months beside it, with no slack when
//     another of their readings holds it as written; of several months a
//     sentence names, the one the value's clause names after it is its own;
//   - a date (a day with its time, or a month) is told as where the least
//     or greatest reading of a field the words name falls ("with the
//     lowest temperature expected on January 5th"), no value or range of
//     dates between, and no reading holding that extreme is the day's,
//     one beside it, or in the month or the three days beside it (a month
//     either side for a hedged date, "around January 2021"); "a peak",
//     "peaks" or "peaked" tells the extreme of the readings within a month
//     of the date, "the peak" or "the highest" that of all (the date is
//     misattributed, "min" or "max": the binding names that reading and its
//     day);
//   - a range of two dates told with one rise or fall ("a steady increase
//     from March 2020 to July 2020") whose closing reading (a month's
//     last) holds less for a rise, or more for a fall, than its opening
//     one (a month's first): the closing date is misattributed (aggregate
//     "trend": the binding names the closing reading and "0.0361 to
//     0.0355", the opening reading as read);
//   - a date told with a weekday beside it ("Tuesday, January 3") is not
//     on that weekday in the year of the readings that hold it (aggregate
//     empty: the binding names the date's first reading, "2024-01-03, a
//     Wednesday"); the pair names one day, the date's, for the values
//     told of it;
//   - it ends a range told backward ("from 6.42°C to 3.07°C": the readings
//     from the first to the last), and is neither that end's reading (or
//     the one beside it) nor the greatest (first end) or least (last end)
//     of the field the words name (aggregate empty: the binding names the
//     end reading);
//   - a sentence that tells what the data covers ("The chart shows the rate
//     from March 2020 to May 2021", and no change: "a sharp rise from")
//     names a range of dates that opens on the first day of one group's
//     records, and the range closes on a day other than the group's last,
//     at the precision written, with a week's slack for a series whose
//     last readings spill into the next month (aggregate "max": the
//     binding names the last record and its day);
//   - a score ("2-0") is told of the k-th part of a whole ("the second
//     period ending 2-0", "leading 3-0 after the first period") whose parts
//     two sibling objects number (evidence::PartPair: "homeScore" and
//     "awayScore", each with "period2"), and it is neither their pair for
//     that part nor the pair of their sums up to it, in either order (the
//     binding names the first sibling, the part's key and its pair); or a
//     count told of such a part ("scored 3 goals in the second period",
//     "two goals") is neither side's value for it nor both together; or
//     the score is the part's but told in favour of a side ("0-1 in favor
//     of the home team", "a 3-0 lead for X", "X leading 0-1") that leads
//     neither the part nor the whole at its end in that pair (aggregate
//     "leader": the binding names that side, its goals and the other's);
//   - a score told in a clause that names one side of a contest
//     (evidence::SidePair: "homeScore" and "awayScore" with a total,
//     "display", and the names of "homeTeam"; or "the home team") as its
//     winner ("X won 1-3", "5-4 in favor of X") or loser ("X lost 3-2"),
//     where the totals say otherwise (aggregate "winner": the binding
//     names the side the answer named, its total and the other's, "1-3");
//     not in a clause about a part, overtime, or with a negation.
// A value written in parentheses just after a misattributed one, that the
// ladder grounded as its conversion to another unit ("5.03°C (41°F)"),
// restates it: it is misattributed with the same binding; after a value
// that stands, it is not judged on its own. A value grounded as a
// conversion and told alone ("gusts of up to 15 mph", readings in m/s) is
// judged in the readings' unit, over the interval its precision allows.
// A value the answer uses more than once is bound at each use written
// the same way (a date too, for the rules of dates above); a use whose
// verdict differs from the first's, or that is misattributed, becomes a
// candidate of its own. A value is compared at the
// precision the answer wrote ("17.6" for 17.58), and a percent also against a
// fraction (45% for 0.45).
//
// When in doubt it accuses no one: not when the corpus is truncated or its
// records incomplete (law 5), not a range of the days' highs or lows
// ("high temperatures ranging from 32.77°C to 36.94°C"), not a bound
// ("over 500") or a round value
// told as near ("around 5": one written to one decimal place, "around
// 7.8", is judged within a twentieth of itself; to two or more, "around
// 7.79", within two units of its last place), a total, a
// pair told "respectively", a value after "by 2021", a value that also
// stands outside every record, a scope that names two records of the
// group, part of a day ("in the morning") or a day it cannot place
// ("tomorrow", "the last day": before the value or in its clause; one in
// a later clause tells of something else), a field word the records lack, and
// not a value the ladder derived, converted or exempted. An answer whose
// weekdays are not the calendar's (one alone that no reading falls on,
// or one beside a date that is not the date's) is bound three times, its
// lone weekdays read as the calendar's, a day later and a day earlier: a
// value is misattributed only when it is under each reading; a lone
// weekday of it places no value otherwise.
//
// What it does NOT do: ground or flag an unsupported value (the ladder's
// rungs do), or read the answer's wording (read_scopes.h does).
#ifndef GROUNDGATE_STAGES_RUNG_RECORDS_H_
#define GROUNDGATE_STAGES_RUNG_RECORDS_H_

#include <string_view>

#include "groundgate/corpus.h"
#include "groundgate/verdict.h"

namespace groundgate::stages {

// Marks the misattributed values of `verdict`, the ladder's verdict on
// `answer` against `corpus` (law 11).
void BindRecords(std::string_view answer, const EvidenceCorpus& corpus,
                 Verdict* verdict);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_RECORDS_H_
