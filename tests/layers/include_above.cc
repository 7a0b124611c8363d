// tests/layers/include_above.cc — a probe compiled as if it were a file of
// stages/: including a layer above it (traces/) must not build.
// tests/layers/check.cmake expects this compile to fail.
#include "traces/record_fields.h"

int groundgate_layer_probe_above() { return 0; }
