#pragma once
// Element types and tensor descriptions of graph inputs and outputs, as rbln_config.json's
// `input_info` writes them ("bfloat16", [1, 128, 2560]).
#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace facet::device {

enum class DType { Float32, BFloat16, Float16, Int64, Int32, Int16, Int8, UInt8, Bool };

[[nodiscard]] size_t dtypeSize(DType type);
// The name input_info uses: "float32", "bfloat16", "int64", "bool", ...
[[nodiscard]] std::string_view dtypeName(DType type);
// Inverse of dtypeName; throws facet::Error for anything else.
[[nodiscard]] DType parseDType(std::string_view name);

// No graph input or output of any real model comes near this (Gemma 4 31B's largest, an
// image-prefill inputs_embeds, is 12 MB); a shape past it is a damaged or crafted file.
inline constexpr int64_t kMaxTensorBytes = int64_t{1} << 36;

struct TensorInfo {
    std::string name;
    DType dtype = DType::Float32;
    std::vector<int64_t> shape;
    size_t bytes = 0;

    // Computes `bytes` from shape and dtype; throws facet::Error for a negative dimension or
    // more than kMaxTensorBytes.
    [[nodiscard]] static TensorInfo make(std::string name, DType dtype, std::vector<int64_t> shape);
    [[nodiscard]] int64_t elementCount() const;
    // "cache_position [1,128] int32"
    [[nodiscard]] std::string describe() const;
};

// True for the static KV-cache entries (`past_key_values_*`) that input_info lists but the
// runtime never takes as inputs (rbln-runtime.md §2).
[[nodiscard]] bool isStaticCacheInput(std::string_view name);

// One input_info set, `[[name, shape, dtype], ...]`, as the runtime sees it: static cache
// entries dropped, order kept. Throws facet::Error describing the malformed entry.
[[nodiscard]] std::vector<TensorInfo> parseInputInfo(const nlohmann::json& inputInfoSet);
// The inverse: the `[[name, shape, dtype], ...]` form.
[[nodiscard]] nlohmann::json toInputInfo(const std::vector<TensorInfo>& tensors);

} // namespace facet::device
