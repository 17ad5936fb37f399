#include "generate/vision_encoder.h"

#include "common/error.h"
#include "generate/bf16.h"
#include "generate/vision_inputs.h"

#include <optional>

namespace facet::generate {

VisionEncoder::VisionEncoder(const ModelSpec& spec, GraphSet& graphs,
                             const model::PthFile& artifacts)
    : spec_(&spec), graphs_(&graphs), inputProj_(artifacts, "patch_embedder.input_proj.weight",
                                                 {spec.visionHidden, image::kPatchValues}),
      positionTable_(artifacts, "patch_embedder.position_embedding_table",
                     {2, spec.positionSize, spec.visionHidden}) {}

std::vector<std::uint16_t> VisionEncoder::encode(const image::PreprocessedImage& img,
                                                 const std::atomic<bool>* stop) {
    const int level = img.level;
    if (spec_->levelIndex(level) < 0) {
        throw Error("detail level " + std::to_string(level) + " is not compiled into " +
                    spec_->dir.string());
    }
    const PatchEmbedderWeights weights{inputProj_.data(), positionTable_.data(),
                                       spec_->visionHidden, image::kPatchValues,
                                       spec_->positionSize};
    const auto cancelled = [] { return device::RunCancelled("vision inputs: cancelled"); };
    // The inputs go into the encoder's own buffers, reused from image to image (see
    // buildVisionInputs); the lock covers them until the graph has copied them in.
    std::lock_guard lock(scratchMutex_);
    VisionInputs& in = scratch_;
    try {
        buildVisionInputs(weights, img.pixelValues, img.positions, spec_->visionHeadDim,
                          spec_->visionRopeTheta, stop, in);
    } catch (const VisionInputsCancelled&) {
        throw cancelled();
    }
    NamedGraph& vision = graphs_->vision(level);
    vision.set("inputs_embeds", in.inputsEmbeds);
    vision.set("pixel_position_ids", img.positions);
    vision.set("attn_mask", in.attnMask);
    vision.set("padding_positions", in.padding);
    vision.set("cos", in.cos);
    vision.set("sin", in.sin);
    vision.run();
    const auto vh = static_cast<std::size_t>(spec_->visionHidden);
    const auto mst = static_cast<std::size_t>(level);
    std::vector<std::uint16_t> hidden(mst * vh);
    std::vector<std::uint8_t> pooler(mst);
    vision.read(0, hidden.data(), hidden.size() * 2);
    vision.read(1, pooler.data(), pooler.size());

    if (stop && stop->load())
        throw cancelled();
    NamedGraph& projector = graphs_->projector(level);
    const auto h = static_cast<std::size_t>(spec_->hidden);
    std::vector<std::uint16_t> out;
    out.reserve(static_cast<std::size_t>(img.softTokens) * h);
    if (spec_->projectorDtype == device::DType::BFloat16) {
        // optimum-rbln 0.12: image_features in the model dtype, so the bf16 hidden states go in
        // as they came out and the bf16 rows come back ready for the scatter (no round trip).
        projector.set("image_features", hidden);
        projector.run();
        std::vector<std::uint16_t> projected(mst * h);
        projector.read(0, projected.data(), projected.size() * 2);
        for (std::size_t r = 0; r < mst; ++r)
            if (pooler[r])
                out.insert(out.end(), projected.begin() + std::ptrdiff_t(r * h),
                           projected.begin() + std::ptrdiff_t((r + 1) * h));
    } else {
        // <= 0.11: hidden.float() in, float32 out, cast to bf16 for the scatter.
        std::vector<float> features(hidden.size()); // all mst rows, valid or not
        for (std::size_t i = 0; i < hidden.size(); ++i)
            features[i] = bf16ToFloat(hidden[i]);
        projector.set("image_features", features);
        projector.run();
        std::vector<float> projected(mst * h);
        projector.read(0, projected.data(), projected.size() * sizeof(float));
        for (std::size_t r = 0; r < mst; ++r) {
            if (!pooler[r])
                continue;
            for (std::size_t c = 0; c < h; ++c)
                out.push_back(floatToBf16(projected[r * h + c]));
        }
    }
    if (out.size() != static_cast<std::size_t>(img.softTokens) * h) {
        throw Error("vision_tower[" + std::to_string(level) + "] marked " +
                    std::to_string(out.size() / h) + " valid rows but the image has " +
                    std::to_string(img.softTokens) + " soft tokens");
    }
    return out;
}

} // namespace facet::generate
