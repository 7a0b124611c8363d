// tests/evidence/numeric_index_test.cc — exact rounding and derivation lookups
// over a turn's carried numbers, and the accidental-derivation rate pinned.
//
// The unit cases pin each rule of evidence/numeric_index.h (what rounds,
// what derives, what never does, determinism, the limits). The measured
// cases replay numbers drawn from tau-bench airline traces
// (sierra-research/tau-bench, MIT, historical_trajectories/gpt-4o-airline
// .json, tasks 0-9, as copied into the project's shared data set): per
// answer, the grounded numbers it shows with the result slots that carried
// them. Planted fabrications are each carried price of 50 or more in the
// answer with one digit changed (d -> d+1 mod 10; a leading 1 -> 2, other
// leading 9 -> 1), the price itself left out of the operands, keeping only
// mutants no result of the run carried. It does not test how the judge
// uses a match.
#include "evidence/numeric_index.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/cases.h"

namespace groundgate::evidence {
namespace {

using groundgate_test::ForEachCase;

// Fills an index from "value@slot,slot value@slot ...": one Add per listed
// slot, so "250@1,1" is 250 carried twice by result 1.
NumericIndex IndexOf(std::string_view spec) {
  NumericIndex index;
  std::size_t i = 0;
  while (i < spec.size()) {
    std::size_t end = spec.find(' ', i);
    if (end == std::string_view::npos) end = spec.size();
    const std::string_view item = spec.substr(i, end - i);
    const std::size_t at = item.find('@');
    const std::string_view value = item.substr(0, at);
    std::string_view slots = item.substr(at + 1);
    while (!slots.empty()) {
      std::size_t comma = slots.find(',');
      if (comma == std::string_view::npos) comma = slots.size();
      index.Add(value, static_cast<std::uint32_t>(
                           std::stoul(std::string(slots.substr(0, comma)))));
      slots.remove_prefix(std::min(slots.size(), comma + 1));
    }
    i = end + 1;
  }
  index.Prepare();
  return index;
}

std::vector<std::string_view> Words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    words.push_back(text.substr(i, end - i));
    i = end + 1;
  }
  return words;
}

std::vector<std::string> Values(const NumericMatch& match) {
  std::vector<std::string> values;
  for (const NumericOperand& operand : match.operands) {
    values.push_back(operand.value);
  }
  return values;
}

using Strings = std::vector<std::string>;
using Slots = std::vector<std::uint32_t>;

// {an answer's other grounded numbers, the planted mutants of one of its
// prices}: tasks 0-9 of the airline traces, measured by the test case
// "planted one-digit changes derived by accident" below.
struct PlantedCase {
  std::string_view scope, mutants;
};
constexpr PlantedCase kPlantedOneDigitChanges[] = {
    {"12@2 121@2 7@2", "200 110 101"},    // taubench-airline-t0-r0
    {"100@1,2 12@2 7@2", "221 131 122"},  // taubench-airline-t0-r0
    {"3@2,2,3 7@2,3 9@3 10@3,3,3,3 2@3,3,3,3,3 103@3,3,3,3 14@3 152@3 1@3 "
     "158@3",
     "203 113 104"},  // taubench-airline-t0-r0
    {"3@2,2,3 7@2,3 9@3 10@3,3,3,3 2@3,3,3,3,3 103@3,3,3,3 14@3 1@3 158@3",
     "252 162 153"},  // taubench-airline-t0-r0
    {"3@2,2,3 7@2,3 9@3 10@3,3,3,3 2@3,3,3,3,3 103@3,3,3,3 14@3 152@3 1@3",
     "258 168 159"},                  // taubench-airline-t0-r0
    {"7447@1 255@4", "350 260 251"},  // taubench-airline-t0-r0
    {"7447@1 250@1", "355 265 256"},  // taubench-airline-t0-r0
    {"7447@1 250@1", "65 56"},        // taubench-airline-t0-r0
    {"7447@1 55@7", "350 260 251"},   // taubench-airline-t0-r0
    {"7447@1 250@1,8 3@2,2,3,8 7@2,3 9@3 10@3,3,3,3 1@3,8",
     "65 56"},  // taubench-airline-t0-r0
    {"7447@1 3@2,2,3,8 7@2,3 9@3 10@3,3,3,3 1@3,8 55@7,8",
     "350 260 251"},                    // taubench-airline-t0-r0
    {"12@1 121@1 7@1", "200 110 101"},  // taubench-airline-t0-r1
    {"12@1 7@1 100@1", "221 131 122"},  // taubench-airline-t0-r1
    {"3@1,1,2,6 7@1,2 9@2 10@2,2,2,2 1@2,6 205@6",
     "200 110"},  // taubench-airline-t0-r1
    {"3@1,1,2,6 7@1,2 100@1,3,6 9@2 10@2,2,2,2 1@2,6",
     "305 215 206"},                      // taubench-airline-t0-r1
    {"12@2 121@2 7@2", "200 110 101"},    // taubench-airline-t0-r2
    {"100@1,2 12@2 7@2", "221 131 122"},  // taubench-airline-t0-r2
    {"7447@1 250@1,6 3@2,2,3,6 7@2,3 9@3 10@3,3,3,3 1@3,6",
     "65 56"},  // taubench-airline-t0-r2
    {"7447@1 3@2,2,3,6 7@2,3 9@3 10@3,3,3,3 1@3,6 55@6",
     "350 260 251"},                      // taubench-airline-t0-r2
    {"12@2 121@2 7@2", "200 110 101"},    // taubench-airline-t0-r3
    {"100@1,2 12@2 7@2", "221 131 122"},  // taubench-airline-t0-r3
    {"250@1,6 3@2,2,3,6 7@2,3 9@3 10@3,3,3,3 1@3,6",
     "65 56"},  // taubench-airline-t0-r3
    {"3@2,2,3,6 7@2,3 9@3 10@3,3,3,3 1@3,6 55@6",
     "350 260 251"},  // taubench-airline-t0-r3
    {"7447@1 3@2,2,3,6,10 7@2,3 9@3 10@3,3,3,3 1@3,6,10",
     "405 315 306"},            // taubench-airline-t0-r3
    {"7447@1", "405 315 306"},  // taubench-airline-t0-r3
    {"7447@1 3@2,2,3,6,10,11,13 7@2,3 9@3 10@3,3,3,3 1@3,6,10,11,13",
     "405 315 306"},                               // taubench-airline-t0-r3
    {"7803@1 7136@2 1@3", "5420 4520 4430 4421"},  // taubench-airline-t2-r3
    {"7803@1 1@3 4420@4", "8136 7236 7146 7137"},  // taubench-airline-t2-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "90 81"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 8@10,10,10 "
     "80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "212"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "230 140"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 3@8,10 "
     "112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "242 152 143"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 246@10,10,10 5@10,10,10,10 8@10,10,10 "
     "80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "270 180 171"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 5@10,10,10,10 8@10,10,10 "
     "80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "346 256 247"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 80@10,10,10,10 130@10,10 378@10,10 338@10,10",
     "397 207 298"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 80@10,10,10,10 130@10,10 378@10,10 297@10",
     "348 339"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 438@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 "
     "8@10,10,10 80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "478 388 379"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 142@4,10 1@4,6,7,10,10,10 4@5 "
     "3@8,10 112@10,10 170@10,10,10 246@10,10,10 5@10,10,10,10 8@10,10,10 "
     "80@10,10,10,10 130@10,10 378@10,10 338@10,10 297@10",
     "538 448 439"},  // taubench-airline-t3-r0
    {"2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 "
     "5@10,10,10,10,13 130@10,10 378@10,10 338@10,10",
     "90 81"},  // taubench-airline-t3-r0
    {"2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 "
     "5@10,10,10,10,13 80@10,10,10,10 378@10,10 338@10,10",
     "230 140"},  // taubench-airline-t3-r0
    {"2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 "
     "5@10,10,10,10,13 80@10,10,10,10 130@10,10 378@10,10",
     "348 339"},  // taubench-airline-t3-r0
    {"2@2 0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 "
     "5@10,10,10,10,13 80@10,10,10,10 130@10,10 338@10,10",
     "478 388 379"},  // taubench-airline-t3-r0
    {"0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 130@10,10",
     "209 119 100"},  // taubench-airline-t3-r0
    {"0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 109@10,10",
     "230 140"},  // taubench-airline-t3-r0
    {"250@1,1 9725@1 157@1 2@2 1@4,6,7,10,10,10 4@5 3@8,10 "
     "5@10,10,10,10,13",
     "213 123 114"},  // taubench-airline-t3-r0
    {"250@1,1 9725@1 113@1 2@2 1@4,6,7,10,10,10 4@5 3@8,10 "
     "5@10,10,10,10,13",
     "257 158"},  // taubench-airline-t3-r0
    {"250@1,1 9725@1 157@1 113@1 2@2 1@4,6,7,10,10,10 4@5 3@8,10 "
     "5@10,10,10,10,13",
     "350 260 251"},  // taubench-airline-t3-r0
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 170@7,7,7 130@7,7 3@7",
     "90 81"},  // taubench-airline-t3-r1
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "16@7,7,7 170@7,7,7 80@7,7,7,7 130@7,7 3@7",
     "212"},  // taubench-airline-t3-r1
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 170@7,7,7 80@7,7,7,7 130@7,7 3@7",
     "230 140"},  // taubench-airline-t3-r1
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 4@5 20@7,7,7,7 112@7,7 "
     "16@7,7,7 170@7,7,7 80@7,7,7,7 130@7,7 3@7",
     "242 152 143"},  // taubench-airline-t3-r1
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 80@7,7,7,7 130@7,7 3@7",
     "270 180 171"},  // taubench-airline-t3-r1
    {"2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 16@7,7,7 5@7,7,7,7,10 130@7,7",
     "90 81"},  // taubench-airline-t3-r1
    {"2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 16@7,7,7 5@7,7,7,7,10 "
     "80@7,7,7,7",
     "230 140"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 16@7,7,7 130@7,7",
     "90 81"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 16@7,7,7 80@7,7,7,7",
     "230 140"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7,13,13,13,13 142@4,7,13 "
     "1@4,6,7,7,7,13,13,13 4@5 20@7,7,7,7,13,13,13,13 16@7,7,7,13,13,13 "
     "170@7,7,7,13,13,13 130@7,7,13,13 3@7,13",
     "212"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7,13,13,13,13 142@4,7,13 "
     "1@4,6,7,7,7,13,13,13 4@5 20@7,7,7,7,13,13,13,13 112@7,7,13,13 "
     "16@7,7,7,13,13,13 170@7,7,7,13,13,13 3@7,13",
     "230 140"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7,13,13,13,13 1@4,6,7,7,7,13,13,13 "
     "4@5 20@7,7,7,7,13,13,13,13 112@7,7,13,13 16@7,7,7,13,13,13 "
     "170@7,7,7,13,13,13 130@7,7,13,13 3@7,13",
     "242 152 143"},  // taubench-airline-t3-r1
    {"6@1,11 2@2 0@2,3,3,4,5,6,7,7,7,7,13,13,13,13 142@4,7,13 "
     "1@4,6,7,7,7,13,13,13 4@5 20@7,7,7,7,13,13,13,13 112@7,7,13,13 "
     "16@7,7,7,13,13,13 130@7,7,13,13 3@7,13",
     "270 180 171"},  // taubench-airline-t3-r1
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "16@7,7,7 170@7,7,7 130@7,7 378@7,7 338@7,7 3@7",
     "212"},  // taubench-airline-t3-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 170@7,7,7 378@7,7 338@7,7 3@7",
     "230 140"},  // taubench-airline-t3-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 4@5 20@7,7,7,7 112@7,7 "
     "16@7,7,7 170@7,7,7 130@7,7 378@7,7 338@7,7 3@7",
     "242 152 143"},  // taubench-airline-t3-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 130@7,7 378@7,7 338@7,7 3@7",
     "270 180 171"},  // taubench-airline-t3-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 170@7,7,7 130@7,7 378@7,7 3@7",
     "348 339"},  // taubench-airline-t3-r3
    {"6@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 4@5 20@7,7,7,7 "
     "112@7,7 16@7,7,7 170@7,7,7 130@7,7 338@7,7 3@7",
     "478 388 379"},  // taubench-airline-t3-r3
    {"2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 20@7,7,7,7 16@7,7,7 170@7,7,7 "
     "5@7,7,7,7,11 3@7",
     "242 152 143"},  // taubench-airline-t3-r3
    {"2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 20@7,7,7,7 16@7,7,7 "
     "5@7,7,7,7,11 3@7",
     "270 180 171"},  // taubench-airline-t3-r3
    {"9725@1 2@2 0@2,3,3,4,5,6,7,7,7,7 1@4,6,7,7,7 20@7,7,7,7 16@7,7,7 "
     "170@7,7,7 5@7,7,7,7,11",
     "242 152 143"},  // taubench-airline-t3-r3
    {"9725@1 2@2 0@2,3,3,4,5,6,7,7,7,7 142@4,7 1@4,6,7,7,7 20@7,7,7,7 "
     "16@7,7,7 5@7,7,7,7,11",
     "270 180 171"},            // taubench-airline-t3-r3
    {"6437@1", "309 219 200"},  // taubench-airline-t4-r0
    {"0@2,2,3,4,4,5,5,5 1@3,5,5,5,5,5 110@5 2@5 153@5 12@5,5,5,5,5,5,5,5,5 "
     "155@5,5 20@5,5,5,5,5 7@5,5,5,5 185@5,5,5,5 13@5,5,5,5,5 6@5 9@5 11@5",
     "204"},  // taubench-airline-t4-r2
    {"0@2,2,3,4,4,5,5,5 1@3,5,5,5,5,5 2@5 153@5 12@5,5,5,5,5,5,5,5,5 "
     "155@5,5 20@5,5,5,5,5 7@5,5,5,5 185@5,5,5,5 104@5,5 13@5,5,5,5,5 6@5 "
     "9@5 11@5",
     "210 120 111"},  // taubench-airline-t4-r2
    {"0@2,2,3,4,4,5,5,5 1@3,5,5,5,5,5 110@5 2@5 12@5,5,5,5,5,5,5,5,5 "
     "155@5,5 20@5,5,5,5,5 7@5,5,5,5 185@5,5,5,5 104@5,5 13@5,5,5,5,5 6@5 "
     "9@5 11@5",
     "253 163 154"},  // taubench-airline-t4-r2
    {"0@2,2,3,4,4,5,5,5 1@3,5,5,5,5,5 110@5 2@5 153@5 12@5,5,5,5,5,5,5,5,5 "
     "20@5,5,5,5,5 7@5,5,5,5 185@5,5,5,5 104@5,5 13@5,5,5,5,5 6@5 9@5 11@5",
     "255 156"},  // taubench-airline-t4-r2
    {"0@2,2,3,4,4,5,5,5 1@3,5,5,5,5,5 110@5 2@5 153@5 12@5,5,5,5,5,5,5,5,5 "
     "155@5,5 20@5,5,5,5,5 7@5,5,5,5 185@5,5,5,5 104@5,5 13@5,5,5,5,5 6@5 "
     "9@5 11@5",
     "285 195 186"},                          // taubench-airline-t4-r2
    {"280@1 3848@1 6437@1", "70 61"},         // taubench-airline-t4-r2
    {"3848@1 6437@1 60@4,8", "380 290 281"},  // taubench-airline-t4-r2
    {"280@1,9 6437@1 0@2,2,3,4,4,5,5,5,9,9 1@3,5,5,5,5,5 2@5",
     "70 61"},  // taubench-airline-t4-r2
    {"6437@1 0@2,2,3,4,4,5,5,5,9,9 1@3,5,5,5,5,5 60@4,8,9 2@5",
     "380 290 281"},                 // taubench-airline-t4-r2
    {"0@2,2", "930 840 831"},        // taubench-airline-t5-r0
    {"0@2,2,3,4,4", "261 171 162"},  // taubench-airline-t5-r0
    {"2787@2 0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 14@3,3,3 "
     "1@3 207@5",
     "202 103"},  // taubench-airline-t6-r0
    {"2787@2 0@2,2,3,3,3,3 16@3,3,3,3,3,3 2@3,3,3,3 102@3,3 14@3,3,3 1@3 "
     "207@5",
     "205 115 106"},  // taubench-airline-t6-r0
    {"2787@2 0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
     "14@3,3,3 1@3",
     "307 217 208"},  // taubench-airline-t6-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 14@3,3,3 "
     "1@3 207@5",
     "3787 2887 2797 2788"},  // taubench-airline-t6-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 190@3,3 17@3,3 18@3,3 14@3,3,3",
     "205 115 106"},  // taubench-airline-t6-r1
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 17@3,3 18@3,3 14@3,3,3",
     "290 100 191"},  // taubench-airline-t6-r1
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 1@3",
     "204 114"},  // taubench-airline-t6-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 190@3,3 2@3,3,3,3 19@3,3,3,3,3 17@3,3 "
     "18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "205 115 106"},  // taubench-airline-t6-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 104@3 1@3",
     "212 122 113"},  // taubench-airline-t6-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 19@3,3,3,3,3 "
     "17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "290 100 191"},                                // taubench-airline-t6-r2
    {"2787@2 0@2,2 5@3 112@3 1@4", "204 114 105"},  // taubench-airline-t6-r3
    {"2787@2 0@2,2 5@3 104@4 1@4", "212 122 113"},  // taubench-airline-t6-r3
    {"0@2,2 5@3 112@3 104@4 1@4",
     "3787 2887 2797 2788"},  // taubench-airline-t6-r3
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 19@3,3,3,3,3 "
     "17@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "202 103"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 11@3,3,3,3 14@3,3,3 112@3,3 1@3",
     "204 114"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 2@3,3,3,3 102@3,3 19@3,3,3,3,3 17@3,3 "
     "11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "205 115 106"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 11@3,3,3,3 14@3,3,3 104@3 1@3",
     "212 122 113"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "121@4,4,4,4 243@4,4",
     "215 125 116"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "121@4,4,4,4 115@4,4 243@4,4",
     "221 131"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 "
     "121@4,4,4,4 115@4,4 243@4,4",
     "222 132 123"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "121@4,4,4,4 115@4,4",
     "343 253 244"},  // taubench-airline-t7-r0
    {"2787@2 0@2,2,3,3,3,3,4,4 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 243@4,4",
     "221 131"},  // taubench-airline-t7-r0
    {"2787@2 0@2,2,3,3,3,3,4,4 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 121@4,4,4,4 243@4,4",
     "222 132 123"},  // taubench-airline-t7-r0
    {"2787@2 0@2,2,3,3,3,3,4,4 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 121@4,4,4,4 243@4,4",
     "343 253 244"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 "
     "14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 121@4,4,4,4 243@4,4",
     "3787 2887 2797 2788"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4,5,5 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4,5 243@4,4",
     "221 131"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4,5,5 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 121@4,4,4,4,5 243@4,4",
     "222 132 123"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3,4,4,5,5 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
     "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4,5 121@4,4,4,4,5",
     "343 253 244"},  // taubench-airline-t7-r0
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "202 103"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 1@3",
     "204 114"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "205 115 106"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 104@3 1@3",
     "212 122 113"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "290 100 191"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 2@3,3,3,3 14@3,3,3 1@3",
     "3787 2887 2797 2788"},  // taubench-airline-t7-r2
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "202 103"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 1@3",
     "204 114"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "205 115 106"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 104@3 1@3",
     "212 122 113"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
     "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
     "290 100 191"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "186@4,4,4,4 121@4,4,4,4",
     "215 125 116"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "186@4,4,4,4 115@4,4",
     "221 131"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "186@4,4,4,4 121@4,4,4,4 115@4,4",
     "222 132 123"},  // taubench-airline-t7-r3
    {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
     "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
     "186@4,4,4,4 121@4,4,4,4 115@4,4",
     "286 196 187"},                               // taubench-airline-t7-r3
    {"2787@2", "343 253 244"},                     // taubench-airline-t7-r3
    {"243@4,4,5", "3787 2887 2797 2788"},          // taubench-airline-t7-r3
    {"1@4,4,4 3@5 1625@7 1436@8", "464 374 365"},  // taubench-airline-t8-r1
    {"364@3 1@4,4,4 3@5 1625@7",
     "2436 1536 1446 1437"},  // taubench-airline-t8-r1
    {"364@3 1@4,4,4 3@5 1436@8",
     "2625 1725 1635 1626"},  // taubench-airline-t8-r1
    {"198@1 500@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
     "229 139 120"},  // taubench-airline-t8-r1
    {"500@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
     "298 108 199"},  // taubench-airline-t8-r1
    {"198@1 500@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
     "350 260 251"},  // taubench-airline-t8-r1
    {"198@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
     "600 510 501"},  // taubench-airline-t8-r1
    {"198@1 500@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
     "2625 1725 1635 1626"},                           // taubench-airline-t8-r1
    {"364@3 1@4,4,4,5 259@5 833@7", "310 220 211"},    // taubench-airline-t9-r2
    {"364@3 210@4,4 1@4,4,4,5 833@7", "359 269"},      // taubench-airline-t9-r2
    {"210@4,4 1@4,4,4,5 259@5 833@7", "464 374 365"},  // taubench-airline-t9-r2
    {"364@3 210@4,4 1@4,4,4,5 259@5", "933 843 834"},  // taubench-airline-t9-r2
    {"198@1 500@1 250@1,1 1@4,4,4,5", "229 139 120"},  // taubench-airline-t9-r2
    {"500@1 129@1 250@1,1 1@4,4,4,5", "298 199"},      // taubench-airline-t9-r2
    {"198@1 500@1 129@1 250@1,1 1@4,4,4,5",
     "350 260 251"},                                   // taubench-airline-t9-r2
    {"198@1 129@1 250@1,1 1@4,4,4,5", "600 510 501"},  // taubench-airline-t9-r2
    {"2499@9 1327@10", "2172 1272 1182 1173"},         // taubench-airline-t9-r2
    {"2499@9 1172@11", "2327 1427 1337 1328"},         // taubench-airline-t9-r2
    {"1327@10 1172@11", "3499 2599 2409 2490"},        // taubench-airline-t9-r2
    {"198@1 500@1 250@1,1 1@4,4,4,5 833@7",
     "229 139 120"},  // taubench-airline-t9-r2
    {"500@1 129@1 250@1,1 1@4,4,4,5 833@7",
     "298 199"},  // taubench-airline-t9-r2
    {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
     "350 260 251"},  // taubench-airline-t9-r2
    {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
     "600 510 501"},  // taubench-airline-t9-r2
    {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
     "933 843 834"},  // taubench-airline-t9-r2
    {"500@1 250@1,1 6@3,12 1@4,4,4,5 833@7 1172@11,14",
     "350 260 251"},  // taubench-airline-t9-r2
    {"250@1,1 6@3,12 1@4,4,4,5 833@7 1172@11,14",
     "600 510 501"},  // taubench-airline-t9-r2
    {"500@1 250@1,1 6@3,12 1@4,4,4,5 833@7 1172@11,14",
     "933 843 834"},  // taubench-airline-t9-r2
    {"500@1 250@1,1 6@3,12 1@4,4,4,5 833@7",
     "2172 1272 1182 1173"},  // taubench-airline-t9-r2
};

TEST_SUITE("numeric_index") {
  TEST_CASE(
      "numeric_index: a value with more precision rounds to what the answer "
      "shows") {
    NumericIndex index =
        IndexOf("51.9433@1 1234567@2 249.99@3 0.8333333333@4 -7.25@5 130@6");
    struct Case {
      std::string_view value, step, carried;
    };
    static constexpr Case kCases[] = {
        {"51.94", "0.01", "51.9433"},
        {"51.9", "0.1", "51.9433"},
        {"52", "1", "51.9433"},
        {"1200000", "100000", "1234567"},
        {"1235000", "1000", "1234567"},
        {"250", "1", "249.99"},
        {"0.83", "0.01", "0.8333333333"},
        {"0.833333", "0.000001", "0.8333333333"},
        {"-7.3", "0.1", "-7.25"},
        {"-7.2", "0.1", "-7.25"},
    };
    ForEachCase(kCases, [&](const Case& c) {
      CAPTURE(c.value);
      std::optional<NumericMatch> match = index.FindRounded(c.value, c.step);
      REQUIRE(match.has_value());
      CHECK(match->op == NumericOp::kRounded);
      CHECK(Values(*match) == Strings{std::string(c.carried)});
    });
    CHECK(index.FindRounded("1200000", "100000")->operands[0].slots ==
          Slots{2});
  }

  TEST_CASE(
      "numeric_index: rounding never accepts truncation, equality or a coarser "
      "x") {
    NumericIndex index = IndexOf("249.99@1 249.6@2 1200000@3 130@4");
    CHECK_FALSE(index.FindRounded("249", "1"));  // truncation of 249.99, 249.6
    CHECK_FALSE(index.FindRounded("130", "1"));  // equal: carried, not rounded
    CHECK_FALSE(index.FindRounded("1234567", "1"));  // needs more digits
  }

  TEST_CASE(
      "numeric_index: rounding picks the closest carried value, the smaller on "
      "a tie") {
    NumericIndex index = IndexOf("2.46@1 2.54@2 2.5@3 2.45@4 2.55@5");
    CHECK(Values(*index.FindRounded("2.5", "0.1")) == Strings{"2.46"});
    NumericIndex tie = IndexOf("2.55@1 2.45@2");
    CHECK(Values(*tie.FindRounded("2.5", "0.1")) == Strings{"2.45"});
  }

  TEST_CASE(
      "numeric_index: rounding rejects a bad step or a value off the step") {
    NumericIndex index = IndexOf("51.9433@1");
    CHECK_FALSE(index.FindRounded("51.94", "0.02"));       // not a power of 10
    CHECK_FALSE(index.FindRounded("51.94", "0.0000001"));  // finer than 1e-6
    CHECK_FALSE(index.FindRounded("51.94", "0.1"));        // not a multiple
    CHECK_FALSE(index.FindRounded("51.94", "-0.01"));
    CHECK_FALSE(index.FindRounded("x", "0.01"));
  }

  TEST_CASE(
      "numeric_index: a total, a refund, a quantity and a percentage are "
      "derived") {
    NumericIndex index = IndexOf(
        "1679@2 1859@2 2787@3 243@4 3@1 129.5@5 10@6 2500@6 17@2 0@2 1@2");
    struct Case {
      std::string_view target;
      NumericOp op;
      Strings operands;
    };
    const Case cases[] = {
        {"3538", NumericOp::kSum, {"1679", "1859"}},
        {"2544", NumericOp::kDifference, {"2787", "243"}},
        {"388.5", NumericOp::kProduct, {"3", "129.5"}},
        {"250", NumericOp::kPercentOf, {"10", "2500"}},
    };
    ForEachCase(cases, [&](const Case& c) {
      CAPTURE(c.target);
      std::optional<NumericMatch> match = index.FindDerivation(c.target);
      REQUIRE(match.has_value());
      CHECK(NumericOpName(match->op) == NumericOpName(c.op));
      CHECK(Values(*match) == c.operands);
    });
    std::optional<NumericMatch> total = index.FindDerivation("3538");
    CHECK(total->operands[0].slots == Slots{2});
    CHECK(total->operands[1].slots == Slots{2});
  }

  TEST_CASE("numeric_index: three summands, each a real share of the total") {
    NumericIndex index = IndexOf("177@1 146@1 180@2 10@3 28@3 2172@4");
    std::optional<NumericMatch> match = index.FindDerivation("503");
    REQUIRE(match.has_value());
    CHECK(match->op == NumericOp::kSum);
    CHECK(Values(*match) == Strings{"146", "177", "180"});
    // 10 and 28 are under kMinTripleOperandSharePercent of 2210: a total
    // that leans on tiny summands is how accidental sums look.
    CHECK_FALSE(index.FindDerivation("2210"));
  }

  TEST_CASE(
      "numeric_index: what is never an operand: 0, 1, counts, one occurrence "
      "twice") {
    NumericIndex index = IndexOf("250@1 0@1 1@1 7@1 4@2 300@2 120@3");
    CHECK_FALSE(index.FindDerivation("251"));  // 250 + 1
    CHECK_FALSE(index.FindDerivation("257"));  // 250 + 7: a count
    CHECK_FALSE(index.FindDerivation("500"));  // 250 carried once
    CHECK_FALSE(index.FindDerivation("0"));
    CHECK(Values(*index.FindDerivation("1200")) == Strings{"4", "300"});
    NumericIndex twice = IndexOf("250@1 250@2");
    std::optional<NumericMatch> sum = twice.FindDerivation("500");
    REQUIRE(sum.has_value());
    CHECK(Values(*sum) == Strings{"250", "250"});
    CHECK(sum->operands[0].slots == Slots{1, 2});
  }

  TEST_CASE(
      "numeric_index: integer operands cannot make cents; exactness "
      "throughout") {
    NumericIndex index = IndexOf("1679@1 1859@1 0.1@2 0.2@2");
    CHECK_FALSE(index.FindDerivation("3538.5"));
    CHECK(Values(*index.FindDerivation("0.3")) == Strings{"0.1", "0.2"});
    NumericIndex big = IndexOf(
        "123456789012345678901234@1 0.000000001@1 100000000000000000000000@1");
    CHECK(Values(*big.FindDerivation("223456789012345678901234")) ==
          Strings{"100000000000000000000000", "123456789012345678901234"});
  }

  TEST_CASE(
      "numeric_index: what Add ignores: non-numbers, leading zeros, too many "
      "digits") {
    NumericIndex index;
    index.Add("007", 1);
    index.Add("02134", 1);
    index.Add("abc", 1);
    index.Add("1e5", 1);
    index.Add("1234567890123456789012345", 1);  // 25 integer digits
    index.Add("", 1);
    index.Add("1.", 1);
    CHECK(index.size() == 0);
    index.Add("0.5", 1);
    index.Add("-6594", 2);
    index.Add("-6594", 3);
    index.Prepare();
    CHECK(index.size() == 2);
    CHECK(index.Contains("-6594"));
    CHECK_FALSE(index.Contains("6594"));
    index.Clear();
    CHECK(index.size() == 0);
  }

  TEST_CASE(
      "numeric_index: an unprepared index answers nothing; Prepare makes it "
      "answer") {
    NumericIndex index;
    index.Add("1679", 1);
    index.Add("1859", 1);
    CHECK_FALSE(index.prepared());
    CHECK_FALSE(index.FindDerivation("3538"));
    index.Prepare();
    CHECK(index.FindDerivation("3538"));
  }

  TEST_CASE(
      "numeric_index: a scope keeps the computations its caller's words name") {
    NumericIndex index = IndexOf("365@1 69@1 105@2 190@2 2@3 104@3");
    DerivationScope sums_only;
    sums_only.differences = false;
    sums_only.carried_quantities = false;
    CHECK(Values(*index.FindDerivation("295", nullptr, sums_only)) ==
          Strings{"105", "190"});
    CHECK_FALSE(index.FindDerivation("296", nullptr, sums_only));  // 365 - 69
    CHECK(index.FindDerivation("296").has_value());  // the default: any
    CHECK_FALSE(index.FindDerivation("208", nullptr, sums_only));  // 2 * 104
    // A count the caller names multiplies, carried or not; it has no slot.
    DerivationScope named = sums_only;
    named.named_quantities = 1u << 3;
    const std::optional<NumericMatch> tripled =
        index.FindDerivation("312", nullptr, named);
    REQUIRE(tripled.has_value());
    CHECK(tripled->op == NumericOp::kProduct);
    CHECK(Values(*tripled) == Strings{"3", "104"});
    CHECK(tripled->operands[0].slots.empty());
    CHECK(tripled->operands[1].slots == Slots{3});
  }

  TEST_CASE("numeric_index: the answer does not depend on insertion order") {
    // 300 = 100 + 200 (slots 1, 2) = 120 + 180 (slots 1, 3) = 150 + 150
    // (slots 4, 5) = 400 - 100 (slots 1, 6): the earliest slots win.
    const std::string_view kForward = "100@1 200@2 120@1 180@3 150@4,5 400@6";
    const std::string_view kBackward = "400@6 150@5,4 180@3 120@1 200@2 100@1";
    for (std::string_view spec : {kForward, kBackward}) {
      NumericIndex index = IndexOf(spec);
      std::optional<NumericMatch> match = index.FindDerivation("300");
      REQUIRE(match.has_value());
      CHECK(match->op == NumericOp::kSum);
      CHECK(Values(*match) == Strings{"100", "200"});
    }
  }

  TEST_CASE(
      "numeric_index: limits: the first kMaxNumericValues values, triples "
      "skipped") {
    NumericIndex index;
    for (std::size_t i = 0; i < kMaxNumericValues + 10; ++i) {
      index.Add(std::to_string(1000 + i), static_cast<std::uint32_t>(i));
    }
    index.Add("1000", 99999);  // a kept value still gains the slot
    index.Prepare();
    CHECK(index.size() == kMaxNumericValues);
    CHECK(index.truncated());
    CHECK_FALSE(index.Contains(std::to_string(1000 + kMaxNumericValues)));
    bool skipped = false;
    // Cents from integers: no pair; too many summands for triples.
    CHECK_FALSE(index.FindDerivation("1999.5", &skipped));
    CHECK(skipped);
    CHECK(Values(*index.FindRounded("1000", "10")) == Strings{"1001"});
  }

  TEST_CASE(
      "numeric_index: real totals and refunds from airline answers are "
      "derived") {
    // {the grounded numbers the answer shows, the amount it computed}.
    struct Case {
      std::string_view scope, target;
    };
    static constexpr Case kCases[] = {
        {"7447@1 250@1 55@7", "305"},  // taubench-airline-t0-r0: sum 55 250
        {"7447@1 250@1,6 3@2,2,3,6 7@2,3 9@3 10@3,3,3,3 1@3,6 55@6",
         "305"},  // taubench-airline-t0-r2: sum 55 250
        {"0@2,3,3,4,5,6,7,8,10,10,10,10 1@4,6,7,10,10,10 4@5 130@10,10 "
         "109@10,10",
         "239"},  // taubench-airline-t3-r0: sum 109 130
        {"280@1 3848@1 6437@1 60@4,8",
         "340"},  // taubench-airline-t4-r2: sum 60 280
        {"280@1,9 6437@1 0@2,2,3,4,4,5,5,5,9,9 1@3,5,5,5,5,5 60@4,8,9 2@5",
         "340"},  // taubench-airline-t4-r2: sum 60 280
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 17@3,3 18@3,3 "
         "14@3,3,3",
         "295"},  // taubench-airline-t6-r1: sum 105 190
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
         "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "295"},  // taubench-airline-t6-r2: sum 105 190
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 "
         "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "216"},  // taubench-airline-t6-r2: sum 104 112
        {"2787@2 0@2,2 5@3 112@3 104@4 1@4",
         "216"},  // taubench-airline-t6-r3: sum 104 112
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
         "19@3,3,3,3,3 17@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "207"},  // taubench-airline-t7-r0: sum 102 105
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 2@3,3,3,3 102@3,3 "
         "19@3,3,3,3,3 17@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "216"},  // taubench-airline-t7-r0: sum 104 112
        {"0@2,2,3,3,3,3,4,4 9@3,3,3,3 16@3,3,3,3,3,3 7@3,3 "
         "2@3,3,3,3,4,4,4,4,4,4,4,4 18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 "
         "121@4,4,4,4 115@4,4 243@4,4",
         "236"},  // taubench-airline-t7-r0: sum 115 121
        {"2787@2 0@2,2,3,3,3,3,4,4 16@3,3,3,3,3,3 2@3,3,3,3,4,4,4,4,4,4,4,4 "
         "18@3,3 14@3,3,3,4,4,4,4 1@3,4,4 122@4,4 121@4,4,4,4 243@4,4",
         "2544"},  // taubench-airline-t7-r0: diff 2787 243
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
         "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "295"},  // taubench-airline-t7-r2: sum 105 190
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
         "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "207"},  // taubench-airline-t7-r2: sum 102 105
        {"0@2,2,3,3,3,3 16@3,3,3,3,3,3 105@3,3,3,3 190@3,3 2@3,3,3,3 102@3,3 "
         "19@3,3,3,3,3 17@3,3 18@3,3 11@3,3,3,3 14@3,3,3 112@3,3 104@3 1@3",
         "216"},                       // taubench-airline-t7-r2: sum 104 112
        {"2787@2 243@4,4,5", "2544"},  // taubench-airline-t7-r3: diff 2787 243
        {"364@3 1@4,4,4 3@5 1625@7 1436@8",
         "189"},  // taubench-airline-t8-r1: diff 1625 1436
        {"198@1 500@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
         "1000"},  // taubench-airline-t8-r1: prod 4 250
        {"198@1 500@1 129@1 250@1,1 1@4,4,4 4@4,4,4,5 3@5 1625@7",
         "327"},  // taubench-airline-t8-r1: sum 129 198
        {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
         "333"},  // taubench-airline-t9-r2: diff 833 500
        {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
         "583"},  // taubench-airline-t9-r2: diff 833 250
        {"198@1 500@1 129@1 250@1,1 1@4,4,4,5 833@7",
         "327"},  // taubench-airline-t9-r2: sum 129 198
        {"500@1 250@1,1 6@3,12 1@4,4,4,5 833@7 1172@11,14",
         "583"},  // taubench-airline-t9-r2: diff 833 250
    };
    ForEachCase(kCases, [&](const Case& c) {
      CAPTURE(c.target);
      CHECK(IndexOf(c.scope).FindDerivation(c.target).has_value());
    });
  }

  TEST_CASE(
      "numeric_index: measured: planted one-digit changes derived by "
      "accident") {
    int planted = 0;
    int derived = 0;
    for (const PlantedCase& c : kPlantedOneDigitChanges) {
      NumericIndex index = IndexOf(c.scope);
      for (std::string_view mutant : Words(c.mutants)) {
        ++planted;
        if (index.FindDerivation(mutant)) ++derived;
      }
    }
    std::printf("numeric_index: answer scope, %d of %d planted derived\n",
                derived, planted);
    // Pinned both ways: more means the rules loosened, fewer that they
    // stopped looking (the real cases above pin what must still match).
    CHECK(planted == 429);
    CHECK(derived == 32);
  }

  TEST_CASE(
      "numeric_index: measured: over a whole turn's numbers, derivation means "
      "little") {
    // Every number one airline turn's results carried (144, 51 distinct:
    // prices, seat counts, bags), the fixed set of one real turn.
    const std::string_view kTurn =
        "0@5,5,5 17@5,5,5,5,5,5 1@5,5,5,5,5 89@5 110@5 397@5 5@5,5,5 2@5 "
        "18@5,5,5,5,5 83@5,5,5,5,5 153@5 257@5 10@5,5,5,5,5 15@5,5,5,5,5,5,5,5 "
        "12@5,5,5,5,5,5,5,5,5 84@5,5 155@5,5 320@5,5 19@5,5,5,5 20@5,5,5,5,5 "
        "73@5,5,5,5 105@5,5,5,5 355@5,5,5,5 7@5,5,5,5 185@5,5,5,5 473@5,5,5,5 "
        "4@5,5 78@5,5 104@5,5 477@5,5 8@5,5,5 66@5,5,5 114@5,5,5 458@5,5,5 "
        "13@5,5,5,5,5 55@5,5 152@5,5 265@5,5 72@5,5,5 117@5,5,5 242@5,5,5 6@5 "
        "9@5 87@5 196@5 453@5 14@5 11@5 62@5 199@5 229@5";
    NumericIndex index = IndexOf(kTurn);
    int planted = 0;
    int derived = 0;
    for (std::string_view word : Words(kTurn)) {
      const std::string value(word.substr(0, word.find('@')));
      if (std::stol(value) < 50) continue;
      for (std::size_t i = 0; i < value.size(); ++i) {
        std::string mutant = value;
        int digit = (mutant[i] - '0' + 1) % 10;
        if (i == 0 && digit == 0) digit = mutant[0] == '1' ? 2 : 1;
        mutant[i] = static_cast<char>('0' + digit);
        if (index.Contains(mutant)) continue;
        ++planted;
        if (index.FindDerivation(mutant)) ++derived;
      }
    }
    std::printf("numeric_index: whole turn, %d of %d planted derived\n",
                derived, planted);
    CHECK(planted == 79);
    CHECK(derived == 79);
  }
}

}  // namespace
}  // namespace groundgate::evidence
