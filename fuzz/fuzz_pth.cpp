// The .pth reader: zip index, restricted unpickler, tensor views. Every tensor it accepts is
// read whole (hash and float conversion), so a view reaching past its storage shows up under
// AddressSanitizer.
#include "common/error.h"
#include "fuzz_input_file.h"
#include "model/pth_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = facet::fuzz::writeInput(data, size, "pth");
    try {
        const auto pth = facet::model::PthFile::open(path);
        for (const facet::model::TensorView& t : pth.tensors()) {
            (void)t.sha256();
            using facet::model::DType;
            const DType d = t.dtype();
            const bool floating = d == DType::BFloat16 || d == DType::Float16 ||
                                  d == DType::Float32 || d == DType::Float64;
            if (floating && t.numel() <= 4096)
                (void)t.toFloats();
        }
    } catch (const facet::Error&) {
    }
    return 0;
}
