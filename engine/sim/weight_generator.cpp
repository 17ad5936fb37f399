#include "sim/weight_generator.h"

#include "common/bf16.h"

namespace facet::sim {

std::vector<uint16_t> generateBf16(uint64_t seed, float scale, uint64_t count) {
    std::vector<uint16_t> out(count);
    for (uint64_t i = 0; i < count; ++i)
        out[i] = floatToBf16(scale * uniformAt(seed, i));
    return out;
}

} // namespace facet::sim
