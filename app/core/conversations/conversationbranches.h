#pragma once
// Branches of a conversation. Editing a sent message or regenerating a reply keeps what followed
// as another *version* at that point instead of throwing it away. The messages form a tree: each
// message follows its parent (the message before it, "" for the first). Conversation::messages
// is one root-to-leaf path, the active branch; every other message sits in
// Conversation::alternatives with its parentId. The versions at row r of the active branch are
// the children of row r-1's message, in the order they were created.
#include "core/conversations/conversation.h"

namespace facet::app {

struct BranchPosition {
    int index = 0; // 0-based, creation order
    int count = 1;
};

// Where the message at `row` of the active branch stands among the versions at that point.
[[nodiscard]] BranchPosition branchPosition(const Conversation& conversation, int row);

// Moves rows [row, end) of the active branch into the alternatives, remembering the order they
// were shown in, so the branch can be switched back to. Afterwards the active branch ends at
// row - 1 and a new version can be appended there.
void detachTail(Conversation& conversation, int row);

// Shows version `index` (0-based) at `row`: the active branch from `row` on is detached and
// replaced by that version followed, at each later point, by the version that was shown there
// last. Returns false (and changes nothing) when there is no such version.
bool switchBranch(Conversation& conversation, int row, int index);

// Throws std::runtime_error naming the message when the alternatives do not form a tree hanging
// off the active branch: duplicate ids, an unknown parent or active child, a cycle.
void checkBranches(const Conversation& conversation);

} // namespace facet::app
