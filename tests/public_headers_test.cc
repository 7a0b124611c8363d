// tests/public_headers_test.cc — the public headers are the API and nothing
// more.
//
// Its one job: pin that no header of include/groundgate brings a JSON
// library's types into the API: JSON crosses it as text, and only the
// optional, header-only groundgate/json.h includes nlohmann (and
// groundgate.h does not include it). The shared library's symbols are
// checked by tests/consumer/exports.sh; this checks the headers themselves,
// in every build.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/source_file.h"

namespace {

using groundgate_test::ReadFile;
using groundgate_test::SourcePath;

TEST_SUITE("public headers") {
  TEST_CASE("only the optional json.h includes nlohmann") {
    const std::filesystem::path dir = SourcePath("include/groundgate");
    std::vector<std::string> with_json;
    int headers = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".h") continue;
      ++headers;
      if (ReadFile(entry.path()).find("#include \"nlohmann/") !=
          std::string::npos) {
        with_json.push_back(entry.path().filename().string());
      }
    }
    CHECK(headers > 10);
    CHECK(with_json == std::vector<std::string>{"json.h"});
    CHECK(ReadFile(dir / "groundgate.h").find("groundgate/json.h") ==
          std::string::npos);
  }
}

}  // namespace
