#include "generate/text_embedding.h"

#include "generate/bf16.h"

#include <cmath>

namespace facet::generate {

std::uint16_t embeddingScaleBf16(int hidden) {
    return floatToBf16(static_cast<float>(std::sqrt(static_cast<double>(hidden))));
}

void scaleEmbeddingRow(std::span<const std::uint16_t> row, std::uint16_t scaleBf16,
                       std::span<std::uint16_t> out) {
    const float scale = bf16ToFloat(scaleBf16);
    for (std::size_t c = 0; c < row.size(); ++c)
        out[c] = floatToBf16(bf16ToFloat(row[c]) * scale);
}

} // namespace facet::generate
