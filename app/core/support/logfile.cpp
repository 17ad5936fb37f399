#include "core/support/logfile.h"

#include "core/support/userfiles.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMutexLocker>
#include <QRegularExpression>

#include <atomic>
#include <cstdio>
#include <utility>

namespace facet::app {

QString defaultLogPath() {
    QString state = qEnvironmentVariable("XDG_STATE_HOME");
    if (state.isEmpty() || QDir::isRelativePath(state))
        state = QDir::homePath() + QStringLiteral("/.local/state");
    return state + QStringLiteral("/facet/facet.log");
}

LogFile::LogFile(QString path, qint64 maxBytes, int keep)
    : path_(std::move(path)), maxBytes_(maxBytes), keep_(keep) {}

namespace {

const char* levelName(QtMsgType type) {
    switch (type) {
    case QtDebugMsg:
        return "debug";
    case QtInfoMsg:
        return "info";
    case QtWarningMsg:
        return "warning";
    case QtCriticalMsg:
        return "critical";
    case QtFatalMsg:
        return "fatal";
    }
    return "?";
}

} // namespace

bool LogFile::openLocked() {
    if (file_.isOpen())
        return true;
    makePrivateDir(QFileInfo(path_).absolutePath());
    file_.setFileName(path_);
    if (file_.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
        makePrivate(file_); // prompts and file names are in it
        return true;
    }
    if (!reportedFailure_)
        std::fprintf(stderr, "facet: %s: cannot write the log file: %s\n", qPrintable(path_),
                     qPrintable(file_.errorString()));
    reportedFailure_ = true;
    return false;
}

// facet.log.(keep-1) -> facet.log.keep (the oldest is dropped), ..., facet.log -> facet.log.1.
void LogFile::rotateLocked() {
    file_.close();
    QFile::remove(path_ + QLatin1Char('.') + QString::number(keep_));
    for (int i = keep_ - 1; i >= 1; --i)
        QFile::rename(path_ + QLatin1Char('.') + QString::number(i),
                      path_ + QLatin1Char('.') + QString::number(i + 1));
    if (keep_ > 0)
        QFile::rename(path_, path_ + QStringLiteral(".1"));
    else
        QFile::remove(path_);
}

namespace {

// Qt warnings that differ only in numbers or quoted names ("OpenType support missing for "DejaVu
// Sans", script 11") count as one repeated message.
QString repeatKey(const QString& message) {
    static const QRegularExpression quoted(QStringLiteral(R"("[^"]*"|'[^']*')"));
    static const QRegularExpression number(QStringLiteral(R"(\d+)"));
    QString key = message;
    key.replace(quoted, QStringLiteral("\"…\""));
    key.replace(number, QStringLiteral("#"));
    return key;
}

} // namespace

LogFile::~LogFile() {
    const QMutexLocker lock(&mutex_);
    for (auto it = repeats_.cbegin(); it != repeats_.cend(); ++it) {
        if (it.value() <= kRepeatsShown)
            continue;
        const qsizetype split = it.key().indexOf(QLatin1Char('\n'));
        writeLocked(QtInfoMsg, it.key().left(split),
                    QStringLiteral("[seen %1 times in all] %2")
                        .arg(it.value())
                        .arg(it.key().mid(split + 1)));
    }
}

bool LogFile::write(QtMsgType type, const QString& category, const QString& message) {
    const QMutexLocker lock(&mutex_);
    // The app's own events ("model loaded from …" before each answer, a request's outcome) are
    // what the log is read for, however alike: only messages from Qt and QML are held back.
    const bool appEvent =
        category == QLatin1String("facet") || category.startsWith(QLatin1String("facet."));
    if (type == QtCriticalMsg || type == QtFatalMsg || appEvent)
        return writeLocked(type, category, message);
    boundRepeatsLocked(message.size());
    // Qt's own warnings repeat with a different font name or number each time; the others are
    // counted only when they repeat word for word.
    const bool qtOwn = category.startsWith(QLatin1String("qt."));
    const qint64 seen =
        ++repeats_[category + QLatin1Char('\n') + (qtOwn ? repeatKey(message) : message)];
    if (seen <= kRepeatsShown)
        return writeLocked(type, category, message);
    qint64 power = 10;
    while (power < seen)
        power *= 10;
    if (seen != power)
        return true; // held back; counted
    return writeLocked(type, category,
                       QStringLiteral("[repeated %1 times] %2").arg(seen).arg(message));
}

// The table of counted messages is bounded: a source that logs ever new text (a path, an
// address) kept every distinct message for the whole session. When it holds kMaxCountedMessages
// or kMaxCountedBytes of text, the counts so far are written and counting starts afresh (a
// message then shows its first kRepeatsShown repeats again). The table is measured only after
// 64 new messages or 1/8 of the byte bound written, so a write stays O(1) on average.
void LogFile::boundRepeatsLocked(qsizetype incoming) {
    bytesSinceBoundCheck_ += incoming * qint64{sizeof(QChar)};
    if (repeats_.size() < nextBoundCheck_ && bytesSinceBoundCheck_ < kMaxCountedBytes / 8)
        return;
    bytesSinceBoundCheck_ = 0;
    qint64 bytes = 0;
    for (auto it = repeats_.cbegin(); it != repeats_.cend(); ++it)
        bytes += it.key().size() * qint64{sizeof(QChar)};
    if (repeats_.size() < kMaxCountedMessages && bytes < kMaxCountedBytes) {
        nextBoundCheck_ = repeats_.size() + 64;
        return;
    }
    for (auto it = repeats_.cbegin(); it != repeats_.cend(); ++it) {
        if (it.value() <= kRepeatsShown)
            continue;
        const qsizetype split = it.key().indexOf(QLatin1Char('\n'));
        writeLocked(QtInfoMsg, it.key().left(split),
                    QStringLiteral("[seen %1 times so far] %2")
                        .arg(it.value())
                        .arg(it.key().mid(split + 1)));
    }
    repeats_.clear();
    nextBoundCheck_ = 64;
}

bool LogFile::writeLocked(QtMsgType type, const QString& category, const QString& message) {
    QString text = message;
    text.replace(QLatin1Char('\n'), QStringLiteral("\n    ")); // continuation lines indented
    const QByteArray line = (QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) +
                             QLatin1Char(' ') + QLatin1String(levelName(type)) + QLatin1Char(' ') +
                             category + QStringLiteral(": ") + text + QLatin1Char('\n'))
                                .toUtf8();
    if (!openLocked())
        return false;
    if (file_.size() > 0 && file_.size() + line.size() > maxBytes_) {
        rotateLocked();
        if (!openLocked())
            return false;
    }
    const bool written = file_.write(line) == line.size() && file_.flush();
    if (!written && !reportedFailure_) {
        std::fprintf(stderr, "facet: %s: cannot write the log file: %s\n", qPrintable(path_),
                     qPrintable(file_.errorString()));
        reportedFailure_ = true;
    }
    return written;
}

namespace {

std::atomic<LogFile*> activeLog{nullptr};
QtMessageHandler previousHandler = nullptr;

void logMessage(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (LogFile* log = activeLog.load())
        log->write(type,
                   context.category ? QString::fromUtf8(context.category) : QStringLiteral("qt"),
                   message);
    if (previousHandler)
        previousHandler(type, context, message);
}

} // namespace

void installLogMessageHandler(LogFile* log) {
    if (log && !activeLog.exchange(log))
        previousHandler = qInstallMessageHandler(logMessage);
    else if (!log && activeLog.exchange(nullptr))
        qInstallMessageHandler(previousHandler);
}

} // namespace facet::app
