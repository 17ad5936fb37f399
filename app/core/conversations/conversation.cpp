#include "core/conversations/conversation.h"

#include "core/conversations/conversationbranches.h"

#include <QJsonArray>
#include <QUuid>

#include <stdexcept>

namespace facet::app {
namespace {

const char* roleName(Message::Role role) {
    return role == Message::Role::User ? "user" : "model";
}

// Field readers that refuse a missing or mistyped field with its name, so a damaged file is
// reported precisely instead of being half-loaded.
QJsonValue need(const QJsonObject& o, const char* key, QJsonValue::Type type, const char* where) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.type() != type)
        throw std::runtime_error(std::string(where) + ": field \"" + key +
                                 (v.isUndefined() ? "\" is missing" : "\" has the wrong type"));
    return v;
}

QString needString(const QJsonObject& o, const char* key, const char* where) {
    return need(o, key, QJsonValue::String, where).toString();
}

QString optString(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key)).toString();
}

// A file named in the conversation must stay inside its folder.
QString insideFile(const QJsonObject& o, const char* key, const char* where) {
    const QString file = needString(o, key, where);
    if (file.contains(QLatin1String("..")) || file.startsWith(QLatin1Char('/')))
        throw std::runtime_error(std::string(where) + ": file \"" + file.toStdString() +
                                 "\" points outside the conversation folder");
    return file;
}

QJsonObject toJson(const StoredImage& image) {
    QJsonObject o{{"file", image.file},     {"original_name", image.originalName},
                  {"level", image.level},   {"width", image.width},
                  {"height", image.height}, {"soft_tokens", image.softTokens}};
    if (image.region) {
        const ImageRegion& r = *image.region;
        o.insert("region", QJsonObject{{"source_file", r.sourceFile},
                                       {"source_name", r.sourceName},
                                       {"x", r.x},
                                       {"y", r.y},
                                       {"width", r.width},
                                       {"height", r.height}});
    }
    return o;
}

// "region" is absent in conversations from before region crops: those images are whole ones.
std::optional<ImageRegion> regionFromJson(const QJsonObject& image) {
    if (!image.contains(QLatin1String("region")))
        return std::nullopt;
    const QJsonObject o = need(image, "region", QJsonValue::Object, "image").toObject();
    ImageRegion r;
    r.sourceFile = insideFile(o, "source_file", "image region");
    r.sourceName = optString(o, "source_name");
    r.x = need(o, "x", QJsonValue::Double, "image region").toInt();
    r.y = need(o, "y", QJsonValue::Double, "image region").toInt();
    r.width = need(o, "width", QJsonValue::Double, "image region").toInt();
    r.height = need(o, "height", QJsonValue::Double, "image region").toInt();
    if (r.x < 0 || r.y < 0 || r.width <= 0 || r.height <= 0)
        throw std::runtime_error("image region: the rectangle is empty or negative");
    return r;
}

StoredImage imageFromJson(const QJsonObject& o) {
    StoredImage image;
    image.file = insideFile(o, "file", "image");
    image.region = regionFromJson(o);
    image.originalName = optString(o, "original_name");
    image.level = need(o, "level", QJsonValue::Double, "image").toInt();
    image.width = o.value(QLatin1String("width")).toInt();
    image.height = o.value(QLatin1String("height")).toInt();
    image.softTokens = o.value(QLatin1String("soft_tokens")).toInt();
    return image;
}

// Messages of the other branches (`alternative`) also carry their place in the tree.
QJsonObject toJson(const Message& m, bool alternative) {
    QJsonArray images;
    for (const auto& image : m.images)
        images.append(toJson(image));
    QJsonObject o{{"id", m.id},
                  {"role", QLatin1String(roleName(m.role))},
                  {"text", m.text},
                  {"created", m.created.toString(Qt::ISODateWithMs)}};
    if (!images.isEmpty())
        o.insert("images", images);
    if (!m.reasoning.isEmpty())
        o.insert("reasoning", m.reasoning);
    if (!m.stats.isEmpty())
        o.insert("stats", m.stats);
    if (!m.error.isEmpty())
        o.insert("error", m.error);
    if (m.finishReason != FinishReason::None)
        o.insert("finish_reason", finishReasonKey(m.finishReason));
    if (m.level > 0)
        o.insert("level", m.level);
    if (alternative) {
        o.insert("parent", m.parentId);
        if (!m.activeChildId.isEmpty())
            o.insert("active_child", m.activeChildId);
    }
    return o;
}

Message messageFromJson(const QJsonObject& o, bool alternative) {
    Message m;
    m.id = needString(o, "id", "message");
    const QString role = needString(o, "role", "message");
    if (role != QLatin1String("user") && role != QLatin1String("model"))
        throw std::runtime_error("message: unknown role \"" + role.toStdString() + "\"");
    m.role = role == QLatin1String("user") ? Message::Role::User : Message::Role::Model;
    m.text = needString(o, "text", "message");
    m.reasoning = optString(o, "reasoning");
    m.error = optString(o, "error");
    m.finishReason = finishReasonFromKey(optString(o, "finish_reason"));
    m.stats = o.value(QLatin1String("stats")).toObject();
    m.created = QDateTime::fromString(optString(o, "created"), Qt::ISODateWithMs);
    for (const auto& v : o.value(QLatin1String("images")).toArray())
        m.images.append(imageFromJson(v.toObject()));
    // From version 3: the detail level of a reply made by a comparison.
    if (o.contains(QLatin1String("level"))) {
        m.level = need(o, "level", QJsonValue::Double, "message").toInt();
        if (m.role != Message::Role::Model || m.level <= 0)
            throw std::runtime_error("message \"" + m.id.toStdString() +
                                     "\": field \"level\" belongs to a compared reply and must "
                                     "be a positive detail level");
    }
    if (alternative) {
        m.parentId = needString(o, "parent", "alternative message");
        m.activeChildId = optString(o, "active_child");
    }
    return m;
}

QJsonArray toJson(const QList<Message>& messages, bool alternative) {
    QJsonArray array;
    for (const auto& m : messages)
        array.append(toJson(m, alternative));
    return array;
}

} // namespace

QString newId() {
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QJsonObject toJson(const Sampling& s) {
    QJsonObject o{{"do_sample", s.doSample},
                  {"temperature", s.temperature},
                  {"top_k", s.topK},
                  {"top_p", s.topP},
                  {"max_new_tokens", s.maxNewTokens},
                  {"stop_on_repetition", s.stopOnRepetition}};
    // Seeds are 64-bit; JSON numbers are doubles, so the seed is kept as a decimal string.
    if (s.seed)
        o.insert("seed", QString::number(*s.seed));
    return o;
}

Sampling samplingFromJson(const QJsonObject& o) {
    Sampling s;
    s.doSample = o.value(QLatin1String("do_sample")).toBool(s.doSample);
    s.temperature = o.value(QLatin1String("temperature")).toDouble(s.temperature);
    s.topK = o.value(QLatin1String("top_k")).toInt(s.topK);
    s.topP = o.value(QLatin1String("top_p")).toDouble(s.topP);
    s.maxNewTokens = o.value(QLatin1String("max_new_tokens")).toInt(s.maxNewTokens);
    // Absent in conversations saved before the guard existed: on, the default.
    s.stopOnRepetition = o.value(QLatin1String("stop_on_repetition")).toBool(s.stopOnRepetition);
    if (o.contains(QLatin1String("seed"))) {
        bool ok = false;
        const quint64 seed = o.value(QLatin1String("seed")).toString().toULongLong(&ok);
        if (!ok)
            throw std::runtime_error("sampling: field \"seed\" is not a decimal number");
        s.seed = seed;
    }
    return s;
}

QJsonObject toJson(const Conversation& c) {
    QJsonObject o{{"format", QLatin1String("facet-conversation")},
                  {"version", kConversationFormatVersion},
                  {"id", c.id},
                  {"title", c.title},
                  {"created", c.created.toString(Qt::ISODateWithMs)},
                  {"updated", c.updated.toString(Qt::ISODateWithMs)},
                  {"system_prompt", c.systemPrompt},
                  {"enable_thinking", c.enableThinking},
                  {"messages", toJson(c.messages, false)}};
    if (!c.alternatives.isEmpty())
        o.insert("alternatives", toJson(c.alternatives, true));
    if (c.sampling)
        o.insert("sampling", toJson(*c.sampling));
    return o;
}

Conversation conversationFromJson(const QJsonObject& o) {
    if (o.value(QLatin1String("format")).toString() != QLatin1String("facet-conversation"))
        throw std::runtime_error("not a Facet conversation (field \"format\")");
    const int version = need(o, "version", QJsonValue::Double, "conversation").toInt();
    if (version < 1 || version > kConversationFormatVersion)
        throw std::runtime_error("conversation format version " + std::to_string(version) +
                                 " is not supported (this build reads up to " +
                                 std::to_string(kConversationFormatVersion) + ")");
    Conversation c;
    c.id = needString(o, "id", "conversation");
    c.title = needString(o, "title", "conversation");
    c.created = QDateTime::fromString(optString(o, "created"), Qt::ISODateWithMs);
    c.updated = QDateTime::fromString(optString(o, "updated"), Qt::ISODateWithMs);
    c.systemPrompt = optString(o, "system_prompt");
    if (o.contains(QLatin1String("sampling")))
        c.sampling = samplingFromJson(o.value(QLatin1String("sampling")).toObject());
    if (o.contains(QLatin1String("enable_thinking")))
        c.enableThinking = need(o, "enable_thinking", QJsonValue::Bool, "conversation").toBool();
    for (const auto& v : need(o, "messages", QJsonValue::Array, "conversation").toArray())
        c.messages.append(messageFromJson(v.toObject(), false));
    // Version 1 had no branches; from version 2 the other branches are kept beside the active one.
    if (version >= 2 && o.contains(QLatin1String("alternatives")))
        for (const auto& v : need(o, "alternatives", QJsonValue::Array, "conversation").toArray())
            c.alternatives.append(messageFromJson(v.toObject(), true));
    checkBranches(c);
    return c;
}

QString searchableText(const Conversation& c) {
    QString text = c.title;
    for (const auto* list : {&c.messages, &c.alternatives})
        for (const auto& m : *list)
            text += QLatin1Char('\n') + m.text;
    return text.toLower();
}

} // namespace facet::app
