#include "core/worker/serversession.h"

#include "core/support/redaction.h"
#include "core/worker/serverquery.h"
#include "remote/chat_request.h"
#include "remote/remote_engine.h"

namespace facet::app {

ServerSession::ServerSession(EngineWorker& worker, ModelLoader& model, bool supported,
                             QObject* parent)
    : QObject(parent), worker_(worker), model_(model), supported_(supported),
      ping_(new ServerQuery(this)), health_(new ServerQuery(this)) {
    connect(&worker_, &EngineWorker::serverConnected, this,
            [this](quint64 id, const QString&, double roundTripMs) {
                if (!connecting_.contains(id))
                    return;
                roundTripMs_ = roundTripMs;
                setAnswering(true, {});
            });
    // Whatever load the worker put in use, the newest or one a newer load replaced: a server's
    // key and level choice come with it, a folder's model has none.
    connect(&model_, &ModelLoader::modelInUse, this, [this](quint64 id) {
        const bool wasDefault = serverDefaultLevel();
        const Connecting server = connecting_.value(id);
        key_ = server.key;
        serverDefault_ = server.serverDefault;
        // Loads are answered in order: every connect before this one has been answered.
        connecting_.removeIf(
            [id](QHash<quint64, Connecting>::iterator it) { return it.key() <= id; });
        if (wasDefault != serverDefaultLevel())
            emit serverDefaultLevelChanged();
    });
    connect(&model_, &ModelLoader::loadFailed, this,
            [this](const QString& target, const QString& message, ModelLoader::Source source) {
                const quint64 id = model_.loadId();
                connecting_.removeIf(
                    [id](QHash<quint64, Connecting>::iterator it) { return it.key() <= id; });
                if (source == ModelLoader::Source::Server && !message.isEmpty())
                    emit connectFailed(target, message);
            });
    connect(&model_, &ModelLoader::stateChanged, this, &ServerSession::connectedChanged);
    // A model kept by a failed load may be a server that a replaced connect put in use.
    connect(&model_, &ModelLoader::stateChanged, this, &ServerSession::serverDefaultLevelChanged);
    // The status line says whether the server answers now: measured every interval while one
    // is in use (10 s: a GET /v1/models is a few hundred bytes; was 30 s in the status bar,
    // which showed a dead server's last good round trip for that long).
    check_.setInterval(10'000);
    connect(&check_, &QTimer::timeout, this, &ServerSession::measureRoundTrip);
    connect(this, &ServerSession::connectedChanged, this, [this] {
        if (!connected())
            check_.stop();
        else if (!check_.isActive())
            check_.start();
    });
    connect(ping_, &ServerQuery::answered, this,
            [this](const QString& url, const QStringList&, double ms) {
                if (!connected() || url != model_.modelDir())
                    return;
                roundTripMs_ = ms;
                setAnswering(true, {});
            });
    // A server that stopped answering must not keep showing its last good round trip.
    connect(ping_, &ServerQuery::failed, this, [this](const QString& url, const QString& message) {
        if (connected() && url == model_.modelDir())
            setAnswering(false, message);
    });
    connect(health_, &ServerQuery::health, this,
            [this](const QString& url, bool up, const QString& message) {
                if (connected() && url == model_.modelDir())
                    setAnswering(up, message);
            });
}

QString ServerSession::displayUrl() const {
    return redactedUrl(url());
}

void ServerSession::setAnswering(bool up, const QString& note) {
    answering_ = up;
    healthNote_ = redactedText(note, key_);
    emit roundTripChanged();
}

void ServerSession::connectServer(const QString& url, const QString& model, const QString& apiKey,
                                  const QList<int>& levels, bool serverDefault) {
    if (!supported_) { // nothing changes: the model in use stays
        const QString message = tr("This engine cannot use a server");
        model_.setLoadProblem(url.trimmed(), message);
        emit connectFailed(url.trimmed(), message);
        return;
    }
    const quint64 id =
        model_.beginLoad(url.trimmed(), QString(), ModelLoader::Source::Server, tr("Connecting"));
    connecting_.insert(id, {apiKey, serverDefault});
    remote::ConnectOptions options;
    options.url = model_.loadingDir().toStdString();
    if (!model.isEmpty())
        options.servedModel = model.toStdString();
    if (!apiKey.isEmpty())
        options.apiKey = apiKey.toStdString();
    if (!levels.isEmpty())
        options.levels.assign(levels.begin(), levels.end());
    QMetaObject::invokeMethod(
        &worker_, [w = &worker_, id, options] { w->connectServer(id, options); },
        Qt::QueuedConnection);
}

void ServerSession::measureRoundTrip() {
    if (connected())
        ping_->start(model_.modelDir(), key_);
}

int ServerSession::checkIntervalMs() const {
    return check_.interval();
}

void ServerSession::setCheckIntervalMs(int ms) {
    check_.setInterval(ms);
}

void ServerSession::replyArrived() {
    if (connected() && !answering_)
        measureRoundTrip();
}

void ServerSession::adjust(generate::Request& request) const {
    if (!serverDefaultLevel())
        return;
    const auto toDefault = [](std::vector<generate::UserPart>& parts) {
        for (auto& part : parts)
            if (part.kind == generate::UserPart::Kind::Image)
                part.image.level = remote::kServerDefaultLevel;
    };
    for (auto& turn : request.history)
        toDefault(turn.parts);
    toDefault(request.newUserTurn);
}

void ServerSession::requestFailed(const ErrorInfo& error) {
    if (!connected() || error.kind != ErrorKind::Server)
        return;
    if (remote::isMmKwargsGate(error) && !serverDefault_) {
        serverDefault_ = true;
        emit serverDefaultLevelChanged();
        emit notice(tr("%1 does not accept a detail level per request (it was started without "
                       "--trust-request-mm-kwargs). Facet now sends none: the server's default "
                       "level applies. Regenerate to ask again; restart the server with "
                       "--trust-request-mm-kwargs to choose levels.")
                        .arg(displayUrl()));
        return;
    }
    // vllm-rbln's engine may stop on a level it was not compiled for, and a server that went
    // away answers nothing at all (httpStatus 0): is it still there?
    if (error.failedMidReply || error.httpStatus >= 500 || error.httpStatus == 0)
        health_->checkHealth(model_.modelDir(), key_);
}

} // namespace facet::app
