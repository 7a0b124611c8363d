// tools/embed_words.cc — embeds the English word lists into the library.
//
// Its one job: read /usr/share/dict/american-english and
// /usr/share/dict/british-english (Debian packages wamerican and wbritish,
// installed by scripts/setup) at build time and write a C++ source that
// holds three sorted word tables for evidence/names.cc, over the union of
// the lists, so a word is known in either spelling ("color" and "colour",
// "center" and "centre", "program" and "programme"):
//   - common words: entries a list spells in lowercase ("meeting",
//     "smith", "john", "honour"),
//   - proper nouns: entries the lists spell only with a capital ("Hilton",
//     "Mia"), lowercased, minus every word that is also common, and
//   - capitalised common words: common words a list also spells with a
//     capital ("mason", "grace"): given names and surnames among them.
// Each table is one blob of concatenated words (sorted order) and an
// open-addressing hash table whose slots hold each word's offset, length
// and hash tag (evidence/word_hash.h): a lookup is one FNV-1a hash, a probe
// or two and one read of the blob, with no start-up work and no relocation.
// Possessives ("Hilton's") are dropped: the tokenizer splits them anyway.
//
// What it does NOT do: fold case beyond ASCII and Latin-1 (the list holds
// nothing else), download anything, or decide what is a name (names.cc).
//
// Usage: groundgate_embed_words <word list>... <output .cc>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "evidence/word_hash.h"

namespace {

bool IsAsciiUpper(unsigned char b) { return b >= 'A' && b <= 'Z'; }

// True when `word` has an uppercase letter: ASCII, or a Latin-1 capital
// (U+00C0..U+00DE except U+00D7, UTF-8 C3 80..C3 9E).
bool HasUpper(std::string_view word) {
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto b = static_cast<unsigned char>(word[i]);
    if (IsAsciiUpper(b)) return true;
    if (b == 0xC3 && i + 1 < word.size()) {
      const auto c = static_cast<unsigned char>(word[i + 1]);
      if (c >= 0x80 && c <= 0x9E && c != 0x97) return true;
    }
  }
  return false;
}

// Lowercases ASCII and Latin-1 capitals, the same fold names.cc applies.
std::string Lower(std::string_view word) {
  std::string out(word);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto b = static_cast<unsigned char>(out[i]);
    if (IsAsciiUpper(b)) {
      out[i] = static_cast<char>(b + 32);
    } else if (b == 0xC3 && i + 1 < out.size()) {
      const auto c = static_cast<unsigned char>(out[i + 1]);
      if (c >= 0x80 && c <= 0x9E && c != 0x97) {
        out[i + 1] = static_cast<char>(c + 0x20);
      }
      ++i;
    }
  }
  return out;
}

void SortUnique(std::vector<std::string>* words) {
  std::sort(words->begin(), words->end());
  words->erase(std::unique(words->begin(), words->end()), words->end());
}

// Writes one table: its blob as a string literal (octal escapes for every
// byte that is not a plain printable character) and its hash table.
// Returns false when the table is past what a slot can hold (word_hash.h).
bool WriteTable(std::ostream& out, std::string_view name,
                const std::vector<std::string>& words) {
  out << "extern const char k" << name << "Blob[];\n"
      << "extern const std::size_t k" << name << "Count;\n"
      << "const std::size_t k" << name << "Count = " << words.size() << ";\n"
      << "const char k" << name << "Blob[] =\n";
  std::string line;
  std::vector<std::uint32_t> offsets;
  std::uint32_t offset = 0;
  for (const std::string& word : words) {
    if (word.empty() ||
        word.size() >= (1u << groundgate::evidence::kWordLengthBits) ||
        offset >= (1u << groundgate::evidence::kWordOffsetBits)) {
      std::cerr << "groundgate_embed_words: table " << name
                << " is past a slot's bounds (evidence/word_hash.h)\n";
      return false;
    }
    offsets.push_back(offset);
    offset += static_cast<std::uint32_t>(word.size());
    for (const char ch : word) {
      const auto b = static_cast<unsigned char>(ch);
      if (b >= 0x20 && b < 0x7F && b != '"' && b != '\\' && b != '?') {
        line += ch;
      } else {
        char escaped[8];
        std::snprintf(escaped, sizeof(escaped), "\\%03o", b);
        line += escaped;
      }
    }
    if (line.size() >= 72) {
      out << "    \"" << line << "\"\n";
      line.clear();
    }
  }
  out << "    \"" << line << "\";\n";
  // An open-addressing hash table over the words, built here so a lookup
  // costs one hash and a probe or two, with no start-up work: at most half
  // full, linear probing, each slot the word itself (WordSlot; 0 is empty).
  std::size_t slots = 16;
  while (slots < 2 * words.size()) slots *= 2;
  std::vector<std::uint32_t> table(slots, 0);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::uint32_t hash = groundgate::evidence::WordHash(words[i]);
    std::size_t slot = hash & (slots - 1);
    while (table[slot] != 0) slot = (slot + 1) & (slots - 1);
    table[slot] = groundgate::evidence::WordSlot(
        offsets[i], static_cast<std::uint32_t>(words[i].size()), hash);
  }
  out << "extern const std::uint32_t k" << name << "Slots[];\n"
      << "extern const std::size_t k" << name << "SlotCount;\n"
      << "const std::size_t k" << name << "SlotCount = " << slots << ";\n"
      << "const std::uint32_t k" << name << "Slots[] = {";
  for (std::size_t i = 0; i < slots; ++i) {
    if (i % 8 == 0) out << "\n   ";
    out << ' ' << table[i] << ',';
  }
  out << "\n};\n\n";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: groundgate_embed_words <word list>... <output .cc>\n";
    return 2;
  }
  const std::string_view output = argv[argc - 1];
  std::vector<std::string> common;
  std::vector<std::string> capitalised;
  std::string sources;
  for (int list = 1; list < argc - 1; ++list) {
    std::ifstream in(argv[list]);
    if (!in) {
      std::cerr << "groundgate_embed_words: cannot read " << argv[list]
                << " (install the Debian packages wamerican and wbritish)\n";
      return 1;
    }
    if (!sources.empty()) sources += " and ";
    sources += argv[list];
    std::string line;
    while (std::getline(in, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
        line.pop_back();
      }
      if (line.empty()) continue;
      if (line.size() >= 2 && line.compare(line.size() - 2, 2, "'s") == 0) {
        continue;  // a possessive
      }
      if (HasUpper(line)) {
        capitalised.push_back(Lower(line));
      } else {
        common.push_back(line);
      }
    }
  }
  SortUnique(&common);
  SortUnique(&capitalised);
  std::vector<std::string> proper;
  std::set_difference(capitalised.begin(), capitalised.end(), common.begin(),
                      common.end(), std::back_inserter(proper));

  // Both spellings: a common word that is also a given name or a surname
  // ("mason", "grace", "baker").
  std::vector<std::string> both;
  std::set_intersection(capitalised.begin(), capitalised.end(), common.begin(),
                        common.end(), std::back_inserter(both));

  std::ostringstream out;
  out << "// Generated by tools/embed_words.cc from " << sources
      << ". Do not edit.\n"
      << "#include <cstddef>\n#include <cstdint>\n\n"
      << "namespace groundgate::evidence::internal {\n\n";
  if (!WriteTable(out, "CommonWord", common) ||
      !WriteTable(out, "ProperNoun", proper) ||
      !WriteTable(out, "CapitalisedCommon", both)) {
    return 1;
  }
  out << "}  // namespace groundgate::evidence::internal\n";

  // Write only when the content changed, so a rerun does not rebuild.
  const std::string text = out.str();
  {
    std::ifstream old(std::string(output), std::ios::binary);
    if (old) {
      std::ostringstream existing;
      existing << old.rdbuf();
      if (existing.str() == text) return 0;
    }
  }
  std::ofstream file(std::string(output), std::ios::binary | std::ios::trunc);
  file << text;
  if (!file) {
    std::cerr << "groundgate_embed_words: cannot write " << output << "\n";
    return 1;
  }
  return 0;
}
