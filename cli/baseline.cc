// cli/baseline.cc — the flags a run accepted once, kept in a file. See
// baseline.h.
//
// What it does NOT do: decide what is a flag, or print a report.
#include "cli/baseline.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <utility>

#include "cli/options.h"
#include "nlohmann/json.hpp"
#include "traces/trace_json.h"

namespace groundgate::cli {
namespace {

using Json = nlohmann::json;

// One entry as a JSON line of the file.
std::string EntryLine(const std::string& trace_id, std::size_t message_index,
                      const std::string& hash, const std::string& kind,
                      const std::string& shape) {
  nlohmann::ordered_json entry = {{"trace_id", trace_id},
                                  {"message_index", message_index},
                                  {"value_hash", hash},
                                  {"kind", kind},
                                  {"shape", shape}};
  return entry.dump(-1, ' ', false,
                    nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace

std::string ValueHash(std::string_view canonical) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a offset basis
  for (const char c : canonical) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;  // FNV-1a prime
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i) {
    text[static_cast<std::size_t>(i)] = kHex[hash & 0xF];
    hash >>= 4;
  }
  return text;
}

absl::StatusOr<Baseline> Baseline::Read(const std::string& path) {
  auto fail = [&path](std::string_view what) {
    return absl::InvalidArgumentError(Concat("--baseline ", path, ": ", what));
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("is a directory");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxBaselineBytes) {
    return fail(Concat("larger than ", kMaxBaselineBytes,
                       " bytes; is this the right file?"));
  }
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return fail(errno != 0 ? std::strerror(errno) : "cannot be opened");
  }
  const std::string text((std::istreambuf_iterator<char>(file)),
                         std::istreambuf_iterator<char>());
  if (file.bad()) return fail("read error");
  absl::StatusOr<Json> document = ParseJsonText(text);
  if (!document.ok()) return fail(MessageOf(document.status()));
  if (!document->is_object() || !document->contains("flags") ||
      !(*document)["flags"].is_array()) {
    return fail(
        "not a baseline: expected {\"schema\", \"flags\": [...]} (written "
        "by --write-baseline)");
  }
  const Json& schema = (*document)["schema"];
  if (!schema.is_number_integer() || schema.get<int>() != kBaselineSchema) {
    return fail(Concat("schema: expected ", kBaselineSchema));
  }
  Baseline baseline;
  const Json& flags = (*document)["flags"];
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const Json& entry = flags[i];
    const std::string where = Concat("flags[", i, "]");
    if (!entry.is_object()) return fail(Concat(where, ": expected an object"));
    auto trace_id = entry.find("trace_id");
    auto index = entry.find("message_index");
    auto hash = entry.find("value_hash");
    if (trace_id == entry.end() || !trace_id->is_string()) {
      return fail(Concat(where, ".trace_id: expected a string"));
    }
    if (index == entry.end() || !index->is_number_unsigned()) {
      return fail(Concat(where, ".message_index: expected a whole number"));
    }
    if (hash == entry.end() || !hash->is_string()) {
      return fail(Concat(where, ".value_hash: expected a string"));
    }
    ++baseline
          .remaining_[Key{trace_id->get<std::string>(),
                          index->get<std::size_t>(), hash->get<std::string>()}];
  }
  return baseline;
}

void Baseline::Mark(CheckedAnswer* answer) {
  for (FlaggedValue& flag : answer->flags) {
    auto it = remaining_.find(Key{answer->trace_id, answer->message_index,
                                  ValueHash(flag.canonical)});
    if (it == remaining_.end() || it->second == 0) continue;
    --it->second;
    flag.known = true;
  }
}

std::size_t Baseline::Unused() const {
  std::size_t unused = 0;
  for (const auto& [key, count] : remaining_) unused += count;
  return unused;
}

void BaselineWriter::Add(const CheckedAnswer& answer) {
  for (const FlaggedValue& flag : answer.flags) {
    entries_.emplace_back(answer.trace_id, answer.message_index,
                          ValueHash(flag.canonical), std::string(flag.kind),
                          flag.shape);
  }
}

absl::Status BaselineWriter::Write(const std::string& path) const {
  std::vector<const Entry*> sorted;
  sorted.reserve(entries_.size());
  for (const Entry& entry : entries_) sorted.push_back(&entry);
  std::sort(sorted.begin(), sorted.end(),
            [](const Entry* a, const Entry* b) { return *a < *b; });
  errno = 0;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    return absl::InvalidArgumentError(
        Concat("--write-baseline ", path, ": ",
               errno != 0 ? std::strerror(errno) : "cannot be opened"));
  }
  file << "{\"schema\": " << kBaselineSchema
       << ", \"tool\": \"groundgate\", \"flags\": [";
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const auto& [trace_id, index, hash, kind, shape] = *sorted[i];
    file << (i == 0 ? "\n" : ",\n")
         << EntryLine(trace_id, index, hash, kind, shape);
  }
  file << "\n]}\n";
  file.flush();
  if (!file) {
    return absl::InvalidArgumentError(
        Concat("--write-baseline ", path, ": ",
               errno != 0 ? std::strerror(errno) : "write error"));
  }
  return absl::OkStatus();
}

}  // namespace groundgate::cli
