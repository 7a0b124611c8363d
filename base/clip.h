// base/clip.h — cutting a string to a byte budget without splitting a
// UTF-8 character.
//
// Its one job: the bounded copy every event, frame and refusal makes of a
// value or an id (law 8), and the bounded id (a prefix and a hash) the
// corpus keeps of a tool-call id and every output keeps of a trace id. It
// sits under the emit and route stages.
//
// What it does NOT do: validate UTF-8 (the JSON dump replaces invalid bytes)
// or decide whether a value may be copied at all (the caller's opt-in does).
#ifndef GROUNDGATE_BASE_CLIP_H_
#define GROUNDGATE_BASE_CLIP_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::base {

// The longest prefix of `text` of at most `max_bytes` bytes that does not end
// inside a UTF-8 character.
std::string ClipUtf8(std::string_view text, std::size_t max_bytes);

// The same prefix as a view into `text`, for a caller that writes it at
// once: no copy.
std::string_view ClipUtf8View(std::string_view text, std::size_t max_bytes);

// What ClipWithHash puts after a cut prefix: '~' and 16 lowercase hex
// digits of a 64-bit FNV-1a hash of the whole text.
inline constexpr std::size_t kHashSuffixBytes = 17;

// `text` itself when it is at most `max_bytes` long; else its longest prefix
// that ends on a UTF-8 character boundary and leaves room for the suffix,
// then '~' and the hash of the whole text ("call_aaaa...~3f9c0d1e2b4a5f60"),
// at most `max_bytes` in all. The hash is unseeded: the same text gives the
// same output in every process, so two long ids that share a prefix stay
// two ids, and an output can be matched against another run's. Requires
// max_bytes > kHashSuffixBytes.
std::string ClipWithHash(std::string_view text, std::size_t max_bytes);

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_CLIP_H_
