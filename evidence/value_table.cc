// evidence/value_table.cc — the arena of the value table's long keys
// (value_table.h).
#include "evidence/value_table.h"

#include <algorithm>

namespace groundgate::evidence {

const char* KeyArena::Store(std::string_view key) {
  if (key.size() > kBlockBytes / 4) {
    // A long key gets a block of its own; the current block stays open.
    large_.push_back(std::make_unique<char[]>(key.size()));
    std::copy(key.begin(), key.end(), large_.back().get());
    return large_.back().get();
  }
  if (blocks_.empty() || used_ + key.size() > kBlockBytes) {
    blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
    used_ = 0;
  }
  char* at = blocks_.back().get() + used_;
  std::copy(key.begin(), key.end(), at);
  used_ += key.size();
  return at;
}

}  // namespace groundgate::evidence
