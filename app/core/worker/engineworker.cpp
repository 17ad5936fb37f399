#include "core/worker/engineworker.h"

#include "core/worker/batchingsink.h"
#include "core/worker/comparesink.h"

#include "generate/stats_json.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <nlohmann/json.hpp>

#include <exception>

namespace facet::app {

QJsonObject statsToJson(const generate::Stats& s) {
    // Same keys as `facet-cli ask --json`: one serializer, in the engine.
    const std::string json = generate::statsToJson(s).dump();
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

EngineWorker::EngineWorker(std::unique_ptr<EngineBackend> backend, QObject* parent)
    : QObject(parent), backend_(std::move(backend)) {
    qRegisterMetaType<facet::app::GenerateJob>();
    qRegisterMetaType<facet::app::CompareJob>();
    qRegisterMetaType<facet::generate::ModelInfo>();
    qRegisterMetaType<facet::generate::SamplingSettings>();
    qRegisterMetaType<facet::generate::PhaseEvent>();
    qRegisterMetaType<facet::ErrorInfo>();
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::requestStop(quint64 upToId) {
    cancels_.cancelUpTo(upToId);
}

void EngineWorker::loadModel(quint64 id, const QString& modelDir, int deviceId,
                             const QString& runtimeLibrary) {
    const auto cancel = cancels_.begin(id);
    generate::LoadOptions options;
    options.modelDir = modelDir.toStdString();
    options.deviceId = deviceId;
    if (!runtimeLibrary.isEmpty())
        options.runtimeLibrary = runtimeLibrary.toStdString();
    try {
        backend_->load(
            options,
            [&](const generate::LoadProgress& p) {
                emit loadProgress(id, QString::fromStdString(p.step), p.fraction);
            },
            cancel->flag);
        emit modelLoaded(id, backend_->info(), backend_->defaultSampling());
    } catch (const std::exception& e) {
        emit loadFailed(id, QString::fromStdString(e.what()), backend_->loaded(), errorInfo(e));
    }
    cancels_.end(id);
}

void EngineWorker::connectServer(quint64 id, const remote::ConnectOptions& options) {
    const auto cancel = cancels_.begin(id);
    emit loadProgress(id, tr("Connecting"), 0);
    ServerSwitch* const servers = backend_->servers();
    if (!servers) { // the client asks capabilities() first; this is the worker's own guard
        const QString message = tr("This engine cannot use a server");
        emit loadFailed(id, message, backend_->loaded(),
                        errorInfo(ErrorKind::BadInput, message.toStdString()));
        cancels_.end(id);
        return;
    }
    try {
        servers->connectServer(options, cancel->flag);
        emit serverConnected(id, QString::fromStdString(servers->serverUrl()),
                             servers->serverRoundTripMs());
        emit modelLoaded(id, backend_->info(), backend_->defaultSampling());
    } catch (const std::exception& e) {
        emit loadFailed(id, QString::fromStdString(e.what()), backend_->loaded(), errorInfo(e));
    }
    cancels_.end(id);
}

void EngineWorker::preencode(quint64 id, const std::vector<generate::ImageInput>& images) {
    const auto cancel = cancels_.begin(id);
    generate::PreencodeResult result;
    if (!cancel->flag.load() && backend_->loaded() && backend_->capabilities().visionCache) {
        try {
            result = backend_->preencode(images, cancel->flag);
        } catch (const std::exception& e) { // the request that sends them will say it again
            result.problems.push_back(e.what());
        }
    } else {
        result.cancelled = true;
    }
    cancels_.end(id);
    QStringList problems;
    for (const auto& p : result.problems)
        problems << QString::fromStdString(p);
    emit preencoded(id, result.encoded, result.alreadyCached, result.cancelled, problems);
}

void EngineWorker::setVisionCacheLimit(quint64 maxBytes) {
    backend_->setVisionCacheLimit(static_cast<std::size_t>(maxBytes));
}

void EngineWorker::countPrompt(quint64 id, const QString& sessionKey,
                               const generate::Request& request) {
    std::optional<generate::PromptCount> count;
    QString problem;
    if (backend_->loaded()) {
        try {
            count = backend_->countPrompt(sessionKey.toStdString(), request);
        } catch (const std::exception& e) { // the Send would be refused the same way
            problem = QString::fromStdString(e.what());
        }
    }
    if (count)
        emit promptCounted(id, true, count->promptTokens, count->imageTokens, count->positions, {});
    else
        emit promptCounted(id, false, 0, 0, 0, problem);
}

void EngineWorker::runJob(const GenerateJob& job) {
    if (!backend_->loaded()) {
        const QString message = tr("No model loaded");
        emit failed(job.id, message, {}, errorInfo(ErrorKind::Other, message.toStdString()));
        return;
    }
    const auto cancel = cancels_.begin(job.id);
    try {
        BatchingSink sink(*this, job.id, batchMs_.load());
        backend_->generate(job.sessionKey.toStdString(), job.request, sink, cancel->flag);
    } catch (const std::exception& e) {
        // generate() reports runtime failures through the sink; this is session creation.
        emit failed(job.id, QString::fromStdString(e.what()), {}, errorInfo(e));
    }
    cancels_.end(job.id);
}

void EngineWorker::runCompare(const CompareJob& job) {
    if (!backend_->loaded()) {
        const QString message = tr("No model loaded");
        emit compareEnded(job.id, message, errorInfo(ErrorKind::Other, message.toStdString()));
        return;
    }
    if (!backend_->capabilities().compare) {
        const QString message = tr("This engine cannot compare detail levels");
        emit compareEnded(job.id, message, errorInfo(ErrorKind::BadInput, message.toStdString()));
        return;
    }
    const auto cancel = cancels_.begin(job.id);
    ErrorInfo error;
    try {
        CompareBatchingSink sink(*this, job.id, batchMs_.load());
        backend_->compare(job.sessionKey.toStdString(), job.request, sink, cancel->flag);
    } catch (const std::exception& e) {
        // Before any column: the levels, the images or the session (generate/compare.h).
        error = errorInfo(e);
    }
    cancels_.end(job.id);
    emit compareEnded(job.id, QString::fromStdString(error.message), error);
}

namespace {

QJsonObject toQt(const nlohmann::json& j) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}

QJsonObject stepJson(const generate::SmokeStep& s) {
    nlohmann::json details = nlohmann::json::array();
    for (const auto& d : s.details)
        details.push_back(d);
    return toQt({{"id", s.id},
                 {"title", s.title},
                 {"status", generate::toString(s.status)},
                 {"ms", s.ms},
                 {"message", s.message},
                 {"details", details}});
}

} // namespace

void EngineWorker::runSmokeTest(quint64 id, const QString& modelDir, int deviceId,
                                const QString& runtimeLibrary) {
    const auto cancel = cancels_.begin(id);
    generate::SmokeOptions options;
    options.modelDir = modelDir.toStdString();
    options.deviceId = deviceId;
    if (!runtimeLibrary.isEmpty())
        options.runtimeLibrary = runtimeLibrary.toStdString();
    generate::SmokeProgress progress;
    progress.stepStarted = [&](int index, int count, const generate::SmokeStep& step) {
        emit smokeStep(id, index, count, stepJson(step), false);
    };
    progress.stepFinished = [&](int index, int count, const generate::SmokeStep& step) {
        emit smokeStep(id, index, count, stepJson(step), true);
    };
    generate::SmokeReport report;
    try {
        report = backend_->smokeTest(options, progress, cancel->flag);
    } catch (const std::exception& e) {
        // Qt does not catch exceptions out of a queued call: one here (bad_alloc, a runtime
        // library's own) ended the app (issue #56 item 10). The report says it instead, and the
        // client loads the model again as after any smoke test.
        generate::SmokeStep step;
        step.id = "smoke_test";
        step.title = "The smoke test ran to its end";
        step.status = generate::SmokeStep::Status::Fail;
        step.message = e.what();
        report.folder.directory = options.modelDir.string();
        report.steps.push_back(std::move(step));
    }
    emit smokeFinished(id, toQt(generate::smokeReportToJson(report)));
    cancels_.end(id);
}

} // namespace facet::app
