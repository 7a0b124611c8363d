// tests/cli_run.h — run the built `groundgate` binary from a test.
//
// Its one job: fork GROUNDGATE_CLI_PATH with arguments and standard input,
// and capture its stdout, stderr and exit code; plus a scratch directory
// for the files a test writes. Used by the cli, report and eval suites, which
// test the command as a user runs it.
//
// What it does NOT do: parse the command's output (each suite does), or
// run anything but the built binary.
#ifndef GROUNDGATE_TESTS_CLI_RUN_H_
#define GROUNDGATE_TESTS_CLI_RUN_H_

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace groundgate_test {

// A temporary directory removed with everything in it when it goes.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "groundgate_test.XXXXXX")
            .string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    REQUIRE_FALSE(path_.empty());
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string Path(const std::string& name) const {
    return (std::filesystem::path(path_) / name).string();
  }

  // Writes `content` byte for byte and returns the file's path.
  std::string Write(const std::string& name, const std::string& content) {
    const std::string path = Path(name);
    std::ofstream file(path, std::ios::binary);
    file << content;
    return path;
  }

 private:
  std::string path_;
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file),
                     std::istreambuf_iterator<char>());
}

inline bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `program` with `args` (argv[0] is the program), standard input from
// `stdin_text`, and captures stdout, stderr and the exit code. With
// `stdout_path` ("/dev/full", say) standard output goes there instead and
// RunResult::out is empty.
inline RunResult RunProgram(const std::string& program,
                            const std::vector<std::string>& args,
                            const std::string& stdin_text = "",
                            const std::string& stdout_path = "") {
  ScratchDir io;
  const std::string in_path = io.Write("stdin", stdin_text);
  const std::string out_path =
      stdout_path.empty() ? io.Path("stdout") : stdout_path;
  const std::string err_path = io.Path("stderr");
  std::vector<std::string> argv_storage = {program};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int in_fd = open(in_path.c_str(), O_RDONLY);
    const int out_fd =
        open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err_fd =
        open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in_fd < 0 || out_fd < 0 || err_fd < 0) _exit(126);
    dup2(in_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  RunResult result;
  result.exit_code =
      WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (stdout_path.empty()) result.out = ReadFile(out_path);
  result.err = ReadFile(err_path);
  return result;
}

// Runs the built `groundgate` command.
inline RunResult RunGroundgate(const std::vector<std::string>& args,
                               const std::string& stdin_text = "",
                               const std::string& stdout_path = "") {
  return RunProgram(GROUNDGATE_CLI_PATH, args, stdin_text, stdout_path);
}

// A fixture of tests/fixtures/adapters/.
inline std::string AdapterFixture(const std::string& name) {
  return std::string(GROUNDGATE_SOURCE_DIR) + "/tests/fixtures/adapters/" +
         name;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_CLI_RUN_H_
