#include "commandline.h"

#include "common/build_info.h"
#include "generate/builtin_paths.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QUrl>

#include <cstdio>

namespace facet::gui {
namespace {

// The help text with the program's name in its usage line. It is asked for before any
// application object exists, and then Qt writes "<executable_name>" there
// (QCommandLineParserPrivate::helpText, qt/qtbase src/corelib/tools/qcommandlineparser.cpp, 6.4).
QString helpTextOf(const QCommandLineParser& parser, const char* argv0) {
    const QString program =
        argv0 ? QFileInfo(QString::fromLocal8Bit(argv0)).fileName() : QStringLiteral("facet");
    QString text = parser.helpText();
    const qsizetype at = text.indexOf(QLatin1String("<executable_name>"));
    if (at >= 0)
        text.replace(at, qsizetype(sizeof("<executable_name>") - 1), program);
    return text;
}

} // namespace

Options parseCommandLine(int argc, char** argv) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Ask questions about images with Gemma 4 on a "
                                            "Rebellions NPU (or the built-in simulated device)."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption theme(
        QStringLiteral("theme"),
        QCoreApplication::translate("main", "Colour theme: dark, light or system (also "
                                            "FACET_THEME)."),
        QStringLiteral("dark|light|system"));
    parser.addOption(theme);
    const QCommandLineOption check(
        QStringLiteral("check-qml-modules"),
        QCoreApplication::translate("main", "Check that every QML module the app needs is "
                                            "installed, print them and exit."));
    parser.addOption(check);
    parser.addPositionalArgument(QStringLiteral("images"),
                                 QCoreApplication::translate("main", "Images to attach."),
                                 QStringLiteral("[IMAGE...]"));
    Options options;
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "facet: %s\n%s", qPrintable(parser.errorText()),
                     qPrintable(helpTextOf(parser, argc > 0 ? argv[0] : nullptr)));
        options.exitNow = true;
        options.exitCode = 2;
        return options;
    }
    if (parser.isSet(help)) {
        std::fputs(qPrintable(helpTextOf(parser, argc > 0 ? argv[0] : nullptr)), stdout);
        options.exitNow = true;
        return options;
    }
    if (parser.isSet(version)) {
        // The version, the revision, the Qt it runs on (and was built with), and what this
        // install found: data, demo model, simulator, RBLN runtime.
        std::printf("facet %s (git %s)\nQt %s (built with %s)\n%s",
                    qPrintable(QCoreApplication::applicationVersion()), facet::build::gitRevision(),
                    qVersion(), facet::build::qtVersion(),
                    facet::generate::describeInstall().c_str());
        options.exitNow = true;
        return options;
    }
    options.checkQmlModules = parser.isSet(check);
    // Absolute paths: a running Facet that takes them over has another working folder. A
    // file:// URL (some launchers pass them) counts as its path.
    for (const QString& arg : parser.positionalArguments()) {
        const QUrl url(arg);
        const QString path = url.isLocalFile() ? url.toLocalFile() : arg;
        options.files << QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    }
    return options;
}

} // namespace facet::gui
