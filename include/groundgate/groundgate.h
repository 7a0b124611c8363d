// groundgate/groundgate.h — everything an application includes.
//
// groundgate checks that every name, number and identifier in an agent's
// answer was read from a tool result of the run. See gate.h for the judge,
// corpus.h for the per-conversation evidence, verdict.h for what a judgement
// holds, verdict_json.h for its stable JSON form.
#ifndef GROUNDGATE_GROUNDGATE_H_
#define GROUNDGATE_GROUNDGATE_H_

#include "groundgate/corpus.h"
#include "groundgate/gate.h"
#include "groundgate/verdict.h"
#include "groundgate/verdict_json.h"

#endif  // GROUNDGATE_GROUNDGATE_H_
