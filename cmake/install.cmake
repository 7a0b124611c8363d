# cmake/install.cmake — install rules: the public headers, the libraries,
# the `groundgate` command, a CMake package (find_package(groundgate)) and
# a pkg-config file (pkg-config groundgate). Included by the root
# CMakeLists.txt when GROUNDGATE_INSTALL is on (the default at top level).
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

# pkg-config: a static build lists what the archive needs in Libs.private and
# Requires.private (pkg-config --static); a shared build resolves it itself.
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
configure_file(cmake/groundgate.pc.in ${PROJECT_BINARY_DIR}/groundgate.pc
               @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/groundgate.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(TARGET groundgate_net)
  configure_file(cmake/groundgate-net.pc.in
                 ${PROJECT_BINARY_DIR}/groundgate-net.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/groundgate-net.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
