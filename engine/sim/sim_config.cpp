#include "sim/sim_config.h"

#include "common/error.h"

#include <nlohmann/json.hpp>

namespace facet::sim {

void to_json(nlohmann::json& j, const TextConfig& c) {
    j = {{"hidden", c.hidden},
         {"layers", c.layers},
         {"heads", c.heads},
         {"kv_heads", c.kvHeads},
         {"head_dim", c.headDim},
         {"intermediate", c.intermediate},
         {"vocab", c.vocab},
         {"sliding_window", c.slidingWindow},
         {"sliding", c.sliding},
         {"rope_theta_sliding", c.ropeThetaSliding},
         {"rope_theta_global", c.ropeThetaGlobal},
         {"rms_eps", c.rmsEps},
         {"final_logit_softcap", c.finalLogitSoftcap}};
}

void from_json(const nlohmann::json& j, TextConfig& c) {
    j.at("hidden").get_to(c.hidden);
    j.at("layers").get_to(c.layers);
    j.at("heads").get_to(c.heads);
    j.at("kv_heads").get_to(c.kvHeads);
    j.at("head_dim").get_to(c.headDim);
    j.at("intermediate").get_to(c.intermediate);
    j.at("vocab").get_to(c.vocab);
    j.at("sliding_window").get_to(c.slidingWindow);
    c.sliding = j.at("sliding").get<std::vector<bool>>();
    j.at("rope_theta_sliding").get_to(c.ropeThetaSliding);
    j.at("rope_theta_global").get_to(c.ropeThetaGlobal);
    j.at("rms_eps").get_to(c.rmsEps);
    j.at("final_logit_softcap").get_to(c.finalLogitSoftcap);
}

void to_json(nlohmann::json& j, const VisionConfig& c) {
    j = {{"hidden", c.hidden},
         {"layers", c.layers},
         {"heads", c.heads},
         {"head_dim", c.headDim},
         {"intermediate", c.intermediate},
         {"patch_size", c.patchSize},
         {"pooling_kernel", c.poolingKernel},
         {"position_embedding_size", c.positionEmbeddingSize},
         {"rope_theta", c.ropeTheta},
         {"rms_eps", c.rmsEps}};
}

void from_json(const nlohmann::json& j, VisionConfig& c) {
    j.at("hidden").get_to(c.hidden);
    j.at("layers").get_to(c.layers);
    j.at("heads").get_to(c.heads);
    j.at("head_dim").get_to(c.headDim);
    j.at("intermediate").get_to(c.intermediate);
    j.at("patch_size").get_to(c.patchSize);
    j.at("pooling_kernel").get_to(c.poolingKernel);
    j.at("position_embedding_size").get_to(c.positionEmbeddingSize);
    j.at("rope_theta").get_to(c.ropeTheta);
    j.at("rms_eps").get_to(c.rmsEps);
}

void to_json(nlohmann::json& j, const CacheConfig& c) {
    j = {{"max_seq_len", c.maxSeqLen},
         {"block_size", c.blockSize},
         {"num_blocks", c.numBlocks},
         {"batch_size", c.batchSize}};
}

void from_json(const nlohmann::json& j, CacheConfig& c) {
    j.at("max_seq_len").get_to(c.maxSeqLen);
    j.at("block_size").get_to(c.blockSize);
    j.at("num_blocks").get_to(c.numBlocks);
    j.at("batch_size").get_to(c.batchSize);
}

void validate(const TextConfig& c) {
    if (c.hidden <= 0 || c.layers <= 0 || c.heads <= 0 || c.kvHeads <= 0 || c.headDim <= 0 ||
        c.headDim % 2 != 0 || c.intermediate <= 0 || c.vocab <= 0 || c.slidingWindow <= 0)
        throw Error("text config has a non-positive size or an odd head_dim");
    if (c.heads % c.kvHeads != 0)
        throw Error("text config: heads must be a multiple of kv_heads");
    if (c.sliding.size() != static_cast<size_t>(c.layers))
        throw Error("text config: 'sliding' must list one flag per layer");
}

void validate(const VisionConfig& c) {
    if (c.hidden <= 0 || c.layers <= 0 || c.heads <= 0 || c.headDim <= 0 || c.headDim % 4 != 0 ||
        c.intermediate <= 0 || c.patchSize <= 0 || c.poolingKernel <= 0 ||
        c.positionEmbeddingSize <= 0)
        throw Error("vision config has a non-positive size or a head_dim not divisible by 4");
}

void validate(const CacheConfig& c) {
    if (c.maxSeqLen <= 0 || c.blockSize <= 0 || c.maxSeqLen % c.blockSize != 0)
        throw Error("cache config: max_seq_len must be a positive multiple of block_size");
    if (c.numBlocks <= 0 || c.numBlocks > 32767 || c.batchSize <= 0)
        throw Error("cache config: num_blocks must be in 1..32767 and batch_size positive");
}

} // namespace facet::sim
