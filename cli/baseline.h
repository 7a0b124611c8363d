// cli/baseline.h — the flags `groundgate check` accepted once, kept in a
// file, so that a later run fails only on new ones.
//
// Its one job: collect the flags of a run and write them as a baseline
// (--write-baseline FILE), read a baseline back (--baseline FILE), and mark
// each flag of a later run that the baseline holds as known.
//
// A flag's key is the trace id, the message index and the value's
// canonical form: not the line number, so a record that moves in its file
// (a line added above it) keeps its flags known. The same key may be there
// several times (a value flagged in two records of one id); each entry of
// the baseline accepts one flag. The file holds a 64-bit FNV-1a hash of
// the canonical form, never the value itself (law 8): a baseline is
// committed beside the code, and the archive's values stay in the archive.
// The kind and shape are written for a reader, and not part of the key.
//
//   {"schema": 1, "tool": "groundgate", "flags": [
//   {"trace_id": "t10-r0", "message_index": 30, "value_hash":
//    "3f9c0d1e2b4a5f60", "kind": "unsupported", "shape": "date"},
//   ...]}
//
// one flag a line, sorted by (trace_id, message_index, value_hash, kind,
// shape), so the same flags give the same bytes and a diff shows what
// changed.
//
// What it does NOT do: decide what is a flag (the command does), or print
// anything but the baseline file.
#ifndef GROUNDGATE_CLI_BASELINE_H_
#define GROUNDGATE_CLI_BASELINE_H_

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/check_output.h"

namespace groundgate::cli {

// The version of the baseline file's form.
inline constexpr int kBaselineSchema = 1;

// A baseline file larger than this is refused before it is read: a million
// flags take about 130 MB; past that the file is not a baseline.
inline constexpr std::size_t kMaxBaselineBytes = std::size_t{256} << 20;

// The 16 lowercase hex digits of the unseeded 64-bit FNV-1a hash of
// `canonical`: the same in every process and on every machine.
std::string ValueHash(std::string_view canonical);

class Baseline {
 public:
  // Reads a baseline file. InvalidArgument naming the file and the entry
  // when it cannot be read or is not a baseline.
  static absl::StatusOr<Baseline> Read(const std::string& path);

  // Sets `known` on each flag of `answer` that an unused entry holds, and
  // uses that entry up.
  void Mark(CheckedAnswer* answer);

  // How many entries no flag of the run matched (fixed since, or gone).
  std::size_t Unused() const;

 private:
  using Key = std::tuple<std::string, std::size_t, std::string>;
  std::map<Key, std::size_t> remaining_;  // entries left per key
};

// Collects every flag of a run, in any order, and writes them sorted.
class BaselineWriter {
 public:
  void Add(const CheckedAnswer& answer);

  // Writes the baseline to `path`, replacing it. Returns an error naming
  // the file when it cannot be written whole.
  absl::Status Write(const std::string& path) const;

  std::size_t size() const { return entries_.size(); }

 private:
  // (trace_id, message_index, value_hash, kind, shape)
  using Entry = std::tuple<std::string, std::size_t, std::string, std::string,
                           std::string>;
  std::vector<Entry> entries_;
};

}  // namespace groundgate::cli

#endif  // GROUNDGATE_CLI_BASELINE_H_
