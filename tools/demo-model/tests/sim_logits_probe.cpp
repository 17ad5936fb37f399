// The simulator side of the twin parity test (test_twin_parity.py): runs one image + token
// sequence through the engine's host steps (generate/vision_inputs, text_embedding) and the
// simulator's own model code (vision tower, projector, monolithic reference forward) of a
// model folder, and writes the logits of the last row.
//
//   demo_sim_logits_probe MODEL_DIR IN.bin OUT.bin
// IN.bin (little-endian): int64 level, int64 P, float32 pixels[P*768] (valid patches),
// int64 positions[P*2], int64 T, int64 ids[T] (258880 where image features go).
// OUT.bin: float32 logits[vocab] of row T-1.
#include "common/bf16.h"
#include "common/error.h"
#include "generate/bf16_table.h"
#include "generate/text_embedding.h"
#include "generate/vision_inputs.h"
#include "model/pth_file.h"
#include "sim/reference.h"
#include "sim/sim_file.h"
#include "sim/vision_model.h"

#include <cstdint>
#include <fstream>
#include <iostream>
#include <vector>

namespace {

using namespace facet;

constexpr std::int64_t kImageToken = 258880;

template <class T> std::vector<T> readArray(std::ifstream& in, std::size_t count) {
    std::vector<T> v(count);
    if (!in.read(reinterpret_cast<char*>(v.data()),
                 static_cast<std::streamsize>(count * sizeof(T))))
        throw Error("probe input is truncated");
    return v;
}

std::int64_t readInt(std::ifstream& in) {
    return readArray<std::int64_t>(in, 1).front();
}

int run(const std::filesystem::path& dir, const std::filesystem::path& inPath,
        const std::filesystem::path& outPath) {
    std::ifstream in(inPath, std::ios::binary);
    if (!in)
        throw fileError(inPath, "cannot open");
    const std::int64_t level = readInt(in);
    const auto p = static_cast<std::size_t>(readInt(in));
    auto pixels = readArray<float>(in, p * 768);
    auto positions = readArray<std::int64_t>(in, p * 2);
    const auto t = static_cast<std::size_t>(readInt(in));
    const auto ids = readArray<std::int64_t>(in, t);

    // Pad to the level's patch count as the image processor does (pixels 0, positions -1).
    const auto padded = static_cast<std::size_t>(level) * 9;
    pixels.resize(padded * 768, 0.0f);
    positions.resize(padded * 2, -1);

    const auto visionFile = sim::readSimFile(dir / "vision_tower" / "compiled_model.rbln");
    const auto vision = sim::VisionModel::fromFile(visionFile);
    const auto projector = sim::Projector::fromFile(sim::readSimFile(dir / "compiled_model.rbln"));
    const auto text = sim::loadReferenceModel(dir);
    const auto& vc = vision->config();
    const int hidden = text->config().hidden;

    const auto embedder = model::PthFile::open(dir / "vision_tower" / "torch_artifacts.pth");
    const generate::Bf16Table inputProj(embedder, "patch_embedder.input_proj.weight",
                                        {vc.hidden, 768});
    const generate::Bf16Table positionTable(embedder, "patch_embedder.position_embedding_table",
                                            {2, vc.positionEmbeddingSize, vc.hidden});
    const generate::PatchEmbedderWeights weights{inputProj.data(), positionTable.data(), vc.hidden,
                                                 768, vc.positionEmbeddingSize};
    const auto vi =
        generate::buildVisionInputs(weights, pixels, positions, vc.headDim, vc.ropeTheta);
    std::vector<std::uint16_t> pooled(static_cast<std::size_t>(level * vc.hidden));
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(level));
    vision->run(level,
                {vi.inputsEmbeds.data(), positions.data(), vi.attnMask.data(), vi.padding.data(),
                 vi.cos.data(), vi.sin.data()},
                pooled.data(), mask.data());
    std::vector<float> features(pooled.size());
    for (std::size_t i = 0; i < pooled.size(); ++i)
        features[i] = bf16ToFloat(pooled[i]);
    std::vector<float> projected(static_cast<std::size_t>(level * hidden));
    projector->run(level, features.data(), projected.data());

    const auto lm = model::PthFile::open(dir / "language_model" / "torch_artifacts.pth");
    const generate::Bf16Table table(lm, "embed_tokens.weight", {text->config().vocab, hidden});
    const auto scale = generate::embeddingScaleBf16(hidden);
    const auto h = static_cast<std::size_t>(hidden);
    std::vector<std::uint16_t> embeds(t * h);
    std::size_t slot = 0;
    std::int64_t spanStart = -1, spanLength = 0;
    for (std::size_t i = 0; i < t; ++i) {
        std::uint16_t* row = &embeds[i * h];
        if (ids[i] != kImageToken) {
            generate::scaleEmbeddingRow(table.row(ids[i]), scale, {row, h});
            continue;
        }
        while (slot < mask.size() && !mask[slot])
            ++slot;
        if (slot == mask.size())
            throw Error("more image tokens than valid soft tokens");
        for (std::size_t c = 0; c < h; ++c)
            row[c] = floatToBf16(projected[slot * h + c]);
        ++slot;
        if (spanStart < 0)
            spanStart = static_cast<std::int64_t>(i);
        ++spanLength;
    }
    std::vector<sim::BidirectionalSpan> spans;
    if (spanLength > 0)
        spans.push_back({spanStart, spanLength});
    const std::int64_t last = static_cast<std::int64_t>(t) - 1;
    const auto logits = sim::referenceLogits(*text, embeds, spans, {&last, 1});
    std::ofstream out(outPath, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(logits.data()),
              static_cast<std::streamsize>(logits.size() * sizeof(float)));
    if (!out.flush())
        throw fileError(outPath, "write failed");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: demo_sim_logits_probe MODEL_DIR IN.bin OUT.bin\n";
        return 2;
    }
    try {
        return run(argv[1], argv[2], argv[3]);
    } catch (const std::exception& e) {
        std::cerr << "demo_sim_logits_probe: " << e.what() << "\n";
        return 1;
    }
}
