# tests/consumer/tests.cmake — ctest cases that build an application against
# groundgate as a user would: from an install prefix with find_package and
# with pkg-config (groundgate, groundgate-net, and groundgate-c for a C
# program), and from the source tree with add_subdirectory. Included
# by tests/CMakeLists.txt. Not under sanitizers: an installed library built
# with them would need the consumer to link their runtimes too.
# scripts/test runs them in its GCC build (static) and its clang build
# (shared), and nowhere else (GROUNDGATE_TEST_CONSUMERS off).
option(GROUNDGATE_TEST_CONSUMERS "Build consumer projects as ctest cases" ON)
if(GROUNDGATE_SANITIZE OR NOT GROUNDGATE_INSTALL OR
   NOT GROUNDGATE_TEST_CONSUMERS)
  return()
endif()
set(GROUNDGATE_CONSUMER_MODES find_package pkg_config pkg_config_c)
if(TARGET groundgate_net)
  list(APPEND GROUNDGATE_CONSUMER_MODES pkg_config_net)
endif()
if(NOT BUILD_SHARED_LIBS)
  # The source tree builds the same way whatever this build's library kind:
  # once is enough.
  list(APPEND GROUNDGATE_CONSUMER_MODES subdirectory)
endif()
foreach(mode ${GROUNDGATE_CONSUMER_MODES})
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

# A shared build exports the public API only; the README's count of the
# library's exported symbols is the count, for the compiler it names.
if(BUILD_SHARED_LIBS)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(GROUNDGATE_COMPILER_NAME clang)
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(GROUNDGATE_COMPILER_NAME GCC)
  else()
    set(GROUNDGATE_COMPILER_NAME ${CMAKE_CXX_COMPILER_ID})
  endif()
  string(REGEX MATCH "^[0-9]+" GROUNDGATE_COMPILER_MAJOR
         "${CMAKE_CXX_COMPILER_VERSION}")
  add_test(NAME "consumer: the shared library exports only the public API"
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/consumer/exports.sh
            $<TARGET_FILE:groundgate> 400 ${PROJECT_SOURCE_DIR}/README.md
            "${GROUNDGATE_COMPILER_NAME} ${GROUNDGATE_COMPILER_MAJOR}")
  if(TARGET groundgate_net)
    add_test(NAME "consumer: groundgate_net exports only the public API"
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/consumer/exports.sh
              $<TARGET_FILE:groundgate_net>)
  endif()
endif()
