#pragma once
// Input and output layouts of each graph kind, in the positional order and dtypes of the real
// optimum-rbln Gemma 4 graphs (rbln-runtime.md §2; 26B/31B form: no per_layer_inputs, no LoRA).
#include "device/tensor_info.h"
#include "sim/sim_file.h"

#include <cstdint>

namespace facet::sim {

// Vision tower for one max_soft_tokens value; P = mst · kernel².
[[nodiscard]] GraphSpec visionTowerSpec(int64_t maxSoftTokens, int64_t kernel, int64_t visionHidden,
                                        int64_t visionHeadDim);
// Projector (embed_vision) for one max_soft_tokens value: image_features and the output in
// `dtype`, float32 up to optimum-rbln 0.11, the model dtype (bfloat16) from 0.12.
[[nodiscard]] GraphSpec projectorSpec(int64_t maxSoftTokens, int64_t visionHidden,
                                      int64_t textHidden, device::DType dtype);
// prefill (chunk = prefill_chunk_size) and image_prefill_N (chunk = N).
[[nodiscard]] GraphSpec prefillSpec(int64_t chunk, int64_t textHidden, int64_t maxSeqLen,
                                    int64_t blockSize, int64_t vocab);
// decoder_batch_B.
[[nodiscard]] GraphSpec decoderSpec(int64_t batch, int64_t textHidden, int64_t maxSeqLen,
                                    int64_t blockSize, int64_t vocab);

} // namespace facet::sim
