#pragma once
// Access to the goldens written by make_image_goldens.py (manifest.json + raw files).
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace facet::image::testing {

std::filesystem::path dataDir();  // FACET_TEST_DATA_DIR
const nlohmann::json& manifest(); // parsed once
std::filesystem::path imagePath(const std::string& file);
std::vector<std::uint8_t> readGolden(const std::string& file); // from data/golden/
std::uint32_t crc32(std::span<const std::uint8_t> bytes);      // facet::crc32 over bytes

template <typename T> std::uint32_t crc32Of(std::span<const T> values) {
    return crc32({reinterpret_cast<const std::uint8_t*>(values.data()), values.size() * sizeof(T)});
}

// "" when equal, else where and how the byte buffers first differ.
std::string firstDifference(std::span<const std::uint8_t> actual,
                            std::span<const std::uint8_t> expected, int width);

} // namespace facet::image::testing
