# The Debian package (CPack DEB): `cpack -G DEB` in the build folder writes
# facet_<version>_<arch>.deb. Included from packaging/CMakeLists.txt after the install rules.
#   - Depends: what dpkg-shlibdeps computes from the ELF files (Qt, ICU, libjpeg, ...), plus the
#     QML modules the app imports at run time, which no ELF file names. They are read from
#     app/gui/qmlmodules.cpp, the list the app itself checks at start (--check-qml-modules), so
#     the package can never lack one the app refuses to start without.
#   - Not a dependency: the RBLN runtime. The NPU vendor ships librbln_runtime.so; Facet finds
#     it at run time (dlopen) and runs the built-in simulator without it.
#   - Files stripped (the debug info would carry the build machine's paths), gzip compression
#     (fast for the packaging test; the demo model compresses little anyway).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME facet)
set(CPACK_PACKAGE_VENDOR "The Facet developers")
set(CPACK_PACKAGE_CONTACT "The Facet developers <facet@users.noreply.github.com>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://github.com/facet/facet)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Directories 0755 whatever the umask of whoever builds (lintian checks).
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS})

set(facet_qml_packages)
if(FACET_WITH_UI)
    file(STRINGS ${PROJECT_SOURCE_DIR}/app/gui/qmlmodules.cpp facet_qml_lines
         REGEX "QStringLiteral\\(\"qml6-module-[a-z0-9-]+\"\\)")
    foreach(line IN LISTS facet_qml_lines)
        string(REGEX MATCH "qml6-module-[a-z0-9-]+" pkg "${line}")
        list(APPEND facet_qml_packages ${pkg})
    endforeach()
    list(REMOVE_DUPLICATES facet_qml_packages)
    # The views' icons are SVG (resources/icons/lucide): Qt's SVG image plugin, which no ELF file
    # links, so dpkg-shlibdeps cannot find it.
    list(APPEND facet_qml_packages libqt6svg6)
    if(NOT facet_qml_packages)
        message(FATAL_ERROR "no qml6-module-* package found in app/gui/qmlmodules.cpp")
    endif()
    # Recommended, not required (the app runs without them):
    #   - qt6-wayland: Wayland sessions need Qt's Wayland platform plugin (X11's is in libqt6gui6);
    #   - qt6-translations-l10n: Qt's own Korean texts for the standard dialogs and buttons
    #     (the app's LanguageSettings installs them beside Facet's);
    #   - a Korean font, or Hangul shows as boxes: fonts-nanum, which the Korean screenshot test
    #     renders with (10 MB download, 33 MB installed), before fonts-noto-cjk (57 MB, 91 MB);
    #     a machine that has either is satisfied.
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
        "qt6-wayland, qt6-translations-l10n, fonts-nanum | fonts-noto-cjk")
endif()
list(JOIN facet_qml_packages ", " CPACK_DEBIAN_PACKAGE_DEPENDS)

set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "ask Gemma 4 about images on a Rebellions NPU")
# The synopsis line comes from the summary above; this is the extended description only.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Facet is a desktop chat for asking questions about images with Gemma 4
compiled by optimum-rbln for a Rebellions NPU. Drop, paste or attach images,
choose a detail level (the image-token budget: 70 to 1120 soft tokens) per
message or per image with its exact token cost, and watch the answer stream
in with its statistics. Conversations are saved and can be exported as
Markdown or JSON; several detail levels can be compared side by side.
.
The package holds the app (facet), its command line (facet-cli: ask,
compare, smoke-test, inspect-image, ...), the Gemma 4 tokenizer and a
built-in simulated NPU with a tiny demo model, so everything can be tried
without hardware. The RBLN runtime (librbln_runtime.so) is found at run time
when the NPU vendor's SDK is installed.")

include(CPack)
