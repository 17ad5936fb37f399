#pragma once
// Element types of tensors stored in torch_artifacts.pth, with the names PyTorch uses both for
// the dtype ("bfloat16") and for the legacy typed-storage class the pickle refers to
// ("BFloat16Storage").
#include <cstddef>
#include <optional>
#include <string_view>

namespace facet::model {

enum class DType { BFloat16, Float16, Float32, Float64, Int64, Int32, Int16, Int8, UInt8, Bool };

// Bytes per element.
[[nodiscard]] size_t dtypeSize(DType type);
// torch's name without the "torch." prefix: "bfloat16", "float32", "int64", ...
[[nodiscard]] std::string_view dtypeName(DType type);
// The class name torch.save writes for a storage of this type: "BFloat16Storage", ...
[[nodiscard]] std::string_view storageClassName(DType type);
// Inverse of storageClassName; nullopt for anything else (that global is then refused).
[[nodiscard]] std::optional<DType> dtypeFromStorageClass(std::string_view className);

} // namespace facet::model
