// Qt Quick Test runner for the Facet.Ui module: imports the static plugin, installs the image
// provider the chips use, and makes the `App` singleton an AppController on the scripted engine
// (loaded, no model folder, no device) with its store in a temporary folder, so components that
// need a chat session or an engine client get real ones that answer in milliseconds. `testServer`
// is the remote tests' vLLM stand-in (tests/remote/fake_vllm.py on loopback), started when a
// test first asks for its URL. `testFiles` makes folders of images and other files with the
// names users have (tst_imagepicker.qml).
#include "../remote/fake_server.h"

#include "Attachments/imageprovider.h"
#include "Common/appcontroller.h"
#include "scriptedbackend.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QQmlContext>
#include <QQmlEngine>
#include <QSettings>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

#include <memory>
#include <vector>

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

// Folders of files for the image picker's test (tst_imagepicker.qml), with the names a user
// has ('é', '한글', spaces, '#', '%'): made here because QML cannot write files.
class TestFiles : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // A new empty folder with `names` in it: a name ending in '/' a subfolder, .png and .jpg a
    // small real image of that format, anything else a text file. Returns its path.
    Q_INVOKABLE QString makeFolder(const QStringList& names) {
        auto* dir = new QTemporaryDir(root_.filePath(QStringLiteral("XXXXXX")));
        dirs_.emplace_back(dir);
        for (const QString& name : names) {
            const QString path = QDir(dir->path()).filePath(name);
            QDir().mkpath(QFileInfo(path).absolutePath());
            if (name.endsWith(QLatin1Char('/'))) {
                QDir().mkpath(path);
            } else if (name.endsWith(QLatin1String(".png")) ||
                       name.endsWith(QLatin1String(".jpg"))) {
                QImage image(64, 48, QImage::Format_RGB32);
                image.fill(QColor::fromHsv(static_cast<int>(qHash(name) % 360), 200, 200));
                image.save(path, name.endsWith(QLatin1String(".png")) ? "PNG" : "JPEG");
            } else {
                QFile file(path);
                if (file.open(QIODevice::WriteOnly))
                    file.write("not an image\n");
            }
        }
        return dir->path();
    }
    Q_INVOKABLE QUrl fileUrl(const QString& path) const { return QUrl::fromLocalFile(path); }

private:
    QTemporaryDir root_;
    std::vector<std::unique_ptr<QTemporaryDir>> dirs_;
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
        engine->rootContext()->setContextProperty(QStringLiteral("testFiles"), &files_);
    }
    // After the last test, while the application still exists: the controller stops its engine
    // thread, whose worker is deleted as that thread finishes (a deferred delete, which needs the
    // application). Destroyed with this object instead, after quick_test_main has deleted the
    // application, the worker and its backend were never deleted (LeakSanitizer, asan preset).
    void cleanupTestCase() { app_.reset(); }

private:
    QTemporaryDir store_;
    TestServer server_;
    TestFiles files_;
    std::unique_ptr<facet::ui::AppController> app_;
};

QUICK_TEST_MAIN_WITH_SETUP(facet_qml_tests, Setup)

#include "main.moc"
