#include "appcontroller.h"

#include "attachmentmodel.h"
#include "chatcontroller.h"
#include "chatlistmodel.h"
#include "conversationmodel.h"
#include "conversationstore.h"
#include "engineclient.h"

#include <QJSEngine>
#include <QPointer>

namespace facet::ui {
namespace {
QPointer<AppController> g_instance;
}

AppController::AppController(const QString& storeRoot, QObject* parent)
    : QObject(parent), store_(std::make_unique<app::ConversationStore>(storeRoot)),
      engine_(new EngineClient(this)), attachments_(new AttachmentModel(this)),
      conversation_(new ConversationModel(this)), chats_(new ChatListModel(this)),
      chat_(new ChatController(*engine_, *attachments_, *conversation_, *chats_, *store_, this)) {
    // A level the new model lacks is replaced by the nearest compiled one.
    connect(engine_, &EngineClient::stateChanged, this, [this] {
        const QVariantList levels = engine_->detailLevels();
        if (levels.isEmpty() || levels.contains(attachments_->messageLevel()))
            return;
        int best = levels.first().toInt();
        for (const QVariant& v : levels)
            if (std::abs(v.toInt() - 280) < std::abs(best - 280))
                best = v.toInt();
        attachments_->setMessageLevel(best);
    });
}

AppController::~AppController() {
    chat_->finishForQuit();
    engine_->shutdown();
}

AppController* AppController::create(QQmlEngine*, QJSEngine*) {
    if (!g_instance)
        g_instance = new AppController(QString()); // owned by the QML engine (Qt Quick Test)
    else
        QJSEngine::setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}

void AppController::setInstance(AppController* instance) {
    g_instance = instance;
}

bool AppController::levelAvailable(int level) const {
    const QVariantList levels = engine_->detailLevels();
    return levels.isEmpty() || levels.contains(level);
}

} // namespace facet::ui
