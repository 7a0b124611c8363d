// evidence/record_keys.cc — the keys of exempt text (record_keys.h): what
// the user or the application typed, with the parts of what they typed.
#include "evidence/record_keys.h"

#include <algorithm>

namespace groundgate::evidence {
namespace {

// The local part of an email address (before its one '@', with a '.'
// after it) and the path segments of an http(s) URL, each at least
// kMinPartBytes long.
void ForEachUserTypedPart(std::string_view form,
                          absl::FunctionRef<void(std::string_view)> visit) {
  const std::size_t at = EmailLocalPartBytes(form);
  if (at != 0 && form.find('/') == std::string_view::npos) {
    if (at >= kMinPartBytes) visit(form.substr(0, at));
    return;
  }
  for (const std::string_view scheme : {"https://", "http://"}) {
    if (!form.starts_with(scheme)) continue;
    std::string_view rest = form.substr(scheme.size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos) return;
    rest.remove_prefix(slash + 1);  // the host is not a path segment
    while (!rest.empty()) {
      const std::size_t end = std::min(rest.find('/'), rest.size());
      const std::string_view segment = rest.substr(0, end);
      if (segment.size() >= kMinPartBytes) visit(segment);
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    return;
  }
}

}  // namespace

void ForEachExemptTextKey(std::string_view text, KeySink sink) {
  ForEachTextKey(
      text, sink, [&](std::string_view token) { ForEachKey(token, sink); },
      [](std::string_view) {});
  ForEachToken(text, [&](TokenSpan span) {
    const std::string_view token =
        text.substr(span.start, span.end - span.start);
    // Only an address or a URL has parts the user typed: skip the rest
    // before the canonicalizer.
    if (token.find('@') == std::string_view::npos &&
        token.find("://") == std::string_view::npos) {
      return true;
    }
    const CanonicalForm form = Canonicalize(token);
    ForEachUserTypedPart(form.form, [&](std::string_view part) {
      sink(Canonicalize(part).form, false);
    });
    return true;
  });
}

}  // namespace groundgate::evidence
