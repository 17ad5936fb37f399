#include "core/worker/serversession.h"

#include "core/worker/serverquery.h"

namespace facet::app {

ServerSession::ServerSession(EngineWorker& worker, ModelLoader& model, bool supported,
                             QObject* parent)
    : QObject(parent), worker_(worker), model_(model), supported_(supported),
      ping_(new ServerQuery(this)) {
    connect(&worker_, &EngineWorker::serverConnected, this,
            [this](quint64 id, const QString&, double roundTripMs) {
                if (id != model_.loadId())
                    return;
                roundTripMs_ = roundTripMs;
                emit roundTripChanged();
            });
    connect(&model_, &ModelLoader::modelLoaded, this, [this] {
        key_ = model_.fromServer() ? loadingKey_ : QString();
        loadingKey_.clear();
    });
    connect(&model_, &ModelLoader::loadFailed, this,
            [this](const QString& target, const QString& message, ModelLoader::Source source) {
                loadingKey_.clear();
                if (source == ModelLoader::Source::Server && !message.isEmpty())
                    emit connectFailed(target, message);
            });
    connect(&model_, &ModelLoader::stateChanged, this, &ServerSession::connectedChanged);
    connect(ping_, &ServerQuery::answered, this,
            [this](const QString& url, const QStringList&, double ms) {
                if (!connected() || url != model_.modelDir())
                    return;
                roundTripMs_ = ms;
                emit roundTripChanged();
            });
}

void ServerSession::connectServer(const QString& url, const QString& model, const QString& apiKey,
                                  const QList<int>& levels) {
    if (!supported_) { // nothing changes: the model in use stays
        const QString message = tr("This engine cannot use a server");
        model_.setLoadProblem(url.trimmed(), message);
        emit connectFailed(url.trimmed(), message);
        return;
    }
    const quint64 id =
        model_.beginLoad(url.trimmed(), QString(), ModelLoader::Source::Server, tr("Connecting"));
    loadingKey_ = apiKey;
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

} // namespace facet::app
