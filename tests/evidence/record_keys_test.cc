// tests/evidence/record_keys_test.cc — a plain word's keys, written
// directly, are the keys reading it gives.
//
// ForEachOwnKey writes the one key of a word of ASCII letters without
// ReadToken (IsPlainWord); every other token is read. These cases hold the
// short cut to ForEachReadKey's answer over every word of one to three
// letters in four patterns of case, words at and past the length limit,
// and tokens that are not plain words. They do not test what the keys of
// other tokens are (corpus_test.cc, canonical_test.cc).
#include "evidence/record_keys.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace groundgate::evidence {
namespace {

using Keys = std::vector<std::pair<std::string, bool>>;

Keys OwnKeys(std::string_view token) {
  Keys keys;
  ForEachOwnKey(token, [&](std::string_view key, bool exact) {
    keys.emplace_back(std::string(key), exact);
  });
  return keys;
}

Keys ReadKeys(std::string_view token) {
  Keys keys;
  ForEachReadKey(token, [&](std::string_view key, bool exact) {
    keys.emplace_back(std::string(key), exact);
  });
  return keys;
}

TEST_CASE("a plain word's one key is its lowercase form, as reading gives") {
  const Keys keys = OwnKeys("Seattle");
  REQUIRE(keys.size() == 1);
  CHECK(keys[0].first == "seattle");
  CHECK(keys[0].second);
  CHECK(OwnKeys("Seattle") == ReadKeys("Seattle"));
}

TEST_CASE("every word of one to three letters has the keys reading gives") {
  std::size_t compared = 0;
  std::string word;
  for (int length = 1; length <= 3; ++length) {
    std::vector<int> at(static_cast<std::size_t>(length), 0);
    while (true) {
      for (char first : {'a', 'A'}) {
        for (char rest : {'a', 'A'}) {
          word.clear();
          for (int i = 0; i < length; ++i) {
            word.push_back(static_cast<char>((i == 0 ? first : rest) + at[i]));
          }
          const Keys own = OwnKeys(word);
          if (own != ReadKeys(word)) FAIL_CHECK("differs for " << word);
          ++compared;
        }
      }
      int i = length - 1;
      while (i >= 0 && ++at[i] == 26) at[i--] = 0;
      if (i < 0) break;
    }
  }
  CHECK(compared == 4 * (26 + 26 * 26 + 26 * 26 * 26));
}

TEST_CASE("words at and past the plain word's length limit") {
  for (std::size_t length : {kMaxPlainWordBytes - 1, kMaxPlainWordBytes,
                             kMaxPlainWordBytes + 1, 3 * kMaxPlainWordBytes}) {
    std::string word(length, 'q');
    word[0] = 'Z';
    CAPTURE(length);
    CHECK(IsPlainWord(word) == (length <= kMaxPlainWordBytes));
    CHECK(OwnKeys(word) == ReadKeys(word));
  }
}

TEST_CASE("tokens that are not plain words are read") {
  for (std::string_view token :
       {"",        "HAT069",  "e5",    "0xff",  "co-op", "gift_card",
        "a.b",     "a@b.com", "Zoë",   "naïve", "don't", "[x]",
        "`a`",     "A{",      "@home", "k",     "inf",   "nan",
        "ABC+DEF", "7-day",   "65K",   "x86",   "Straße"}) {
    CAPTURE(token);
    bool plain = !token.empty();
    for (const char c : token) {
      plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
    }
    CHECK(IsPlainWord(token) == plain);
    CHECK(OwnKeys(token) == ReadKeys(token));
  }
}

}  // namespace
}  // namespace groundgate::evidence
