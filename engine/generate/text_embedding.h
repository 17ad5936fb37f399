#pragma once
// Gemma4TextScaledWordEmbedding on the host (rbln-host-algorithms §2.2): the bf16 row times a
// bf16 scale bf16(f32(sqrt(H))), rounded once to bf16.
#include <cstdint>
#include <span>

namespace facet::generate {

// bf16 bits of bf16(float32(sqrt(hidden))): 73.5 for H = 5376.
[[nodiscard]] std::uint16_t embeddingScaleBf16(int hidden);

// out[c] = bf16(float(row[c]) * float(scale)) for c < row.size().
void scaleEmbeddingRow(std::span<const std::uint16_t> row, std::uint16_t scaleBf16,
                       std::span<std::uint16_t> out);

} // namespace facet::generate
