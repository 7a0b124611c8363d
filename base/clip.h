// base/clip.h — cutting a string to a byte budget without splitting a
// UTF-8 character.
//
// Its one job: the bounded copy every event, frame and refusal makes of a
// value or an id (law 8). It sits under the emit and route stages.
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

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_CLIP_H_
