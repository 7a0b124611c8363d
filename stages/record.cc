// stages/record.cc — the record step: messages into the corpus.
//
// Its one job: decide what of a message becomes evidence. A successful tool
// result is recorded (its values carry this turn); a failed one is not (law
// 3: an error text quoting the model's arguments must not ground them). A
// user message starts a turn and is exempt, unless the library wrote it (law
// 4); application text is exempt.
//
// What it does NOT do: record the model's own text or its tool-call
// arguments — there is no function here that would (law 3).
#include "groundgate/stages.h"

namespace groundgate::stages {

std::optional<RecordOutcome> Record(EvidenceCorpus& corpus,
                                    const ToolResult& result) {
  if (!result.ok) return std::nullopt;
  return corpus.RecordToolResult(result.tool_call_id, result.tool_name,
                                 result.content);
}

bool RecordUserMessage(EvidenceCorpus& corpus, std::string_view text) {
  return corpus.RecordUserMessage(text);
}

void RecordSystem(EvidenceCorpus& corpus, std::string_view text) {
  corpus.RecordExempt(text);
}

}  // namespace groundgate::stages
