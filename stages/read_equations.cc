// stages/read_equations.cc — computations the answer writes out, read as
// written: an equation ending in a value, operands in brackets after it,
// the list a "Total" line closes.
//
// What it does NOT do: read across lines (but for a list), read operators in
// words, or evaluate brackets inside an equation.
#include "stages/read_equations.h"

#include <algorithm>
#include <utility>

namespace groundgate::stages {
namespace {

using evidence::NumericUnits;

// Written operands past this magnitude are not multiplied: the product must
// fit the fixed point's 128 bits.
constexpr NumericUnits kMaxProductOperand =
    static_cast<NumericUnits>(1000000000000) * evidence::kNumericOne;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A byte of a word: an ASCII letter or digit, '_', or any non-ASCII byte.
bool IsWordByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         c == '_' || u >= 0x80;
}

// The amount that begins at `pos` ("$1,625.50", "1625", "0.5"), to its
// canonical spelling; *end receives where it ends. Nullopt when it is part
// of a word ("HAT023", "2x") or a percent.
std::optional<std::string> ReadAmount(std::string_view line, std::size_t pos,
                                      std::size_t* end) {
  std::size_t i = pos;
  if (pos > 0 && IsWordByte(line[pos - 1])) return std::nullopt;
  if (i < line.size() && line[i] == '$') ++i;
  if (i >= line.size() || !IsDigit(line[i])) return std::nullopt;
  std::string canonical;
  while (i < line.size() &&
         (IsDigit(line[i]) ||
          (line[i] == ',' && i + 1 < line.size() && IsDigit(line[i + 1])))) {
    if (line[i] != ',') canonical.push_back(line[i]);
    ++i;
  }
  if (i + 1 < line.size() && line[i] == '.' && IsDigit(line[i + 1])) {
    canonical.push_back('.');
    ++i;
    while (i < line.size() && IsDigit(line[i])) canonical.push_back(line[i++]);
    while (canonical.back() == '0') canonical.pop_back();
    if (canonical.back() == '.') canonical.pop_back();
  }
  if (i < line.size() && (IsWordByte(line[i]) || line[i] == '%')) {
    return std::nullopt;
  }
  *end = i;
  return canonical;
}

struct Lexeme {
  enum class Kind { kAmount, kOperator, kOther };
  Kind kind = Kind::kOther;
  char op = 0;         // '+', '-', '*'
  std::string amount;  // canonical
};

// `segment` as amounts, operators and anything else; spaces, markdown `*`
// and a bracketed word without a digit ("(Business)") say nothing.
absl::InlinedVector<Lexeme, 8> Lex(std::string_view segment) {
  absl::InlinedVector<Lexeme, 8> out;
  auto op = [&](char c) { out.push_back({Lexeme::Kind::kOperator, c, {}}); };
  std::size_t i = 0;
  const std::size_t n = segment.size();
  while (i < n) {
    const char c = segment[i];
    const bool space_before = i == 0 || segment[i - 1] == ' ';
    const bool space_after = i + 1 >= n || segment[i + 1] == ' ';
    if (c == ' ' || c == '\t') {
      ++i;
    } else if (c == '*') {
      if (space_before && space_after) op('*');  // " * " multiplies
      ++i;                                       // otherwise markdown emphasis
    } else if (c == '(') {
      const std::size_t close = segment.find(')', i);
      if (close == std::string_view::npos ||
          std::any_of(segment.begin() + static_cast<std::ptrdiff_t>(i),
                      segment.begin() + static_cast<std::ptrdiff_t>(close),
                      IsDigit)) {
        out.push_back({});
        ++i;
      } else {
        i = close + 1;
      }
    } else if (c == '+' || c == '-') {
      op(c);
      ++i;
    } else if (segment.substr(i, 3) == "\xE2\x88\x92") {  // U+2212 minus
      op('-');
      i += 3;
    } else if (segment.substr(i, 2) == "\xC3\x97") {  // U+00D7 times
      op('*');
      i += 2;
    } else if ((c == 'x' || c == 'X') && space_before && space_after) {
      op('*');
      ++i;
    } else {
      std::size_t end = i;
      if (std::optional<std::string> amount = ReadAmount(segment, i, &end)) {
        out.push_back({Lexeme::Kind::kAmount, 0, *std::move(amount)});
        i = end;
        continue;
      }
      out.push_back({});
      while (i < n && segment[i] != ' ') ++i;
    }
  }
  return out;
}

// Evaluates operands[0] op[0] operands[1] ... exactly, left to right; sums
// and differences, or products only. Fills op, result and text.
bool Evaluate(WrittenComputation* written) {
  const auto& ops = written->operators;
  if (written->operands.size() < 2 ||
      written->operands.size() > kMaxWrittenOperands ||
      ops.size() + 1 != written->operands.size()) {
    return false;
  }
  const bool product = ops.front() == '*';
  if (std::any_of(ops.begin(), ops.end(),
                  [&](char o) { return (o == '*') != product; })) {
    return false;  // a mix of sums and products: precedence unwritten
  }
  std::optional<NumericUnits> value =
      evidence::ExactNumericUnits(written->operands.front());
  if (!value) return false;
  written->text = written->operands.front();
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const std::optional<NumericUnits> next =
        evidence::ExactNumericUnits(written->operands[k + 1]);
    if (!next) return false;
    written->text.append(ops[k] == '+' ? " + " : ops[k] == '-' ? " - " : " * ");
    written->text.append(written->operands[k + 1]);
    if (ops[k] == '+') {
      *value += *next;
    } else if (ops[k] == '-') {
      *value -= *next;
    } else {
      if (*value > kMaxProductOperand || *value < -kMaxProductOperand ||
          *next > kMaxProductOperand || *next < -kMaxProductOperand) {
        return false;
      }
      // One factor must be whole for the product to stay exact and small.
      if (*next % evidence::kNumericOne == 0) {
        *value *= *next / evidence::kNumericOne;
      } else if (*value % evidence::kNumericOne == 0) {
        *value = (*value / evidence::kNumericOne) * *next;
      } else {
        return false;
      }
    }
  }
  written->op = product ? evidence::NumericOp::kProduct
                : std::find(ops.begin(), ops.end(), '-') != ops.end()
                    ? evidence::NumericOp::kDifference
                    : evidence::NumericOp::kSum;
  written->result = evidence::FormatNumericUnits(*value);
  return true;
}

// The chain "A op B op C" that ends the lexemes (when `whole`, that is all
// of them).
std::optional<WrittenComputation> ChainAtEnd(
    const absl::InlinedVector<Lexeme, 8>& lexemes, bool whole) {
  if (lexemes.empty() || lexemes.back().kind != Lexeme::Kind::kAmount) {
    return std::nullopt;
  }
  WrittenComputation written;
  std::size_t k = lexemes.size() - 1;
  written.operands.push_back(lexemes[k].amount);
  while (k >= 2 && lexemes[k - 1].kind == Lexeme::Kind::kOperator &&
         lexemes[k - 2].kind == Lexeme::Kind::kAmount &&
         written.operands.size() < kMaxWrittenOperands) {
    written.operators.push_back(lexemes[k - 1].op);
    written.operands.push_back(lexemes[k - 2].amount);
    k -= 2;
  }
  if (whole && k != 0) return std::nullopt;
  std::reverse(written.operands.begin(), written.operands.end());
  std::reverse(written.operators.begin(), written.operators.end());
  if (!Evaluate(&written)) return std::nullopt;
  return written;
}

std::size_t LineBegin(std::string_view text, std::size_t pos) {
  if (pos == 0) return 0;
  const std::size_t newline = text.rfind('\n', pos - 1);
  return newline == std::string_view::npos ? 0 : newline + 1;
}

std::size_t Indentation(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

bool SaysTotal(std::string_view line) {
  for (std::size_t i = 0; i + 5 <= line.size(); ++i) {
    std::string_view word = line.substr(i, 5);
    if ((word[0] == 't' || word[0] == 'T') && word.substr(1) == "otal") {
      return true;
    }
  }
  return false;
}

// How many money amounts ($) `line` holds; the last one read goes to
// *amount.
int MoneyAmounts(std::string_view line, std::string* amount) {
  int amounts = 0;
  for (std::size_t i = line.find('$'); i != std::string_view::npos;
       i = line.find('$', i + 1)) {
    std::size_t amount_end = i;
    if (std::optional<std::string> read = ReadAmount(line, i, &amount_end)) {
      *amount = *std::move(read);
      ++amounts;
    }
  }
  return amounts;
}

}  // namespace

std::optional<WrittenComputation> ComputationWrittenFor(std::string_view answer,
                                                        std::size_t start,
                                                        std::size_t end) {
  start = std::min(start, answer.size());
  end = std::min(std::max(end, start), answer.size());
  // "A op B = <number>": the '=' before the number, with nothing but
  // decoration between.
  const std::size_t line_begin = LineBegin(answer, start);
  std::size_t eq = start;
  while (eq > line_begin && (answer[eq - 1] == ' ' || answer[eq - 1] == '*' ||
                             answer[eq - 1] == '$')) {
    --eq;
  }
  if (eq > line_begin && answer[eq - 1] == '=') {
    const std::string_view before =
        answer.substr(line_begin, eq - 1 - line_begin);
    if (std::optional<WrittenComputation> written =
            ChainAtEnd(Lex(before), /*whole=*/false)) {
      return written;
    }
  }
  // "<number> (A op B)".
  std::size_t open = end;
  while (open < answer.size() && (answer[open] == ' ' || answer[open] == '*')) {
    ++open;
  }
  if (open < answer.size() && answer[open] == '(') {
    const std::size_t close = answer.find(')', open);
    const std::size_t newline = answer.find('\n', open);
    if (close != std::string_view::npos && close < newline) {
      return ChainAtEnd(Lex(answer.substr(open + 1, close - open - 1)),
                        /*whole=*/true);
    }
  }
  return std::nullopt;
}

std::optional<WrittenComputation> ListTotalledAt(std::string_view answer,
                                                 std::size_t start) {
  start = std::min(start, answer.size());
  std::size_t line_begin = LineBegin(answer, start);
  const std::size_t indent =
      Indentation(answer.substr(line_begin, start - line_begin));
  WrittenComputation written;
  // The amounts of the detail lines below the item being walked up to.
  std::string detail_amount;
  int detail_amounts = 0;
  while (line_begin > 0) {
    const std::size_t above = LineBegin(answer, line_begin - 1);
    std::string_view line = answer.substr(above, line_begin - 1 - above);
    line_begin = above;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t line_indent = Indentation(line);
    if (line_indent == line.size() || line_indent < indent) break;
    std::string amount;
    const int amounts = MoneyAmounts(line, &amount);
    if (line_indent > indent) {  // an item's details
      detail_amounts += amounts;
      if (amounts == 1) detail_amount = std::move(amount);
      continue;
    }
    if (SaysTotal(line)) break;  // a subtotal closes its own list
    // The item's amount: on its line ("- Certificate 1: $500"), or, when
    // its line names none, the one amount among its details ("- Flight 1:
    // ATL to DFW" over "  - Price: $122").
    if (amounts == 0 && detail_amounts == 1) {
      amount = std::move(detail_amount);
    } else if (amounts != 1) {
      break;
    }
    detail_amounts = 0;
    if (written.operands.size() == kMaxListItems) return std::nullopt;
    written.operands.push_back(std::move(amount));
  }
  if (written.operands.size() < 2) return std::nullopt;
  std::reverse(written.operands.begin(), written.operands.end());
  written.operators.assign(written.operands.size() - 1, '+');
  if (!Evaluate(&written)) return std::nullopt;
  return written;
}

std::optional<ListAmounts> ListAround(std::string_view answer,
                                      std::size_t start) {
  start = std::min(start, answer.size());
  const std::size_t own_begin = LineBegin(answer, start);
  std::size_t own_end = answer.find('\n', start);
  if (own_end == std::string_view::npos) own_end = answer.size();
  const std::string_view own = answer.substr(own_begin, own_end - own_begin);
  const std::size_t indent = Indentation(own);
  std::string amount;
  if (MoneyAmounts(own, &amount) != 1 || SaysTotal(own)) return std::nullopt;
  ListAmounts list;
  // One item line: false when the list ends there.
  auto item = [&](std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t line_indent = Indentation(line);
    if (line_indent == line.size() || line_indent != indent) return false;
    std::string read;
    if (MoneyAmounts(line, &read) != 1) return false;
    if (SaysTotal(line)) {
      if (list.total.has_value()) return false;
      list.total = std::move(read);
    } else {
      if (list.others.size() == kMaxListItems) return false;
      list.others.push_back(std::move(read));
    }
    return true;
  };
  for (std::size_t begin = own_begin; begin > 0;) {
    const std::size_t above = LineBegin(answer, begin - 1);
    if (!item(answer.substr(above, begin - 1 - above))) break;
    begin = above;
  }
  for (std::size_t end = own_end; end < answer.size();) {
    std::size_t next = answer.find('\n', end + 1);
    if (next == std::string_view::npos) next = answer.size();
    if (!item(answer.substr(end + 1, next - end - 1))) break;
    end = next;
  }
  if (list.others.empty()) return std::nullopt;
  return list;
}

}  // namespace groundgate::stages
