// The demo model's "Try it" examples read the way the app reads them (App.samples): from the
// samples/ folder beside the built-in demo model, found at run time like the model itself (the
// build tree here, FACET_DATA_DIR or the installed layout elsewhere). Every entry of
// resources/demo-model/samples/samples.json must be offered, its image must decode with the
// engine at its level, and choosing it must leave exactly that image at that level in the
// composer with its question; the printed word compares Minimal (70) with Maximum (1120). A
// broken file or entry is refused with a reason and the rest is still offered.
#include "Attachments/attachmentmodel.h"
#include "TryIt/demosamples.h"
#include "TryIt/samplesfile.h"
#include "core/support/imagefacts.h"
#include "core/worker/engineclient.h"
#include "test_paths.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace facet;

namespace {

const QString kSource =
    QString::fromStdString((facet::test::sourceDir() / "resources/demo-model/samples").string());

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The committed entries, read independently of the app's reader.
QJsonArray committedEntries() {
    return QJsonDocument::fromJson(readAll(kSource + "/samples.json"))
        .object()
        .value("samples")
        .toArray();
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class DemoSamplesTest : public QObject {
    Q_OBJECT

private slots:
    // The build put the committed files beside the demo model, unchanged.
    void foundBesideTheDemoModel() {
        const QString folder = ui::builtinDemoSamplesFolder();
        QCOMPARE(folder, QDir(app::ModelLoader::demoModelDir()).filePath("samples"));
        QVERIFY2(QFileInfo::exists(app::ModelLoader::demoModelDir() + "/rbln_config.json"),
                 qPrintable(folder));
        for (const QString& name : QDir(kSource).entryList(QDir::Files)) {
            QVERIFY2(QFileInfo::exists(folder + "/" + name), qPrintable(folder + "/" + name));
            QCOMPARE(readAll(folder + "/" + name), readAll(kSource + "/" + name));
        }
    }

    // A data folder named by FACET_DATA_DIR (a moved install) is where the examples are looked
    // for, as the demo model is.
    void followTheDataFolder() {
        QTemporaryDir data;
        qputenv("FACET_DATA_DIR", data.path().toUtf8());
        const QString folder = ui::builtinDemoSamplesFolder();
        qunsetenv("FACET_DATA_DIR");
        QCOMPARE(folder, data.filePath("demo-model/samples"));
    }

    void everyEntryIsOfferedAndItsImageLoads() {
        ui::DemoSamples samples;
        QAbstractItemModelTester tester(&samples,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        samples.load(ui::builtinDemoSamplesFolder());
        QVERIFY2(samples.problems().isEmpty(), qPrintable(samples.problems().join('\n')));
        const QJsonArray entries = committedEntries();
        QVERIFY(entries.size() >= 2);
        QCOMPARE(samples.rowCount(), entries.size());
        for (int row = 0; row < samples.rowCount(); ++row) {
            const QJsonObject e = entries.at(row).toObject();
            const ui::DemoSample& s = samples.samples().at(row);
            QCOMPARE(QFileInfo(s.imagePath).fileName(), e.value("image").toString());
            QCOMPARE(s.level, e.value("level").toInt());
            QCOMPARE(s.question, e.value("question").toString());
            QCOMPARE(s.compareWithLevel, e.value("compare_with_level").toInt(0));
            // Decodes with the engine and resizes at its level (what Send will do).
            const app::ImageFacts facts = app::inspectImage(s.imagePath);
            QVERIFY(app::softTokensFor(facts.width, facts.height, s.level) > 0);
            QVERIFY(!app::modelView(s.imagePath, s.level).isNull());
            QVERIFY(!QImage(s.imagePath).isNull());
        }
    }

    // Choosing an entry: any images in the composer go, the example's image comes at its level
    // (its own, not the message's), and the question and levels to compare are the entry's.
    void everyEntryBecomesItsAttachmentQuestionAndLevel() {
        ui::DemoSamples samples;
        samples.load(ui::builtinDemoSamplesFolder());
        const QJsonArray entries = committedEntries();
        QTemporaryDir dir;
        const QString other = dir.filePath("other.png");
        QImage picture(64, 48, QImage::Format_RGB32);
        picture.fill(Qt::darkCyan);
        QVERIFY(picture.save(other));
        for (int row = 0; row < samples.rowCount(); ++row) {
            const QJsonObject e = entries.at(row).toObject();
            ui::AttachmentModel attachments;
            attachments.setMessageLevel(140);
            QVERIFY(attachments.addFiles({other, other}).isEmpty());
            QVERIFY(samples.attach(row, &attachments));
            QCOMPARE(attachments.rowCount(), 1);
            QCOMPARE(attachments.items().first().path,
                     QDir(ui::builtinDemoSamplesFolder()).filePath(e.value("image").toString()));
            QCOMPARE(attachments.levelAt(0), e.value("level").toInt());
            QCOMPARE(attachments.messageLevel(), 140); // the user's message level stays
            QCOMPARE(samples.question(row), e.value("question").toString());
            const int compareWith = e.value("compare_with_level").toInt(0);
            if (compareWith == 0) {
                QVERIFY(samples.compareLevels(row).isEmpty());
            } else {
                const int level = e.value("level").toInt();
                QCOMPARE(samples.compareLevels(row), (QVariantList{std::min(level, compareWith),
                                                                   std::max(level, compareWith)}));
            }
        }
        ui::AttachmentModel attachments;
        QVERIFY(!samples.attach(-1, &attachments));
        QVERIFY(!samples.attach(samples.rowCount(), &attachments));
        QVERIFY(!samples.attach(0, nullptr));
    }

    // What issue #14 asks of the menu: questions about shapes at Standard, and the printed word
    // readable at Maximum and not at Minimal, compared side by side.
    void shapesAtStandardAndTheWordAtMinimalAndMaximum() {
        ui::DemoSamples samples;
        samples.load(ui::builtinDemoSamplesFolder());
        int shapes = 0;
        int words = 0;
        for (int row = 0; row < samples.rowCount(); ++row) {
            const ui::DemoSample& s = samples.samples().at(row);
            if (s.imagePath.endsWith("/shapes.png") && s.level == 280 && s.compareWithLevel == 0)
                ++shapes;
            if (s.imagePath.endsWith("/word.png") && s.question.contains("word") &&
                samples.compareLevels(row) == QVariantList{70, 1120})
                ++words;
        }
        QVERIFY(shapes >= 1);
        QCOMPARE(words, 1);
    }

    void brokenFilesAndEntriesAreRefusedWithAReason_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("offered");
        QTest::addColumn<QString>("problem");
        const QByteArray good = R"({"image": "a.png", "level": 280, "question": "Q?"})";
        QTest::newRow("not JSON") << QByteArray("{") << 0 << "not valid JSON";
        QTest::newRow("no list") << QByteArray(R"({"sample": []})") << 0 << "no \"samples\" list";
        QTest::newRow("missing image")
            << QByteArray(
                   R"({"samples": [{"image": "gone.png", "level": 280, "question": "Q?"}, )" +
                   good + "]}")
            << 1 << "gone.png: no such image file";
        QTest::newRow("outside the folder")
            << QByteArray(R"({"samples": [{"image": "../a.png", "level": 280, "question": "Q?"}]})")
            << 0 << "must name a file in the samples folder";
        QTest::newRow("unknown level")
            << QByteArray(R"({"samples": [{"image": "a.png", "level": 300, "question": "Q?"}]})")
            << 0 << "\"level\" is not one of the detail levels";
        QTest::newRow("fractional level")
            << QByteArray(R"({"samples": [{"image": "a.png", "level": 280.5, "question": "Q?"}]})")
            << 0 << "\"level\" is not one of the detail levels";
        QTest::newRow("same level twice")
            << QByteArray(R"({"samples": [{"image": "a.png", "level": 280, "question": "Q?", )"
                          R"("compare_with_level": 280}]})")
            << 0 << "must differ";
        QTest::newRow("bad compare level")
            << QByteArray(R"({"samples": [{"image": "a.png", "level": 280, "question": "Q?", )"
                          R"("compare_with_level": "70"}]})")
            << 0 << "\"compare_with_level\" is not one";
        QTest::newRow("no question")
            << QByteArray(R"({"samples": [{"image": "a.png", "level": 280, "question": "  "}]})")
            << 0 << "\"question\" must be a text";
        QTest::newRow("not an object")
            << QByteArray(R"({"samples": [3, )" + good + "]}") << 1 << "entry 1: not a JSON object";
        QTest::newRow("too large") << QByteArray(70 * 1024, ' ') << 0 << "a samples.json may be";
    }
    void brokenFilesAndEntriesAreRefusedWithAReason() {
        QFETCH(QByteArray, json);
        QFETCH(int, offered);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        QImage picture(32, 32, QImage::Format_RGB32);
        picture.fill(Qt::white);
        QVERIFY(picture.save(dir.filePath("a.png")));
        write(dir.filePath("samples.json"), json);
        const ui::DemoSampleList read = ui::readDemoSamples(dir.path());
        QCOMPARE(read.samples.size(), offered);
        QCOMPARE(read.problems.size(), 1);
        QVERIFY2(read.problems.first().contains(problem), qPrintable(read.problems.first()));
    }

    void noFileIsOneProblem() {
        QTemporaryDir dir;
        ui::DemoSamples samples;
        samples.load(dir.path());
        QCOMPARE(samples.rowCount(), 0);
        QCOMPARE(samples.problems().size(), 1);
        QVERIFY2(samples.problems().first().contains("samples.json"),
                 qPrintable(samples.problems().first()));
    }
};

QTEST_MAIN(DemoSamplesTest)
#include "tst_demosamples.moc"
