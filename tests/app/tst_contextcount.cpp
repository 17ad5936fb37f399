// The context meter's number (ContextCounter, what ContextMeter.qml shows) against the engine's
// own: on the demo model with the simulated device, for several conversations — text only, an
// image and then follow-up turns (the kept session reuses its KV cache), two images at
// different levels in one message — the count taken from the composer's draft before Send must
// equal the KV-cache positions the reply then reports (stats kv_positions). The old estimate
// (history tokens + the images' soft tokens + a quarter of the characters) is computed beside
// it and must be wrong at least once, so this test fails on the meter as it was.
#include "Common/appcontroller.h"
#include "core/worker/modelloader.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace facet;

namespace {
// Waits on the simulated demo model: under ThreadSanitizer at load 6 a two-level reply took
// 169-297 s, more than the 120 s the other builds get.
#if defined(__SANITIZE_THREAD__)
constexpr int kScale = 5;
#else
constexpr int kScale = 1;
#endif
} // namespace

class ContextCountTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<ui::AppController> app_;
    QString photo_;
    QString shapes_;
    QList<int> levels_;
    int estimateWrong_ = 0;
    int checked_ = 0;

    // Puts the draft into the composer's place, waits for its count, sends it and compares
    // the count with the positions of the reply's prefill.
    void askAndCompare(const QString& text, const QList<QPair<QString, int>>& images) {
        auto* attachments = app_->attachments();
        for (const auto& [path, level] : images) {
            attachments->addFiles({path});
            attachments->setImageLevel(attachments->rowCount() - 1, level);
        }
        ui::ContextCounter* counter = app_->context();
        counter->setDraftText(text);
        QTRY_VERIFY_WITH_TIMEOUT(!counter->pending(), 20000 * kScale);
        QVERIFY2(counter->exact(), qPrintable(counter->problem()));
        const int counted = counter->positions();
        const int estimate = app_->conversation()->historyTokens() + attachments->totalTokens() +
                             static_cast<int>(std::ceil(text.size() / 4.0));
        QVERIFY(app_->chat()->send(text));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 120000 * kScale);
        const app::Message& reply = app_->conversation()->conversation().messages.last();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        const int engine = reply.stats.value(QLatin1String("kv_positions")).toInt();
        qInfo("%-34s meter %5d  engine %5d  old estimate %5d  (reused %d)",
              qPrintable(text.left(34)), counted, engine, estimate,
              reply.stats.value(QLatin1String("reused_tokens")).toInt());
        QCOMPARE(counted, engine);
        ++checked_;
        if (estimate != engine)
            ++estimateWrong_;
    }

private slots:
    void initTestCase() {
        QVERIFY(!app::ModelLoader::demoModelDir().isEmpty());
        shapes_ = QDir(app::ModelLoader::demoModelDir()).filePath("samples/shapes.png");
        QVERIFY(QFileInfo::exists(shapes_));
        QImage image(500, 333, QImage::Format_RGB888);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixelColor(x, y, QColor((x * 3) % 256, (y * 5) % 256, (x + y) % 256));
        photo_ = dir_.filePath("photo é.png");
        QVERIFY(image.save(photo_));
        app_ = std::make_unique<ui::AppController>(dir_.filePath("store"), app::makeLocalBackend());
        app_->engine()->model().loadDemoModel();
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 120000 * kScale);
        levels_ = app_->engine()->model().detailLevels();
        QVERIFY(levels_.size() >= 2);
    }
    void cleanupTestCase() { app_.reset(); }

    void textOnly() {
        app_->library()->newChat();
        app_->settings()->setSamplingValue("maxNewTokens", 24);
        askAndCompare("Hello. Can you tell me what you do?", {});
    }

    // The second and third turns run in the session that holds the first: their prefill
    // continues the cached one (reused_tokens > 0).
    void imageThenFollowUps() {
        app_->library()->newChat();
        app_->settings()->setSamplingValue("maxNewTokens", 24);
        askAndCompare("How many shapes are in this picture?", {{shapes_, levels_.first()}});
        askAndCompare("And which colour is the largest?", {});
        askAndCompare("What is in this one?", {{photo_, levels_.at(1)}});
    }

    void twoLevelsInOneMessage() {
        app_->library()->newChat();
        app_->settings()->setSamplingValue("maxNewTokens", 24);
        askAndCompare("Compare these two pictures.",
                      {{shapes_, levels_.last()}, {photo_, levels_.first()}});
        askAndCompare("한글로 답해 주세요: 무엇이 다른가요?", {});
    }

    void theOldEstimateWasWrong() {
        QVERIFY(checked_ >= 6);
        QVERIFY2(estimateWrong_ > 0, "the old estimate matched every time: the test shows nothing");
        qInfo("the old estimate was wrong for %d of %d replies", estimateWrong_, checked_);
    }
};

QTEST_MAIN(ContextCountTest)
#include "tst_contextcount.moc"
