#include "commandline.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLibraryInfo>

#include <cstdio>

namespace facet::gui {

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
                     qPrintable(parser.helpText()));
        options.exitNow = true;
        options.exitCode = 2;
        return options;
    }
    if (parser.isSet(help)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        options.exitNow = true;
        return options;
    }
    if (parser.isSet(version)) {
        std::printf("facet %s\nQt %s\n", qPrintable(QCoreApplication::applicationVersion()),
                    qVersion());
        options.exitNow = true;
        return options;
    }
    options.checkQmlModules = parser.isSet(check);
    options.files = parser.positionalArguments();
    return options;
}

} // namespace facet::gui
