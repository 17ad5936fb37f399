#include "Compare/comparesession.h"

#include "Attachments/attachmentmodel.h"
#include "Chat/chatsession.h"
#include "Chat/conversationmodel.h"
#include "Conversations/conversationlibrary.h"
#include "core/worker/engineclient.h"
#include "core/worker/requestbuilder.h"

#include "generate/compare.h"

#include <algorithm>
#include <exception>

namespace facet::ui {

CompareSession::CompareSession(app::EngineClient& engine, AttachmentModel& attachments,
                               ConversationModel& conversation, ConversationLibrary& library,
                               ChatSession& chat, QObject* parent)
    : QObject(parent), engine_(engine), attachments_(attachments), conversation_(conversation),
      library_(library), chat_(chat), columns_(new CompareModel(this)) {
    using app::RequestStream;
    connect(&engine_.requests(), &RequestStream::columnStarted, this,
            &CompareSession::onColumnStarted);
    connect(&engine_.requests(), &RequestStream::columnPhase, this, &CompareSession::onPhase);
    connect(&engine_.requests(), &RequestStream::columnText, this,
            [this](quint64 id, int column, const QString& content, const QString& reasoning) {
                if (id == job_)
                    columns_->appendText(column, content, reasoning);
            });
    connect(&engine_.requests(), &RequestStream::columnFinished, this,
            [this](quint64 id, int column, const QJsonObject& stats, const QString&) {
                if (id == job_)
                    columns_->end(column, stats,
                                  app::finishReasonFromKey(
                                      stats.value(QLatin1String("finish_reason")).toString()),
                                  {});
            });
    connect(&engine_.requests(), &RequestStream::columnFailed, this,
            [this](quint64 id, int column, const QString& message, const QJsonObject& stats) {
                if (id == job_)
                    columns_->end(column, stats, app::FinishReason::Error, message);
            });
    connect(&engine_.requests(), &RequestStream::compareEnded, this, &CompareSession::onEnded);
    // Another conversation is opened: the compared answers stay with theirs. A question whose
    // images are still being copied was not asked (the chat says so; the composer keeps it).
    connect(&library_, &ConversationLibrary::leaving, this, [this] {
        if (active() && conversation_.conversation().id == conversationId_)
            keepAndClose();
    });
    connect(&library_, &ConversationLibrary::aboutToDelete, this, [this](const QString& id) {
        if (active() && id == conversationId_) {
            if (preparing_)
                chat_.cancelSending();
            else if (running())
                engine_.requests().stop(job_);
            close();
        }
    });
}

QList<int> CompareSession::defaultLevels() const {
    QList<int> levels = engine_.model().detailLevels();
    std::sort(levels.begin(), levels.end());
    return levels.mid(0, 5);
}

QString CompareSession::levelsProblem(const QList<int>& levels) const {
    const QList<int> compiled = engine_.model().detailLevels();
    const auto problem = generate::compareLevelsProblem({levels.begin(), levels.end()},
                                                        {compiled.begin(), compiled.end()});
    return problem ? QString::fromStdString(*problem) : QString();
}

QString CompareSession::startProblem() const {
    if (!engine_.model().ready())
        return tr("No model loaded");
    if (chat_.busy() || chat_.held() || running())
        return tr("Wait for the reply to end (or stop it) first");
    if (attachments_.rowCount() == 0)
        return tr("Attach an image first: detail levels change only how images are seen");
    return {};
}

bool CompareSession::start(const QString& text, const QList<int>& levels) {
    QString problem = startProblem();
    if (problem.isEmpty())
        problem = levelsProblem(levels);
    if (!problem.isEmpty()) {
        emit notice(tr("Cannot compare: %1").arg(problem));
        return false;
    }
    // The question joins the conversation once its images are copied (off the GUI thread).
    // Meanwhile the columns are on screen, waiting, and the comparison counts as running: Stop
    // stops it, nothing else is sent. A failure is the chat's notice; the composer keeps the
    // question.
    QList<CompareImage> images;
    for (const AttachmentModel::Item& item : attachments_.items())
        images.append({item.path, item.name, item.width, item.height});
    columns_->reset(levels, images);
    for (int column = 0; column < columns_->rowCount(); ++column)
        columns_->setPhase(column, app::phaseText(app::Phase::Waiting));
    seedNote_.clear();
    conversationId_ = conversation_.conversation().id;
    preparing_ = true;
    emit stateChanged();
    chat_.appendUserMessage(
        text,
        [this, levels](int userRow) {
            preparing_ = false;
            run(userRow, levels);
        },
        [this] {
            if (preparing_)
                close();
        });
    return true;
}

void CompareSession::run(int userRow, const QList<int>& levels) {
    QList<CompareImage> images;
    const app::Conversation& c = conversation_.conversation();
    const auto imagePath = [this, &c](const app::StoredImage& image) {
        return library_.store().imagePath(c.id, image.file);
    };
    for (const app::StoredImage& image : c.messages[userRow].images)
        images.append({imagePath(image), image.originalName, image.width, image.height});
    library_.save(); // the question is kept whatever happens to the comparison

    app::CompareJob job;
    job.sessionKey = c.id;
    job.request.request = app::buildRequest(
        c, userRow, app::toEngine(app::effectiveSampling(c, engine_.model().defaultSampling())),
        imagePath);
    job.request.levels = {levels.begin(), levels.end()};
    // Whether the seed note may apply; it is said only once the columns are known to differ.
    sampledOnServer_ = engine_.serverSession().connected() && job.request.request.sampling.doSample;
    seedNote_.clear();
    columns_->reset(levels, images);
    conversationId_ = c.id;
    started_ = QDateTime::currentDateTime();
    job_ = engine_.requests().submitCompare(std::move(job));
    chat_.hold(conversationId_, [this] { stop(); });
    for (int column = 0; column < columns_->rowCount(); ++column)
        columns_->setPhase(column, app::phaseText(app::Phase::Waiting));
    emit stateChanged();
}

void CompareSession::onColumnStarted(quint64 id, int column, int) {
    if (id == job_)
        columns_->start(column);
}

void CompareSession::onPhase(quint64 id, int column, const generate::PhaseEvent& phase) {
    if (id == job_)
        columns_->setPhase(column, app::phaseText(app::fromEngine(phase.phase), phase.imageIndex,
                                                  phase.imageCount, phase.level));
}

void CompareSession::onEnded(quint64 id, const QString& error) {
    if (id != job_)
        return;
    job_ = 0;
    if (!error.isEmpty()) {
        // Refused before any column ran (an image that cannot be read, the session): the
        // question stays, answered by the reason, like a reply that failed.
        app::Message reply;
        reply.id = app::newId();
        reply.role = app::Message::Role::Model;
        reply.created = QDateTime::currentDateTime();
        reply.error = error;
        reply.finishReason = app::FinishReason::Error;
        conversation_.appendMessage(reply);
        conversation_.finishReply(conversation_.rowCount() - 1, {}, app::FinishReason::Error,
                                  error);
        library_.save();
        emit notice(tr("The comparison could not run: %1").arg(error));
        close();
        return;
    }
    // Columns the engine never reached (stopped before them) end as cancelled and empty.
    for (int column = 0; column < columns_->rowCount(); ++column)
        if (!columns_->columns()[column].ended)
            columns_->end(column,
                          {{"finish_reason", app::finishReasonKey(app::FinishReason::Cancelled)}},
                          app::FinishReason::Cancelled, {});
    // vllm-rbln's default sampler (VLLM_RBLN_SAMPLER, on by default) takes no per-request seed
    // (RBLN-SW/vllm-rbln v0.11.0, rbln_envs.py and rbln_sampler.py): one seed for all columns
    // does not make them draw alike there. Said only where the answers differ: columns that
    // agree need no explaining.
    seedNote_ = sampledOnServer_ && answersDiffer()
                    ? tr("Sampled on a server: it may ignore the seed (vllm-rbln's sampler "
                         "does), so the columns can differ by chance as well as by level.")
                    : QString();
    chat_.hold(conversationId_, nullptr); // still held: waiting for the answer to continue with
    emit stateChanged();
}

bool CompareSession::answersDiffer() const {
    // Only answers that ran to their end: a failed or stopped column differs for its own reason.
    const CompareColumnState* first = nullptr;
    for (const CompareColumnState& c : columns_->columns()) {
        if (!c.ended || c.finishReason == app::FinishReason::Error ||
            c.finishReason == app::FinishReason::Cancelled)
            continue;
        if (!first)
            first = &c;
        else if (c.text != first->text || c.reasoning != first->reasoning)
            return true;
    }
    return false;
}

void CompareSession::stop() {
    if (preparing_) { // the question is not in yet: it is not asked (the composer keeps it)
        chat_.cancelSending();
        for (int column = 0; column < columns_->rowCount(); ++column)
            columns_->setPhase(column, tr("Stopping…"));
        return;
    }
    if (!running())
        return;
    engine_.requests().stop(job_);
    for (int column = 0; column < columns_->rowCount(); ++column)
        if (!columns_->columns()[column].ended)
            columns_->setPhase(column, tr("Stopping…"));
}

bool CompareSession::continueWith(int column) {
    if (running() || !active() || column < 0 || column >= columns_->rowCount() ||
        conversation_.conversation().id != conversationId_)
        return false;
    QList<app::Message> replies;
    const auto& states = columns_->columns();
    for (int i = 0; i < states.size(); ++i) {
        const CompareColumnState& s = states[i];
        app::Message m;
        m.id = app::newId();
        m.role = app::Message::Role::Model;
        m.text = s.text;
        m.reasoning = s.reasoning;
        m.stats = s.stats;
        m.error = s.error;
        m.finishReason = s.finishReason;
        m.level = s.level;
        // The versions are numbered by creation time: one millisecond apart, in column order.
        m.created = started_.addMSecs(i);
        replies.append(m);
    }
    try {
        conversation_.appendComparedReplies(replies, column);
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
        return false;
    }
    library_.save();
    close();
    return true;
}

void CompareSession::keepAndClose() {
    if (preparing_) { // nothing was asked yet: nothing to keep
        chat_.cancelSending();
        close();
        return;
    }
    if (running()) {
        engine_.requests().stop(job_);
        job_ = 0; // what it still sends belongs to no comparison
        for (int column = 0; column < columns_->rowCount(); ++column) {
            const CompareColumnState& s = columns_->columns()[column];
            if (!s.ended)
                columns_->end(
                    column,
                    s.started ? QJsonObject{{"finish_reason",
                                             app::finishReasonKey(app::FinishReason::Cancelled)}}
                              : QJsonObject{},
                    app::FinishReason::Cancelled, {});
        }
        emit notice(tr("The comparison was stopped; its answers are kept as versions of the "
                       "reply."));
    }
    if (!continueWith(columns_->baseline()))
        close();
}

void CompareSession::stopAndKeepComparison() {
    if (active() && conversation_.conversation().id == conversationId_)
        keepAndClose();
}

void CompareSession::close() {
    columns_->reset({}, {});
    seedNote_.clear();
    conversationId_.clear();
    job_ = 0;
    preparing_ = false;
    chat_.release();
    emit stateChanged();
}

} // namespace facet::ui
