// traces/replay.cc — a Trace replayed into a corpus and judged.
//
// Its one job: feed a Trace's neutral messages, in wire order, to a fresh
// EvidenceCorpus and judge each answer with the Gate, handing every
// judgement to the caller. See ReplayTrace in groundgate/trace.h.
//
// Content an adapter could not read (TraceMessage::unreadable) makes the
// corpus partial, so values not found are unverified (law 5).
//
// What it does NOT do: read any format (the adapters do), print anything,
// or record what the model wrote: answers, reasoning and tool-call
// arguments never reach the corpus (law 3), nor does an error result. Of
// a judged answer the corpus keeps only what the gate derived in it
// (EvidenceCorpus::RecordJudgedAnswer), as a live loop's does.
#include <cstddef>
#include <functional>

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"

namespace groundgate {
namespace {

bool IsBlank(const std::string& text) {
  return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

}  // namespace

bool TraceMessage::IsUnreadAnswer() const {
  return IsAnswer() && unreadable && IsBlank(text);
}

void ReplayTrace(const Trace& trace, const Gate& gate,
                 const ReplayOptions& options,
                 const std::function<void(const JudgedMessage&)>& on_judged) {
  EvidenceCorpus corpus(options.corpus);
  for (std::size_t position = 0; position < trace.messages.size(); ++position) {
    const TraceMessage& message = trace.messages[position];
    bool judge = false;
    switch (message.role) {
      case TraceRole::kSystem:
        corpus.RecordExempt(message.text);
        if (message.unreadable) corpus.MarkPartial();
        break;
      case TraceRole::kUser:
        if (message.starts_user_turn) {
          corpus.RecordUserMessage(message.text);
        } else {
          corpus.RecordExempt(message.text);
        }
        if (message.unreadable) corpus.MarkPartial();
        break;
      case TraceRole::kToolResult:
        if (message.is_error) break;
        // A stand-in for an entry that could not be read records nothing.
        if (!message.tool_call_id.empty() || !message.text.empty()) {
          corpus.RecordToolResult(message.tool_call_id, message.tool_name,
                                  message.text);
        }
        if (message.unreadable) corpus.MarkPartial();
        break;
      case TraceRole::kAssistant:
        judge = message.IsAnswer() && !IsBlank(message.text);
        break;
      case TraceRole::kReasoning:
        judge = options.judge_intermediate && !IsBlank(message.text);
        break;
    }
    if (!judge) continue;
    const Verdict verdict = gate.Judge(message.text, corpus);
    on_judged(JudgedMessage{.position = position,
                            .message = message,
                            .verdict = verdict,
                            .corpus = corpus});
    // What it derived grounds a later answer that restates it.
    corpus.RecordJudgedAnswer(verdict);
  }
}

}  // namespace groundgate
