// tests/support/cases.h — a table of cases, each row run as a SUBCASE.
//
// Its one job: the loop every table-driven suite wrote for itself. Each row
// runs in a SUBCASE of its own, named after the line of the table's caller,
// the row's number and its answer (or text), so a failing row names itself
// in the report.
//
//   ForEachCase(cases, [&](const Case& c) {
//     CHECK(Read(c.text) == c.expected);
//   });
//
// What it does NOT do: decide what a row asserts (the caller's check does),
// or judge anything (judged_cases.h runs the judge's tables).
//
// Beware: doctest runs a TEST_CASE once per SUBCASE, so what stands outside
// the table's loop runs once per row; keep set-up there free of checks that
// only make sense once.
#ifndef GROUNDGATE_TESTS_SUPPORT_CASES_H_
#define GROUNDGATE_TESTS_SUPPORT_CASES_H_

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate_test {

// What a row is called in a report: its `answer`, `text`, `token`, `word`,
// `name` or, for a pair, `first`, the first it has; else nothing but its
// number.
template <typename Row>
std::string_view RowLabel(const Row& row) {
  if constexpr (requires { std::string_view(row.answer); }) {
    return row.answer;
  } else if constexpr (requires { std::string_view(row.text); }) {
    return row.text;
  } else if constexpr (requires { std::string_view(row.token); }) {
    return row.token;
  } else if constexpr (requires { std::string_view(row.word); }) {
    return row.word;
  } else if constexpr (requires { std::string_view(row.name); }) {
    return row.name;
  } else if constexpr (requires { std::string_view(row.first); }) {
    return row.first;  // a std::pair's first, a row of two strings
  } else {
    return {};
  }
}

// Runs `check(row)` for each row of `rows` inside a SUBCASE named
// "line <caller's line>, row <i>: <label>". The line keeps two tables of
// one TEST_CASE apart; the number keeps apart two rows with one label.
// `line` defaults to the caller's line through __builtin_LINE(), which GCC
// and clang both evaluate at the call site; std::source_location would say
// the same, but clang 14 over libstdc++ 12 does not provide it.
template <typename Rows, typename Check>
void ForEachCase(const Rows& rows, Check&& check, int line = __builtin_LINE()) {
  std::size_t index = 0;
  for (const auto& row : rows) {
    const std::string name = "line " + std::to_string(line) + ", row " +
                             std::to_string(index++) + ": " +
                             std::string(RowLabel(row));
    SUBCASE(name.c_str()) { check(row); }
  }
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_CASES_H_
