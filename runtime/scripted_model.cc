// runtime/scripted_model.cc — ScriptedModel, ModelReply's two constructors,
// and Usage's sum.
//
// A ModelClient for tests and examples: replays replies in order, or asks a
// function for each one. It keeps every request, so a test can read what the
// model was shown (the correction frame, the tools offered).
//
// What it does NOT do: model anything. It never looks at the request beyond
// recording it (unless the reply function does).
#include <utility>

#include "absl/strings/str_cat.h"
#include "groundgate/agent.h"

namespace groundgate {

Usage& Usage::operator+=(const Usage& other) {
  prompt_tokens += other.prompt_tokens;
  completion_tokens += other.completion_tokens;
  total_tokens += other.total_tokens;
  return *this;
}

ModelReply ModelReply::Answer(std::string text) {
  ModelReply reply;
  reply.content = std::move(text);
  return reply;
}

ModelReply ModelReply::Call(std::string id, std::string name,
                            std::string arguments) {
  ModelReply reply;
  reply.tool_calls.push_back(
      ToolCall{std::move(id), std::move(name), std::move(arguments)});
  return reply;
}

ScriptedModel::ScriptedModel(std::vector<ModelReply> replies)
    : replies_(std::move(replies)) {}

ScriptedModel::ScriptedModel(ReplyFunction reply) : reply_(std::move(reply)) {}

absl::StatusOr<ModelReply> ScriptedModel::Complete(
    const ModelRequest& request) {
  const std::size_t call = requests_.size();
  requests_.push_back(request);
  absl::StatusOr<ModelReply> reply;
  if (reply_) {
    reply = reply_(request);
  } else if (call >= replies_.size()) {
    return absl::OutOfRangeError(absl::StrCat("ScriptedModel: call ", call + 1,
                                              " but only ", replies_.size(),
                                              " replies were scripted"));
  } else {
    reply = replies_[call];
  }
  // As a client that reads replies whole: the content in one piece.
  if (reply.ok() && request.on_text && !reply->content.empty()) {
    request.on_text(reply->content);
  }
  return reply;
}

}  // namespace groundgate
