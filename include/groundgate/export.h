// groundgate/export.h — which of groundgate's symbols a shared library
// exports.
//
// The library compiles with hidden visibility; the public API (what the
// headers of include/groundgate declare, between GROUNDGATE_API_BEGIN and
// GROUNDGATE_API_END, or marked GROUNDGATE_EXPORT) is exported, so a shared
// build (-DBUILD_SHARED_LIBS=ON) exports that and nothing internal. In a
// static build the marks change nothing. C declarations use
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

// A public class's private implementation struct with member functions of
// its own: without the mark it would inherit the class's visibility and
// export them.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define GROUNDGATE_HIDDEN __attribute__((visibility("hidden")))
#else
#define GROUNDGATE_HIDDEN
#endif

// Every public header brackets its namespace with these: whatever it
// declares (classes with their vtables and typeinfo, free functions) is
// exported, and nothing declared outside include/groundgate is.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define GROUNDGATE_API_BEGIN _Pragma("GCC visibility push(default)")
#define GROUNDGATE_API_END _Pragma("GCC visibility pop")
#else
#define GROUNDGATE_API_BEGIN
#define GROUNDGATE_API_END
#endif

#endif  // GROUNDGATE_EXPORT_H_
