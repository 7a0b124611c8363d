#!/usr/bin/env bash
# tests/consumer/run.sh MODE BUILD_DIR SOURCE_DIR WORK_DIR [CXX]
#
# Builds tests/consumer/consumer.cc the way an application would, and runs
# it. MODE is one of:
#   find_package   install BUILD_DIR to WORK_DIR/prefix, then a CMake project
#                  with find_package(groundgate)
#   pkg_config     install BUILD_DIR to WORK_DIR/prefix, then one compiler
#                  call with `pkg-config --cflags --libs groundgate`
#                  (--static when the library installed is an archive)
#   subdirectory   a CMake project that add_subdirectory()s SOURCE_DIR
# Registered as ctest cases by tests/consumer/tests.cmake.
set -euo pipefail
mode=$1 build=$2 source=$3 work=$4 cxx=${5:-c++}

rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
install_tree() {
  cmake --install "$build" --prefix "$prefix" >"$work/install.log"
}

case "$mode" in
  find_package)
    install_tree
    cmake -S "$source/tests/consumer/find_package" -B "$work/build" -G Ninja \
      -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release >"$work/configure.log"
    cmake --build "$work/build" >"$work/build.log"
    "$work/build/consumer"
    ;;
  pkg_config)
    install_tree
    libdir=$(find "$prefix" -name 'groundgate.pc' -printf '%h\n' | head -n 1)
    export PKG_CONFIG_PATH="$libdir"
    static=()
    if ! ls "$prefix"/lib*/libgroundgate.so* >/dev/null 2>&1 &&
       ! ls "$prefix"/lib/*/libgroundgate.so* >/dev/null 2>&1; then
      static=(--static)
    fi
    # shellcheck disable=SC2046
    "$cxx" -o "$work/consumer" "$source/tests/consumer/consumer.cc" \
      $(pkg-config "${static[@]}" --cflags --libs groundgate)
    LD_LIBRARY_PATH="$libdir/..${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      "$work/consumer"
    ;;
  subdirectory)
    cmake -S "$source/tests/consumer/subdirectory" -B "$work/build" -G Ninja \
      -DCMAKE_CXX_COMPILER="$cxx" -DGROUNDGATE_SOURCE_DIR="$source" \
      -DCMAKE_BUILD_TYPE=Release >"$work/configure.log"
    cmake --build "$work/build" --target consumer >"$work/build.log"
    "$work/build/consumer"
    ;;
  *)
    echo "run.sh: unknown mode $mode" >&2
    exit 2
    ;;
esac
