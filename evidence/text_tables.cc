// evidence/text_tables.cc — see text_tables.h.
#include "evidence/text_tables.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace groundgate::evidence {
namespace {

// The cells of one line split at `separator`, with CSV quoting ("a,b"),
// into `cells` (cleared first). An unquoted cell is a view into `line`; a
// quoted one is unquoted into a string `unquoted` keeps, and viewed there.
void Cells(std::string_view line, char separator,
           std::vector<std::string_view>* cells,
           std::vector<std::unique_ptr<std::string>>* unquoted) {
  cells->clear();
  if (separator == '|') {
    line = TrimSpaces(line);
    if (!line.empty() && line.front() == '|') line.remove_prefix(1);
    if (!line.empty() && line.back() == '|') line.remove_suffix(1);
  }
  if (line.find('"') == std::string_view::npos) {
    // No quoting: the cells are the runs between separators, trimmed.
    std::size_t start = 0;
    for (std::size_t stop = line.find(separator);
         stop != std::string_view::npos; stop = line.find(separator, start)) {
      cells->push_back(TrimSpaces(line.substr(start, stop - start)));
      start = stop + 1;
    }
    cells->push_back(TrimSpaces(line.substr(start)));
    return;
  }
  // The bytes up to the next quote (or separator) are appended as one run.
  auto keep = [&](std::string_view text) {
    unquoted->push_back(std::make_unique<std::string>(TrimSpaces(text)));
    cells->push_back(*unquoted->back());
  };
  std::string cell;
  bool quoted = false;
  std::size_t i = 0;
  while (i < line.size()) {
    if (quoted) {
      const std::size_t quote = line.find('"', i);
      if (quote == std::string_view::npos) {
        cell.append(line.substr(i));
        break;
      }
      cell.append(line.substr(i, quote - i));
      if (quote + 1 < line.size() && line[quote + 1] == '"') {
        cell += '"';  // "" inside quotes: one quote
        i = quote + 2;
      } else {
        quoted = false;
        i = quote + 1;
      }
      continue;
    }
    std::size_t stop = i;
    while (stop < line.size() && line[stop] != '"' && line[stop] != separator) {
      ++stop;
    }
    cell.append(line.substr(i, stop - i));
    if (stop == line.size()) break;
    if (line[stop] == '"' && TrimSpaces(cell).empty()) {
      quoted = true;
      cell.clear();
    } else if (line[stop] == separator) {
      keep(cell);
      cell.clear();
    } else {
      cell += '"';  // a quote inside an unquoted cell is text
    }
    i = stop + 1;
  }
  keep(cell);
}

bool IsRuleRow(std::span<const std::string_view> cells) {
  return std::all_of(cells.begin(), cells.end(), [](std::string_view c) {
    return !c.empty() && std::all_of(c.begin(), c.end(), [](char b) {
      return b == '-' || b == ':' || b == ' ';
    });
  });
}

char SeparatorOf(std::string_view header) {
  if (header.find('|') != std::string_view::npos) return '|';
  if (header.find('\t') != std::string_view::npos) return '\t';
  if (header.find(',') != std::string_view::npos) return ',';
  return 0;
}

}  // namespace

std::vector<std::string_view> TextLines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::size_t CountListItems(std::span<const std::string_view> lines) {
  std::size_t items = 0;
  for (const std::string_view line : lines) {
    if (line.size() >= 2 && line[0] == '-' && line[1] == ' ') ++items;
  }
  return items;
}

std::vector<std::span<const std::string_view>> ListItems(
    std::span<const std::string_view> lines) {
  std::vector<std::span<const std::string_view>> items;
  std::size_t begin = lines.size();
  for (std::size_t i = 0; i <= lines.size(); ++i) {
    const bool at_first_column =
        i == lines.size() ||
        (!lines[i].empty() && lines[i][0] != ' ' && lines[i][0] != '\t');
    if (!at_first_column) continue;
    if (begin < i) items.push_back(lines.subspan(begin, i - begin));
    begin = i < lines.size() && lines[i].size() >= 2 && lines[i][0] == '-' &&
                    lines[i][1] == ' '
                ? i
                : lines.size();
  }
  return items;
}

std::vector<std::string_view> ItemFieldValues(
    std::span<const std::string_view> item) {
  std::vector<std::string_view> values;
  for (std::string_view line : item) {
    line = TrimSpaces(line);
    if (line.starts_with("- ")) line.remove_prefix(2);
    const std::size_t colon = line.find(": ");
    if (colon == std::string_view::npos) continue;
    std::string_view value = TrimSpaces(line.substr(colon + 2));
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') &&
        value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    if (!value.empty()) values.push_back(value);
  }
  return values;
}

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

std::span<const std::string_view> TextTable::row(std::size_t r) const {
  return std::span<const std::string_view>(cells).subspan(r * columns.size(),
                                                          columns.size());
}

TextTable ReadTextTable(std::span<const std::string_view> lines) {
  TextTable table;
  std::size_t header = 0;
  while (header < lines.size() && (TrimSpaces(lines[header]).empty() ||
                                   TrimSpaces(lines[header]).front() == '#')) {
    ++header;
  }
  table.header = header;
  table.after = header + 1;
  const char separator = header < lines.size() ? SeparatorOf(lines[header]) : 0;
  if (separator != 0) {
    Cells(lines[header], separator, &table.columns, &table.unquoted);
  }
  if (table.columns.size() < 2) return table;
  std::vector<std::string_view> cells;  // one line's, reused
  for (; table.after < lines.size(); ++table.after) {
    if (TrimSpaces(lines[table.after]).empty()) break;
    Cells(lines[table.after], separator, &cells, &table.unquoted);
    if (cells.size() != table.columns.size()) break;
    if (IsRuleRow(cells)) continue;
    table.cells.insert(table.cells.end(), cells.begin(), cells.end());
    ++table.rows;
  }
  return table;
}

}  // namespace groundgate::evidence
