#pragma once
// SHA-256 (FIPS 180-4). Used to fingerprint tensor bytes so tests and `inspect-pth` can compare
// what the engine reads against what PyTorch reports, without copying large tensors around.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace facet {

class Sha256 {
public:
    Sha256();
    void update(std::span<const std::byte> bytes);
    void update(const void* data, size_t size);
    // Finishes the hash; the object must not be updated afterwards.
    [[nodiscard]] std::array<std::uint8_t, 32> digest();
    [[nodiscard]] std::string hexDigest();

private:
    void compressBlock(const std::uint8_t* block);

    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    size_t buffered_ = 0;
    std::uint64_t totalBytes_ = 0;
};

// One-shot helper: lowercase hex digest of `bytes`.
[[nodiscard]] std::string sha256Hex(std::span<const std::byte> bytes);

} // namespace facet
