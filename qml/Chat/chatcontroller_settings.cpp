// The chat controller's per-conversation settings: system prompt, sampling (defaults from the
// loaded model's generation_config.json) and the thinking switch.
#include "chatcontroller.h"

#include "conversationmodel.h"
#include "engineclient.h"
#include "requestbuilder.h"

namespace facet::ui {

QString ChatController::systemPrompt() const {
    return conversation_.conversation().systemPrompt;
}

void ChatController::setSystemPrompt(const QString& prompt) {
    if (prompt == systemPrompt())
        return;
    conversation_.conversationForUpdate().systemPrompt = prompt;
    save();
    emit currentChanged();
}

app::Sampling ChatController::effectiveSampling() const {
    const auto& own = conversation_.conversation().sampling;
    return own ? *own : app::fromEngine(engine_.defaultSampling());
}

QVariantMap ChatController::sampling() const {
    const app::Sampling s = effectiveSampling();
    return {{"doSample", s.doSample},
            {"temperature", s.temperature},
            {"topK", s.topK},
            {"topP", s.topP},
            {"seed", s.seed ? QString::number(*s.seed) : QString()},
            {"maxNewTokens", s.maxNewTokens}};
}

bool ChatController::samplingIsDefault() const {
    return !conversation_.conversation().sampling.has_value();
}

void ChatController::setSamplingValue(const QString& key, const QVariant& value) {
    app::Sampling s = effectiveSampling();
    if (key == QLatin1String("doSample"))
        s.doSample = value.toBool();
    else if (key == QLatin1String("temperature"))
        s.temperature = value.toDouble();
    else if (key == QLatin1String("topK"))
        s.topK = value.toInt();
    else if (key == QLatin1String("topP"))
        s.topP = value.toDouble();
    else if (key == QLatin1String("maxNewTokens"))
        s.maxNewTokens = value.toInt();
    else if (key == QLatin1String("seed")) {
        bool ok = false;
        const quint64 seed = value.toString().trimmed().toULongLong(&ok);
        s.seed = ok ? std::optional<quint64>(seed) : std::nullopt;
    } else
        return;
    conversation_.conversationForUpdate().sampling = s;
    save();
    emit samplingChanged();
}

void ChatController::resetSampling() {
    conversation_.conversationForUpdate().sampling.reset();
    save();
    emit samplingChanged();
}

bool ChatController::thinking() const {
    return conversation_.conversation().enableThinking;
}

void ChatController::setThinking(bool on) {
    if (on == thinking())
        return;
    conversation_.conversationForUpdate().enableThinking = on;
    save();
    emit currentChanged();
}

} // namespace facet::ui
