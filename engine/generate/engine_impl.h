#pragma once
// What an Engine holds (shared by its sessions): the folder's facts, the graphs on the device,
// the host weights, the tokenizer, the one KV-cache row of the device and who holds it.
#include "generate/engine.h"
#include "generate/graph_set.h"
#include "generate/language_model.h"
#include "generate/model_spec.h"
#include "generate/page_table.h"
#include "generate/prompt_builder.h"
#include "generate/vision_cache.h"
#include "generate/vision_encoder.h"
#include "model/pth_file.h"
#include "text/tokenizer.h"

#include <memory>
#include <optional>

namespace facet::generate {

class EngineImpl {
public:
    EngineImpl(const LoadOptions& options, const std::function<void(const LoadProgress&)>& progress,
               const std::atomic<bool>& stop);

    // Path, level check, soft tokens, bucket and identity (content hash "@" level) of an image;
    // throws facet::Error naming the file.
    // `identity` false leaves the key empty (no file hash: counting needs none).
    [[nodiscard]] ImageEntry describeImage(const ImageInput& input, bool identity = true) const;
    // The request's prompt as Session::generate builds it.
    [[nodiscard]] BuiltPrompt buildPrompt(const Request& request, bool identity = true) const;
    // Engine::preencode (preencode.cpp).
    PreencodeResult preencode(const std::vector<ImageInput>& images, const std::atomic<bool>& stop);

    ModelSpec spec;
    ModelInfo info;
    bool kvReuse = true;
    std::shared_ptr<device::RuntimeLibrary> runtime;
    std::unique_ptr<GraphSet> graphs;
    std::optional<model::PthFile> textArtifacts;
    std::optional<model::PthFile> visionArtifacts;
    std::unique_ptr<LanguageModel> language;
    std::unique_ptr<VisionEncoder> vision;
    std::optional<text::Tokenizer> tokenizer;
    std::unique_ptr<PromptBuilder> prompts;
    std::unique_ptr<PageTable> pageTable;
    ReplyMemory replies;
    VisionCache visionCache{0};
    // The session whose tokens the device cache row holds (batch 1: one at a time).
    const void* cacheOwner = nullptr;
};

} // namespace facet::generate
