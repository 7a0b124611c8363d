// evidence/answer_json.cc — see answer_json.h.
//
// A validating scan of RFC 8259 JSON that notes each object key's span;
// the keys of a region count only when the whole region is well-formed.
#include "evidence/answer_json.h"

namespace groundgate::evidence {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHex(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// A key written as a field's name: letters, digits, '_' and spaces, with
// a lowercase letter ("order_id", "unitPrice", "Customer Name"). A key
// shaped as data ("ORD-1042", "HAT083", "2024-05-22", "fc1/3": a map keyed
// by its values) is none, and is read as the value it is.
bool IsFieldName(std::string_view key) {
  bool lower = false;
  for (const char c : key) {
    if (c >= 'a' && c <= 'z') {
      lower = true;
    } else if (!((c >= 'A' && c <= 'Z') || IsDigit(c) || c == '_' ||
                 c == ' ')) {
      return false;
    }
  }
  return lower;
}

class Scanner {
 public:
  Scanner(std::string_view text, std::size_t offset,
          std::vector<TokenSpan>* keys)
      : text_(text), offset_(offset), keys_(keys) {}

  // True when the text is one JSON object or array, with only white space
  // around it; its keys are appended to *keys.
  bool Document() {
    SkipSpace();
    if (i_ >= text_.size() || (text_[i_] != '{' && text_[i_] != '[')) {
      return false;
    }
    if (!Value(0)) return false;
    SkipSpace();
    return i_ == text_.size();
  }

 private:
  void SkipSpace() {
    while (i_ < text_.size() && IsSpace(text_[i_])) ++i_;
  }

  bool Value(std::size_t depth) {
    if (i_ >= text_.size()) return false;
    switch (text_[i_]) {
      case '{':
        return Object(depth + 1);
      case '[':
        return Array(depth + 1);
      case '"':
        return String(nullptr);
      case 't':
        return Literal("true");
      case 'f':
        return Literal("false");
      case 'n':
        return Literal("null");
      default:
        return Number();
    }
  }

  bool Object(std::size_t depth) {
    if (depth > kMaxAnswerJsonDepth) return false;
    ++i_;  // '{'
    SkipSpace();
    if (i_ < text_.size() && text_[i_] == '}') {
      ++i_;
      return true;
    }
    while (true) {
      SkipSpace();
      TokenSpan key;
      if (i_ >= text_.size() || text_[i_] != '"' || !String(&key)) {
        return false;
      }
      if (IsFieldName(text_.substr(key.start - offset_, key.end - key.start))) {
        keys_->push_back(key);
      }
      SkipSpace();
      if (i_ >= text_.size() || text_[i_] != ':') return false;
      ++i_;
      SkipSpace();
      if (!Value(depth)) return false;
      SkipSpace();
      if (i_ >= text_.size()) return false;
      if (text_[i_] == '}') {
        ++i_;
        return true;
      }
      if (text_[i_] != ',') return false;
      ++i_;
    }
  }

  bool Array(std::size_t depth) {
    if (depth > kMaxAnswerJsonDepth) return false;
    ++i_;  // '['
    SkipSpace();
    if (i_ < text_.size() && text_[i_] == ']') {
      ++i_;
      return true;
    }
    while (true) {
      SkipSpace();
      if (!Value(depth)) return false;
      SkipSpace();
      if (i_ >= text_.size()) return false;
      if (text_[i_] == ']') {
        ++i_;
        return true;
      }
      if (text_[i_] != ',') return false;
      ++i_;
    }
  }

  // At a '"': the string through its closing quote; *content (when
  // given) is the span between the quotes, in the answer's offsets.
  bool String(TokenSpan* content) {
    const std::size_t open = i_++;
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == '"') {
        if (content != nullptr) {
          *content = TokenSpan{offset_ + open + 1, offset_ + i_};
        }
        ++i_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c == '\\') {
        if (i_ + 1 >= text_.size()) return false;
        const char e = text_[i_ + 1];
        if (e == 'u') {
          if (i_ + 6 > text_.size()) return false;
          for (std::size_t k = i_ + 2; k < i_ + 6; ++k) {
            if (!IsHex(text_[k])) return false;
          }
          i_ += 6;
          continue;
        }
        if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' &&
            e != 'n' && e != 'r' && e != 't') {
          return false;
        }
        i_ += 2;
        continue;
      }
      ++i_;
    }
    return false;
  }

  bool Literal(std::string_view word) {
    if (text_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }

  bool Digits() {
    const std::size_t begin = i_;
    while (i_ < text_.size() && IsDigit(text_[i_])) ++i_;
    return i_ > begin;
  }

  bool Number() {
    if (i_ < text_.size() && text_[i_] == '-') ++i_;
    if (i_ >= text_.size() || !IsDigit(text_[i_])) return false;
    if (text_[i_] == '0') {
      ++i_;
    } else {
      Digits();
    }
    if (i_ < text_.size() && text_[i_] == '.') {
      ++i_;
      if (!Digits()) return false;
    }
    if (i_ < text_.size() && (text_[i_] == 'e' || text_[i_] == 'E')) {
      ++i_;
      if (i_ < text_.size() && (text_[i_] == '+' || text_[i_] == '-')) ++i_;
      if (!Digits()) return false;
    }
    return true;
  }

  std::string_view text_;
  std::size_t offset_;
  std::vector<TokenSpan>* keys_;
  std::size_t i_ = 0;
};

// Appends the keys of `region` (at `offset` in the answer) when it is one
// well-formed JSON object or array; otherwise appends nothing.
void AddRegion(std::string_view region, std::size_t offset,
               std::vector<TokenSpan>* keys) {
  const std::size_t before = keys->size();
  if (!Scanner(region, offset, keys).Document()) keys->resize(before);
}

bool EqualsJsonWord(std::string_view info) {
  return info.size() == 4 && (info[0] | 0x20) == 'j' &&
         (info[1] | 0x20) == 's' && (info[2] | 0x20) == 'o' &&
         (info[3] | 0x20) == 'n';
}

// The lines of `answer` that open and close a fenced block ("```json",
// then "```"): the content of each whose info string is "json" or empty.
void AddFencedBlocks(std::string_view answer, std::vector<TokenSpan>* keys) {
  bool inside = false;  // between a fence and its closing fence
  std::size_t content = std::string_view::npos;  // a JSON block's start
  std::size_t line = 0;
  while (line < answer.size()) {
    std::size_t end = answer.find('\n', line);
    if (end == std::string_view::npos) end = answer.size();
    std::string_view text = answer.substr(line, end - line);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
      text.remove_prefix(1);
    }
    while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
    if (text.starts_with("```")) {
      if (inside) {
        if (text == "```") {
          if (content != std::string_view::npos) {
            AddRegion(answer.substr(content, line - content), content, keys);
          }
          inside = false;
          content = std::string_view::npos;
        }
      } else {
        std::string_view info = text.substr(3);
        while (!info.empty() && IsSpace(info.front())) info.remove_prefix(1);
        inside = true;
        if (info.empty() || EqualsJsonWord(info)) {
          content = end < answer.size() ? end + 1 : end;
        }
      }
    }
    line = end + 1;
  }
}

}  // namespace

std::vector<TokenSpan> AnswerJsonKeys(std::string_view answer) {
  std::vector<TokenSpan> keys;
  std::size_t first = 0;
  while (first < answer.size() && IsSpace(answer[first])) ++first;
  if (first < answer.size() && (answer[first] == '{' || answer[first] == '[')) {
    AddRegion(answer, 0, &keys);
    if (!keys.empty()) return keys;
  }
  if (answer.find("```") != std::string_view::npos) {
    AddFencedBlocks(answer, &keys);
  }
  return keys;
}

}  // namespace groundgate::evidence
