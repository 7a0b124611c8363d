# runtime/sources.cmake — the runtime's sources in the groundgate library:
# the agent loop, the event bus, the stages an own loop calls, and the
# findings. Included by the root CMakeLists.txt right after add_library.
target_sources(groundgate_objects PRIVATE
  runtime/clip.cc
  runtime/event_json.cc
  runtime/json_parse.cc
  runtime/event_bus.cc
  runtime/scripted_model.cc
  runtime/openai_shape.cc
  runtime/tool_registry.cc
  runtime/refusal.cc
  runtime/agent.cc
  stages/record.cc
  stages/judgement.cc
  stages/route.cc
  stages/emit.cc
  findings/ledger.cc
  findings/contingent.cc
  findings/cited_nothing.cc
  findings/tool_tally.cc
  findings/findings.cc
)
