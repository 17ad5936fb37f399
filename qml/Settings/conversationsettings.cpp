#include "Settings/conversationsettings.h"

#include "Chat/conversationmodel.h"
#include "Conversations/conversationlibrary.h"
#include "common/seed.h"
#include "core/worker/engineclient.h"
#include "core/worker/requestbuilder.h"

namespace facet::ui {

ConversationSettings::ConversationSettings(ConversationModel& conversation,
                                           ConversationLibrary& library, app::EngineClient& engine,
                                           QObject* parent)
    : QObject(parent), conversation_(conversation), library_(library), engine_(engine) {
    connect(&conversation_, &ConversationModel::detailsChanged, this,
            &ConversationSettings::changed);
    // The defaults come from the loaded model.
    connect(&engine_.model(), &app::ModelLoader::stateChanged, this,
            &ConversationSettings::changed);
}

QString ConversationSettings::systemPrompt() const {
    return conversation_.conversation().systemPrompt;
}

void ConversationSettings::setSystemPrompt(const QString& prompt) {
    if (prompt == systemPrompt())
        return;
    conversation_.setSystemPrompt(prompt);
    library_.save();
}

app::Sampling ConversationSettings::sampling() const {
    return app::effectiveSampling(conversation_.conversation(), engine_.model().defaultSampling());
}

bool ConversationSettings::samplingIsDefault() const {
    return !conversation_.conversation().sampling.has_value();
}

void ConversationSettings::setSamplingValue(const QString& key, const QVariant& value) {
    app::Sampling s = sampling();
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
    else if (key == QLatin1String("stopOnRepetition"))
        s.stopOnRepetition = value.toBool();
    else if (key == QLatin1String("seed")) {
        // One range everywhere (common/seed.h): what the app takes, the CLI and a server take.
        const QString text = value.toString().trimmed();
        const auto seed = facet::parseSeed(text.toStdString());
        const QString problem =
            text.isEmpty() || seed ? QString()
                                   : tr("Seed %1 not taken: %2")
                                         .arg(text, QString::fromStdString(facet::seedRangeText()));
        if (problem != seedProblem_) {
            seedProblem_ = problem;
            emit seedProblemChanged();
        }
        if (!problem.isEmpty())
            return; // the seed in use stays
        s.seed = seed ? std::optional<quint64>(*seed) : std::nullopt;
    } else
        return;
    conversation_.setSampling(s);
    library_.save();
}

void ConversationSettings::resetSampling() {
    conversation_.setSampling(std::nullopt);
    library_.save();
}

bool ConversationSettings::thinking() const {
    return conversation_.conversation().enableThinking;
}

void ConversationSettings::setThinking(bool on) {
    if (on == thinking())
        return;
    conversation_.setEnableThinking(on);
    library_.save();
}

} // namespace facet::ui
