// facet: the desktop app. All views and their C++ types live in the Facet.Ui QML module; this
// file only starts it and, on first start, loads the built-in demo model on the simulated device.
#include "appcontroller.h"
#include "application.h"
#include "chatcontroller.h"
#include "engineclient.h"
#include "logfile.h"
#include "themechoice.h"

#include <QGuiApplication>
#include <QIcon>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QQmlApplicationEngine>
#include <QSettings>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

namespace {

Q_LOGGING_CATEGORY(lcEngine, "facet.engine")
Q_LOGGING_CATEGORY(lcApp, "facet.app")

// Model load results and engine errors, for the log file (they reach it as Qt messages).
void logEngineEvents(facet::ui::AppController& app) {
    using facet::ui::EngineClient;
    EngineClient* engine = app.engine();
    QObject::connect(engine, &EngineClient::stateChanged, engine, [engine] {
        if (engine->state() == EngineClient::State::Ready)
            qCInfo(lcEngine).noquote() << "model loaded from" << engine->modelDir()
                                       << QJsonDocument(QJsonObject::fromVariantMap(engine->info()))
                                              .toJson(QJsonDocument::Compact);
        else if (engine->state() == EngineClient::State::Failed)
            qCWarning(lcEngine).noquote() << "model load failed:" << engine->lastError();
    });
    QObject::connect(engine, &EngineClient::failed, engine,
                     [](quint64 id, const QString& message, const QJsonObject&) {
                         qCWarning(lcEngine).noquote() << "request" << id << "failed:" << message;
                     });
    QObject::connect(app.chat(), &facet::ui::ChatController::notice, app.chat(),
                     [](const QString& message) { qCInfo(lcApp).noquote() << message; });
}

} // namespace

int main(int argc, char** argv) {
    facet::ui::prepareApplication();
    QGuiApplication application(argc, argv);
    QGuiApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.facet.Facet")));

    // Declared before everything that may log, so it outlives them.
    facet::app::LogFile log(facet::app::defaultLogPath());
    const facet::app::ScopedLogMessageHandler logEverything(log);
    qCInfo(lcApp).noquote() << "Facet" << QCoreApplication::applicationVersion() << "started";
    // `--theme dark|light` or FACET_THEME; by default the system's palette.
    facet::ui::applyTheme(facet::ui::themeChoice(QCoreApplication::arguments()));

    facet::ui::AppController app{QString()};
    logEngineEvents(app);
    app.chat()->loadConversations();
    // The last model folder the user chose, else the demo model (simulated device).
    QSettings settings;
    const QString lastModel = settings.value(QStringLiteral("model/folder")).toString();
    if (lastModel.isEmpty())
        app.engine()->loadDemoModel();
    else
        app.engine()->loadModelDir(lastModel,
                                   settings.value(QStringLiteral("model/device")).toInt(), {});
    QObject::connect(app.engine(), &facet::ui::EngineClient::stateChanged, &app, [&] {
        if (!app.engine()->ready())
            return;
        if (app.engine()->demo()) {
            settings.remove(QStringLiteral("model"));
            return;
        }
        settings.setValue(QStringLiteral("model/folder"), app.engine()->modelDir());
        settings.setValue(QStringLiteral("model/device"), app.engine()->modelInfo().deviceId);
    });

    QQmlApplicationEngine engine;
    if (!facet::ui::loadMainWindow(engine, app))
        return 1;
    QObject::connect(&application, &QGuiApplication::aboutToQuit, &app,
                     [&] { app.chat()->finishForQuit(); });
    return QGuiApplication::exec();
}
