#include "core/conversations/conversationcompare.h"

#include <algorithm>
#include <stdexcept>

namespace facet::app {

void addComparedReplies(Conversation& c, QList<Message> replies, int chosen) {
    if (c.messages.isEmpty() || c.messages.last().role != Message::Role::User)
        throw std::invalid_argument("compared replies need the compared user message last");
    if (chosen < 0 || chosen >= replies.size())
        throw std::invalid_argument("the chosen column is not one of the compared replies");
    const QString parent = c.messages.last().id;
    for (qsizetype i = 0; i < replies.size(); ++i) {
        Message& m = replies[i];
        if (m.role != Message::Role::Model || m.level <= 0)
            throw std::invalid_argument("a compared reply needs its detail level");
        m.activeChildId.clear();
        m.parentId = i == chosen ? QString() : parent;
        if (i != chosen)
            c.alternatives.append(m);
    }
    c.messages.append(replies[chosen]);
}

QList<const Message*> comparedVersions(const Conversation& c, int row) {
    QList<const Message*> out;
    if (row < 1 || row >= c.messages.size() || c.messages[row].level <= 0)
        return out;
    const QString parent = c.messages[row - 1].id;
    out.append(&c.messages[row]);
    for (const auto& m : c.alternatives)
        if (m.parentId == parent && m.level > 0 && m.role == Message::Role::Model)
            out.append(&m);
    std::sort(out.begin(), out.end(), [](const Message* a, const Message* b) {
        return a->created != b->created ? a->created < b->created : a->id < b->id;
    });
    return out;
}

} // namespace facet::app
