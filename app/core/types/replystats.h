#pragma once
// A reply's statistics as the views read them. Conversations store the engine's JSON object
// (stable keys shared with `facet-cli ask --json`); this value type reads it once, so views use
// typed fields instead of string keys. `measured` is false when nothing was measured (no stats,
// or a reply stopped before its first token): views then show no numbers at all.
#include "core/types/replytypes.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace facet::app {

struct ImageStat {
    Q_GADGET
    Q_PROPERTY(int level MEMBER level)
    Q_PROPERTY(int softTokens MEMBER softTokens)
    Q_PROPERTY(int bucket MEMBER bucket)
public:
    int level = 0;
    int softTokens = 0;
    int bucket = 0;
    bool operator==(const ImageStat&) const = default;
};

struct ReplyStats {
    Q_GADGET
    Q_PROPERTY(bool present MEMBER present)
    Q_PROPERTY(bool firstTokenSeen READ firstTokenSeen)
    Q_PROPERTY(int promptTokens MEMBER promptTokens)
    Q_PROPERTY(int imageTokens MEMBER imageTokens)
    Q_PROPERTY(int reusedTokens MEMBER reusedTokens)
    Q_PROPERTY(int imagesReused MEMBER imagesReused)
    Q_PROPERTY(int prefillChunks MEMBER prefillChunks)
    Q_PROPERTY(int generatedTokens MEMBER generatedTokens)
    Q_PROPERTY(double ttftMs MEMBER ttftMs)
    Q_PROPERTY(double decodeTokensPerS MEMBER decodeTokensPerS)
    Q_PROPERTY(double totalMs MEMBER totalMs)
    Q_PROPERTY(facet::app::ReplyTypes::FinishReason finishReason MEMBER finishReason)
    Q_PROPERTY(QString finishLabel READ finishLabel)
    Q_PROPERTY(QString bucketsText READ bucketsText)
    Q_PROPERTY(bool serverDefaultLevel READ serverDefaultLevel)
    Q_PROPERTY(int impliedImageTokens MEMBER impliedImageTokens)
    Q_PROPERTY(QList<facet::app::ImageStat> images MEMBER images)
    Q_PROPERTY(QString server MEMBER server)
    Q_PROPERTY(QString servedModel MEMBER servedModel)
public:
    bool present = false; // false: no statistics stored (streaming, or an old reply)
    int promptTokens = 0;
    int imageTokens = 0;
    int reusedTokens = 0;
    int imagesReused = 0; // images whose encoding came from the engine's vision cache
    int prefillChunks = 0;
    int generatedTokens = 0;
    double ttftMs = 0;
    double decodeTokensPerS = 0;
    double totalMs = 0;
    FinishReason finishReason = FinishReason::None;
    QList<ImageStat> images;
    QString server;      // the API base of the vLLM server that answered ("engine": "remote")
    QString servedModel; // the model it served
    // The soft tokens a server's usage says its images took ("implied_image_tokens"), all
    // images of the request together; -1 where it cannot tell. What a reply at the server
    // default level shows instead of Facet's own count, which does not know that level.
    int impliedImageTokens = -1;

    // A first token exists only when one was generated; its time is meaningless otherwise.
    bool firstTokenSeen() const { return generatedTokens > 0; }
    QString finishLabel() const { return finishReasonLabel(finishReason); }
    QString bucketsText() const; // "280→384, 1120→1152"
    // A server's reply whose images were sent no level (level 0: remote::kServerDefaultLevel),
    // so the server's own default applied.
    bool serverDefaultLevel() const;
    bool operator==(const ReplyStats&) const = default;
};

[[nodiscard]] ReplyStats replyStatsFromJson(const QJsonObject& stats);

} // namespace facet::app

Q_DECLARE_METATYPE(facet::app::ImageStat)
Q_DECLARE_METATYPE(facet::app::ReplyStats)
