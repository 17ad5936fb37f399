#pragma once
// image://facet/thumb/<percent-encoded path>        thumbnail (engine decoder, EXIF applied)
// image://facet/seen/<level>/<percent-encoded path>  what the model sees, with its token grid
// Decoding runs on a thread pool so the GUI thread never waits for an image; a request Qt Quick
// cancels (its Image went away) before its decoding started is answered without decoding. The
// URLs are made and read by imageurls.h.
#include <QQuickAsyncImageProvider>
#include <QThreadPool>

namespace facet::ui {

class ImageProvider : public QQuickAsyncImageProvider {
public:
    ImageProvider();
    QQuickImageResponse* requestImageResponse(const QString& id,
                                              const QSize& requestedSize) override;
    // The error string of a response cancelled before its image was decoded.
    static QString cancelledMessage();

private:
    QThreadPool pool_;
};

} // namespace facet::ui
