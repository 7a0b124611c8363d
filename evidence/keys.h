// evidence/keys.h — the derived keys both sides agree on.
//
// Its one job: name the '@' keys under which the corpus indexes a value's
// parts and the judge looks them up. No canonical form begins with '@' (it
// is leading decoration), so a derived key never meets an ordinary token.
// The date and time keys ("@date:", "@md:", "@ym:", "@time:") live with the
// date reader in extractor.h.
//
// What it does NOT do: decide when a derived key may ground a value (the
// judge does, each with its own reason code).
#ifndef GROUNDGATE_EVIDENCE_KEYS_H_
#define GROUNDGATE_EVIDENCE_KEYS_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::evidence {

// A delimited part of an identifier that holds a digit: "@part:7504069" of
// "certificate_7504069". Reason identifier_part.
inline constexpr std::string_view kPartKey = "@part:";
// Parts shorter than this are not indexed: "v2" of "api-v2" or "05" of a
// date would make short numbers grounded by accident.
inline constexpr std::size_t kMinPartBytes = 3;

// The last kTailDigits digits of a run of at least kMinTailRunDigits digits
// that ends a carried token: "@tail:1784" of "4111111111111784" or
// "card_99451784". Looked up only when the answer's wording asks for it
// ("ending in 1784", "last four digits 1784"). Reason identifier_part.
inline constexpr std::string_view kTailKey = "@tail:";
inline constexpr std::size_t kTailDigits = 4;
inline constexpr std::size_t kMinTailRunDigits = 6;

// The year of a whole carried date: "@y:1903" of "1903-04-21". An answer
// that writes "in 1903" read the date's year. Reason respelled_date.
inline constexpr std::string_view kYearKey = "@y:";

// The month of a carried or supplied date, two digits: "@m:05" of
// "2024-05-18" or "May 22nd". An answer's "May 6th" where the user named
// "the 6th" alone takes its month from it. Reason respelled_date (exempt).
inline constexpr std::string_view kMonthKey = "@m:";

// A derived key: its prefix, then the value ("@part:" + "7504069").
inline std::string DerivedKey(std::string_view prefix, std::string_view rest) {
  std::string key;
  key.reserve(prefix.size() + rest.size());
  key.append(prefix).append(rest);
  return key;
}

// "@m:05" for May.
inline std::string MonthKey(int month) {
  const char digits[] = {static_cast<char>('0' + month / 10),
                         static_cast<char>('0' + month % 10)};
  return DerivedKey(kMonthKey, std::string_view(digits, 2));
}

}  // namespace groundgate::evidence

#endif  // GROUNDGATE_EVIDENCE_KEYS_H_
