#pragma once
// Reads the conversations on disk on a thread of its own, so that a large or slow store never
// freezes the window at start (a 30,000-message conversation took 15–20 s to check once). The
// result comes back on the thread that owns the loader (the GUI thread).
#include "core/conversations/conversationstore.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace facet::ui {

class ConversationLoader : public QObject {
    Q_OBJECT
public:
    explicit ConversationLoader(QObject* parent = nullptr);
    // Waits for a scan still running: it reads files only and ends on its own.
    ~ConversationLoader() override;

    // Starts reading the conversations under `root`; false while a scan runs.
    bool start(const QString& root);
    bool running() const { return thread_ != nullptr; }

signals:
    void loaded(const facet::app::ConversationStore::Listing& listing);

private:
    std::unique_ptr<QThread> thread_;
    std::shared_ptr<app::ConversationStore::Listing> result_;
};

} // namespace facet::ui
