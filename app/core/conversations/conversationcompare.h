#pragma once
// A comparison of detail levels in a conversation. The compared turn is one user message; each
// column of the comparison is a reply to it made at one level (Message::level). When the user
// continues with one column, that reply joins the active branch and the other columns become
// its alternatives: the branch switcher pages through them and the file keeps them all.
#include "core/conversations/conversation.h"

namespace facet::app {

// Appends the compared replies after the last message of the active branch (the compared user
// message): `replies[chosen]` becomes the active reply, the others alternatives with that
// message as their parent. Their `created` times order the versions as the columns were.
// Throws std::invalid_argument when the active branch does not end in a user message, when
// `chosen` is out of range or a reply lacks its level.
void addComparedReplies(Conversation& conversation, QList<Message> replies, int chosen);

// The compared replies at `row` of the active branch: the reply there and its alternatives that
// came from the same comparison (made at a level), in version order. Empty for an ordinary reply.
[[nodiscard]] QList<const Message*> comparedVersions(const Conversation& conversation, int row);

} // namespace facet::app
