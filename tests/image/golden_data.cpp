#include "golden_data.h"
#include "test_paths.h"

#include "common/crc32.h"

#include <fstream>
#include <stdexcept>

namespace facet::image::testing {

std::filesystem::path dataDir() {
    return facet::test::dataDir();
}

const nlohmann::json& manifest() {
    static const nlohmann::json parsed = [] {
        std::ifstream in(dataDir() / "manifest.json");
        if (!in)
            throw std::runtime_error("goldens missing: run ctest (fixture image_goldens)");
        return nlohmann::json::parse(in);
    }();
    return parsed;
}

std::filesystem::path imagePath(const std::string& file) {
    return dataDir() / "images" / file;
}

std::vector<std::uint8_t> readGolden(const std::string& file) {
    std::ifstream in(dataDir() / "golden" / file, std::ios::binary);
    if (!in)
        throw std::runtime_error("missing golden file " + file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
    return facet::crc32(std::as_bytes(bytes));
}

std::string firstDifference(std::span<const std::uint8_t> actual,
                            std::span<const std::uint8_t> expected, int width) {
    if (actual.size() != expected.size())
        return "size " + std::to_string(actual.size()) + " != " + std::to_string(expected.size());
    size_t count = 0, first = actual.size();
    for (size_t i = 0; i < actual.size(); ++i)
        if (actual[i] != expected[i] && count++ == 0)
            first = i;
    if (count == 0)
        return {};
    const size_t pixel = first / 3;
    return std::to_string(count) +
           " bytes differ; first at x=" + std::to_string(pixel % static_cast<size_t>(width)) +
           " y=" + std::to_string(pixel / static_cast<size_t>(width)) + " channel " +
           std::to_string(first % 3) + ": " + std::to_string(actual[first]) + " vs " +
           std::to_string(expected[first]);
}

} // namespace facet::image::testing
