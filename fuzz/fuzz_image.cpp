// Image decode + preprocess through the public engine/image API (every format: the sniffer
// picks the decoder from the bytes). Errors are facet::Error; anything else is a finding.
#include "common/error.h"
#include "fuzz_input_file.h"
#include "image/image.h"
#include "image/preprocess.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = facet::fuzz::writeInput(data, size, "image");
    try {
        const auto dims = facet::image::probeDimensions(path);
        // Decoding a header that claims a huge (but allowed) size takes seconds under ASan and
        // finds nothing new; the memory limits for those are tested in tests/image.
        if (std::int64_t{dims.width} * dims.height > 262'144)
            return 0;
        const facet::image::RgbImage image = facet::image::decodeImage(path);
        if (image.width != dims.width || image.height != dims.height)
            __builtin_trap(); // probe and decode must agree on the oriented size
        (void)facet::image::preprocess(image, 70);
    } catch (const facet::Error&) {
    }
    return 0;
}
