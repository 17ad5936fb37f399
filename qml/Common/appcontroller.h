#pragma once
// The root object the main window gets its parts from (singleton `App`): the engine client, the
// chat session, the conversation library and settings, and the item models. Only Main.qml and
// the feature roots (Sidebar, ChatView, Composer, StatusBar, SettingsDialog) read it; leaf
// components get what they need as required properties. main() creates it; a QML engine
// without one (Qt Quick Test) gets a fresh instance on the scripted engine that loads nothing.
#include "Attachments/attachmentmodel.h"
#include "Attachments/backgroundencoder.h"
#include "Chat/chatsession.h"
#include "Chat/contextcounter.h"
#include "Chat/conversationmodel.h"
#include "Compare/comparesession.h"
#include "Conversations/chatlistmodel.h"
#include "Conversations/conversationlibrary.h"
#include "Server/serverconnection.h"
#include "Settings/conversationsettings.h"
#include "Settings/imagecachesetting.h"
#include "Settings/languagesettings.h"
#include "Settings/newchatdefaults.h"
#include "Settings/recentmodels.h"
#include "Settings/themesetting.h"
#include "Settings/windowsettings.h"
#include "Sweep/sweepsession.h"
#include "TryIt/demosamples.h"
#include "core/worker/enginebackend.h"
#include "core/worker/engineclient.h"

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
    Q_PROPERTY(facet::app::EngineClient* engine READ engine CONSTANT)
    Q_PROPERTY(facet::ui::ChatSession* chat READ chat CONSTANT)
    Q_PROPERTY(facet::ui::CompareSession* compare READ compare CONSTANT)
    Q_PROPERTY(facet::ui::SweepSession* sweep READ sweep CONSTANT)
    Q_PROPERTY(facet::ui::ConversationLibrary* library READ library CONSTANT)
    Q_PROPERTY(facet::ui::ConversationSettings* settings READ settings CONSTANT)
    Q_PROPERTY(facet::ui::LanguageSettings* language READ language CONSTANT)
    Q_PROPERTY(facet::ui::AttachmentModel* attachments READ attachments CONSTANT)
    Q_PROPERTY(facet::ui::ConversationModel* conversation READ conversation CONSTANT)
    Q_PROPERTY(facet::ui::ChatListModel* chats READ chats CONSTANT)
    Q_PROPERTY(facet::ui::ImageCacheSetting* imageCache READ imageCache CONSTANT)
    Q_PROPERTY(facet::ui::ServerConnection* server READ server CONSTANT)
    // The window's place and the sidebar's width and state, remembered across starts.
    Q_PROPERTY(facet::ui::WindowSettings* windowSettings READ windowSettings CONSTANT)
    // The model folders used last, for the header's model picker.
    Q_PROPERTY(facet::ui::RecentModels* recentModels READ recentModels CONSTANT)
    // Settings → Appearance → Theme, remembered.
    Q_PROPERTY(facet::ui::ThemeSetting* theme READ theme CONSTANT)
    // Settings → New chats: the level, system prompt and thinking a new chat starts with.
    Q_PROPERTY(facet::ui::NewChatDefaults* newChatDefaults READ newChatDefaults CONSTANT)
    // The context meter's count of the open conversation and the draft (Chat/contextcounter.h).
    Q_PROPERTY(facet::ui::ContextCounter* context READ context CONSTANT)
    // The demo model's examples ("Try it"), read from beside the built-in demo model.
    Q_PROPERTY(facet::ui::DemoSamples* samples READ samples CONSTANT)
public:
    // `storeRoot` empty: the XDG data folder. `backend`: the engine the worker runs
    // (app::makeLocalBackend() for the real one); a vLLM server can stand in for it
    // (app::withServers, Model → Connect to a server…). No default arguments on purpose: Qt 6.4
    // builds a default-constructible singleton itself instead of calling create().
    AppController(const QString& storeRoot, std::unique_ptr<app::EngineBackend> backend,
                  QObject* parent = nullptr);
    ~AppController() override;
    // Keeps what is in progress before the app quits: a comparison is continued with its
    // baseline column, then a running reply is stopped and saved as cancelled. The one path
    // for every way out (the window closed, Ctrl+Q, a signal: QGuiApplication::aboutToQuit,
    // connected in app/gui/main.cpp); the destructor calls it too, for owners that never quit
    // an application (tests). Runs once.
    void finishBeforeQuit();

    static AppController* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);
    static void setInstance(AppController* instance);

    app::EngineClient* engine() const { return engine_; }
    ChatSession* chat() const { return chat_; }
    CompareSession* compare() const { return compare_; }
    SweepSession* sweep() const { return sweep_; }
    ConversationLibrary* library() const { return library_; }
    ConversationSettings* settings() const { return settings_; }
    LanguageSettings* language() const { return language_; }
    AttachmentModel* attachments() const { return attachments_; }
    ConversationModel* conversation() const { return conversation_; }
    ChatListModel* chats() const { return chats_; }
    ImageCacheSetting* imageCache() const { return imageCache_; }
    BackgroundEncoder* backgroundEncoder() const { return backgroundEncoder_; }
    ServerConnection* server() const { return server_; }
    DemoSamples* samples() const { return samples_; }
    ContextCounter* context() const { return context_; }
    WindowSettings* windowSettings() const { return windowSettings_; }
    RecentModels* recentModels() const { return recentModels_; }
    ThemeSetting* theme() const { return theme_; }
    NewChatDefaults* newChatDefaults() const { return newChatDefaults_; }

private:
    std::unique_ptr<app::ConversationStore> store_;
    app::EngineClient* engine_;
    AttachmentModel* attachments_;
    ConversationModel* conversation_;
    ChatListModel* chats_;
    ConversationLibrary* library_;
    ChatSession* chat_;
    CompareSession* compare_;
    SweepSession* sweep_;
    ConversationSettings* settings_;
    ImageCacheSetting* imageCache_;
    BackgroundEncoder* backgroundEncoder_;
    ServerConnection* server_;
    LanguageSettings* language_;
    DemoSamples* samples_;
    ContextCounter* context_;
    WindowSettings* windowSettings_;
    RecentModels* recentModels_;
    ThemeSetting* theme_;
    NewChatDefaults* newChatDefaults_;
    bool finishedBeforeQuit_ = false;
};

} // namespace facet::ui
