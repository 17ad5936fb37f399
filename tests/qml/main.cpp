// Qt Quick Test runner for the Facet.Ui module: imports the static plugin and installs the image
// provider the chips use, as the app does.
#include "imageprovider.h"

#include <QQmlEngine>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

class Setup : public QObject {
    Q_OBJECT
public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/"));
        engine->addImageProvider(QStringLiteral("facet"), new facet::ui::ImageProvider);
    }
};

QUICK_TEST_MAIN_WITH_SETUP(facet_qml_tests, Setup)

#include "main.moc"
