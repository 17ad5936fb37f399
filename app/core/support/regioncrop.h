#pragma once
// "Ask about this region" (issue #58): a rectangle of an attached image, cut out of the image as
// the model sees it (EXIF orientation applied) by the engine's own crop (image/crop.h, the code
// behind facet-cli's --image PATH:crop=X,Y,W,H), written as a lossless PNG into the cache folder
// so it is attached, sent and stored like any other image file.
#include <QList>
#include <QRect>
#include <QString>

namespace facet::app {

// The PNG's path. Throws std::runtime_error "SOURCE: crop X,Y,W,H reaches outside the WxH
// image …" (or "has no area", or why the source cannot be decoded, or the write's failure).
[[nodiscard]] QString saveRegionCrop(const QString& source, const QRect& rect);

// The level a region is attached at: the lowest of `levels` (the model's compiled ones; all five
// when empty) at which the crop is not scaled down, else the highest (image::defaultCropLevel).
[[nodiscard]] int defaultRegionLevel(int width, int height, const QList<int>& levels);

} // namespace facet::app
