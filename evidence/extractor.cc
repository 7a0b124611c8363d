// evidence/extractor.cc — the conservative rule for what is data
// (extractor.h). Dates and clock times: evidence/dates/.
#include "evidence/extractor.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "evidence/ascii.h"
#include "evidence/dates/field_bytes.h"
#include "evidence/dates/numeric_dates.h"
#include "evidence/units.h"

namespace groundgate::evidence {
namespace {

using dates::IsLetterByte;
using dates::ReadYear;

bool IsIdentifierMark(char c) {
  return c == ':' || c == '_' || c == '-' || c == '/' || c == '.';
}

// Code points in UTF-8 text (continuation bytes do not count).
std::size_t CodePoints(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// "24/7", "9/11", "1/2": one or two digits each side of a slash is prose (a
// schedule, a fraction), not a value.
bool IsShortRatio(std::string_view form) {
  const std::size_t slash = form.find('/');
  if (slash == std::string_view::npos) return false;
  const std::string_view a = form.substr(0, slash);
  const std::string_view b = form.substr(slash + 1);
  auto short_digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 2 &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
  };
  return short_digits(a) && short_digits(b);
}

}  // namespace

TokenValue ReadToken(std::string_view token) {
  TokenValue value;
  value.canonical = Canonicalize(token);
  if (!value.canonical.is_number && !value.canonical.form.empty()) {
    const std::string_view number = NumberBeforeUnit(value.canonical.form);
    if (!number.empty()) {
      CanonicalNumber(number, &value.number_before_unit);
    }
  }
  return value;
}

struct Extractor::Patterns {
  std::unique_ptr<RE2::Set> shapes;  // null when none were declared
  std::unique_ptr<RE2::Set> exempt;  // null when none were declared
};

absl::StatusOr<std::unique_ptr<Extractor>> Extractor::Create(
    const GateOptions& options) {
  if (options.min_digits < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "GateOptions.min_digits is ", options.min_digits,
        "; it must be at least 1 (the default, 4, keeps \"3 issues\" prose)"));
  }
  RE2::Options re_options;
  re_options.set_log_errors(false);
  auto patterns = std::make_unique<Patterns>();
  if (!options.shapes.empty()) {
    patterns->shapes = std::make_unique<RE2::Set>(re_options, RE2::ANCHOR_BOTH);
    std::set<std::string> names;
    for (std::size_t i = 0; i < options.shapes.size(); ++i) {
      const DeclaredShape& shape = options.shapes[i];
      if (shape.name.empty()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.shapes[", i,
            "] has an empty name; give every declared shape a unique name"));
      }
      if (shape.name == kShapeNumber || shape.name == kShapeIdentifier) {
        return absl::InvalidArgumentError(
            absl::StrCat("GateOptions.shapes[", i, "] is named \"", shape.name,
                         "\", a built-in shape; choose another name"));
      }
      if (!names.insert(shape.name).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("GateOptions.shapes[", i, "] repeats the name \"",
                         shape.name, "\"; shape names must be unique"));
      }
      std::string error;
      if (patterns->shapes->Add(shape.pattern, &error) < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.shapes[", i, "] (\"", shape.name,
            "\") has a pattern RE2 rejects: ", error,
            "; fix the pattern (RE2 syntax, matched against a whole token)"));
      }
    }
    if (!patterns->shapes->Compile()) {
      return absl::ResourceExhaustedError(
          "GateOptions.shapes: the patterns together exceed RE2's memory "
          "budget; declare fewer or simpler shapes");
    }
  }
  for (std::size_t i = 0; i < options.exempt_values.size(); ++i) {
    if (Canonicalize(options.exempt_values[i]).form.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("GateOptions.exempt_values[", i,
                       "] is empty after canonicalization; remove it"));
    }
  }
  if (!options.exempt_patterns.empty()) {
    patterns->exempt = std::make_unique<RE2::Set>(re_options, RE2::ANCHOR_BOTH);
    for (std::size_t i = 0; i < options.exempt_patterns.size(); ++i) {
      std::string error;
      if (patterns->exempt->Add(options.exempt_patterns[i], &error) < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "GateOptions.exempt_patterns[", i, "] is a pattern RE2 rejects: ",
            error, "; fix the pattern (RE2 syntax, whole token)"));
      }
    }
    if (!patterns->exempt->Compile()) {
      return absl::ResourceExhaustedError(
          "GateOptions.exempt_patterns: the patterns together exceed RE2's "
          "memory budget; declare fewer or simpler patterns");
    }
  }
  return std::unique_ptr<Extractor>(
      new Extractor(options, std::move(patterns)));
}

Extractor::Extractor(const GateOptions& options,
                     std::unique_ptr<Patterns> patterns)
    : min_digits_(options.min_digits), patterns_(std::move(patterns)) {
  for (const DeclaredShape& shape : options.shapes) {
    shape_names_.push_back(shape.name);
  }
  for (const std::string& value : options.exempt_values) {
    const TokenValue read = ReadToken(value);
    exempt_values_.push_back(read.canonical.form);
    if (!read.canonical.hex_digits.empty()) {
      exempt_values_.push_back(read.canonical.hex_digits);
    }
    if (!read.number_before_unit.empty()) {
      exempt_values_.push_back(read.number_before_unit);
    }
  }
  std::sort(exempt_values_.begin(), exempt_values_.end());
}

Extractor::~Extractor() = default;

namespace {

// "mid-2021", "early-2020", "late-1999": the year; "1990s", "mid-90s",
// "'90s": a decade.
struct YearPhrase {
  std::string_view year;  // empty when the form is no part of a year
  bool decade = false;
};

YearPhrase ReadYearPhrase(std::string_view form) {
  YearPhrase out;
  for (std::string_view prefix : {"mid-", "early-", "late-"}) {
    // The first byte settles most tokens without a memcmp call.
    if (form.empty() || form.front() != prefix.front()) continue;
    if (form.substr(0, prefix.size()) == prefix) {
      form.remove_prefix(prefix.size());
      int year = 0;
      if (ReadYear(form, &year)) out.year = form;
      break;
    }
  }
  if (form.size() >= 3 && form.back() == 's' && form[form.size() - 2] == '0') {
    const std::string_view digits = form.substr(0, form.size() - 1);
    if ((digits.size() == 2 || digits.size() == 4) &&
        std::all_of(digits.begin(), digits.end(), ascii::IsDigit)) {
      out.decade = true;
    }
  }
  return out;
}

}  // namespace

std::optional<ExtractedValue> Extractor::Classify(
    std::string_view token) const {
  const std::string_view stripped = StripDecoration(token);
  if (stripped.empty()) return std::nullopt;
  // Without declared shapes, a token of ASCII bytes and no digit is no
  // value: say so before canonicalizing (most of an answer's words). A
  // non-ASCII byte may fold to a digit ("\uFF11"), so it takes the long way.
  if (patterns_->shapes == nullptr &&
      std::none_of(stripped.begin(), stripped.end(), [](char c) {
        return ascii::IsDigit(c) || static_cast<unsigned char>(c) >= 0x80;
      })) {
    return std::nullopt;
  }
  const re2::StringPiece piece(stripped.data(), stripped.size());

  int declared = -1;
  if (patterns_->shapes != nullptr) {
    std::vector<int> matches;
    if (patterns_->shapes->Match(piece, &matches) && !matches.empty()) {
      declared = *std::min_element(matches.begin(), matches.end());
    }
  }

  TokenValue read = ReadToken(token);
  const CanonicalForm& canonical = read.canonical;
  if (canonical.form.empty()) return std::nullopt;

  ExtractedValue value;
  value.canonical = canonical.form;
  value.key =
      canonical.hex_digits.empty() ? canonical.form : canonical.hex_digits;
  value.changed = canonical.changed;
  if (declared >= 0) {
    value.shape = shape_names_[static_cast<std::size_t>(declared)];
  } else {
    if (CountDigits(canonical.form) == 0) return std::nullopt;
    // A part of a period: "mid-2021" holds the year 2021; a decade
    // ("1990s", "mid-90s") is a span of years, prose.
    const YearPhrase period = ReadYearPhrase(canonical.form);
    if (period.decade) return std::nullopt;
    if (!period.year.empty()) {
      if (CountDigits(period.year) < min_digits_) return std::nullopt;
      value.shape = kShapeNumber;
      value.canonical = std::string(period.year);
      value.key = value.canonical;
      value.changed = true;
    }
  }
  if (declared < 0 && value.shape.empty()) {
    if (!read.number_before_unit.empty()) {
      // "4096MB", "48-port": judged on the number alone.
      if (CountDigits(read.number_before_unit) < min_digits_) {
        return std::nullopt;
      }
      value.shape = kShapeNumber;
      value.canonical = read.number_before_unit;
      value.key = read.number_before_unit;
      value.changed = true;
    } else if (canonical.is_number) {
      if (CountDigits(canonical.form) < min_digits_) return std::nullopt;
      value.shape = kShapeNumber;
    } else {
      if (IsShortRatio(canonical.form)) return std::nullopt;
      const bool distinctive = std::any_of(
          canonical.form.begin(), canonical.form.end(),
          [](char c) { return IsLetterByte(c) || IsIdentifierMark(c); });
      if (!distinctive || CodePoints(canonical.form) < 4) return std::nullopt;
      value.shape = kShapeIdentifier;
    }
  }

  if (std::binary_search(exempt_values_.begin(), exempt_values_.end(),
                         value.key) ||
      std::binary_search(exempt_values_.begin(), exempt_values_.end(),
                         value.canonical)) {
    value.declared_exempt = true;
  } else if (patterns_->exempt != nullptr &&
             patterns_->exempt->Match(piece, nullptr)) {
    value.declared_exempt = true;
  }
  return value;
}

}  // namespace groundgate::evidence
