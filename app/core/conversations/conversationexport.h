#pragma once
// Export of a conversation for people (Markdown: the active branch, images referenced with their
// detail level and token cost, replies as written, statistics in a line, "version i of n" where
// the conversation branches) and for programs (the stored JSON: every branch).
#include "core/conversations/conversation.h"

#include <QByteArray>

namespace facet::app {

// `imageFolder` is the folder the image paths are written relative to (or absolute when empty).
[[nodiscard]] QString toMarkdown(const Conversation& conversation, const QString& imageFolder);
[[nodiscard]] QByteArray toJsonExport(const Conversation& conversation, const QString& imageFolder);

} // namespace facet::app
