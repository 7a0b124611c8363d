// stages/wording.h — the few words around a value that change how it is read.
//
// Its one job: say whether the answer's wording just before a value licenses
// a lookup the value's own spelling does not: a sign the answer dropped
// because its words carry it ("a refund of $6,594" for a carried -6594), or
// the last digits of a longer number ("the card ending in 1784").
//
// What it does NOT do: look anything up, or read past the line the value is
// on. It compares ASCII words case-insensitively; other languages' wording
// is not read (a value then stays unsupported: a flag, never a false
// grounding).
#ifndef GROUNDGATE_STAGES_WORDING_H_
#define GROUNDGATE_STAGES_WORDING_H_

#include <cstddef>
#include <string_view>

namespace groundgate::stages {

// How far back, in bytes, a cue may sit before its value (same line only).
inline constexpr std::size_t kMaxCueDistance = 48;

// True when a word of refund, credit, decrease or loss ("refund",
// "refunded", "credited", "decrease", "reduction", "discount", "deducted",
// "returned", "lost", "fell", "negative", ...), or of a difference or
// charge ("additional", "difference", "charged", "extra"), sits within
// kMaxCueDistance bytes before `start` on the same line.
bool SaysSignDropped(std::string_view answer, std::size_t start);

// True when the value ending at `end` is a coordinate in the southern or
// western hemisphere: a degree sign or "degrees", then S, W, South or West
// ("84.5041°W", "33.9 ° S", "12 degrees south"). A carried -84.5041 is
// that coordinate with its sign written as a letter.
bool SaysSouthOrWest(std::string_view answer, std::size_t end);

// True when "ending in", "ends in", "ending with", "last four", "last 4" or
// "last digits" sits within kMaxCueDistance bytes before `start` on the
// same line.
bool AsksForLastDigits(std::string_view answer, std::size_t start);

// True when the line says the value was computed: "total", "sum",
// "combined", "altogether", "in all", "overall", "subtotal", "refund",
// "remaining", "balance", "difference", "saving", "each", "=" or "+"
// within kMaxCueDistance bytes before `start` on the same line.
bool SaysComputed(std::string_view answer, std::size_t start);

// Which computations the words before a value name, on its line within
// kMaxCueDistance bytes: a sum ("total", "sum", "combined", "altogether",
// "in all", "overall", "subtotal"), a difference ("refund", "remaining",
// "balance", "difference", "saving", "save", "left"), or either (a rate:
// "each", "per "). All false when the line says none.
struct ComputationCue {
  bool sum = false;
  bool difference = false;
};
ComputationCue ComputationNamed(std::string_view answer, std::size_t start);

// True when "remaining", "remains" or "left" follows the value ending at
// `end` (one space between): "$125 remaining", "$6 left" name what is left
// of an amount, a difference.
bool SaysRemainderAfter(std::string_view answer, std::size_t end);

// True when "per" and a singular noun of what is counted follow the value
// ending at `end` (one space between each; "**" between value and "per"
// allowed): "$38 per passenger", "$120 per night" name one share of an
// amount counted that many times.
bool SaysPerCountAfter(std::string_view answer, std::size_t end);

// True when the line of the value at [start, end) calls it a span of time,
// within kMaxCueDistance bytes before or after it: "hour", "minute",
// "mins", "hrs", "duration", "until", "left" ("1 hour (01:00)", "the time
// until lunch is 01:30"). A clock time in a schedule ("Departure: 05:00
// EST") has none.
bool SaysDuration(std::string_view answer, std::size_t start, std::size_t end);

// True when the words right before `start` call what follows a tool, a
// function or an API the model may call: the noun alone or with a link
// ("the `get_webpage` tool" is IsCallName's; here "the tool `get_webpage`",
// "the relevant tool would be `get_webpage`", "the function to use is
// `send_email`"), or a verb of calling ("call `get_channels`", "invoking
// `search_files`"). A name told so is an action the model takes or
// weighs, not a value it states, even where the trace keeps no tool list.
// "the tool returned `ORD_8812`" and "the order is `ORD_8812`" are not.
bool SaysCallNameBefore(std::string_view answer, std::size_t start);

}  // namespace groundgate::stages

#endif  // GROUNDGATE_STAGES_WORDING_H_
