// The model folder's JSON configs: the input is parsed (with the engine's nesting limit) and
// read as rbln_config.json, config.json and generation_config.json, then the bucket rules run on
// what was read. Problems are collected, never thrown; facet::Error is the only exception.
#include "common/error.h"
#include "common/json_text.h"
#include "model/bucket_rules.h"
#include "model/model_config.h"
#include "model/rbln_config.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const nlohmann::json j = facet::parseJson(
            std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        facet::model::Problems problems;
        const auto rbln = facet::model::parseRblnConfig("rbln_config.json", j, problems);
        (void)facet::model::parseModelConfig("config.json", j, problems);
        (void)facet::model::parseGenerationConfig("generation_config.json", j, problems);
        const auto& levels = rbln.visionTower.maxSoftTokens;
        const auto& buckets = rbln.languageModel.imagePrefillChunkSizes;
        if (!levels.empty() && levels.size() < 64 && buckets.size() < 64) {
            (void)facet::model::bucketProblems(levels, buckets, rbln.languageModel.bucketKey);
            for (std::int64_t level : levels)
                (void)facet::model::selectBucket(buckets, level);
        }
    } catch (const facet::Error&) {
    }
    return 0;
}
