#include "core/worker/serverquery.h"

#include "remote/remote_engine.h"

#include <QMetaObject>

#include <chrono>

namespace facet::app {

ServerQuery::ServerQuery(QObject* parent) : QObject(parent) {}

ServerQuery::~ServerQuery() {
    for (const auto& r : threads_) {
        r->stop->store(true);
        if (r->thread.joinable())
            r->thread.join();
    }
}

void ServerQuery::cancel() {
    ++generation_;
    running_ = false;
    for (const auto& r : threads_)
        r->stop->store(true);
}

void ServerQuery::reap() {
    // A thread whose stop flag is set has been told to end; join the ones that did.
    for (auto it = threads_.begin(); it != threads_.end();) {
        if ((*it)->stop->load() && (*it)->thread.joinable()) {
            (*it)->thread.join();
            it = threads_.erase(it);
        } else {
            ++it;
        }
    }
}

void ServerQuery::start(const QString& url, const QString& apiKey) {
    cancel();
    reap();
    const quint64 generation = ++generation_;
    running_ = true;
    auto run = std::make_shared<Running>();
    run->stop = std::make_shared<std::atomic<bool>>(false);
    remote::ConnectOptions options;
    options.url = url.trimmed().toStdString();
    if (!apiKey.isEmpty())
        options.apiKey = apiKey.toStdString();
    options.firstByteTimeout = std::chrono::seconds(20); // a model list is answered at once
    // The thread only posts to `this`: the destructor joins it first, and Qt drops events
    // posted to an object that is gone.
    run->thread = std::thread([this, generation, url, options, stop = run->stop] {
        QStringList models;
        QString error;
        const auto start = std::chrono::steady_clock::now();
        try {
            for (const auto& m : remote::listServedModels(options, *stop))
                models << QString::fromStdString(m.id);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        stop->store(true); // done: the owner may join this thread
        // Delivered on the owner's thread; dropped when asked again meanwhile.
        QMetaObject::invokeMethod(
            this,
            [this, generation, url, models, error, ms] {
                if (generation != generation_)
                    return;
                running_ = false;
                if (error.isEmpty())
                    emit answered(url, models, ms);
                else
                    emit failed(url, error);
            },
            Qt::QueuedConnection);
    });
    threads_.append(run);
}

} // namespace facet::app
