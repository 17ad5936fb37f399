#pragma once
// Export of a conversation for people (Markdown: the active branch, images referenced with their
// detail level and token cost, replies as written, statistics in a line, "version i of n" where
// the conversation branches) and for programs (the stored JSON: every branch).
#include "core/conversations/conversation.h"

#include <QByteArray>

namespace facet::app {

// `imageFolder` is the folder the image paths are written relative to (or absolute when empty).
// The Markdown's image links are URLs: percent-encoded, so a folder or file name with spaces,
// '#', '%' or letters outside ASCII still links to its file.
[[nodiscard]] QString toMarkdown(const Conversation& conversation, const QString& imageFolder);
[[nodiscard]] QByteArray toJsonExport(const Conversation& conversation, const QString& imageFolder);

// A file name (without extension) made from a conversation's title: characters no file name
// may hold dropped ('/' and '\\' become '-'), white space collapsed, no leading '.' and no
// trailing '.', '-' or space — "What is in this photo?" gives "What is in this photo", never
// "What is in this photo-". "conversation" when nothing is left; at most 100 characters.
[[nodiscard]] QString exportBaseName(const QString& title);

} // namespace facet::app
