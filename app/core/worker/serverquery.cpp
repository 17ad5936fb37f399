#include "core/worker/serverquery.h"

#include "remote/remote_engine.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace facet::app {

// What one question found; built on a pool thread, read on the owner's.
struct ServerQuery::Answer {
    bool health = false; // a GET /health (checkHealth), else GET /v1/models
    QStringList models;
    QString error; // for health: the check's message
    double ms = 0;
    bool up = false; // health: answered 2xx
    bool identified = false;
    int kind = 0;
    QString explanation;
};

namespace {

remote::ConnectOptions queryOptions(const QString& url, const QString& apiKey) {
    remote::ConnectOptions options;
    options.url = url.trimmed().toStdString();
    if (!apiKey.isEmpty())
        options.apiKey = apiKey.toStdString();
    options.firstByteTimeout = std::chrono::seconds(20); // these are answered at once
    return options;
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

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

void ServerQuery::start(const QString& url, const QString& apiKey, bool identify) {
    run(url, [options = queryOptions(url, apiKey), identify](const std::atomic<bool>& stop) {
        Answer answer;
        const auto start = std::chrono::steady_clock::now();
        try {
            for (const auto& m : remote::listServedModels(options, stop))
                answer.models << QString::fromStdString(m.id);
        } catch (const std::exception& e) {
            answer.error = QString::fromStdString(e.what());
        }
        answer.ms = msSince(start);
        if (identify && answer.error.isEmpty()) {
            try { // a server that lists models but fails /version is usable: its kind unknown
                const remote::ServerIdentity id = remote::queryServerIdentity(options, stop);
                answer.kind = static_cast<int>(id.kind);
                answer.explanation = QString::fromStdString(id.explanation);
            } catch (const std::exception& e) {
                answer.explanation = QString::fromStdString(e.what());
            }
            answer.identified = true;
        }
        return answer;
    });
}

void ServerQuery::checkHealth(const QString& url, const QString& apiKey) {
    run(url, [options = queryOptions(url, apiKey)](const std::atomic<bool>& stop) {
        const remote::HealthCheck check = remote::checkServerHealth(options, stop);
        Answer answer;
        answer.health = true;
        answer.up = check.up;
        answer.error = QString::fromStdString(check.message);
        answer.ms = check.roundTripMs;
        return answer;
    });
}

void ServerQuery::run(const QString& url, std::function<Answer(const std::atomic<bool>&)> task) {
    cancel();
    const quint64 generation = generation_;
    running_ = true;
    stop_ = std::make_shared<std::atomic<bool>>(false);
    auto* watcher = new QFutureWatcher<Answer>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, url] {
        watcher->deleteLater();
        if (generation != generation_) // asked again or cancelled meanwhile
            return;
        running_ = false;
        const Answer answer = watcher->result();
        if (answer.health)
            emit health(url, answer.up, answer.error);
        else {
            if (answer.identified)
                emit identified(url, answer.kind, answer.explanation);
            if (answer.error.isEmpty())
                emit answered(url, answer.models, answer.ms);
            else
                emit failed(url, answer.error);
        }
    });
    watcher->setFuture(
        QtConcurrent::run([task = std::move(task), stop = stop_] { return task(*stop); }));
}

} // namespace facet::app
