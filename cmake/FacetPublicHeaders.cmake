# facet_public_headers(<target> <header>...)
# An engine library's public face: only these headers (of its own folder) are reachable by what
# links it. They are linked into ${PROJECT_BINARY_DIR}/engine-include/<target>/<folder>/, the
# library's only PUBLIC include directory; its own sources see the whole engine/ folder (set as
# a directory include in engine/CMakeLists.txt). A user of facet_generate reaches
# "generate/engine.h" but not "generate/engine_impl.h". Tests and benches are white-box and add
# engine/ themselves.
function(facet_public_headers target)
    get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
    set(stage ${PROJECT_BINARY_DIR}/engine-include/${target})
    file(REMOVE_RECURSE ${stage})
    file(MAKE_DIRECTORY ${stage}/${folder})
    foreach(header IN LISTS ARGN)
        if(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${header})
            message(FATAL_ERROR "facet_public_headers(${target}): no ${folder}/${header}")
        endif()
        file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${header} ${stage}/${folder}/${header}
             SYMBOLIC)
    endforeach()
    target_include_directories(${target} PUBLIC ${stage})
endfunction()
