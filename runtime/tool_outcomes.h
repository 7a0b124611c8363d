// runtime/tool_outcomes.h — the ToolOutcome of a tool call that succeeded
// and of one that failed (internal to runtime/).
//
// Its one job: build the two outcomes the same way wherever the runtime
// runs a tool: the ToolRegistry for the application's tools, the Agent for
// its built-in standing tool and for a call with no registry.
//
// What it does NOT do: decide what is evidence (the Agent records only ok
// outcomes), or write the text a failure tells the model.
#ifndef GROUNDGATE_RUNTIME_TOOL_OUTCOMES_H_
#define GROUNDGATE_RUNTIME_TOOL_OUTCOMES_H_

#include <string>
#include <utility>

#include "groundgate/agent.h"

namespace groundgate {

// A call that succeeded: `content` is its result, evidence for the record
// stage.
inline ToolOutcome ToolSuccess(std::string content) {
  return ToolOutcome{
      .ok = true, .error = ToolError::kNone, .content = std::move(content)};
}

// A call that failed: `content` tells the model what went wrong, so it can
// correct the call; it is never evidence.
inline ToolOutcome ToolFailure(ToolError error, std::string content) {
  return ToolOutcome{
      .ok = false, .error = error, .content = std::move(content)};
}

}  // namespace groundgate

#endif  // GROUNDGATE_RUNTIME_TOOL_OUTCOMES_H_
