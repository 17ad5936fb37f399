#pragma once
// The words the app and its views share about a reply: why it ended, what the engine is doing,
// and the five detail levels. Enums with one source for their stored keys and their labels, so
// no view spells a finish reason or a level name itself. Exposed to QML by the Facet.Ui module
// (qml/Common/foreigntypes.h).
#include "generate/engine.h"
#include "image/preprocess.h"

#include <QObject>
#include <QString>

#include <optional>

namespace facet::app {

// A QObject class rather than a Q_NAMESPACE or a gadget: Qt 6.4's type registrar cannot expose
// a namespace of another library to QML (QML_FOREIGN_NAMESPACE emits invalid code), and refuses
// an upper-case name for a gadget ("value type names should begin with a lowercase letter"), so
// `ReplyTypes.Cancelled` would be undefined in QML. Never instantiated.
class ReplyTypes : public QObject {
    Q_OBJECT
public:
    // Why a reply ended. `None` while it streams (and for user messages).
    enum class FinishReason {
        None,
        StopToken,
        MaxTokens,
        Cancelled,
        Error,
        ContextFull,
        Repetition
    };
    Q_ENUM(FinishReason)

    // What the engine does for a request, in order; `Waiting` until the worker takes it.
    enum class Phase { Waiting, LoadingModel, Vision, Prefill, Decode };
    Q_ENUM(Phase)

    // Gemma 4's image-token budget (max_soft_tokens); each compiled level is a bucket.
    enum class DetailLevel { Minimal = 70, Low = 140, Standard = 280, High = 560, Maximum = 1120 };
    Q_ENUM(DetailLevel)
};

using FinishReason = ReplyTypes::FinishReason;
using Phase = ReplyTypes::Phase;
using DetailLevel = ReplyTypes::DetailLevel;

inline constexpr int kDefaultDetailLevel = static_cast<int>(DetailLevel::Standard);
// The five levels, from the engine (image::kDetailLevels): one list for the engine and the app.
using image::kDetailLevels;

[[nodiscard]] FinishReason fromEngine(generate::FinishReason reason);
// The key stored in conversation files and exports ("stop_token", …; the engine's spelling).
[[nodiscard]] QString finishReasonKey(FinishReason reason);
// Unknown keys (a newer file) read as None rather than failing the whole conversation.
[[nodiscard]] FinishReason finishReasonFromKey(const QString& key);
[[nodiscard]] QString finishReasonLabel(FinishReason reason);

[[nodiscard]] QString detailLevelName(int level); // "Standard"; the number for other values
[[nodiscard]] bool isDetailLevel(int level);
// The compiled level closest to the default, for when a model lacks the one in use.
[[nodiscard]] int nearestDetailLevel(const QList<int>& compiled, int wanted = kDefaultDetailLevel);

[[nodiscard]] Phase fromEngine(generate::Phase phase);
// The phase line under a streaming reply ("Encoding image 1/2 at Standard").
[[nodiscard]] QString phaseText(Phase phase, int imageIndex = 0, int imageCount = 0, int level = 0);

} // namespace facet::app
