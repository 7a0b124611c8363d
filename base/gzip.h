// base/gzip.h — bytes as one gzip member, over zlib.
//
// Its one job: `Gzip`, for the parts that compress what they write (the
// OTLP exporter's request bodies, the report page's conversation blocks).
// Header-only, so that the core library, which compresses nothing, never
// links zlib: a target that includes this header links ZLIB::ZLIB itself.
//
//   std::optional<std::string> member = base::Gzip(text);
//
// What it does NOT do: decompress, or stream (each call is one member).
#ifndef GROUNDGATE_BASE_GZIP_H_
#define GROUNDGATE_BASE_GZIP_H_

#include <zlib.h>

#include <climits>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace groundgate::base {

// `bytes` as one gzip member (RFC 1952) at zlib's default level, or nullopt
// when zlib fails (out of memory) or the input is past zlib's counters
// (2 GiB).
inline std::optional<std::string> Gzip(std::string_view bytes) {
  if (bytes.size() > UINT_MAX / 2) return std::nullopt;
  z_stream stream{};
  // 15 window bits plus 16: a gzip header and trailer, not zlib's.
  constexpr int kGzipWindowBits = 15 + 16;
  constexpr int kMemoryLevel = 8;  // zlib's default
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindowBits,
                   kMemoryLevel, Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::nullopt;
  }
  std::string out;
  out.resize(deflateBound(&stream, static_cast<uLong>(bytes.size())));
  // zlib's API is not const-correct; it does not write through next_in.
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  const std::size_t written = stream.total_out;
  deflateEnd(&stream);
  if (result != Z_STREAM_END) return std::nullopt;
  out.resize(written);
  return out;
}

}  // namespace groundgate::base

#endif  // GROUNDGATE_BASE_GZIP_H_
