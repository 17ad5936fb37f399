#pragma once
// The app's view of the engine's image pipeline: validation of a file the user adds, its exact
// soft-token cost per detail level, thumbnails decoded with the engine's decoder (so EXIF
// orientation matches what the model gets) and "what the model sees" with its soft-token grid.
#include <QImage>
#include <QSize>
#include <QString>

namespace facet::app {

inline constexpr qint64 kMaxImageFileBytes = 100LL * 1024 * 1024;
inline constexpr int kSoftTokenPixels = 48; // 16-pixel patches pooled 3×3 into one soft token

struct ImageFacts {
    int width = 0; // after EXIF orientation
    int height = 0;
    qint64 bytes = 0;
};

// Reads only the header. Throws std::runtime_error "NAME: reason" for a file that is missing,
// too large, not a supported image, or over the pixel limit.
[[nodiscard]] ImageFacts inspectImage(const QString& path);
// Exact soft-token count of a width×height image at a level (the engine's size rule); 0 when
// the image cannot be resized at that level.
[[nodiscard]] int softTokensFor(int width, int height, int level);
// Size of the image the model receives at a level.
[[nodiscard]] QSize modelInputSize(int width, int height, int level);
// Decodes with the engine (EXIF applied) and scales to fit maxSide. Throws on failure.
[[nodiscard]] QImage decodeThumbnail(const QString& path, int maxSide);
// The resized image as the model receives it at `level`, with the soft-token grid drawn on it.
[[nodiscard]] QImage modelView(const QString& path, int level);

} // namespace facet::app
