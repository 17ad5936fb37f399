// The app's rotating log file: line format, rotation at the size limit keeping N old files with
// no line lost, the Qt message handler hook, writes from several threads, an unwritable path.
#include "core/support/logfile.h"

#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <memory>
#include <vector>

using facet::app::LogFile;

namespace {

Q_LOGGING_CATEGORY(lcLogTest, "facet.logtest")

QStringList linesOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

const QRegularExpression kLine(QStringLiteral(
    R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (info|warning|debug) ([\w.]+): (.*)$)"));

} // namespace

class LogFileTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void writesTimestampedLinesAndCreatesTheFolder() {
        const QString path = dir_.filePath("state/facet/facet.log");
        LogFile log(path);
        QVERIFY(log.write(QtInfoMsg, "facet.engine", "model loaded"));
        QVERIFY(log.write(QtWarningMsg, "qml", "two\nlines"));
        const QStringList lines = linesOf(path);
        QCOMPARE(lines.size(), 3);
        const auto first = kLine.match(lines[0]);
        QVERIFY2(first.hasMatch(), qPrintable(lines[0]));
        QCOMPARE(first.captured(1), QString("info"));
        QCOMPARE(first.captured(2), QString("facet.engine"));
        QCOMPARE(first.captured(3), QString("model loaded"));
        QVERIFY(lines[1].endsWith("warning qml: two"));
        QCOMPARE(lines[2], QString("    lines")); // continuation lines are indented
    }

    // 60 numbered lines through a 300-byte limit with 3 kept: facet.log.3 .. .1, facet.log hold
    // a gap-free run of the newest lines, each file within the limit, nothing older kept.
    void rotatesKeepingThreeOldFilesWithoutLosingLines() {
        const QString path = dir_.filePath("rotate/facet.log");
        LogFile log(path, 300, 3);
        for (int i = 0; i < 60; ++i)
            QVERIFY(log.write(QtInfoMsg, "t", QStringLiteral("line %1").arg(i, 2, 10, QChar('0'))));
        QVERIFY(!QFile::exists(path + ".4"));
        QStringList all;
        for (const QString& name : {path + ".3", path + ".2", path + ".1", path}) {
            QVERIFY2(QFile::exists(name), qPrintable(name));
            QVERIFY(QFileInfo(name).size() <= 300);
            QVERIFY(QFileInfo(name).size() > 150); // rotated only when full
            all += linesOf(name);
        }
        QVERIFY(all.size() < 60); // the oldest lines are gone
        for (int k = 0; k < all.size(); ++k) {
            const int expected = 60 - static_cast<int>(all.size()) + k;
            QVERIFY2(all[k].endsWith(QStringLiteral("line %1").arg(expected, 2, 10, QChar('0'))),
                     qPrintable(all[k]));
        }
    }

    void messageHandlerWritesQtMessages() {
        const QString path = dir_.filePath("handler/facet.log");
        LogFile log(path);
        facet::app::installLogMessageHandler(&log);
        qCWarning(lcLogTest) << "engine failed:" << 42;
        qInfo("plain info");
        facet::app::installLogMessageHandler(nullptr);
        qCWarning(lcLogTest) << "after uninstall";
        const QStringList lines = linesOf(path);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].endsWith("warning facet.logtest: engine failed: 42"),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].endsWith("info default: plain info"), qPrintable(lines[1]));
    }

    // 1,575 of 1,628 lines of a user's log were one font warning: repeats are counted instead.
    void repeatedMessagesAreCountedNotRepeated() {
        const QString path = dir_.filePath("repeats/facet.log");
        {
            LogFile log(path);
            for (int i = 0; i < 1500; ++i) {
                QVERIFY(log.write(QtWarningMsg, "qt.text.font", "OpenType support missing"));
                if (i % 500 == 0)
                    QVERIFY(
                        log.write(QtInfoMsg, "facet.engine", QStringLiteral("request %1").arg(i)));
            }
            for (int i = 0; i < 50; ++i) // differing only in names and numbers: one message
                QVERIFY(log.write(QtWarningMsg, "qt.text.font",
                                  QStringLiteral("no glyphs for \"Font%1\", script %1").arg(i)));
            for (int i = 0; i < 5; ++i) // errors are never held back
                QVERIFY(log.write(QtCriticalMsg, "facet.engine", "device lost"));
        }
        const QStringList lines = linesOf(path);
        const auto count = [&](const QString& needle) {
            return std::count_if(lines.begin(), lines.end(),
                                 [&](const QString& l) { return l.contains(needle); });
        };
        QCOMPARE(count("OpenType support missing"), 3 + 3 + 1); // 3 shown, 10/100/1000, total
        QCOMPARE(count("[repeated 1000 times] OpenType support missing"), 1);
        QCOMPARE(count("[seen 1500 times in all] OpenType support missing"), 1);
        QCOMPARE(count("request "), 3);
        QCOMPARE(count("no glyphs for"), 3 + 1 + 1); // 3 shown, the 10th, the total
        QCOMPARE(count("device lost"), 5);
    }

    // Issue #55: "model loaded from …" stopped being written after three loads of one model, so
    // the log no longer said which engine answered. The app's own events are never held back.
    void appEventsAreAlwaysWritten() {
        const QString path = dir_.filePath("app-events/facet.log");
        {
            LogFile log(path);
            for (int i = 0; i < 12; ++i) {
                QVERIFY(log.write(QtInfoMsg, "facet.engine", "model loaded from /models/demo"));
                QVERIFY(log.write(QtWarningMsg, "facet", "same event"));
                QVERIFY(log.write(QtWarningMsg, "qml", "TypeError: x is undefined"));
                QVERIFY(log.write(QtWarningMsg, "facetious", "not the app's"));
            }
        }
        const QStringList lines = linesOf(path);
        const auto count = [&](const QString& needle) {
            return std::count_if(lines.begin(), lines.end(),
                                 [&](const QString& l) { return l.contains(needle); });
        };
        QCOMPARE(count("info facet.engine: model loaded from /models/demo"), 12);
        QCOMPARE(count("warning facet: same event"), 12);
        // Qt's and QML's: 3 shown, the 10th, the total.
        QCOMPARE(count("TypeError: x is undefined"), 3 + 1 + 1);
        QCOMPARE(count("not the app's"), 3 + 1 + 1);
    }

    // Issue #56 item 9: every distinct message was kept in memory for the whole session. A
    // source of ever new text (here 20,000 distinct warnings, then 40 of 64 KiB) stays within
    // the bound, and a message that repeated before the table was emptied has its count written.
    void countedMessagesAreBoundedInMemory() {
        LogFile log(dir_.filePath("bounded/facet.log"), 64 * 1024 * 1024);
        for (int i = 0; i < 5; ++i)
            log.write(QtWarningMsg, "qml", "the same warning");
        for (int i = 0; i < 20000; ++i) {
            log.write(QtWarningMsg, "qml", QStringLiteral("distinct warning %1").arg(i));
            QVERIFY(log.countedMessages() <= LogFile::kMaxCountedMessages);
        }
        const QStringList lines = linesOf(log.path());
        const auto counted = std::count_if(lines.cbegin(), lines.cend(), [](const QString& l) {
            return l.endsWith("qml: [seen 5 times so far] the same warning");
        });
        QCOMPARE(counted, 1);

        LogFile large(dir_.filePath("bounded/large.log"), 64 * 1024 * 1024);
        const QString big(64 * 1024, QLatin1Char('x'));
        for (int i = 0; i < 40; ++i) {
            large.write(QtWarningMsg, "qml", big + QString::number(i));
            // At most the bound plus what comes in before the next look (1/8 of it).
            QVERIFY(large.countedMessages() * big.size() * 2 <=
                    LogFile::kMaxCountedBytes + LogFile::kMaxCountedBytes / 8 + big.size() * 2);
        }
    }

    void concurrentWritersKeepLinesWhole() {
        const QString path = dir_.filePath("threads/facet.log");
        LogFile log(path);
        std::vector<std::unique_ptr<QThread>> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back(QThread::create([&log, t] {
                for (int i = 0; i < 200; ++i)
                    log.write(QtDebugMsg, "worker",
                              QStringLiteral("thread %1 line %2").arg(t).arg(i));
            }));
        for (auto& thread : threads)
            thread->start();
        for (auto& thread : threads)
            QVERIFY(thread->wait(30000));
        const QStringList lines = linesOf(path);
        QCOMPARE(lines.size(), 800);
        for (const QString& line : lines)
            QVERIFY2(kLine.match(line).hasMatch(), qPrintable(line));
    }

    void unwritablePathFailsQuietly() {
        QFile blocker(dir_.filePath("not-a-folder"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        LogFile log(dir_.filePath("not-a-folder/facet.log"));
        QVERIFY(!log.write(QtWarningMsg, "t", "lost"));
        QVERIFY(!log.write(QtWarningMsg, "t", "lost again"));
    }

    void defaultPathFollowsXdgStateHome() {
        const QByteArray saved = qgetenv("XDG_STATE_HOME");
        qputenv("XDG_STATE_HOME", "/somewhere/state");
        QCOMPARE(facet::app::defaultLogPath(), QString("/somewhere/state/facet/facet.log"));
        qputenv("XDG_STATE_HOME", "relative/state"); // not absolute: ignored, as the spec says
        QCOMPARE(facet::app::defaultLogPath(), QDir::homePath() + "/.local/state/facet/facet.log");
        qputenv("XDG_STATE_HOME", saved);
    }
};

QTEST_GUILESS_MAIN(LogFileTest)
#include "tst_logfile.moc"
