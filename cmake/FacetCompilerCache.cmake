# Compiles through ccache when it is installed (scripts/packages.txt has it), so a second build
# of the same sources — another clone, another branch, a CI run after a local one — takes the
# objects from the cache under $HOME instead of compiling them again (issue #52: a clean-clone
# `.ci/run` with a warm cache in under 4 minutes).
#   CCACHE_BASEDIR   paths under the source folder are hashed relative to it, so two clones in
#                    different folders share entries (the build folder lies inside the source
#                    folder in every preset);
#   CCACHE_NOHASHDIR the working folder is not hashed although -g writes it into the debug info
#                    (gdb then finds sources relative to the build folder, as in every clone).
# Nothing else of the machine may reach a compile command: tests take their paths from the
# environment at run time (tests/support/test_paths.h), not from -D definitions.
# -DFACET_CCACHE=OFF turns it off; CCACHE_DISABLE=1 in the environment does too.
option(FACET_CCACHE "Compile through ccache when it is installed" ON)
find_program(FACET_CCACHE_PROGRAM ccache)
if(FACET_CCACHE AND FACET_CCACHE_PROGRAM)
    set(facet_ccache_launcher
        ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1
        ${FACET_CCACHE_PROGRAM})
    set(CMAKE_C_COMPILER_LAUNCHER ${facet_ccache_launcher})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${facet_ccache_launcher})
    message(STATUS "Compiling through ${FACET_CCACHE_PROGRAM}")
endif()
