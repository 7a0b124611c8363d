// evidence/record_cache.cc — the key of a turn's results and the
// process-wide RecordCache (record_cache.h).
#include "evidence/record_cache.h"

#include <cstring>

namespace groundgate::evidence {
namespace {

// Appends `n`'s bytes as they lie in memory: the key is compared and
// hashed within one process, never stored or sent.
template <typename T>
void AppendRaw(T n, std::string* out) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &n, sizeof(T));
  out->append(bytes, sizeof(T));
}

}  // namespace

void RecordCache::Key(
    std::span<const std::pair<std::uint32_t, std::string>> contents,
    std::string* key) {
  key->clear();
  std::size_t size = 0;
  for (const auto& [slot, content] : contents) {
    size += sizeof(slot) + sizeof(std::uint64_t) + content.size();
  }
  key->reserve(size);
  for (const auto& [slot, content] : contents) {
    AppendRaw(slot, key);
    AppendRaw(static_cast<std::uint64_t>(content.size()), key);
    key->append(content);
  }
}

RecordCache& RecordCache::Process() {
  static RecordCache* const cache = new RecordCache();
  return *cache;
}

}  // namespace groundgate::evidence
