// stages/rung_respellings.h — rung 3 of the judge's ladder: structural
// respellings, the value met through another key than its own spelling.
//
// Reasons it gives (status grounded):
//   respelled_date    a date met a carried date through its date key ("May
//                     22, 2024" for "2024-05-22T10:00:00"); a 4-digit number
//                     that is a carried date's year;
//   respelled_time    a clock time met through its time key ("2:00 PM" for
//                     "14:00:00"); a time without AM/PM read on the other
//                     half of a 12-hour clock ("01:00" for "13:00:00");
//   respelled_number  a number's other reading ("41.200" as 41200,
//                     accounting parentheses as a negative);
//   canonical         ... a percent's other reading ("12%" for a carried 12);
//   identifier_part   a delimited part of a carried identifier ("7504069"
//                     of "certificate_7504069", "report_2024.csv" of
//                     "/mnt/data/report_2024.csv"), or the last digits of
//                     a carried number after "ending in"; a carried path
//                     written as a link ("sandbox:/mnt/data/x.csv"); a
//                     carried host and port joined ("db.internal:5432");
//   sign_dropped      a carried negative whose sign the wording carries
//                     ("refund of $6,594" for -6594; "84.5041°W" for a
//                     carried longitude -84.5041).
//
// Where it sits: after rung 1 (own spelling) and rung 2 (exempt) in the
// ladders of stages/judge.cc; a date's keys and a number's other reading
// are tried before rung 2, as one value's spellings.
//
// What it does NOT do: use text the user or the app supplied, or match a
// substring that is not a delimited part (law 2).
#ifndef GROUNDGATE_STAGES_RUNG_RESPELLINGS_H_
#define GROUNDGATE_STAGES_RUNG_RESPELLINGS_H_

#include <span>
#include <string>

#include "evidence/extractor.h"
#include "evidence/numbers.h"
#include "groundgate/verdict.h"
#include "stages/judge_context.h"

namespace groundgate::stages {

// respelled_time for a clock time alone, respelled_date otherwise.
MatchReason RespelledReason(const evidence::DateTimeValue& when);

// Grounds a date or time when each of its date and time `keys` is carried.
bool GroundByDateTimeKeys(JudgeContext& context,
                          const evidence::DateTimeValue& when,
                          std::span<const std::string> keys,
                          Candidate* candidate);

// Grounds a time written without AM/PM by its other 12-hour reading,
// unless the answer writes some time on a 24-hour clock ("16:00"): there
// "05:00" is five in the morning, not a 12-hour "5:00" for 17:00.
bool GroundByTwelveHourReading(JudgeContext& context,
                               const evidence::DateTimeValue& when,
                               Candidate* candidate);

// Grounds a number by its other reading (NumberReading::alternative), if
// it has one.
bool GroundByOtherReading(JudgeContext& context,
                          const evidence::NumberReading& reading,
                          Candidate* candidate);

// For a number or an identifier the corpus does not hold as spelled
// (`key`): a date's year, an identifier's part or last digits, a sign the
// wording dropped, in that order.
bool GroundByRespelling(JudgeContext& context, const std::string& key,
                        Candidate* candidate);

// For an identifier the corpus does not hold as spelled (`key`), one the
// answer made of carried values: a carried path after a link scheme that
// names a file ("sandbox:/mnt/data/x.csv", "file:///tmp/x.csv"), or a
// carried host and a carried port joined by ':' ("db.internal:5432",
// "10.0.0.5:8080"), each part a whole carried value (law 2).
bool GroundByJoinedIdentifier(JudgeContext& context, const std::string& key,
                              Candidate* candidate);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_RUNG_RESPELLINGS_H_
