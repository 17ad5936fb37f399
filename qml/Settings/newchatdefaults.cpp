#include "Settings/newchatdefaults.h"

#include "core/types/replytypes.h"

#include <QSettings>

namespace facet::ui {
namespace {
const QString kLevelKey = QStringLiteral("newChat/level");
const QString kSystemPromptKey = QStringLiteral("newChat/systemPrompt");
const QString kThinkingKey = QStringLiteral("newChat/thinking");
} // namespace

NewChatDefaults::NewChatDefaults(QObject* parent)
    : QObject(parent), level_(app::kDefaultDetailLevel) {
    const QSettings settings;
    // A settings file edited by hand, or from a version with other levels: the default stays.
    if (const int stored = settings.value(kLevelKey).toInt(); app::isDetailLevel(stored))
        level_ = stored;
    systemPrompt_ = settings.value(kSystemPromptKey).toString();
    thinking_ = settings.value(kThinkingKey).toBool();
}

void NewChatDefaults::setLevel(int level) {
    if (level == level_ || !app::isDetailLevel(level))
        return;
    level_ = level;
    QSettings().setValue(kLevelKey, level_);
    emit changed();
}

void NewChatDefaults::setSystemPrompt(const QString& prompt) {
    if (prompt == systemPrompt_)
        return;
    systemPrompt_ = prompt;
    QSettings().setValue(kSystemPromptKey, systemPrompt_);
    emit changed();
}

void NewChatDefaults::setThinking(bool on) {
    if (on == thinking_)
        return;
    thinking_ = on;
    QSettings().setValue(kThinkingKey, thinking_);
    emit changed();
}

int NewChatDefaults::levelFor(const QList<int>& compiled) const {
    return app::nearestDetailLevel(compiled, level_);
}

void NewChatDefaults::applyTo(app::Conversation& conversation) const {
    conversation.systemPrompt = systemPrompt_;
    conversation.enableThinking = thinking_;
}

} // namespace facet::ui
