#include "core/types/replytypes.h"

#include <QCoreApplication>

#include <cstdlib>

namespace facet::app {
FinishReason fromEngine(generate::FinishReason reason) {
    switch (reason) {
    case generate::FinishReason::StopToken:
        return FinishReason::StopToken;
    case generate::FinishReason::MaxTokens:
        return FinishReason::MaxTokens;
    case generate::FinishReason::Cancelled:
        return FinishReason::Cancelled;
    case generate::FinishReason::Error:
        return FinishReason::Error;
    case generate::FinishReason::ContextFull:
        return FinishReason::ContextFull;
    case generate::FinishReason::Repetition:
        return FinishReason::Repetition;
    }
    return FinishReason::None;
}

QString finishReasonKey(FinishReason reason) {
    switch (reason) {
    case FinishReason::None:
        return {};
    case FinishReason::StopToken:
        return QString::fromLatin1(generate::toString(generate::FinishReason::StopToken));
    case FinishReason::MaxTokens:
        return QString::fromLatin1(generate::toString(generate::FinishReason::MaxTokens));
    case FinishReason::Cancelled:
        return QString::fromLatin1(generate::toString(generate::FinishReason::Cancelled));
    case FinishReason::Error:
        return QString::fromLatin1(generate::toString(generate::FinishReason::Error));
    case FinishReason::ContextFull:
        return QString::fromLatin1(generate::toString(generate::FinishReason::ContextFull));
    case FinishReason::Repetition:
        return QString::fromLatin1(generate::toString(generate::FinishReason::Repetition));
    }
    return {};
}

FinishReason finishReasonFromKey(const QString& key) {
    for (FinishReason r :
         {FinishReason::StopToken, FinishReason::MaxTokens, FinishReason::Cancelled,
          FinishReason::Error, FinishReason::ContextFull, FinishReason::Repetition})
        if (finishReasonKey(r) == key)
            return r;
    return FinishReason::None;
}

QString finishReasonLabel(FinishReason reason) {
    switch (reason) {
    case FinishReason::None:
        return {};
    case FinishReason::StopToken:
        //: Why a reply ended: the model wrote its end-of-turn token.
        return ReplyTypes::tr("finished");
    case FinishReason::MaxTokens:
        return ReplyTypes::tr("token limit reached");
    case FinishReason::Cancelled:
        //: Why a reply ended: the user pressed Stop.
        return ReplyTypes::tr("stopped");
    case FinishReason::Error:
        //: Why a reply ended: it failed.
        return ReplyTypes::tr("error");
    case FinishReason::ContextFull:
        return ReplyTypes::tr("context full");
    case FinishReason::Repetition:
        //: Why a reply ended: the repetition guard (Settings) stopped a reply that kept
        //: repeating the same words.
        return ReplyTypes::tr("repeating, stopped by the guard");
    }
    return {};
}

QString detailLevelName(int level) {
    switch (level) {
    case 70:
        //: Detail level name: 70 soft tokens per image (the image-token budget).
        return ReplyTypes::tr("Minimal");
    case 140:
        //: Detail level name: 140 soft tokens per image.
        return ReplyTypes::tr("Low");
    case 280:
        //: Detail level name: 280 soft tokens per image (the default).
        return ReplyTypes::tr("Standard");
    case 560:
        //: Detail level name: 560 soft tokens per image.
        return ReplyTypes::tr("High");
    case 1120:
        //: Detail level name: 1120 soft tokens per image.
        return ReplyTypes::tr("Maximum");
    default:
        return QString::number(level);
    }
}

bool isDetailLevel(int level) {
    for (int l : kDetailLevels)
        if (l == level)
            return true;
    return false;
}

int nearestDetailLevel(const QList<int>& compiled, int wanted) {
    if (compiled.isEmpty())
        return wanted;
    int best = compiled.first();
    for (int level : compiled)
        if (std::abs(level - wanted) < std::abs(best - wanted))
            best = level;
    return best;
}

Phase fromEngine(generate::Phase phase) {
    switch (phase) {
    case generate::Phase::LoadingModel:
        return Phase::LoadingModel;
    case generate::Phase::Vision:
        return Phase::Vision;
    case generate::Phase::Prefill:
        return Phase::Prefill;
    case generate::Phase::Decode:
        return Phase::Decode;
    }
    return Phase::Waiting;
}

QString phaseText(Phase phase, int imageIndex, int imageCount, int level) {
    switch (phase) {
    case Phase::Waiting:
        return ReplyTypes::tr("Waiting for the engine");
    case Phase::LoadingModel:
        return ReplyTypes::tr("Loading the model");
    case Phase::Vision:
        //: Phase under a streaming reply; %3 is a detail level name.
        return ReplyTypes::tr("Encoding image %1/%2 at %3")
            .arg(imageIndex + 1)
            .arg(imageCount)
            .arg(detailLevelName(level));
    case Phase::Prefill:
        //: Phase under a streaming reply: the prompt is being prefilled.
        return ReplyTypes::tr("Reading prompt");
    case Phase::Decode:
        //: Phase under a streaming reply: tokens are being generated.
        return ReplyTypes::tr("Writing");
    }
    return {};
}

} // namespace facet::app
