// evidence/result_cache.cc — a tool result recorded once per process.
//
// Its one job: the definitions of result_cache.h (a replay's writing and
// size, the process-wide cache). What it does NOT do: read a result or
// replay one (corpus.cc does both, through the index's own functions).
#include "evidence/result_cache.h"

#include <string>
#include <string_view>

#include "absl/strings/string_view.h"

namespace groundgate::evidence {

void ResultReplay::WriteLongLength(std::size_t length, std::string* out) {
  while (length >= 0x80) {
    out->push_back(static_cast<char>((length & 0x7F) | 0x80));
    length >>= 7;
  }
  out->push_back(static_cast<char>(length));
}

void ResultReplay::AddQueued(QueuedOp op, bool exact, bool bare_number,
                             std::string_view key) {
  const auto tag =
      static_cast<char>(static_cast<unsigned char>(op) | (exact ? kExact : 0) |
                        (bare_number ? kBare : 0));
  if (key.size() < 0x80) {
    // Most keys: the tag, a one-byte length and the bytes in one append.
    char head[2] = {tag, static_cast<char>(key.size())};
    queued_.append(head, 2).append(key);
  } else {
    queued_.push_back(tag);
    WriteLength(key.size(), &queued_);
    queued_.append(key);
  }
  carries += op == QueuedOp::kCarry;
}

void ResultReplay::AddNumber(std::string_view key) {
  numbers_.push_back(static_cast<char>(kNumberAdd));
  WriteLength(key.size(), &numbers_);
  numbers_.append(key);
}

void ResultReplay::AddNumberAgain(std::uint32_t added) {
  numbers_.push_back(static_cast<char>(kNumberAgain));
  WriteLength(added, &numbers_);
}

void ResultReplay::AddPlace(std::uint64_t path, std::uint64_t anchor,
                            std::uint64_t value, std::string_view key) {
  auto [it, fresh] = place_key_index_.try_emplace(
      absl::string_view(key.data(), key.size()),
      static_cast<std::uint32_t>(place_keys_.size()));
  if (fresh) place_keys_.emplace_back(key);
  places_.push_back({path, anchor, value, it->second});
}

void ResultReplay::Finish() {
  queued_.shrink_to_fit();
  numbers_.shrink_to_fit();
  places_.shrink_to_fit();
  place_keys_.shrink_to_fit();
  place_key_index_ = {};
}

std::size_t ResultReplay::bytes() const {
  std::size_t bytes = sizeof(ResultReplay) + queued_.capacity() +
                      numbers_.capacity() + places_.capacity() * sizeof(Placed);
  for (const std::string& key : place_keys_) {
    bytes += sizeof(std::string) + key.capacity();
  }
  if (columns.has_value()) {
    // Each total's rows, beside the table that finds it.
    bytes += columns->size() * (sizeof(ColumnTotal) + 2 * sizeof(void*) +
                                4 * sizeof(NumericUnits));
  }
  return bytes;
}

ResultCache& ResultCache::Process() {
  static ResultCache* const cache = new ResultCache();
  return *cache;
}

}  // namespace groundgate::evidence
