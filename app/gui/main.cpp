// facet: the desktop app. All views and their C++ types live in the Facet.Ui QML module; this
// file only starts it and, on first start, loads the built-in demo model on the simulated device.
#include "appcontroller.h"
#include "application.h"
#include "chatcontroller.h"
#include "engineclient.h"

#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QSettings>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

int main(int argc, char** argv) {
    facet::ui::prepareApplication();
    QGuiApplication application(argc, argv);
    QGuiApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.facet.Facet")));

    facet::ui::AppController app{QString()};
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
