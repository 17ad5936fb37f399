#include "generate/stats_json.h"

namespace facet::generate {

nlohmann::json statsToJson(const Stats& s) {
    nlohmann::json images = nlohmann::json::array();
    for (const ImageStats& i : s.images)
        images.push_back({{"soft_tokens", i.softTokens},
                          {"level", i.level},
                          {"bucket", i.bucket},
                          {"encoding_reused", i.encodingReused},
                          {"tokens_reused", i.tokensReused}});
    nlohmann::json j = {{"prompt_tokens", s.promptTokens},
                        {"image_tokens", s.imageTokens},
                        {"images", images},
                        {"prefill_chunks", s.prefillChunks},
                        {"tokens_prefilled", s.tokensPrefilled},
                        {"reused_tokens", s.reusedTokens},
                        {"kv_positions", s.kvPositions},
                        {"images_reused", s.imagesReused},
                        {"shared_preprocessed_images", s.sharedPreprocessedImages},
                        {"shared_preprocess_ms", s.sharedPreprocessMs},
                        {"generated_tokens", s.generatedTokens},
                        {"ttft_ms", s.ttftMs},
                        {"decode_tokens_per_s", s.decodeTokensPerS},
                        {"total_ms", s.totalMs},
                        {"finish_reason", toString(s.finishReason)}};
    j["stop_token_id"] = s.stopTokenId ? nlohmann::json(*s.stopTokenId) : nlohmann::json(nullptr);
    if (s.remote) {
        j["engine"] = "remote";
        j["server"] = s.remote->server;
        j["served_model"] = s.remote->model;
        j["expected_image_tokens"] = s.imageTokens;
        const auto implied = s.remote->impliedImageTokens;
        j["implied_image_tokens"] = implied ? nlohmann::json(*implied) : nlohmann::json(nullptr);
        j["image_tokens_mismatch"] =
            implied ? nlohmann::json(*implied - s.imageTokens) : nlohmann::json(nullptr);
    }
    return j;
}

} // namespace facet::generate
