#include "Sweep/sweepsession.h"

#include "Chat/chatsession.h"
#include "core/worker/engineclient.h"

#include "generate/compare.h"
#include "sweep/report.h"
#include "sweep/summary.h"
#include "sweep/thumbnail.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace facet::ui {

namespace {

namespace fs = std::filesystem;

// The last sweep started, so that Resume works after a restart (its runs are in runs.jsonl).
const char* const kInputsKey = "sweep/inputs";
const char* const kQuestionsKey = "sweep/questions";
const char* const kLevelsKey = "sweep/levels";
const char* const kOutKey = "sweep/out";
const char* const kFinishedKey = "sweep/finished";
// The sweep's own engine session: its KV cache never mixes with a conversation's.
const char* const kSessionKey = "facet-sweep";

QString localPath(const QString& input) {
    const QUrl url(input);
    return url.isLocalFile() ? url.toLocalFile() : input;
}

std::vector<std::string> questionLines(const QString& text) {
    std::vector<std::string> out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const std::string q = line.trimmed().toStdString();
        if (!q.empty() && std::find(out.begin(), out.end(), q) == out.end())
            out.push_back(q);
    }
    return out;
}

// The run's record from the worker's statistics (generate::statsToJson's keys): the turn's one
// image is the last in "images".
sweep::RunRecord recordFrom(const std::string& image, const std::string& question, int level,
                            const QJsonObject& s, const QString& reply, const QString& error) {
    sweep::RunRecord r;
    r.key = {image, question, level};
    r.answer = reply.toStdString();
    r.finishReason = s.value("finish_reason").toString().toStdString();
    const QJsonArray images = s.value("images").toArray();
    if (!images.isEmpty()) {
        const QJsonObject last = images.last().toObject();
        r.softTokens = last.value("soft_tokens").toInt();
        r.bucket = last.value("bucket").toInt();
    }
    r.promptTokens = s.value("prompt_tokens").toInt();
    r.generatedTokens = s.value("generated_tokens").toInt();
    r.reusedTokens = s.value("reused_tokens").toInt();
    r.ttftMs = s.value("ttft_ms").toDouble();
    r.tokensPerS = s.value("decode_tokens_per_s").toDouble();
    r.totalMs = s.value("total_ms").toDouble();
    if (!error.isEmpty())
        r.error = error.toStdString();
    return r;
}

} // namespace

struct SweepSession::Prepared {
    sweep::FoundImages found;
    std::unique_ptr<sweep::RunLog> log;
    QString error; // the folder or the log could not be opened
    std::size_t droppedBytes = 0;
};

SweepSession::SweepSession(app::EngineClient& engine, ChatSession& chat, QObject* parent)
    : QObject(parent), engine_(engine), chat_(chat), runs_(new SweepModel(this)) {
    pool_.setMaxThreadCount(1);
    using app::RequestStream;
    // The streamed answer, for a backend that ends a run without its full reply.
    connect(&engine_.requests(), &RequestStream::columnText, this,
            [this](quint64 id, int column, const QString& content) {
                if (id == job_)
                    streamed_[column] += content;
            });
    connect(&engine_.requests(), &RequestStream::textArrived, this,
            [this](quint64 id, const QString& content) {
                if (id == job_)
                    streamed_[0] += content;
            });
    connect(&engine_.requests(), &RequestStream::columnFinished, this,
            [this](quint64 id, int column, const QJsonObject& stats, const QString& reply) {
                onRunEnded(id, column, stats, reply, {});
            });
    connect(&engine_.requests(), &RequestStream::columnFailed, this,
            [this](quint64 id, int column, const QString& message, const QJsonObject& stats) {
                onRunEnded(id, column, stats, {}, message);
            });
    connect(&engine_.requests(), &RequestStream::compareEnded, this,
            [this](quint64 id, const QString& error) { onJobEnded(id, error); });
    // A level left alone (the others ran before a stop) runs as a single request.
    connect(&engine_.requests(), &RequestStream::finished, this,
            [this](quint64 id, const QJsonObject& stats, const QString& reply) {
                if (id != job_)
                    return;
                onRunEnded(id, 0, stats, reply, {});
                onJobEnded(id, {});
            });
    connect(&engine_.requests(), &RequestStream::failed, this,
            [this](quint64 id, const QString& message, const QJsonObject& stats) {
                if (id != job_)
                    return;
                onRunEnded(id, 0, stats, {}, message);
                onJobEnded(id, {});
            });
}

SweepSession::~SweepSession() {
    pool_.waitForDone(); // its tasks post back to this object
}

bool SweepSession::canResume() const {
    const QSettings s;
    return !busy() && s.contains(kOutKey) && !s.value(kFinishedKey).toBool();
}

QStringList SweepSession::lastInputs() const {
    return QSettings().value(kInputsKey).toStringList();
}

QString SweepSession::lastQuestions() const {
    return QSettings().value(kQuestionsKey).toString();
}

QList<int> SweepSession::lastLevels() const {
    QList<int> levels;
    for (const QVariant& v : QSettings().value(kLevelsKey).toList())
        levels.append(v.toInt());
    return levels;
}

QList<int> SweepSession::defaultLevels() const {
    QList<int> levels = engine_.model().detailLevels();
    std::sort(levels.begin(), levels.end());
    return levels;
}

QString SweepSession::newOutFolder() const {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("sweeps/") +
                  QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd_HH-mm-ss")));
}

QString SweepSession::startProblem(const QStringList& inputs, const QString& questions,
                                   const QList<int>& levels) const {
    if (!engine_.model().ready())
        return tr("No model loaded");
    if (busy())
        return tr("A sweep is running");
    if (chat_.busy() || chat_.held())
        return tr("Wait for the reply to end (or stop it) first");
    if (inputs.isEmpty())
        return tr("Choose images or a folder of images");
    if (questionLines(questions).empty())
        return tr("Write a question");
    const QList<int> compiled = engine_.model().detailLevels();
    const auto problem = generate::compareLevelsProblem({levels.begin(), levels.end()},
                                                        {compiled.begin(), compiled.end()});
    return problem ? QString::fromStdString(*problem) : QString();
}

bool SweepSession::start(const QStringList& inputs, const QString& questions,
                         const QList<int>& levels, const QString& outFolder) {
    const QString problem = startProblem(inputs, questions, levels);
    if (!problem.isEmpty()) {
        emit notice(tr("Cannot sweep: %1").arg(problem));
        return false;
    }
    QSettings settings;
    settings.setValue(kInputsKey, inputs);
    settings.setValue(kQuestionsKey, questions);
    QVariantList levelList;
    for (int l : levels)
        levelList.append(l);
    settings.setValue(kLevelsKey, levelList);
    settings.setValue(kOutKey, outFolder);
    settings.setValue(kFinishedKey, false);

    levels_ = levels;
    std::sort(levels_.begin(), levels_.end());
    questions_ = questionLines(questions);
    outFolder_ = outFolder;
    // Greedy: a sweep asks what each level can see, not what it may draw (as the CLI).
    settings_ = {};
    settings_.source = fs::weakly_canonical(engine_.model().modelDir().toStdString()).string();
    if (engine_.model().fromServer())
        settings_.source = engine_.model().modelDir().toStdString();
    settings_.sampling = "greedy";
    settings_.maxNewTokens = engine_.model().defaultSampling().maxNewTokens;
    settings_.repetitionGuard = engine_.model().defaultSampling().stopOnRepetition;
    preparing_ = true;
    stopping_ = false;
    reportReady_ = false;
    done_ = total_ = 0;
    skipped_.clear();
    skippedImages_.clear();
    summary_.clear();
    recommendation_.clear();
    runs_->reset({}, {}, {}, 0);
    setStatus(tr("Looking for images…"));
    emit resultsChanged();
    emit progressChanged();

    std::vector<fs::path> paths;
    for (const QString& input : inputs)
        paths.emplace_back(localPath(input).toStdString());
    const fs::path out = outFolder.toStdString();
    const sweep::SweepSettings runSettings = settings_;
    pool_.start([this, paths, out, runSettings] {
        auto p = std::make_shared<Prepared>();
        p->found = sweep::findImages(paths);
        try {
            fs::create_directories(out);
            p->log = std::make_unique<sweep::RunLog>(
                sweep::RunLog::open(out / "runs.jsonl", runSettings));
            p->droppedBytes = p->log->droppedBytes();
        } catch (const std::exception& e) {
            p->error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, p] { prepared(p); }, Qt::QueuedConnection);
    });
    emit stateChanged();
    return true;
}

bool SweepSession::resume() {
    const QSettings s;
    if (!s.contains(kOutKey))
        return false;
    return start(lastInputs(), lastQuestions(), lastLevels(), s.value(kOutKey).toString());
}

void SweepSession::prepared(const std::shared_ptr<Prepared>& p) {
    preparing_ = false;
    if (!p->error.isEmpty()) {
        setStatus(tr("The sweep could not start: %1").arg(p->error));
        emit notice(status_);
        emit stateChanged();
        return;
    }
    log_ = std::move(p->log);
    skippedImages_ = p->found.skipped;
    for (const auto& s : skippedImages_)
        skipped_.append(QString::fromStdString(s.reason));
    images_.clear();
    for (const fs::path& image : p->found.images)
        images_.push_back(image.string());
    runs_->reset(images_, questions_, levels_, levels_.back());
    std::set<sweep::RunKey> finished;
    for (const sweep::RunRecord& r : sweep::latest(log_->runs())) {
        runs_->setRun(r);
        if (r.done())
            finished.insert(r.key);
    }
    jobs_.clear();
    total_ = int(images_.size() * questions_.size() * std::size_t(levels_.size()));
    done_ = 0;
    for (const std::string& image : images_)
        for (const std::string& question : questions_) {
            Job job{image, question, {}};
            for (int level : levels_) {
                if (finished.count({image, question, level}))
                    ++done_;
                else
                    job.levels.push_back(level);
            }
            if (!job.levels.empty())
                jobs_.push_back(std::move(job));
        }
    std::reverse(jobs_.begin(), jobs_.end()); // taken from the back, in scan order
    updateSummary();
    emit progressChanged();
    if (images_.empty()) {
        setStatus(tr("No image found to sweep"));
        emit stateChanged();
        return;
    }
    runNext();
}

void SweepSession::runNext() {
    if (!jobs_.empty() && !engine_.model().ready())
        stopping_ = true; // the model went away: what ran is kept, Resume goes on
    if (stopping_ || jobs_.empty()) {
        finish();
        return;
    }
    current_ = std::move(jobs_.back());
    jobs_.pop_back();
    generate::Request request;
    request.sampling = engine_.model().defaultSampling();
    request.sampling.doSample = false;
    request.newUserTurn.push_back(
        {generate::UserPart::Kind::Image, {}, {current_.image, current_.levels.front()}});
    request.newUserTurn.push_back({generate::UserPart::Kind::Text, current_.question, {}});
    streamed_.clear();
    if (current_.levels.size() == 1) {
        app::GenerateJob job;
        job.sessionKey = kSessionKey;
        job.request = std::move(request);
        job_ = engine_.requests().submit(std::move(job));
    } else {
        app::CompareJob job;
        job.sessionKey = kSessionKey;
        job.request.request = std::move(request);
        job.request.levels = current_.levels;
        job_ = engine_.requests().submitCompare(std::move(job));
    }
    currentImage_ = QFileInfo(QString::fromStdString(current_.image)).fileName();
    runs_->setRunning(current_.image, current_.question, current_.levels.front());
    setStatus(tr("Sweeping…"));
    emit progressChanged();
    emit stateChanged();
}

void SweepSession::onRunEnded(quint64 id, int column, const QJsonObject& stats,
                              const QString& reply, const QString& error) {
    if (id != job_ || column < 0 || std::size_t(column) >= current_.levels.size())
        return;
    const QString reason = stats.value("finish_reason").toString();
    // Stopped: not a result; the next sweep runs it again (as the CLI).
    if (reason == QLatin1String("cancelled") || (stopping_ && !error.isEmpty()))
        return;
    const int level = current_.levels[std::size_t(column)];
    // The engine's full reply, as `facet-cli sweep` records it; else what was streamed.
    const sweep::RunRecord run =
        recordFrom(current_.image, current_.question, level, stats,
                   reply.isEmpty() ? streamed_.value(column) : reply, error);
    try {
        log_->append(run); // first: what is shown is on disk
    } catch (const std::exception& e) {
        emit notice(tr("The sweep stopped: %1").arg(QString::fromStdString(e.what())));
        stop();
        return;
    }
    runs_->setRun(run);
    if (run.done())
        ++done_;
    if (std::size_t(column) + 1 < current_.levels.size())
        runs_->setRunning(current_.image, current_.question,
                          current_.levels[std::size_t(column) + 1]);
    updateSummary();
    emit progressChanged();
}

void SweepSession::onJobEnded(quint64 id, const QString& error) {
    if (id != job_)
        return;
    job_ = 0;
    if (!error.isEmpty() && !stopping_) {
        // Refused before any level ran: the pixels cannot be decoded though the header could.
        skippedImages_.push_back({current_.image, error.toStdString()});
        skipped_.append(error);
        runs_->setSkipped(current_.image, error);
        jobs_.erase(std::remove_if(jobs_.begin(), jobs_.end(),
                                   [this](const Job& j) { return j.image == current_.image; }),
                    jobs_.end());
    }
    runNext();
}

void SweepSession::stop() {
    if (preparing_) {
        stopping_ = true; // the runs do not start once the scan ends
        return;
    }
    if (!running())
        return;
    stopping_ = true;
    setStatus(tr("Stopping…"));
    engine_.requests().stop(job_);
}

void SweepSession::stopForQuit() {
    if (running())
        engine_.requests().stop(job_);
    job_ = 0;
    stopping_ = true;
}

void SweepSession::finish() {
    runs_->clearRunning();
    currentImage_.clear();
    // Every job went through (failed runs are tried again by the next start of this sweep).
    QSettings().setValue(kFinishedKey, !stopping_);
    if (stopping_)
        setStatus(tr("Stopped: %1 of %2 runs are kept in %3; Resume goes on from there.")
                      .arg(done_)
                      .arg(total_)
                      .arg(QDir::toNativeSeparators(outFolder_)));
    else
        setStatus(tr("Done: %1 of %2 runs. Writing the report…").arg(done_).arg(total_));
    updateSummary();

    // The report's files: summary.json, runs.csv, report.html (thumbnails decode the images).
    sweep::SweepResults results;
    results.settings = settings_;
    results.levels = {levels_.begin(), levels_.end()};
    results.reference = levels_.back();
    results.threshold = 0.95;
    results.questions = questions_;
    results.skipped = skippedImages_;
    std::set<std::string> images(images_.begin(), images_.end());
    for (const auto& s : skippedImages_)
        images.erase(s.path);
    results.images = images.size();
    results.plannedRuns = images.size() * questions_.size() * std::size_t(levels_.size());
    const std::set<std::string> questionSet(questions_.begin(), questions_.end());
    const std::set<int> levelSet(levels_.begin(), levels_.end());
    for (const auto& r : sweep::latest(log_->runs()))
        if (images.count(r.key.image) && questionSet.count(r.key.question) &&
            levelSet.count(r.key.level))
            results.runs.push_back(r);
    results.summary =
        sweep::summarize(results.runs, results.levels, results.reference, results.threshold);
    const fs::path out = outFolder_.toStdString();
    const int generation = ++reportGeneration_;
    const bool stopped = stopping_;
    pool_.start([this, results, out, generation, stopped] {
        QString error;
        try {
            const auto thumbnail = [](const std::string& image) {
                try {
                    return sweep::thumbnailDataUri(image);
                } catch (const std::exception&) {
                    return std::string(); // the report shows the pair without a picture
                }
            };
            sweep::writeFileAtomically(out / "summary.json",
                                       sweep::summaryJson(results).dump(2) + "\n");
            sweep::writeFileAtomically(out / "runs.csv", sweep::runsCsv(results));
            sweep::writeFileAtomically(out / "report.html", sweep::reportHtml(results, thumbnail));
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, error, generation, stopped] {
                if (generation != reportGeneration_)
                    return;
                if (!error.isEmpty()) {
                    emit notice(tr("The report could not be written: %1").arg(error));
                } else {
                    reportReady_ = true;
                    if (!stopped)
                        setStatus(tr("Done: %1 of %2 runs; the report is in %3.")
                                      .arg(done_)
                                      .arg(total_)
                                      .arg(QDir::toNativeSeparators(outFolder_)));
                }
                emit stateChanged();
            },
            Qt::QueuedConnection);
    });
    emit progressChanged();
    emit stateChanged();
}

void SweepSession::updateSummary() {
    if (!log_ || levels_.isEmpty())
        return;
    const std::set<std::string> images(images_.begin(), images_.end());
    std::vector<sweep::RunRecord> runs;
    for (const auto& r : sweep::latest(log_->runs()))
        if (images.count(r.key.image) &&
            std::find(questions_.begin(), questions_.end(), r.key.question) != questions_.end())
            runs.push_back(r);
    const sweep::SweepSummary s =
        sweep::summarize(runs, {levels_.begin(), levels_.end()}, levels_.back(), 0.95);
    summary_.clear();
    for (const sweep::LevelSummary& l : s.levels) {
        QVariantMap m;
        m["level"] = l.level;
        m["runs"] = l.runs;
        m["errors"] = l.errors;
        m["compared"] = l.compared;
        m["agreeing"] = l.agreeing;
        m["agreement"] = l.agreement;
        m["medianTtftMs"] = l.medianTtftMs;
        m["meanImageTokens"] = l.meanImageTokens;
        m["reference"] = l.level == s.reference;
        m["recommended"] = s.recommendation.level && *s.recommendation.level == l.level;
        summary_.append(m);
    }
    recommendation_ = QString::fromStdString(s.recommendation.text);
    emit resultsChanged();
}

void SweepSession::setStatus(const QString& status) {
    status_ = status;
    emit stateChanged();
}

bool SweepSession::openOutFolder() const {
    if (outFolder_.isEmpty())
        return false;
    return QDesktopServices::openUrl(QUrl::fromLocalFile(outFolder_));
}

} // namespace facet::ui
