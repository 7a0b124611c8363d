# cmake/static_command.cmake — the command linked against static archives.
#
# Its one job: link the command against static archives instead of shared
# libraries. `groundgate_link_command_allocator(TARGET)`, at the end, links
# jemalloc's. `groundgate_link_command_statically(TARGET)` links an
# executable against the static archives of abseil, RE2 and ICU (and
# zlib's, when there) instead of their shared libraries, when Debian's -dev
# packages installed them (they do: libabsl-dev, libre2-dev, libicu-dev,
# zlib1g-dev). A process then maps 6 shared
# libraries instead of 40, and its start-up (`groundgate --version`, an
# empty input) costs about a third of the CPU time: the dynamic loader's
# relocations of 30 abseil libraries and ICU's were most of it.
#
# What it does NOT do: touch the library (libgroundgate, static or shared,
# links what it always links) or link simdjson, libstdc++ or libc
# statically (Debian ships no simdjson archive, and simdjson's shared
# library needs the shared libstdc++). When an archive is missing it says
# so and links the shared libraries, so the build never fails for it.
#
# How: the archives go in one --start-group/--end-group after the
# command's own objects and libgroundgate_internal.a, so every symbol they
# hold resolves there; --as-needed then drops the shared libraries the
# targets' usage requirements still name, since nothing needs them.

function(groundgate_link_command_statically target)
  find_library(GROUNDGATE_ABSL_BASE_ARCHIVE NAMES libabsl_base.a)
  find_library(GROUNDGATE_RE2_ARCHIVE NAMES libre2.a)
  find_library(GROUNDGATE_ICUI18N_ARCHIVE NAMES libicui18n.a)
  find_library(GROUNDGATE_ICUUC_ARCHIVE NAMES libicuuc.a)
  find_library(GROUNDGATE_ICUDATA_ARCHIVE NAMES libicudata.a)
  foreach(archive GROUNDGATE_ABSL_BASE_ARCHIVE GROUNDGATE_RE2_ARCHIVE
          GROUNDGATE_ICUI18N_ARCHIVE GROUNDGATE_ICUUC_ARCHIVE
          GROUNDGATE_ICUDATA_ARCHIVE)
    if(NOT ${archive})
      message(STATUS "groundgate: ${archive} not found; the command links "
                     "the shared libraries")
      return()
    endif()
  endforeach()
  # Every abseil archive beside libabsl_base.a: the linker takes only the
  # members the command uses.
  get_filename_component(absl_dir "${GROUNDGATE_ABSL_BASE_ARCHIVE}" DIRECTORY)
  file(GLOB absl_archives "${absl_dir}/libabsl_*.a")
  # zlib (the report page's blocks) from its archive too, when it is there.
  find_library(GROUNDGATE_ZLIB_ARCHIVE NAMES libz.a)
  if(GROUNDGATE_ZLIB_ARCHIVE)
    target_link_libraries(${target} PRIVATE ${GROUNDGATE_ZLIB_ARCHIVE})
    set(GROUNDGATE_COMMAND_LINKS_STATIC_ZLIB ON PARENT_SCOPE)
  endif()
  target_link_libraries(${target} PRIVATE
    -Wl,--start-group ${absl_archives} ${GROUNDGATE_RE2_ARCHIVE}
    ${GROUNDGATE_ICUI18N_ARCHIVE} ${GROUNDGATE_ICUUC_ARCHIVE}
    ${GROUNDGATE_ICUDATA_ARCHIVE} -Wl,--end-group
    -Wl,--as-needed ${CMAKE_DL_LIBS})
  message(STATUS "groundgate: the command links abseil, RE2 and ICU "
                 "statically (GROUNDGATE_STATIC_COMMAND)")
endfunction()

# `groundgate_link_command_allocator(TARGET)` links an executable against
# jemalloc's static archive (Debian's libjemalloc-dev: libjemalloc_pic.a,
# built to go into a position-independent executable), whose malloc and
# free then serve the whole process. glibc's allocator takes a heap's lock
# on each call that misses its small per-thread cache once a process has
# a second thread; with `check --jobs 2` that costs a tenth of the threads'
# CPU, and a record's memory freed on another thread than the one that
# allocated it contends for the lock. When the archive is missing it
# says so and the command keeps glibc's allocator.
function(groundgate_link_command_allocator target)
  find_library(GROUNDGATE_JEMALLOC_ARCHIVE NAMES libjemalloc_pic.a)
  if(NOT GROUNDGATE_JEMALLOC_ARCHIVE)
    message(STATUS "groundgate: libjemalloc_pic.a not found (Debian: "
                   "libjemalloc-dev); the command uses glibc's allocator")
    return()
  endif()
  find_package(Threads REQUIRED)
  target_link_libraries(${target} PRIVATE ${GROUNDGATE_JEMALLOC_ARCHIVE}
    Threads::Threads ${CMAKE_DL_LIBS} m)
  message(STATUS "groundgate: the command allocates with jemalloc "
                 "(GROUNDGATE_COMMAND_JEMALLOC)")
endfunction()
