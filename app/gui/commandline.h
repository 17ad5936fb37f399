#pragma once
// facet's command line: --help and --version print and exit (no window), --theme picks light or
// dark, --check-qml-modules reports the QML modules (for scripts and the package test), and
// image files given as arguments are attached at start.
#include <QStringList>

namespace facet::gui {

struct Options {
    bool exitNow = false; // --help / --version / a bad option: already printed
    int exitCode = 0;
    bool checkQmlModules = false;
    QStringList files;
};

// Parses argv before any application object exists (--help and --version must work without a
// display, and a QCoreApplication made and destroyed first breaks the accessibility bridge of
// the QGuiApplication after it); --help/--version print to stdout, errors to stderr.
[[nodiscard]] Options parseCommandLine(int argc, char** argv);

} // namespace facet::gui
