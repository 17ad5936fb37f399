# facet_add_test(NAME name SOURCES a.cpp ... [LIBS ...] [ARGS ...] [FIXTURES ...] [LABELS ...])
# A Qt Test executable registered with ctest. Every test runs offscreen with a private
# XDG folder so it never touches the user's data.
function(facet_add_test)
    cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;ARGS;FIXTURES;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
    target_compile_definitions(${T_NAME} PRIVATE
        FACET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        FACET_BINARY_DIR="${PROJECT_BINARY_DIR}"
        FACET_TEST_DATA_DIR="${CMAKE_CURRENT_BINARY_DIR}/data")
    facet_warnings(${T_NAME})
    add_test(NAME ${T_NAME} COMMAND ${T_NAME} ${T_ARGS})
    set_tests_properties(${T_NAME} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QPA_OFFSCREEN_NO_GLX=1;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-data;XDG_CACHE_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-cache;XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-config;${T_ENVIRONMENT}")
    if(T_FIXTURES)
        set_tests_properties(${T_NAME} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
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
