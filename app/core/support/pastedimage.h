#pragma once
// Image data pasted from the clipboard has no file; it is written as a PNG into the cache folder
// so it goes through the same path (and the engine's decoder) as a dropped file.
#include <QImage>
#include <QString>

namespace facet::app {

// Returns the path of the written PNG. Throws std::runtime_error with the reason on failure.
[[nodiscard]] QString savePastedImage(const QImage& image);

} // namespace facet::app
