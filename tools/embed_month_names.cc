// tools/embed_month_names.cc — embeds ICU's month names into the library.
//
// Its one job: at build time, write a C++ source that defines
// evidence::dates::kEmbeddedMonthNames (embedded_month_names.h): the
// month names evidence::LocaleMonthNames gives for each locale of
// kMonthLocales, in its order. Non-ASCII bytes are written as octal
// escapes, which end after three digits, so no letter that follows can
// extend them.
//
// What it does NOT do: choose the names (LocaleMonthNames does, from the
// ICU it is linked with), or download anything.
//
// Usage: groundgate_embed_month_names <output .cc>
#include <unicode/uversion.h>

#include <cstddef>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "evidence/dates/embedded_month_names.h"
#include "evidence/unicode.h"

namespace {

std::string CString(const std::string& utf8) {
  std::string out = "\"";
  for (const unsigned char c : utf8) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '?') {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\%03o", c);
      out += escape;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
  using groundgate::evidence::LocaleMonthName;
  using groundgate::evidence::LocaleMonthNames;
  using groundgate::evidence::dates::kMonthLocales;
  if (argc != 2) {
    std::cerr << "usage: groundgate_embed_month_names <output .cc>\n";
    return 2;
  }
  std::string source =
      "// Written by tools/embed_month_names.cc from ICU " U_ICU_VERSION
      " at build time: do not edit.\n"
      "#include \"evidence/dates/embedded_month_names.h\"\n\n"
      "namespace groundgate::evidence::dates {\n\n"
      "const EmbeddedMonthName kEmbeddedMonthNames[] = {\n";
  std::size_t count = 0;
  for (std::size_t locale = 0; locale < std::size(kMonthLocales); ++locale) {
    const std::vector<LocaleMonthName> names =
        LocaleMonthNames(kMonthLocales[locale]);
    if (names.empty()) {
      std::cerr << "groundgate_embed_month_names: ICU has no month names for "
                << kMonthLocales[locale] << "\n";
      return 1;
    }
    for (const LocaleMonthName& name : names) {
      source += "    {" + std::to_string(locale) + ", " +
                std::to_string(name.month) + ", " +
                (name.abbreviated ? "true" : "false") + ", " +
                (name.format_only ? "true" : "false") + ", " +
                CString(name.utf8) + "},\n";
      ++count;
    }
  }
  source += "};\n\nconst std::size_t kEmbeddedMonthNameCount = " +
            std::to_string(count) +
            ";\n\n}  // namespace groundgate::evidence::dates\n";
  std::ofstream out(argv[1], std::ios::binary);
  out << source;
  out.close();
  if (!out) {
    std::cerr << "groundgate_embed_month_names: cannot write " << argv[1]
              << "\n";
    return 1;
  }
  return 0;
}
