# Install folders (GNUInstallDirs), relative to the prefix. The executables find the rest from
# their own place (engine/common/install_layout.h), so these relative names are all that is
# compiled in:
#   FACET_INSTALL_BINDIR     bin
#   FACET_INSTALL_DATADIR    share/facet                   tokenizer, demo model, samples
#   FACET_INSTALL_PKGLIBDIR  lib/<multiarch>/facet         libfacet_rblnsim.so (private: dlopen)
# The simulator goes to Debian's multiarch folder whatever the prefix (GNUInstallDirs uses it
# only when the prefix is /usr at configure time; the package is made with prefix /usr later).
include(GNUInstallDirs)
set(FACET_INSTALL_BINDIR ${CMAKE_INSTALL_BINDIR})
set(FACET_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/facet)
if(CMAKE_LIBRARY_ARCHITECTURE)
    set(FACET_INSTALL_PKGLIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE}/facet)
else()
    set(FACET_INSTALL_PKGLIBDIR ${CMAKE_INSTALL_LIBDIR}/facet)
endif()
foreach(dir FACET_INSTALL_BINDIR FACET_INSTALL_DATADIR FACET_INSTALL_PKGLIBDIR)
    if(IS_ABSOLUTE "${${dir}}")
        message(FATAL_ERROR "${dir} must be relative to the prefix (the install is relocatable)")
    endif()
endforeach()
# Directories made by `cmake --install` (and so in the package) are 0755 whatever the umask.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# `install` (and cpack's preinstall step, run by the packaging test inside ctest) does not build
# `all` first: build before installing (`cmake --build --preset dev`). Otherwise a cpack inside
# ctest would start an un-niced parallel build of every test.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
