// evidence/digitless_identifiers.cc — ReadDigitlessIdentifier (names.h):
// values without digits that are identifiers, not prose.
//
// Its one job: tell `esxi-host-alpha`, `gift_card`, an email address, a
// URL, a hostname or an absolute path from hyphenated prose (`well-known`)
// and sentences run together, by the word list plus light inflection
// stripping and a few prefixes. What it does NOT do: read names (names.cc)
// or anything with a digit (the extractor's digit rule reads those).
#include "evidence/digitless_identifiers.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "evidence/ascii.h"
#include "evidence/canonical.h"
#include "evidence/latin_words.h"
#include "evidence/names.h"

namespace groundgate::evidence {
namespace {

using latin::IsAsciiDigit;
using latin::IsAsciiLetter;
using latin::IsAsciiLower;
using latin::IsAsciiUpper;
using latin::kMaxWordBytes;
using latin::LowerWord;

}  // namespace

namespace {

// Top-level domains that make "name.tld" a hostname. "in" and "it" are left
// out: "log.in" and "do.it" are prose run together.
constexpr std::string_view kTopLevelDomains[] = {
    "com",  "net",   "org",      "io",   "dev",  "ai",     "app", "co", "edu",
    "gov",  "mil",   "int",      "info", "biz",  "us",     "uk",  "ca", "de",
    "fr",   "jp",    "cn",       "au",   "eu",   "nl",     "ch",  "es", "cloud",
    "tech", "local", "internal", "lan",  "corp", "example"};
// File extensions that make "name.ext" a file name.
constexpr std::string_view kFileExtensions[] = {
    "json", "yaml", "yml",  "txt", "csv", "log",  "md",   "py",   "js",
    "ts",   "cc",   "cpp",  "hpp", "go",  "rs",   "java", "conf", "cfg",
    "ini",  "xml",  "html", "pdf", "sh",  "toml", "zip",  "gz",   "sql"};
// Hyphen parts that are prose though the list does not hold them alone:
// prefixes ("pre-approved", "co-pay", "ex-wife") and "Wi-Fi", "sci-fi".
constexpr std::string_view kHyphenPrefixes[] = {"pre",  "co",  "ex",   "un",
                                                "anti", "mid", "semi", "inter",
                                                "sub",  "wi",  "fi",   "sci"};

template <std::size_t N>
bool InList(const std::string_view (&list)[N], std::string_view lower) {
  return std::find(std::begin(list), std::end(list), lower) != std::end(list);
}

// One lowercase ASCII-or-Latin word: common, or common once an inflection
// is removed ("refunded", "bookings", "checking").
bool IsCommonInflected(std::string_view w) {
  if (IsCommonWord(w)) return true;
  std::array<char, kMaxWordBytes + 1> buffer{};
  for (std::string_view suffix : {"s", "es", "ed", "ing", "er", "ers"}) {
    if (w.size() <= suffix.size() + 1 || !w.ends_with(suffix)) continue;
    const std::string_view stem = w.substr(0, w.size() - suffix.size());
    if (IsCommonWord(stem)) return true;
    if (stem.size() + 1 > kMaxWordBytes) continue;
    std::copy(stem.begin(), stem.end(), buffer.begin());
    buffer[stem.size()] = 'e';  // "booking" -> "book"; "pricing" -> "price"
    if (IsCommonWord(std::string_view(buffer.data(), stem.size() + 1))) {
      return true;
    }
  }
  return false;
}

// A part of a hyphenated or colon-joined token that is prose.
bool IsProsePart(std::string_view part) {
  if (part.size() == 1) return true;  // "e-mail", "x-ray", "T-shirt"
  for (char c : part) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80 && !IsAsciiLetter(b)) return false;
  }
  const LowerWord lower(part);
  if (!lower.ok()) return false;
  return IsCommonInflected(lower.view()) ||
         InList(kHyphenPrefixes, lower.view());
}

// Splits `s` at `sep` and returns true when some non-empty part is not
// prose; *parts counts the non-empty parts.
bool HasDataPart(std::string_view s, char sep, int* parts) {
  *parts = 0;
  bool data = false;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != sep) continue;
    const std::string_view part = s.substr(begin, i - begin);
    begin = i + 1;
    if (part.empty()) continue;
    ++*parts;
    data = data || !IsProsePart(part);
  }
  return data;
}

bool IsLabelByte(unsigned char b) {
  return IsAsciiLetter(b) || b == '-' || b >= 0x80;
}

bool IsUrl(std::string_view s) {
  const std::size_t scheme_end = s.find("://");
  if (scheme_end != std::string_view::npos) {
    if (scheme_end < 2 || scheme_end + 3 >= s.size()) return false;
    for (std::size_t i = 0; i < scheme_end; ++i) {
      const auto b = static_cast<unsigned char>(s[i]);
      if (!IsAsciiLetter(b) && b != '+') return false;
    }
    return true;
  }
  if (s.size() > 4 && ascii::EqualsIgnoreCase(s.substr(0, 4), "www.")) {
    return s.find('.', 4) != std::string_view::npos;
  }
  return false;
}

// "/var/log/syslog", "~/notes/todo": two or more non-empty segments.
bool IsAbsolutePath(std::string_view s) {
  if (s.starts_with("~/")) s.remove_prefix(1);
  if (!s.starts_with('/')) return false;
  int segments = 0;
  std::size_t begin = 1;
  for (std::size_t i = 1; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '/') continue;
    if (i > begin) ++segments;
    begin = i + 1;
  }
  return segments >= 2;
}

// Labels of letters and '-' joined by dots: "api.example.com" (2+ dots and
// two labels of 2+ letters), "example.com", "config.yaml" (one dot, a known
// ending). "e.g", "U.S.A", "Ph.D" are not.
bool IsHostname(std::string_view s) {
  int dots = 0;
  int long_labels = 0;
  std::size_t begin = 0;
  std::string_view last;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '.') {
      if (!IsLabelByte(static_cast<unsigned char>(s[i])) && s[i] != '_') {
        return false;
      }
      continue;
    }
    const std::string_view label = s.substr(begin, i - begin);
    if (label.empty()) return false;
    if (label.size() >= 2) ++long_labels;
    if (i < s.size()) ++dots;
    last = label;
    begin = i + 1;
  }
  if (dots >= 2) return long_labels >= 2 && last.size() >= 2;
  if (dots != 1 || last.size() < 2 || last.size() > 8) return false;
  std::array<char, 8> lower{};
  for (std::size_t i = 0; i < last.size(); ++i) {
    auto b = static_cast<unsigned char>(last[i]);
    if (IsAsciiUpper(b)) b = static_cast<unsigned char>(b + 32);
    lower[i] = static_cast<char>(b);
  }
  const std::string_view ending(lower.data(), last.size());
  return InList(kTopLevelDomains, ending) || InList(kFileExtensions, ending);
}

bool IsEmail(std::string_view s) {
  const std::size_t at = s.find('@');
  if (at == 0 || at == std::string_view::npos ||
      s.find('@', at + 1) != std::string_view::npos) {
    return false;
  }
  const std::string_view domain = s.substr(at + 1);
  const std::size_t dot = domain.find('.');
  return dot != std::string_view::npos && dot > 0 && dot + 1 < domain.size() &&
         domain.find("..") == std::string_view::npos;
}

}  // namespace

std::string_view StripAllDecoration(std::string_view s) {
  for (;;) {
    const std::size_t before = s.size();
    s = StripDecoration(s);
    while (!s.empty() && s.front() == '*') s.remove_prefix(1);
    while (!s.empty() && s.back() == '*') s.remove_suffix(1);
    if (s.size() == before) return s;
  }
}

bool IsDigitlessIdentifier(std::string_view s) {
  if (s.empty()) return false;
  // A word of lowercase letters alone, most of an answer's, has none of
  // the marks below.
  if (std::all_of(s.begin(), s.end(), [](char c) {
        return IsAsciiLower(static_cast<unsigned char>(c));
      })) {
    return false;
  }
  bool hyphen = false;
  bool underscore_between_letters = false;
  bool at = false;
  bool dot = false;
  bool colon = false;
  bool slash = false;
  bool camel = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    switch (b) {
      case '-':
        hyphen = true;
        break;
      case '_':
        underscore_between_letters =
            underscore_between_letters ||
            (i > 0 && i + 1 < s.size() &&
             IsAsciiLetter(static_cast<unsigned char>(s[i - 1])) &&
             IsAsciiLetter(static_cast<unsigned char>(s[i + 1])));
        break;
      case '@':
        at = true;
        break;
      case '.':
        dot = true;
        break;
      case ':':
        colon = true;
        break;
      case '/':
        slash = true;
        break;
      default:
        if (IsAsciiDigit(b)) return false;  // the digit rule's
        if (IsAsciiUpper(b) && i > 0 &&
            IsAsciiLower(static_cast<unsigned char>(s[i - 1]))) {
          camel = true;
        }
        break;
    }
  }
  if (!(hyphen || underscore_between_letters || at || dot || colon || slash ||
        camel)) {
    return false;
  }
  if ((colon || slash || dot) && IsUrl(s)) return true;
  if (slash && IsAbsolutePath(s)) return true;
  if (at && IsEmail(s)) return true;
  if (dot && IsHostname(s)) return true;
  if (underscore_between_letters) return true;
  if (camel) {
    const LowerWord lower(s);
    if (!lower.ok() ||
        (!IsCommonWord(lower.view()) && !IsKnownProperNoun(lower.view()))) {
      return true;
    }
  }
  if (at || dot || slash) return false;  // not one of the shapes above
  int parts = 0;
  if (hyphen && !colon) return HasDataPart(s, '-', &parts) && parts >= 2;
  if (colon && !hyphen) return HasDataPart(s, ':', &parts) && parts >= 2;
  return false;
}

std::optional<std::string> ReadDigitlessIdentifier(std::string_view token) {
  const std::string_view s = StripAllDecoration(token);
  if (!IsDigitlessIdentifier(s)) return std::nullopt;
  std::string form = Canonicalize(s).form;
  if (form.empty()) return std::nullopt;
  return form;
}

}  // namespace groundgate::evidence
