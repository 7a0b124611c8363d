# tests/layers/check.cmake — the layer rule holds: run with
#   cmake -DBUILD_DIR=<build> -P check.cmake
# It builds two probes compiled with the stages/ layer's include path
# (tests/CMakeLists.txt defines them): one that includes evidence/, below
# stages/, must build; one that includes traces/, above it, must fail, and
# fail because the header is not found.
foreach(probe below above)
  execute_process(
    COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR}
            --target groundgate_layer_probe_${probe}
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(result_${probe} ${result})
  set(output_${probe} "${output}")
endforeach()
if(NOT result_below EQUAL 0)
  message(FATAL_ERROR
    "an include of a lower layer failed to build:\n${output_below}")
endif()
if(result_above EQUAL 0)
  message(FATAL_ERROR
    "an include that runs up a layer (stages/ -> traces/) built: the layer "
    "rule of cmake/layers.cmake is not enforced")
endif()
if(NOT output_above MATCHES "traces/record_fields.h")
  message(FATAL_ERROR
    "the upward include failed for another reason:\n${output_above}")
endif()
message(STATUS "layers: the lower include built, the upward one did not")
