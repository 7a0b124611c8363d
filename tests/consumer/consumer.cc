// tests/consumer/consumer.cc — an application outside the project that uses
// an installed groundgate (or one added with add_subdirectory): it includes
// only the public headers, judges one answer, and checks the version the
// headers name is the version linked. Built by tests/consumer/run.sh with
// find_package, with pkg-config, and with add_subdirectory; no C++ standard
// is set by the consumer itself: the groundgate target requires C++20.
#include <cstdio>
#include <string>

#include "groundgate/groundgate.h"
#include "groundgate/version.h"

int main() {
  if (groundgate::VersionString() != GROUNDGATE_VERSION_STRING) {
    std::fprintf(stderr, "version mismatch: headers %s, library %s\n",
                 GROUNDGATE_VERSION_STRING,
                 std::string(groundgate::VersionString()).c_str());
    return 1;
  }
  absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
  if (!gate.ok()) return 1;
  groundgate::EvidenceCorpus corpus;
  corpus.RecordUserMessage("How many CRC errors on port fc1/3?");
  corpus.RecordToolResult("call_1", "port_stats",
                          R"({"port": "fc1/3", "crc_errors": 41200})");
  groundgate::Verdict verdict = gate->Judge(
      "Port fc1/3 logged 41,200 CRC errors, up from 39,950.", corpus);
  std::printf("%s\n", groundgate::VerdictToJson(verdict).c_str());
  // 39,950 was typed, not read: exactly one value is flagged.
  return verdict.flagged() && verdict.unsupported() == 1 ? 0 : 1;
}
