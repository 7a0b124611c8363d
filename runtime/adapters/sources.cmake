# runtime/adapters/sources.cmake — the trace adapters' sources in the
# groundgate library: every common agent-trace format to the neutral Trace
# of groundgate/trace.h, and its replay into a judgement. Included by the
# root CMakeLists.txt right after add_library.
target_sources(groundgate_objects PRIVATE
  runtime/adapters/record_fields.cc
  runtime/adapters/openai_chat.cc
  runtime/adapters/openai_responses.cc
  runtime/adapters/anthropic_messages.cc
  runtime/adapters/mcp.cc
  runtime/adapters/evidenceflow.cc
  runtime/adapters/detect.cc
  runtime/adapters/trace.cc
  runtime/adapters/replay.cc
)
