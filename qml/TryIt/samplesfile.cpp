#include "TryIt/samplesfile.h"

#include "core/types/replytypes.h"
#include "core/worker/engineclient.h"

#include "common/regular_file.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <exception>

namespace facet::ui {
namespace {

constexpr std::uint64_t kMaxSamplesFileBytes = 64 * 1024;
constexpr qsizetype kMaxQuestionChars = 1000;

// A level field: absent (0 returned when optional), else one of the five levels.
int levelField(const QJsonObject& entry, const QString& key, bool required, QString& problem) {
    const QJsonValue v = entry.value(key);
    if (v.isUndefined() && !required)
        return 0;
    const int level = v.isDouble() ? v.toInt(-1) : -1;
    if (!app::isDetailLevel(level) || v.toDouble() != level)
        problem = QStringLiteral("\"%1\" is not one of the detail levels 70, 140, 280, 560, 1120")
                      .arg(key);
    return level;
}

// The entry as a sample, or the reason it cannot be one.
DemoSample sampleFrom(const QJsonObject& entry, const QDir& folder, QString& problem) {
    DemoSample s;
    const QString image = entry.value(QLatin1String("image")).toString();
    // A plain file name: an example never reaches outside its folder.
    if (image.isEmpty() || image.contains(QLatin1Char('/')) || image == QLatin1String(".") ||
        image == QLatin1String("..")) {
        problem = QStringLiteral("\"image\" must name a file in the samples folder");
        return s;
    }
    s.imagePath = folder.filePath(image);
    if (!QFileInfo(s.imagePath).isFile()) {
        problem = QStringLiteral("%1: no such image file").arg(s.imagePath);
        return s;
    }
    s.question = entry.value(QLatin1String("question")).toString().trimmed();
    if (s.question.isEmpty() || s.question.size() > kMaxQuestionChars) {
        problem = QStringLiteral("\"question\" must be a text of 1 to %1 characters")
                      .arg(kMaxQuestionChars);
        return s;
    }
    s.level = levelField(entry, QStringLiteral("level"), true, problem);
    if (problem.isEmpty())
        s.compareWithLevel =
            levelField(entry, QStringLiteral("compare_with_level"), false, problem);
    if (problem.isEmpty() && s.compareWithLevel == s.level)
        problem = QStringLiteral("\"compare_with_level\" must differ from \"level\"");
    return s;
}

} // namespace

QString builtinDemoSamplesFolder() {
    const QString model = app::ModelLoader::demoModelDir();
    return model.isEmpty() ? QString() : QDir(model).filePath(QStringLiteral("samples"));
}

DemoSampleList readDemoSamples(const QString& folder) {
    DemoSampleList out;
    const QDir dir(folder);
    const QString path = dir.filePath(QStringLiteral("samples.json"));
    QJsonDocument doc;
    try {
        const std::string text =
            readTextFile(path.toStdString(), kMaxSamplesFileBytes, "a samples.json");
        QJsonParseError error{};
        doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
        if (error.error != QJsonParseError::NoError) {
            out.problems << QStringLiteral("%1: not valid JSON at byte %2 (%3)")
                                .arg(path)
                                .arg(error.offset)
                                .arg(error.errorString());
            return out;
        }
    } catch (const std::exception& e) {
        out.problems << QString::fromStdString(e.what());
        return out;
    }
    const QJsonValue list = doc.object().value(QLatin1String("samples"));
    if (!list.isArray()) {
        out.problems << QStringLiteral("%1: no \"samples\" list").arg(path);
        return out;
    }
    const QJsonArray entries = list.toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        QString problem = QStringLiteral("not a JSON object");
        DemoSample s;
        if (entries.at(i).isObject()) {
            problem.clear();
            s = sampleFrom(entries.at(i).toObject(), dir, problem);
        }
        if (problem.isEmpty())
            out.samples.append(s);
        else
            out.problems << QStringLiteral("%1: entry %2: %3").arg(path).arg(i + 1).arg(problem);
    }
    return out;
}

} // namespace facet::ui
