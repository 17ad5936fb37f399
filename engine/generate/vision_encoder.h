#pragma once
// One image through the vision path (rbln-host-algorithms §1): host patch embedding, RoPE
// tables and masks; the vision graph of the image's level; the projector in its compiled dtype
// (float32 up to optimum-rbln 0.11, then cast to bf16; bfloat16 from 0.12, passed through);
// rows kept where pooler_mask is set.
#include "generate/bf16_table.h"
#include "generate/graph_set.h"
#include "generate/model_spec.h"
#include "image/preprocess.h"

#include "generate/vision_inputs.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace facet::generate {

class VisionEncoder {
public:
    // `artifacts` is vision_tower/torch_artifacts.pth.
    VisionEncoder(const ModelSpec& spec, GraphSet& graphs, const model::PthFile& artifacts);

    // bf16 [image.softTokens, hidden] features. Throws facet::Error for a level that is not
    // compiled, a runtime failure, or a pooler mask that disagrees with the soft-token count;
    // device::RunCancelled when `stop` is set during the host inputs or (on the simulator, under
    // a device::CancelScope) inside the vision run, and before the projector call.
    [[nodiscard]] std::vector<std::uint16_t> encode(const image::PreprocessedImage& image,
                                                    const std::atomic<bool>* stop = nullptr);

private:
    const ModelSpec* spec_;
    GraphSet* graphs_;
    Bf16Table inputProj_;
    Bf16Table positionTable_;
    std::mutex scratchMutex_;
    VisionInputs scratch_; // the last image's host inputs: buffers kept for the next
};

} // namespace facet::generate
