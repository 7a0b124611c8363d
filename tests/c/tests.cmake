# tests/c/tests.cmake — the C API's own program (include/groundgate/
# groundgate_c.h), compiled as C11 with the project's warnings, so the header
# is checked as C and every function, error paths included, is run from C.
# Included by tests/CMakeLists.txt.
enable_language(C)
if(GROUNDGATE_CCACHE)
  set(CMAKE_C_COMPILER_LAUNCHER ${GROUNDGATE_CCACHE})
endif()

add_executable(groundgate_c_api_test ${CMAKE_CURRENT_LIST_DIR}/c_api_test.c)
set_target_properties(groundgate_c_api_test PROPERTIES
  C_STANDARD 11
  C_STANDARD_REQUIRED ON
  C_EXTENSIONS OFF
  # The library is C++: its runtime comes in through the C++ driver.
  LINKER_LANGUAGE CXX)
target_compile_options(groundgate_c_api_test PRIVATE ${GROUNDGATE_WARNINGS})
target_link_libraries(groundgate_c_api_test PRIVATE groundgate)
add_test(NAME c_api COMMAND groundgate_c_api_test)
