// Background encoding while the user types (Attachments/backgroundencoder.h) against the scripted
// engine, whose vision cache is a set of "content@level": images attached are encoded ahead once
// they settle, the request that sends them reuses the encodings (no vision phase, "reused" in the
// stats) and waits for a run in progress, other work or a new level cancels a run at once, and
// the image-cache setting reaches the engine.
#include "Chat/conversationmodel.h"
#include "Common/appcontroller.h"
#include "scriptedbackend.h"

#include <QElapsedTimer>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

class BackgroundEncoderTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;

    QString writeImage(const QString& name) {
        QImage image(400, 300, QImage::Format_RGB888);
        image.fill(QColor::fromRgb(static_cast<QRgb>(qHash(name)))); // distinct contents
        const QString path = dir_.filePath(name);
        image.save(path);
        return path;
    }
    const app::Message& message(int row) const {
        return app_->conversation()->conversation().messages.at(row);
    }

private slots:
    void init() {
        QSettings().remove(QStringLiteral("engine/imageCacheMegabytes"));
        script_ = std::make_shared<app::ScriptedEngine>();
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(++count_)),
                                                   app::makeScriptedBackend(script_));
        app_->engine()->model().loadModelDir("scripted", 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 5000);
    }
    void cleanup() {
        app_.reset();
        QSettings().remove(QStringLiteral("engine/imageCacheMegabytes"));
    }

    void attachedImagesAreEncodedAheadAndReused() {
        app::EngineScript s;
        s.visionMsPerImage = 50;
        script_->setScript(s);
        const QString a = writeImage("a.png");
        const QString b = writeImage("b.png");
        QSignalSpy ahead(app_->backgroundEncoder(), &ui::BackgroundEncoder::encodedAhead);
        QVERIFY(app_->attachments()->addFiles({a, b}).isEmpty());
        app_->attachments()->setImageLevel(1, 1120);
        QTRY_COMPARE_WITH_TIMEOUT(ahead.count(), 1, 3000);
        QCOMPARE(ahead.at(0).at(0).toInt(), 2); // both, at their chosen levels
        const int level = app_->attachments()->messageLevel();
        QVERIFY(script_->encoded(app::ScriptedEngine::cacheKey({a.toStdString(), level})));
        QVERIFY(script_->encoded(app::ScriptedEngine::cacheKey({b.toStdString(), 1120})));
        QVERIFY(!script_->encoded(app::ScriptedEngine::cacheKey({b.toStdString(), level})));

        // Send: the request finds both encoded (no vision phase), and the stats say so.
        QVERIFY(app_->chat()->send("What is this?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        const auto stats = app::replyStatsFromJson(message(1).stats);
        QCOMPARE(stats.images.size(), 2);
        QCOMPARE(stats.imagesReused, 2);
        // Nothing is encoded again once sent: the next (empty) composer starts nothing.
        QTest::qWait(ui::BackgroundEncoder::kSettleMs + 100);
        QCOMPARE(script_->preencodeCalls(), 1);
    }

    void sendWaitsForTheRunOfItsOwnImages() {
        app::EngineScript s;
        s.visionMsPerImage = 600;
        script_->setScript(s);
        QVERIFY(app_->attachments()->addFiles({writeImage("mine.png")}).isEmpty());
        QTest::qWait(ui::BackgroundEncoder::kSettleMs + 150); // the run has started
        QVERIFY(app_->chat()->send("What is it?"));
        // The reply (once the image is copied into the conversation) says what the device does
        // meanwhile (not "Waiting for the engine").
        QTRY_COMPARE_WITH_TIMEOUT(
            app_->conversation()->index(1).data(ui::ConversationModel::PhaseRole).toString(),
            QString("Encoding images (started while you typed)"), 300);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        // Not started again from scratch: the request found the image encoded.
        QCOMPARE(script_->preencodesCancelled(), 0);
        QCOMPARE(app::replyStatsFromJson(message(1).stats).imagesReused, 1);
    }

    void otherWorkOrANewLevelCancelsTheRunAtOnce() {
        QVERIFY(app_->chat()->send("First, without images"));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        app::EngineScript s;
        s.visionMsPerImage = 4000;
        script_->setScript(s);
        QVERIFY(app_->attachments()->addFiles({writeImage("slow.png")}).isEmpty());
        QTest::qWait(ui::BackgroundEncoder::kSettleMs + 150); // encoding for 4 s unless stopped
        // A new level: the run for the old one stops.
        app_->attachments()->setImageLevel(0, 1120);
        QTRY_COMPARE_WITH_TIMEOUT(script_->preencodesCancelled(), 1, 1000);
        QTest::qWait(ui::BackgroundEncoder::kSettleMs + 150); // the run for 1120 has started
        // A regenerate does not send these images: it must not wait 4 s for them.
        app::EngineScript quick;
        quick.visionMsPerImage = 10;
        script_->setScript(quick);
        QElapsedTimer sinceRegenerate;
        sinceRegenerate.start();
        app_->chat()->regenerate(1);
        QTRY_COMPARE_WITH_TIMEOUT(script_->preencodesCancelled(), 2, 1000);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        QVERIFY2(sinceRegenerate.elapsed() < 1500,
                 qPrintable(QString::number(sinceRegenerate.elapsed())));
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
    }

    void nothingRunsWhileAReplyStreams() {
        app::EngineScript s;
        s.pieceIntervalMs = 30;
        s.pieces = std::vector<std::string>(20, "w ");
        script_->setScript(s);
        QVERIFY(app_->chat()->send("Long"));
        QVERIFY(app_->attachments()->addFiles({writeImage("later.png")}).isEmpty());
        QTest::qWait(ui::BackgroundEncoder::kSettleMs + 100);
        QCOMPARE(script_->preencodeCalls(), 0); // the device is busy with the reply
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(script_->preencodeCalls(), 1, 3000); // and then it runs
    }

    void theCacheSizeSettingReachesTheEngine() {
        QTRY_COMPARE_WITH_TIMEOUT(script_->visionCacheLimit(),
                                  std::size_t{ui::ImageCacheSetting::kDefaultMegabytes} << 20,
                                  2000);
        app_->imageCache()->setMegabytes(0);
        QTRY_COMPARE_WITH_TIMEOUT(script_->visionCacheLimit(), std::size_t{0}, 2000);
        app_->imageCache()->setMegabytes(1 << 30); // clamped
        QCOMPARE(app_->imageCache()->megabytes(), ui::ImageCacheSetting::kMaximumMegabytes);
        // Remembered for the next start.
        app_.reset();
        script_ = std::make_shared<app::ScriptedEngine>();
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(++count_)),
                                                   app::makeScriptedBackend(script_));
        QCOMPARE(app_->imageCache()->megabytes(), ui::ImageCacheSetting::kMaximumMegabytes);
        QTRY_COMPARE_WITH_TIMEOUT(script_->visionCacheLimit(),
                                  std::size_t{ui::ImageCacheSetting::kMaximumMegabytes} << 20,
                                  2000);
    }
};

int runBackgroundEncoderTest(int argc, char** argv) {
    BackgroundEncoderTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_backgroundencoder.moc"
