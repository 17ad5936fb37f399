#include "Attachments/backgroundencoder.h"

#include "Attachments/attachmentmodel.h"
#include "core/worker/engineclient.h"

namespace facet::ui {

BackgroundEncoder::BackgroundEncoder(app::EngineClient& engine, AttachmentModel& attachments,
                                     QObject* parent)
    : QObject(parent), engine_(engine), attachments_(attachments) {
    settle_.setSingleShot(true);
    settle_.setInterval(kSettleMs);
    connect(&settle_, &QTimer::timeout, this, &BackgroundEncoder::start);
    // totalTokensChanged covers added and removed images and every level change.
    connect(&attachments_, &AttachmentModel::totalTokensChanged, this,
            &BackgroundEncoder::schedule);
    // A reply or a load that held the device ended: what waits can be encoded now.
    connect(&engine_.requests(), &app::RequestStream::idleChanged, this, [this] {
        if (pending_ && engine_.requests().idle() && !settle_.isActive())
            settle_.start();
    });
    connect(&engine_.requests(), &app::RequestStream::preencoded, this,
            [this](int encoded, int alreadyCached, bool cancelled) {
                if (!cancelled)
                    pending_ = false;
                emit encodedAhead(encoded, alreadyCached);
            });
}

void BackgroundEncoder::schedule() {
    pending_ = attachments_.rowCount() > 0;
    // A run for an older set stops (what it finished stays cached): the one that follows has
    // the current images and levels, so a Send can wait for a run in progress. Not when the
    // composer was emptied: that is Send taking the images, and it waits for this run.
    if (pending_)
        engine_.requests().cancelPreencode();
    if (pending_)
        settle_.start();
    else
        settle_.stop();
}

void BackgroundEncoder::start() {
    if (!pending_ || !engine_.requests().idle())
        return; // idleChanged brings us back
    std::vector<generate::ImageInput> images;
    const auto& items = attachments_.items();
    for (int row = 0; row < items.size(); ++row)
        images.push_back({items[row].path.toStdString(), attachments_.levelAt(row)});
    engine_.requests().preencode(std::move(images));
}

} // namespace facet::ui
