#include "application.h"

#include "appcontroller.h"
#include "imageprovider.h"

#include <QCoreApplication>
#include <QQmlApplicationEngine>
#include <QQuickStyle>

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
    engine.addImageProvider(QStringLiteral("facet"), new ImageProvider);
    engine.addImportPath(QStringLiteral("qrc:/"));
    engine.load(QUrl(QStringLiteral("qrc:/Facet/Ui/Main.qml")));
    return !engine.rootObjects().isEmpty();
}

} // namespace facet::ui
