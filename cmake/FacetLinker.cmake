# Links with LLVM's lld when it is installed (scripts/packages.txt has it): GNU ld spent about
# 123 s of a warm clean-clone build's 317 s of CPU linking its 136 executables and libraries
# (the compiler cache serves the objects, never the links); lld links the app in 0.48 s where
# ld.bfd takes 1.8-2.1 s and gold 0.85 s (measured on the CI's 2-core VM, issue #52).
# -DFACET_LLD=OFF keeps the compiler's default linker. The check runs the compiler with
# -fuse-ld=lld, so a compiler or an lld that cannot link gives GNU ld as before.
include(CheckLinkerFlag)
option(FACET_LLD "Link with lld when it is installed" ON)
if(FACET_LLD)
    check_linker_flag(CXX "-fuse-ld=lld" FACET_HAVE_LLD)
    if(FACET_HAVE_LLD)
        add_link_options(-fuse-ld=lld)
        message(STATUS "Linking with lld")
    endif()
endif()
