// evidence/records.cc — a turn's results read as records (records.h).
#include "evidence/records.h"

#include <simdjson.h>

#include <algorithm>
#include <cfenv>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "base/absl_view.h"
#include "evidence/ascii.h"
#include "evidence/json_walk.h"
#include "evidence/text_tables.h"

namespace groundgate::evidence {
namespace {

// Deeper than this a document is not read as records (it is rare, and the
// walk recurses once per level).
constexpr std::size_t kMaxRecordDepth = 64;
// Strings longer than this are prose, not values anyone binds.
constexpr std::size_t kMaxFieldBytes = 256;
// Results up to this long share their thread's parser and padded copy
// (RecordSet::Add): a new parser per result allocates and faults in its
// buffers anew, which costs more than parsing a small result. A longer one
// has its own, so a thread keeps at most ~4 MiB (a parser holds ~14 bytes
// per byte of its longest document) for the next result.
constexpr std::size_t kMaxThreadParserBytes = std::size_t{256} << 10;

std::optional<double> NumberOf(std::string_view text) {
  if (text.empty() || text.size() > 40) return std::nullopt;
  std::string_view digits = text;
  if (digits.front() == '+') digits.remove_prefix(1);
  // What from_chars never reads whole, turned away before its cost: a
  // sign past the first byte that follows no exponent's "e", and a space,
  // comma, colon or slash anywhere ("2021-02-25", "06:00", "1/2").
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const char c = digits[i];
    if (c == ' ' || c == ',' || c == ':' || c == '/' ||
        ((c == '-' || c == '+') && i > 0 && digits[i - 1] != 'e' &&
         digits[i - 1] != 'E')) {
      return std::nullopt;
    }
  }
  double value = 0;
  const auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  return value;
}

bool HasDigit(std::string_view s) {
  return std::any_of(s.begin(), s.end(), ascii::IsDigit);
}

// Two to six capitals and digits, two capitals or more ("SEA", "B737"):
// a code the judge may meet in an answer on its own.
bool IsCode(std::string_view text) {
  return text.size() >= 2 && text.size() <= 6 &&
         std::all_of(
             text.begin(), text.end(),
             [](char c) { return ascii::IsUpper(c) || ascii::IsDigit(c); }) &&
         std::count_if(text.begin(), text.end(), ascii::IsUpper) >= 2;
}

// The text up to its first space: the word a run of words begins with.
std::string FirstWord(std::string_view text) {
  return std::string(text.substr(0, text.find(' ')));
}

bool HasLetter(std::string_view s) {
  return std::any_of(s.begin(), s.end(), ascii::IsAlpha);
}

// The last key of a dotted field path, lowercased.
std::string LastKey(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  std::string key(dot == std::string_view::npos ? path : path.substr(dot + 1));
  if (key.size() >= 2 && key.compare(key.size() - 2, 2, "[]") == 0) {
    key.resize(key.size() - 2);
  }
  for (char& c : key) c = ascii::Lower(c);
  return key;
}

bool KeyNamesAName(std::string_view key) {
  static constexpr std::string_view kWords[] = {
      "name",    "id",      "code",   "number", "title", "team",  "city",
      "country", "airport", "symbol", "ticker", "model", "label", "station"};
  return std::any_of(std::begin(kWords), std::end(kWords),
                     [&](std::string_view w) {
                       return key.find(w) != std::string_view::npos;
                     });
}

bool KeyNamesAnIdOrYear(std::string_view key) {
  return key == "id" || key == "year" || key == "date" ||
         key.ends_with("_id") || key.ends_with("year") ||
         key.ends_with("number");
}

std::string Join(std::string_view prefix, std::string_view key) {
  if (prefix.empty()) return std::string(key);
  std::string out(prefix);
  out += '.';
  out += key;
  return out;
}

// Appends `key` to the path in `path` as Join does; returns the size that
// takes it off again. The walk below grows and shrinks one path this way
// instead of building a string per member.
std::size_t PushKey(std::string& path, std::string_view key) {
  const std::size_t size = path.size();
  if (!path.empty()) path += '.';
  path += key;
  return size;
}

// Appends "[i]"; returns the size that takes it off again.
std::size_t PushIndex(std::string& path, std::size_t i) {
  const std::size_t size = path.size();
  char digits[24];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, i);
  path += '[';
  path.append(digits, end);
  path += ']';
  return size;
}

// "$[r]": the path of a text table's row r, written in one piece.
std::string RowPath(std::size_t r) {
  char path[32] = {'$', '['};
  const auto [end, error] = std::to_chars(path + 2, path + sizeof path - 1, r);
  *end = ']';
  return std::string(path, end + 1);
}

namespace dom = simdjson::dom;

class JsonRecords {
 public:
  JsonRecords(RecordSet& set, std::uint32_t carrier)
      : set_(set), carrier_(carrier) {}

  // `path` is the element's; it is as it was on return.
  void Walk(dom::element element, std::string& path, std::size_t depth) {
    if (depth > kMaxRecordDepth) {
      set_.MarkIncomplete();
      return;
    }
    switch (element.type()) {
      case dom::element_type::ARRAY:
        WalkArray(dom::array(element), path, depth);
        return;
      case dom::element_type::OBJECT:
        WalkObject(dom::object(element), path, depth);
        return;
      default:
        Loose(element);
        return;
    }
  }

 private:
  static std::size_t ObjectsIn(dom::array array) {
    std::size_t n = 0;
    for (dom::element e : array) {
      if (e.type() == dom::element_type::OBJECT) ++n;
    }
    return n;
  }

  void WalkArray(dom::array array, std::string& path, std::size_t depth) {
    const std::size_t objects = ObjectsIn(array);
    if (objects < 2) {
      std::size_t i = 0;
      for (dom::element e : array) {
        const std::size_t size = PushIndex(path, i++);
        Walk(e, path, depth + 1);
        path.resize(size);
      }
      return;
    }
    const std::uint32_t group = set_.NewGroup(carrier_, path);
    set_.ReserveRecords(objects);
    std::size_t i = 0;
    for (dom::element e : array) {
      const std::size_t size = PushIndex(path, i++);
      if (e.type() != dom::element_type::OBJECT) {
        Walk(e, path, depth + 1);
      } else {
        AddRecord(group, path, e, depth);
      }
      path.resize(size);
    }
    set_.Identify(group);
  }

  // A key that numbers a part: two or more letters, then one or two digits
  // ("period2", "set1"; not "q3", not "x2024"): its stem lowercased and
  // its index, or false.
  static bool PartKey(std::string_view key, std::string* stem, int* index) {
    std::size_t letters = 0;
    while (letters < key.size() && ascii::IsAlpha(key[letters])) ++letters;
    if (letters < 2 || letters == key.size() || key.size() - letters > 2) {
      return false;
    }
    int n = 0;
    for (std::size_t i = letters; i < key.size(); ++i) {
      if (!ascii::IsDigit(key[i])) return false;
      n = n * 10 + (key[i] - '0');
    }
    stem->assign(key.substr(0, letters));
    for (char& c : *stem) c = ascii::Lower(c);
    *index = n;
    return n > 0;
  }

  // The parts two member objects of `object` number under the same key
  // (PartPair in records.h).
  void AddPartPairs(dom::object object, const std::string& path) {
    struct Holder {
      std::string path;
      std::string_view key;  // the member's key, into the document
      double value;
    };
    std::vector<std::pair<std::string, std::vector<Holder>>> keys;
    for (dom::key_value_pair member : object) {
      if (member.value.type() != dom::element_type::OBJECT) continue;
      for (dom::key_value_pair part : dom::object(member.value)) {
        std::string stem;
        int index = 0;
        if (!part.value.is_number() || !PartKey(part.key, &stem, &index)) {
          continue;
        }
        const std::string key(part.key);
        auto at = std::find_if(keys.begin(), keys.end(),
                               [&](const auto& k) { return k.first == key; });
        if (at == keys.end()) {
          keys.emplace_back(key, std::vector<Holder>{});
          at = keys.end() - 1;
        }
        at->second.push_back({Join(path, member.key), member.key,
                              part.value.get_double().value_unsafe()});
      }
    }
    std::vector<std::pair<std::string_view, std::string_view>> sides;
    for (const auto& [key, holders] : keys) {
      if (holders.size() != 2) continue;
      const std::pair<std::string_view, std::string_view> side(holders[0].key,
                                                               holders[1].key);
      if (std::find(sides.begin(), sides.end(), side) == sides.end()) {
        sides.push_back(side);
        AddSidePair(object, holders[0].path, holders[1].path, holders[0].key,
                    holders[1].key);
      }
      PartPair pair;
      pair.carrier = carrier_;
      pair.first_path = holders[0].path;
      pair.second_path = holders[1].path;
      PartKey(key, &pair.stem, &pair.index);
      pair.first = holders[0].value;
      pair.second = holders[1].value;
      set_.AddPartPair(std::move(pair));
    }
  }

  // True when a key's word starts at `i`: a capital ("homeScore"), or
  // after '_' or '-' ("home_score").
  static bool WordStartsAt(std::string_view key, std::size_t i) {
    return i < key.size() &&
           (ascii::IsUpper(key[i]) || key[i] == '_' || key[i] == '-' ||
            (i > 0 && (key[i - 1] == '_' || key[i - 1] == '-')));
  }

  // The word that opens a side's key: the key without the ending both
  // keys share, lowercased, separators dropped ("home" of "homeScore").
  static std::string SideWord(std::string_view prefix) {
    std::string word;
    for (char c : prefix) {
      if (c != '_' && c != '-') word.push_back(ascii::Lower(c));
    }
    return word;
  }

  // The sides two members `a` and `b` of `object` are (SidePair in
  // records.h).
  void AddSidePair(dom::object object, const std::string& a_path,
                   const std::string& b_path, std::string_view a,
                   std::string_view b) {
    // The ending both keys share, from a word's start: "Score".
    std::size_t n = 0;
    while (n < a.size() && n < b.size() &&
           a[a.size() - 1 - n] == b[b.size() - 1 - n]) {
      ++n;
    }
    while (n > 0 &&
           !(WordStartsAt(a, a.size() - n) && WordStartsAt(b, b.size() - n))) {
      --n;
    }
    if (n == 0 || n == a.size() || n == b.size()) return;
    const std::string_view a_prefix = a.substr(0, a.size() - n);
    const std::string_view b_prefix = b.substr(0, b.size() - n);
    dom::object a_object;
    dom::object b_object;
    if (object[a].get(a_object) != simdjson::SUCCESS ||
        object[b].get(b_object) != simdjson::SUCCESS) {
      return;
    }
    SidePair pair;
    for (std::string_view total : kTotalKeys) {
      dom::element x;
      dom::element y;
      if (a_object[total].get(x) != simdjson::SUCCESS ||
          b_object[total].get(y) != simdjson::SUCCESS || !x.is_number() ||
          !y.is_number()) {
        continue;
      }
      pair.total_key = std::string(total);
      pair.first_total = x.get_double().value_unsafe();
      pair.second_total = y.get_double().value_unsafe();
      break;
    }
    if (pair.total_key.empty()) return;
    pair.carrier = carrier_;
    pair.first_path = a_path;
    pair.second_path = b_path;
    pair.first_word = SideWord(a_prefix);
    pair.second_word = SideWord(b_prefix);
    // The names of each side: text leaves under a key that holds "name",
    // of the siblings whose keys open with the side's word.
    for (dom::key_value_pair member : object) {
      if (member.value.type() != dom::element_type::OBJECT || member.key == a ||
          member.key == b) {
        continue;
      }
      std::vector<std::string>* names =
          member.key.starts_with(a_prefix)   ? &pair.first_names
          : member.key.starts_with(b_prefix) ? &pair.second_names
                                             : nullptr;
      if (names == nullptr) continue;
      for (dom::key_value_pair leaf : dom::object(member.value)) {
        std::string lower(leaf.key);
        for (char& c : lower) c = ascii::Lower(c);
        std::string_view text;
        if (lower.find("name") == std::string::npos ||
            leaf.value.get(text) != simdjson::SUCCESS || text.empty()) {
          continue;
        }
        names->emplace_back(text);
      }
    }
    set_.AddSidePair(std::move(pair));
  }

  void WalkObject(dom::object object, std::string& path, std::size_t depth) {
    AddPartPairs(object, path);
    std::size_t members = 0;
    bool all_objects = true;
    for (dom::key_value_pair member : object) {
      ++members;
      if (member.value.type() != dom::element_type::OBJECT) all_objects = false;
    }
    if (members >= 2 && all_objects) {
      const std::uint32_t group = set_.NewGroup(carrier_, path);
      set_.ReserveRecords(members);
      for (dom::key_value_pair member : object) {
        const std::size_t size = PushKey(path, member.key);
        AddRecord(group, path, member.value, depth);
        path.resize(size);
      }
      set_.Identify(group);
      return;
    }
    for (dom::key_value_pair member : object) {
      const std::size_t size = PushKey(path, member.key);
      Walk(member.value, path, depth + 1);
      path.resize(size);
    }
  }

  void AddRecord(std::uint32_t group, const std::string& path,
                 dom::element element, std::size_t depth) {
    const std::uint32_t record = static_cast<std::uint32_t>(
        &set_.NewRecord(group, path) - set_.records().data());
    // Siblings mostly share a shape: room for as many fields as the one
    // before, so the list is not grown field by field.
    const std::vector<std::uint32_t>& siblings = set_.groups()[group].records;
    if (siblings.size() >= 2) {
      set_.mutable_record(record).fields.reserve(
          set_.records()[siblings[siblings.size() - 2]].fields.size());
    }
    std::string prefix;
    Flatten(element, prefix, record, path, depth + 1);
  }

  // The leaves of one record, under `prefix` (as it was on return); an
  // array of two or more objects inside it is a group of its own.
  void Flatten(dom::element element, std::string& prefix, std::uint32_t record,
               const std::string& record_path, std::size_t depth) {
    if (depth > kMaxRecordDepth) {
      set_.MarkIncomplete();
      return;
    }
    switch (element.type()) {
      case dom::element_type::OBJECT:
        for (dom::key_value_pair member : dom::object(element)) {
          const std::size_t size = PushKey(prefix, member.key);
          Flatten(member.value, prefix, record, record_path, depth + 1);
          prefix.resize(size);
        }
        return;
      case dom::element_type::ARRAY: {
        dom::array array(element);
        if (ObjectsIn(array) >= 2) {
          std::string path = Join(record_path, prefix);
          WalkArray(array, path, depth + 1);
          return;
        }
        const std::size_t size = prefix.size();
        prefix += "[]";
        for (dom::element e : array) {
          Flatten(e, prefix, record, record_path, depth + 1);
        }
        prefix.resize(size);
        return;
      }
      default:
        break;
    }
    std::string_view text;
    std::optional<double> number;
    if (!ScalarText(element, &text, &number)) return;
    if (!set_.Spend(1)) return;
    set_.AddField(set_.mutable_record(record), prefix, text, number);
  }

  // A scalar's text: a string's view into the parsed document, a number
  // written into number_text_ (valid until the next call), and a number's
  // value (`number`, when not null): what NumberOf reads back from the
  // text, as the shortest form of a double reads back as that double and
  // an integer's digits read as the nearest double.
  bool ScalarText(dom::element element, std::string_view* out,
                  std::optional<double>* number = nullptr) {
    switch (element.type()) {
      case dom::element_type::STRING: {
        std::string_view s = element.get_string().value_unsafe();
        if (s.size() > kMaxFieldBytes) return false;
        *out = s;
        return true;
      }
      case dom::element_type::INT64: {
        const std::int64_t value = element.get_int64().value_unsafe();
        const auto [end, error] = std::to_chars(
            number_text_, number_text_ + sizeof number_text_, value);
        *out = std::string_view(number_text_, end);
        if (number != nullptr) *number = static_cast<double>(value);
        return true;
      }
      case dom::element_type::UINT64: {
        const std::uint64_t value = element.get_uint64().value_unsafe();
        const auto [end, error] = std::to_chars(
            number_text_, number_text_ + sizeof number_text_, value);
        *out = std::string_view(number_text_, end);
        if (number != nullptr) *number = static_cast<double>(value);
        return true;
      }
      case dom::element_type::DOUBLE: {
        const double value = element.get_double().value_unsafe();
        *out = std::string_view(number_text_, DoubleChars(value, number_text_));
        if (number != nullptr) *number = value;
        return !out->empty();
      }
      default:
        return false;
    }
  }

  void Loose(dom::element element) {
    std::string_view text;
    if (ScalarText(element, &text) && set_.Spend(1)) set_.AddLoose(text);
  }

  RecordSet& set_;
  std::uint32_t carrier_;
  char number_text_[kDoubleCharsBytes];  // an integer's digits fit too
};

// ---- tables in text --------------------------------------------------------

void AddLooseWords(RecordSet& set, std::string_view line) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t end = i;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    std::string_view word = line.substr(i, end - i);
    i = end;
    // Only a word with a digit is kept, and trimming takes off no digit:
    // a word without one is passed over untrimmed.
    if (!HasDigit(word)) continue;
    while (!word.empty() && std::string_view(",;:()[]\"'").find(word.back()) !=
                                std::string_view::npos) {
      word.remove_suffix(1);
    }
    while (!word.empty() && std::string_view("([\"'$").find(word.front()) !=
                                std::string_view::npos) {
      word.remove_prefix(1);
    }
    if (set.Spend(1)) set.AddLoose(word);
  }
}

// Reads `text` as one table (text_tables.h) when at least two lines below
// its header have as many cells; every other line's words are loose.
void AddText(RecordSet& set, std::uint32_t carrier, std::string_view text) {
  const std::vector<std::string_view> lines = TextLines(text);
  const TextTable table = ReadTextTable(lines);
  for (std::size_t i = 0; i < table.header && i < lines.size(); ++i) {
    AddLooseWords(set, lines[i]);
  }
  if (table.rows < 2) {
    for (std::size_t i = table.header; i < lines.size(); ++i) {
      AddLooseWords(set, lines[i]);
    }
    return;
  }
  const std::vector<std::string_view>& columns = table.columns;
  const std::uint32_t group = set.NewGroup(carrier, "$");
  set.ReserveRecords(table.rows);
  for (std::size_t r = 0; r < table.rows; ++r) {
    const std::span<const std::string_view> row = table.row(r);
    if (!set.Spend(row.size())) return;
    Record& record = set.NewRecord(group, RowPath(r));
    record.fields.reserve(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (row[c].size() > kMaxFieldBytes) continue;
      set.AddField(record, columns[c], row[c], NumberOf(row[c]));
    }
  }
  set.Identify(group);
  for (std::size_t i = table.after; i < lines.size(); ++i) {
    AddLooseWords(set, lines[i]);
  }
}

}  // namespace

namespace internal {

bool SplitDateTimeRead(std::string_view text, std::string* day,
                       std::string* time) {
  auto digits = [&](std::size_t at, std::size_t n) {
    if (at + n > text.size()) return false;
    for (std::size_t i = at; i < at + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
    }
    return true;
  };
  if (!digits(0, 4) || text.size() < 10 || text[4] != '-' || !digits(5, 2) ||
      text[7] != '-' || !digits(8, 2)) {
    return false;
  }
  const bool after = text.size() > 10 && (text[10] == ' ' || text[10] == 'T');
  if (text.size() > 10 && !after) return false;
  const bool clock = after && digits(11, 2) && text.size() >= 16 &&
                     text[13] == ':' && digits(14, 2);
  if (day != nullptr) day->assign(text.substr(0, 10));
  if (time != nullptr) {
    if (clock) {
      time->assign(text.substr(11, 5));
    } else {
      time->clear();
    }
  }
  return true;
}

}  // namespace internal

namespace {

// 10^k for k in [0, 15], each exact as a double.
constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3, 1e4,  1e5,
                                   1e6,  1e7,  1e8,  1e9, 1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15};

// to_chars's text of `value` into `out`: the bytes written.
std::size_t ToChars(double value, char* out) {
  const auto [end, error] = std::to_chars(out, out + kDoubleCharsBytes, value);
  return error == std::errc() ? static_cast<std::size_t>(end - out) : 0;
}

std::size_t DecimalDigits(std::uint64_t n) {
  std::size_t digits = 1;
  while (n >= 10) {
    n /= 10;
    ++digits;
  }
  return digits;
}

}  // namespace

std::size_t DoubleChars(double value, char* out) {
  // The common case: a value some decimal of at most 15 significant digits
  // reads as, written in fixed form. The decimal with the fewest places
  // that reads back as the value has the fewest significant digits, and at
  // 15 digits or fewer no two decimals of as many places read as one
  // double (they lie farther apart than its spacing), so it is the one
  // to_chars writes, unless scientific form is shorter. The read-back test
  // is IEEE division rounded to nearest: under any other rounding mode an
  // application set, to_chars writes.
  const double size = std::fabs(value);
  if (!(size >= 1e-5 && size < 1e15) || std::fegetround() != FE_TONEAREST) {
    return ToChars(value, out);
  }
  const std::size_t whole_digits =
      size < 1 ? 0 : DecimalDigits(static_cast<std::uint64_t>(size));
  std::uint64_t digits = 0;
  std::size_t places = 0;
  bool found = false;
  for (; places + whole_digits <= 15 && places <= 15; ++places) {
    const double scale = kPowersOfTen[places];
    const double scaled = std::nearbyint(size * scale);
    // The nearest whole number to the scaled value, or one beside it when
    // the product rounded across a half.
    for (const double c : {scaled, scaled - 1, scaled + 1}) {
      if (c < 1 || c >= 9007199254740992.0) continue;  // 2^53
      if (c / scale == size) {
        digits = static_cast<std::uint64_t>(c);
        found = true;
        break;
      }
    }
    if (found) break;
  }
  if (!found) return ToChars(value, out);
  char integer[24];
  const auto [end, error] =
      std::to_chars(integer, integer + sizeof integer, digits);
  if (error != std::errc()) return ToChars(value, out);
  const std::size_t count = static_cast<std::size_t>(end - integer);
  // Scientific form's length: its significant digits (trailing zeros of a
  // whole number dropped), a point after the first when there are more,
  // "e", a sign and at least two digits of the exponent.
  std::size_t significant = count;
  while (significant > 1 && integer[significant - 1] == '0') --significant;
  const long exponent =
      static_cast<long>(count) - 1 - static_cast<long>(places);
  const std::size_t exponent_digits = std::max<std::size_t>(
      2, DecimalDigits(static_cast<std::uint64_t>(std::labs(exponent))));
  const std::size_t sign = value < 0 ? 1 : 0;
  const std::size_t scientific =
      sign + significant + (significant > 1 ? 1 : 0) + 2 + exponent_digits;
  // Fixed form: the whole part ("0" below one), then the places.
  const std::size_t whole = count > places ? count - places : 0;
  const std::size_t fixed =
      sign + (whole > 0 ? whole : 1) + (places > 0 ? 1 + places : 0);
  if (fixed > scientific) return ToChars(value, out);
  std::fill_n(out, fixed, '0');
  std::size_t at = 0;
  if (sign != 0) out[at++] = '-';
  if (whole > 0) {
    std::copy(integer, integer + whole, out + at);
    at += whole;
  } else {
    ++at;  // "0"
  }
  if (places > 0) {
    out[at++] = '.';
    const std::size_t fraction = count - whole;  // the digits after the point
    std::copy(integer + whole, end, out + fixed - fraction);
  }
  return fixed;
}

std::string DoubleText(double value) {
  char text[kDoubleCharsBytes];
  return std::string(text, DoubleChars(value, text));
}

std::uint32_t RecordSet::NewGroup(std::uint32_t carrier, std::string path) {
  groups_.push_back(RecordGroup{carrier, std::move(path), {}});
  return static_cast<std::uint32_t>(groups_.size() - 1);
}

void RecordSet::AddField(Record& record, std::string_view path,
                         std::string_view text, std::optional<double> number) {
  // The first chunk is small (most turns' records hold a few KiB of
  // text); each next one twice the last, up to kMaxChunkBytes.
  constexpr std::size_t kFirstChunkBytes = 4 << 10;
  constexpr std::size_t kMaxChunkBytes = 1 << 20;
  // Siblings mostly share a shape: the previous sibling's field at this
  // place most often has this very path, interned already.
  std::string_view interned;
  const std::vector<std::uint32_t>& siblings = groups_[record.group].records;
  if (siblings.size() >= 2) {
    const Record& before = records_[siblings[siblings.size() - 2]];
    const std::size_t k = record.fields.size();
    if (k < before.fields.size() && before.fields[k].path == path) {
      interned = before.fields[k].path;
    }
  }
  if (interned.data() == nullptr) {
    auto path_at = paths_.find(base::AbslView(path));
    if (path_at == paths_.end()) path_at = paths_.emplace(path).first;
    interned = *path_at;
  }
  if (chunks_.empty() ||
      chunks_.back()->size() + text.size() > chunks_.back()->capacity()) {
    // A first chunk never holds more than the result being read: its
    // texts are parts of it, and a set the process's cache keeps
    // (record_cache.h) holds no empty reserve.
    const std::size_t next =
        chunks_.empty()
            ? std::min(kFirstChunkBytes, reading_bytes_)
            : std::min(kMaxChunkBytes, 2 * chunks_.back()->capacity());
    chunks_.push_back(std::make_unique<std::string>());
    chunks_.back()->reserve(std::max(next, text.size()));
  }
  std::string& chunk = *chunks_.back();
  const std::size_t at = chunk.size();
  chunk.append(text);
  record.fields.push_back(RecordField{
      interned, std::string_view(chunk).substr(at, text.size()), number});
}

void RecordSet::Postings::Build(
    std::vector<std::pair<int, std::uint32_t>>& pairs) {
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  keys.resize(pairs.size());
  records.resize(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    keys[i] = pairs[i].first;
    records[i] = pairs[i].second;
  }
}

std::span<const std::uint32_t> RecordSet::Postings::Of(int key) const {
  const auto [low, high] = std::equal_range(keys.begin(), keys.end(), key);
  return std::span<const std::uint32_t>(records).subspan(
      static_cast<std::size_t>(low - keys.begin()),
      static_cast<std::size_t>(high - low));
}

void RecordSet::ReserveRecords(std::size_t more) {
  const std::size_t needed = records_.size() + more;
  if (needed > records_.capacity()) {
    records_.reserve(std::max(needed, 2 * records_.capacity()));
  }
}

Record& RecordSet::NewRecord(std::uint32_t group, std::string path) {
  Record& record = records_.emplace_back();
  record.carrier = groups_[group].carrier;
  record.group = group;
  record.path = std::move(path);
  groups_[group].records.push_back(
      static_cast<std::uint32_t>(records_.size() - 1));
  return record;
}

void RecordSet::AddLoose(std::string_view text) {
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '$') digits.remove_prefix(1);
  std::string plain;
  for (char c : digits) {
    if (c != ',') plain += c;
  }
  if (const std::optional<double> number = NumberOf(plain)) {
    loose_numbers_.push_back(*number);
    return;
  }
  if (text.size() > 64) return;
  std::string lower(text);
  for (char& c : lower) c = ascii::Lower(c);
  loose_texts_.push_back(std::move(lower));
}

bool RecordSet::Spend(std::size_t n) {
  leaves_ += n;
  if (leaves_ > kMaxRecordLeaves) complete_ = false;
  return complete_;
}

void RecordSet::AddFirstWord(std::string word) {
  if (!word.empty())
    first_word_bytes_[static_cast<unsigned char>(word[0])] = true;
  first_words_.insert(std::move(word));
}

void RecordSet::Finish() {
  std::sort(loose_numbers_.begin(), loose_numbers_.end());
  std::sort(loose_texts_.begin(), loose_texts_.end());
  loose_texts_.erase(std::unique(loose_texts_.begin(), loose_texts_.end()),
                     loose_texts_.end());
  auto add_once = [](std::vector<std::uint32_t>& list, std::uint32_t r) {
    if (list.empty() || list.back() != r) list.push_back(r);
  };
  std::vector<std::pair<int, std::uint32_t>> with_time;
  std::string time;
  // The index of numbers in one block, of the size it ends at.
  std::size_t numeric = 0;
  for (const Record& record : records_) {
    for (const RecordField& field : record.fields) {
      numeric += field.number.has_value() ? 1 : 0;
    }
  }
  numbers_.reserve(numbers_.size() + numeric);
  for (std::uint32_t r = 0; r < records_.size(); ++r) {
    const Record& record = records_[r];
    for (const std::string& id : record.identifiers) {
      add_once(named_by_[id], r);
      AddFirstWord(FirstWord(id));
      if (HasDigit(id)) {
        std::string lower = id;
        for (char& c : lower) c = ascii::Lower(c);
        if (lower != id) add_once(named_by_[lower], r);
        AddFirstWord(FirstWord(lower));
      }
    }
    for (const RecordField& field : record.fields) {
      // A NaN ("nan" reads whole) is near no value, and would break the
      // order the index is searched in.
      if (field.number.has_value() && !std::isnan(*field.number)) {
        numbers_.emplace_back(*field.number, r);
      }
      if (IsCode(field.text)) add_once(with_text_[std::string(field.text)], r);
      std::string_view clock = field.text;
      if (SplitDateTime(field.text, nullptr, &time)) clock = time;
      if (clock.size() >= 5 && clock[2] == ':' && ascii::IsDigit(clock[0]) &&
          ascii::IsDigit(clock[1]) && ascii::IsDigit(clock[3]) &&
          ascii::IsDigit(clock[4])) {
        const int minutes = ((clock[0] - '0') * 10 + (clock[1] - '0')) * 60 +
                            (clock[3] - '0') * 10 + (clock[4] - '0');
        with_time.emplace_back(minutes, r);
      }
    }
  }
  with_time_.Build(with_time);
  std::sort(numbers_.begin(), numbers_.end());
  std::vector<std::pair<int, std::uint32_t>> on_month_day;
  // A record with no day read keeps the zeros, and their day number.
  const long no_day = DaysFromCivil(0, 0, 0);
  for (Record& record : records_) record.days = no_day;
  for (RecordGroup& group : groups_) {
    long low = 0;
    long high = 0;
    bool first = true;
    for (std::uint32_t r : group.records) {
      Record& record = records_[r];
      if (record.day.size() != 10) continue;
      // SplitDateTime checked the digits: "2024-01-05".
      auto digits = [&](std::size_t at, std::size_t n) {
        int value = 0;
        for (std::size_t i = at; i < at + n; ++i) {
          value = value * 10 + (record.day[i] - '0');
        }
        return value;
      };
      const int year = digits(0, 4);
      const int month = digits(5, 2);
      const int mday = digits(8, 2);
      if (month < 1 || month > 12 || mday < 1 || mday > 31) continue;
      record.year = year;
      record.month = month;
      record.mday = mday;
      const long n = DaysFromCivil(year, month, mday);
      record.days = n;
      record.weekday = static_cast<int>(((n % 7) + 7 + 3) % 7);  // a Thursday
      on_month_day.emplace_back(month * 32 + mday, r);
      add_once(on_weekday_[record.weekday], r);
      low = first ? n : std::min(low, n);
      high = first ? n : std::max(high, n);
      first = false;
    }
    group.day_span = static_cast<int>(high - low);
  }
  on_month_day_.Build(on_month_day);
  for (auto& list : on_weekday_) std::sort(list.begin(), list.end());
  // Identify's lists serve the reading only: a finished set, which the
  // process's cache may keep, holds none of them.
  key_says_ = {};
  key_at_place_ = {};
  may_identify_ = {};
  held_ = {};
}

namespace {

// What a string holds past the object itself (its heap block, if any).
std::size_t HeapBytes(const std::string& s) {
  return s.capacity() > std::string().capacity() ? s.capacity() + 1 : 0;
}

// A hash table's slots, with one control byte each, and each key's heap.
template <typename Table>
std::size_t TableBytes(const Table& table, std::size_t slot) {
  std::size_t bytes = table.capacity() * (slot + 1);
  for (const auto& entry : table) {
    if constexpr (std::is_same_v<std::decay_t<decltype(entry)>, std::string>) {
      bytes += HeapBytes(entry);
    } else {
      bytes += HeapBytes(entry.first) +
               entry.second.capacity() * sizeof(std::uint32_t);
    }
  }
  return bytes;
}

}  // namespace

std::size_t RecordSet::bytes() const {
  std::size_t bytes = sizeof(RecordSet) + records_.capacity() * sizeof(Record);
  for (const Record& record : records_) {
    bytes += HeapBytes(record.path) + HeapBytes(record.day) +
             HeapBytes(record.time) +
             record.fields.capacity() * sizeof(RecordField) +
             record.identifiers.capacity() * sizeof(std::string);
    for (const std::string& id : record.identifiers) bytes += HeapBytes(id);
  }
  // A node of the path set: the string and the allocator's header.
  bytes += TableBytes(paths_, sizeof(void*)) +
           paths_.size() * (sizeof(std::string) + 16);
  for (const auto& chunk : chunks_) {
    bytes += sizeof(std::string) + chunk->capacity() + 1;
  }
  bytes += groups_.capacity() * sizeof(RecordGroup);
  for (const RecordGroup& group : groups_) {
    bytes += HeapBytes(group.path) +
             group.records.capacity() * sizeof(std::uint32_t);
  }
  bytes += loose_numbers_.capacity() * sizeof(double) +
           loose_texts_.capacity() * sizeof(std::string);
  for (const std::string& text : loose_texts_) bytes += HeapBytes(text);
  using Listed = std::pair<std::string, std::vector<std::uint32_t>>;
  bytes += TableBytes(named_by_, sizeof(Listed)) +
           TableBytes(with_text_, sizeof(Listed)) +
           TableBytes(first_words_, sizeof(std::string));
  bytes += (with_time_.keys.capacity() + on_month_day_.keys.capacity()) *
               sizeof(int) +
           (with_time_.records.capacity() + on_month_day_.records.capacity()) *
               sizeof(std::uint32_t);
  for (const auto& list : on_weekday_) {
    bytes += list.capacity() * sizeof(std::uint32_t);
  }
  bytes += numbers_.capacity() * sizeof(numbers_[0]) +
           (part_pairs_.capacity() * sizeof(PartPair)) +
           (side_pairs_.capacity() * sizeof(SidePair));
  for (const SidePair& pair : side_pairs_) {
    for (const auto* names : {&pair.first_names, &pair.second_names}) {
      bytes += names->capacity() * sizeof(std::string);
      for (const std::string& name : *names) bytes += HeapBytes(name);
    }
  }
  return bytes;
}

std::span<const std::uint32_t> RecordSet::OnMonthDay(int month,
                                                     int mday) const {
  return on_month_day_.Of(month * 32 + mday);
}

std::span<const std::uint32_t> RecordSet::OnWeekday(int weekday) const {
  if (weekday < 0 || weekday > 6) return {};
  return on_weekday_[weekday];
}

long DaysFromCivil(int year, int month, int mday) {
  year -= month <= 2;
  const long era = (year >= 0 ? year : year - 399) / 400;
  const long yoe = year - era * 400;
  const long doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + mday - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

bool RecordSet::BeginsAnIdentifier(std::string_view word) const {
  // Most words of an answer open with a byte no identifier opens with.
  if (!word.empty() &&
      !first_word_bytes_[static_cast<unsigned char>(word.front())]) {
    return false;
  }
  return first_words_.contains(base::AbslView(word));
}

std::span<const std::uint32_t> RecordSet::NamedBy(std::string_view text) const {
  auto it = named_by_.find(base::AbslView(text));
  if (it == named_by_.end()) return {};
  return it->second;
}

void RecordSet::WithNumberIn(double low, double high,
                             std::vector<std::uint32_t>* out) const {
  out->clear();
  auto it = std::lower_bound(numbers_.begin(), numbers_.end(), low,
                             [](const std::pair<double, std::uint32_t>& e,
                                double v) { return e.first < v; });
  for (; it != numbers_.end() && it->first <= high; ++it) {
    out->push_back(it->second);
  }
  std::sort(out->begin(), out->end());
  out->erase(std::unique(out->begin(), out->end()), out->end());
}

std::span<const std::uint32_t> RecordSet::WithText(
    std::string_view text) const {
  auto it = with_text_.find(base::AbslView(text));
  if (it == with_text_.end()) return {};
  return it->second;
}

std::span<const std::uint32_t> RecordSet::WithTime(int hour, int minute) const {
  return with_time_.Of(hour * 60 + minute);
}

bool RecordSet::HoldsLooseText(std::string_view lowercase) const {
  return std::binary_search(loose_texts_.begin(), loose_texts_.end(),
                            lowercase);
}

void RecordSet::Identify(std::uint32_t group) {
  const std::vector<std::uint32_t>& members = groups_[group].records;
  // What a field's key says, read once per path of the set (paths are
  // interned). Siblings mostly share a shape: the key at a field's place
  // in the record before is most often its own (key_at_place_, by place).
  key_at_place_.clear();
  auto key_of = [&](std::string_view path, std::size_t place) {
    if (place < key_at_place_.size() &&
        key_at_place_[place].first == path.data()) {
      return key_at_place_[place].second;
    }
    auto [it, fresh] = key_says_.try_emplace(path.data());
    if (fresh) {
      const std::string key = LastKey(path);
      it->second = {KeyNamesAnIdOrYear(key), KeyNamesAName(key)};
    }
    if (place >= key_at_place_.size()) key_at_place_.resize(place + 1);
    key_at_place_[place] = {path.data(), it->second};
    return it->second;
  };
  // Each record's day and time (its first date or date-time field), and
  // the fields that identify it if no sibling holds their text.
  std::vector<std::pair<std::uint32_t, std::string_view>>& maybe =
      may_identify_;  // record
  maybe.clear();
  std::string day;
  std::string time;
  for (std::uint32_t r : members) {
    Record& record = records_[r];
    for (std::size_t place = 0; place < record.fields.size(); ++place) {
      const RecordField& field = record.fields[place];
      const bool first = record.day.empty();
      if (SplitDateTime(field.text, first ? &day : nullptr,
                        first ? &time : nullptr)) {
        if (first) {
          record.day = std::move(day);
          record.time = std::move(time);
        }
        continue;
      }
      if (field.text.size() < 2 || field.text.size() > 64) continue;
      const bool identifies =
          field.number.has_value()
              ? key_of(field.path, place).id_or_year
              : (HasDigit(field.text) && HasLetter(field.text)) ||
                    (field.text.size() >= 3 &&
                     ((field.text.front() >= 'A' &&
                       field.text.front() <= 'Z') ||
                      static_cast<unsigned char>(field.text.front()) >= 0x80) &&
                     key_of(field.path, place).name);
      if (identifies) maybe.emplace_back(r, field.text);
    }
  }
  if (maybe.empty()) return;
  // How many fields of the group hold each such text; only a field of a
  // length some such text has is looked up. Keyed by absl's view, which
  // absl hashes itself (a std::string_view key falls back to std::hash).
  absl::flat_hash_map<absl::string_view, int>& seen = held_;
  seen.clear();
  seen.reserve(maybe.size());
  std::uint64_t lengths = 0;  // bit n - 1: some such text is n bytes long
  for (const auto& [r, text] : maybe) {
    seen.try_emplace(base::AbslView(text), 0);
    lengths |= std::uint64_t{1} << (text.size() - 1);  // 2..64 bytes
  }
  for (std::uint32_t r : members) {
    for (const RecordField& field : records_[r].fields) {
      const std::size_t n = field.text.size();
      if (n == 0 || n > 64 || (lengths >> (n - 1) & 1) == 0) continue;
      auto it = seen.find(base::AbslView(field.text));
      if (it != seen.end()) ++it->second;
    }
  }
  for (const auto& [r, text] : maybe) {
    if (seen.find(base::AbslView(text))->second == 1) {
      records_[r].identifiers.emplace_back(text);
    }
  }
}

void RecordSet::Add(std::uint32_t carrier, std::string_view content) {
  if (!complete_) return;
  reading_bytes_ = content.size();
  if (!MayBeJson(content)) {  // json_walk.h: text is read without a parse
    AddText(*this, carrier, content);
    return;
  }
  // A result up to kMaxThreadParserBytes is parsed in its thread's padded
  // copy and parser, whose buffers the next result reuses; a longer one has
  // its own, given back on return.
  thread_local std::unique_ptr<char[]> thread_padded;
  thread_local std::size_t thread_padded_capacity = 0;
  thread_local dom::parser thread_parser;
  std::unique_ptr<char[]> own_padded;
  std::optional<dom::parser> own_parser;
  const bool shared = content.size() <= kMaxThreadParserBytes;
  const std::size_t needed = content.size() + simdjson::SIMDJSON_PADDING;
  std::unique_ptr<char[]>& padded = shared ? thread_padded : own_padded;
  if (!shared || thread_padded_capacity < needed) {
    padded = std::make_unique_for_overwrite<char[]>(needed);
    if (shared) thread_padded_capacity = needed;
  }
  std::copy(content.begin(), content.end(), padded.get());
  std::fill_n(padded.get() + content.size(), simdjson::SIMDJSON_PADDING, '\0');
  dom::parser& parser = shared ? thread_parser : own_parser.emplace();
  dom::element root;
  if (parser.parse(padded.get(), content.size(), /*realloc_if_needed=*/false)
          .get(root) == simdjson::SUCCESS) {
    std::string path = "$";
    JsonRecords(*this, carrier).Walk(root, path, 0);
    return;
  }
  AddText(*this, carrier, content);
}

}  // namespace groundgate::evidence
