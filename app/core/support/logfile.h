#pragma once
// The app's log file: engine errors, model load results and every Qt message (qWarning, QML
// errors...) go to one file the user can attach to a bug report, e.g.
// ~/.local/state/facet/facet.log. It is rotated when it would pass about 1 MB, keeping the
// three previous files (facet.log.1 is the newest of them).
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QMutexLocker>
#include <QString>

namespace facet::app {

// $XDG_STATE_HOME/facet/facet.log, or ~/.local/state/facet/facet.log when XDG_STATE_HOME is unset
// or not absolute (the XDG base directory rule; Qt 6.4 has no StateLocation).
QString defaultLogPath();

class LogFile {
public:
    explicit LogFile(QString path, qint64 maxBytes = 1024 * 1024, int keep = 3);
    // Writes how often each repeated message was held back.
    ~LogFile();
    LogFile(const LogFile&) = delete;
    LogFile& operator=(const LogFile&) = delete;

    QString path() const { return path_; }
    // Appends "TIME LEVEL category: message" (UTC, ISO 8601 with milliseconds) and flushes it.
    // Rotates first when the line would take the file past maxBytes. Safe from any thread.
    // Returns false when the file cannot be written (said once on stderr, never via qWarning, so
    // a broken log cannot loop through the message handler).
    // A message from Qt or QML repeated word for word (Qt's font warnings came 1,500 times in one
    // session) is written the first kRepeatsShown times, then only at its 10th, 100th, 1000th…
    // occurrence with its count, and its total when the log closes. Errors and the app's own
    // events (categories "facet" and "facet.*") are always written.
    bool write(QtMsgType type, const QString& category, const QString& message);
    static constexpr int kRepeatsShown = 3;
    // What the repeat counts may hold in memory (boundRepeatsLocked in logfile.cpp).
    static constexpr qsizetype kMaxCountedMessages = 1024;
    static constexpr qint64 kMaxCountedBytes = qint64{1} << 20;
    // Messages being counted now (tests).
    [[nodiscard]] qsizetype countedMessages() {
        const QMutexLocker lock(&mutex_);
        return repeats_.size();
    }

private:
    bool openLocked();
    void rotateLocked();
    bool writeLocked(QtMsgType type, const QString& category, const QString& message);
    void boundRepeatsLocked(qsizetype incoming);

    QMutex mutex_;
    QString path_;
    qint64 maxBytes_;
    int keep_;
    QFile file_;
    bool reportedFailure_ = false;
    QHash<QString, qint64> repeats_;  // "category\nmessage" → times seen
    qsizetype nextBoundCheck_ = 64;   // repeats_.size() at which boundRepeatsLocked() looks again
    qint64 bytesSinceBoundCheck_ = 0; // or once this much text came in
};

// Routes every Qt message to `log` as well as to the handler installed before (stderr). Pass
// nullptr to restore that handler; do so before `log` is destroyed.
void installLogMessageHandler(LogFile* log);

// installLogMessageHandler() for the lifetime of the object.
class ScopedLogMessageHandler {
public:
    explicit ScopedLogMessageHandler(LogFile& log) { installLogMessageHandler(&log); }
    ~ScopedLogMessageHandler() { installLogMessageHandler(nullptr); }
    ScopedLogMessageHandler(const ScopedLogMessageHandler&) = delete;
    ScopedLogMessageHandler& operator=(const ScopedLogMessageHandler&) = delete;
};

} // namespace facet::app
