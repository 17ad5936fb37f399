#pragma once
// facet's command line: --help and --version print and exit (no window), --theme picks light or
// dark, --check-qml-modules reports the QML modules (for scripts and the package test), and
// image files given as arguments are attached at start.
#include <QStringList>

class QCoreApplication;

namespace facet::gui {

struct Options {
    bool exitNow = false; // --help / --version / a bad option: already printed
    int exitCode = 0;
    bool checkQmlModules = false;
    QStringList files;
};

// Parses the application's arguments; --help/--version print to stdout, errors to stderr.
[[nodiscard]] Options parseCommandLine(const QCoreApplication& app);

} // namespace facet::gui
