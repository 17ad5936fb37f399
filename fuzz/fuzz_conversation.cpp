// The conversation file reader: what the app reads at start from every
// conversations/<id>/conversation.json, so a damaged or hostile file must be refused with a
// std::runtime_error (the app then shows it and never writes over it), never crash or hang.
// What loads must survive a save and a second load unchanged (the branch checks included).
#include "core/conversations/conversation.h"

#include <QByteArray>
#include <QJsonDocument>

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!doc.isObject())
        return 0;
    try {
        const facet::app::Conversation first = facet::app::conversationFromJson(doc.object());
        const QJsonObject saved = facet::app::toJson(first);
        const facet::app::Conversation second = facet::app::conversationFromJson(saved);
        if (facet::app::toJson(second) != saved)
            __builtin_trap();
    } catch (const std::runtime_error&) {
    }
    return 0;
}
