#include "Common/application.h"

#include "Attachments/imageprovider.h"
#include "Common/appcontroller.h"
#include "Common/themechoice.h"

#include <QCoreApplication>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>

namespace facet::ui {

void prepareApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("facet"));
    QCoreApplication::setApplicationName(QStringLiteral("facet"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FACET_VERSION));
    // Fusion follows the platform palette, so light and dark come from the system.
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
}

bool loadMainWindow(QQmlApplicationEngine& engine, AppController& app) {
    AppController::setInstance(&app);
    // The language (system or the settings' choice) before the first text is shown; a later
    // choice re-translates the open window at once.
    app.language()->apply();
    QObject::connect(app.language(), &LanguageSettings::changed, &engine, &QQmlEngine::retranslate);
    engine.addImageProvider(QStringLiteral("facet"), new ImageProvider);
    engine.addImportPath(QStringLiteral("qrc:/"));
    engine.load(QUrl(QStringLiteral("qrc:/Facet/Ui/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return false;
    if (auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first()))
        followApplicationPalette(window);
    return true;
}

} // namespace facet::ui
