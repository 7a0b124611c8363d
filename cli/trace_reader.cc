// cli/trace_reader.cc — one JSONL trace line to a checked conversation.
//
// Its one job: turn a line into a Trace or into a message naming the field
// that is wrong. Parsing never throws: nlohmann's non-throwing parse, and
// every field's type is checked before it is read. See trace_reader.h.
//
// What it does NOT do: read tool-call arguments, keep anything but the
// fields the check command uses, or judge anything.
#include "cli/trace_reader.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

// Joins text and counts into one message. Debian's abseil has its own
// string_view, so absl::StrCat does not take std::string_view; this does.
void AppendPart(std::string& out, std::string_view text) { out.append(text); }
void AppendPart(std::string& out, std::size_t count) {
  out.append(std::to_string(count));
}
template <typename... Parts>
std::string Concat(const Parts&... parts) {
  std::string out;
  (AppendPart(out, parts), ...);
  return out;
}

using Json = nlohmann::json;

// A value quoted back in an error message is clipped to this many bytes: it
// names the culprit without copying a document onto the terminal.
constexpr std::size_t kMaxQuotedBytes = 40;

// The JSON spelling of a short string for an error message, clipped.
std::string Quote(std::string_view text) {
  bool clipped = false;
  if (text.size() > kMaxQuotedBytes) {
    std::size_t cut = kMaxQuotedBytes;
    // Back off to a UTF-8 character boundary (never inside a sequence).
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
      --cut;
    }
    text = text.substr(0, cut);
    clipped = true;
  }
  std::string quoted =
      Json(std::string(text))
          .dump(-1, ' ', false, Json::error_handler_t::replace);
  if (clipped) quoted.insert(quoted.size() - 1, "...");
  return quoted;
}

absl::Status FieldError(std::string_view path, std::string_view what) {
  return absl::InvalidArgumentError(Concat(path, ": ", what));
}

absl::Status Missing(std::string_view path) {
  return FieldError(path, "missing");
}

absl::Status WrongType(std::string_view path, std::string_view expected,
                       const Json& found) {
  return FieldError(path,
                    Concat("expected ", expected, ", got ", found.type_name()));
}

// Finds the syntax error in a line the non-throwing parse rejected, so the
// message can say what and where. nlohmann reports it to a SAX handler
// without throwing when the handler returns false.
class SyntaxErrorFinder {
 public:
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(Json::number_integer_t) { return true; }
  bool number_unsigned(Json::number_unsigned_t) { return true; }
  bool number_float(Json::number_float_t, const Json::string_t&) {
    return true;
  }
  bool string(Json::string_t&) { return true; }
  bool binary(Json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(Json::string_t&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) {
    position_ = position;
    description_ = error.what();
    return false;
  }

  // "syntax error while parsing value - invalid literal (at byte 5)".
  // nlohmann's text starts with "[json.exception.parse_error.101] parse
  // error at line 1, column 5: " and may end with "; last read: '...'",
  // which would copy input: both are cut.
  std::string Describe() const {
    std::string_view text = description_;
    if (std::size_t colon = text.find(": "); colon != std::string_view::npos) {
      text.remove_prefix(colon + 2);
    }
    if (std::size_t last = text.find("; last read");
        last != std::string_view::npos) {
      text = text.substr(0, last);
    }
    if (text.empty()) text = "syntax error";
    return Concat(text, " (at byte ", position_, ")");
  }

 private:
  std::size_t position_ = 0;
  std::string description_;
};

// content: a string, null (or absent, where allowed), or an array of parts
// whose {"type": "text", "text": ...} entries are joined with "\n".
absl::Status ReadContent(const Json& message, const std::string& path,
                         bool absent_allowed, std::string* text) {
  const std::string content_path = Concat(path, ".content");
  auto it = message.find("content");
  if (it == message.end()) {
    return absent_allowed ? absl::OkStatus() : Missing(content_path);
  }
  const Json& content = *it;
  if (content.is_null()) return absl::OkStatus();
  if (content.is_string()) {
    *text = content.get_ref<const Json::string_t&>();
    return absl::OkStatus();
  }
  if (!content.is_array()) {
    return WrongType(content_path, "a string, null or an array of parts",
                     content);
  }
  bool first = true;
  for (std::size_t i = 0; i < content.size(); ++i) {
    const Json& part = content[i];
    const std::string part_path = Concat(content_path, "[", i, "]");
    if (!part.is_object()) return WrongType(part_path, "an object", part);
    auto type = part.find("type");
    if (type == part.end()) return Missing(Concat(part_path, ".type"));
    if (!type->is_string()) {
      return WrongType(Concat(part_path, ".type"), "a string", *type);
    }
    // Other part types (image_url, input_audio, refusal, ...) carry no
    // text a value could be read from or stated in.
    if (type->get_ref<const Json::string_t&>() != "text") continue;
    auto part_text = part.find("text");
    if (part_text == part.end()) {
      return Missing(Concat(part_path, ".text"));
    }
    if (!part_text->is_string()) {
      return WrongType(Concat(part_path, ".text"), "a string", *part_text);
    }
    if (!first) text->push_back('\n');
    text->append(part_text->get_ref<const Json::string_t&>());
    first = false;
  }
  return absl::OkStatus();
}

absl::Status ReadToolCalls(const Json& message, const std::string& path,
                           std::vector<TraceToolCall>* calls) {
  auto it = message.find("tool_calls");
  if (it == message.end() || it->is_null()) return absl::OkStatus();
  const std::string calls_path = Concat(path, ".tool_calls");
  if (!it->is_array()) return WrongType(calls_path, "an array", *it);
  for (std::size_t i = 0; i < it->size(); ++i) {
    const Json& call = (*it)[i];
    const std::string call_path = Concat(calls_path, "[", i, "]");
    if (!call.is_object()) return WrongType(call_path, "an object", call);
    auto id = call.find("id");
    if (id == call.end()) return Missing(Concat(call_path, ".id"));
    if (!id->is_string()) {
      return WrongType(Concat(call_path, ".id"), "a string", *id);
    }
    auto function = call.find("function");
    if (function == call.end()) {
      return Missing(Concat(call_path, ".function"));
    }
    if (!function->is_object()) {
      return WrongType(Concat(call_path, ".function"), "an object", *function);
    }
    auto name = function->find("name");
    if (name == function->end()) {
      return Missing(Concat(call_path, ".function.name"));
    }
    if (!name->is_string()) {
      return WrongType(Concat(call_path, ".function.name"), "a string", *name);
    }
    calls->push_back({id->get<std::string>(), name->get<std::string>()});
  }
  return absl::OkStatus();
}

absl::StatusOr<Role> ReadRole(const Json& message, const std::string& path) {
  const std::string role_path = Concat(path, ".role");
  auto it = message.find("role");
  if (it == message.end()) return Missing(role_path);
  if (!it->is_string()) return WrongType(role_path, "a string", *it);
  const std::string& role = it->get_ref<const Json::string_t&>();
  if (role == "system" || role == "developer") return Role::kSystem;
  if (role == "user") return Role::kUser;
  if (role == "assistant") return Role::kAssistant;
  if (role == "tool") return Role::kTool;
  return FieldError(role_path, Concat("unknown role ", Quote(role),
                                      " (expected system, developer, user, "
                                      "assistant or tool)"));
}

absl::StatusOr<TraceMessage> ReadMessage(const Json& message,
                                         const std::string& path) {
  if (!message.is_object()) return WrongType(path, "an object", message);
  TraceMessage out;
  absl::StatusOr<Role> role = ReadRole(message, path);
  if (!role.ok()) return role.status();
  out.role = *role;
  // An assistant message that only calls tools may omit content.
  if (absl::Status s =
          ReadContent(message, path, out.role == Role::kAssistant, &out.text);
      !s.ok()) {
    return s;
  }
  if (out.role == Role::kAssistant) {
    if (absl::Status s = ReadToolCalls(message, path, &out.tool_calls);
        !s.ok()) {
      return s;
    }
  }
  if (out.role == Role::kTool) {
    const std::string id_path = Concat(path, ".tool_call_id");
    auto id = message.find("tool_call_id");
    if (id == message.end()) return Missing(id_path);
    if (!id->is_string()) return WrongType(id_path, "a string", *id);
    out.tool_call_id = id->get<std::string>();
    auto name = message.find("name");
    if (name != message.end() && !name->is_null()) {
      if (!name->is_string()) {
        return WrongType(Concat(path, ".name"), "a string", *name);
      }
      out.name = name->get<std::string>();
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<Json> ParseJson(std::string_view text) {
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  Json document = Json::parse(begin, end, /*cb=*/nullptr,
                              /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    SyntaxErrorFinder finder;
    Json::sax_parse(begin, end, &finder);
    return absl::InvalidArgumentError(Concat("not JSON: ", finder.Describe()));
  }
  return document;
}

absl::StatusOr<Trace> ParseTraceLine(std::string_view line) {
  absl::StatusOr<Json> parsed = ParseJson(line);
  if (!parsed.ok()) return parsed.status();
  const Json& document = *parsed;
  if (!document.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object {\"id\", \"messages\"}, got ",
               document.type_name()));
  }
  Trace trace;
  auto id = document.find("id");
  if (id == document.end()) return Missing("id");
  if (!id->is_string()) return WrongType("id", "a string", *id);
  trace.id = id->get<std::string>();

  auto messages = document.find("messages");
  if (messages == document.end()) return Missing("messages");
  if (!messages->is_array()) {
    return WrongType("messages", "an array", *messages);
  }
  trace.messages.reserve(messages->size());
  for (std::size_t i = 0; i < messages->size(); ++i) {
    absl::StatusOr<TraceMessage> message =
        ReadMessage((*messages)[i], Concat("messages[", i, "]"));
    if (!message.ok()) return message.status();
    trace.messages.push_back(*std::move(message));
  }
  return trace;
}

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace groundgate::cli
