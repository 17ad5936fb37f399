// The image provider's responses (qml/Attachments/imageprovider.*): a thumbnail is decoded off
// the GUI thread, and one Qt Quick cancels before its decoding started is answered without
// decoding — scrolling the image picker through a big folder cancels most of what it asked for.
// Every response, cancelled or not, still reports finished() (Qt Quick deletes it then).
#include "Attachments/imageprovider.h"
#include "Attachments/imageurls.h"

#include <QImage>
#include <QQuickImageResponse>
#include <QQuickTextureFactory>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <vector>

using namespace facet;

class ImageProviderTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString photo_;

    // The provider's id for `path`'s thumbnail (the part of the URL after image://facet/).
    static QString thumbnailId(const QString& path) {
        const QString url = ui::thumbnailUrl(path).toString();
        return url.mid(QStringLiteral("image://facet/").size());
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        // Noise compresses badly, so each decode takes tens of milliseconds: long enough that
        // the requests made after the first two wait in the pool's queue.
        QImage noise(2400, 1800, QImage::Format_RGB32);
        auto* random = QRandomGenerator::global();
        for (int y = 0; y < noise.height(); ++y) {
            auto* row = reinterpret_cast<quint32*>(noise.scanLine(y));
            for (int x = 0; x < noise.width(); ++x)
                row[x] = random->generate();
        }
        photo_ = dir_.filePath(QStringLiteral("noise.png"));
        QVERIFY(noise.save(photo_));
    }

    void thumbnailIsDecoded() {
        ui::ImageProvider provider;
        std::unique_ptr<QQuickImageResponse> response(
            provider.requestImageResponse(thumbnailId(photo_), QSize(128, 128)));
        QSignalSpy finished(response.get(), &QQuickImageResponse::finished);
        QVERIFY(finished.wait(30000));
        QVERIFY2(response->errorString().isEmpty(), qPrintable(response->errorString()));
        std::unique_ptr<QQuickTextureFactory> texture(response->textureFactory());
        QVERIFY(texture);
        QCOMPARE(std::max(texture->textureSize().width(), texture->textureSize().height()), 128);
    }

    void cancelledBeforeStartIsNotDecoded() {
        ui::ImageProvider provider;
        constexpr int kRequests = 20;
        std::vector<std::unique_ptr<QQuickImageResponse>> responses;
        std::vector<std::unique_ptr<QSignalSpy>> spies;
        for (int i = 0; i < kRequests; ++i) {
            responses.emplace_back(
                provider.requestImageResponse(thumbnailId(photo_), QSize(128, 128)));
            spies.push_back(std::make_unique<QSignalSpy>(responses.back().get(),
                                                         &QQuickImageResponse::finished));
        }
        // All but the last are no longer needed (their cells scrolled away).
        for (int i = 0; i + 1 < kRequests; ++i)
            responses[static_cast<size_t>(i)]->cancel();
        // Every response still finishes; the cancelled ones that had not started say so.
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(spies.begin(), spies.end(),
                                             [](const auto& spy) { return spy->count() == 1; }),
                                 60000);
        int skipped = 0;
        for (int i = 0; i + 1 < kRequests; ++i)
            if (responses[static_cast<size_t>(i)]->errorString() ==
                ui::ImageProvider::cancelledMessage())
                ++skipped;
        // The pool decodes two at a time: at most those two had started when they were
        // cancelled.
        QVERIFY2(skipped >= kRequests - 1 - 2,
                 qPrintable(QStringLiteral("%1 of %2 cancelled requests were decoded anyway")
                                .arg(kRequests - 1 - skipped)
                                .arg(kRequests - 1)));
        QVERIFY2(responses.back()->errorString().isEmpty(),
                 qPrintable(responses.back()->errorString()));
        std::unique_ptr<QQuickTextureFactory> texture(responses.back()->textureFactory());
        QVERIFY(texture && !texture->textureSize().isEmpty());
    }
};

QTEST_MAIN(ImageProviderTest)
#include "tst_imageprovider.moc"
