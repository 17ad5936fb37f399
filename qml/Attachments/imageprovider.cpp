#include "Attachments/imageprovider.h"

#include "Attachments/imageurls.h"
#include "core/support/imagefacts.h"
#include "core/support/tsanqtbridge.h"

#include <QRunnable>
#include <QUrl>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>

namespace facet::ui {
namespace {

// The decoding job: it reports by a queued signal, so a response that Qt Quick deleted in the
// meantime (image no longer needed) is simply disconnected. A job whose response was cancelled
// before it started decodes nothing: scrolling through a folder of 2,000 photos in the image
// picker cancels the thumbnails of the cells it passed, which would otherwise keep both decoding
// threads busy for seconds before the cells now on screen got theirs.
class DecodeJob : public QObject, public QRunnable {
    Q_OBJECT
public:
    DecodeJob(QString id, QSize requested, std::shared_ptr<const std::atomic<bool>> cancelled)
        : id_(std::move(id)), requested_(requested), cancelled_(std::move(cancelled)) {}

    void run() override {
        app::tsanAcquireHandOff(); // the job was made on Qt Quick's image thread
        QImage image;
        QString error;
        if (cancelled_->load()) {
            emit done(image, ImageProvider::cancelledMessage());
            return;
        }
        try {
            image = decode();
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        emit done(image, error);
    }

signals:
    void done(const QImage& image, const QString& error);

private:
    QImage decode() const {
        if (id_.startsWith(QLatin1String("thumb/"))) {
            const int side = requested_.isValid() && !requested_.isEmpty()
                                 ? std::max(requested_.width(), requested_.height())
                                 : 256;
            return app::decodeThumbnail(pathFromImageId(QStringView(id_).mid(6)),
                                        std::max(side, 16));
        }
        if (id_.startsWith(QLatin1String("seen/"))) {
            const qsizetype slash = id_.indexOf(QLatin1Char('/'), 5);
            const int level = id_.mid(5, slash - 5).toInt();
            return app::modelView(pathFromImageId(QStringView(id_).mid(slash + 1)), level);
        }
        throw std::runtime_error("unknown image id " + id_.toStdString());
    }

    QString id_;
    QSize requested_;
    std::shared_ptr<const std::atomic<bool>> cancelled_;
};

class Response : public QQuickImageResponse {
    Q_OBJECT
public:
    Response(const QString& id, QSize requested, QThreadPool& pool) {
        auto* job = new DecodeJob(id, requested, cancelled_);
        connect(job, &DecodeJob::done, this, &Response::handleDone, Qt::QueuedConnection);
        pool.start(job);
    }

    // Qt Quick no longer needs the image. finished() still comes, from the job, once it has
    // ended: a response finished earlier may be deleted while its job still reports to it
    // (qtdeclarative v6.4.2, src/quick/util/qquickimageprovider.cpp, QQuickImageResponse::cancel).
    void cancel() override { cancelled_->store(true); }

    QQuickTextureFactory* textureFactory() const override {
        return QQuickTextureFactory::textureFactoryForImage(image_);
    }
    QString errorString() const override { return error_; }

private:
    void handleDone(const QImage& image, const QString& error) {
        image_ = image;
        error_ = error;
        emit finished();
    }

    QImage image_;
    QString error_;
    std::shared_ptr<std::atomic<bool>> cancelled_ = std::make_shared<std::atomic<bool>>(false);
};

} // namespace

QString ImageProvider::cancelledMessage() {
    return QStringLiteral("not decoded: no longer needed");
}

ImageProvider::ImageProvider() {
    pool_.setMaxThreadCount(2);
}

QQuickImageResponse* ImageProvider::requestImageResponse(const QString& id,
                                                         const QSize& requestedSize) {
    return new Response(id, requestedSize, pool_);
}

} // namespace facet::ui

#include "imageprovider.moc"
