// preprocessFile: decoding overlapped with the resize (issue #59). libjpeg-turbo decodes on one
// core (about 54 ms for the 4000 x 3000 bench photo) while the other idles, and the horizontal
// pass of the resize needs only source rows [y0, y1) for its row group: so a second pool task
// resamples each group of 16 rows as soon as the decoder has published them, and the decoder's
// task takes the groups left once the image is decoded. The second task also makes each vertical
// output row once the groups it reads are done, so that after the last scanline only the last
// groups, the vertical rows that read them (on both cores) and patchify are left. The kernels,
// weights and 8-bit intermediates are preprocessLevels', so every output byte is the same.
//
// Only where that is simple and bounded: a JPEG of three components coded in one scan (the
// decoder's output rows are final as they come; a progressive file would first hold its whole
// coefficient buffer), EXIF orientation 1 (rotated rows are not source rows), no banded plan,
// and intermediates and outputs of at most kStreamHeldLimit. Memory: decodeImage +
// preprocessLevels hold the file's bytes and the RGB image while decoding, then the RGB image,
// intermediates and outputs while resizing; here all of them live at once until the last scanline
// (then the bytes are freed), so the peak grows by the smaller of the file's size (a few MB for a
// photo) and that limit. Anything else goes through decodeImage's steps and preprocessLevels
// unchanged.
#include "common/error.h"
#include "common/parallel.h"
#include "image/decode_file.h"
#include "image/preprocess.h"
#include "image/preprocess_levels.h"
#include "image/resample.h"
#include "image/resample_banded.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace facet::image {
namespace {

// The resize's intermediates and outputs are held while the file decodes only up to this: all
// five levels of a 4000 x 3000 photo take at most 57 MiB (the intermediates grow with the source
// height: a 4:3 photo streams all five levels up to about 40 megapixels, one level far beyond).
constexpr std::uint64_t kStreamHeldLimit = std::uint64_t{96} << 20;

bool streamableJpeg(const detail::HeaderInfo& info) {
    return info.format == detail::Format::Jpeg && info.components == 3 && !info.multiScan &&
           info.orientation == 1;
}

// Whether every size takes the ordinary (unbanded) path and what the resize holds while the file
// decodes stays within the limit: each size's output and horizontal result (at most every source
// row at the new width).
bool streamableSizes(const RgbImage& source, const std::vector<TargetSize>& sizes) {
    std::uint64_t held = 0;
    for (const TargetSize& size : sizes) {
        if (detail::needsBands(source, size))
            return false;
        const auto width = static_cast<std::uint64_t>(size.width);
        held += 3 * width * static_cast<std::uint64_t>(size.height);
        if (size.width != source.width && size.height != source.height)
            held += 3 * width * static_cast<std::uint64_t>(source.height);
    }
    return held <= kStreamHeldLimit;
}

// What the two tasks share besides the image: the resize, the next row group to claim, which
// groups are done.
struct OverlappedResize {
    std::optional<detail::StagedResize> resize;
    std::unique_ptr<std::atomic<bool>[]> groupDone;
    std::atomic<int> nextGroup{0};
};

// The horizontal row groups, claimed in order by whichever task is free; each waits until the
// decoder has published its rows. Returns early, leaving groups undone, once the decoder has
// failed (rowsReady -1): the caller throws the decoder's error then. The task that is not the
// decoder (`vertical`) also makes the vertical pass's rows as their source rows' groups are done,
// so that little is left after the last scanline; the decoder's task joins only for the last
// groups and leaves the vertical rows still missing to finish().
void resampleArrivingRows(OverlappedResize& shared, const std::atomic<int>& rowsReady,
                          bool vertical) {
    detail::StagedResize& resize = *shared.resize;
    const int groups = resize.rowGroups();
    int prefix = 0; // groups [0, prefix) are done
    const auto verticalSoFar = [&] {
        const int before = prefix;
        while (prefix < groups && shared.groupDone[prefix].load(std::memory_order_acquire))
            ++prefix;
        if (prefix > before)
            resize.verticalUpTo(prefix);
    };
    for (int g = shared.nextGroup++; g < groups; g = shared.nextGroup++) {
        const int needed = resize.groupEnd(g);
        int ready = rowsReady.load(std::memory_order_acquire);
        while (ready >= 0 && ready < needed) {
            rowsReady.wait(ready, std::memory_order_acquire);
            ready = rowsReady.load(std::memory_order_acquire);
        }
        if (ready < 0)
            return;
        resize.horizontalGroup(g);
        shared.groupDone[g].store(true, std::memory_order_release);
        if (vertical)
            verticalSoFar();
    }
    if (vertical)
        verticalSoFar();
}

} // namespace

std::vector<PreprocessedImage> preprocessFile(const std::filesystem::path& file,
                                              std::span<const int> levels) {
    detail::JudgedFile judged =
        detail::withPath(file, [&] { return detail::readJudgedFile(file); });
    const auto decodeThenPreprocess = [&] {
        const RgbImage decoded =
            detail::withPath(file, [&] { return detail::decodeJudged(std::move(judged)); });
        return preprocessLevels(decoded, levels);
    };
    if (!streamableJpeg(judged.info))
        return decodeThenPreprocess();
    RgbImage source{judged.info.width, judged.info.height, {}};
    std::vector<TargetSize> sizes;
    std::vector<PreprocessedImage> out;
    try {
        out = detail::planLevels(source.width, source.height, levels, sizes);
    } catch (const Error&) {
        // preprocessLevels(decodeImage(file)) reports a decoding error before a level's: let it.
        return decodeThenPreprocess();
    }
    if (!streamableSizes(source, sizes))
        return decodeThenPreprocess();

    source.rgb.resize(static_cast<size_t>(source.width) * static_cast<size_t>(source.height) * 3);
    std::atomic<int> rowsReady{0};
    OverlappedResize shared;
    std::once_flag planned;
    const auto plan = [&] {
        std::call_once(planned, [&] {
            shared.resize.emplace(source, sizes);
            shared.groupDone.reset(
                new std::atomic<bool>[static_cast<size_t>(shared.resize->rowGroups())] {});
        });
    };
    bool streamed = false;
    // Task 0 decodes; task 1 plans the resize (weights, intermediates) and resamples rows as
    // they come, both passes. Tasks are claimed in index order (common/parallel.cpp), so whoever
    // runs task 1 runs it while the decoder runs or after it is done: it never waits for a decoder
    // that no thread is running. With one thread, that thread decodes first and then resizes.
    facet::runOnPool(2, [&](int task) {
        if (task == 0) {
            streamed = detail::withPath(file, [&] {
                return detail::decodeJpegStreaming(judged.bytes, judged.info, source, rowsReady);
            });
            if (!streamed)
                return;
            std::vector<std::uint8_t>().swap(judged.bytes); // decoded: the file is not needed
        }
        plan();
        resampleArrivingRows(shared, rowsReady, task == 1);
    });
    if (!streamed) { // libjpeg's output differed from the header: decodeImage says how
        shared.resize.reset();
        source.rgb = PixelBytes();
        return decodeThenPreprocess();
    }
    const int threads = facet::hardwareThreads();
    std::vector<RgbImage> resized = shared.resize->finish(threads);
    shared.resize.reset();
    source.rgb = PixelBytes();
    detail::patchifyLevels(out, std::move(resized), threads);
    return out;
}

PreprocessedImage preprocessFile(const std::filesystem::path& file, int level) {
    return std::move(preprocessFile(file, {&level, 1}).front());
}

} // namespace facet::image
