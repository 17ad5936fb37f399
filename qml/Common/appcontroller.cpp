#include "Common/appcontroller.h"

#include "core/conversations/conversationstore.h"
#include "core/worker/remotebackend.h"

#include <QJSEngine>
#include <QPointer>

namespace facet::ui {
namespace {
QPointer<AppController> g_instance;
}

AppController::AppController(const QString& storeRoot, std::unique_ptr<app::EngineBackend> backend,
                             QObject* parent)
    : QObject(parent), store_(std::make_unique<app::ConversationStore>(storeRoot)),
      engine_(new app::EngineClient(app::withServers(std::move(backend)), this)),
      attachments_(new AttachmentModel(this)), conversation_(new ConversationModel(this)),
      chats_(new ChatListModel(this)),
      library_(new ConversationLibrary(*conversation_, *chats_, *store_, this)),
      chat_(new ChatSession(*engine_, *attachments_, *conversation_, *library_, this)),
      compare_(
          new CompareSession(*engine_, *attachments_, *conversation_, *library_, *chat_, this)),
      sweep_(new SweepSession(*engine_, *chat_, this)),
      settings_(new ConversationSettings(*conversation_, *library_, *engine_, this)),
      imageCache_(new ImageCacheSetting(*engine_, this)),
      backgroundEncoder_(new BackgroundEncoder(*engine_, *attachments_, this)),
      server_(new ServerConnection(*engine_, this)), language_(new LanguageSettings(this)),
      samples_(new DemoSamples(this)),
      context_(new ContextCounter(*engine_, *conversation_, *attachments_, *library_, this)),
      windowSettings_(new WindowSettings(this)), recentModels_(new RecentModels(*engine_, this)),
      theme_(new ThemeSetting(this)), newChatDefaults_(new NewChatDefaults(this)) {
    samples_->load(builtinDemoSamplesFolder());
    // Every new chat starts with Settings → New chats: its system prompt and thinking switch,
    // and the message's level (the composer's, shared by all chats, set back to the default).
    library_->setNewChatSetup([this](app::Conversation& c) {
        newChatDefaults_->applyTo(c);
        attachments_->setMessageLevel(newChatDefaults_->levelFor(engine_->model().detailLevels()));
    });
    // The chat the library opened as it was made, before the setup above existed.
    library_->newChat();
    // A level the new model lacks is replaced by the compiled one nearest the default.
    connect(&engine_->model(), &app::ModelLoader::stateChanged, this, [this] {
        const QList<int> levels = engine_->model().detailLevels();
        if (levels.isEmpty() || levels.contains(attachments_->messageLevel()))
            return;
        attachments_->setMessageLevel(newChatDefaults_->levelFor(levels));
    });
    // What the server taught (it takes no level per request) shows where the chat's notices do.
    connect(&engine_->serverSession(), &app::ServerSession::notice, chat_, &ChatSession::notice);
}

AppController::~AppController() {
    finishBeforeQuit();
    engine_->shutdown();
}

void AppController::finishBeforeQuit() {
    if (finishedBeforeQuit_)
        return;
    finishedBeforeQuit_ = true;
    compare_->stopAndKeepComparison();
    sweep_->stopForQuit(); // every ended run is already in its runs.jsonl
    chat_->stopAndKeepReply();
    // A message whose images are still being copied is not sent (like any draft at quit); the
    // copy is waited for, so nothing writes into the store after the application is gone.
    chat_->abandonSending();
}

AppController* AppController::create(QQmlEngine*, QJSEngine*) {
    // The application (qml/Common/application.cpp) and the test runners make the controller with
    // their engine before QML is loaded. There is no engine to fall back to: a window without
    // one would look usable and answer nothing.
    if (!g_instance)
        qFatal("App was used before the application made its AppController (no engine)");
    QJSEngine::setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}

void AppController::setInstance(AppController* instance) {
    g_instance = instance;
}

} // namespace facet::ui
