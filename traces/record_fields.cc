// traces/record_fields.cc — checked reads of a record's fields.
//
// Its one job: the field helpers every adapter shares; see
// record_fields.h. What it does NOT do: know a format, or throw.
#include "traces/record_fields.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/json_parse.h"
#include "nlohmann/json.hpp"

namespace groundgate::traces {
namespace {

// The field names of every format the adapters read (and a few of
// their neighbours): a path into a record names these, and nothing the
// record's author chose.
constexpr std::string_view kFieldNames[] = {
    "steps",        "messages",     "input",
    "output",       "content",      "structuredContent",
    "result",       "error",        "params",
    "arguments",    "function",     "tool_calls",
    "system",       "instructions", "summary",
    "text",         "resource",     "exception",
    "id",           "type",         "role",
    "name",         "tool",         "source",
    "tool_call_id", "call_id",      "tool_use_id",
    "thinking",     "is_error",     "isError",
    "method",       "jsonrpc",
};

bool IsFieldName(std::string_view key) {
  for (std::string_view name : kFieldNames) {
    if (name == key) return true;
  }
  return false;
}

// Lists "a, b or c" for an error message.
std::string ListWords(std::initializer_list<std::string_view> a,
                      std::initializer_list<std::string_view> b) {
  std::string out;
  const std::size_t total = a.size() + b.size();
  std::size_t i = 0;
  for (auto list : {a, b}) {
    for (std::string_view word : list) {
      if (i > 0) out += (i + 1 == total) ? " or " : ", ";
      out += word;
      ++i;
    }
  }
  return out;
}

bool Contains(std::initializer_list<std::string_view> list,
              std::string_view word) {
  for (std::string_view item : list) {
    if (item == word) return true;
  }
  return false;
}

// An optional member of type T: absent or null leaves *out as it is; a
// member that `is_type` refuses is an error naming PATH.KEY, which says it
// should be `expected`.
template <typename T>
absl::Status ReadOptional(const Json& object, std::string_view key,
                          std::string_view path,
                          bool (Json::*is_type)() const noexcept,
                          std::string_view expected, T* out) {
  const Json* value = Find(object, key);
  if (value == nullptr || value->is_null()) return absl::OkStatus();
  if (!(value->*is_type)()) {
    return WrongType(Member(path, key), expected, *value);
  }
  *out = value->get<T>();
  return absl::OkStatus();
}

}  // namespace

absl::Status FieldError(std::string_view path, std::string_view what) {
  return absl::InvalidArgumentError(Concat(path, ": ", what));
}

absl::Status Missing(std::string_view path) {
  return FieldError(path, "missing");
}

absl::Status WrongType(std::string_view path, std::string_view expected,
                       const Json& found) {
  return FieldError(path,
                    Concat("expected ", expected, ", got ", TypeName(found)));
}

std::string_view TypeName(const Json& value) {
  if (!base::IsRawJson(value)) return value.type_name();
  return base::RawJsonText(value).starts_with('[') ? "array" : "object";
}

bool IsList(const Json& value) { return base::IsList(value); }

std::size_t ListSize(const Json& list) { return base::ElementCount(list); }

absl::Status ReadEachElement(
    const Json& list,
    const std::function<absl::Status(const Json&, std::size_t)>& read) {
  absl::Status status;
  std::size_t index = 0;
  const bool whole = base::ForEachElement(list, [&](const Json& element) {
    status = read(element, index++);
    return status.ok();
  });
  if (!status.ok()) return status;
  if (!whole) {
    // A raw list was validated when it was parsed: this is never reached.
    return absl::InternalError(Concat("list element ", index, " unreadable"));
  }
  return absl::OkStatus();
}

std::string Member(std::string_view path, std::string_view key) {
  return path.empty() ? std::string(key) : Concat(path, ".", key);
}

std::string Element(std::string_view path, std::size_t index) {
  return Concat(path, "[", index, "]");
}

std::optional<std::string> FindNestingDeeperThan(const Json& value, int limit,
                                                 std::string_view path) {
  if (!value.is_structured()) return std::nullopt;
  // One frame per open array or object, from `value` down: the child the
  // walk is in is the one before `next`.
  struct Frame {
    const Json* container;
    Json::const_iterator next;
    std::size_t next_index;
  };
  std::vector<Frame> open;
  open.push_back({&value, value.cbegin(), 0});
  while (!open.empty()) {
    Frame& top = open.back();
    if (top.next == top.container->cend()) {
      open.pop_back();
      continue;
    }
    const Json& child = *top.next;
    ++top.next;
    ++top.next_index;
    if (!child.is_structured()) continue;
    if (open.size() < static_cast<std::size_t>(limit)) {
      open.push_back({&child, child.cbegin(), 0});
      continue;
    }
    // `child` is one level too deep: name the way to it while the names
    // are the formats' own (a key, or an index into a list a key named).
    std::string named(path);
    bool index_named = true;  // the list `path` or the record itself
    for (const Frame& frame : open) {
      if (frame.container->is_object()) {
        const std::string& key = std::prev(frame.next).key();
        if (!IsFieldName(key)) break;
        named = Member(named, key);
        index_named = true;
      } else {
        if (!index_named) break;
        named = Element(named, frame.next_index - 1);
        index_named = false;
      }
    }
    if (named.empty()) named = "record";
    return named;
  }
  return std::nullopt;
}

const Json* Find(const Json& object, std::string_view key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

absl::Status ReadOptionalBool(const Json& object, std::string_view key,
                              std::string_view path, bool* out) {
  return ReadOptional(object, key, path, &Json::is_boolean, "a boolean", out);
}

absl::Status ReadPartType(const Json& part, std::string_view path,
                          std::string* type) {
  if (!part.is_object()) return WrongType(path, "an object", part);
  return ReadString(part, "type", path, type);
}

absl::Status ForEachTypedPart(const Json& content, std::string_view path,
                              const TypedPartVisitor& visit) {
  for (std::size_t i = 0; i < content.size(); ++i) {
    const Json& part = content[i];
    const std::string part_path = Element(path, i);
    std::string type;
    if (absl::Status s = ReadPartType(part, part_path, &type); !s.ok()) {
      return s;
    }
    if (absl::Status s = visit(part, part_path, type); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status ReadString(const Json& object, std::string_view key,
                        std::string_view path, std::string* out) {
  const Json* value = Find(object, key);
  if (value == nullptr) return Missing(Member(path, key));
  if (!value->is_string()) {
    return WrongType(Member(path, key), "a string", *value);
  }
  *out = value->get_ref<const Json::string_t&>();
  return absl::OkStatus();
}

absl::Status ReadOptionalString(const Json& object, std::string_view key,
                                std::string_view path, std::string* out) {
  return ReadOptional(object, key, path, &Json::is_string, "a string", out);
}

absl::Status ReadIdText(const Json& value, std::string_view path,
                        std::string* out) {
  if (value.is_string()) {
    *out = value.get_ref<const Json::string_t&>();
  } else if (value.is_number_integer() || value.is_number_unsigned()) {
    *out = value.dump();
  } else {
    return WrongType(path, "a string or an integer", value);
  }
  return absl::OkStatus();
}

absl::Status ReadTextContent(
    const Json& content, std::string_view path,
    std::initializer_list<std::string_view> text_types,
    std::initializer_list<std::string_view> skipped_types, std::string* text) {
  if (content.is_null()) return absl::OkStatus();
  if (content.is_string()) {
    *text = content.get_ref<const Json::string_t&>();
    return absl::OkStatus();
  }
  if (!content.is_array()) {
    return WrongType(path, "a string, null or an array of parts", content);
  }
  bool first = true;
  return ForEachTypedPart(
      content, path,
      [&](const Json& part, const std::string& part_path,
          const std::string& type) -> absl::Status {
        if (!Contains(text_types, type)) {
          if (skipped_types.size() == 0 || Contains(skipped_types, type)) {
            return absl::OkStatus();
          }
          return FieldError(Member(part_path, "type"),
                            Concat("unknown part type (expected ",
                                   ListWords(text_types, skipped_types), ")"));
        }
        std::string part_text;
        if (absl::Status s = ReadString(part, "text", part_path, &part_text);
            !s.ok()) {
          return s;
        }
        if (!first) text->push_back('\n');
        text->append(part_text);
        first = false;
        return absl::OkStatus();
      });
}

bool IsTypeName(std::string_view type) {
  if (type.empty() || type.size() > kMaxTypeNameBytes) return false;
  for (char c : type) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '.')) {
      return false;
    }
  }
  return true;
}

std::string WarningTypeName(std::string_view type) {
  bool words = IsTypeName(type) && type.size() <= kMaxQuotedTypeBytes;
  std::size_t word = 0;  // bytes of the word so far
  for (char c : type) {
    if (c == '_' || c == '.') {
      word = 0;
    } else if ((c >= '0' && c <= '9') || ++word > kMaxQuotedTypeWordBytes) {
      words = false;
    }
  }
  if (words) return Concat("\"", type, "\"");
  return Concat("(", type.size(), " chars)");
}

void Warn(Trace* trace, std::string warning) {
  if (trace->warnings.size() >= kMaxTraceWarnings) {
    ++trace->unlisted_warnings;
    return;
  }
  trace->warnings.push_back(std::move(warning));
}

absl::Status UnknownType(Trace* trace, std::string_view path,
                         std::string_view kind, std::string_view type,
                         std::string_view expected) {
  const std::string type_path = Member(path, "type");
  if (!IsTypeName(type)) {
    return FieldError(
        type_path, Concat("unknown ", kind, " type (expected ", expected, ")"));
  }
  Warn(trace, Concat(type_path, ": unknown ", kind, " type ",
                     WarningTypeName(type), "; not read"));
  return absl::OkStatus();
}

void AppendLine(std::string* text, std::string_view part) {
  if (part.empty()) return;
  if (!text->empty()) text->push_back('\n');
  text->append(part);
}

absl::Status AppendTextPart(const Json& part, const std::string& path,
                            std::string* text) {
  std::string part_text;
  if (absl::Status s = ReadString(part, "text", path, &part_text); !s.ok()) {
    return s;
  }
  AppendLine(text, part_text);
  return absl::OkStatus();
}

absl::Status ReadParts(const Json& content, std::string_view path,
                       std::string_view kind, std::string_view expected,
                       const PartReader& reader, Trace* trace,
                       TraceMessage* out) {
  if (content.is_null()) return absl::OkStatus();
  if (content.is_string()) {
    AppendLine(&out->text, content.get_ref<const Json::string_t&>());
    return absl::OkStatus();
  }
  if (!content.is_array()) {
    return WrongType(path, "a string, null or an array of parts", content);
  }
  return ForEachTypedPart(
      content, path,
      [&](const Json& part, const std::string& part_path,
          const std::string& type) -> absl::Status {
        absl::StatusOr<PartRead> read =
            reader(part, type, part_path, &out->text);
        if (!read.ok()) return read.status();
        switch (*read) {
          case PartRead::kText:
          case PartRead::kNothing:
            break;
          case PartRead::kUnreadable:
            out->unreadable = true;
            break;
          case PartRead::kUnknown: {
            if (absl::Status s =
                    UnknownType(trace, part_path, kind, type, expected);
                !s.ok()) {
              return s;
            }
            const Json* text = Find(part, "text");
            if (text != nullptr && text->is_string()) {
              AppendLine(&out->text, text->get_ref<const Json::string_t&>());
            } else {
              out->unreadable = true;
            }
            break;
          }
        }
        return absl::OkStatus();
      });
}

namespace {

// Members a server result carries that no one can read but the API: the
// encrypted ones, then a signature.
constexpr std::string_view kOpaqueKeys[] = {
    "encrypted_content", "encrypted_index", "encrypted_stdout", "signature"};
constexpr std::size_t kEncryptedKeys = 3;

bool IsOpaqueKey(std::string_view key, bool encrypted_only) {
  const std::size_t count =
      encrypted_only ? kEncryptedKeys : std::size(kOpaqueKeys);
  for (std::size_t i = 0; i < count; ++i) {
    if (key == kOpaqueKeys[i]) return true;
  }
  return false;
}

bool IsEmptyValue(const Json& value) {
  return value.is_null() ||
         (value.is_string() && value.get_ref<const Json::string_t&>().empty());
}

// WithoutOpaque, or with `encrypted_only` WithoutEncrypted.
Json WithoutMembersNoOneReads(const Json& value, bool encrypted_only,
                              bool* unreadable) {
  if (value.is_array()) {
    Json out = Json::array();
    for (const Json& element : value) {
      Json kept = WithoutMembersNoOneReads(element, encrypted_only, unreadable);
      if (!kept.is_null() || encrypted_only) out.push_back(std::move(kept));
    }
    return out;
  }
  if (!value.is_object()) return value;
  const Json* type = Find(value, "type");
  if (!encrypted_only && type != nullptr && type->is_string() &&
      type->get_ref<const Json::string_t&>() == "image") {
    *unreadable = true;
    return nullptr;
  }
  Json out = Json::object();
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string& key = it.key();
    if (IsOpaqueKey(key, encrypted_only)) {
      if (!IsEmptyValue(*it)) *unreadable = true;
      continue;
    }
    if (!encrypted_only && key == "source" && it->is_object()) {
      // A document's text source ("type": "text", "data") or its content
      // blocks are read; base64, a file id or a URL are not.
      const Json* source_type = Find(*it, "type");
      const bool readable =
          source_type != nullptr && source_type->is_string() &&
          (source_type->get_ref<const Json::string_t&>() == "text" ||
           source_type->get_ref<const Json::string_t&>() == "content");
      if (!readable) {
        *unreadable = true;
        continue;
      }
    }
    out[key] = WithoutMembersNoOneReads(*it, encrypted_only, unreadable);
  }
  return out;
}

}  // namespace

Json WithoutOpaque(const Json& value, bool* unreadable) {
  return WithoutMembersNoOneReads(value, /*encrypted_only=*/false, unreadable);
}

Json WithoutEncrypted(const Json& value, bool* unreadable) {
  return WithoutMembersNoOneReads(value, /*encrypted_only=*/true, unreadable);
}

std::string JsonText(const Json& value) { return base::DumpJson(value); }

bool ReportsException(std::string_view text) {
  // Most results never mention the key: skip the parse for them. The
  // search skips ahead by the key's length; find would stop at each '"',
  // the commonest byte of a JSON text after letters.
  static constexpr std::string_view kKey = "\"exception\"";
  static const std::boyer_moore_horspool_searcher searcher(kKey.begin(),
                                                           kKey.end());
  if (std::search(text.begin(), text.end(), searcher) == text.end()) {
    return false;
  }
  const Json document = Json::parse(text.begin(), text.end(), nullptr,
                                    /*allow_exceptions=*/false);
  if (!document.is_object()) return false;
  const Json* exception = Find(document, "exception");
  if (exception == nullptr || exception->is_null()) return false;
  if (exception->is_boolean()) return exception->get<bool>();
  if (exception->is_string()) {
    return !exception->get_ref<const Json::string_t&>().empty();
  }
  return true;
}

void AddCitation(const Json& citation, std::size_t index,
                 const std::string& path,
                 std::initializer_list<std::string_view> keys,
                 const CitedResult* cited, std::vector<TraceMessage>* out) {
  if (!citation.is_object()) return;
  TraceMessage result;
  for (std::string_view key : keys) {
    const Json* value = Find(citation, key);
    if (value != nullptr && value->is_string()) {
      AppendLine(&result.text, value->get_ref<const Json::string_t&>());
    }
  }
  if (result.text.empty()) return;
  result.role = TraceRole::kToolResult;
  result.index = index;
  result.path = path;
  if (cited != nullptr && !cited->tool_call_id.empty()) {
    result.tool_call_id = cited->tool_call_id;
    result.tool_name = cited->tool_name;
  } else {
    result.tool_call_id = path;
    result.tool_name = kCitationToolName;
  }
  out->push_back(std::move(result));
}

void MarkTextBesideToolCalls(Trace* trace) {
  std::vector<TraceMessage>& messages = trace->messages;
  std::size_t run_start = 0;
  while (run_start < messages.size()) {
    auto in_run = [&](std::size_t i) {
      return messages[i].role == TraceRole::kAssistant ||
             messages[i].role == TraceRole::kReasoning;
    };
    if (!in_run(run_start)) {
      ++run_start;
      continue;
    }
    std::size_t run_end = run_start;
    bool calls = false;
    while (run_end < messages.size() && in_run(run_end)) {
      if (!messages[run_end].tool_calls.empty()) calls = true;
      ++run_end;
    }
    if (calls) {
      for (std::size_t i = run_start; i < run_end; ++i) {
        if (messages[i].role == TraceRole::kAssistant) {
          messages[i].beside_tool_calls = true;
        }
      }
    }
    run_start = run_end;
  }
}

absl::Status ReadRecordId(const Json& record, Trace* trace) {
  return ReadString(record, "id", "", &trace->id);
}

absl::Status ReadRecordObject(const Json& record, std::string_view members,
                              Trace* trace) {
  if (!record.is_object()) {
    return absl::InvalidArgumentError(
        Concat("expected a JSON object ", members, ", got ", TypeName(record)));
  }
  return ReadRecordId(record, trace);
}

}  // namespace groundgate::traces
