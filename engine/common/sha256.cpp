#include "common/sha256.h"

#include "common/error.h"

#include <openssl/evp.h>

namespace facet {

struct Sha256::Context {
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(ctx); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
    // Failures here mean libcrypto itself is broken (out of memory, SHA-256 disabled).
    if (context_->ctx == nullptr || EVP_DigestInit_ex(context_->ctx, EVP_sha256(), nullptr) != 1)
        throw Error("SHA-256: libcrypto could not start a digest");
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(const void* data, size_t size) {
    if (size != 0 && EVP_DigestUpdate(context_->ctx, data, size) != 1)
        throw Error("SHA-256: libcrypto failed to hash");
}

void Sha256::update(std::span<const std::byte> bytes) {
    update(bytes.data(), bytes.size());
}

std::array<std::uint8_t, 32> Sha256::digest() {
    std::array<std::uint8_t, 32> out{};
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(context_->ctx, out.data(), &length) != 1 || length != out.size())
        throw Error("SHA-256: libcrypto failed to finish the digest");
    return out;
}

std::string Sha256::hexDigest() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (std::uint8_t b : digest()) {
        text += kHex[b >> 4];
        text += kHex[b & 15];
    }
    return text;
}

std::string sha256Hex(std::span<const std::byte> bytes) {
    Sha256 hash;
    hash.update(bytes);
    return hash.hexDigest();
}

} // namespace facet
