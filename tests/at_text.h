// tests/at_text.h — find a verdict's candidate by the text it spans.
//
// Its one job: the lookups the judge suites share, so a case names its value
// as the answer writes it ("Beatrix Okafor", "$1,234.50") or by its
// canonical form ("41200") instead of by byte offsets.
#ifndef GROUNDGATE_TESTS_AT_TEXT_H_
#define GROUNDGATE_TESTS_AT_TEXT_H_

#include <string_view>

#include "groundgate/verdict.h"

namespace groundgate_test {

// The first candidate whose span text is `text`, or nullptr.
inline const groundgate::Candidate* AtText(const groundgate::Verdict& verdict,
                                           std::string_view answer,
                                           std::string_view text) {
  for (const groundgate::Candidate& c : verdict.candidates) {
    if (answer.substr(c.start, c.end - c.start) == text) return &c;
  }
  return nullptr;
}

// The first candidate whose canonical form is `canonical`, or nullptr.
inline const groundgate::Candidate* AtCanonical(
    const groundgate::Verdict& verdict, std::string_view canonical) {
  for (const groundgate::Candidate& c : verdict.candidates) {
    if (c.canonical == canonical) return &c;
  }
  return nullptr;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_AT_TEXT_H_
