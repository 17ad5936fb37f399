// WebP (lossy, lossless, alpha, animated: first frame) through libwebp's WebPAnimDecoder with
// default options (MODE_RGBA, not premultiplied), which is what Pillow's _webp module uses;
// the alpha channel is then dropped as convert("RGB") drops it.
#include "common/error.h"
#include "image/formats.h"

#include <memory>
#include <webp/demux.h>

namespace facet::image::detail {

RgbImage decodeWebp(Bytes file, const HeaderInfo& header) {
    const WebPData data{file.data(), file.size()};
    std::unique_ptr<WebPAnimDecoder, decltype(&WebPAnimDecoderDelete)> decoder(
        WebPAnimDecoderNew(&data, nullptr), &WebPAnimDecoderDelete);
    if (!decoder)
        throw Error("corrupt or truncated WebP data");
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(decoder.get(), &info))
        throw Error("corrupt WebP data (no canvas information)");
    if (static_cast<int>(info.canvas_width) != header.width ||
        static_cast<int>(info.canvas_height) != header.height)
        throw Error("corrupt WebP (canvas size differs from the header)");
    std::uint8_t* rgba = nullptr;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(decoder.get(), &rgba, &timestamp) || rgba == nullptr)
        throw Error("corrupt or truncated WebP data (first frame does not decode)");
    const size_t pixels = static_cast<size_t>(header.width) * static_cast<size_t>(header.height);
    RgbImage out{header.width, header.height, PixelBytes(pixels * 3)};
    for (size_t i = 0; i < pixels; ++i) {
        out.rgb[i * 3] = rgba[i * 4];
        out.rgb[i * 3 + 1] = rgba[i * 4 + 1];
        out.rgb[i * 3 + 2] = rgba[i * 4 + 2];
    }
    return out;
}

} // namespace facet::image::detail
