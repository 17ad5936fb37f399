#pragma once
// image://facet/thumb/<percent-encoded path>        thumbnail (engine decoder, EXIF applied)
// image://facet/seen/<level>/<percent-encoded path>  what the model sees, with its token grid
// Decoding runs on a thread pool so the GUI thread never waits for an image. The URLs are made
// and read by imageurls.h.
#include <QQuickAsyncImageProvider>
#include <QThreadPool>

namespace facet::ui {

class ImageProvider : public QQuickAsyncImageProvider {
public:
    ImageProvider();
    QQuickImageResponse* requestImageResponse(const QString& id,
                                              const QSize& requestedSize) override;

private:
    QThreadPool pool_;
};

} // namespace facet::ui
