# capi/sources.cmake — the C API's sources in the groundgate library
# (include/groundgate/groundgate_c.h), and what it shares with the Python
# module: options written as JSON, and one trace record to the lines
# `groundgate check` prints. Included by the root CMakeLists.txt right after
# add_library.
target_sources(groundgate_objects PRIVATE
  capi/options_json.cc
  capi/check_record.cc
  capi/groundgate_c.cc
)
