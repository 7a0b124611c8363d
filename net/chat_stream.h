// net/chat_stream.h — a streamed chat completion (server-sent events) read
// into one ModelReply (internal to groundgate_net).
//
// Its one job: take the body of a `"stream": true` chat-completions
// response in whatever pieces the transport hands over, split it into
// server-sent events (lines ending in LF, CRLF or CR; "data:" lines joined;
// comments and other fields skipped), and assemble the chunks' deltas: the
// content in order, each tool call's id, name and argument fragments by its
// index, finish_reason, the id and the usage of the include_usage chunk.
// Each piece of content goes to the caller's callback as it arrives (a
// chunk is JSON, so a piece is whole UTF-8 characters, however the
// transport cut the bytes). Finish() builds the reply by writing the assembled
// message as a non-streamed response and reading it with
// ModelReplyFromOpenAiJson, so a streamed reply and a whole one are read by
// the same rules.
//
// What it does NOT do: HTTP (openai_client.cc feeds it), retry, or judge.
// Only choice 0 is read, as the whole reply's reader reads choices[0].
//
//   net::ChatStream stream([](std::string_view text) { Show(text); });
//   stream.Feed("data: {\"choices\":[{\"delta\":{\"content\":\"Hel");
//   stream.Feed("lo\"}}]}\n\ndata: [DONE]\n\n");
//   absl::StatusOr<ModelReply> reply = stream.Finish();  // content "Hello"
//
// Thread safety: none; one stream per response.
#ifndef GROUNDGATE_NET_CHAT_STREAM_H_
#define GROUNDGATE_NET_CHAT_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "groundgate/agent.h"
#include "nlohmann/json.hpp"

namespace groundgate::net {

// A chunk nested deeper than this is refused before it is parsed: a delta
// nests a handful of levels.
inline constexpr int kMaxStreamChunkDepth = 64;

// The message of an OpenAI error member: its "message" when it is an
// object that has one, the string when it is a string, else its JSON. A
// streamed error event and a whole error reply (openai_client.cc) are
// read alike.
std::string OpenAiErrorText(const nlohmann::json& error);

class ChatStream {
 public:
  using TextCallback = std::function<void(std::string_view text)>;

  // `on_text` (may be empty) receives each piece of content as it arrives.
  explicit ChatStream(TextCallback on_text = nullptr);

  // Reads the next bytes of the body. False once the stream is bad (an
  // event that is not JSON, an error event, a chunk too deep): status()
  // says why, and the caller should stop the transfer. After [DONE], bytes
  // are ignored. Never throws: an exception of the text callback (or an
  // allocation failure) becomes status().
  bool Feed(std::string_view bytes);

  // The reply, once the body has ended. Errors: the status Feed stopped on;
  // Unavailable when the body ended before [DONE] and before any
  // finish_reason (a cut connection); InvalidArgument when the assembled
  // message is malformed (a tool call with no name).
  [[nodiscard]] absl::StatusOr<ModelReply> Finish();

  // OK, or why Feed returned false.
  [[nodiscard]] const absl::Status& status() const { return status_; }
  // True once an event has been read: a retry would repeat what the
  // callback has already been given.
  [[nodiscard]] bool started() const { return events_ > 0; }
  // True once [DONE] was read.
  [[nodiscard]] bool done() const { return done_; }

 private:
  struct Call {
    std::int64_t index = 0;
    std::string id;
    std::string name;
    std::string arguments;
  };

  bool FeedBytes(std::string_view bytes);
  void Line(std::string_view line);
  void Dispatch();
  void Chunk(const nlohmann::json& chunk);
  void Text(std::string_view text);
  void Fail(absl::Status status);

  TextCallback on_text_;
  absl::Status status_;
  std::string pending_;    // bytes after the last line end
  bool after_cr_ = false;  // the last byte fed was CR (a CRLF may be split)
  std::string data_;       // the event's data lines, joined by LF
  bool has_data_ = false;
  std::string event_type_;  // the event's "event:" field
  std::size_t events_ = 0;
  bool done_ = false;

  std::string id_;
  std::string content_;
  bool has_content_ = false;
  std::string refusal_;
  std::string finish_reason_;
  std::vector<Call> calls_;
  nlohmann::json usage_;
};

}  // namespace groundgate::net

#endif  // GROUNDGATE_NET_CHAT_STREAM_H_
