#pragma once
// Internal: Pillow's antialiased BICUBIC resample with an explicit thread budget, for one size or
// for several sizes of one source at once (the detail levels of one image share work).
#include "image/image.h"
#include "image/preprocess.h"

#include <memory>
#include <span>
#include <vector>

namespace facet::image::detail {

RgbImage resizeBicubic(const RgbImage& source, int width, int height, int threads);

std::vector<RgbImage> resizeBicubicMany(const RgbImage& source, std::span<const TargetSize> sizes,
                                        int threads);

// resizeBicubicMany in its stages, for a source whose rows are still being written while the
// horizontal pass runs (preprocess_file.cpp): the plans need only the source's size; row group g
// reads source rows below groupEnd(g) and nothing else; verticalUpTo(n), once groups [0, n) are
// done, makes the vertical pass's output rows that read only their results; finish() makes the
// rest once every group is done. Groups may run on any threads, each once; verticalUpTo on one
// thread at a time, before finish().
class StagedResize {
public:
    StagedResize(const RgbImage& source, std::span<const TargetSize> sizes);
    ~StagedResize();
    StagedResize(const StagedResize&) = delete;
    StagedResize& operator=(const StagedResize&) = delete;

    int rowGroups() const;
    int groupEnd(int group) const;
    void horizontalGroup(int group);
    void verticalUpTo(int groupsDone);
    std::vector<RgbImage> finish(int threads);

private:
    struct Plans;
    const RgbImage& source_;
    std::unique_ptr<Plans> plans_;
};

} // namespace facet::image::detail
