#include "core/conversations/exportwriter.h"

#include "core/conversations/conversationexport.h"
#include "core/conversations/conversationstore.h"
#include "core/support/durablefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <stdexcept>

namespace facet::app {
namespace {

QString extension(ExportFormat format) {
    return format == ExportFormat::Markdown ? QStringLiteral(".md") : QStringLiteral(".json");
}

[[noreturn]] void exportFailed(const QString& path, const QString& reason) {
    throw std::runtime_error(QStringLiteral("%1: %2").arg(path, reason).toStdString());
}

// Every image the export references: the active branch for Markdown, all branches for JSON.
QSet<QString> referencedImages(const Conversation& c, ExportFormat format) {
    QSet<QString> files;
    const auto add = [&](const QList<Message>& messages) {
        for (const Message& m : messages)
            for (const StoredImage& image : m.images) {
                files.insert(image.file);
                if (image.region) // a crop's source goes with it
                    files.insert(image.region->sourceFile);
            }
    };
    add(c.messages);
    if (format == ExportFormat::Json)
        add(c.alternatives);
    return files;
}

} // namespace

QString proposedExportName(const QString& title, ExportFormat format) {
    QString name = title.simplified();
    name.replace(QRegularExpression(QStringLiteral(R"([/\\:*?"<>|\x00-\x1f])")),
                 QStringLiteral("-"));
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    // "…a few words." would give "words..md".
    while (name.endsWith(QLatin1Char('.')) || name.endsWith(QLatin1Char(' ')))
        name.chop(1);
    if (name.isEmpty())
        name = QStringLiteral("conversation");
    return name.left(100) + extension(format);
}

QString withExportExtension(const QString& name, ExportFormat format) {
    const QString trimmed = name.trimmed();
    return QFileInfo(trimmed).suffix().isEmpty() ? trimmed + extension(format) : trimmed;
}

int writeExport(const Conversation& c, const QString& storeFolder, const QString& target,
                ExportFormat format) {
    const QFileInfo info(target);
    if (info.fileName().isEmpty())
        exportFailed(target, QCoreApplication::translate("ExportWriter", "no file name"));
    if (!info.absoluteDir().exists())
        exportFailed(info.absolutePath(),
                     QCoreApplication::translate("ExportWriter", "folder does not exist"));
    if (info.isDir())
        exportFailed(target, QCoreApplication::translate("ExportWriter", "is a folder"));
    const QString imagesName = info.completeBaseName() + QStringLiteral("-images");
    const QDir folder = info.absoluteDir();
    const QString imagesPath = folder.filePath(imagesName);

    const QSet<QString> images = referencedImages(c, format);
    // Every stored image must be there before anything is touched.
    for (const QString& file : images)
        if (!QFileInfo::exists(QDir(storeFolder).filePath(file)))
            exportFailed(QDir(storeFolder).filePath(file),
                         QCoreApplication::translate("ExportWriter", "stored image is missing"));
    const bool createdFolder = !images.isEmpty() && !QFileInfo::exists(imagesPath);
    QStringList parts; // images copied under a temporary name until the document is written
    const auto undo = [&] {
        for (const QString& f : parts)
            QFile::remove(f);
        if (createdFolder)
            QDir(imagesPath).removeRecursively();
    };
    if (!images.isEmpty() && !folder.mkpath(imagesName))
        exportFailed(imagesPath, QCoreApplication::translate("ExportWriter",
                                                             "cannot create the images folder"));
    for (const QString& file : images) {
        // The same relative path as in the store, which is how the document refers to it.
        const QString to = QDir(imagesPath).filePath(file) + QStringLiteral(".part");
        QDir().mkpath(QFileInfo(to).absolutePath());
        // Every write checked and synced (durablefile.h); QFile::copy is not trusted with that.
        try {
            copyFileDurably(QDir(storeFolder).filePath(file), to, ConversationStore::kMaxImageBytes,
                            FileAccess::Shared);
        } catch (const std::exception&) {
            undo();
            throw;
        }
        parts << to;
    }
    const QByteArray bytes = format == ExportFormat::Markdown
                                 ? toMarkdown(c, images.isEmpty() ? QString() : imagesName).toUtf8()
                                 : toJsonExport(c, images.isEmpty() ? QString() : imagesName);
    try { // the previous export of that name stays whole when this one cannot be written
        writeFileDurably(info.absoluteFilePath(), bytes, FileAccess::Shared);
    } catch (const std::exception&) {
        undo();
        throw;
    }
    // The document is in place: the images take their final names (replacing older copies).
    for (const QString& part : parts) {
        const QString final = part.chopped(5);
        QFile::remove(final);
        if (!QFile::rename(part, final))
            exportFailed(final, QCoreApplication::translate("ExportWriter",
                                                            "cannot rename the copied image"));
    }
    return static_cast<int>(parts.size());
}

} // namespace facet::app
