// A port of Pillow's ImagingResample (Resample.c) for 8-bit RGB with the BICUBIC filter:
// separable, horizontal pass first (only over the source rows the vertical pass will read), then
// vertical; a pass is skipped when its dimension is unchanged. Sums start at 1 << 21 and are
// clipped to 0..255 after an arithmetic shift, as clip8 does. The arithmetic is identical, only
// the loop order and the threading differ, so results are bit-identical to Pillow.
//
// Several sizes of one source (the detail levels of one image) are made together: the horizontal
// passes of all sizes walk the source in the same groups of 16 rows, so the rearrangement of those
// rows for the vector kernel is done once per group, not once per size.
#include "image/resample.h"

#include "common/error.h"
#include "common/large_buffer.h"
#include "common/parallel.h"
#include "image/preprocess.h"
#include "image/resample_banded.h"
#include "image/resample_kernels.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

namespace facet::image {
namespace detail {
namespace {

constexpr int kGroupRows = VnniRowGroup::kRows;

// Each pass is cut into this many chunks per thread, claimed one at a time from the pool: on a
// shared machine a thread that loses its core for a while leaves its remaining chunks to the
// others instead of holding up the pass (with one chunk per thread the pass waited for it).
constexpr int kChunksPerThread = 4;

} // namespace

// One requested size and the work it needs (outside the anonymous namespace: StagedResize holds
// them).
struct ResizePlan {
    int width = 0, height = 0;
    bool horizontal = false, vertical = false;
    bool banded = false; // too large for whole tables and intermediate: resample_banded.cpp
    AxisCoefficients horiz, vert;
    int firstRow = 0, lastRow = 0; // source rows of the horizontal pass: [firstRow, lastRow)
    std::unique_ptr<LargeBlock> intermediate; // their horizontal result when both passes run
    int verticalDone = 0; // output rows [0, verticalDone) made already (StagedResize::verticalUpTo)
    RgbImage out;

    // Where the horizontal pass writes the result for source row `row`.
    std::uint8_t* horizontalRow(int row) {
        std::uint8_t* base = vertical ? intermediate->data() : out.rgb.data();
        return base + static_cast<size_t>(row - firstRow) * static_cast<size_t>(width) * 3;
    }
};

namespace {

ResizePlan makePlan(const RgbImage& source, const TargetSize& size) {
    if (size.width <= 0 || size.height <= 0)
        throw Error("resize: sizes must be positive (" + std::to_string(size.width) + "x" +
                    std::to_string(size.height) + ")");
    ResizePlan p;
    p.width = size.width;
    p.height = size.height;
    p.horizontal = size.width != source.width;
    p.vertical = size.height != source.height;
    if (!p.horizontal && !p.vertical)
        return p;
    p.out = {size.width, size.height,
             PixelBytes(static_cast<size_t>(size.width) * static_cast<size_t>(size.height) * 3)};
    p.banded = needsBands(source, size);
    if (p.banded)
        return p;
    if (p.vertical) {
        p.vert = precomputeCoefficients(source.height, size.height);
        if (vnniAvailable())
            addWeightQuads(p.vert);
    }
    if (!p.horizontal)
        return p;
    p.horiz = precomputeCoefficients(source.width, size.width);
    if (vnniAvailable())
        addWeightQuads(p.horiz);
    p.lastRow = source.height;
    if (p.vertical) {
        p.firstRow = p.vert.first.front();
        p.lastRow = p.vert.first.back() + p.vert.count.back();
        p.intermediate = std::make_unique<LargeBlock>(static_cast<size_t>(p.lastRow - p.firstRow) *
                                                      static_cast<size_t>(p.width) * 3);
    }
    return p;
}

// Source rows [y0, y1) of every plan's horizontal pass.
void horizontalGroup(const RgbImage& source, std::vector<ResizePlan>& plans, int y0, int y1,
                     VnniRowGroup& group, std::vector<std::uint8_t>& spare) {
    const size_t inRow = static_cast<size_t>(source.width) * 3;
    if (y1 - y0 == kGroupRows && vnniAvailable()) {
        const std::uint8_t* rows[kGroupRows];
        for (int r = 0; r < kGroupRows; ++r)
            rows[r] = source.rgb.data() + static_cast<size_t>(y0 + r) * inRow;
        group.prepare(rows, source.width);
        for (ResizePlan& p : plans) {
            if (!p.horizontal || p.banded || y1 <= p.firstRow || y0 >= p.lastRow)
                continue;
            if (p.horiz.quads == 0) { // weights the VNNI kernel cannot split
                horizontalPass(source.rgb.data(), source.width, p.horizontalRow(p.firstRow),
                               p.width, p.firstRow, std::max(y0, p.firstRow) - p.firstRow,
                               std::min(y1, p.lastRow) - p.firstRow, p.horiz);
                continue;
            }
            // Rows of the group this plan does not need go to a spare row.
            spare.resize(static_cast<size_t>(p.width) * 3);
            std::uint8_t* targets[kGroupRows];
            for (int r = 0; r < kGroupRows; ++r) {
                const int row = y0 + r;
                targets[r] =
                    row >= p.firstRow && row < p.lastRow ? p.horizontalRow(row) : spare.data();
            }
            group.resample(p.horiz, p.width, targets);
        }
        return;
    }
    for (ResizePlan& p : plans) {
        const int from = std::max(y0, p.firstRow), to = std::min(y1, p.lastRow);
        if (p.horizontal && !p.banded && from < to)
            horizontalPass(source.rgb.data(), source.width, p.horizontalRow(p.firstRow), p.width,
                           p.firstRow, from - p.firstRow, to - p.firstRow, p.horiz);
    }
}

// The source rows [first, last) that some plan's horizontal pass reads; first >= last when none.
std::pair<int, int> horizontalRows(const std::vector<ResizePlan>& plans) {
    int first = INT_MAX, last = 0;
    for (const ResizePlan& p : plans)
        if (p.horizontal && !p.banded) {
            first = std::min(first, p.firstRow);
            last = std::max(last, p.lastRow);
        }
    return {first, last};
}

// Group g of the horizontal passes, with scratch kept per thread: about 1 MB that would
// otherwise be faulted in afresh on every call (pool threads live as long as the process).
void horizontalGroupAt(const RgbImage& source, std::vector<ResizePlan>& plans, int first, int last,
                       int g) {
    thread_local VnniRowGroup group;
    thread_local std::vector<std::uint8_t> spare;
    const int y0 = first + g * kGroupRows;
    horizontalGroup(source, plans, y0, std::min(last, y0 + kGroupRows), group, spare);
}

void verticalPasses(const RgbImage& source, std::vector<ResizePlan>& plans, int threads) {
    for (ResizePlan& p : plans) {
        if (p.banded) {
            resizeInBands(source, p.out, threads);
            continue;
        }
        if (!p.vertical)
            continue;
        const std::uint8_t* in = p.horizontal ? p.intermediate->data() : source.rgb.data();
        const int done = p.verticalDone, rows = p.height - done;
        parallelFor(rows, threads * kChunksPerThread, [&](int begin, int end) {
            verticalPass(in, p.width, p.out.rgb.data(), p.firstRow, done + begin, done + end,
                         p.vert);
        });
    }
}

} // namespace

struct StagedResize::Plans {
    std::vector<ResizePlan> plans;
    int first = 0, last = 0; // horizontalRows(plans)
};

StagedResize::StagedResize(const RgbImage& source, std::span<const TargetSize> sizes)
    : source_(source), plans_(std::make_unique<Plans>()) {
    if (source.width <= 0 || source.height <= 0 ||
        source.rgb.size() != static_cast<size_t>(source.width) * source.height * 3)
        throw Error("resize: source buffer does not match its size");
    plans_->plans.reserve(sizes.size());
    for (const TargetSize& size : sizes)
        plans_->plans.push_back(makePlan(source, size));
    std::tie(plans_->first, plans_->last) = horizontalRows(plans_->plans);
}

StagedResize::~StagedResize() = default;

int StagedResize::rowGroups() const {
    const int rows = plans_->last - plans_->first;
    return rows > 0 ? (rows + kGroupRows - 1) / kGroupRows : 0;
}

int StagedResize::groupEnd(int group) const {
    return std::min(plans_->last, plans_->first + (group + 1) * kGroupRows);
}

void StagedResize::horizontalGroup(int group) {
    horizontalGroupAt(source_, plans_->plans, plans_->first, plans_->last, group);
}

void StagedResize::verticalUpTo(int groupsDone) {
    if (groupsDone <= 0)
        return;
    const int rowsDone = groupEnd(groupsDone - 1);
    for (ResizePlan& p : plans_->plans) {
        if (!p.horizontal || !p.vertical || p.banded)
            continue;
        // Outputs read source rows first .. first + count - 1 (the VNNI kernel reads no row past
        // the taps), and both ends only grow with the output row.
        int end = p.verticalDone;
        while (end < p.height &&
               p.vert.first[static_cast<size_t>(end)] + p.vert.count[static_cast<size_t>(end)] <=
                   rowsDone)
            ++end;
        verticalPass(p.intermediate->data(), p.width, p.out.rgb.data(), p.firstRow, p.verticalDone,
                     end, p.vert);
        p.verticalDone = end;
    }
}

std::vector<RgbImage> StagedResize::finish(int threads) {
    verticalPasses(source_, plans_->plans, threads);
    std::vector<RgbImage> out;
    out.reserve(plans_->plans.size());
    for (ResizePlan& p : plans_->plans) {
        if (p.horizontal || p.vertical)
            out.push_back(std::move(p.out));
        else
            out.push_back(source_); // same size: Pillow returns a copy
    }
    return out;
}

std::vector<RgbImage> resizeBicubicMany(const RgbImage& source, std::span<const TargetSize> sizes,
                                        int threads) {
    StagedResize resize(source, sizes);
    parallelFor(resize.rowGroups(), threads * kChunksPerThread, [&](int begin, int end) {
        for (int g = begin; g < end; ++g)
            resize.horizontalGroup(g);
    });
    return resize.finish(threads);
}

RgbImage resizeBicubic(const RgbImage& source, int width, int height, int threads) {
    const TargetSize size{height, width};
    return std::move(resizeBicubicMany(source, {&size, 1}, threads).front());
}

} // namespace detail

RgbImage resizeBicubic(const RgbImage& source, int width, int height) {
    return detail::resizeBicubic(source, width, height, facet::hardwareThreads());
}

} // namespace facet::image
