#pragma once
// The size of the engine's image cache (the vision encoder's output per image and level, kept so
// an image is never encoded twice at the same level): one setting for all conversations, saved
// in the application settings and applied to the engine at once and for every model loaded.
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class ImageCacheSetting : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(int megabytes READ megabytes WRITE setMegabytes NOTIFY changed)
    Q_PROPERTY(int maximumMegabytes READ maximumMegabytes CONSTANT)
public:
    static constexpr int kDefaultMegabytes = 512;
    // One 1120-level image's encoding is 1120 soft tokens x the model's hidden size in bf16
    // (about 12 MB for Gemma 4 31B): 16 GB holds over a thousand of them.
    static constexpr int kMaximumMegabytes = 16384;

    explicit ImageCacheSetting(app::EngineClient& engine, QObject* parent = nullptr);

    int megabytes() const { return megabytes_; }
    // 0 turns the cache off (and empties it); values are clamped to [0, kMaximumMegabytes].
    void setMegabytes(int megabytes);
    int maximumMegabytes() const { return kMaximumMegabytes; }

signals:
    void changed();

private:
    void apply();

    app::EngineClient& engine_;
    int megabytes_ = kDefaultMegabytes;
};

} // namespace facet::ui
