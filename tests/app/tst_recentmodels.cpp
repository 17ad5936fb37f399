// The model picker's recent folders (issue #57): a folder is remembered once it loaded, newest
// first, each once, at most five, across starts; a folder that failed to load and the demo model
// are not (nor a server: ModelLoader::fromServer, checked beside the demo).
#include "Common/appcontroller.h"
#include "scriptedbackend.h"

#include <QGuiApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

class RecentModelsTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::shared_ptr<app::ScriptedEngine> script_ = std::make_shared<app::ScriptedEngine>();

    std::unique_ptr<ui::AppController> newApp() {
        return std::make_unique<ui::AppController>(dir_.filePath("store"),
                                                   app::makeScriptedBackend(script_));
    }
    static void load(ui::AppController& app, const QString& folder) {
        app.engine()->model().loadModelDir(folder, 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app.engine()->model().state() != app::ModelLoader::State::Loading,
                                 5000);
    }

private slots:
    void initTestCase() {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-recent-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-recent-test"));
    }
    void init() {
        QSettings().clear();
        app::EngineScript plain;
        script_->setScript(plain);
    }

    void loadedFoldersNewestFirstEachOnce() {
        auto app = newApp();
        QVERIFY(app->recentModels()->folders().isEmpty());
        load(*app, "/models/a");
        load(*app, "/models/b");
        QCOMPARE(app->recentModels()->folders(), (QStringList{"/models/b", "/models/a"}));
        load(*app, "/models/a");
        QCOMPARE(app->recentModels()->folders(), (QStringList{"/models/a", "/models/b"}));
        // The next start offers the same.
        app.reset();
        QCOMPARE(newApp()->recentModels()->folders(), (QStringList{"/models/a", "/models/b"}));
    }

    void atMostFiveTheOldestDropped() {
        auto app = newApp();
        for (const char* f : {"/m/1", "/m/2", "/m/3", "/m/4", "/m/5", "/m/6"})
            load(*app, f);
        QCOMPARE(app->recentModels()->folders(),
                 (QStringList{"/m/6", "/m/5", "/m/4", "/m/3", "/m/2"}));
        app->recentModels()->forget("/m/4");
        QCOMPARE(app->recentModels()->folders(), (QStringList{"/m/6", "/m/5", "/m/3", "/m/2"}));
    }

    void failedLoadAndDemoAreNotRemembered() {
        auto app = newApp();
        load(*app, "/models/good");
        app::EngineScript failing;
        failing.loadError = "not a compiled model";
        script_->setScript(failing);
        load(*app, "/models/broken");
        QCOMPARE(app->recentModels()->folders(), QStringList{"/models/good"});
        script_->setScript(app::EngineScript{});
        // The demo model has its own entry in the picker.
        app->engine()->model().loadDemoModel();
        QTRY_VERIFY_WITH_TIMEOUT(app->engine()->model().demo(), 5000);
        QCOMPARE(app->recentModels()->folders(), QStringList{"/models/good"});
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    RecentModelsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_recentmodels.moc"
