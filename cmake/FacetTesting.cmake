# Under the sanitizer build (the `asan` preset's flags) every test runs with leak detection on;
# tests/lsan.supp silences leaks inside Qt's own internals only, never our code. Tests not made
# with facet_add_test add ${FACET_SANITIZER_TEST_ENV} to their ENVIRONMENT.
# Tests that open the app's window (they link facet_uiplugin) record allocation stacks with the
# slow unwinder: Debian's Qt has no frame pointers, so with the fast one a leak inside Qt shows
# only its first Qt frame and the suppressions (which name Qt functions) cannot match it.
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=[^ ]*address")
    set(facet_asan_options "detect_leaks=1:abort_on_error=1")
    set(facet_lsan_options "suppressions=${CMAKE_CURRENT_LIST_DIR}/../tests/lsan.supp:print_suppressions=0")
    set(FACET_SANITIZER_TEST_ENV
        "ASAN_OPTIONS=${facet_asan_options}"
        "LSAN_OPTIONS=${facet_lsan_options}"
        "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
    set(FACET_SANITIZER_WINDOW_TEST_ENV
        "ASAN_OPTIONS=${facet_asan_options}:fast_unwind_on_malloc=0"
        "LSAN_OPTIONS=${facet_lsan_options}"
        "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
else()
    set(FACET_SANITIZER_TEST_ENV "")
    set(FACET_SANITIZER_WINDOW_TEST_ENV "")
endif()

# Where every test finds the trees and the programs it starts (tests/support/test_paths.h), for
# the ENVIRONMENT of tests not made with facet_add_test (which adds it, and the test's own data
# folder FACET_TEST_DATA_DIR, by itself). A function: FACET_PYTHON is found after this file.
function(facet_test_paths_env out_var)
    set(${out_var}
        "FACET_TEST_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
        "FACET_TEST_BINARY_DIR=${PROJECT_BINARY_DIR}"
        "FACET_TEST_PYTHON=${FACET_PYTHON}"
        "FACET_TEST_CLI=${PROJECT_BINARY_DIR}/app/cli/facet-cli"
        PARENT_SCOPE)
endfunction()

# facet_add_test(NAME name SOURCES a.cpp ... [LIBS ...] [ARGS ...] [FIXTURES ...] [LABELS ...])
# A Qt Test executable registered with ctest. Every test runs offscreen with a private
# XDG folder so it never touches the user's data, and in English whatever the machine's LANG
# (the tests compare English texts; ENVIRONMENT "LANGUAGE=ko" overrides it).
function(facet_add_test)
    cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;ARGS;FIXTURES;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    # Qt Test cases include their own .moc: moc is on for every test, whatever the folder sets.
    set_target_properties(${T_NAME} PROPERTIES AUTOMOC ON)
    # No path of this machine is compiled in (ccache shares the objects between clones): the
    # test finds the trees and programs through facet_test_paths and its environment.
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test facet_test_paths ${T_LIBS})
    facet_warnings(${T_NAME})
    # A test's own file is compiled at -O1 in the optimised builds: it drives the product
    # libraries (compiled as the preset says) and computes little itself, and -O1 takes about
    # three quarters of -O2's compile time (issue #52; docs/build-times.md).
    if(CMAKE_BUILD_TYPE STREQUAL "RelWithDebInfo" OR CMAKE_BUILD_TYPE STREQUAL "Release")
        target_compile_options(${T_NAME} PRIVATE -O1)
    endif()
    add_test(NAME ${T_NAME} COMMAND ${T_NAME} ${T_ARGS})
    facet_test_paths_env(paths_env)
    set(sanitizer_env "${FACET_SANITIZER_TEST_ENV}")
    if("facet_uiplugin" IN_LIST T_LIBS)
        set(sanitizer_env "${FACET_SANITIZER_WINDOW_TEST_ENV}")
    endif()
    # QTEST_DISABLE_STACK_DUMP (read by Qt 6.4's qtestcase.cpp): on a crash or a function
    # timeout Qt Test attaches gdb for a stack trace, and on the CI machines that gdb hangs in a
    # pipe read, holding the test in ptrace until ctest kills it 5 minutes later with the
    # failure's own message lost. Without it the test fails at once and says why; a stack
    # trace is for a person at gdb (CONTRIBUTING).
    set_tests_properties(${T_NAME} PROPERTIES
        ENVIRONMENT "QTEST_DISABLE_STACK_DUMP=1;QT_QPA_PLATFORM=offscreen;QT_QPA_OFFSCREEN_NO_GLX=1;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-data;XDG_CACHE_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-cache;XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-config;LANGUAGE=en;${paths_env};FACET_TEST_DATA_DIR=${CMAKE_CURRENT_BINARY_DIR}/data;${sanitizer_env};${T_ENVIRONMENT}")
    if(T_FIXTURES)
        set_tests_properties(${T_NAME} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
    endif()
    if(T_NAME IN_LIST FACET_QUICK_TESTS) # tests/CMakeLists.txt
        list(APPEND T_LABELS quick)
    endif()
    if(T_LABELS)
        set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}")
    endif()
endfunction()

# facet_add_golden_fixture(NAME fixture SCRIPT path/to/script.py OUTPUT dir [ARGS ...])
# Runs a reference script (Debian's python3 with Pillow/NumPy/Jinja2/torch) before the tests
# that need its goldens, so goldens are regenerated on every test run and never stale.
function(facet_add_golden_fixture)
    cmake_parse_arguments(G "" "NAME;SCRIPT;OUTPUT" "ARGS" ${ARGN})
    add_test(NAME ${G_NAME}_goldens
             COMMAND ${FACET_PYTHON} ${G_SCRIPT} ${G_OUTPUT} ${G_ARGS})
    set_tests_properties(${G_NAME}_goldens PROPERTIES FIXTURES_SETUP ${G_NAME})
endfunction()
