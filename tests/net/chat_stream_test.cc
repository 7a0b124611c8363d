// tests/net/chat_stream_test.cc — net::ChatStream: server-sent events of a
// streamed chat completion assembled into the reply a whole response gives.
//
// Every stream is fed whole, then again cut at every byte (inside a UTF-8
// character, inside a tool call's JSON arguments, between CR and LF), and
// must give the same reply and the same text pieces.
#if GROUNDGATE_HAS_NET

#include "net/chat_stream.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "nlohmann/json.hpp"

namespace groundgate::net {
namespace {

// One "data:" event of a chunk whose choice 0 carries `delta`.
std::string DeltaEvent(nlohmann::json delta,
                       const char* finish_reason = nullptr) {
  nlohmann::json choice = {{"index", 0}, {"delta", std::move(delta)}};
  choice["finish_reason"] = finish_reason == nullptr
                                ? nlohmann::json(nullptr)
                                : nlohmann::json(finish_reason);
  const nlohmann::json chunk = {{"id", "chatcmpl-9"},
                                {"object", "chat.completion.chunk"},
                                {"choices", {choice}}};
  return "data: " + chunk.dump() + "\n\n";
}

struct Fed {
  absl::StatusOr<ModelReply> reply;
  std::string pieces;  // every piece given to the callback, joined
  int calls = 0;
};

// Feeds `body` cut every `step` bytes (0: whole).
Fed FeedCut(std::string_view body, std::size_t step) {
  Fed fed;
  ChatStream stream([&fed](std::string_view text) {
    fed.pieces.append(text);
    ++fed.calls;
  });
  if (step == 0) {
    stream.Feed(body);
  } else {
    for (std::size_t at = 0; at < body.size(); at += step) {
      if (!stream.Feed(body.substr(at, step))) break;
    }
  }
  fed.reply = stream.Finish();
  return fed;
}

// The reply of `body` fed whole, checked to equal the reply of every cut.
Fed FeedEveryWay(std::string_view body) {
  Fed whole = FeedCut(body, 0);
  for (std::size_t step = 1; step <= 7; ++step) {
    CAPTURE(step);
    Fed cut = FeedCut(body, step);
    REQUIRE(cut.reply.ok() == whole.reply.ok());
    CHECK(cut.pieces == whole.pieces);
    if (!whole.reply.ok()) {
      CHECK(cut.reply.status() == whole.reply.status());
      continue;
    }
    CHECK(cut.reply->content == whole.reply->content);
    CHECK(cut.reply->finish_reason == whole.reply->finish_reason);
    REQUIRE(cut.reply->tool_calls.size() == whole.reply->tool_calls.size());
    for (std::size_t i = 0; i < cut.reply->tool_calls.size(); ++i) {
      CHECK(cut.reply->tool_calls[i].id == whole.reply->tool_calls[i].id);
      CHECK(cut.reply->tool_calls[i].name == whole.reply->tool_calls[i].name);
      CHECK(cut.reply->tool_calls[i].arguments ==
            whole.reply->tool_calls[i].arguments);
    }
  }
  return whole;
}

TEST_SUITE("chat stream") {
  TEST_CASE("content deltas are joined and given to the callback in order") {
    const std::string body =
        DeltaEvent({{"role", "assistant"}, {"content", ""}}) +
        DeltaEvent({{"content", "Order ORD-1042 "}}) +
        // "€" and "é" are two- and three-byte characters: a cut at every
        // byte falls inside them.
        DeltaEvent({{"content", "costs 1 249,50 € (café)."}}) +
        DeltaEvent(nlohmann::json::object(), "stop") + "data: [DONE]\n\n";
    Fed fed = FeedEveryWay(body);
    REQUIRE(fed.reply.ok());
    CHECK(fed.reply->content == "Order ORD-1042 costs 1 249,50 € (café).");
    CHECK(fed.pieces == fed.reply->content);
    CHECK(fed.calls == 2);
    CHECK(fed.reply->finish_reason == "stop");
    CHECK(fed.reply->id == "chatcmpl-9");
    CHECK(fed.reply->tool_calls.empty());
  }

  TEST_CASE(
      "tool-call fragments are assembled by index, arguments split "
      "mid-JSON") {
    const std::string body =
        DeltaEvent(
            {{"tool_calls",
              {{{"index", 0},
                {"id", "call_a"},
                {"type", "function"},
                {"function", {{"name", "get_order"}, {"arguments", ""}}}}}}}) +
        DeltaEvent(
            {{"tool_calls",
              {{{"index", 0}, {"function", {{"arguments", "{\"order_"}}}}}}}) +
        DeltaEvent(
            {{"tool_calls",
              {{{"index", 1},
                {"id", "call_b"},
                {"function",
                 {{"name", "get_shipment"}, {"arguments", "{\"id\":"}}}}}}}) +
        DeltaEvent(
            {{"tool_calls",
              {{{"index", 0},
                {"function", {{"arguments", "id\":\"ORD-1042\"}"}}}}}}}) +
        DeltaEvent({{"tool_calls",
                     {{{"index", 1},
                       {"function", {{"arguments", "\"SHP-88410\"}"}}}}}}}) +
        DeltaEvent(nlohmann::json::object(), "tool_calls") + "data: [DONE]\n\n";
    Fed fed = FeedEveryWay(body);
    REQUIRE(fed.reply.ok());
    CHECK(fed.calls == 0);
    CHECK(fed.reply->finish_reason == "tool_calls");
    REQUIRE(fed.reply->tool_calls.size() == 2);
    CHECK(fed.reply->tool_calls[0].id == "call_a");
    CHECK(fed.reply->tool_calls[0].name == "get_order");
    CHECK(fed.reply->tool_calls[0].arguments == R"({"order_id":"ORD-1042"})");
    CHECK(fed.reply->tool_calls[1].id == "call_b");
    CHECK(fed.reply->tool_calls[1].name == "get_shipment");
    CHECK(fed.reply->tool_calls[1].arguments == R"({"id":"SHP-88410"})");
  }

  TEST_CASE("the include_usage chunk's usage is the reply's") {
    const std::string body =
        DeltaEvent({{"content", "Hi."}}, "stop") +
        R"(data: {"id":"chatcmpl-9","choices":[],"usage":{"prompt_tokens":12,)"
        R"("completion_tokens":3,"total_tokens":15}})"
        "\n\ndata: [DONE]\n\n";
    Fed fed = FeedEveryWay(body);
    REQUIRE(fed.reply.ok());
    REQUIRE(fed.reply->usage.has_value());
    CHECK(fed.reply->usage->prompt_tokens == 12);
    CHECK(fed.reply->usage->completion_tokens == 3);
    CHECK(fed.reply->usage->total_tokens == 15);
  }

  TEST_CASE(
      "CRLF and CR line ends, comments, other fields and multi-line "
      "data are read as the event-stream rules say") {
    // A keep-alive comment, an "event:" and an "id:" field, a data field
    // with no space after the colon, and one chunk's JSON over two data
    // lines (joined by a line feed, which JSON reads as white space).
    const std::string body =
        ": ping\r\n\r\n"
        "event: message\r\nid: 1\r\n"
        "data:{\"choices\":[{\"index\":0,\r\n"
        "data: \"delta\":{\"content\":\"Line one.\"}}]}\r\n\r\n"
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" Two.\"},"
        "\"finish_reason\":\"stop\"}]}\r\r"
        "data: [DONE]\n\n";
    Fed fed = FeedEveryWay(body);
    REQUIRE(fed.reply.ok());
    CHECK(fed.reply->content == "Line one. Two.");
    CHECK(fed.reply->finish_reason == "stop");
  }

  TEST_CASE(
      "bytes after [DONE] are ignored; a last event without a blank "
      "line still counts") {
    Fed after = FeedEveryWay(DeltaEvent({{"content", "Done."}}, "stop") +
                             "data: [DONE]\n\ndata: not json\n\n");
    REQUIRE(after.reply.ok());
    CHECK(after.reply->content == "Done.");

    // No [DONE], but a finish_reason, and no blank line after the event.
    std::string unterminated = DeltaEvent({{"content", "Ok."}}, "stop");
    unterminated.resize(unterminated.size() - 2);
    Fed last = FeedEveryWay(unterminated);
    REQUIRE(last.reply.ok());
    CHECK(last.reply->content == "Ok.");
  }

  TEST_CASE("only choice 0 is the reply") {
    const std::string other =
        R"(data: {"choices":[{"index":1,"delta":{"content":"other"}},)"
        R"({"index":0,"delta":{"content":"mine"},"finish_reason":"stop"}]})"
        "\n\ndata: [DONE]\n\n";
    Fed fed = FeedEveryWay(other);
    REQUIRE(fed.reply.ok());
    CHECK(fed.reply->content == "mine");
  }

  TEST_CASE("an error event mid-stream fails with the endpoint's words") {
    const std::string body =
        DeltaEvent({{"content", "Partial "}}) +
        R"(data: {"error":{"message":"the model crashed","type":"server_error"}})"
        "\n\n" +
        DeltaEvent({{"content", "never read"}}, "stop");
    Fed fed = FeedEveryWay(body);
    REQUIRE_FALSE(fed.reply.ok());
    CHECK(fed.reply.status().code() == absl::StatusCode::kUnknown);
    CHECK(std::string(fed.reply.status().message()).find("the model crashed") !=
          std::string::npos);
    CHECK(fed.pieces == "Partial ");

    // The "event: error" form (Anthropic-style gateways), its data not JSON.
    Fed typed = FeedEveryWay(DeltaEvent({{"content", "A"}}) +
                             "event: error\ndata: overloaded\n\n");
    REQUIRE_FALSE(typed.reply.ok());
    CHECK(typed.reply.status().code() == absl::StatusCode::kUnknown);
    CHECK(std::string(typed.reply.status().message()).find("overloaded") !=
          std::string::npos);
  }

  TEST_CASE("a stream cut before [DONE] and any finish_reason is Unavailable") {
    Fed cut = FeedEveryWay(DeltaEvent({{"content", "The order ships "}}));
    REQUIRE_FALSE(cut.reply.ok());
    CHECK(cut.reply.status().code() == absl::StatusCode::kUnavailable);
    CHECK(cut.pieces == "The order ships ");

    Fed empty = FeedCut("", 0);
    REQUIRE_FALSE(empty.reply.ok());
    CHECK(empty.reply.status().code() == absl::StatusCode::kUnavailable);
  }

  TEST_CASE("data that is not a chunk, or nests too deep, stops the stream") {
    ChatStream stream;
    CHECK_FALSE(stream.Feed("data: <html>busy</html>\n\n"));
    CHECK(stream.status().code() == absl::StatusCode::kInternal);
    CHECK_FALSE(stream.Finish().ok());

    ChatStream deep;
    const std::string nested = std::string(200, '[') + std::string(200, ']');
    CHECK_FALSE(deep.Feed("data: {\"choices\":" + nested + "}\n\n"));
    CHECK(deep.status().code() == absl::StatusCode::kInternal);
  }

  TEST_CASE("a callback that throws fails the stream, not the process") {
    ChatStream stream(
        [](std::string_view) { throw std::runtime_error("ui closed"); });
    CHECK_FALSE(stream.Feed(DeltaEvent({{"content", "x"}})));
    REQUIRE_FALSE(stream.Finish().ok());
    CHECK(std::string(stream.status().message()).find("ui closed") !=
          std::string::npos);
  }

  TEST_CASE("a streamed reply reads as the same message sent whole") {
    // Arguments sent as an object, as some servers do, and tool calls with
    // no index (each naming an id starts the next call).
    const std::string body =
        R"(data: {"choices":[{"delta":{"tool_calls":[{"id":"c1","function":)"
        R"({"name":"get_order","arguments":{"order_id":"ORD-1042"}}}]}}]})"
        "\n\n"
        R"(data: {"choices":[{"delta":{"tool_calls":[{"id":"c2","function":)"
        R"({"name":"get_order","arguments":"{\"order_id\":"}}]}}]})"
        "\n\n"
        R"(data: {"choices":[{"delta":{"tool_calls":[{"function":)"
        R"({"arguments":"\"ORD-7\"}"}}]},"finish_reason":"tool_calls"}]})"
        "\n\ndata: [DONE]\n\n";
    Fed fed = FeedEveryWay(body);
    REQUIRE(fed.reply.ok());
    REQUIRE(fed.reply->tool_calls.size() == 2);
    CHECK(fed.reply->tool_calls[0].arguments == R"({"order_id":"ORD-1042"})");
    CHECK(fed.reply->tool_calls[1].id == "c2");
    CHECK(fed.reply->tool_calls[1].arguments == R"({"order_id":"ORD-7"})");

    // A tool call whose name never came is malformed, as in a whole reply.
    Fed nameless = FeedEveryWay(
        R"(data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c1",)"
        R"("function":{"arguments":"{}"}}]},"finish_reason":"tool_calls"}]})"
        "\n\ndata: [DONE]\n\n");
    REQUIRE_FALSE(nameless.reply.ok());
    CHECK(nameless.reply.status().code() == absl::StatusCode::kInvalidArgument);
  }
}

}  // namespace
}  // namespace groundgate::net

#endif  // GROUNDGATE_HAS_NET
