// JPEG through libjpeg-turbo with Pillow's settings: libjpeg's defaults (ISLOW DCT, fancy
// upsampling), out_color_space RGB / GRAYSCALE / CMYK by component count, CMYK read as
// Adobe-inverted ("CMYK;I") and converted with Pillow's cmyk2rgb. Warnings are ignored as Pillow
// ignores them; running out of data before the last scanline is an error ("image file is
// truncated" in Pillow), running out while only the EOI marker is missing is not.
#include "common/error.h"
#include "image/formats.h"

#include <atomic>
#include <csetjmp>
#include <cstdio>
#include <string>
// clang-format off
#include <jpeglib.h>
// clang-format on

namespace facet::image::detail {
namespace {

struct ErrorManager {
    jpeg_error_mgr pub;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

struct MemorySource {
    jpeg_source_mgr pub;
    const std::uint8_t* data;
    size_t size;
    bool ranOut;
};

const JOCTET kFakeEoi[2] = {0xFF, JPEG_EOI};

void initSource(j_decompress_ptr) {}
void termSource(j_decompress_ptr) {}

boolean fillInputBuffer(j_decompress_ptr cinfo) {
    // Only reached once the whole file has been handed over: remember it and end the stream.
    auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
    src->ranOut = true;
    src->pub.next_input_byte = kFakeEoi;
    src->pub.bytes_in_buffer = 2;
    return TRUE;
}

void skipInputData(j_decompress_ptr cinfo, long count) {
    auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
    while (count > static_cast<long>(src->pub.bytes_in_buffer)) {
        count -= static_cast<long>(src->pub.bytes_in_buffer);
        fillInputBuffer(cinfo);
    }
    src->pub.next_input_byte += count;
    src->pub.bytes_in_buffer -= static_cast<size_t>(count);
}

[[noreturn]] void errorExit(j_common_ptr cinfo) {
    auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
    (*cinfo->err->format_message)(cinfo, err->message);
    std::longjmp(err->jump, 1);
}

void ignoreMessage(j_common_ptr) {}

// Pillow's MULDIV255 and cmyk2rgb (Convert.c), applied after the "CMYK;I" inversion.
inline std::uint8_t mulDiv255(int a, int b) {
    const int t = a * b + 128;
    return static_cast<std::uint8_t>(((t >> 8) + t) >> 8);
}

inline std::uint8_t clip8(int v) {
    return static_cast<std::uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

struct Job {
    Bytes file;
    PixelBytes* samples; // width * height * components
    int width = 0, height = 0, components = 0;
    int rowsBeforeRunningOut = -1;
    std::string error;
    // Streaming (decodeJpegStreaming): `samples` is already sized for streamWidth x streamHeight
    // x 3 and must not move, since another thread reads it; rows done are published here.
    std::atomic<int>* rowsReady = nullptr;
    int streamWidth = 0, streamHeight = 0;
    bool unstreamable = false; // libjpeg's output is not that size after all: nothing decoded
};

// How many scanlines go between two publications of rowsReady: a multiple of the resize's
// 16-row groups (VnniRowGroup::kRows) and of libjpeg's 16-row iMCU rows, large enough that the
// waiting task is woken (a futex call on the decoder's side, and a context switch) a fiftieth
// as often as there are rows in the bench photo, small enough that few groups are left to do
// after the last one.
constexpr int kPublishRows = 64;

// All libjpeg calls live here, with no C++ object that needs destruction between setjmp and the
// longjmp of errorExit.
bool runLibjpeg(Job& job) {
    jpeg_decompress_struct cinfo;
    ErrorManager err;
    MemorySource src;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = errorExit;
    err.pub.output_message = ignoreMessage;
    if (setjmp(err.jump)) {
        job.error = err.message;
        jpeg_destroy_decompress(&cinfo);
        return false;
    }
    jpeg_create_decompress(&cinfo);
    // A safety net under the header-based estimate (decode.cpp): libjpeg stops with "backing
    // store not supported" instead of allocating past the limit.
    cinfo.mem->max_memory_to_use = static_cast<long>(kDecodeMemoryLimit);
    src.pub.init_source = initSource;
    src.pub.fill_input_buffer = fillInputBuffer;
    src.pub.skip_input_data = skipInputData;
    src.pub.resync_to_restart = jpeg_resync_to_restart;
    src.pub.term_source = termSource;
    src.pub.next_input_byte = job.file.data();
    src.pub.bytes_in_buffer = job.file.size();
    src.data = job.file.data();
    src.size = job.file.size();
    src.ranOut = false;
    cinfo.src = &src.pub;

    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = cinfo.num_components == 1   ? JCS_GRAYSCALE
                            : cinfo.num_components == 4 ? JCS_CMYK
                                                        : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    if (src.ranOut)
        job.rowsBeforeRunningOut = 0;
    job.width = static_cast<int>(cinfo.output_width);
    job.height = static_cast<int>(cinfo.output_height);
    job.components = cinfo.output_components;
    if (job.rowsReady &&
        (job.width != job.streamWidth || job.height != job.streamHeight || job.components != 3)) {
        job.unstreamable = true;
        jpeg_destroy_decompress(&cinfo);
        return true;
    }
    const size_t stride = static_cast<size_t>(job.width) * static_cast<size_t>(job.components);
    // Scanlines are decoded straight into the image buffer (no row buffer and copy).
    try {
        job.samples->resize(stride * static_cast<size_t>(job.height));
    } catch (...) {
        jpeg_destroy_decompress(&cinfo);
        throw;
    }
    while (cinfo.output_scanline < cinfo.output_height && job.rowsBeforeRunningOut < 0) {
        const JDIMENSION before = cinfo.output_scanline;
        JSAMPROW row = job.samples->data() + static_cast<size_t>(before) * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
        if (src.ranOut)
            job.rowsBeforeRunningOut = static_cast<int>(before);
        else if (job.rowsReady && (before + 1) % kPublishRows == 0) {
            // Rows [0, before] are final: a truncated file's rows are never published, since
            // running out is noticed on the row that ran out.
            job.rowsReady->store(static_cast<int>(before) + 1, std::memory_order_release);
            job.rowsReady->notify_all();
        }
    }
    if (job.rowsBeforeRunningOut < 0)
        jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return true;
}

// The errors of a finished job, the same for both entry points.
void checkJob(const Job& job, bool ran, const HeaderInfo& header) {
    if (!ran) {
        if (job.error.find(" backing store") != std::string::npos ||
            job.error.find("Backing store") != std::string::npos)
            throw Error("decoding this JPEG needs more memory than the limit of " +
                        std::to_string(kDecodeMemoryLimit >> 20) + " MiB");
        throw Error("corrupt JPEG data (" + job.error + ")");
    }
    if (job.rowsBeforeRunningOut >= 0 && job.rowsBeforeRunningOut < job.height)
        throw Error("truncated JPEG (image data ends at row " +
                    std::to_string(job.rowsBeforeRunningOut) + " of " + std::to_string(job.height) +
                    ")");
    if (job.width != header.width || job.height != header.height)
        throw Error("corrupt JPEG (frame size changed while decoding)");
}

} // namespace

bool decodeJpegStreaming(Bytes file, const HeaderInfo& header, RgbImage& into,
                         std::atomic<int>& rowsReady) {
    Job job;
    job.file = file;
    job.samples = &into.rgb;
    job.rowsReady = &rowsReady;
    job.streamWidth = header.width;
    job.streamHeight = header.height;
    bool streamed = false;
    try {
        const bool ran = runLibjpeg(job);
        if (!job.unstreamable) {
            checkJob(job, ran, header);
            streamed = true;
        }
    } catch (...) {
        rowsReady.store(-1, std::memory_order_release);
        rowsReady.notify_all();
        throw;
    }
    rowsReady.store(streamed ? header.height : -1, std::memory_order_release);
    rowsReady.notify_all();
    return streamed;
}

RgbImage decodeJpeg(Bytes file, const HeaderInfo& header) {
    PixelBytes samples;
    Job job;
    job.file = file;
    job.samples = &samples;
    checkJob(job, runLibjpeg(job), header);
    if (job.components == 3) {
        return {job.width, job.height, std::move(samples)};
    }
    const size_t pixels = static_cast<size_t>(job.width) * static_cast<size_t>(job.height);
    RgbImage out{job.width, job.height, PixelBytes(pixels * 3)};
    if (job.components == 1) {
        for (size_t i = 0; i < pixels; ++i)
            out.rgb[i * 3] = out.rgb[i * 3 + 1] = out.rgb[i * 3 + 2] = samples[i];
    } else {
        for (size_t i = 0; i < pixels; ++i) {
            const std::uint8_t* p = &samples[i * 4];
            const int nk = p[3]; // 255 - (255 - K): the inversion and cmyk2rgb's 255 - K cancel
            for (int c = 0; c < 3; ++c)
                out.rgb[i * 3 + static_cast<size_t>(c)] = clip8(nk - mulDiv255(255 - p[c], nk));
        }
    }
    return out;
}

} // namespace facet::image::detail
