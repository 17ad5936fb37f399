#pragma once
// The one object QML reaches everything through (singleton `App`): the engine client, the chat
// controller and the item models. main() creates it; a QML engine without one (Qt Quick Test)
// gets a fresh instance that loads no model.
#include "attachmentmodel.h"
#include "chatcontroller.h"
#include "chatlistmodel.h"
#include "conversationmodel.h"
#include "engineclient.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

#include <memory>

class QQmlEngine;
class QJSEngine;

namespace facet::app {
class ConversationStore;
}

namespace facet::ui {

class AppController : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(App)
    QML_SINGLETON
    Q_PROPERTY(facet::ui::EngineClient* engine READ engine CONSTANT)
    Q_PROPERTY(facet::ui::ChatController* chat READ chat CONSTANT)
    Q_PROPERTY(facet::ui::AttachmentModel* attachments READ attachments CONSTANT)
    Q_PROPERTY(facet::ui::ConversationModel* conversation READ conversation CONSTANT)
    Q_PROPERTY(facet::ui::ChatListModel* chats READ chats CONSTANT)
public:
    // `storeRoot` empty: the XDG data folder. No default argument on purpose: Qt 6.4 builds a
    // default-constructible singleton itself instead of calling create().
    explicit AppController(const QString& storeRoot, QObject* parent = nullptr);
    ~AppController() override;

    static AppController* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);
    static void setInstance(AppController* instance);

    EngineClient* engine() const { return engine_; }
    ChatController* chat() const { return chat_; }
    AttachmentModel* attachments() const { return attachments_; }
    ConversationModel* conversation() const { return conversation_; }
    ChatListModel* chats() const { return chats_; }

    // Keeps the model in line with the loaded model's levels.
    Q_INVOKABLE bool levelAvailable(int level) const;

private:
    std::unique_ptr<app::ConversationStore> store_;
    EngineClient* engine_;
    AttachmentModel* attachments_;
    ConversationModel* conversation_;
    ChatListModel* chats_;
    ChatController* chat_;
};

} // namespace facet::ui
