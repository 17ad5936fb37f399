#include "Server/serverconnection.h"

#include "Server/apikeystore.h"
#include "core/worker/engineclient.h"
#include "remote/remote_engine.h"

#include <QSettings>

#include <utility>

namespace facet::ui {
namespace {

// What is remembered for the next start. Never the key: that is the keyring's.
const QString kUrlKey = QStringLiteral("server/url");
const QString kModelKey = QStringLiteral("server/model");
const QString kLevelsKey = QStringLiteral("server/levels");
const QString kActiveKey = QStringLiteral("server/active"); // the server was the engine in use
const QString kDefaultLevelKey = QStringLiteral("server/serverDefaultLevel");
// Set while the start-up connect runs, cleared when it answers: still set at the next start
// means that start ended (crashed) while connecting, so it is not retried blindly.
const QString kConnectingKey = QStringLiteral("server/connectingAtStart");

QString cleanUrl(const QString& url) {
    QString u = url.trimmed();
    while (u.endsWith(QLatin1Char('/')))
        u.chop(1);
    return u;
}

} // namespace

ServerConnection::ServerConnection(app::EngineClient& engine, QObject* parent)
    : QObject(parent), engine_(engine), query_(new app::ServerQuery(this)),
      keys_(new ApiKeyStore(this)) {
    connect(query_, &app::ServerQuery::answered, this,
            [this](const QString& url, const QStringList& models, double ms) {
                if (url != probedUrl_)
                    return;
                models_ = models;
                probeMs_ = ms;
                probeError_ =
                    models.isEmpty() ? tr("server %1 serves no model").arg(url) : QString();
                emit probeChanged();
            });
    connect(query_, &app::ServerQuery::identified, this,
            [this](const QString& url, int kind, const QString& explanation) {
                if (url != probedUrl_)
                    return;
                probeKind_ = kind;
                kindNote_ = explanation;
            });
    connect(query_, &app::ServerQuery::failed, this,
            [this](const QString& url, const QString& message) {
                if (url != probedUrl_)
                    return;
                models_.clear();
                probeError_ = message;
                emit probeChanged();
            });
    connect(&engine_.model(), &app::ModelLoader::modelLoaded, this,
            &ServerConnection::onModelLoaded);
    connect(&engine_.serverSession(), &app::ServerSession::connectFailed, this,
            &ServerConnection::onConnectFailed);
    // Learnt from the server (it refused per-request levels): remembered for the next start.
    connect(&engine_.serverSession(), &app::ServerSession::serverDefaultLevelChanged, this, [this] {
        if (engine_.serverSession().connected()) {
            QSettings().setValue(kDefaultLevelKey, engine_.serverSession().serverDefaultLevel());
            emit rememberedChanged();
        }
    });
}

ServerConnection::~ServerConnection() = default;

QString ServerConnection::rememberedUrl() const {
    return QSettings().value(kUrlKey).toString();
}

QString ServerConnection::rememberedModel() const {
    return QSettings().value(kModelKey).toString();
}

QList<int> ServerConnection::rememberedLevels() const {
    QList<int> levels;
    const QString stored = QSettings().value(kLevelsKey).toString();
    for (const QString& part : stored.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (const int level = part.toInt(); level > 0)
            levels << level;
    return levels;
}

bool ServerConnection::rememberedServerDefault() const {
    return QSettings().value(kDefaultLevelKey).toBool();
}

QList<int> ServerConnection::suggestedLevels() const {
    if (probeKind_ == static_cast<int>(remote::ServerKind::Vllm))
        return {70, 140, 280, 560, 1120};
    return {280}; // Gemma 4's default max_soft_tokens
}

QString ServerConnection::knownKey(const QString& url) const {
    return sessionKeys_.value(cleanUrl(url));
}

void ServerConnection::probe(const QString& url, const QString& typedKey) {
    const QString u = cleanUrl(url);
    probedUrl_ = u;
    models_.clear();
    probeError_.clear();
    probeKind_ = 0;
    kindNote_.clear();
    if (u.isEmpty())
        query_->cancel();
    else
        query_->start(u, typedKey.isEmpty() ? knownKey(u) : typedKey, true);
    emit probeChanged();
}

void ServerConnection::lookUpKey(const QString& url) {
    const QString u = cleanUrl(url);
    keyUrl_ = u;
    emit keyChanged();
    if (u.isEmpty())
        return;
    keys_->read(u, [this, u](const QString& key, const QString& problem) {
        if (!key.isEmpty())
            sessionKeys_.insert(u, key);
        if (u == keyUrl_)
            setKeyNote(u, problem);
    });
}

void ServerConnection::setKeyNote(const QString& url, const QString& problem) {
    keyUrl_ = url;
    if (!problem.isEmpty())
        keyringMissing_ = true;
    if (keyringMissing_)
        keyNote_ = tr("No system keyring could be used (%1): a key typed here is kept for this "
                      "session only and asked for again at the next start (or set "
                      "FACET_API_KEY).")
                       .arg(problem.isEmpty() ? tr("it did not answer before") : problem);
    else if (hasStoredKey())
        keyNote_ = tr("The key for this server is in the system keyring.");
    else
        keyNote_ = tr("A key typed here is kept in the system keyring, never in Facet's files.");
    emit keyChanged();
}

void ServerConnection::keepKey(const QString& apiBase, const QString& key) {
    sessionKeys_.insert(apiBase, key);
    keys_->write(apiBase, key,
                 [this, apiBase](const QString& problem) { setKeyNote(apiBase, problem); });
}

void ServerConnection::connectTo(const QString& url, const QString& model, const QString& typedKey,
                                 const QList<int>& levels, bool serverDefault) {
    const QString u = cleanUrl(url);
    connecting_ = true;
    connectError_.clear();
    pendingKey_ = typedKey;
    emit connectingChanged();
    engine_.serverSession().connectServer(u, model, typedKey.isEmpty() ? knownKey(u) : typedKey,
                                          levels, serverDefault);
}

void ServerConnection::restoreAtStart(std::function<void()> otherwise) {
    QSettings settings;
    const QString url = settings.value(kUrlKey).toString();
    if (!settings.value(kActiveKey).toBool() || url.isEmpty()) {
        otherwise();
        return;
    }
    if (settings.value(kConnectingKey).toBool()) {
        // The last start ended while connecting to this server: a crash, which would come again
        // at every start. Not retried; the local model is loaded and the note says why.
        settings.setValue(kConnectingKey, false);
        settings.setValue(kActiveKey, false);
        startNoteUrl_ = url;
        startNote_ = tr("The last start of Facet ended while connecting to %1, so it was not "
                        "connected again. Server… in the status line to retry.")
                         .arg(url);
        otherwise();
        return;
    }
    settings.setValue(kConnectingKey, true);
    settings.sync(); // on disk before the connect: a crash must find it there
    otherwise_ = std::move(otherwise);
    const QString model = rememberedModel();
    const QList<int> levels = rememberedLevels();
    const bool serverDefault = rememberedServerDefault();
    keys_->read(
        url, [this, url, model, levels, serverDefault](const QString& key, const QString& problem) {
            if (!key.isEmpty())
                sessionKeys_.insert(url, key);
            setKeyNote(url, problem);
            engine_.serverSession().connectServer(url, model, key, levels, serverDefault);
        });
}

void ServerConnection::onModelLoaded() {
    QSettings settings;
    settings.setValue(kConnectingKey, false);
    if (!engine_.serverSession().connected()) {
        // A model folder (or the demo) is in use now: the server is not restored next time,
        // but its URL, model and levels stay for the dialog.
        if (settings.value(kActiveKey).toBool())
            settings.setValue(kActiveKey, false);
        if (!startNote_.isEmpty())
            engine_.model().setLoadProblem(std::exchange(startNoteUrl_, {}),
                                           std::exchange(startNote_, {}));
        return;
    }
    QStringList levels;
    for (int level : engine_.model().info().detailLevels)
        levels << QString::number(level);
    settings.setValue(kUrlKey, engine_.serverSession().url());
    settings.setValue(kModelKey, engine_.model().info().name);
    settings.setValue(kLevelsKey, levels.join(QLatin1Char(',')));
    settings.setValue(kDefaultLevelKey, engine_.serverSession().serverDefaultLevel());
    settings.setValue(kActiveKey, true);
    emit rememberedChanged();
    if (const QString key = std::exchange(pendingKey_, {}); !key.isEmpty())
        keepKey(engine_.serverSession().url(), key);
    otherwise_ = nullptr;
    connecting_ = false;
    connectError_.clear();
    emit connectingChanged();
    emit connected();
}

void ServerConnection::onConnectFailed(const QString& url, const QString& message) {
    QSettings().setValue(kConnectingKey, false);
    pendingKey_.clear();
    connecting_ = false;
    connectError_ = message;
    emit connectingChanged();
    if (otherwise_) { // at start: the folder used last, or the demo model, instead
        startNoteUrl_ = url;
        startNote_ = tr("%1\nThe server in use when Facet last ended could not be used, so a "
                        "local model was loaded instead. Server… in the status line to retry.")
                         .arg(message);
        std::exchange(otherwise_, nullptr)();
    }
}

} // namespace facet::ui
