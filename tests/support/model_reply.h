// tests/support/model_reply.h — how a model's reply ended, checked.
//
// Its one job: the check the suites that read a chat-completions reply
// (runtime's ModelReplyFromOpenAiJson, the OpenAI client over HTTP) share:
// the reply came back, with the finish reason and the token usage it
// reported.
//
//   CheckReplyUsage(reply, "length", {.prompt_tokens = 12,
//                                     .completion_tokens = 5,
//                                     .total_tokens = 17});
//
// What it does NOT do: check the reply's content or tool calls (each suite
// does, beside it).
#ifndef GROUNDGATE_TESTS_SUPPORT_MODEL_REPLY_H_
#define GROUNDGATE_TESTS_SUPPORT_MODEL_REPLY_H_

#include <doctest/doctest.h>

#include <string_view>

#include "absl/status/statusor.h"
#include "groundgate/agent.h"

namespace groundgate_test {

// Checks that `reply` is OK, ended for `finish_reason` and reported
// `usage`. A reply that failed or reported no usage fails the test case
// (REQUIRE).
inline void CheckReplyUsage(const absl::StatusOr<groundgate::ModelReply>& reply,
                            std::string_view finish_reason,
                            const groundgate::Usage& usage) {
  REQUIRE(reply.ok());
  CHECK(reply->finish_reason == finish_reason);
  REQUIRE(reply->usage.has_value());
  CHECK(*reply->usage == usage);
}

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_MODEL_REPLY_H_
