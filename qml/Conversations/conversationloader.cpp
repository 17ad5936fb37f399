#include "Conversations/conversationloader.h"

namespace facet::ui {

ConversationLoader::ConversationLoader(QObject* parent) : QObject(parent) {}

ConversationLoader::~ConversationLoader() {
    if (thread_)
        thread_->wait();
}

bool ConversationLoader::start(const QString& root) {
    if (thread_)
        return false;
    auto result = std::make_shared<app::ConversationStore::Listing>();
    result_ = result;
    // Its own store object: scan() only reads, and the app's store keeps saving meanwhile.
    thread_.reset(
        QThread::create([root, result] { *result = app::ConversationStore(root).scan(); }));
    thread_->setObjectName(QStringLiteral("facet-conversations"));
    // `finished` is delivered on this object's thread, after the scan wrote its result.
    connect(thread_.get(), &QThread::finished, this, [this] {
        thread_->wait();
        thread_.reset();
        const auto listing = std::move(result_);
        emit loaded(*listing);
    });
    thread_->start(QThread::LowPriority);
    return true;
}

} // namespace facet::ui
