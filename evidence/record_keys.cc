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

// The length of `token` before a sentence glued to it with no space after
// its full stop ("www.our-company.com.They": 19), or 0. The glued word is
// a capital and lowercase letters to the end; what comes before must hold
// a '.' of its own (a host, a file name), so that "Mr.Smith" or "e.g.The"
// give nothing.
std::size_t BeforeGluedSentence(std::string_view token) {
  const std::size_t dot = token.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 2 >= token.size()) {
    return 0;
  }
  if (token[dot + 1] < 'A' || token[dot + 1] > 'Z') return 0;
  for (std::size_t i = dot + 2; i < token.size(); ++i) {
    if (token[i] < 'a' || token[i] > 'z') return 0;
  }
  const std::string_view before = token.substr(0, dot);
  if (before.find('.') == std::string_view::npos) return 0;
  return dot;
}

// True when some token of `text` may have keys of the parts the user
// typed (below): the text holds an '@', a "://" or a full stop glued to a
// capital. A token is a piece of the text, so without these none has them.
bool MayHoldTypedParts(std::string_view text) {
  if (text.find('@') != std::string_view::npos ||
      text.find("://") != std::string_view::npos) {
    return true;
  }
  for (std::size_t dot = text.find('.'); dot != std::string_view::npos;
       dot = text.find('.', dot + 1)) {
    if (dot + 1 < text.size() && text[dot + 1] >= 'A' && text[dot + 1] <= 'Z') {
      return true;
    }
  }
  return false;
}

}  // namespace

void ForEachExemptTextKey(std::string_view text, KeySink sink) {
  ForEachTextKey(
      text, sink, [&](std::string_view token) { ForEachKey(token, sink); },
      [](std::string_view) {});
  if (!MayHoldTypedParts(text)) return;
  ForEachToken(text, [&](TokenSpan span) {
    const std::string_view token =
        text.substr(span.start, span.end - span.start);
    // A value the user glued to the next sentence ("visit
    // www.our-company.com.They sent ...") is the value they typed: its
    // keys as if a space followed the full stop.
    if (const std::size_t glued = BeforeGluedSentence(token); glued != 0) {
      ForEachKey(token.substr(0, glued), sink);
    }
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
