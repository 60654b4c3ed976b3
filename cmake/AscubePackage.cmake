# The installed CMake package (docs/Embedding.md): `cmake --install` puts the
# libraries, headers (with the generated .inc files), TableGen files, tools
# and lib/cmake/ascube/AscubeConfig.cmake with the exported targets
# Ascube::<library> under CMAKE_INSTALL_PREFIX, relocatable (every path in
# the package is relative to its own location, except MLIR's, which
# find_dependency looks up).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ASCUBE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/ascube")

# Carries the install tree's include directory to every exported library;
# AscubeConfig.cmake adds MLIR's and LLVM's include directories and flags.
add_library(AscubeHeaders INTERFACE)
target_include_directories(AscubeHeaders INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

# Adds a library to the package: one made by add_mlir_library(...
# DISABLE_INSTALL), or the C API's shared library.
function(ascube_add_to_package name)
  target_link_libraries(${name} PUBLIC AscubeHeaders)
  set_property(GLOBAL APPEND PROPERTY ASCUBE_PACKAGE_TARGETS ${name})
endfunction()

# Called once every library is defined: installs them, the headers and the
# package files.
function(ascube_install_package)
  get_property(targets GLOBAL PROPERTY ASCUBE_PACKAGE_TARGETS)
  install(TARGETS AscubeHeaders ${targets}
    EXPORT AscubeTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT AscubeTargets
    NAMESPACE Ascube::
    DESTINATION ${ASCUBE_INSTALL_CMAKEDIR})
  # Headers and TableGen files from the source tree, generated .inc files
  # from the build tree.
  install(DIRECTORY ${ASCUBE_SOURCE_DIR}/include/ascube
    ${ASCUBE_SOURCE_DIR}/include/ascube-c
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  install(DIRECTORY ${ASCUBE_BINARY_DIR}/include/ascube
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.inc"
    PATTERN "CMakeFiles" EXCLUDE)
  set(ASCUBE_CONFIG_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR})
  configure_package_config_file(
    ${ASCUBE_SOURCE_DIR}/cmake/AscubeConfig.cmake.in
    ${ASCUBE_BINARY_DIR}/cmake/AscubeConfig.cmake
    INSTALL_DESTINATION ${ASCUBE_INSTALL_CMAKEDIR}
    PATH_VARS ASCUBE_CONFIG_INCLUDEDIR)
  write_basic_package_version_file(
    ${ASCUBE_BINARY_DIR}/cmake/AscubeConfigVersion.cmake
    VERSION ${PROJECT_VERSION}
    COMPATIBILITY SameMinorVersion)
  install(FILES
    ${ASCUBE_BINARY_DIR}/cmake/AscubeConfig.cmake
    ${ASCUBE_BINARY_DIR}/cmake/AscubeConfigVersion.cmake
    DESTINATION ${ASCUBE_INSTALL_CMAKEDIR})
endfunction()
