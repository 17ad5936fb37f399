#pragma once
// The JSON files of a simulator model folder, shaped like the ones optimum-rbln and
// transformers write for Gemma 4 (rbln-runtime.md §1; HF Gemma4Config field names).
#include "device/tensor_info.h"
#include "sim/sim_model_writer.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>

namespace facet::sim {

// Special-token ids looked up by content in tokenizer.json's added_tokens.
struct SpecialTokens {
    int64_t pad = 0, eos = 1, bos = 2, image = -1, boi = -1, eoi = -1, video = -1, audio = -1,
            boa = -1, eoa = -1, endOfTurn = -1, toolResponse = -1;
};
// Throws facet::fileError when the file is unreadable or lacks an image token.
[[nodiscard]] SpecialTokens readSpecialTokens(const std::filesystem::path& tokenizerJson);

// The projector's image_features (and output) dtype of the layout `o.optimumRbln` names:
// float32 up to 0.11; the model dtype, bfloat16, from 0.12 (RBLNGemma4ForConditionalGeneration.
// _update_rbln_config compiles it as rbln_config.dtype).
[[nodiscard]] device::DType projectorDtype(const SimModelOptions& o);

// Per-folder objects: "root" (with nested "vision_tower" and "language_model"), and the two
// submodule objects stored again in vision_tower/ and language_model/.
[[nodiscard]] nlohmann::json rblnConfig(const SimModelOptions& o, const SimModelLayout& l);
[[nodiscard]] nlohmann::json textConfigJson(const SimModelOptions& o, const SpecialTokens& t);
[[nodiscard]] nlohmann::json visionConfigJson(const SimModelOptions& o);
[[nodiscard]] nlohmann::json modelConfigJson(const SimModelOptions& o, const SpecialTokens& t);
[[nodiscard]] nlohmann::json generationConfigJson(const SpecialTokens& t);

} // namespace facet::sim
