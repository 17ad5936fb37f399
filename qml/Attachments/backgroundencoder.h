#pragma once
// Encodes the composer's images while the user types, so that Send starts with the text
// prefill: when the attachments or their levels change and have settled, and the engine is idle,
// every image goes through the vision encoder into the engine's vision cache at its chosen level
// (RequestStream::preencode). A newer change, a model load or a request for other work cancels it
// at once; the Send that takes these images waits for it instead (RequestStream::submit).
#include <QObject>
#include <QTimer>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class AttachmentModel;

class BackgroundEncoder : public QObject {
    Q_OBJECT
public:
    // Time the attachments must stay unchanged before encoding starts: picking a level with the
    // keyboard passes through others, and each would cost a vision run otherwise.
    static constexpr int kSettleMs = 300;

    BackgroundEncoder(app::EngineClient& engine, AttachmentModel& attachments,
                      QObject* parent = nullptr);

signals:
    void encodedAhead(int encoded, int alreadyCached);

private:
    void schedule();
    void start();

    app::EngineClient& engine_;
    AttachmentModel& attachments_;
    QTimer settle_;
    bool pending_ = false; // images changed since the last run that completed
};

} // namespace facet::ui
