#include <iostream>

#include "groundgate/groundgate.h"

int main() {
  absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
  if (!gate.ok()) return 2;           // a bad option: the Status names it
  groundgate::EvidenceCorpus corpus;  // one per conversation
  corpus.RecordUserMessage("How many CRC errors on port fc1/3?");
  corpus.RecordToolResult("call_1", "port_stats",
                          R"({"port": "fc1/3", "crc_errors": 41200})");
  groundgate::Verdict verdict = gate->Judge(
      "Port fc1/3 logged 41,200 CRC errors, up from 39,950.", corpus);
  for (const groundgate::Candidate& value : verdict.candidates) {
    std::cout << value.canonical << ": " << groundgate::StatusName(value.status)
              << "\n";
  }  // fc1/3 grounded, 41200 grounded, 39950 unsupported (typed, not read)
  std::cout << groundgate::VerdictToJson(verdict) << "\n";
  return verdict.flagged() ? 1 : 0;
}
