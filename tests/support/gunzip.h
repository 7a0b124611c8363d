// tests/support/gunzip.h — inflate one gzip member in a test.
//
// Its one job: give the suites that read what groundgate gzips (the OTLP
// exporter's request bodies, the report page's blocks and index) one way
// to inflate it, so each checks the bytes a consumer would read.
//
// What it does NOT do: inflate concatenated members or raw deflate; the
// code under test writes one member.
#ifndef GROUNDGATE_TESTS_SUPPORT_GUNZIP_H_
#define GROUNDGATE_TESTS_SUPPORT_GUNZIP_H_

#include <zlib.h>

#include <optional>
#include <string>

namespace groundgate_test {

// `member` (one whole gzip member) inflated, or nullopt when it is not one.
inline std::optional<std::string> Gunzip(const std::string& member) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return std::nullopt;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(member.data()));
  stream.avail_in = static_cast<uInt>(member.size());
  std::string out;
  char chunk[1 << 16];
  int result = Z_OK;
  while (result == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof(chunk);
    result = inflate(&stream, Z_NO_FLUSH);
    out.append(chunk, sizeof(chunk) - stream.avail_out);
  }
  const bool whole = result == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!whole) return std::nullopt;
  return out;
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_GUNZIP_H_
