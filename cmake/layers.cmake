# cmake/layers.cmake — each source folder is one layer, and the build keeps
# the layers in their order: a file can include the internal headers of its
# own folder and of the layers below it, and nothing above.
#
# How: a layer's sources get no include path to the source tree. Each layer
# has an include root of its own under the build tree,
# layers/<name>/<name> -> <source>/<name> (a symbolic link), and its target
# links the include roots of the layers it names in DEPENDS. An
# `#include "runtime/agent_loop.h"` from stages/ then finds no such file and
# the build fails, which is the point. The public headers
# (include/groundgate/) are the API and reachable from every layer.
#
#   groundgate_add_layer(stages DEPENDS evidence SOURCES judge.cc ...)
#
# defines
#   groundgate_stages_objects  an OBJECT library of the layer's sources
#   groundgate_stages_headers  an INTERFACE library: the include roots of the
#                              layer and of every layer below it that it
#                              depends on (for programs above the library,
#                              such as the command and the tests)
# and appends the layer to the global property GROUNDGATE_LIBRARY_LAYERS, in
# order, unless it says OWN_LIBRARY (net/ is a library of its own, so that an
# application that embeds only the gate never links libcurl). A layer may
# only depend on layers defined before it (the call fails otherwise), so the
# order of the add_subdirectory calls in the root CMakeLists.txt is the order
# of the house. Each folder's CMakeLists.txt lists its sources.

# The include root of one folder: a directory under the build tree that
# holds only a link named after the folder. Returns its path in `out`.
function(groundgate_layer_include_root name out)
  set(root ${PROJECT_BINARY_DIR}/layers/${name})
  if(NOT EXISTS ${root}/${name})
    file(MAKE_DIRECTORY ${root})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${name} ${root}/${name} SYMBOLIC)
  endif()
  set(${out} ${root} PARENT_SCOPE)
endfunction()

function(groundgate_add_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 LAYER "OWN_LIBRARY" "" "DEPENDS;SOURCES")
  foreach(dependency IN LISTS LAYER_DEPENDS)
    if(NOT TARGET groundgate_${dependency}_headers)
      message(FATAL_ERROR
        "groundgate: layer '${name}' depends on '${dependency}', which is "
        "not a layer below it. Layers are defined bottom-up in the root "
        "CMakeLists.txt; a layer may use only those defined before it.")
    endif()
  endforeach()

  groundgate_layer_include_root(${name} root)
  add_library(groundgate_${name}_headers INTERFACE)
  target_include_directories(groundgate_${name}_headers INTERFACE ${root})
  foreach(dependency IN LISTS LAYER_DEPENDS)
    target_link_libraries(groundgate_${name}_headers INTERFACE
                          groundgate_${dependency}_headers)
  endforeach()

  add_library(groundgate_${name}_objects OBJECT ${LAYER_SOURCES})
  set_target_properties(groundgate_${name}_objects PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  groundgate_use_dependencies(groundgate_${name}_objects PUBLIC PRIVATE)
  target_link_libraries(groundgate_${name}_objects PRIVATE
                        groundgate_${name}_headers)
  target_compile_options(groundgate_${name}_objects PRIVATE
                         ${GROUNDGATE_WARNINGS})
  target_compile_definitions(groundgate_${name}_objects PRIVATE
                             GROUNDGATE_BUILDING)

  if(NOT LAYER_OWN_LIBRARY)
    set_property(GLOBAL APPEND PROPERTY GROUNDGATE_LIBRARY_LAYERS ${name})
  endif()
endfunction()

# The objects of every library layer, bottom-up, for add_library.
function(groundgate_library_objects out)
  get_property(layers GLOBAL PROPERTY GROUNDGATE_LIBRARY_LAYERS)
  set(objects "")
  foreach(layer IN LISTS layers)
    list(APPEND objects $<TARGET_OBJECTS:groundgate_${layer}_objects>)
  endforeach()
  set(${out} ${objects} PARENT_SCOPE)
endfunction()
