#!/usr/bin/env bash
# tests/consumer/exports.sh LIBRARY [MAX [README COMPILER]]
#
# A shared groundgate exports its public API and nothing internal: fails when
# LIBRARY's dynamic symbol table holds a symbol of an internal namespace
# (evidence, findings, adapters, runtime, capi, net, cli, *_internal), a
# symbol outside namespace groundgate and the C API (gg_*), such as an
# instance of a std or abseil template (cmake/exports.map keeps them out),
# a symbol that names nlohmann (JSON crosses the API as text; only the
# header-only groundgate/json.h speaks nlohmann, in the application), or
# more than MAX defined symbols in all (a budget that catches visibility
# being lost wholesale). Prints the count.
#
# With README and COMPILER ("clang 14"): README states the count as
# "(N symbols with <compiler> <major>"; when that compiler is COMPILER, N must
# be the count, so the figure cannot go stale. A build by another compiler
# prints the count and pins nothing.
set -euo pipefail
library=$1 max=${2:-400} readme=${3:-} compiler=${4:-}
symbols=$(nm -DC --defined-only "$library")
internal=$(printf '%s\n' "$symbols" |
  grep -E 'groundgate::(evidence|findings|adapters|runtime|capi|net|cli|[a-z_]+_internal)::' || true)
# Each line is "ADDRESS TYPE NAME" (undefined-weak lines have no address).
# A name outside the API neither starts in namespace groundgate (after a
# return type, for a function template) nor is a vtable, typeinfo or guard
# variable for one of its types, nor a gg_ function.
outside=$(printf '%s\n' "$symbols" | sed -E 's/^[0-9a-f]* *[A-Za-z] //' |
  grep -vE '^(gg_[a-z_]+|groundgate::|[^ (<]+ groundgate::|.* for groundgate::)' || true)
json=$(nm -DC "$library" | grep nlohmann || true)
count=$(printf '%s\n' "$symbols" | grep -c . || true)
echo "$library: $count exported symbols"
if [ -n "$internal" ]; then
  echo "internal symbols exported:" >&2
  printf '%s\n' "$internal" | head -n 20 >&2
  exit 1
fi
if [ -n "$outside" ]; then
  echo "symbols outside namespace groundgate and the C API exported:" >&2
  printf '%s\n' "$outside" | head -n 20 >&2
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
if [ -n "$readme" ]; then
  # The figure may be wrapped across lines: read the README as one line.
  stated=$(tr '\n' ' ' <"$readme" | tr -s ' ' |
    grep -oE '\([0-9,]+ symbols with [A-Za-z]+ [0-9]+' | head -n 1 || true)
  if [ -z "$stated" ]; then
    echo "$readme states no \"(N symbols with COMPILER\" figure" >&2
    exit 1
  fi
  stated_count=$(printf '%s\n' "$stated" | sed -E 's/^\(([0-9,]+) .*/\1/' | tr -d ,)
  stated_compiler=$(printf '%s\n' "$stated" | sed -E 's/^.* symbols with //')
  if [ "${stated_compiler,,}" != "${compiler,,}" ]; then
    echo "$readme's figure is for $stated_compiler; this build is $compiler: not pinned"
  elif [ "$stated_count" != "$count" ]; then
    echo "$readme says $stated_count exported symbols with $stated_compiler;" \
      "the library exports $count: update the figure" >&2
    exit 1
  else
    echo "$readme's figure ($stated_count with $stated_compiler) is the count"
  fi
fi
