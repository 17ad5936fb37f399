#pragma once
// bfloat16 helpers of the engine (engine/common/bf16.h: PyTorch's round-to-nearest-even) plus
// the constants the generation code uses. bf16 values travel as raw uint16_t bit patterns.
#include "common/bf16.h"

#include <cstdint>

namespace facet::generate {

using facet::bf16ToFloat;
using facet::floatToBf16;
using facet::roundToBf16;

inline constexpr std::uint16_t kBf16One = 0x3F80;
inline constexpr std::uint16_t kBf16Zero = 0x0000;

} // namespace facet::generate
