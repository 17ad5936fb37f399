# facet_build_info(<target>): a small static library with the version, the git revision and the
# Qt version the app was built with (engine/common/build_info.h), for `--version`. The revision
# is read at every build by cmake/FacetGitRevision.cmake; the generated file changes (and the
# two executables relink) only when the revision does, so tests are not relinked per commit.
function(facet_build_info target)
    set(out ${PROJECT_BINARY_DIR}/generated/build_info.cpp)
    if(FACET_WITH_UI)
        set(qt_version ${Qt6_VERSION})
    else()
        set(qt_version "")
    endif()
    add_custom_target(${target}_revision
        COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUT=${out}
                -DIN=${PROJECT_SOURCE_DIR}/cmake/build_info.cpp.in
                -DVERSION=${PROJECT_VERSION} -DQT_VERSION=${qt_version}
                -P ${PROJECT_SOURCE_DIR}/cmake/FacetGitRevision.cmake
        BYPRODUCTS ${out}
        COMMENT "Reading the git revision for --version"
        VERBATIM)
    add_library(${target} STATIC ${out})
    add_dependencies(${target} ${target}_revision)
    target_compile_features(${target} PUBLIC cxx_std_20)
endfunction()
