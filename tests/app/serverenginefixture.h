#pragma once
// What the server-engine tests share (tst_server_engine.cpp: replies from a server;
// tst_server_connection.cpp: connecting, switching, keys, what is remembered): the app with the
// scripted local engine beside a vLLM stand-in (tests/remote/fake_vllm.py over real loopback
// HTTP; it serves "gemma-4-test" and only the levels 70 and 280), and helpers to connect and ask.
#include "../remote/fake_server.h"

#include "Common/appcontroller.h"
#include "Compare/comparesession.h"
#include "Server/serverconnection.h"
#include "core/types/replystats.h"
#include "core/worker/serverquery.h"
#include "scriptedbackend.h"
#include "test_paths.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

namespace facet::servertest {

inline const QString kReply =
    QStringLiteral("The picture shows a red square — größer ✓ 🟥.");
inline const QString kKey =
    QStringLiteral("test-key-123"); // the fake server's key (scenario "auth")

inline QString url(const std::string& scenario) {
    return QString::fromStdString(remotetest::base(scenario));
}

inline QString photo() {
    return QString::fromStdString(remotetest::testImage("photo.jpg").string());
}

class ServerEngineFixture {
protected:
    QTemporaryDir dir_;
    QTemporaryDir settingsDir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;

    app::EngineClient& engine() { return *app_->engine(); }
    const app::Message& message(int row) const {
        return app_->conversation()->conversation().messages.at(row);
    }
    void waitIdle() { QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000); }

    void connectTo(const std::string& scenario, const QString& key = {}) {
        app_->server()->connectTo(url(scenario), {}, key, {70, 140, 280, 560, 1120});
        QTRY_VERIFY_WITH_TIMEOUT(
            engine().serverSession().connected() || !app_->server()->connecting(), 10000);
        QVERIFY2(engine().serverSession().connected(), qPrintable(app_->server()->connectError()));
    }
    void ask(const QString& question, int level) {
        QVERIFY(app_->attachments()->addFiles({photo()}).isEmpty());
        app_->attachments()->setMessageLevel(level);
        QVERIFY(app_->chat()->send(question));
        waitIdle();
    }
    void newApp() {
        app_.reset();
        script_ = std::make_shared<app::ScriptedEngine>();
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(++count_)),
                                                   app::makeScriptedBackend(script_));
    }

    void setUpTestCase() {
        // Settings of this test only (what is remembered, and that no key is in them).
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-server-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-server-test"));
        remotetest::serverPort();
    }
    void setUp() {
        QSettings().clear();
        newApp();
        engine().model().loadModelDir(QStringLiteral("scripted"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().ready(), 5000);
    }
    void tearDown() { app_.reset(); }
};

} // namespace facet::servertest
