#include "core/conversations/conversationbranches.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <stdexcept>

namespace facet::app {
namespace {

// Versions are numbered in the order they were made; the id only breaks ties within a millisecond.
bool madeBefore(const Message& a, const Message& b) {
    return a.created != b.created ? a.created < b.created : a.id < b.id;
}

QString parentIdAt(const Conversation& c, int row) {
    return row == 0 ? QString() : c.messages[row - 1].id;
}

QList<const Message*> versionsAt(const Conversation& c, int row) {
    QList<const Message*> versions{&c.messages[row]};
    const QString parent = parentIdAt(c, row);
    for (const auto& m : c.alternatives)
        if (m.parentId == parent)
            versions.append(&m);
    std::sort(versions.begin(), versions.end(),
              [](const Message* a, const Message* b) { return madeBefore(*a, *b); });
    return versions;
}

// Removes the alternative with `id` and returns it as a message of the active branch.
Message takeAlternative(Conversation& c, const QString& id) {
    const auto it = std::find_if(c.alternatives.begin(), c.alternatives.end(),
                                 [&](const Message& m) { return m.id == id; });
    Message m = std::move(*it);
    c.alternatives.erase(it);
    m.parentId.clear();
    return m;
}

// The child of `parent` to show: the one shown last, else the newest.
QString childToShow(const Conversation& c, const QString& parent, const QString& remembered) {
    const Message* chosen = nullptr;
    for (const auto& m : c.alternatives) {
        if (m.parentId != parent)
            continue;
        if (m.id == remembered)
            return m.id;
        if (!chosen || madeBefore(*chosen, m))
            chosen = &m;
    }
    return chosen ? chosen->id : QString();
}

[[noreturn]] void fail(const QString& id, const char* problem) {
    throw std::runtime_error("alternative message \"" + id.toStdString() + "\": " + problem);
}

} // namespace

BranchPosition branchPosition(const Conversation& c, int row) {
    if (row < 0 || row >= c.messages.size())
        return {};
    const auto versions = versionsAt(c, row);
    return {static_cast<int>(versions.indexOf(&c.messages[row])),
            static_cast<int>(versions.size())};
}

void detachTail(Conversation& c, int row) {
    if (row < 0 || row >= c.messages.size())
        return;
    for (qsizetype i = row; i < c.messages.size(); ++i) {
        Message m = c.messages[i];
        m.parentId = parentIdAt(c, static_cast<int>(i));
        m.activeChildId = i + 1 < c.messages.size() ? c.messages[i + 1].id : QString();
        c.alternatives.append(std::move(m));
    }
    c.messages.resize(row);
}

bool switchBranch(Conversation& c, int row, int index) {
    if (row < 0 || row >= c.messages.size())
        return false;
    const auto versions = versionsAt(c, row);
    if (index < 0 || index >= versions.size())
        return false;
    const QString target = versions[index]->id; // by id: pointers die as the lists change
    if (target == c.messages[row].id)
        return true;
    detachTail(c, row);
    c.messages.append(takeAlternative(c, target));
    // Walk down the remembered choices to a leaf, so the branch reads as it did when left.
    for (;;) {
        Message& last = c.messages.last();
        const QString next = childToShow(c, last.id, last.activeChildId);
        last.activeChildId.clear();
        if (next.isEmpty())
            break;
        c.messages.append(takeAlternative(c, next));
    }
    return true;
}

void checkBranches(const Conversation& c) {
    QSet<QString> onPath;
    QHash<QString, const Message*> alternatives;
    for (const auto& m : c.messages) {
        if (onPath.contains(m.id))
            throw std::runtime_error("message \"" + m.id.toStdString() + "\" appears twice");
        onPath.insert(m.id);
    }
    for (const auto& m : c.alternatives) {
        if (onPath.contains(m.id) || alternatives.contains(m.id))
            fail(m.id, "appears twice");
        alternatives.insert(m.id, &m);
    }
    for (const auto& m : c.alternatives) {
        if (!m.parentId.isEmpty() && !onPath.contains(m.parentId) &&
            !alternatives.contains(m.parentId))
            fail(m.id, "its parent is not in the conversation");
        const Message* child = alternatives.value(m.activeChildId);
        if (!m.activeChildId.isEmpty() && (!child || child->parentId != m.id))
            fail(m.id, "its active child is not one of its children");
    }
    // Every chain of parents must reach the active branch or the start: no cycles. Each
    // alternative is walked once (a chain of 30,000 made this quadratic: seconds at startup).
    QSet<QString> reachesPath; // alternatives whose chain is known to end well
    QList<const Message*> chain;
    QSet<QString> inChain;
    for (const auto& m : c.alternatives) {
        chain.clear();
        inChain.clear();
        for (const Message* p = &m; p && !reachesPath.contains(p->id);
             p = p->parentId.isEmpty() || onPath.contains(p->parentId)
                     ? nullptr
                     : alternatives.value(p->parentId)) {
            if (inChain.contains(p->id))
                fail(m.id, "its parents form a cycle");
            inChain.insert(p->id);
            chain.append(p);
        }
        for (const Message* p : chain)
            reachesPath.insert(p->id);
    }
}

} // namespace facet::app
