#pragma once
// A conversation as the app keeps it and stores it: messages with their images (copied into the
// conversation's folder), per-reply statistics as numbers, system prompt, sampling settings and
// the thinking switch. Editing a message or regenerating a reply branches the conversation: the
// branch on screen is `messages`; the others are kept in `alternatives` (see
// conversationbranches.h). Plain values, Qt Core only, so the store, the models and the tests
// share one definition.
#include "core/types/replytypes.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace facet::app {

// Where a region crop was cut from ("Ask about this region", issue #58): the source image's
// file (relative to the conversation folder, kept beside the crop even when the message does not
// carry the whole image) and the rectangle in its pixels after EXIF orientation.
struct ImageRegion {
    QString sourceFile;
    QString sourceName; // the source's own file name, as the user attached it
    int x = 0, y = 0, width = 0, height = 0;
};

// An image attached to a user message. `file` is relative to the conversation folder.
struct StoredImage {
    QString file;
    QString originalName;
    int level = kDefaultDetailLevel;
    int width = 0; // after EXIF orientation
    int height = 0;
    int softTokens = 0;
    std::optional<ImageRegion> region = std::nullopt; // set when it is a crop of another one
};

struct Message {
    enum class Role { User, Model };
    QString id;
    Role role = Role::User;
    QString text;      // user text, or the reply's content
    QString reasoning; // the reply's thought channel, if any
    QList<StoredImage> images;
    QJsonObject stats; // numbers only (see statsToJson in engineworker.h); empty while streaming
    QString error;     // runtime error shown under the reply
    FinishReason finishReason = FinishReason::None; // stored as its key (finishReasonKey)
    // A reply made by a comparison of detail levels: the level every image of the turn had for
    // it (0: an ordinary reply, the images at their own levels). Later turns send the turn's
    // images at this level, so the history is what this reply was made from.
    int level = 0;
    QDateTime created;
    // Only for messages in Conversation::alternatives (on the active branch both follow from the
    // order): the message this one answers or follows ("" = the first message), and the child
    // that was shown last, so switching back to this branch restores what the user saw.
    QString parentId;
    QString activeChildId;
};

// Per-conversation sampling; a value type QML reads (the settings dialog).
struct Sampling {
    Q_GADGET
    Q_PROPERTY(bool doSample MEMBER doSample)
    Q_PROPERTY(double temperature MEMBER temperature)
    Q_PROPERTY(int topK MEMBER topK)
    Q_PROPERTY(double topP MEMBER topP)
    Q_PROPERTY(QString seedText READ seedText)
    Q_PROPERTY(int maxNewTokens MEMBER maxNewTokens)
    Q_PROPERTY(bool stopOnRepetition MEMBER stopOnRepetition)
public:
    bool doSample = true;
    double temperature = 1.0;
    int topK = 64;
    double topP = 0.95;
    std::optional<quint64> seed;
    int maxNewTokens = 512;
    // The engine's repetition guard (generate::SamplingSettings::stopOnRepetition).
    bool stopOnRepetition = true;
    QString seedText() const { return seed ? QString::number(*seed) : QString(); }
    bool operator==(const Sampling&) const = default;
};

struct Conversation {
    QString id;
    QString title;
    QDateTime created;
    QDateTime updated;
    QString systemPrompt;
    std::optional<Sampling> sampling; // empty: the loaded model's generation_config.json
    bool enableThinking = false;      // ask the model to think first (Request::enableThinking)
    QList<Message> messages;          // the active branch, oldest first: shown, sent, exported
    QList<Message> alternatives;      // every message of the other branches, each with parentId
};

// 1: one linear list of messages. 2: + alternatives (branches) and enable_thinking.
// 3: + a reply's comparison `level` (the other columns of a comparison are its alternatives).
inline constexpr int kConversationFormatVersion = 3;

[[nodiscard]] QString newId();
[[nodiscard]] QJsonObject toJson(const Conversation& conversation);
// Throws std::runtime_error with the reason when the object is not a conversation this version
// understands (wrong format tag, newer version, missing or mistyped fields).
[[nodiscard]] Conversation conversationFromJson(const QJsonObject& object);
[[nodiscard]] QJsonObject toJson(const Sampling& sampling);
[[nodiscard]] Sampling samplingFromJson(const QJsonObject& object);
// All text of the conversation (title, messages of every branch) in lower case, for the sidebar
// search.
[[nodiscard]] QString searchableText(const Conversation& conversation);

} // namespace facet::app

Q_DECLARE_METATYPE(facet::app::Sampling)
