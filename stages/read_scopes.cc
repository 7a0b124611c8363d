// stages/read_scopes.cc — scopes, days, times and cue words of an answer
// (read_scopes.h).
#include "stages/read_scopes.h"

#include <algorithm>
#include <array>
#include <string>

#include "evidence/ascii.h"
#include "evidence/dates/month_names.h"

namespace groundgate::stages {

namespace ascii = evidence::ascii;

namespace {

// A word of the answer: a run of letters, digits and bytes beyond ASCII.
struct Word {
  std::size_t start = 0;
  std::size_t end = 0;
};

std::vector<Word> WordsIn(std::string_view text, std::size_t from,
                          std::size_t to) {
  std::vector<Word> words;
  // Room for a word every four bytes, most texts' share: one allocation,
  // not one per doubling.
  words.reserve((to - from) / 4 + 1);
  std::size_t i = from;
  while (i < to) {
    while (i < to && !IsWordByte(text[i])) ++i;
    const std::size_t start = i;
    while (i < to && IsWordByte(text[i])) ++i;
    if (i > start) words.push_back({start, i});
  }
  return words;
}

bool EqualsLower(std::string_view word, std::string_view lower) {
  return ascii::EqualsIgnoreCase(word, lower);
}

std::size_t LineEnd(std::string_view text, std::size_t at) {
  const std::size_t end = text.find('\n', at);
  return end == std::string_view::npos ? text.size() : end;
}

// The indent of a list item line and where its text begins; npos when the
// line is no list item ("- ", "* ", "+ ", "• ", "1. ", "2) ").
std::size_t ItemIndent(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  const std::size_t indent = i;
  std::string_view rest = line.substr(i);
  if (rest.starts_with("- ") || rest.starts_with("* ") ||
      rest.starts_with("+ ") || rest.starts_with("\xE2\x80\xA2 ")) {
    return indent;
  }
  std::size_t d = 0;
  while (d < rest.size() && ascii::IsDigit(rest[d])) ++d;
  if (d > 0 && d < 4 && d + 1 < rest.size() &&
      (rest[d] == '.' || rest[d] == ')') && rest[d + 1] == ' ') {
    return indent;
  }
  return std::string_view::npos;
}

bool IsBlank(std::string_view line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

// The sentences of [start, end): cut after '.', '!' or '?' before a space
// (not inside a number: "4.5"), keeping each cut's text.
void AddSentences(std::string_view text, std::size_t start, std::size_t end,
                  std::vector<TextSpan>* out) {
  std::size_t from = start;
  for (std::size_t i = start; i < end; ++i) {
    const char c = text[i];
    if ((c == '.' || c == '!' || c == '?') &&
        (i + 1 == end || text[i + 1] == ' ' || text[i + 1] == '\n')) {
      out->push_back({from, i + 1});
      from = i + 1;
    }
  }
  while (end > from && (text[end - 1] == '\n' || text[end - 1] == ' ' ||
                        text[end - 1] == '\r')) {
    --end;
  }
  if (from < end && !IsBlank(text.substr(from, end - from))) {
    out->push_back({from, end});
  }
}

int WeekdayOf(std::string_view word) {
  static constexpr std::array<std::string_view, 7> kNames = {
      "monday", "tuesday",  "wednesday", "thursday",
      "friday", "saturday", "sunday"};
  // 6 to 9 letters, and one more for "Mondays".
  if (word.size() < 6 || word.size() > 10) return -1;
  switch (word.front() | 0x20) {  // the letters the names open with
    case 'm':
    case 't':
    case 'w':
    case 'f':
    case 's':
      break;
    default:
      return -1;
  }
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (EqualsLower(word, kNames[i])) return static_cast<int>(i);
    // "Monday's", "Mondays"
    if (word.size() == kNames[i].size() + 1 &&
        EqualsLower(word.substr(0, kNames[i].size()), kNames[i]) &&
        (word.back() == 's' || word.back() == 'S')) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// A day of the month written as digits with an optional ordinal suffix
// ("5", "5th", "22nd"); 0 when it is none.
int DayOfMonth(std::string_view word) {
  std::size_t d = 0;
  while (d < word.size() && ascii::IsDigit(word[d])) ++d;
  if (d == 0 || d > 2) return 0;
  std::string_view suffix = word.substr(d);
  if (!suffix.empty() && !EqualsLower(suffix, "st") &&
      !EqualsLower(suffix, "nd") && !EqualsLower(suffix, "rd") &&
      !EqualsLower(suffix, "th")) {
    return 0;
  }
  const int day = std::stoi(std::string(word.substr(0, d)));
  return day >= 1 && day <= 31 ? day : 0;
}

// 1 to 7 for "one" ... "seven", "1" ... "7", "first" ... "seventh",
// "1st" ... "7th"; 0 for any other word.
int SmallOrdinal(std::string_view word) {
  static constexpr std::array<std::string_view, 7> kCardinal = {
      "one", "two", "three", "four", "five", "six", "seven"};
  static constexpr std::array<std::string_view, 7> kOrdinal = {
      "first", "second", "third", "fourth", "fifth", "sixth", "seventh"};
  for (std::size_t i = 0; i < 7; ++i) {
    if (EqualsLower(word, kCardinal[i]) || EqualsLower(word, kOrdinal[i])) {
      return static_cast<int>(i) + 1;
    }
  }
  if (!word.empty() && word.front() >= '1' && word.front() <= '7' &&
      (word.size() == 1 || DayOfMonth(word) == word.front() - '0')) {
    return word.front() - '0';
  }
  return 0;
}

// The ordinal of "day one" / "Day 2" at word i, or of "third day" /
// "3rd day" at word i; 0 when the words there are neither.
int OrdinalDay(std::string_view answer, const std::vector<Word>& words,
               std::size_t i) {
  if (i + 1 >= words.size()) return 0;
  const std::string_view a =
      answer.substr(words[i].start, words[i].end - words[i].start);
  const std::string_view b =
      answer.substr(words[i + 1].start, words[i + 1].end - words[i + 1].start);
  // The two words stand side by side, a space between.
  if (words[i + 1].start != words[i].end + 1) return 0;
  if (EqualsLower(a, "day")) {
    const int n = SmallOrdinal(b);
    // "day one", "Day 2"; not "day first".
    return n != 0 && !ascii::IsAlpha(b.back()) ? n
           : n != 0 && b.size() <= 5 && !b.ends_with("st") &&
                   !b.ends_with("nd") && !b.ends_with("rd") &&
                   !b.ends_with("th")
               ? n
               : 0;
  }
  if (EqualsLower(b, "day")) {
    const int n = SmallOrdinal(a);
    // "third day", "3rd day"; not "one day" or "2 day".
    const bool ordinal_form = a.ends_with("st") || a.ends_with("nd") ||
                              a.ends_with("rd") || a.ends_with("th");
    return ordinal_form ? n : 0;
  }
  return 0;
}

int YearOf(std::string_view word) {
  if (word.size() != 4 ||
      !std::all_of(word.begin(), word.end(), ascii::IsDigit)) {
    return 0;
  }
  const int year = std::stoi(std::string(word));
  return year >= 1900 && year <= 2100 ? year : 0;
}

int EnglishMonth(std::string_view word) {
  // An English month's name is 3 to 9 letters, the first a capital (what
  // MonthWordOf reads not from its table); the other languages' names in
  // its table are not read here.
  return evidence::dates::CapitalizedEnglishMonth(word);
}

bool IsIsoDate(std::string_view text, std::size_t at) {
  if (at + 10 > text.size()) return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!ascii::IsDigit(text[at + i])) return false;
  }
  return text[at + 4] == '-' && text[at + 7] == '-';
}

bool Contains(std::string_view haystack_lower, std::string_view needle) {
  return haystack_lower.find(needle) != std::string_view::npos;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii::Lower(c);
  return out;
}

}  // namespace

std::vector<TextSpan> Scopes(std::string_view answer) {
  std::vector<TextSpan> scopes;
  std::size_t at = 0;
  std::size_t plain_from = 0;
  bool in_plain = false;
  auto close_plain = [&](std::size_t end) {
    if (in_plain) AddSentences(answer, plain_from, end, &scopes);
    in_plain = false;
  };
  while (at < answer.size()) {
    const std::size_t end = LineEnd(answer, at);
    const std::string_view line = answer.substr(at, end - at);
    const std::size_t indent = ItemIndent(line);
    const bool table_row =
        !line.empty() &&
        line.find_first_not_of(" \t") != std::string_view::npos &&
        line[line.find_first_not_of(" \t")] == '|';
    if (indent != std::string_view::npos) {
      close_plain(at);
      // The item, its sub-items and its continuation lines.
      std::size_t item_end = end;
      std::size_t next = end + 1;
      while (next < answer.size()) {
        const std::size_t next_end = LineEnd(answer, next);
        const std::string_view next_line = answer.substr(next, next_end - next);
        if (IsBlank(next_line)) break;
        const std::size_t next_indent = ItemIndent(next_line);
        const bool deeper_item =
            next_indent != std::string_view::npos && next_indent > indent;
        const bool continuation =
            next_indent == std::string_view::npos &&
            (next_line.front() == ' ' || next_line.front() == '\t');
        if (!deeper_item && !continuation) break;
        item_end = next_end;
        next = next_end + 1;
      }
      scopes.push_back({at, item_end});
      at = item_end + 1;
      continue;
    }
    if (table_row) {
      close_plain(at);
      scopes.push_back({at, end});
    } else if (IsBlank(line)) {
      close_plain(at);
    } else if (!in_plain) {
      in_plain = true;
      plain_from = at;
    }
    at = end + 1;
  }
  close_plain(answer.size());
  return scopes;
}

std::vector<TextSpan> Clauses(std::string_view answer, TextSpan scope) {
  static constexpr std::array<std::string_view, 10> kJoiners = {
      "while",    "whereas", "but",    "and",   "with",
      "followed", "then",    "before", "after", "compared"};
  std::vector<TextSpan> clauses;
  std::size_t from = scope.start;
  for (std::size_t i = scope.start; i < scope.end; ++i) {
    const char c = answer[i];
    bool cut = c == ';' || c == '\n';
    if (c == ',') {
      std::size_t w = i + 1;
      while (w < scope.end && answer[w] == ' ') ++w;
      std::size_t w_end = w;
      while (w_end < scope.end && IsWordByte(answer[w_end])) ++w_end;
      const std::string_view next = answer.substr(w, w_end - w);
      cut =
          std::any_of(kJoiners.begin(), kJoiners.end(),
                      [&](std::string_view j) { return EqualsLower(next, j); });
    }
    if (cut) {
      if (i > from) clauses.push_back({from, i});
      from = i + 1;
    }
  }
  if (scope.end > from) clauses.push_back({from, scope.end});
  return clauses;
}

std::vector<DayMention> DaysNamed(std::string_view answer) {
  std::vector<DayMention> days;
  const std::vector<Word> words = WordsIn(answer, 0, answer.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word =
        answer.substr(words[i].start, words[i].end - words[i].start);
    if (IsIsoDate(answer, words[i].start) && word.size() == 4) {
      DayMention m;
      m.span = {words[i].start, words[i].start + 10};
      m.year = std::stoi(std::string(answer.substr(words[i].start, 4)));
      m.month = std::stoi(std::string(answer.substr(words[i].start + 5, 2)));
      m.day = std::stoi(std::string(answer.substr(words[i].start + 8, 2)));
      days.push_back(m);
      i += 2;
      continue;
    }
    // "day one", "Day 2", "the third day", "the 3rd day".
    if (const int ordinal = OrdinalDay(answer, words, i); ordinal != 0) {
      DayMention m;
      m.span = {words[i].start, words[i + 1].end};
      m.ordinal = ordinal;
      days.push_back(m);
      ++i;
      continue;
    }
    // Month and weekday names are words of three letters or more.
    if (word.size() < 3 || !ascii::IsAlpha(word.front())) continue;
    if (const int weekday = WeekdayOf(word); weekday >= 0) {
      DayMention m;
      m.span = {words[i].start, words[i].end};
      m.weekday = weekday;
      days.push_back(m);
      continue;
    }
    const int month = EnglishMonth(word);
    if (month == 0) continue;
    DayMention m;
    m.month = month;
    m.span = {words[i].start, words[i].end};
    // "January 5th(, 2024)"
    if (i + 1 < words.size()) {
      const std::string_view next = answer.substr(
          words[i + 1].start, words[i + 1].end - words[i + 1].start);
      if (const int day = DayOfMonth(next); day != 0) {
        m.day = day;
        m.span.end = words[i + 1].end;
        if (i + 2 < words.size()) {
          const std::string_view after = answer.substr(
              words[i + 2].start, words[i + 2].end - words[i + 2].start);
          if (const int year = YearOf(after); year != 0) {
            m.year = year;
            m.span.end = words[i + 2].end;
          }
        }
      }
    }
    // "5th (of) January"
    if (m.day == 0 && i >= 1) {
      std::size_t before = i - 1;
      const std::string_view prev = answer.substr(
          words[before].start, words[before].end - words[before].start);
      if (EqualsLower(prev, "of") && before >= 1) --before;
      const std::string_view day_word = answer.substr(
          words[before].start, words[before].end - words[before].start);
      if (const int day = DayOfMonth(day_word); day != 0) {
        m.day = day;
        m.span.start = words[before].start;
      }
    }
    if (m.day != 0) {
      days.push_back(m);
      // "January 7th and 8th", "5th to 7th": a second day of that month.
      std::size_t k = i + (m.year != 0 ? 3 : 2);
      if (k + 1 < words.size()) {
        const std::string_view joiner =
            answer.substr(words[k].start, words[k].end - words[k].start);
        const std::string_view next = answer.substr(
            words[k + 1].start, words[k + 1].end - words[k + 1].start);
        const int day = DayOfMonth(next);
        if (day != 0 &&
            (EqualsLower(joiner, "and") || EqualsLower(joiner, "to") ||
             EqualsLower(joiner, "through"))) {
          DayMention second = m;
          second.day = day;
          second.span = {words[k + 1].start, words[k + 1].end};
          days.push_back(second);
        }
      }
    }
  }
  return days;
}

std::vector<TimeMention> TimesNamed(std::string_view answer) {
  std::vector<TimeMention> times;
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (!ascii::IsDigit(answer[i]) || (i > 0 && IsWordByte(answer[i - 1])) ||
        (i > 0 && (answer[i - 1] == ':' || answer[i - 1] == '.'))) {
      continue;
    }
    std::size_t d = i;
    while (d < answer.size() && ascii::IsDigit(answer[d])) ++d;
    if (d - i > 2) {
      i = d;
      continue;
    }
    int hour = std::stoi(std::string(answer.substr(i, d - i)));
    int minute = 0;
    std::size_t end = d;
    bool has_minutes = false;
    if (d + 2 < answer.size() && answer[d] == ':' &&
        ascii::IsDigit(answer[d + 1]) && ascii::IsDigit(answer[d + 2])) {
      minute = std::stoi(std::string(answer.substr(d + 1, 2)));
      end = d + 3;
      has_minutes = true;
      if (end + 2 < answer.size() && answer[end] == ':' &&
          ascii::IsDigit(answer[end + 1]) && ascii::IsDigit(answer[end + 2])) {
        end += 3;
      }
    }
    // AM / PM, with or without a space and dots.
    std::size_t s = end;
    while (s < answer.size() && answer[s] == ' ') ++s;
    const std::string half = Lower(answer.substr(s, 4));
    bool marked = false;
    if (half.starts_with("am") || half.starts_with("a.m")) {
      if (hour == 12) hour = 0;
      marked = true;
    } else if (half.starts_with("pm") || half.starts_with("p.m")) {
      if (hour < 12) hour += 12;
      marked = true;
    }
    if (marked) {
      const std::size_t after = s + (half[1] == '.' ? 4 : 2);
      if (after < answer.size() && IsWordByte(answer[after]))
        marked = false;
      else
        end = std::min(after, answer.size());
    }
    const std::size_t start = i;
    i = d;
    if ((!has_minutes && !marked) || hour > 23 || minute > 59) continue;
    if (end < answer.size() && IsWordByte(answer[end]) && !marked) continue;
    times.push_back({{start, end}, hour, minute});
  }
  return times;
}

Extreme ExtremeOf(std::string_view answer, TextSpan clause, TextSpan value) {
  const std::string before =
      Lower(answer.substr(clause.start, value.start - clause.start));
  const std::string after =
      Lower(answer.substr(value.end, clause.end - value.end));
  // The nearest words before the value decide.
  const std::vector<Word> words = WordsIn(before, 0, before.size());
  const std::size_t first = words.size() > 6 ? words.size() - 6 : 0;
  static constexpr std::array<std::string_view, 9> kLeast = {
      "low",   "lowest", "minimum", "min",   "coldest",
      "least", "lows",   "minimal", "bottom"};
  static constexpr std::array<std::string_view, 12> kGreatest = {
      "high",    "highest", "maximum", "max",     "peak",   "peaks",
      "warmest", "hottest", "highs",   "peaking", "peaked", "strongest"};
  for (std::size_t k = words.size(); k > first; --k) {
    const std::string_view w = std::string_view(before).substr(
        words[k - 1].start, words[k - 1].end - words[k - 1].start);
    // Another number between the cue and the value ends the cue's reach.
    if (std::any_of(w.begin(), w.end(), ascii::IsDigit)) break;
    if (std::find(kLeast.begin(), kLeast.end(), w) != kLeast.end()) {
      return Extreme::kLeast;
    }
    if (std::find(kGreatest.begin(), kGreatest.end(), w) != kGreatest.end()) {
      return Extreme::kGreatest;
    }
    if (w == "to" && k >= 2) {
      const std::string_view prev = std::string_view(before).substr(
          words[k - 2].start, words[k - 2].end - words[k - 2].start);
      if (prev == "up") return Extreme::kGreatest;
    }
  }
  // A range: "from X to Y", "between X and Y", "ranging X-Y".
  const bool range_cue =
      Contains(before, "range") || Contains(before, "ranging") ||
      Contains(before, "from") || Contains(before, "between") ||
      Contains(before, "varying") || Contains(before, "vary");
  if (!range_cue) return Extreme::kNone;
  std::string_view tail = after;
  while (!tail.empty() && !IsWordByte(tail.front()) && tail.front() != '-' &&
         static_cast<unsigned char>(tail.front()) != 0xE2) {
    tail.remove_prefix(1);
  }
  // Skip the unit after the value ("°C", "m/s", "hPa").
  auto starts_range_joiner = [](std::string_view t) {
    return t.starts_with("to ") || t.starts_with("and ") ||
           t.starts_with("- ") || t.starts_with("-") ||
           t.starts_with("\xE2\x80\x93");
  };
  std::size_t skip = 0;
  while (skip < tail.size() && skip < 12 &&
         !starts_range_joiner(tail.substr(skip))) {
    if (ascii::IsDigit(tail[skip])) break;
    ++skip;
  }
  const std::string_view joined = tail.substr(std::min(skip, tail.size()));
  if (starts_range_joiner(joined)) {
    std::size_t j = 0;
    while (j < joined.size() && !ascii::IsDigit(joined[j]) && j < 8) ++j;
    if (j < joined.size() && ascii::IsDigit(joined[j])) return Extreme::kLeast;
  }
  // The second number of a range: "X to Y" with X just before.
  std::string_view head = before;
  while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
  for (std::string_view joiner : {"to", "and", "-", "\xE2\x80\x93"}) {
    if (head.ends_with(joiner)) {
      std::string_view rest = head.substr(0, head.size() - joiner.size());
      // the unit and spaces after the first number
      std::size_t k = rest.size();
      std::size_t steps = 0;
      while (k > 0 && !ascii::IsDigit(rest[k - 1]) && steps < 12) {
        --k;
        ++steps;
      }
      if (k > 0 && ascii::IsDigit(rest[k - 1])) return Extreme::kGreatest;
    }
  }
  return Extreme::kNone;
}

Hedge HedgeOf(std::string_view answer, TextSpan clause, TextSpan value) {
  // The words are compared whatever their case, in place: a hedge is one
  // of the last words before the value, or the words just after it.
  std::string_view b = answer.substr(clause.start, value.start - clause.start);
  while (!b.empty() && (b.back() == ' ' || b.back() == '$')) b.remove_suffix(1);
  struct Word {
    std::string_view text;
    Hedge hedge;
  };
  static constexpr std::array<Word, 16> kHedges = {{
      {"around", Hedge::kApproximate},
      {"about", Hedge::kApproximate},
      {"approximately", Hedge::kApproximate},
      {"approx", Hedge::kApproximate},
      {"roughly", Hedge::kApproximate},
      {"nearly", Hedge::kApproximate},
      {"almost", Hedge::kApproximate},
      {"close to", Hedge::kApproximate},
      {"~", Hedge::kApproximate},
      {"over", Hedge::kBound},
      {"more than", Hedge::kBound},
      {"less than", Hedge::kBound},
      {"under", Hedge::kBound},
      {"above", Hedge::kBound},
      {"below", Hedge::kBound},
      {"some", Hedge::kBound},
  }};
  for (const Word& hedge : kHedges) {
    if (b.size() >= hedge.text.size() &&
        ascii::HoldsAtIgnoreCase(b, b.size() - hedge.text.size(), hedge.text) &&
        (b.size() == hedge.text.size() ||
         !IsWordByte(b[b.size() - hedge.text.size() - 1]))) {
      return hedge.hedge;
    }
  }
  const std::string_view after = answer.substr(value.end, 16);
  if (ascii::HoldsAtIgnoreCase(after, 0, " or so")) return Hedge::kApproximate;
  if (ascii::HoldsAtIgnoreCase(after, 0, " or more") ||
      ascii::HoldsAtIgnoreCase(after, 0, "+")) {
    return Hedge::kBound;
  }
  return Hedge::kNone;
}

bool Hedged(std::string_view answer, TextSpan clause, TextSpan value) {
  return HedgeOf(answer, clause, value) != Hedge::kNone;
}

std::vector<Period> PeriodsNamed(std::string_view answer, TextSpan scope) {
  std::vector<Period> periods;
  const std::vector<Word> words = WordsIn(answer, scope.start, scope.end);
  auto word = [&](std::size_t i) {
    return answer.substr(words[i].start, words[i].end - words[i].start);
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (const int month = EnglishMonth(word(i)); month != 0) {
      const bool day_after = i + 1 < words.size() && DayOfMonth(word(i + 1));
      const bool day_before = i >= 1 && (DayOfMonth(word(i - 1)) ||
                                         (EqualsLower(word(i - 1), "of") &&
                                          i >= 2 && DayOfMonth(word(i - 2))));
      if (day_after || day_before) continue;
      // "June 2021", "in March"
      Period p{{words[i].start, words[i].end}, 0, month};
      if (i + 1 < words.size()) {
        if (const int year = YearOf(word(i + 1)); year != 0) {
          p.year = year;
          p.span.end = words[i + 1].end;
          ++i;
        }
      }
      periods.push_back(p);
      continue;
    }
    if (const int year = YearOf(word(i)); year != 0) {
      // A year closing a date ("January 5th, 2024") is no period.
      const bool closes_date =
          i >= 2 && DayOfMonth(word(i - 1)) && EnglishMonth(word(i - 2));
      const bool closes_day_first =
          i >= 2 && EnglishMonth(word(i - 1)) && DayOfMonth(word(i - 2));
      if (!closes_date && !closes_day_first) {
        periods.push_back({{words[i].start, words[i].end}, year, 0});
      }
    }
  }
  return periods;
}

bool NamesPartOfDay(std::string_view answer, TextSpan scope) {
  const std::string text =
      Lower(answer.substr(scope.start, scope.end - scope.start));
  for (std::string_view part : {"morning", "afternoon", "evening", "night",
                                "daytime", "midday", "noon", "dawn", "dusk"}) {
    if (Contains(text, part)) return true;
  }
  return false;
}

bool TellsDailyExtremes(std::string_view answer, TextSpan clause,
                        TextSpan value) {
  const std::vector<std::string_view> words =
      WordsBefore(answer, clause, value, 8);
  const auto is = [](std::string_view w, std::string_view lower) {
    return ascii::EqualsIgnoreCase(w, lower);
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view w = words[i];
    for (std::string_view daily :
         {"highs", "lows", "daytime", "nighttime", "overnight", "daily"}) {
      if (is(w, daily)) return true;
    }
    if ((is(w, "high") || is(w, "low")) && i + 1 < words.size() &&
        (is(words[i + 1], "temperatures") || is(words[i + 1], "temps"))) {
      return true;
    }
  }
  return false;
}

std::vector<std::string_view> WordsBefore(std::string_view answer,
                                          TextSpan clause, TextSpan value,
                                          std::size_t most) {
  // The words WordsIn(answer, clause.start, value.start) finds, read from
  // the value back: only the last `most` are read at all.
  std::vector<std::string_view> out;
  out.reserve(std::min<std::size_t>(most, 8));
  std::size_t i = std::min(value.start, answer.size());
  while (out.size() < most && i > clause.start) {
    while (i > clause.start && !IsWordByte(answer[i - 1])) --i;
    const std::size_t end = i;
    while (i > clause.start && IsWordByte(answer[i - 1])) --i;
    if (end > i) out.push_back(answer.substr(i, end - i));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace groundgate::stages
