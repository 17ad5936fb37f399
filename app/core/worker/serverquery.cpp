#include "core/worker/serverquery.h"

#include "remote/remote_engine.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace facet::app {

namespace {

// What one question found; built on a pool thread, read on the owner's.
struct ServerAnswer {
    QStringList models;
    QString error;
    double ms = 0;
};

} // namespace

ServerQuery::ServerQuery(QObject* parent) : QObject(parent) {}

ServerQuery::~ServerQuery() {
    // No wait: the task holds only its own copies and the shared flag; its watcher (a child)
    // goes with this object, so its answer is never delivered.
    cancel();
}

void ServerQuery::cancel() {
    ++generation_;
    running_ = false;
    if (stop_)
        stop_->store(true);
    stop_.reset();
}

void ServerQuery::start(const QString& url, const QString& apiKey) {
    cancel();
    const quint64 generation = generation_;
    running_ = true;
    stop_ = std::make_shared<std::atomic<bool>>(false);
    remote::ConnectOptions options;
    options.url = url.trimmed().toStdString();
    if (!apiKey.isEmpty())
        options.apiKey = apiKey.toStdString();
    options.firstByteTimeout = std::chrono::seconds(20); // a model list is answered at once

    auto* watcher = new QFutureWatcher<ServerAnswer>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, url] {
        watcher->deleteLater();
        if (generation != generation_) // asked again or cancelled meanwhile
            return;
        running_ = false;
        const ServerAnswer answer = watcher->result();
        if (answer.error.isEmpty())
            emit answered(url, answer.models, answer.ms);
        else
            emit failed(url, answer.error);
    });
    watcher->setFuture(QtConcurrent::run([options, stop = stop_] {
        ServerAnswer answer;
        const auto start = std::chrono::steady_clock::now();
        try {
            for (const auto& m : remote::listServedModels(options, *stop))
                answer.models << QString::fromStdString(m.id);
        } catch (const std::exception& e) {
            answer.error = QString::fromStdString(e.what());
        }
        answer.ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return answer;
    }));
}

} // namespace facet::app
