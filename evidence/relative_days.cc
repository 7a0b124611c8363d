// evidence/relative_days.cc — DayShiftsNamed: a word scan, no regex.
#include "evidence/relative_days.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/ascii.h"

namespace groundgate::evidence {
namespace {

enum class Direction { kNone, kLater, kEarlier, kEither };

// The direction a word after a count of days gives it ("2 days later").
Direction DirectionOf(std::string_view w) {
  static constexpr std::array<std::string_view, 5> kLater = {
      "later", "after", "ahead", "forward", "afterwards"};
  static constexpr std::array<std::string_view, 4> kEarlier = {
      "earlier", "before", "sooner", "prior"};
  for (const std::string_view word : kLater) {
    if (w == word) return Direction::kLater;
  }
  for (const std::string_view word : kEarlier) {
    if (w == word) return Direction::kEarlier;
  }
  return w == "back" ? Direction::kEither : Direction::kNone;
}

void Add(Direction direction, int days, DayShifts* shifts) {
  switch (direction) {
    case Direction::kLater:
      shifts->AddLater(days);
      break;
    case Direction::kEarlier:
      shifts->AddEarlier(days);
      break;
    case Direction::kEither:
      shifts->AddEither(days);
      break;
    case Direction::kNone:
      break;
  }
}

// "3" or "three" (1 to kMaxDayShift), "a" and "one" alike; 0 when neither.
int CountOf(std::string_view w) {
  static constexpr std::array<std::string_view, kMaxDayShift + 1> kWords = {
      "",     "one",    "two",    "three",    "four",
      "five", "six",    "seven",  "eight",    "nine",
      "ten",  "eleven", "twelve", "thirteen", "fourteen"};
  if (w == "a" || w == "an") return 1;
  for (int n = 1; n <= kMaxDayShift; ++n) {
    if (w == kWords[static_cast<std::size_t>(n)]) return n;
  }
  if (w.empty() || w.size() > 2) return 0;
  int n = 0;
  for (const char c : w) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n <= kMaxDayShift ? n : 0;
}

// The words of `text`: runs of ASCII letters and digits, lowercased, as
// views into `*lower` (the text with its ASCII letters lowercased, one copy
// instead of one string per word).
std::vector<std::string_view> Words(std::string_view text, std::string* lower) {
  lower->assign(text);
  std::vector<std::string_view> words;
  std::size_t start = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    if (letter || digit) {
      if (letter) (*lower)[i] = static_cast<char>(c | 0x20);
      if (!in_word) start = i;
      in_word = true;
      continue;
    }
    if (in_word) {
      words.push_back(std::string_view(*lower).substr(start, i - start));
    }
    in_word = false;
  }
  if (in_word) words.push_back(std::string_view(*lower).substr(start));
  return words;
}

// True when `text` holds "day", "week" or "tomorrow", whatever the case of
// their letters: every word DayShiftsNamed reads holds one ("yesterday"
// too). One pass over the text, for every user message.
bool HoldsADayWord(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    switch (text[i] | 0x20) {  // only D and d give d, and so on
      case 'd':
        if (ascii::HoldsAtIgnoreCase(text, i + 1, "ay")) return true;
        break;
      case 'w':
        if (ascii::HoldsAtIgnoreCase(text, i + 1, "eek")) return true;
        break;
      case 't':
        if (ascii::HoldsAtIgnoreCase(text, i + 1, "omorrow")) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

// True when a digit in `text` is followed by "st", "nd", "rd" or "th",
// whatever the case: every day DaysOfMonthNamed reads is written so.
bool HoldsAnOrdinalDigit(std::string_view text) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') continue;
    const char a = static_cast<char>(text[i + 1] | 0x20);
    const char b = static_cast<char>(text[i + 2] | 0x20);
    if ((a == 's' && b == 't') || (a == 'n' && b == 'd') ||
        (a == 'r' && b == 'd') || (a == 't' && b == 'h')) {
      return true;
    }
  }
  return false;
}

}  // namespace

DayShifts DayShiftsNamed(std::string_view text) {
  DayShifts shifts;
  if (!HoldsADayWord(text)) return shifts;  // names no shift
  std::string lower;
  const std::vector<std::string_view> w = Words(text, &lower);
  auto at = [&](std::size_t i, std::ptrdiff_t offset) -> std::string_view {
    const std::ptrdiff_t j = static_cast<std::ptrdiff_t>(i) + offset;
    if (j < 0 || j >= static_cast<std::ptrdiff_t>(w.size())) return {};
    return w[static_cast<std::size_t>(j)];
  };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string_view word = w[i];
    const std::string_view before = at(i, -1);
    if (word == "tomorrow" || word == "yesterday") {
      // "the day after tomorrow", "the day before yesterday": two.
      const bool two =
          at(i, -2) == "day" && (before == "after" || before == "before");
      Add(word == "tomorrow" ? Direction::kLater : Direction::kEarlier,
          two ? 2 : 1, &shifts);
      continue;
    }
    if (word != "day" && word != "days" && word != "week" && word != "weeks") {
      continue;
    }
    const int count = CountOf(before);
    // "by two days", "by a week": a shift without a direction.
    const bool by = at(i, -2) == "by";
    Direction direction = DirectionOf(at(i, 1));
    if (direction == Direction::kNone && by) direction = Direction::kEither;
    if (word == "day") {
      if (before == "next" || before == "following") {
        direction = Direction::kLater;
      } else if (before == "previous" || before == "prior") {
        direction = Direction::kEarlier;
      } else if (before != "the" && count != 1) {
        continue;  // "every day after work": no shift
      }
      // "the day after tomorrow" is read at "tomorrow".
      if (at(i, 2) == "tomorrow" || at(i, 2) == "yesterday") continue;
      Add(direction, 1, &shifts);
    } else if (word == "days" && count > 1) {
      Add(direction, count, &shifts);
    } else if (word == "week") {
      if (before == "next" || before == "following") {
        direction = Direction::kLater;
      } else if (count != 1) {
        continue;
      }
      Add(direction, 7, &shifts);
    } else if (word == "weeks" && count == 2) {
      Add(direction, 14, &shifts);
    }
  }
  return shifts;
}

std::uint32_t DaysOfMonthNamed(std::string_view text) {
  std::uint32_t days = 0;
  // A day of the month is written with its digits and their suffix.
  if (!HoldsAnOrdinalDigit(text)) return days;
  std::string lower;
  const std::vector<std::string_view> w = Words(text, &lower);
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i - 1] != "the") continue;
    const std::string_view word = w[i];
    // One or two digits, then st, nd, rd or th.
    std::size_t digits = 0;
    int day = 0;
    while (digits < word.size() && digits < 2 && word[digits] >= '0' &&
           word[digits] <= '9') {
      day = day * 10 + (word[digits] - '0');
      ++digits;
    }
    const std::string_view suffix = word.substr(digits);
    if (digits == 0 || day < 1 || day > 31 ||
        (suffix != "st" && suffix != "nd" && suffix != "rd" &&
         suffix != "th")) {
      continue;
    }
    days |= 1u << day;
  }
  return days;
}

}  // namespace groundgate::evidence
