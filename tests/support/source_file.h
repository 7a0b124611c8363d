// tests/support/source_file.h — a file of the source tree, read whole.
//
// Its one job: the read the suites that hold the tree to a promise (the
// README's example, the public headers) each wrote for themselves: the
// bytes of a file, by its path or by its path below the source tree.
//
//   const std::string readme = ReadSourceFile("README.md");
//
// What it does NOT do: fail the test when the file is missing (the caller
// checks what it read), or read a fixture a suite locates itself.
#ifndef GROUNDGATE_TESTS_SUPPORT_SOURCE_FILE_H_
#define GROUNDGATE_TESTS_SUPPORT_SOURCE_FILE_H_

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace groundgate_test {

// The bytes of the file at `path`; empty when it cannot be read.
inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The path of `relative` ("include/groundgate") below the source tree.
inline std::filesystem::path SourcePath(std::string_view relative) {
  return std::filesystem::path(GROUNDGATE_SOURCE_DIR) / relative;
}

// ReadFile(SourcePath(relative)).
inline std::string ReadSourceFile(std::string_view relative) {
  return ReadFile(SourcePath(relative));
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_SOURCE_FILE_H_
