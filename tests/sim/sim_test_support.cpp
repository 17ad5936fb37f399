#include "sim_test_support.h"

#include "common/bf16.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace facet::simtest {

std::string optimumRblnLayout() {
    const char* v = std::getenv("FACET_TEST_OPTIMUM_RBLN");
    return v && *v ? std::string(v) : std::string("0.12");
}

sim::SimModelOptions smallOptions() {
    sim::SimModelOptions o;
    o.seed = 7;
    o.levels = {140, 70};
    o.imageBuckets = {};
    o.maxSeqLen = 2048;
    o.partition = 1024;
    o.prefillChunk = 128;
    o.optimumRbln = optimumRblnLayout();
    return o;
}

sim::SimModelOptions writeSmallFolder(const std::filesystem::path& dir) {
    const auto options = smallOptions();
    sim::writeSimModel(dir, options);
    return options;
}

nlohmann::json readJson(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in)
        throw std::runtime_error("cannot open " + file.string());
    return nlohmann::json::parse(in);
}

std::vector<device::TensorInfo> inputsFromConfig(const nlohmann::json& cfg, const std::string& name,
                                                 int index) {
    for (const auto& c : cfg.at("_compile_cfgs")) {
        if (c.at("compiled_model_name") != name)
            continue;
        const auto& info = c.at("input_info");
        // A single-graph file stores one set; a multi-graph file a list of sets.
        const bool multi =
            !info.empty() && info[0].is_array() && !info[0].empty() && info[0][0].is_array();
        return device::parseInputInfo(multi ? info.at(static_cast<size_t>(index)) : info);
    }
    throw std::runtime_error("no compile config named " + name);
}

std::unique_ptr<device::Graph> openGraph(const std::shared_ptr<device::RuntimeLibrary>& runtime,
                                         const std::filesystem::path& folder,
                                         const std::string& relativeFile, const std::string& name,
                                         int index, const std::vector<device::TensorInfo>& inputs) {
    auto model = std::make_shared<device::CompiledModel>(runtime, folder / relativeFile);
    return std::make_unique<device::Graph>(model, name, 0, index,
                                           device::GraphSignature{inputs, {}});
}

std::vector<uint16_t> randomBf16(std::mt19937& rng, size_t count, float scale) {
    std::uniform_real_distribution<float> dist(-scale, scale);
    std::vector<uint16_t> out(count);
    for (auto& v : out)
        v = floatToBf16(dist(rng));
    return out;
}

} // namespace facet::simtest
