// evidence/dates/month_names.cc — month names in fourteen languages
// (month_names.h).
#include "evidence/dates/month_names.h"

#include <algorithm>
#include <memory>
#include <set>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "evidence/ascii.h"
#include "evidence/dates/embedded_month_names.h"
#include "evidence/dates/field_bytes.h"

namespace groundgate::evidence::dates {

namespace {

struct EnglishMonth {
  std::string_view name;
  int month;
  bool abbreviated;
};
constexpr EnglishMonth kEnglishMonths[] = {
    {"january", 1, false},   {"jan", 1, true},        {"february", 2, false},
    {"feb", 2, true},        {"march", 3, false},     {"mar", 3, true},
    {"april", 4, false},     {"apr", 4, true},        {"may", 5, false},
    {"june", 6, false},      {"jun", 6, true},        {"july", 7, false},
    {"jul", 7, true},        {"august", 8, false},    {"aug", 8, true},
    {"september", 9, false}, {"sept", 9, true},       {"sep", 9, true},
    {"october", 10, false},  {"oct", 10, true},       {"november", 11, false},
    {"nov", 11, true},       {"december", 12, false}, {"dec", 12, true},
};

// An English month name or abbreviation in any case, or nullptr.
const EnglishMonth* FindEnglishMonth(std::string_view s) {
  if (s.size() < 3 || s.size() > 9) return nullptr;
  for (const EnglishMonth& m : kEnglishMonths) {
    if (ascii::EqualsIgnoreCase(s, m.name)) return &m;
  }
  return nullptr;
}

// An English month name or abbreviation, capitalized ("May", "Sep",
// "Sept", "september" is not: a capital keeps "may" the verb out). The fast
// path: no table lookup.
const EnglishMonth* MonthOf(std::string_view s) {
  if (s.empty() || s[0] < 'A' || s[0] > 'Z') return nullptr;
  return FindEnglishMonth(s);
}

// Wide month names that are also a common word in these languages or in
// English: read only in a whole date ("Mars 2020" is a rover).
constexpr std::string_view kCommonWordMonths[] = {"mars"};
// The longest month name key in bytes: "października" is 15, an upper-case
// Cyrillic "СЕНТЯБРЯ" 16; a longer word is no month and needs no lookup.
constexpr std::size_t kMaxMonthNameBytes = 24;
// The shortest: "mai", "maj", "мая" (Cyrillic letters are two bytes).
constexpr std::size_t kMinMonthNameBytes = 3;

// Month names keyed by the name without its trailing '.', ASCII letters
// lowered (other letters are stored in each case ICU gives them).
using MonthTable = absl::flat_hash_map<std::string, MonthWord>;

std::unique_ptr<MonthTable> BuildMonthTable() {
  auto table = std::make_unique<MonthTable>();
  std::set<std::string> conflicting;  // one spelling, two months
  // kMonthLocales' names, taken from ICU at build time, locale by locale.
  for (std::size_t i = 0; i < kEmbeddedMonthNameCount; ++i) {
    const EmbeddedMonthName& name = kEmbeddedMonthNames[i];
    std::string key = name.utf8;
    while (!key.empty() && key.back() == '.') key.pop_back();
    if (key.size() < kMinMonthNameBytes || key.size() > kMaxMonthNameBytes ||
        std::any_of(key.begin(), key.end(), ascii::IsDigit)) {
      continue;
    }
    for (char& c : key) c = ascii::Lower(c);
    MonthWord word;
    word.month = name.month;
    word.abbreviated = name.abbreviated;
    word.from_table = true;
    word.use = name.abbreviated   ? MonthUse::kFullDate
               : name.format_only ? MonthUse::kAfterDay
                                  : MonthUse::kAnyOrder;
    auto [it, inserted] = table->try_emplace(key, word);
    if (inserted) continue;
    if (it->second.month != word.month) {
      conflicting.insert(key);
      continue;
    }
    it->second.use = std::max(it->second.use, word.use);
    it->second.abbreviated &= word.abbreviated;  // a wide name wins
  }
  for (const std::string& key : conflicting) table->erase(key);
  for (auto& [key, word] : *table) {
    if (FindEnglishMonth(key) != nullptr) word.use = MonthUse::kFullDate;
  }
  for (const std::string_view key : kCommonWordMonths) {
    if (auto it = table->find(absl::string_view(key.data(), key.size()));
        it != table->end()) {
      it->second.use = MonthUse::kFullDate;
    }
  }
  return table;
}

// Built once, at first use; never destroyed (a thread may still read it
// while the process exits).
const MonthTable& Months() {
  static const MonthTable* const kTable = BuildMonthTable().release();
  return *kTable;
}

// A month name of any listed locale. Never allocates: the key is lowered
// into a stack buffer.
MonthWord TableMonthOf(std::string_view s) {
  if (s.size() < kMinMonthNameBytes || s.size() > kMaxMonthNameBytes) {
    return MonthWord{};
  }
  char lowered[kMaxMonthNameBytes];
  for (std::size_t i = 0; i < s.size(); ++i) lowered[i] = ascii::Lower(s[i]);
  const MonthTable& table = Months();
  const auto it = table.find(absl::string_view(lowered, s.size()));
  return it == table.end() ? MonthWord{} : it->second;
}

}  // namespace

int CapitalizedEnglishMonth(std::string_view s) {
  const EnglishMonth* m = MonthOf(s);
  return m == nullptr ? 0 : m->month;
}

MonthWord MonthWordOf(std::string_view s) {
  if (const EnglishMonth* m = MonthOf(s)) {
    return MonthWord{m->month, MonthUse::kAnyOrder, m->abbreviated, false};
  }
  return TableMonthOf(s);
}

}  // namespace groundgate::evidence::dates
