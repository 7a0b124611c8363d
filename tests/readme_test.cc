// tests/readme_test.cc — the README's promises that a test can keep.
//
// The README's embedding example must be the program the build compiles
// (examples/readme_embed.cc), so a user who copies it gets code that works.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tests/support/source_file.h"

namespace {

using groundgate_test::ReadSourceFile;

TEST_SUITE("readme") {
  TEST_CASE("the README's embedding example is the one that compiles") {
    const std::string readme = ReadSourceFile("README.md");
    const std::string example = ReadSourceFile("examples/readme_embed.cc");
    REQUIRE_FALSE(example.empty());
    const std::string begin = "<!-- embed-example:begin -->\n```cpp\n";
    const std::string end = "```\n<!-- embed-example:end -->";
    const std::size_t from = readme.find(begin);
    const std::size_t to = readme.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    const std::string snippet =
        readme.substr(from + begin.size(), to - from - begin.size());
    CHECK(snippet == example);
    // "A 20-line embedding example": keep it short enough to read at once.
    const auto lines = std::count(snippet.begin(), snippet.end(), '\n');
    CHECK(lines <= 22);
  }
}

}  // namespace
