# tests/consumer/tests.cmake — ctest cases that build an application against
# groundgate as a user would: from an install prefix with find_package and
# with pkg-config, and from the source tree with add_subdirectory. Included
# by tests/CMakeLists.txt. Not under sanitizers: an installed library built
# with them would need the consumer to link their runtimes too.
if(GROUNDGATE_SANITIZE OR NOT GROUNDGATE_INSTALL)
  return()
endif()
foreach(mode find_package pkg_config subdirectory)
  add_test(NAME "consumer: ${mode}"
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/consumer/run.sh ${mode}
            ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/consumer-${mode}
            ${CMAKE_CXX_COMPILER})
  # Installing and building another project take a while on two cores, and
  # two consumers at once compete with the rest of the suite.
  set_tests_properties("consumer: ${mode}" PROPERTIES
    TIMEOUT 900 RUN_SERIAL TRUE)
endforeach()
