// The password of a server URL typed as http://user:password@host (issue #56 item 9): it goes to
// the keyring beside the API key, never into the settings file, and the next start connects with
// it again. The server is tests/remote/fake_vllm.py's "echoauth" mode (it quotes the request's
// Authorization header; its GET /_last/ gives the header to compare). No Secret Service runs on
// the test machines, so the keyring here is MemoryKeyring: ApiKeyStore's entries kept in this
// process, across two AppControllers (two starts) — the real QtKeychain is used only where the
// test says "no keyring". Before this change the settings held
// server/url=http://facet:pa55-w0rd@… (passwordNeverInTheSettings failed on its first check).
#include "../remote/fake_server.h"

#include "Common/appcontroller.h"
#include "Server/apikeystore.h"
#include "Server/serverconnection.h"
#include "scriptedbackend.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace facet;

namespace {

const QString kPassword = QStringLiteral("pa55-w0rd");

// "http://127.0.0.1:PORT/s/<scenario>/v1" with "facet:<password>@" (or "facet@") in it.
QString urlOf(const std::string& scenario, const QString& password = kPassword) {
    QString u = QString::fromStdString(remotetest::base(scenario));
    return u.replace(QStringLiteral("http://"),
                     password.isEmpty() ? QStringLiteral("http://facet@")
                                        : QStringLiteral("http://facet:%1@").arg(password));
}

QString basicAuth(const QString& password = kPassword) {
    return QStringLiteral("Basic ") +
           QString::fromLatin1(QStringLiteral("facet:%1").arg(password).toUtf8().toBase64());
}

// The keyring: entry → secret, for the whole test executable (both "starts").
QHash<QString, QString>& keyring() {
    static QHash<QString, QString> entries;
    return entries;
}

class MemoryKeyring : public ui::ApiKeyStore {
public:
    // Answers later, as QtKeychain's jobs do.
    void read(const QString& entry, std::function<void(QString, QString)> done) override {
        QTimer::singleShot(
            0, this, [entry, done = std::move(done)] { done(keyring().value(entry), QString()); });
    }
    void write(const QString& entry, const QString& secret,
               std::function<void(QString)> done) override {
        keyring().insert(entry, secret);
        QTimer::singleShot(0, this, [done = std::move(done)] { done(QString()); });
    }
    void remove(const QString& entry) override { keyring().remove(entry); }
};

} // namespace

class ServerPasswordTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QTemporaryDir settingsDir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;

    app::EngineClient& engine() { return *app_->engine(); }

    // A new start of the app; `withKeyring`: MemoryKeyring, else the system's (none here).
    void newApp(bool withKeyring = true) {
        app_.reset();
        script_ = std::make_shared<app::ScriptedEngine>();
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(++count_)),
                                                   app::makeScriptedBackend(script_));
        if (withKeyring)
            app_->server()->setKeyStore(new MemoryKeyring);
    }
    void connectTo(const QString& url) {
        app_->server()->connectTo(url, {}, {}, {70, 280});
        QTRY_VERIFY_WITH_TIMEOUT(
            engine().serverSession().connected() || !app_->server()->connecting(), 10000);
        QVERIFY2(engine().serverSession().connected(), qPrintable(app_->server()->connectError()));
    }
    // Asks the echoauth server and returns the Authorization header it received for `question`.
    QString authorizationOf(const std::string& scenario, const QString& question) {
        if (!app_->chat()->send(question))
            return QStringLiteral("<not sent>");
        if (!QTest::qWaitFor([this] { return !app_->chat()->busy(); }, 10000))
            return QStringLiteral("<no answer>");
        const QJsonObject last = remotetest::lastRequest(scenario);
        const QJsonArray messages = last.value("body").toObject().value("messages").toArray();
        const QJsonValue content = messages.last().toObject().value("content");
        const QString text =
            content.isString() ? content.toString() : content.toArray().last()["text"].toString();
        if (text != question)
            return QStringLiteral("<the server did not receive \"%1\">").arg(question);
        return last.value("authorization").toString();
    }
    // Every file under the settings folder: none may hold the password; returns how many hold
    // the server's settings (so the check read the right file).
    int settingsFilesWithoutThePassword() {
        QSettings().sync();
        int files = 0;
        QDirIterator it(settingsDir_.path(), QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                return -1;
            const QByteArray all = f.readAll();
            if (all.contains(kPassword.toUtf8()) ||
                all.contains(QUrl::toPercentEncoding(kPassword)))
                return -1000;
            files += all.contains("server/") || all.contains("[server]") ? 1 : 0;
        }
        return files;
    }

private slots:
    void initTestCase() {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-password-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-password-test"));
        remotetest::serverPort();
    }
    void init() {
        QSettings().clear();
        keyring().clear();
    }
    void cleanup() { app_.reset(); }

    // Typed in the dialog with the password; the settings get the URL with the user name only,
    // the keyring the password; the next start connects and authenticates as before.
    void passwordNeverInTheSettings() {
        newApp();
        connectTo(urlOf("echoauth"));
        QCOMPARE(authorizationOf("echoauth", QStringLiteral("First start?")), basicAuth());
        QCOMPARE(QSettings().value("server/url").toString(), urlOf("echoauth", {}));
        QCOMPARE(settingsFilesWithoutThePassword(), 1);
        QTRY_COMPARE(keyring().value(ui::ApiKeyStore::passwordEntry(urlOf("echoauth", {}))),
                     kPassword);
        for (auto it = keyring().cbegin(); it != keyring().cend(); ++it) // entry names too
            QVERIFY2(!it.key().contains(kPassword), qPrintable(it.key()));
        QCOMPARE(app_->server()->rememberedUrl(), urlOf("echoauth", {}));

        newApp(); // the next start
        bool otherwise = false;
        app_->server()->restoreAtStart([&] { otherwise = true; });
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected() || otherwise, 10000);
        QVERIFY(!otherwise);
        QCOMPARE(authorizationOf("echoauth", QStringLiteral("Second start?")), basicAuth());
        QCOMPARE(settingsFilesWithoutThePassword(), 1);
    }

    // The dialog shows the remembered URL (user name, no password); connecting to it uses the
    // password from the keyring.
    void theRememberedUrlConnectsWithTheKeptPassword() {
        newApp();
        connectTo(urlOf("echoauth~dialog"));
        newApp();
        app_->server()->lookUpKey(app_->server()->rememberedUrl());
        QTRY_VERIFY(!app_->server()->keyNote().isEmpty());
        connectTo(app_->server()->rememberedUrl());
        QCOMPARE(authorizationOf("echoauth~dialog", QStringLiteral("From the dialog?")),
                 basicAuth());
    }

    // Settings an older version wrote (the password in server/url): the start moves it to the
    // keyring, keeps the URL without it, and connects.
    void anOlderSettingsFileIsCleanedAtStart() {
        QSettings settings;
        settings.setValue("server/url", urlOf("echoauth~old"));
        settings.setValue("server/model", "gemma-4-test");
        settings.setValue("server/levels", "70,280");
        settings.setValue("server/active", true);
        settings.sync();
        newApp();
        app_->server()->restoreAtStart([] {});
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected(), 10000);
        QCOMPARE(QSettings().value("server/url").toString(), urlOf("echoauth~old", {}));
        QCOMPARE(settingsFilesWithoutThePassword(), 1);
        QTRY_COMPARE(keyring().value(ui::ApiKeyStore::passwordEntry(urlOf("echoauth~old", {}))),
                     kPassword);
        QCOMPARE(authorizationOf("echoauth~old", QStringLiteral("Old settings?")), basicAuth());
    }

    // No keyring (the system's, none runs here): still never in the settings; kept for this
    // session, and the dialog says so.
    void withoutAKeyringThePasswordStaysForTheSession() {
        newApp(false);
        connectTo(urlOf("echoauth~nokeyring"));
        QCOMPARE(settingsFilesWithoutThePassword(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(app_->server()->keyNote().startsWith("No system keyring"), 10000);
        QVERIFY2(app_->server()->keyNote().contains("password"),
                 qPrintable(app_->server()->keyNote()));
        connectTo(app_->server()->rememberedUrl());
        QCOMPARE(authorizationOf("echoauth~nokeyring", QStringLiteral("Same session?")),
                 basicAuth());
    }
};

QTEST_MAIN(ServerPasswordTest)
#include "tst_serverpassword.moc"
