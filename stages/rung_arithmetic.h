// stages/rung_arithmetic.h — rung 5 of the judge's ladder: bounded
// arithmetic over carried numbers.
//
// Reasons it gives (status grounded; Candidate::derivation says how):
//   derived_sum         "1679 + 1859";
//   derived_difference  "282 - 177";
//   derived_product     "3 * 129.5";
//   derived_percent     "10% of 2500";
//   rounded             ... when the nearest derivation is a rounding.
//
// Where it sits: the last rung of the number ladder in stages/judge.cc,
// climbed once the whole answer was read (the numbers it defers wait in
// JudgeContext::deferred), and only with GateOptions::arithmetic.
//
// First it checks what the answer writes out, AS WRITTEN
// (stages/read_equations.h): "$1,625 - $1,327 = $298" grounds 298 and
// refutes a 299 there, even when every operand was read and some other
// computation gives 299; a "Total" line grounds when the list above it adds
// up (each occurrence counted: $500 + $250 + $250), and is refuted when
// the list it closes was read and does not.
//
// What it does NOT do: search every number of a turn for any value: over
// every number of a turn, sums of two cover so many integers that a
// mistyped price would pass as "derived" (evidence/numeric_index.h has the
// measurement). Its operands are the numbers the answer itself shows; all
// of a turn's numbers only for a value its line calls computed ("Total"),
// and then only the computation the line names (a sum for "total", a
// difference for "remaining"). A product's quantity is a count the
// conversation names ("two passengers": evidence/counts_named.h) or one the
// answer shows. Earlier turns' amounts are operands three ways only:
// beside one the answer shows, what is left of it ("$125 remaining" = a
// certificate's 500 read two turns back - the $375 shown), or the total a
// list of payments adds up to ("- Gift Card: $128" / "- Credit Card: $247"
// for a carried 375); and as a column of one earlier result's table
// ("Total Price: $3,538" = the 1679 + 1859 of a reservation's flights read
// two turns back: GroundByColumnTotal). It never pairs amounts of an
// earlier turn otherwise: over a whole conversation a third of the wrong
// totals derive by accident, and even the pairs of one earlier result
// grounded 5 of the 65 planted wrong totals (wrong_sum 95.4% -> 87.7%;
// column totals ground the real ones, docs/QUALITY.md).
// The answer's shown operands include what the user or the app supplied
// ("$50 per passenger" of the policy, times "Number of passengers: 3"):
// such an operand adds no carrier, and a value derived from supplied
// operands alone names no turn. A computed value whose line names no
// computation is derived only as a column's total ("Price: $580" for the
// two flights of one itinerary a search returned); a sum of amounts of
// different results ("$216" = 112 + 104 of two searches) is not. Last, a
// number an earlier answer of the conversation derived is derived as it
// was there (GroundByEarlierDerivation).
#ifndef GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_
#define GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_

#include "evidence/numbers.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// Chained derivations: an answer that shows its work rarely nests deeper.
inline constexpr int kMaxDerivationRounds = 3;

// On a line that names a computation ("Total", "remaining"), a value may be
// derived from any of this turn's numbers, each summand or subtrahend at
// least this share (percent) of it. Measured on the mutation set of
// ../shared/data (wrong_sum: a real total one digit off): at 5%, seat
// counts (18 + 190 = 208) grounded 8 of 65 wrong totals; at 15%, 6; at 20%,
// 4, with no real total lost (60 + 280 = 340 is shown, found at 5%).
inline constexpr int kMinComputedLineSharePercent = 20;

// Settles each deferred number the answer writes a computation for: an
// equation's result, or a "Total" line under a list, grounds when it is
// right and is flagged when it is not. Then grounds each
// deferred number that one small computation over the answer's own
// grounded numbers gives ("$105 + $190 = $295"; the computation the line
// names, if it names one; no triple), settling it
// (JudgeContext::Finish) and marking it kDone; a derived value is an
// operand of the next round ("$282 - $177 = $105", then "$105 + $263 =
// $368"), for at most kMaxDerivationRounds rounds. An amount in a list of
// amounts that is no computation's result grounds when the list adds up to
// its own Total line, or to an amount carried in any turn (the part a
// payment split leaves: stages/read_equations.h, ListAround).
void GroundByShownArithmetic(JudgeContext& context);

// Grounds a deferred number that is the total of a column of one table a
// result carried, in this turn or an earlier one: the prices of one
// reservation's flights added up ("New Total Price: $465" for 107 + 141 +
// 108 + 109), or of one connecting itinerary of a search ("Price: $580"
// for 210 + 370): on a line that names a sum, or one whose list item does
// not name exactly one identifier (under "Flight Number: HAT004", "Price:
// $123" is that flight's, a row, not a total). evidence/column_totals.h
// says which columns are totalled. Reason derived_sum; the derivation
// lists the rows.
bool GroundByColumnTotal(JudgeContext& context, Candidate* candidate);

// Grounds a deferred number followed by "per" and what is counted ("$38
// per passenger") that is one share of an amount carried in any turn, by a
// count the conversation names (the user's "3 passengers", or the three
// elements of a result's "passengers" list): a refund of -114 carried for
// three passengers is $38 per passenger. Either sign of the whole counts
// (a refund is a negative payment). Reason derived_product, derivation
// "-114 / 3".
bool GroundByShareOfCarried(JudgeContext& context, Candidate* candidate);

// Grounds a whole number followed by a word, what is counted ("4
// members", "1 message"), that is how many items one result lists, one a
// line (evidence/keys.h's kCountKey: "- Alice\n- Bob\n- Charlie\n- Eve"
// for four members). Or, when the line names a value just before the
// count ("Charlie: 2 messages"), how many items of this turn's results
// hold that value whole as a field: records of a JSON list, and items a
// text result lists ("- sender: Charlie" in two channels' messages), over
// all of the turn's results; a value some item holds is judged by that
// number alone ("Charlie: 3 messages" is flagged). Reason counted,
// derivation "items holding Charlie". A number in money or a percent, or
// with no word after it, is no count.
bool GroundByListedCount(JudgeContext& context,
                         const evidence::NumberReading& reading,
                         Candidate* candidate);

// Grounds a deferred number whose line names a computation ("Total Price:
// $255", "remaining") by that computation over two of this turn's numbers,
// shown or not (kMinComputedLineSharePercent), or a count the conversation
// names times one of them; a number followed by "remaining" or "left" also
// by what is left of an amount carried in any turn once one the answer
// shows is taken.
bool GroundByComputedLine(JudgeContext& context, Candidate* candidate);

// Grounds a deferred number an earlier answer of the conversation derived
// (EvidenceCorpus::RecordJudgedAnswer) and this one restates without its
// operands ("the cost difference of $368" after "$105 + $263 = $368"):
// with that derivation's reason, derivation and carriers in the same user
// turn; as read in an earlier turn after it (law 7). The last way a
// number is derived: what the answer shows or its line names comes first,
// and a result an equation or a Total line refutes is settled before it.
bool GroundByEarlierDerivation(JudgeContext& context, Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_ARITHMETIC_H_
