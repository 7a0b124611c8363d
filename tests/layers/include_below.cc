// tests/layers/include_below.cc — a probe compiled as if it were a file of
// stages/: including a layer below it (evidence/) builds.
// tests/layers/check.cmake builds it, to show that the failure of
// include_above.cc is the layer rule and nothing else.
#include "evidence/tokenizer.h"

int groundgate_layer_probe_below() { return 0; }
