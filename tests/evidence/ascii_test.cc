// tests/evidence/ascii_test.cc — the byte tests the readers share
// (evidence/ascii.h).
//
// Its one job: pin HoldsAtIgnoreCase, the case-insensitive match at a
// place that the day-word, hedge and large-number scans use.
#include "evidence/ascii.h"

#include <doctest/doctest.h>

#include <string_view>

namespace groundgate::evidence {
namespace {

TEST_CASE("ascii: HoldsAtIgnoreCase matches at its place, whatever the case") {
  using ascii::HoldsAtIgnoreCase;
  CHECK(HoldsAtIgnoreCase("Two HUNDRED", 4, "hundred"));
  CHECK(HoldsAtIgnoreCase("a hUnDrEd", 2, "hundred"));
  CHECK(HoldsAtIgnoreCase("around", 0, "around"));
  CHECK(HoldsAtIgnoreCase("12 Or So", 2, " or so"));
  CHECK(HoldsAtIgnoreCase("abc", 3, ""));  // nothing, at the end
  // Elsewhere, past the end, or cut short.
  CHECK_FALSE(HoldsAtIgnoreCase("Two HUNDRED", 3, "hundred"));
  CHECK_FALSE(HoldsAtIgnoreCase("hundre", 0, "hundred"));
  CHECK_FALSE(HoldsAtIgnoreCase("day", 4, ""));
  CHECK_FALSE(HoldsAtIgnoreCase("day", 2, "ay"));
  // Only letters fold: a byte that is not one compares as it is.
  CHECK_FALSE(HoldsAtIgnoreCase(std::string_view("12\0or so", 8), 2, " or so"));
  CHECK_FALSE(HoldsAtIgnoreCase("@", 0, "`"));
}

}  // namespace
}  // namespace groundgate::evidence
