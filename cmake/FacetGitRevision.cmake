# Writes OUT from IN with VERSION, QT_VERSION and the source tree's git revision ("unknown"
# outside a git checkout, e.g. a source tarball). configure_file leaves OUT untouched when
# nothing changed. Run as: cmake -DSOURCE_DIR= -DIN= -DOUT= -DVERSION= -DQT_VERSION= -P this.
find_program(GIT git)
set(REVISION unknown)
if(GIT)
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} describe --always --dirty --abbrev=12
                    OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND rev)
        set(REVISION ${rev})
    endif()
endif()
configure_file(${IN} ${OUT} @ONLY)
