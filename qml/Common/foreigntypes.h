#pragma once
// The Facet.Ui module's view of types that live below it, in facet_core (app/core), which knows
// nothing of QML: the engine client, the reply enums and the value types. Declared here so the
// core stays a plain Qt library and QML still gets typed access (ModelLoader.Ready,
// FinishReason.Cancelled, stats.ttftMs).
#include "core/conversations/conversation.h"
#include "core/types/modelinfo.h"
#include "core/types/replystats.h"
#include "core/types/replytypes.h"
#include "core/worker/engineclient.h"

#include <QtQml/qqml.h>

namespace facet::ui {

struct EngineClientForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::EngineClient)
    QML_NAMED_ELEMENT(EngineClient)
    QML_UNCREATABLE("Owned by the application")
};

// The engine client's parts (engine.model, engine.serverSession, engine.smokeTest):
// `ModelLoader.Ready` and typed property access.
struct ModelLoaderForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ModelLoader)
    QML_NAMED_ELEMENT(ModelLoader)
    QML_UNCREATABLE("Owned by the engine client")
};

struct ServerSessionForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ServerSession)
    QML_NAMED_ELEMENT(ServerSession)
    QML_UNCREATABLE("Owned by the engine client")
};

struct SmokeTestRunnerForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::SmokeTestRunner)
    QML_NAMED_ELEMENT(SmokeTestRunner)
    QML_UNCREATABLE("Owned by the engine client")
};

// FinishReason, Phase and DetailLevel as QML enums: `ReplyTypes.Cancelled`, `ReplyTypes.Maximum`.
struct ReplyTypesForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ReplyTypes)
    QML_NAMED_ELEMENT(ReplyTypes)
    QML_UNCREATABLE("Enums only")
};

struct ReplyStatsForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ReplyStats)
    QML_VALUE_TYPE(replyStats)
};

struct ImageStatForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ImageStat)
    QML_VALUE_TYPE(imageStat)
};

struct ModelInfoForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::ModelInfo)
    QML_VALUE_TYPE(modelInfo)
};

struct SamplingForeign {
    Q_GADGET
    QML_FOREIGN(facet::app::Sampling)
    QML_VALUE_TYPE(sampling)
};

} // namespace facet::ui
