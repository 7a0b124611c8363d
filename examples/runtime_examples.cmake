# examples/runtime_examples.cmake — the runtime's embedding examples:
# agent_postures (the Agent under assist, guard and rails), own_loop (an
# application's own loop calling the stages), and openai_agent (the Agent
# against a live OpenAI-compatible endpoint, when groundgate_net is built).
# Included from examples/CMakeLists.txt.
foreach(example agent_postures own_loop)
  add_executable(${example} ${example}.cc)
  target_compile_options(${example} PRIVATE ${GROUNDGATE_WARNINGS})
  target_link_libraries(${example} PRIVATE groundgate)
endforeach()
if(TARGET groundgate_net)
  add_executable(openai_agent openai_agent.cc)
  target_compile_options(openai_agent PRIVATE ${GROUNDGATE_WARNINGS})
  target_link_libraries(openai_agent PRIVATE groundgate_net absl::time)
endif()
