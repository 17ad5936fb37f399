// facet: the desktop app. All views and their C++ types live in the Facet.Ui QML module; this
// file only starts it and, on first start, loads the built-in demo model on the simulated device.
#include "Common/appcontroller.h"
#include "Common/application.h"
#include "Common/themechoice.h"
#include "commandline.h"
#include "core/support/logfile.h"
#include "core/support/redaction.h"
#include "core/types/replystats.h"
#include "core/worker/engineclient.h"
#include "crashtrace.h"
#include "qmlmodules.h"
#include "quitsignals.h"
#include "scenegraphbackend.h"
#include "singleinstance.h"
#include "startupmodel.h"
#include "startuptime.h"

#include <QFile>
#include <QGuiApplication>
#include <QIcon>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QQmlApplicationEngine>
#include <QQmlEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cstdio>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

namespace {

Q_LOGGING_CATEGORY(lcEngine, "facet.engine")
Q_LOGGING_CATEGORY(lcApp, "facet.app")

// "request 7 ended: stop_token · 286 prompt tokens (0 reused) · ..." for the log.
QString outcomeLine(const QString& request, const QJsonObject& stats) {
    const auto s = facet::app::replyStatsFromJson(stats);
    return QStringLiteral("request %1 ended: %2 · %3 prompt tokens (%4 reused) · %5 generated · "
                          "first token %6 ms · %7 tokens/s · %8 ms · levels→buckets %9")
        .arg(request)
        .arg(facet::app::finishReasonKey(s.finishReason))
        .arg(s.promptTokens)
        .arg(s.reusedTokens)
        .arg(s.generatedTokens)
        .arg(s.firstTokenSeen() ? QString::number(s.ttftMs, 'f', 0) : QStringLiteral("-"))
        .arg(s.decodeTokensPerS, 0, 'f', 1)
        .arg(s.totalMs, 0, 'f', 0)
        .arg(s.bucketsText().isEmpty() ? QStringLiteral("-") : s.bucketsText());
}

// Model load results and engine errors, for the log file (they reach it as Qt messages).
void logEngineEvents(facet::ui::AppController& app) {
    using facet::app::EngineClient;
    using facet::app::ModelLoader;
    using facet::app::redactedText;
    using facet::app::redactedUrl;
    using facet::app::RequestStream;
    EngineClient* engine = app.engine();
    QObject::connect(&engine->model(), &ModelLoader::modelLoaded, engine, [engine] {
        qCInfo(lcEngine).noquote() << "model loaded from" << redactedUrl(engine->model().modelDir())
                                   << engine->model().info().toCompactJson();
    });
    QObject::connect(&engine->model(), &ModelLoader::stateChanged, engine, [engine] {
        if (engine->model().state() == ModelLoader::State::Failed)
            qCWarning(lcEngine).noquote()
                << "model load failed:" << redactedText(engine->model().lastError());
    });
    QObject::connect(&engine->model(), &ModelLoader::loadProblemChanged, engine, [engine] {
        if (!engine->model().loadProblem().isEmpty())
            qCWarning(lcEngine).noquote()
                << "model load failed:" << redactedUrl(engine->model().loadProblemFolder())
                << redactedText(engine->model().loadProblem()) << "(the loaded model was kept)";
    });
    // Each request's outcome in one line (stopped, finished, limits), for bug reports; a
    // comparison's requests one line per column (its level is in the buckets).
    QObject::connect(&engine->requests(), &RequestStream::finished, engine,
                     [](quint64 id, const QJsonObject& stats, const QString&) {
                         qCInfo(lcEngine).noquote() << outcomeLine(QString::number(id), stats);
                     });
    QObject::connect(&engine->requests(), &RequestStream::columnFinished, engine,
                     [](quint64 id, int column, const QJsonObject& stats, const QString&) {
                         qCInfo(lcEngine).noquote() << outcomeLine(
                             QStringLiteral("%1 column %2").arg(id).arg(column), stats);
                     });
    QObject::connect(&engine->requests(), &RequestStream::columnFailed, engine,
                     [](quint64 id, int column, const QString& message, const QJsonObject&) {
                         qCWarning(lcEngine).noquote() << "request" << id << "column" << column
                                                       << "failed:" << redactedText(message);
                     });
    QObject::connect(&engine->requests(), &RequestStream::failed, engine,
                     [](quint64 id, const QString& message, const QJsonObject&) {
                         qCWarning(lcEngine).noquote()
                             << "request" << id << "failed:" << redactedText(message);
                     });
    const auto logNotice = [](const QString& message) {
        qCInfo(lcApp).noquote() << redactedText(message);
    };
    QObject::connect(app.chat(), &facet::ui::ChatSession::notice, app.chat(), logNotice);
    QObject::connect(app.library(), &facet::ui::ConversationLibrary::notice, app.library(),
                     logNotice);
}

// Where the "Try it" examples were read from, and what could not be used (an install problem).
void logDemoSamples(const facet::ui::DemoSamples& samples) {
    qCInfo(lcApp).noquote() << "try-it examples:" << samples.rowCount() << "from"
                            << samples.folder();
    for (const QString& problem : samples.problems())
        qCWarning(lcApp).noquote() << "try-it examples:" << problem;
}

// Every QML module the app loads must be installed, or the app refuses to start naming the
// Debian packages (a missing one used to crash it when a file dialog opened).
int checkQmlModules(QQmlEngine& probe, bool report) {
    const auto modules = facet::gui::requiredQmlModules();
    const auto missing = facet::gui::missingQmlModules(probe, modules);
    if (report)
        for (const auto& m : modules)
            std::printf("%s %s (%s)\n",
                        std::any_of(missing.begin(), missing.end(),
                                    [&](const auto& x) { return x.module.uri == m.uri; })
                            ? "missing"
                            : "ok     ",
                        qPrintable(m.uri), qPrintable(m.debianPackage));
    if (missing.isEmpty())
        return 0;
    const QString message = facet::gui::missingModulesMessage(missing);
    std::fprintf(stderr, "%s\n", qPrintable(message));
    qCCritical(lcApp).noquote() << message;
    return 1;
}

// Images from the command line or from a later start (single instance): attached, and logged
// with the count now attached (the packaging and single-instance tests read this line).
void attachFiles(facet::ui::AppController& app, const QStringList& files, const char* from) {
    const QStringList problems = app.attachments()->addFiles(files);
    qCInfo(lcApp).noquote() << "attached" << files.size() - problems.size() << "of" << files.size()
                            << "image(s) from" << from << "(now" << app.attachments()->rowCount()
                            << "attached):" << files.join(QStringLiteral(", "));
}

void raiseWindow(QQmlApplicationEngine& engine) {
    for (QObject* root : engine.rootObjects())
        if (auto* window = qobject_cast<QQuickWindow*>(root)) {
            window->show();
            window->raise();
            window->requestActivate();
        }
}

// FACET_QUIT_AFTER_LOAD=1 (for tests of an installed or moved tree): once the start-up model has
// loaded and the window had a moment to draw, quit normally (exit 0); a failed load exits 3.
void quitAfterLoadIfAsked(facet::app::EngineClient& engine) {
    if (qEnvironmentVariableIntValue("FACET_QUIT_AFTER_LOAD") != 1)
        return;
    using State = facet::app::ModelLoader::State;
    QObject::connect(&engine.model(), &facet::app::ModelLoader::stateChanged, &engine, [&engine] {
        if (engine.model().state() == State::Ready)
            QTimer::singleShot(500, qApp, [] { QGuiApplication::exit(0); });
        else if (engine.model().state() == State::Failed) {
            std::fprintf(stderr, "facet: the model did not load: %s\n",
                         qPrintable(engine.model().lastError()));
            QGuiApplication::exit(3);
        }
    });
}

} // namespace

int main(int argc, char** argv) {
    facet::ui::prepareApplication();
    // --help and --version work without a display: parsed before the GUI exists.
    const facet::gui::Options options = facet::gui::parseCommandLine(argc, argv);
    if (options.exitNow)
        return options.exitCode;
    QGuiApplication application(argc, argv);
    // The installed desktop file and icon are named by the app id (packaging/).
    QGuiApplication::setDesktopFileName(QStringLiteral(FACET_APP_ID));
    QGuiApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(FACET_APP_ID)));

    // One window per user: a running Facet takes this start's images and comes to the front.
    facet::gui::SingleInstance instance;
    bool listening = false;
    QString listenError;
    if (!options.checkQmlModules) {
        switch (facet::gui::SingleInstance::forwardToRunning(options.files)) {
        case facet::gui::SingleInstance::Forward::Delivered:
            return 0;
        case facet::gui::SingleInstance::Forward::NoAnswer:
            listenError = facet::gui::SingleInstance::socketPath() +
                          QStringLiteral(": a running Facet did not answer; this one runs alone");
            break;
        case facet::gui::SingleInstance::Forward::NoneRunning:
            listening = instance.listen(&listenError);
            break;
        }
    }
    facet::gui::quitOnTerminationSignals(&application);

    // Declared before everything that may log, so it outlives them.
    facet::app::LogFile log(facet::app::defaultLogPath());
    const facet::app::ScopedLogMessageHandler logEverything(log);
    // A crash leaves its call stack in the log (and on stderr) for a bug report.
    facet::gui::installCrashTrace(QFile::encodeName(log.path()).toStdString());
    qCInfo(lcApp).noquote() << "Facet" << QCoreApplication::applicationVersion() << "started";
    if (!listenError.isEmpty())
        qCWarning(lcApp).noquote() << "single instance:" << listenError;
    // Without a GPU, Qt Quick's software renderer instead of OpenGL on Mesa's llvmpipe; the
    // user's own QT_QUICK_BACKEND / QSG_RHI_BACKEND win (scenegraphbackend.h). Before any window.
    if (const QString why = facet::gui::chooseSceneGraphBackend(QCoreApplication::arguments());
        !why.isEmpty())
        qCInfo(lcApp).noquote() << "rendering with Qt Quick's software renderer:" << why;
    facet::ui::AppController app{QString(), facet::app::makeLocalBackend()};
    // `--theme dark|light` or FACET_THEME for this run, else Settings → Theme (remembered);
    // by default the system's palette.
    app.theme()->applyAtStart(facet::ui::themeChoice(QCoreApplication::arguments()));
    // The interface language first: the start-up messages below are already translated.
    app.language()->apply();
    logEngineEvents(app);
    logDemoSamples(*app.samples());
    app.library()->loadConversations();
    facet::gui::StartupModel startupModel(*app.engine());

    // The window's own QML engine checks the modules first (a second, short-lived engine made
    // the start crash now and then).
    QQmlApplicationEngine engine;
    if (const int rc = checkQmlModules(engine, options.checkQmlModules);
        rc != 0 || options.checkQmlModules)
        return rc;
    // The server in use last time, else the last model folder that loaded, else the demo model
    // (simulated device). Its state says Loading from here on, but the worker waits for the
    // window's first frame (at most 2 s) before it works: on 2 cores, loading the model beside
    // the window's first paint made the first frame ~25 % later under load (docs/performance.md).
    app.engine()->holdWorker(std::chrono::seconds(2));
    app.server()->restoreAtStart([&startupModel] { startupModel.start(); });
    if (!facet::ui::loadMainWindow(engine, app))
        return 1;
    facet::gui::logFirstFrame(engine, [&app] { app.engine()->releaseWorker(); });
    // `facet IMAGE...`: attached once the window shows refusals as notices.
    if (!options.files.isEmpty())
        attachFiles(app, options.files, "the command line");
    if (listening)
        QObject::connect(&instance, &facet::gui::SingleInstance::filesReceived, &app,
                         [&](const QStringList& files) {
                             if (!files.isEmpty())
                                 attachFiles(app, files, "another start");
                             raiseWindow(engine);
                         });
    quitAfterLoadIfAsked(*app.engine());
    QObject::connect(&application, &QGuiApplication::aboutToQuit, &app,
                     [&] { app.finishBeforeQuit(); });
    return QGuiApplication::exec();
}
