# cmake/install.cmake — install rules: the public headers, the libraries,
# a CMake package (find_package(groundgate)) and pkg-config files
# (groundgate, groundgate-c, groundgate-net; the command's own rule is in
# cli/CMakeLists.txt). Included by the root CMakeLists.txt when
# GROUNDGATE_INSTALL is on (the default at top level).
include(CMakePackageConfigHelpers)

install(DIRECTORY include/groundgate
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/generated/include/groundgate/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/groundgate)

set(GROUNDGATE_INSTALL_TARGETS groundgate)
set(GROUNDGATE_HAS_NET FALSE)
if(TARGET groundgate_net)
  list(APPEND GROUNDGATE_INSTALL_TARGETS groundgate_net)
  set(GROUNDGATE_HAS_NET TRUE)
endif()
install(TARGETS ${GROUNDGATE_INSTALL_TARGETS}
        EXPORT groundgateTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(GROUNDGATE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/groundgate)
install(EXPORT groundgateTargets
        NAMESPACE groundgate::
        DESTINATION ${GROUNDGATE_CMAKE_DIR})
configure_package_config_file(
  cmake/groundgateConfig.cmake.in
  ${PROJECT_BINARY_DIR}/groundgateConfig.cmake
  INSTALL_DESTINATION ${GROUNDGATE_CMAKE_DIR})
# 0.x: a minor version may break the API, so only the same minor matches.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/groundgateConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/groundgateConfig.cmake
              ${PROJECT_BINARY_DIR}/groundgateConfigVersion.cmake
        DESTINATION ${GROUNDGATE_CMAKE_DIR})

# pkg-config: groundgate (the C++ API), groundgate-c (the C API of
# groundgate_c.h, for C programs) and groundgate-net (the model client and
# the OTLP exporter). A shared library resolves its own dependencies (its
# DT_NEEDED entries), so its files list only what the headers need; a static
# archive also lists what its objects need at the application's link, in
# Requires.private and Libs.private (pkg-config --static). libcurl is named
# as the package it is (Requires.private: libcurl), so a static link gets
# libcurl's own Libs.private too: on Debian that needs the -dev packages
# libcurl4-openssl-dev only suggests (scripts/setup installs them).
# The file finds its prefix from where it lies (${pcfiledir}), so an install
# with `cmake --install --prefix DIR` is right wherever DIR is.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(GROUNDGATE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(GROUNDGATE_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH GROUNDGATE_PC_UP
       "/groundgate-prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig"
       "/groundgate-prefix")
  set(GROUNDGATE_PC_PREFIX "\${pcfiledir}/${GROUNDGATE_PC_UP}")
  set(GROUNDGATE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(GROUNDGATE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(GROUNDGATE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# The packages of groundgate_use_dependencies (CMakeLists.txt): the public
# ones reach the C++ headers, the private ones only the archive's objects.
set(GROUNDGATE_PC_REQUIRES
    "absl_status absl_statusor absl_strings absl_cord absl_time nlohmann_json")
set(GROUNDGATE_PC_STATIC_REQUIRES
    "re2 icu-uc icu-i18n simdjson absl_flat_hash_map absl_flat_hash_set absl_inlined_vector")
# The C++ runtime a C program's link lacks: what the C++ driver links
# beyond the C runtime (libstdc++ and libm with GCC and clang on Linux).
set(GROUNDGATE_PC_CXX_RUNTIME "")
foreach(library IN LISTS CMAKE_CXX_IMPLICIT_LINK_LIBRARIES)
  if(library MATCHES "^(c|gcc|gcc_s|gcc_eh)$")
    continue()
  elseif(library MATCHES "^[-/]")
    set(pc_flag "${library}")
  else()
    set(pc_flag "-l${library}")
  endif()
  # Each once: the driver's list names some libraries twice.
  if(NOT pc_flag IN_LIST GROUNDGATE_PC_CXX_RUNTIME)
    list(APPEND GROUNDGATE_PC_CXX_RUNTIME "${pc_flag}")
  endif()
endforeach()
string(REPLACE ";" " " GROUNDGATE_PC_CXX_RUNTIME "${GROUNDGATE_PC_CXX_RUNTIME}")
if(BUILD_SHARED_LIBS)
  set(GROUNDGATE_PC_REQUIRES_PRIVATE "")
  set(GROUNDGATE_PC_C_REQUIRES_PRIVATE "")
  set(GROUNDGATE_PC_C_LIBS_PRIVATE "")
  set(GROUNDGATE_PC_NET_REQUIRES_PRIVATE "")
else()
  set(GROUNDGATE_PC_REQUIRES_PRIVATE "${GROUNDGATE_PC_STATIC_REQUIRES}")
  # The C API's header needs nothing, so every package is private, and the
  # archive is C++: a C program's link adds the C++ runtime.
  set(GROUNDGATE_PC_C_REQUIRES_PRIVATE
      "${GROUNDGATE_PC_REQUIRES} ${GROUNDGATE_PC_STATIC_REQUIRES}")
  set(GROUNDGATE_PC_C_LIBS_PRIVATE "${GROUNDGATE_PC_CXX_RUNTIME}")
  set(GROUNDGATE_PC_NET_REQUIRES_PRIVATE "libcurl absl_synchronization")
endif()
set(GROUNDGATE_PC_FILES groundgate groundgate-c)
if(TARGET groundgate_net)
  list(APPEND GROUNDGATE_PC_FILES groundgate-net)
endif()
foreach(pc_file IN LISTS GROUNDGATE_PC_FILES)
  configure_file(cmake/${pc_file}.pc.in ${PROJECT_BINARY_DIR}/${pc_file}.pc
                 @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc_file}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
