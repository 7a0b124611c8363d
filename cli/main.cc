// cli/main.cc — the `groundgate` command's entry point.
//
// Its one job: pick the subcommand from argv and hand it the rest, or print
// the top-level help or version. The subcommands: `check` (check_command.h)
// re-judges the answers of JSONL agent traces, `report` (report_command.h)
// shows them as one HTML page, `eval` (eval_command.h) scores the gate on
// labelled traces.
//
// What it does NOT do: parse a subcommand's options or read any input; it
// only dispatches. Exit codes are those of options.h (2 for a usage error
// here too).
#include <iostream>
#include <span>
#include <string_view>
#include <vector>

#include "cli/check_command.h"
#include "cli/eval_command.h"
#include "cli/options.h"
#include "cli/report_command.h"
#include "groundgate/version.h"

namespace {

constexpr std::string_view kUsage =
    "usage: groundgate <command> [options]\n"
    "\n"
    "groundgate checks that every name, number and identifier in an agent's\n"
    "answer was read from a tool result of its conversation. It detects\n"
    "fabricated values; it does not judge whether an answer is correct.\n"
    "\n"
    "Commands:\n"
    "  check      re-judge the answers of JSONL agent traces (OpenAI Chat\n"
    "             and Responses, Anthropic Messages, MCP, evidenceflow)\n"
    "  report     show the verdicts as one self-contained HTML page\n"
    "  eval       score the gate on labelled traces\n"
    "             (groundgate COMMAND --help for each one's options)\n"
    "\n"
    "Options:\n"
    "  -h, --help print this help\n"
    "  --version  print the version\n"
    "\n"
    "Examples:\n"
    "  groundgate check traces.jsonl\n"
    "      the flagged values, as text on a terminal and JSONL when piped\n"
    "  groundgate check --format sarif traces.jsonl > groundgate.sarif\n"
    "  groundgate report traces.jsonl -o report.html\n"
    "  groundgate eval --json labelled.jsonl\n";

// The exit code after the top-level help or version: 0, or 2 with a
// message when standard output could not be written.
int WrittenOrFailed() {
  return groundgate::cli::OutputErrors(std::cout).Report(
             "groundgate", groundgate::cli::kStdoutDisplayName, std::cerr)
             ? groundgate::cli::kExitUsageError
             : groundgate::cli::kExitGrounded;
}

}  // namespace

int main(int argc, char** argv) {
  // The command reads and writes large streams; C stdio is never used.
  std::ios::sync_with_stdio(false);

  std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return groundgate::cli::kExitUsageError;
  }
  const std::string_view command = args.front();
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return WrittenOrFailed();
  }
  if (command == "--version") {
    std::cout << "groundgate " << GROUNDGATE_VERSION_STRING << '\n';
    return WrittenOrFailed();
  }
  if (command == "check") {
    return groundgate::cli::RunCheckCommand(
        std::span<const std::string_view>(args).subspan(1), std::cin, std::cout,
        std::cerr, groundgate::cli::Terminal::Detect());
  }
  if (command == "report") {
    return groundgate::cli::RunReportCommand(
        std::span<const std::string_view>(args).subspan(1), std::cin, std::cout,
        std::cerr);
  }
  if (command == "eval") {
    return groundgate::cli::RunEvalCommand(
        std::span<const std::string_view>(args).subspan(1), std::cin, std::cout,
        std::cerr);
  }
  std::cerr << "groundgate: unknown command \"" << command << "\"\n" << kUsage;
  return groundgate::cli::kExitUsageError;
}
