// net/chat_stream.cc — ChatStream: server-sent events of a streamed chat
// completion, assembled into one ModelReply.
//
// Its one job: the event framing (the WHATWG server-sent events rules for
// lines and data fields) and the OpenAI delta rules (content appended,
// tool-call fragments appended by index, the last finish_reason, the usage
// chunk), then one reading of the assembled message by
// ModelReplyFromOpenAiJson.
//
// What it does NOT do: HTTP, retry, or read choices past the first.
#include "net/chat_stream.h"

#include <algorithm>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/json_depth.h"

namespace groundgate::net {
namespace {

constexpr std::string_view kDone = "[DONE]";

const nlohmann::json* Member(const nlohmann::json& object,
                             std::string_view name) {
  if (!object.is_object()) return nullptr;
  const auto found = object.find(name);
  return found == object.end() ? nullptr : &*found;
}

}  // namespace

std::string OpenAiErrorText(const nlohmann::json& error) {
  if (error.is_string()) return error.get<std::string>();
  if (error.is_object()) {
    const auto message = error.find("message");
    if (message != error.end() && message->is_string()) {
      return message->get<std::string>();
    }
  }
  return error.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ChatStream::ChatStream(TextCallback on_text) : on_text_(std::move(on_text)) {}

bool ChatStream::Feed(std::string_view bytes) {
  // Feed runs inside the transport's callback: nothing may escape it.
  try {
    return FeedBytes(bytes);
  } catch (const std::exception& e) {
    Fail(absl::InternalError(
        absl::StrCat("reading the stream failed: ", e.what())));
    return false;
  }
}

bool ChatStream::FeedBytes(std::string_view bytes) {
  if (!status_.ok()) return false;
  if (done_) return true;
  // A CRLF split by the transport: the LF after a CR that ended a line.
  if (after_cr_ && !bytes.empty() && bytes.front() == '\n') {
    bytes.remove_prefix(1);
  }
  after_cr_ = false;
  while (!bytes.empty() && status_.ok() && !done_) {
    const std::size_t end = bytes.find_first_of("\r\n");
    if (end == std::string_view::npos) {
      pending_.append(bytes);
      break;
    }
    if (pending_.empty()) {
      Line(bytes.substr(0, end));
    } else {
      pending_.append(bytes.substr(0, end));
      const std::string line = std::move(pending_);
      pending_.clear();
      Line(line);
    }
    const bool cr = bytes[end] == '\r';
    bytes.remove_prefix(end + 1);
    if (cr) {
      if (bytes.empty()) {
        after_cr_ = true;
      } else if (bytes.front() == '\n') {
        bytes.remove_prefix(1);
      }
    }
  }
  return status_.ok();
}

void ChatStream::Line(std::string_view line) {
  if (line.empty()) {
    Dispatch();
    return;
  }
  if (line.front() == ':') return;  // a comment (a keep-alive ping)
  const std::size_t colon = line.find(':');
  const std::string_view field = line.substr(0, colon);
  std::string_view value = colon == std::string_view::npos
                               ? std::string_view()
                               : line.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (field == "data") {
    if (has_data_) data_.push_back('\n');
    data_.append(value);
    has_data_ = true;
  } else if (field == "event") {
    event_type_ = std::string(value);
  }
  // "id" and "retry" steer a browser's reconnection; a reply is not resumed.
}

void ChatStream::Dispatch() {
  if (!has_data_) {
    event_type_.clear();
    return;
  }
  ++events_;
  const std::string data = std::move(data_);
  const std::string type = std::move(event_type_);
  data_.clear();
  event_type_.clear();
  has_data_ = false;
  if (data == kDone) {
    done_ = true;
    return;
  }
  if (base::JsonNestsDeeperThan(data, kMaxStreamChunkDepth)) {
    Fail(absl::InternalError(absl::StrCat("a streamed chunk nests deeper than ",
                                          kMaxStreamChunkDepth, " levels")));
    return;
  }
  const nlohmann::json chunk =
      nlohmann::json::parse(data, nullptr, /*allow_exceptions=*/false);
  if (type == "error" || (chunk.is_object() && chunk.contains("error") &&
                          !chunk["error"].is_null())) {
    const nlohmann::json* error = Member(chunk, "error");
    Fail(absl::UnknownError(absl::StrCat(
        "the endpoint sent an error mid-stream: ",
        error != nullptr
            ? OpenAiErrorText(*error)
            : (chunk.is_discarded() ? data : OpenAiErrorText(chunk)))));
    return;
  }
  if (chunk.is_discarded() || !chunk.is_object()) {
    Fail(absl::InternalError(
        "a streamed event's data is not a JSON object: not a chat-completion "
        "chunk"));
    return;
  }
  Chunk(chunk);
}

void ChatStream::Chunk(const nlohmann::json& chunk) {
  if (const nlohmann::json* id = Member(chunk, "id");
      id != nullptr && id->is_string() && id_.empty()) {
    id_ = id->get<std::string>();
  }
  if (const nlohmann::json* usage = Member(chunk, "usage");
      usage != nullptr && usage->is_object()) {
    usage_ = *usage;
  }
  const nlohmann::json* choices = Member(chunk, "choices");
  if (choices == nullptr || !choices->is_array()) return;
  for (const nlohmann::json& choice : *choices) {
    const nlohmann::json* index = Member(choice, "index");
    if (index != nullptr && index->is_number_integer() &&
        index->get<std::int64_t>() != 0) {
      continue;  // only choice 0 is the reply
    }
    if (const nlohmann::json* reason = Member(choice, "finish_reason");
        reason != nullptr && reason->is_string()) {
      finish_reason_ = reason->get<std::string>();
    }
    const nlohmann::json* delta = Member(choice, "delta");
    // A server that sends whole messages in its chunks.
    if (delta == nullptr) delta = Member(choice, "message");
    if (delta == nullptr || !delta->is_object()) continue;
    if (const nlohmann::json* content = Member(*delta, "content");
        content != nullptr && content->is_string()) {
      has_content_ = true;
      Text(content->get_ref<const std::string&>());
    }
    if (const nlohmann::json* refusal = Member(*delta, "refusal");
        refusal != nullptr && refusal->is_string()) {
      refusal_ += refusal->get_ref<const std::string&>();
    }
    const nlohmann::json* calls = Member(*delta, "tool_calls");
    if (calls == nullptr || !calls->is_array()) continue;
    for (std::size_t i = 0; i < calls->size(); ++i) {
      const nlohmann::json& part = (*calls)[i];
      if (!part.is_object()) continue;
      const nlohmann::json* at = Member(part, "index");
      const nlohmann::json* id = Member(part, "id");
      std::vector<Call>::iterator call;
      if (at != nullptr && at->is_number_integer()) {
        const std::int64_t index = at->get<std::int64_t>();
        call = std::find_if(calls_.begin(), calls_.end(),
                            [&](const Call& c) { return c.index == index; });
        if (call == calls_.end()) {
          calls_.push_back(Call{.index = index});
          call = calls_.end() - 1;
        }
      } else if (calls_.empty() || (id != nullptr && id->is_string())) {
        // Without an index, a part that names an id starts the next call,
        // and one that does not continues the last.
        calls_.push_back(
            Call{.index = calls_.empty() ? 0 : calls_.back().index + 1});
        call = calls_.end() - 1;
      } else {
        call = calls_.end() - 1;
      }
      if (id != nullptr && id->is_string()) {
        call->id += id->get_ref<const std::string&>();
      }
      const nlohmann::json* function = Member(part, "function");
      if (function == nullptr || !function->is_object()) continue;
      if (const nlohmann::json* name = Member(*function, "name");
          name != nullptr && name->is_string()) {
        call->name += name->get_ref<const std::string&>();
      }
      if (const nlohmann::json* arguments = Member(*function, "arguments");
          arguments != nullptr && !arguments->is_null()) {
        // Some servers send a call's arguments whole, as an object.
        call->arguments +=
            arguments->is_string()
                ? arguments->get<std::string>()
                : arguments->dump(-1, ' ', false,
                                  nlohmann::json::error_handler_t::replace);
      }
    }
  }
}

void ChatStream::Text(std::string_view text) {
  if (text.empty()) return;
  content_.append(text);
  if (!on_text_) return;
  try {
    on_text_(text);
  } catch (const std::exception& e) {
    Fail(absl::InternalError(
        absl::StrCat("the partial-text callback threw: ", e.what())));
  } catch (...) {
    Fail(absl::InternalError("the partial-text callback threw an exception"));
  }
}

void ChatStream::Fail(absl::Status status) {
  if (status_.ok()) status_ = std::move(status);
}

absl::StatusOr<ModelReply> ChatStream::Finish() {
  if (!status_.ok()) return status_;
  // A last event not followed by a blank line is still an event.
  if (!pending_.empty()) {
    const std::string line = std::move(pending_);
    pending_.clear();
    Line(line);
  }
  if (!done_) Dispatch();
  if (!status_.ok()) return status_;
  if (!done_ && finish_reason_.empty()) {
    return absl::UnavailableError(
        events_ == 0 ? "the stream ended before its first event"
                     : absl::StrCat("the stream ended after ", events_,
                                    " events, before [DONE] or a "
                                    "finish_reason: the connection was cut"));
  }
  nlohmann::json message = nlohmann::json::object();
  message["role"] = "assistant";
  message["content"] =
      has_content_ ? nlohmann::json(content_) : nlohmann::json(nullptr);
  if (!refusal_.empty()) message["refusal"] = refusal_;
  if (!calls_.empty()) {
    std::stable_sort(
        calls_.begin(), calls_.end(),
        [](const Call& a, const Call& b) { return a.index < b.index; });
    nlohmann::json calls = nlohmann::json::array();
    for (Call& call : calls_) {
      nlohmann::json function = {{"arguments", std::move(call.arguments)}};
      if (!call.name.empty()) function["name"] = std::move(call.name);
      calls.push_back({{"id", std::move(call.id)},
                       {"type", "function"},
                       {"function", std::move(function)}});
    }
    message["tool_calls"] = std::move(calls);
  }
  nlohmann::json choice = {{"index", 0}, {"message", std::move(message)}};
  if (!finish_reason_.empty()) choice["finish_reason"] = finish_reason_;
  nlohmann::json response = {{"choices", nlohmann::json::array({choice})}};
  if (!id_.empty()) response["id"] = id_;
  if (!usage_.is_null()) response["usage"] = usage_;
  return ModelReplyFromOpenAiJson(
      response.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace groundgate::net
