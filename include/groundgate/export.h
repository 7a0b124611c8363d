// groundgate/export.h — which of groundgate's symbols a shared library
// exports.
//
// The library compiles with hidden visibility; the public API (classes and
// functions of include/groundgate) is marked GROUNDGATE_EXPORT, so a shared
// build (-DBUILD_SHARED_LIBS=ON) exports that and nothing internal. In a
// static build the mark changes nothing. C declarations use
// GROUNDGATE_C_EXPORT (groundgate_c.h), the same mark usable from C.
//
// On Windows the mark is dllexport while the library is built
// (GROUNDGATE_BUILDING, set by its CMake target) and dllimport for users of a
// shared build (GROUNDGATE_SHARED, set by the exported CMake target);
// groundgate is built and tested on Linux only.
#ifndef GROUNDGATE_EXPORT_H_
#define GROUNDGATE_EXPORT_H_

#if defined(_WIN32)
#if defined(GROUNDGATE_BUILDING) && defined(GROUNDGATE_SHARED)
#define GROUNDGATE_EXPORT __declspec(dllexport)
#elif defined(GROUNDGATE_SHARED)
#define GROUNDGATE_EXPORT __declspec(dllimport)
#else
#define GROUNDGATE_EXPORT
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define GROUNDGATE_EXPORT __attribute__((visibility("default")))
#else
#define GROUNDGATE_EXPORT
#endif

#define GROUNDGATE_C_EXPORT GROUNDGATE_EXPORT

#endif  // GROUNDGATE_EXPORT_H_
