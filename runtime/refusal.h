// runtime/refusal.h — the rails refusal's Status, written and read.
//
// Its one job: put the unsupported values of a refused answer into an
// absl::Status payload (kRefusalTypeUrl) and read them back. The route stage
// writes it (stages::RefusalStatus); the application reads it (ReadRefusal).
//
// What it does NOT do: decide to refuse (stages::Route does), or carry the
// refused answer's text: only its unsupported values, each clipped.
#ifndef GROUNDGATE_RUNTIME_REFUSAL_H_
#define GROUNDGATE_RUNTIME_REFUSAL_H_

#include <string_view>

#include "absl/status/status.h"
#include "groundgate/verdict.h"

namespace groundgate::runtime {

absl::Status MakeRefusal(std::string_view answer, const Verdict& verdict,
                         bool revision_tried);

}  // namespace groundgate::runtime

#endif  // GROUNDGATE_RUNTIME_REFUSAL_H_
