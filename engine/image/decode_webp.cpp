// WebP (lossy, lossless, alpha, animated: first frame) with the result of Pillow's _webp, which
// uses libwebp's WebPAnimDecoder with default options: the first frame is a key frame, drawn
// without blending onto a canvas cleared to transparent black, in non-premultiplied RGBA; Pillow's
// convert("RGB") then drops the alpha. Decoding that frame straight into an RGB canvas gives the
// same bytes without the decoder's two RGBA canvases (8 bytes a pixel, 1.4 GB for a 278-byte
// file claiming 16383 x 10922).
#include "common/error.h"
#include "image/formats.h"

#include <memory>
#include <string>
#include <webp/decode.h>
#include <webp/demux.h>

namespace facet::image::detail {

RgbImage decodeWebp(Bytes file, const HeaderInfo& header) {
    const WebPData data{file.data(), file.size()};
    std::unique_ptr<WebPDemuxer, decltype(&WebPDemuxDelete)> demux(WebPDemux(&data),
                                                                   &WebPDemuxDelete);
    if (!demux)
        throw Error("corrupt or truncated WebP container");
    const auto canvasWidth = static_cast<int>(WebPDemuxGetI(demux.get(), WEBP_FF_CANVAS_WIDTH));
    const auto canvasHeight = static_cast<int>(WebPDemuxGetI(demux.get(), WEBP_FF_CANVAS_HEIGHT));
    if (canvasWidth != header.width || canvasHeight != header.height)
        throw Error("corrupt WebP (canvas size differs from the header)");
    WebPIterator frame;
    if (!WebPDemuxGetFrame(demux.get(), 1, &frame))
        throw Error("corrupt or truncated WebP data (no first frame)");
    std::unique_ptr<WebPIterator, decltype(&WebPDemuxReleaseIterator)> release(
        &frame, &WebPDemuxReleaseIterator);
    if (frame.x_offset < 0 || frame.y_offset < 0 || frame.width <= 0 || frame.height <= 0 ||
        frame.x_offset + frame.width > canvasWidth || frame.y_offset + frame.height > canvasHeight)
        throw Error("corrupt WebP (first frame outside the canvas)");
    const size_t stride = static_cast<size_t>(canvasWidth) * 3;
    RgbImage out{canvasWidth, canvasHeight, PixelBytes(stride * static_cast<size_t>(canvasHeight))};
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config))
        throw Error("WebP decoder version mismatch");
    config.output.colorspace = MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out.rgb.data() + static_cast<size_t>(frame.y_offset) * stride +
                                static_cast<size_t>(frame.x_offset) * 3;
    config.output.u.RGBA.stride = static_cast<int>(stride);
    config.output.u.RGBA.size =
        stride * static_cast<size_t>(frame.height - 1) + static_cast<size_t>(frame.width) * 3;
    const VP8StatusCode status = WebPDecode(frame.fragment.bytes, frame.fragment.size, &config);
    WebPFreeDecBuffer(&config.output);
    if (status == VP8_STATUS_NOT_ENOUGH_DATA)
        throw Error("truncated WebP data (first frame cut off)");
    if (status != VP8_STATUS_OK)
        throw Error("corrupt WebP data (first frame does not decode, status " +
                    std::to_string(static_cast<int>(status)) + ")");
    return out;
}

} // namespace facet::image::detail
