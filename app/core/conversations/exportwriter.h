#pragma once
// Writes an export to disk as a user expects of "Save as": the document written atomically (a
// crash or a full disk leaves no half file, an existing file untouched until the new one is
// complete), the images it references copied beside it into "<name>-images/", and every failure
// reported with the path and the reason. Nothing is left behind when it fails.
#include "core/conversations/conversation.h"

#include <QString>

namespace facet::app {

enum class ExportFormat { Markdown, Json };

// "<title>.md" / "<title>.json" with characters file systems refuse replaced.
[[nodiscard]] QString proposedExportName(const QString& title, ExportFormat format);
// Adds the format's extension when `name` has none.
[[nodiscard]] QString withExportExtension(const QString& name, ExportFormat format);

// Writes `conversation` to `target` (a full path). `storeFolder` holds its stored images.
// Returns the number of images copied. Throws std::runtime_error "PATH: reason".
int writeExport(const Conversation& conversation, const QString& storeFolder, const QString& target,
                ExportFormat format);

} // namespace facet::app
