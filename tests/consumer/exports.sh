#!/usr/bin/env bash
# tests/consumer/exports.sh LIBRARY [MAX]
#
# A shared groundgate exports its public API and nothing internal: fails when
# LIBRARY's dynamic symbol table holds a symbol of an internal namespace
# (evidence, findings, adapters, runtime, capi, net, cli, *_internal), a
# symbol that names nlohmann (JSON crosses the API as text; only the
# header-only groundgate/json.h speaks nlohmann, in the application), or
# more than MAX defined symbols in all (a budget that catches visibility
# being lost wholesale). Prints the count.
set -euo pipefail
library=$1 max=${2:-400}
symbols=$(nm -DC --defined-only "$library")
internal=$(printf '%s\n' "$symbols" |
  grep -E 'groundgate::(evidence|findings|adapters|runtime|capi|net|cli|[a-z_]+_internal)::' || true)
json=$(nm -DC "$library" | grep nlohmann || true)
count=$(printf '%s\n' "$symbols" | grep -c . || true)
echo "$library: $count exported symbols"
if [ -n "$internal" ]; then
  echo "internal symbols exported:" >&2
  printf '%s\n' "$internal" | head -n 20 >&2
  exit 1
fi
if [ -n "$json" ]; then
  echo "symbols naming nlohmann in the ABI:" >&2
  printf '%s\n' "$json" | head -n 20 >&2
  exit 1
fi
if [ "$count" -gt "$max" ]; then
  echo "more than $max exported symbols: did hidden visibility get lost?" >&2
  exit 1
fi
