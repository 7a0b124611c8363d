// groundgate/groundgate.h — everything an application includes.
//
// groundgate checks that every name, number and identifier in an agent's
// answer was read from a tool result of the run. See gate.h for the judge,
// corpus.h for the per-conversation evidence, verdict.h for what a judgement
// holds, verdict_json.h for its stable JSON form, agent.h for the agent loop
// with the gate inside, stages.h for the same steps in an application's own
// loop, events.h for the events, findings.h for standings and what follows
// from a verdict, trace.h for recorded traces of every common format.
// JSON crosses the API as text (std::string, std::string_view).
// Not included here: openai_client.h and otel.h (the groundgate::net
// library, which links libcurl), groundgate_c.h (the C API), version.h, and
// json.h (optional nlohmann::json conveniences over the JSON text).
#ifndef GROUNDGATE_GROUNDGATE_H_
#define GROUNDGATE_GROUNDGATE_H_

#include "groundgate/agent.h"
#include "groundgate/corpus.h"
#include "groundgate/events.h"
#include "groundgate/findings.h"
#include "groundgate/gate.h"
#include "groundgate/stages.h"
#include "groundgate/trace.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"

#endif  // GROUNDGATE_GROUNDGATE_H_
