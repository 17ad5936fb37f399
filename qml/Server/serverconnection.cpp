#include "Server/serverconnection.h"

#include "Server/apikeystore.h"
#include "core/support/redaction.h"
#include "core/worker/engineclient.h"
#include "remote/remote_engine.h"

#include <QSettings>

#include <algorithm>

#include <utility>

namespace facet::ui {
namespace {

// What is remembered for the next start. Never the key nor a URL's password: they are the
// keyring's (the URL is stored with its user name only).
const QString kUrlKey = QStringLiteral("server/url");
const QString kModelKey = QStringLiteral("server/model");
const QString kLevelsKey = QStringLiteral("server/levels");
const QString kActiveKey = QStringLiteral("server/active"); // the server was the engine in use
const QString kDefaultLevelKey = QStringLiteral("server/serverDefaultLevel");
// Set while the start-up connect runs, cleared when it answers: still set at the next start
// means that start ended (crashed) while connecting, so it is not retried blindly.
const QString kConnectingKey = QStringLiteral("server/connectingAtStart");
// Every server connected to, newest first (Settings → Servers): maps of url, model, levels (as
// kLevelsKey) and serverDefault. The first is the one the keys above describe.
const QString kKnownKey = QStringLiteral("server/known");
// Enough for the servers of a lab; a longer list is a directory, not settings.
constexpr int kMaximumKnown = 10;

QString cleanUrl(const QString& url) {
    QString u = url.trimmed();
    while (u.endsWith(QLatin1Char('/')))
        u.chop(1);
    return u;
}

// The URL as it is stored and as secrets are filed under: without its password.
QString addressOf(const QString& url) {
    return app::urlWithoutPassword(cleanUrl(url));
}

} // namespace

ServerConnection::ServerConnection(app::EngineClient& engine, QObject* parent)
    : QObject(parent), engine_(engine), query_(new app::ServerQuery(this)),
      keys_(new ApiKeyStore(this)) {
    connect(query_, &app::ServerQuery::answered, this,
            [this](const QString& url, const QStringList& models, double ms) {
                if (url != probeTarget_)
                    return;
                models_ = models;
                probeMs_ = ms;
                probeError_ = models.isEmpty()
                                  ? tr("server %1 serves no model").arg(app::redactedUrl(url))
                                  : QString();
                emit probeChanged();
            });
    connect(query_, &app::ServerQuery::identified, this,
            [this](const QString& url, int kind, const QString& explanation) {
                if (url != probeTarget_)
                    return;
                probeKind_ = kind;
                kindNote_ = explanation;
            });
    connect(query_, &app::ServerQuery::failed, this,
            [this](const QString& url, const QString& message) {
                if (url != probeTarget_)
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
    return addressOf(QSettings().value(kUrlKey).toString()); // an older version's: no password
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

QVariantList ServerConnection::knownServers() const {
    QVariantList known = QSettings().value(kKnownKey).toList();
    // An older version remembered only the server used last.
    const QString last = rememberedUrl();
    const bool listed = std::any_of(known.cbegin(), known.cend(), [&](const QVariant& v) {
        return v.toMap().value(QStringLiteral("url")).toString() == last;
    });
    if (!last.isEmpty() && !listed)
        known.prepend(QVariantMap{{QStringLiteral("url"), last},
                                  {QStringLiteral("model"), rememberedModel()},
                                  {QStringLiteral("levels"), QSettings().value(kLevelsKey)},
                                  {QStringLiteral("serverDefault"), rememberedServerDefault()}});
    return known;
}

QVariantList ServerConnection::servers() const {
    const QString last = rememberedUrl();
    const app::ServerSession& session = engine_.serverSession();
    const QString inUse = session.connected() ? addressOf(session.url()) : QString();
    QVariantList out;
    for (const QVariant& v : knownServers()) {
        const QVariantMap stored = v.toMap();
        const QString url = stored.value(QStringLiteral("url")).toString();
        out.append(QVariantMap{{QStringLiteral("url"), url},
                               {QStringLiteral("model"), stored.value(QStringLiteral("model"))},
                               {QStringLiteral("last"), url == last},
                               {QStringLiteral("inUse"), url == inUse}});
    }
    return out;
}

void ServerConnection::rememberInUse(const QString& address) {
    QVariantList known = knownServers();
    known.erase(std::remove_if(known.begin(), known.end(),
                               [&](const QVariant& v) {
                                   return v.toMap().value(QStringLiteral("url")).toString() ==
                                          address;
                               }),
                known.end());
    QSettings settings;
    known.prepend(QVariantMap{{QStringLiteral("url"), address},
                              {QStringLiteral("model"), settings.value(kModelKey)},
                              {QStringLiteral("levels"), settings.value(kLevelsKey)},
                              {QStringLiteral("serverDefault"), settings.value(kDefaultLevelKey)}});
    while (known.size() > kMaximumKnown)
        known.removeLast();
    settings.setValue(kKnownKey, known);
}

void ServerConnection::connectRemembered(const QString& url) {
    const QString address = addressOf(url);
    for (const QVariant& v : knownServers()) {
        const QVariantMap entry = v.toMap();
        if (entry.value(QStringLiteral("url")).toString() != address)
            continue;
        QList<int> levels;
        for (const QString& part : entry.value(QStringLiteral("levels"))
                                       .toString()
                                       .split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (const int level = part.toInt(); level > 0)
                levels << level;
        const QString model = entry.value(QStringLiteral("model")).toString();
        const bool serverDefault = entry.value(QStringLiteral("serverDefault")).toBool();
        connecting_ = true; // shown while the keyring is read
        connectError_.clear();
        emit connectingChanged();
        readSecrets(address, [this, address, model, levels, serverDefault] {
            connectTo(address, model, {}, levels, serverDefault);
        });
        return;
    }
}

void ServerConnection::forgetServer(const QString& url) {
    const QString address = addressOf(url);
    QVariantList known = knownServers();
    known.erase(std::remove_if(known.begin(), known.end(),
                               [&](const QVariant& v) {
                                   return v.toMap().value(QStringLiteral("url")).toString() ==
                                          address;
                               }),
                known.end());
    QSettings settings;
    settings.setValue(kKnownKey, known);
    if (rememberedUrl() == address) {
        // Not reconnected at the next start, and the dialog no longer proposes it.
        for (const QString& key : {kUrlKey, kModelKey, kLevelsKey, kDefaultLevelKey, kActiveKey})
            settings.remove(key);
    }
    keys_->remove(address);
    sessionKeys_.remove(address);
    if (app::urlLacksPassword(address)) {
        keys_->remove(ApiKeyStore::passwordEntry(address));
        sessionPasswords_.remove(address);
    }
    emit rememberedChanged();
}

QList<int> ServerConnection::suggestedLevels() const {
    if (probeKind_ == static_cast<int>(remote::ServerKind::Vllm))
        return {70, 140, 280, 560, 1120};
    return {280}; // Gemma 4's default max_soft_tokens
}

QString ServerConnection::knownKey(const QString& url) const {
    return sessionKeys_.value(addressOf(url));
}

QString ServerConnection::withKnownPassword(const QString& url) const {
    const QString u = cleanUrl(url);
    return app::urlLacksPassword(u) ? app::withUrlPassword(u, sessionPasswords_.value(u)) : u;
}

void ServerConnection::setKeyStore(ApiKeyStore* store) {
    delete keys_;
    keys_ = store;
    keys_->setParent(this);
}

void ServerConnection::probe(const QString& url, const QString& typedKey) {
    const QString u = cleanUrl(url);
    probedUrl_ = addressOf(u);
    probeTarget_ = withKnownPassword(u);
    models_.clear();
    probeError_.clear();
    probeKind_ = 0;
    kindNote_.clear();
    if (u.isEmpty())
        query_->cancel();
    else
        query_->start(probeTarget_, typedKey.isEmpty() ? knownKey(u) : typedKey, true);
    emit probeChanged();
}

void ServerConnection::lookUpKey(const QString& url) {
    const QString address = addressOf(url);
    keyUrl_ = address;
    emit keyChanged();
    if (address.isEmpty())
        return;
    keys_->read(address, [this, address](const QString& key, const QString& problem) {
        if (!key.isEmpty())
            sessionKeys_.insert(address, key);
        if (address == keyUrl_)
            setKeyNote(address, problem);
    });
    if (!app::urlLacksPassword(address))
        return;
    keys_->read(ApiKeyStore::passwordEntry(address), [this, address](const QString& password,
                                                                     const QString&) {
        if (password.isEmpty() || sessionPasswords_.value(address) == password)
            return;
        sessionPasswords_.insert(address, password);
        // The URL was asked for its models before the password came from the keyring (a
        // server behind Basic authentication refused it): ask again with it.
        if (address == probedUrl_ && !app::urlLacksPassword(withKnownPassword(address)) &&
            probeTarget_ != withKnownPassword(address))
            probe(address, {});
    });
}

void ServerConnection::setKeyNote(const QString& url, const QString& problem) {
    keyUrl_ = url;
    if (!problem.isEmpty())
        keyringMissing_ = true;
    if (keyringMissing_)
        keyNote_ = tr("No system keyring could be used (%1): a key typed here, or a password in "
                      "the URL, is kept for this session only and asked for again at the next "
                      "start (or set FACET_API_KEY).")
                       .arg(problem.isEmpty() ? tr("it did not answer before") : problem);
    else if (hasStoredKey())
        keyNote_ = tr("The key for this server is in the system keyring.");
    else
        keyNote_ = tr("A key typed here, and a password in the URL, are kept in the system "
                      "keyring, never in Facet's files.");
    emit keyChanged();
}

void ServerConnection::keepKey(const QString& apiBase, const QString& key) {
    sessionKeys_.insert(apiBase, key);
    keys_->write(apiBase, key,
                 [this, apiBase](const QString& problem) { setKeyNote(apiBase, problem); });
}

void ServerConnection::keepPassword(const QString& address, const QString& password) {
    sessionPasswords_.insert(address, password);
    keys_->write(ApiKeyStore::passwordEntry(address), password,
                 [this, address](const QString& problem) { setKeyNote(address, problem); });
}

void ServerConnection::connectTo(const QString& url, const QString& model, const QString& typedKey,
                                 const QList<int>& levels, bool serverDefault) {
    const QString u = cleanUrl(url);
    connecting_ = true;
    connectError_.clear();
    pendingKey_ = typedKey;
    pendingPassword_ = app::urlPassword(u);
    emit connectingChanged();
    engine_.serverSession().connectServer(withKnownPassword(u), model,
                                          typedKey.isEmpty() ? knownKey(u) : typedKey, levels,
                                          serverDefault);
}

void ServerConnection::restoreAtStart(std::function<void()> otherwise) {
    QSettings settings;
    QString url = settings.value(kUrlKey).toString();
    // An older version stored the URL as typed, password and all: the password moves to the
    // keyring and the settings keep the URL without it.
    if (const QString typed = app::urlPassword(url); !typed.isEmpty()) {
        url = addressOf(url);
        settings.setValue(kUrlKey, url);
        settings.sync();
        keepPassword(url, typed);
    }
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
    readSecrets(url, [this, url] {
        engine_.serverSession().connectServer(withKnownPassword(url), rememberedModel(),
                                              knownKey(url), rememberedLevels(),
                                              rememberedServerDefault());
    });
}

void ServerConnection::readSecrets(const QString& url, std::function<void()> then) {
    keys_->read(url, [this, url, then](const QString& key, const QString& problem) {
        if (!key.isEmpty())
            sessionKeys_.insert(url, key);
        setKeyNote(url, problem);
        if (!app::urlLacksPassword(withKnownPassword(url))) {
            then();
            return;
        }
        keys_->read(ApiKeyStore::passwordEntry(url),
                    [this, url, then](const QString& password, const QString&) {
                        if (!password.isEmpty())
                            sessionPasswords_.insert(url, password);
                        then();
                    });
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
        emit rememberedChanged(); // no server in use now (Settings → Servers)
        if (!startNote_.isEmpty())
            engine_.model().setLoadProblem(std::exchange(startNoteUrl_, {}),
                                           std::exchange(startNote_, {}));
        return;
    }
    QStringList levels;
    for (int level : engine_.model().info().detailLevels)
        levels << QString::number(level);
    const QString address = addressOf(engine_.serverSession().url());
    settings.setValue(kUrlKey, address);
    settings.setValue(kModelKey, engine_.model().info().name);
    settings.setValue(kLevelsKey, levels.join(QLatin1Char(',')));
    settings.setValue(kDefaultLevelKey, engine_.serverSession().serverDefaultLevel());
    settings.setValue(kActiveKey, true);
    rememberInUse(address);
    emit rememberedChanged();
    if (const QString key = std::exchange(pendingKey_, {}); !key.isEmpty())
        keepKey(address, key);
    if (const QString password = std::exchange(pendingPassword_, {}); !password.isEmpty())
        keepPassword(address, password);
    otherwise_ = nullptr;
    connecting_ = false;
    connectError_.clear();
    emit connectingChanged();
    emit connected();
}

void ServerConnection::onConnectFailed(const QString& url, const QString& message) {
    QSettings().setValue(kConnectingKey, false);
    pendingKey_.clear();
    pendingPassword_.clear();
    connecting_ = false;
    connectError_ = message;
    emit connectingChanged();
    if (otherwise_) { // at start: the folder used last, or the demo model, instead
        startNoteUrl_ = addressOf(url);
        startNote_ = tr("%1\nThe server in use when Facet last ended could not be used, so a "
                        "local model was loaded instead. Server… in the status line to retry.")
                         .arg(message);
        std::exchange(otherwise_, nullptr)();
    }
}

} // namespace facet::ui
