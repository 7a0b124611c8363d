# examples/runtime_examples.cmake — the runtime's embedding examples:
# agent_postures (the Agent under assist, guard and rails) and own_loop (an
# application's own loop calling the stages). Included from
# examples/CMakeLists.txt.
foreach(example agent_postures own_loop)
  add_executable(${example} ${example}.cc)
  target_compile_options(${example} PRIVATE ${GROUNDGATE_WARNINGS})
  target_link_libraries(${example} PRIVATE groundgate)
endforeach()
