#pragma once
// Conversions between float and IEEE half (float16), rounding to nearest-even like PyTorch's
// c10::Half. bfloat16 lives in common/bf16.h.
#include <cstdint>

namespace facet::model {

[[nodiscard]] float halfToFloat(std::uint16_t bits);
[[nodiscard]] std::uint16_t floatToHalf(float value);

} // namespace facet::model
