// tests/stages/read_scopes_test.cc — the reader of an answer's scopes, days,
// times and cue words (stages/read_scopes.cc).
//
// Its one job: pin the scopes (list items with sub-items, sentences,
// table rows), the clauses, the days and times named, and the wordings that
// tell a value as an extreme or hedge it.
//
// What it does NOT do: look anything up (tests/stages/rung_records_test.cc).
#include "stages/read_scopes.h"

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::stages {
namespace {

std::vector<std::string_view> Texts(std::string_view answer,
                                    const std::vector<TextSpan>& spans) {
  std::vector<std::string_view> out;
  for (const TextSpan& s : spans) {
    out.push_back(answer.substr(s.start, s.end - s.start));
  }
  return out;
}

TextSpan SpanOf(std::string_view answer, std::string_view text) {
  const std::size_t at = answer.find(text);
  REQUIRE(at != std::string_view::npos);
  return {at, at + text.size()};
}

TEST_CASE("read_scopes: list items with their sub-items, and sentences") {
  constexpr std::string_view kAnswer =
      "Two options. Both are direct.\n\n1. HAT069\n   - Price: $174\n"
      "2. HAT139\n   - Price: $114\nBook one?";
  CHECK(Texts(kAnswer, Scopes(kAnswer)) ==
        std::vector<std::string_view>{
            "Two options.", " Both are direct.", "1. HAT069\n   - Price: $174",
            "2. HAT139\n   - Price: $114", "Book one?"});
  // A decimal point ends no sentence.
  constexpr std::string_view kNumbers = "It is 4.5 m/s. Then 3.";
  CHECK(Texts(kNumbers, Scopes(kNumbers)).size() == 2);
}

TEST_CASE("read_scopes: clauses") {
  constexpr std::string_view kAnswer =
      "On Monday it is 5, while on Tuesday it is 7; then 9";
  CHECK(Texts(kAnswer, Clauses(kAnswer, {0, kAnswer.size()})) ==
        std::vector<std::string_view>{"On Monday it is 5",
                                      " while on Tuesday it is 7", " then 9"});
  // A comma before no joiner cuts nothing.
  constexpr std::string_view kList = "It is 5, 6 or 7";
  CHECK(Clauses(kList, {0, kList.size()}).size() == 1);
}

TEST_CASE("read_scopes: the words before a value") {
  const std::string_view answer =
      "On Jan 5, the economy-fare of HAT069 is $174; gusts up to 9 m/s.";
  const std::size_t value = answer.find("$174");
  using Words = std::vector<std::string_view>;
  CHECK(WordsBefore(answer, {0, answer.size()}, {value, value + 4}, 3) ==
        Words{"of", "HAT069", "is"});
  // Fewer words than asked for: all of them, in order.
  CHECK(
      WordsBefore(answer, {0, answer.size()}, {value, value + 4}, 100) ==
      Words{"On", "Jan", "5", "the", "economy", "fare", "of", "HAT069", "is"});
  // A clause that starts inside a word counts that word from there.
  const std::size_t mid = answer.find("conomy");
  CHECK(WordsBefore(answer, {mid, answer.size()}, {value, value + 4}, 100) ==
        Words{"conomy", "fare", "of", "HAT069", "is"});
  // None asked for, none before the value, a value before the clause.
  CHECK(WordsBefore(answer, {0, answer.size()}, {value, value + 4}, 0).empty());
  CHECK(WordsBefore(answer, {value, answer.size()}, {value, value + 4}, 5)
            .empty());
  CHECK(WordsBefore(answer, {value + 2, answer.size()}, {value, value + 4}, 5)
            .empty());
  // A word that ends where the value starts is cut there.
  const std::size_t nine = answer.find("9 m/s");
  CHECK(WordsBefore(answer, {0, answer.size()}, {nine + 1, nine + 2}, 2) ==
        Words{"to", "9"});
}

TEST_CASE("read_scopes: days and times named") {
  constexpr std::string_view kAnswer =
      "On January 5th, 2024 at 2 PM, then 6 Jan, 2024-01-07 and Thursday "
      "at 14:30; not May alone or 12 apples.";
  // year, month, day, weekday, ordinal of each day named, in order.
  const auto named = [](std::string_view text) {
    std::vector<std::array<int, 5>> days;
    for (const DayMention& m : DaysNamed(text)) {
      days.push_back({m.year, m.month, m.day, m.weekday, m.ordinal});
    }
    return days;
  };
  CHECK(named(kAnswer) == std::vector<std::array<int, 5>>{{2024, 1, 5, -1, 0},
                                                          {0, 1, 6, -1, 0},
                                                          {2024, 1, 7, -1, 0},
                                                          {0, 0, 0, 3, 0}});
  // "January 7th and 8th" names two days; "day one" and "the third day"
  // name places in the stretch; "2 days" names none.
  CHECK(named("On January 7th and 8th, day one, the third day, 2 days") ==
        std::vector<std::array<int, 5>>{{0, 1, 7, -1, 0},
                                        {0, 1, 8, -1, 0},
                                        {0, 0, 0, -1, 1},
                                        {0, 0, 0, -1, 3}});
  std::vector<std::array<int, 2>> times;
  for (const TimeMention& t : TimesNamed(kAnswer)) {
    times.push_back({t.hour, t.minute});
  }
  CHECK(times == std::vector<std::array<int, 2>>{{14, 0}, {14, 30}});
}

TEST_CASE("read_scopes: periods named without a day") {
  constexpr std::string_view kAnswer =
      "In June 2021 it rose, in March it fell, in 2020 it held; "
      "on January 5th, 2024 and 3 May it did not.";
  std::vector<std::array<int, 2>> periods;
  for (const Period& p : PeriodsNamed(kAnswer, {0, kAnswer.size()})) {
    periods.push_back({p.year, p.month});
  }
  CHECK(periods ==
        std::vector<std::array<int, 2>>{{2021, 6}, {0, 3}, {2020, 0}});
}

TEST_CASE("read_scopes: extremes and hedges") {
  struct Row {
    std::string_view answer;
    std::string_view value;
    Extreme extreme;
  };
  for (const Row& row : {
           Row{"with a low of 4.95°C", "4.95", Extreme::kLeast},
           Row{"the highest gust is 15.1", "15.1", Extreme::kGreatest},
           Row{"gusts up to 15 m/s", "15", Extreme::kGreatest},
           Row{"ranging from 5°C to 13°C", "5", Extreme::kLeast},
           Row{"ranging from 5°C to 13°C", "13", Extreme::kGreatest},
           Row{"between 2.1 m/s and 4.57 m/s", "4.57", Extreme::kGreatest},
           Row{"the temperature is 7.15", "7.15", Extreme::kNone},
           Row{"a high of 9, then 7.15", "7.15", Extreme::kNone},
       }) {
    CAPTURE(row.answer);
    const TextSpan all{0, row.answer.size()};
    CHECK(ExtremeOf(row.answer, all, SpanOf(row.answer, row.value)) ==
          row.extreme);
  }
  constexpr std::string_view kHedged = "around 5 and over 60% and 7 or so";
  const TextSpan all{0, kHedged.size()};
  CHECK(Hedged(kHedged, all, SpanOf(kHedged, "5")));
  CHECK(Hedged(kHedged, all, SpanOf(kHedged, "60")));
  CHECK(Hedged(kHedged, all, SpanOf(kHedged, "7")));
  constexpr std::string_view kPlain = "it is 5";
  CHECK_FALSE(Hedged(kPlain, {0, kPlain.size()}, SpanOf(kPlain, "5")));
  constexpr std::string_view kMorning = "In the morning it is 5.";
  CHECK(NamesPartOfDay(kMorning, {0, kMorning.size()}));
}

}  // namespace
}  // namespace groundgate::stages
