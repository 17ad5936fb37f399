#include "sim/graph_io.h"

namespace facet::sim {

using device::DType;
using device::TensorInfo;

GraphSpec visionTowerSpec(int64_t mst, int64_t kernel, int64_t vh, int64_t hd) {
    const int64_t p = mst * kernel * kernel;
    return {{TensorInfo::make("inputs_embeds", DType::BFloat16, {1, p, vh}),
             TensorInfo::make("pixel_position_ids", DType::Int64, {1, p, 2}),
             TensorInfo::make("attn_mask", DType::BFloat16, {1, p}),
             TensorInfo::make("padding_positions", DType::Bool, {1, p}),
             TensorInfo::make("cos", DType::BFloat16, {1, p, hd}),
             TensorInfo::make("sin", DType::BFloat16, {1, p, hd})},
            {TensorInfo::make("hidden_states", DType::BFloat16, {1, mst, vh}),
             TensorInfo::make("pooler_mask", DType::Bool, {1, mst})}};
}

GraphSpec projectorSpec(int64_t mst, int64_t vh, int64_t h, DType dtype) {
    return {{TensorInfo::make("image_features", dtype, {1, mst, vh})},
            {TensorInfo::make("image_embeds", dtype, {1, mst, h})}};
}

GraphSpec prefillSpec(int64_t chunk, int64_t h, int64_t msl, int64_t block, int64_t vocab) {
    return {{TensorInfo::make("inputs_embeds", DType::BFloat16, {1, chunk, h}),
             TensorInfo::make("cache_position", DType::Int32, {1, chunk}),
             TensorInfo::make("block_tables", DType::Int16, {msl / block}),
             TensorInfo::make("local_block_tables", DType::Int16, {1}),
             TensorInfo::make("query_position", DType::Int16, {}),
             TensorInfo::make("attention_mask", DType::BFloat16, {1, msl}),
             TensorInfo::make("position_ids", DType::Int32, {1, chunk})},
            {TensorInfo::make("logits", DType::BFloat16, {1, 1, vocab})}};
}

GraphSpec decoderSpec(int64_t batch, int64_t h, int64_t msl, int64_t block, int64_t vocab) {
    return {{TensorInfo::make("inputs_embeds", DType::BFloat16, {batch, 1, h}),
             TensorInfo::make("cache_position", DType::Int32, {batch, 1}),
             TensorInfo::make("block_tables", DType::Int16, {batch, msl / block}),
             TensorInfo::make("local_block_tables", DType::Int16, {batch, 1}),
             TensorInfo::make("attention_mask", DType::BFloat16, {batch, msl}),
             TensorInfo::make("position_ids", DType::Int32, {batch, 1})},
            {TensorInfo::make("logits", DType::BFloat16, {batch, 1, vocab})}};
}

} // namespace facet::sim
