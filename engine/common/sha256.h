#pragma once
// SHA-256, computed by OpenSSL's libcrypto (EVP digest: SHA-NI or AVX2 code where the CPU has
// it, and maintained and fuzzed upstream). Fingerprints tensor bytes (tests and `inspect-pth`
// compare them with what PyTorch reports), image contents (the image cache's keys) and stored
// image names.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace facet {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(Sha256&&) noexcept;
    Sha256& operator=(Sha256&&) noexcept;
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(std::span<const std::byte> bytes);
    void update(const void* data, size_t size);
    // Finishes the hash; the object must not be updated afterwards.
    [[nodiscard]] std::array<std::uint8_t, 32> digest();
    [[nodiscard]] std::string hexDigest();

private:
    struct Context;
    std::unique_ptr<Context> context_;
};

// One-shot helper: lowercase hex digest of `bytes`.
[[nodiscard]] std::string sha256Hex(std::span<const std::byte> bytes);

} // namespace facet
