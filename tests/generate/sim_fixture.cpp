#include "sim_fixture.h"
#include "test_paths.h"

#include "generate/bf16.h"
#include "generate/sampler.h"
#include "sim/reference.h"
#include "sim/sim_model_writer.h"

#include <cstdlib>
#include <fstream>
#include <mutex>

#include <unistd.h>

namespace gentest {

using namespace facet::generate;

std::string optimumRblnLayout() {
    const char* v = std::getenv("FACET_TEST_OPTIMUM_RBLN");
    return v && *v ? std::string(v) : std::string("0.12");
}

std::filesystem::path simModelDir(const std::string& name) {
    static std::once_flag once;
    const std::filesystem::path dir = facet::test::dataDir() / (name + "-" + optimumRblnLayout());
    std::call_once(once, [&] {
        facet::sim::SimModelOptions o;
        o.optimumRbln = optimumRblnLayout();
        o.seed = 3;
        o.levels = {70, 140, 280};
        o.imageBuckets = {};
        o.maxSeqLen = 2048;
        o.partition = 1024;
        facet::sim::writeSimModel(dir, o);
    });
    return dir;
}

std::filesystem::path simModel1120Dir(const std::string& name) {
    static std::once_flag once;
    const std::filesystem::path dir = facet::test::dataDir() / name;
    std::call_once(once, [&] {
        facet::sim::SimModelOptions o;
        o.seed = 3;
        o.levels = {70, 1120};
        o.imageBuckets = {};
        o.maxSeqLen = 4096; // a 1152-token image may not straddle a 1024 partition
        o.partition = 1024;
        facet::sim::writeSimModel(dir, o);
    });
    return dir;
}

std::filesystem::path testImage(int width, int height, int seed) {
    const auto path =
        facet::test::dataDir() / ("img_" + std::to_string(width) + "x" + std::to_string(height) +
                                  "_" + std::to_string(seed) + ".bmp");
    const int stride = (width * 3 + 3) / 4 * 4;
    const std::uint32_t dataSize = std::uint32_t(stride * height);
    std::vector<std::uint8_t> out(54 + dataSize, 0);
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    out[0] = 'B';
    out[1] = 'M';
    put32(2, 54 + dataSize);
    put32(10, 54);
    put32(14, 40);
    put32(18, std::uint32_t(width));
    put32(22, std::uint32_t(height));
    out[26] = 1;
    out[28] = 24;
    put32(34, dataSize);
    std::uint32_t state = std::uint32_t(seed) * 2654435761u + 1;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            state = state * 1664525u + 1013904223u;
            const std::size_t at = 54 + std::size_t(y * stride + x * 3);
            out[at] = std::uint8_t((x * 255) / width);
            out[at + 1] = std::uint8_t((y * 255) / height);
            out[at + 2] = std::uint8_t(state >> 24);
        }
    // Written beside and renamed into place: tests running side by side write the same images,
    // and one must never read another's half-written file.
    std::filesystem::create_directories(path.parent_path());
    const auto partial = path.string() + ".partial-" + std::to_string(getpid());
    std::ofstream(partial, std::ios::binary)
        .write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
    std::filesystem::rename(partial, path);
    return path;
}

void Trace::attach(SessionImpl& session, int hiddenSize) {
    hidden = hiddenSize;
    session.probe.onFed = [this](int start, std::span<const std::int32_t> fedIds,
                                 std::span<const std::uint16_t> fedRows) {
        ids.resize(std::size_t(start));
        embeds.resize(std::size_t(start) * std::size_t(hidden));
        ids.insert(ids.end(), fedIds.begin(), fedIds.end());
        embeds.insert(embeds.end(), fedRows.begin(), fedRows.end());
    };
    session.probe.onLogits = [this](std::span<const std::uint16_t> l) {
        logits.emplace_back(l.begin(), l.end());
        rows.push_back(std::int64_t(ids.size()) - 1);
        sampled.push_back(argmaxBf16(l));
    };
}

float maxReferenceDifference(const Trace& trace, int imageTokenId) {
    static auto model = facet::sim::loadReferenceModel(simModelDir());
    std::vector<facet::sim::BidirectionalSpan> spans;
    for (std::size_t i = 0; i < trace.ids.size(); ++i) {
        if (trace.ids[i] != imageTokenId)
            continue;
        if (i == 0 || trace.ids[i - 1] != imageTokenId)
            spans.push_back({std::int64_t(i), 0});
        ++spans.back().length;
    }
    const std::vector<float> ref =
        facet::sim::referenceLogits(*model, trace.embeds, spans, trace.rows);
    const std::size_t vocab = trace.logits.front().size();
    float worst = 0;
    for (std::size_t r = 0; r < trace.rows.size(); ++r)
        for (std::size_t t = 0; t < vocab; ++t)
            worst = std::max(worst, std::abs(facet::generate::bf16ToFloat(trace.logits[r][t]) -
                                             ref[r * vocab + t]));
    return worst;
}

UserPart text(const std::string& t) {
    return {UserPart::Kind::Text, t, {}};
}
UserPart image(const std::filesystem::path& p, int level) {
    return {UserPart::Kind::Image, {}, {p, level}};
}

} // namespace gentest
