#pragma once
// The one JSON shape of a request's statistics, shared by `facet-cli ask --json`, the app's
// saved conversations and its reply footer, so every consumer reads the same keys.
#include "generate/engine.h"

#include <nlohmann/json.hpp>

namespace facet::generate {

// Keys: prompt_tokens, image_tokens, images [{soft_tokens, level, bucket}], prefill_chunks,
// tokens_prefilled, reused_tokens, kv_positions, shared_preprocessed_images and
// shared_preprocess_ms (comparisons; 0 otherwise), generated_tokens, ttft_ms, decode_tokens_per_s,
// total_ms, finish_reason (toString(FinishReason)), stop_token_id (null when none).
// Replies from a server add engine ("remote"), server (API base URL), served_model,
// expected_image_tokens (= image_tokens), implied_image_tokens and image_tokens_mismatch
// (implied - expected; both null when the server's usage cannot tell).
[[nodiscard]] nlohmann::json statsToJson(const Stats& stats);

} // namespace facet::generate
