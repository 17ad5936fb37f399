// Qt Quick Test runner for the Facet.Ui module: imports the static plugin, installs the image
// provider the chips use, and makes the `App` singleton an AppController on the scripted engine
// (loaded, no model folder, no device) with its store in a temporary folder, so components that
// need a chat session or an engine client get real ones that answer in milliseconds. `testServer`
// is the remote tests' vLLM stand-in (tests/remote/fake_vllm.py on loopback), started when a
// test first asks for its URL.
#include "../remote/fake_server.h"

#include "Attachments/imageprovider.h"
#include "Common/appcontroller.h"
#include "scriptedbackend.h"

#include <QQmlContext>
#include <QQmlEngine>
#include <QSettings>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

class TestServer : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // http://127.0.0.1:PORT/s/<scenario>/v1
    Q_INVOKABLE QString url(const QString& scenario) const {
        return QString::fromStdString(remotetest::base(scenario.toStdString()));
    }
};

class Setup : public QObject {
    Q_OBJECT
public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/"));
        engine->addImageProvider(QStringLiteral("facet"), new facet::ui::ImageProvider);
        if (!app_) {
            // Settings of this run only: what the server dialog remembers starts empty.
            QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                               store_.filePath(QStringLiteral("settings")));
            auto script = std::make_shared<facet::app::ScriptedEngine>();
            app_ = std::make_unique<facet::ui::AppController>(
                store_.filePath(QStringLiteral("store")), facet::app::makeScriptedBackend(script));
            app_->engine()->model().loadModelDir(QStringLiteral("scripted"), 0, QString());
        }
        facet::ui::AppController::setInstance(app_.get());
        engine->rootContext()->setContextProperty(QStringLiteral("testServer"), &server_);
    }
    // After the last test, while the application still exists: the controller stops its engine
    // thread, whose worker is deleted as that thread finishes (a deferred delete, which needs the
    // application). Destroyed with this object instead, after quick_test_main has deleted the
    // application, the worker and its backend were never deleted (LeakSanitizer, asan preset).
    void cleanupTestCase() { app_.reset(); }

private:
    QTemporaryDir store_;
    TestServer server_;
    std::unique_ptr<facet::ui::AppController> app_;
};

QUICK_TEST_MAIN_WITH_SETUP(facet_qml_tests, Setup)

#include "main.moc"
