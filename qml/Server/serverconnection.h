#pragma once
// The app's side of "Connect to a server…" (ServerDialog.qml): the served-model list for the
// URL being typed (GET /v1/models off the GUI thread, errors naming the URL), the API key and the
// password of an http://user:password@host URL (the keyring, else this session's memory — said
// so in the dialog; never the settings file or the log), the connect itself through the
// EngineClient, and what is remembered for the next start (URL without its password, model,
// levels, whether the server was in use). Switching to a server or back to a model
// folder never touches the conversations: they live above the engine.
#include "core/worker/serverquery.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <functional>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class ApiKeyStore;

class ServerConnection : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application (App.server)")
    Q_PROPERTY(QStringList models READ models NOTIFY probeChanged)
    Q_PROPERTY(bool probing READ probing NOTIFY probeChanged)
    Q_PROPERTY(QString probedUrl READ probedUrl NOTIFY probeChanged)
    Q_PROPERTY(QString probeError READ probeError NOTIFY probeChanged)
    Q_PROPERTY(double probeRoundTripMs READ probeRoundTripMs NOTIFY probeChanged)
    // What GET /version told about the probed server (remote::identifyServer), one sentence,
    // and the levels to tick for it: all five on stock vLLM (its Gemma 4 processor takes each),
    // else Gemma 4's default 280 only (a level vllm-rbln was not compiled for can stop it).
    Q_PROPERTY(QString kindNote READ kindNote NOTIFY probeChanged)
    Q_PROPERTY(QList<int> suggestedLevels READ suggestedLevels NOTIFY probeChanged)
    Q_PROPERTY(bool connecting READ connecting NOTIFY connectingChanged)
    Q_PROPERTY(QString connectError READ connectError NOTIFY connectingChanged)
    Q_PROPERTY(bool hasStoredKey READ hasStoredKey NOTIFY keyChanged)
    Q_PROPERTY(QString keyNote READ keyNote NOTIFY keyChanged)
    Q_PROPERTY(QString rememberedUrl READ rememberedUrl NOTIFY rememberedChanged)
    Q_PROPERTY(QString rememberedModel READ rememberedModel NOTIFY rememberedChanged)
    Q_PROPERTY(QList<int> rememberedLevels READ rememberedLevels NOTIFY rememberedChanged)
    Q_PROPERTY(bool rememberedServerDefault READ rememberedServerDefault NOTIFY rememberedChanged)
    // Settings → Servers: every server connected to, newest first, each a map of `url` (without
    // its password), `model`, `last` (the one used last: what remembered* above describe and
    // a start reconnects to) and `inUse` (the engine now).
    Q_PROPERTY(QVariantList servers READ servers NOTIFY rememberedChanged)
public:
    ServerConnection(app::EngineClient& engine, QObject* parent = nullptr);
    ~ServerConnection() override;

    QStringList models() const { return models_; }
    bool probing() const { return query_->running(); }
    QString probedUrl() const { return probedUrl_; }
    QString probeError() const { return probeError_; }
    double probeRoundTripMs() const { return probeMs_; }
    QString kindNote() const { return kindNote_; }
    QList<int> suggestedLevels() const;
    bool connecting() const { return connecting_; }
    QString connectError() const { return connectError_; }
    bool hasStoredKey() const { return !knownKey(keyUrl_).isEmpty(); }
    QString keyNote() const { return keyNote_; }
    QString rememberedUrl() const;
    QString rememberedModel() const;
    QList<int> rememberedLevels() const;
    bool rememberedServerDefault() const;
    QVariantList servers() const;

    // Lists the server's models (the dialog calls it once the URL is typed). `typedKey` empty:
    // the key kept for this URL, else $FACET_API_KEY.
    Q_INVOKABLE void probe(const QString& url, const QString& typedKey);
    // Looks the URL's key (and the password of a URL with a user name) up in the keyring
    // (hasStoredKey, keyNote).
    Q_INVOKABLE void lookUpKey(const QString& url);
    // Connects; a typed key, and a password typed in the URL, are kept (in the keyring) once the
    // server has accepted the connection. A URL with a user name and no password gets the
    // password kept for it.
    // `serverDefault`: requests send no detail level (ServerSession::serverDefaultLevel).
    Q_INVOKABLE void connectTo(const QString& url, const QString& model, const QString& typedKey,
                               const QList<int>& levels, bool serverDefault = false);

    // Connects to a server of `servers` with its model and levels, the key and password from
    // the keyring (or this session's memory); connecting, connectError and connected() as for
    // connectTo.
    Q_INVOKABLE void connectRemembered(const QString& url);
    // Takes a server off `servers`, with its key and password in the keyring; the one used last
    // is no longer reconnected at the next start.
    Q_INVOKABLE void forgetServer(const QString& url);

    // At start: connects to the server in use when the app last ended (key from the keyring).
    // Calls `otherwise` (load the last folder or the demo model) when there is none or it
    // fails; then the failure shows as the load problem beside the model loaded instead. A
    // start that ended while connecting (a crash) is not retried: the note says so.
    void restoreAtStart(std::function<void()> otherwise);

    // Tests: another keyring (the real one needs a Secret Service). Takes ownership.
    void setKeyStore(ApiKeyStore* store);

signals:
    void probeChanged();
    void connectingChanged();
    void keyChanged();
    void rememberedChanged();
    void connected();

private:
    QString knownKey(const QString& url) const;
    // `url` with the password kept for it put back (when it names a user and has none).
    QString withKnownPassword(const QString& url) const;
    void keepPassword(const QString& address, const QString& password);
    // Reads `url`'s key and, for a URL with a user name, its password from the keyring into this
    // session's memory, then calls `then`.
    void readSecrets(const QString& url, std::function<void()> then);
    // The entries of `servers` as stored (url, model, levels, serverDefault), newest first.
    QVariantList knownServers() const;
    void rememberInUse(const QString& address);
    void onModelLoaded();
    void onConnectFailed(const QString& url, const QString& message);
    void keepKey(const QString& apiBase, const QString& key);
    void setKeyNote(const QString& url, const QString& problem);

    app::EngineClient& engine_;
    app::ServerQuery* query_;
    ApiKeyStore* keys_;
    QStringList models_;
    QString probedUrl_;   // as typed, without a password
    QString probeTarget_; // what was asked: with the password
    QString probeError_;
    double probeMs_ = 0;
    int probeKind_ = 0; // remote::ServerKind of probedUrl_
    QString kindNote_;
    bool connecting_ = false;
    QString connectError_;
    QString pendingKey_;      // typed for the running connect, kept once it succeeds
    QString pendingPassword_; // typed in the running connect's URL, the same
    QString keyUrl_;          // the URL hasStoredKey and keyNote are about
    QString keyNote_;
    QHash<QString, QString> sessionKeys_;      // URL → key: this session's (keyring or not)
    QHash<QString, QString> sessionPasswords_; // URL without password → its password
    bool keyringMissing_ = false;
    std::function<void()> otherwise_; // while the start-up connect runs
    QString startNoteUrl_, startNote_;
};

} // namespace facet::ui
