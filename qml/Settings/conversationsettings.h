#pragma once
// The open conversation's settings: system prompt, sampling (defaults from the loaded model's
// generation_config.json) and the thinking switch. Each change is saved at once.
#include "core/conversations/conversation.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class ConversationLibrary;
class ConversationModel;

class ConversationSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY changed)
    Q_PROPERTY(facet::app::Sampling sampling READ sampling NOTIFY changed)
    Q_PROPERTY(bool samplingIsDefault READ samplingIsDefault NOTIFY changed)
    Q_PROPERTY(bool thinking READ thinking WRITE setThinking NOTIFY changed)
    // Why the seed typed last was not taken (out of 0 … 2^63−1, facet::kMaxSeed); empty when
    // it was.
    Q_PROPERTY(QString seedProblem READ seedProblem NOTIFY seedProblemChanged)
public:
    ConversationSettings(ConversationModel& conversation, ConversationLibrary& library,
                         app::EngineClient& engine, QObject* parent = nullptr);

    QString systemPrompt() const;
    void setSystemPrompt(const QString& prompt);
    app::Sampling sampling() const; // the conversation's own, else the model's defaults
    bool samplingIsDefault() const;
    bool thinking() const;
    void setThinking(bool on);

    // `key` is a property name of facet::app::Sampling (seed as "seed": decimal text, empty =
    // a fresh seed per reply; a seed out of range changes nothing and sets seedProblem).
    Q_INVOKABLE void setSamplingValue(const QString& key, const QVariant& value);
    Q_INVOKABLE void resetSampling();

signals:
    void changed();
    void seedProblemChanged();

private:
    ConversationModel& conversation_;
    ConversationLibrary& library_;
    app::EngineClient& engine_;
    QString seedProblem_;

public:
    QString seedProblem() const { return seedProblem_; }
};

} // namespace facet::ui
