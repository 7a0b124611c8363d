// stages/wording.cc — cue words before a value, case-insensitive ASCII.
#include "stages/wording.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <span>
#include <string>

namespace groundgate::stages {
namespace {

// The stretch of the same line, at most kMaxCueDistance bytes, before start,
// lowercased.
std::string WindowBefore(std::string_view answer, std::size_t start) {
  start = std::min(start, answer.size());
  std::size_t begin = start > kMaxCueDistance ? start - kMaxCueDistance : 0;
  // Only the window's bytes are searched: a long answer without line
  // breaks costs kMaxCueDistance a cue, not its whole length (found by
  // profiling the fuzzer: 2% of record_judge).
  const std::size_t newline = answer.substr(begin, start - begin).rfind('\n');
  if (newline != std::string_view::npos) begin += newline + 1;
  std::string window(answer.substr(begin, start - begin));
  for (char& c : window) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return window;
}

// True when `stem` begins a word of `window` (the word may go on:
// "refund" matches "refunded", "refunds").
bool HasWordStem(std::string_view window, std::string_view stem) {
  for (std::size_t pos = window.find(stem); pos != std::string_view::npos;
       pos = window.find(stem, pos + 1)) {
    if (pos == 0 ||
        !std::isalpha(static_cast<unsigned char>(window[pos - 1]))) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool SaysSignDropped(std::string_view answer, std::size_t start) {
  // The last four: a price difference or a charge that a calculator or a
  // payment history wrote negative ("-114.0"), which prose states unsigned
  // ("an additional cost of $114 has been charged").
  static constexpr std::array<std::string_view, 20> kStems = {
      "refund", "credit",     "decrease",   "reduc",  "discount",
      "deduct", "return",     "lost",       "loss",   "fell",
      "drop",   "negative",   "minus",      "owed",   "reimburs",
      "withdr", "additional", "difference", "charge", "extra"};
  const std::string window = WindowBefore(answer, start);
  return std::any_of(kStems.begin(), kStems.end(), [&](std::string_view stem) {
    return HasWordStem(window, stem);
  });
}

bool SaysSouthOrWest(std::string_view answer, std::size_t end) {
  std::string_view rest = answer.substr(std::min(end, answer.size()));
  auto skip_spaces = [&] {
    while (rest.starts_with(' ')) rest.remove_prefix(1);
  };
  skip_spaces();
  if (rest.starts_with("\xC2\xB0") || rest.starts_with("\xC2\xBA")) {
    rest.remove_prefix(2);  // ° or º
  } else if (rest.starts_with("degrees ") || rest.starts_with("degree ")) {
    rest.remove_prefix(rest.find(' '));
  } else {
    return false;
  }
  skip_spaces();
  std::size_t letters = 0;
  while (letters < rest.size() &&
         std::isalpha(static_cast<unsigned char>(rest[letters]))) {
    ++letters;
  }
  std::string word(rest.substr(0, letters));
  if (word == "S" || word == "W") return true;
  for (char& c : word) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return word == "south" || word == "west";
}

bool AsksForLastDigits(std::string_view answer, std::size_t start) {
  static constexpr std::array<std::string_view, 7> kCues = {
      "ending in", "ends in", "ending with", "ends with",
      "last four", "last 4 ", "last digits"};
  const std::string window = WindowBefore(answer, start);
  return std::any_of(kCues.begin(), kCues.end(), [&](std::string_view cue) {
    return HasWordStem(window, cue);
  });
}

bool SaysComputed(std::string_view answer, std::size_t start) {
  static constexpr std::array<std::string_view, 15> kStems = {
      "total",      "sum",      "combined", "altogether", "in all",
      "overall",    "subtotal", "refund",   "remaining",  "balance",
      "difference", "saving",   "save",     "each",       "per "};
  const std::string window = WindowBefore(answer, start);
  if (window.find('=') != std::string::npos ||
      window.find(" + ") != std::string::npos) {
    return true;
  }
  return std::any_of(kStems.begin(), kStems.end(), [&](std::string_view stem) {
    return HasWordStem(window, stem);
  });
}

namespace {

// True when `rest` begins with one of `words`, whole (no letter after it).
bool BeginsWithWord(std::string_view rest,
                    std::span<const std::string_view> words) {
  return std::any_of(words.begin(), words.end(), [&](std::string_view word) {
    return rest.starts_with(word) &&
           (rest.size() == word.size() ||
            !std::isalpha(static_cast<unsigned char>(rest[word.size()])));
  });
}

}  // namespace

bool SaysRemainderAfter(std::string_view answer, std::size_t end) {
  static constexpr std::array<std::string_view, 3> kWords = {"remaining",
                                                             "remains", "left"};
  std::string_view rest = answer.substr(std::min(end, answer.size()));
  if (!rest.starts_with(' ')) return false;
  rest.remove_prefix(1);
  return BeginsWithWord(rest, kWords);
}

bool SaysPerCountAfter(std::string_view answer, std::size_t end) {
  static constexpr std::array<std::string_view, 13> kNouns = {
      "passenger", "person", "traveler", "traveller", "guest", "adult", "child",
      "night",     "bag",    "ticket",   "room",      "seat",  "item"};
  std::string_view rest = answer.substr(std::min(end, answer.size()));
  while (rest.starts_with("*")) rest.remove_prefix(1);
  if (!rest.starts_with(" per ")) return false;
  rest.remove_prefix(5);
  return BeginsWithWord(rest, kNouns);
}

bool SaysDuration(std::string_view answer, std::size_t start, std::size_t end) {
  static constexpr std::array<std::string_view, 7> kStems = {
      "hour", "minute", "mins", "hrs", "duration", "until", "left"};
  end = std::min(end, answer.size());
  std::string_view after = answer.substr(end, kMaxCueDistance);
  after = after.substr(0, std::min(after.find('\n'), after.size()));
  std::string window = WindowBefore(answer, start);
  window.push_back(' ');
  for (const char c : after) {
    window.push_back(
        static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return std::any_of(kStems.begin(), kStems.end(), [&](std::string_view stem) {
    return HasWordStem(window, stem);
  });
}

bool SaysCallNameBefore(std::string_view answer, std::size_t start) {
  static constexpr std::array<std::string_view, 6> kNouns = {
      "tool", "function", "api", "method", "endpoint", "command"};
  // What may stand between the noun and the name: nothing, or a link.
  static constexpr std::array<std::string_view, 7> kLinks = {
      "", " is", " was", " would be", " will be", " to use is", " to call is"};
  static constexpr std::array<std::string_view, 6> kVerbs = {
      "call", "calling", "calls", "invoke", "invoking", "invokes"};
  std::string window = WindowBefore(answer, start);
  // The span's opening backtick and markdown emphasis are not words.
  while (!window.empty() && (window.back() == '`' || window.back() == '*' ||
                             window.back() == ' ')) {
    window.pop_back();
  }
  auto ends_with_word = [&](std::string_view phrase) {
    if (!std::string_view(window).ends_with(phrase)) return false;
    const std::size_t at = window.size() - phrase.size();
    return at == 0 || !std::isalpha(static_cast<unsigned char>(window[at - 1]));
  };
  for (const std::string_view verb : kVerbs) {
    if (ends_with_word(verb)) return true;
  }
  for (const std::string_view noun : kNouns) {
    for (const std::string_view link : kLinks) {
      std::string phrase(noun);
      phrase.append(link);
      if (ends_with_word(phrase)) return true;
    }
  }
  return false;
}

ComputationCue ComputationNamed(std::string_view answer, std::size_t start) {
  static constexpr std::array<std::string_view, 7> kSumStems = {
      "total",  "sum",     "combined", "altogether",
      "in all", "overall", "subtotal"};
  static constexpr std::array<std::string_view, 7> kDifferenceStems = {
      "refund", "remaining", "balance", "difference", "saving", "save", "left"};
  static constexpr std::array<std::string_view, 2> kRateStems = {"each",
                                                                 "per "};
  const std::string window = WindowBefore(answer, start);
  auto any = [&](std::span<const std::string_view> stems) {
    return std::any_of(stems.begin(), stems.end(), [&](std::string_view stem) {
      return HasWordStem(window, stem);
    });
  };
  ComputationCue cue;
  const bool rate = any(kRateStems);
  cue.sum = rate || any(kSumStems);
  cue.difference = rate || any(kDifferenceStems);
  return cue;
}

}  // namespace groundgate::stages
