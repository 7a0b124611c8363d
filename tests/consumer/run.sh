#!/usr/bin/env bash
# tests/consumer/run.sh MODE BUILD_DIR SOURCE_DIR WORK_DIR [CXX]
#
# Builds a consumer program the way an application would, and runs it. MODE
# is one of:
#   find_package    install BUILD_DIR to WORK_DIR/prefix, then a CMake
#                   project with find_package(groundgate) (consumer.cc)
#   pkg_config      install BUILD_DIR to WORK_DIR/prefix, then one compiler
#                   call (CXX) with `pkg-config --cflags --libs groundgate`
#                   (consumer.cc)
#   pkg_config_net  the same with groundgate-net (net_consumer.cc)
#   pkg_config_c    the same with groundgate-c, a C11 program
#                   (c_consumer.c) compiled by gcc and by clang, warnings
#                   as errors
#   subdirectory    a CMake project that add_subdirectory()s SOURCE_DIR
# The pkg-config modes link once with `pkg-config --static` and, when the
# library installed is shared, once more without it (an archive needs
# --static: without it its own dependencies are left out by design).
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
  pkg_config | pkg_config_net | pkg_config_c)
    install_tree
    pcdir=$(find "$prefix" -name 'groundgate.pc' -printf '%h\n' | head -n 1)
    export PKG_CONFIG_PATH="$pcdir"
    libdir=$(dirname "$pcdir")
    linkings=(--static)
    if ls "$libdir"/libgroundgate.so* >/dev/null 2>&1; then
      linkings=(--shared --static)
    fi
    case "$mode" in
      pkg_config) package=groundgate program=consumer.cc compilers=("$cxx") ;;
      pkg_config_net)
        package=groundgate-net program=net_consumer.cc compilers=("$cxx") ;;
      pkg_config_c)
        package=groundgate-c program=c_consumer.c compilers=(gcc clang)
        # The Cflags a C compiler gets must hold no C++ flag: clang refuses
        # -std=c++20 on a C file.
        if pkg-config --cflags groundgate-c | grep -q -- '-std='; then
          echo "groundgate-c.pc: Cflags name a language standard" >&2
          exit 1
        fi
        ;;
    esac
    for linking in "${linkings[@]}"; do
      static=()
      if [ "$linking" = --static ]; then static=(--static); fi
      for compiler in "${compilers[@]}"; do
        language_flags=()
        if [ "$mode" = pkg_config_c ]; then
          language_flags=(-std=c11 -Wall -Wextra -Wpedantic -Werror)
        fi
        flags=$(pkg-config "${static[@]}" --cflags --libs "$package")
        echo "$compiler ${language_flags[*]} $program $flags"
        binary="$work/consumer-$(basename "$compiler")$linking"
        # shellcheck disable=SC2086
        "$compiler" "${language_flags[@]}" -o "$binary" \
          "$source/tests/consumer/$program" $flags
        LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
          "$binary"
      done
    done
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
