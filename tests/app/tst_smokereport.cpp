// Help → Run smoke test…'s report on a full disk (issue #56 item 2, the last QSaveFile): a report
// that cannot be written whole is not reported as saved, the dialog is given the path and the
// reason, and the earlier reports in the folder stay as they were. Before (QSaveFile in Qt 6.4.2)
// the JSON report committed as a 0-byte file on the full 64 KiB tmpfs and save() listed it as
// written; the screenshot (QImage::save to a file) likewise.
#include "Settings/smokereportsaver.h"
#include "small_disk.h"

#include <QDir>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using facet::ui::SmokeReportSaver;

namespace {

// About 2 KB, as a real report: more than QSaveFile's buffer ever flushed before commit().
QJsonObject reportOf(const QString& folder) {
    QJsonArray steps;
    for (int i = 0; i < 12; ++i)
        steps.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("step-%1").arg(i)},
                                 {QStringLiteral("status"), QStringLiteral("pass")},
                                 {QStringLiteral("ms"), 10 * i},
                                 {QStringLiteral("message"), QStringLiteral("all fine here")}});
    return {{QStringLiteral("folder"), folder}, {QStringLiteral("steps"), steps}};
}

QByteArray contentsOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

QStringList filesIn(const QString& folder) { // hidden ones too: a temporary file left behind
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    names.removeAll(QStringLiteral("filler"));
    return names;
}

} // namespace

class SmokeReportTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString disk_;
    QQuickWindow window_;

private slots:
    void initTestCase() {
        window_.setColor(Qt::darkCyan);
        window_.resize(120, 90);
        window_.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window_));
    }
    void init() {
        disk_ = dir_.filePath(QStringLiteral("disk-%1").arg(QTest::currentTestFunction()));
        QVERIFY(QDir().mkpath(disk_));
    }
    void cleanup() { facet::testing::unmountSmallDisk(disk_); }

    // Two saves in one second: the second gets a name of its own, the first stays.
    void aSecondSaveKeepsTheFirst() {
        SmokeReportSaver saver;
        const QStringList first = saver.save(QUrl::fromLocalFile(disk_), reportOf("a"), &window_);
        const QStringList second = saver.save(QUrl::fromLocalFile(disk_), reportOf("b"), &window_);
        QCOMPARE(first.size(), 2);
        QCOMPARE(second.size(), 2);
        QVERIFY2(first[0] != second[0], qPrintable(first[0]));
        QCOMPARE(QJsonDocument::fromJson(contentsOf(first[0])).object(), reportOf("a"));
        QCOMPARE(QJsonDocument::fromJson(contentsOf(second[0])).object(), reportOf("b"));
        QCOMPARE(filesIn(disk_).size(), 4);
    }

    // A full disk: nothing is reported as written; the reason and the path reach the dialog; the
    // earlier report is byte for byte as it was and no partial file is left.
    void fullDiskSavesNothingAndSaysWhy() {
        if (const QString why = facet::testing::mountSmallDisk(disk_); !why.isEmpty())
            QSKIP(qPrintable(why));
        SmokeReportSaver saver;
        const QStringList earlier = saver.save(QUrl::fromLocalFile(disk_), reportOf("a"), &window_);
        QCOMPARE(earlier.size(), 2);
        const QByteArray earlierJson = contentsOf(earlier[0]);
        const QByteArray earlierPng = contentsOf(earlier[1]);
        QVERIFY(earlierJson.size() > 1500);
        QVERIFY(facet::testing::fillDisk(disk_));
        QSignalSpy errorChanged(&saver, &SmokeReportSaver::errorChanged);
        const QStringList written = saver.save(QUrl::fromLocalFile(disk_), reportOf("b"), &window_);
        QCOMPARE(written, QStringList());
        QVERIFY(errorChanged.count() >= 1);
        QVERIFY2(saver.error().startsWith(disk_ + QStringLiteral("/facet-smoke-test-")) &&
                     saver.error().contains(QStringLiteral(".json: ")) &&
                     saver.error().contains(QStringLiteral("No space left")),
                 qPrintable(saver.error()));
        QCOMPARE(contentsOf(earlier[0]), earlierJson);
        QCOMPARE(contentsOf(earlier[1]), earlierPng);
        QCOMPARE(filesIn(disk_),
                 (QStringList{QFileInfo(earlier[0]).fileName(), QFileInfo(earlier[1]).fileName()}));
    }

    // Room for the report but not the screenshot: the report is listed, the screenshot is named
    // as missing with the disk's reason, and no empty .png is left.
    void fullDiskAfterTheReportNamesTheMissingScreenshot() {
        if (const QString why = facet::testing::mountSmallDisk(disk_); !why.isEmpty())
            QSKIP(qPrintable(why));
        QVERIFY(facet::testing::fillDisk(disk_));
        // Free one 4 KiB page: the report (under 4 KiB) fits, a screenshot of any size does not.
        QFile filler(disk_ + QStringLiteral("/filler"));
        const qint64 size = filler.size();
        QVERIFY(filler.resize(size - 4096 - size % 4096));
        SmokeReportSaver saver;
        const QStringList written = saver.save(QUrl::fromLocalFile(disk_), reportOf("a"), &window_);
        QCOMPARE(written.size(), 1);
        QCOMPARE(QJsonDocument::fromJson(contentsOf(written[0])).object(), reportOf("a"));
        QVERIFY2(saver.error().contains(QStringLiteral(".png: ")) &&
                     saver.error().contains(QStringLiteral("No space left")),
                 qPrintable(saver.error()));
        QCOMPARE(filesIn(disk_), QStringList{QFileInfo(written[0]).fileName()});
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    SmokeReportTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_smokereport.moc"
